//! Reads of `quiz_join`.

use sqlx::AnyPool;

/// Whether the player joined the quiz by its code, or has an attempt on it (an attempt started
/// before joins were recorded counts as a join).
pub async fn has_joined(pool: &AnyPool, category_id: i64, user_id: &str) -> Result<bool, sqlx::Error> {
    sqlx::query(
        "select 1 from quiz_join where category_id = $1 and user_id = $2 \
         union all select 1 from attempt where category_id = $1 and user_id = $2 limit 1",
    )
    .bind(category_id)
    .bind(user_id)
    .fetch_optional(pool)
    .await
    .map(|row| row.is_some())
}
