//! An account as the read model holds it, and its password: hashed, checked, and the rules of a new one.

use argon2::password_hash::{PasswordHasher, PasswordVerifier, phc::PasswordHash};
use serde::Serialize;
use utoipa::ToSchema;

use super::invalid;
use crate::email::Email;
use crate::error::{ApiError, db};
use crate::state::AppState;

/// A user as the API shows it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = User)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub institute_name: Option<String>,
    pub is_verified: bool,
    pub email_verified: bool,
}

/// An account as the read model holds it.
pub struct Account {
    pub view: UserView,
    pub password_hash: String,
}

fn account_from(row: quizroom_projections::user::read::AccountRow) -> Account {
    let verified = row.verified != 0;
    Account {
        view: UserView {
            id: row.user_id,
            first_name: row.first_name,
            last_name: row.last_name,
            email: row.email,
            institute_name: row.institute_name,
            is_verified: verified,
            email_verified: verified,
        },
        password_hash: row.password_hash,
    }
}

/// The account of `email` as typed (none when it is not an address).
pub async fn account_by_email(state: &AppState, email: &str) -> Result<Option<Account>, ApiError> {
    let Ok(email) = Email::parse(email) else { return Ok(None) };
    Ok(quizroom_projections::user::read::by_email(state.store.pool(), email.as_str()).await.map_err(db)?.map(account_from))
}

pub async fn account_by_id(state: &AppState, user_id: &str) -> Result<Option<Account>, ApiError> {
    Ok(quizroom_projections::user::read::by_id(state.store.pool(), user_id).await.map_err(db)?.map(account_from))
}

pub(super) async fn hash_password(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || argon2::Argon2::default().hash_password(password.as_bytes()).map(|h| h.to_string()))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)
}

/// Whether `password` matches `hash`. With no hash (unknown e-mail) a dummy is checked, so the
/// answer takes as long either way and does not tell whether the account exists.
pub(super) async fn password_matches(password: String, hash: Option<String>) -> Result<bool, ApiError> {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let known = hash.is_some();
    let hash = match hash {
        Some(h) => h,
        None => DUMMY.get_or_init(|| argon2::Argon2::default().hash_password(b"not a real password").expect("hashing works").to_string()).clone(),
    };
    let matches =
        tokio::task::spawn_blocking(move || PasswordHash::new(&hash).is_ok_and(|h| argon2::Argon2::default().verify_password(password.as_bytes(), &h).is_ok()))
            .await
            .map_err(ApiError::internal)?;
    Ok(known && matches)
}

/// The longest password accepted, in characters.
const MAX_PASSWORD: usize = 1024;

/// A new password: present, 8 to 1,024 characters (hashing a longer one is work for nothing).
pub(super) fn check_password(password: &str, field: &'static str, missing: &'static str, short: &'static str) -> Result<(), ApiError> {
    let length = password.chars().count();
    if password.is_empty() {
        return Err(invalid(field, missing));
    }
    if length < 8 {
        return Err(invalid(field, short));
    }
    if length > MAX_PASSWORD {
        return Err(invalid(field, format!("Password must be at most {MAX_PASSWORD} characters")));
    }
    Ok(())
}
