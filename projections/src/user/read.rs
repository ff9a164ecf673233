//! Reads of `user_account`.

use sqlx::AnyPool;

/// An account as the read model has it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AccountRow {
    pub user_id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub institute_name: Option<String>,
    /// 1 once the e-mail is verified.
    pub verified: i64,
    pub password_hash: String,
}

const COLUMNS: &str = "user_id, first_name, last_name, email, institute_name, verified, password_hash";

/// The account of the (normalised) e-mail `email`.
pub async fn by_email(pool: &AnyPool, email: &str) -> Result<Option<AccountRow>, sqlx::Error> {
    let sql = format!("select {COLUMNS} from user_account where email = $1");
    sqlx::query_as::<_, AccountRow>(sqlx::AssertSqlSafe(sql)).bind(email).fetch_optional(pool).await
}

pub async fn by_id(pool: &AnyPool, user_id: &str) -> Result<Option<AccountRow>, sqlx::Error> {
    let sql = format!("select {COLUMNS} from user_account where user_id = $1");
    sqlx::query_as::<_, AccountRow>(sqlx::AssertSqlSafe(sql)).bind(user_id).fetch_optional(pool).await
}

/// What every signed-in call checks: whether the e-mail is verified, and from when (ms) sessions
/// are valid (a password reset or "sign out everywhere" moves it).
#[derive(Debug, Clone, Copy, sqlx::FromRow)]
pub struct SessionRow {
    pub verified: i64,
    pub sessions_from: i64,
}

pub async fn session(pool: &AnyPool, user_id: &str) -> Result<Option<SessionRow>, sqlx::Error> {
    sqlx::query_as::<_, SessionRow>("select verified, sessions_from from user_account where user_id = $1").bind(user_id).fetch_optional(pool).await
}

/// Whether `user_id` is an organisation-wide auditor now.
pub async fn is_auditor(pool: &AnyPool, user_id: &str) -> Result<bool, sqlx::Error> {
    let auditor: Option<i64> = sqlx::query_scalar("select auditor from user_account where user_id = $1").bind(user_id).fetch_optional(pool).await?;
    Ok(auditor == Some(1))
}
