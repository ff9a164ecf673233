//! Reads of `wallet` and `wallet_entry`.

use sqlx::AnyPool;

/// The balance of `user_id` (0 without a wallet).
pub async fn balance(pool: &AnyPool, user_id: &str) -> Result<i64, sqlx::Error> {
    Ok(sqlx::query_scalar::<_, i64>("select balance from wallet where user_id = $1").bind(user_id).fetch_optional(pool).await?.unwrap_or(0))
}

/// One line of a wallet's history.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EntryRow {
    pub kind: String,
    pub amount: i64,
    pub balance_after: i64,
    pub reason: String,
    pub recorded_at: i64,
}

/// The latest `limit` lines of `user_id`'s history, newest first.
pub async fn history(pool: &AnyPool, user_id: &str, limit: i64) -> Result<Vec<EntryRow>, sqlx::Error> {
    sqlx::query_as::<_, EntryRow>(
        "select kind, amount, balance_after, reason, recorded_at from wallet_entry where user_id = $1 \
         order by global_position desc limit $2",
    )
    .bind(user_id)
    .bind(limit)
    .fetch_all(pool)
    .await
}
