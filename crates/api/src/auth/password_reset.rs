//! Resetting a forgotten password: a code is mailed, and the code sets a new password (which
//! verifies the address and ends every earlier session).

use axum::Json;
use axum::extract::State;
use quizroom_domain::user::{UserCommand, UserEvent};
use serde::Deserialize;
use utoipa::ToSchema;

use super::account::{account_by_email, check_password, hash_password};
use super::codes::{EmailRequest, PASSWORD_RESET, check_code_shape, code_refused, code_try, decide_user, send_code_behind, wrong_code};
use super::{MessageResponse, invalid};
use crate::client::Client;
use crate::commands::metadata;
use crate::email::{Email, EmailError};
use crate::error::{ApiError, ApiJson};
use crate::input::{code_schema, email_schema};
use crate::limits;
use crate::openapi::ErrorBody;
use crate::state::AppState;

/// Sends a password reset code (the same answer, at once, whether or not the address has an account).
#[utoipa::path(post, path = "/auth/forgot-password", tag = "auth", request_body = EmailRequest, responses(
    (status = 200, description = "A code was sent, if the address has an account", body = MessageResponse),
    (status = 400, description = "Not an e-mail address", body = ErrorBody),
))]
pub(super) async fn forgot_password(State(state): State<AppState>, ApiJson(body): ApiJson<EmailRequest>) -> Result<Json<MessageResponse>, ApiError> {
    let email = Email::parse(&body.email).map_err(|e| match e {
        EmailError::Empty => invalid("email", "Please enter your email address"),
        EmailError::Invalid => invalid("email", "Please enter a valid email address"),
    })?;
    let answer = MessageResponse { message: "If an account exists for this email, a verification code has been sent to it." };
    if let Some(account) = account_by_email(&state, email.as_str()).await? {
        send_code_behind(&state, account, PASSWORD_RESET);
    }
    Ok(Json(answer))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ResetRequest {
    #[schema(required, schema_with = email_schema)]
    email: String,
    /// The 6-digit code from the mail.
    #[schema(required, schema_with = code_schema)]
    code: String,
    /// At least 8 characters.
    #[schema(required, min_length = 8, max_length = 1024)]
    new_password: String,
}

/// Sets a new password with the code from the mail. The code reached the address, so an
/// unverified address becomes verified (how its owner takes back an address someone else signed
/// up with: decision 0021), and every earlier session of the account ends.
#[utoipa::path(post, path = "/auth/reset-password", tag = "auth", request_body = ResetRequest, responses(
    (status = 200, description = "The password was reset; earlier sessions ended", body = MessageResponse),
    (status = 400, description = "The code is not 6 digits, or the password is too short or too long", body = ErrorBody),
    (status = 422, description = "The code is wrong, expired or unknown", body = ErrorBody),
    (status = 429, description = "Too many wrong codes; `Retry-After` says when to try again", body = ErrorBody,
        headers(("Retry-After" = u64, description = "Seconds to wait"))),
))]
pub(super) async fn reset_password(
    State(state): State<AppState>,
    client: Client,
    ApiJson(body): ApiJson<ResetRequest>,
) -> Result<Json<MessageResponse>, ApiError> {
    let code = body.code.trim();
    check_code_shape(code)?;
    check_password(&body.new_password, "newPassword", "Please enter a new password", "Password must be at least 8 characters long")?;
    let email = Email::parse(&body.email).map_err(|_| invalid("email", "Please enter a valid email address"))?;
    let attempt = code_try(&state, &email, &client).await?;
    // Hashed before the account is looked up: a known address takes as long as an unknown one.
    let password_hash = hash_password(body.new_password).await?;
    let Some(account) = account_by_email(&state, email.as_str()).await? else {
        attempt.failed(&state.store).await?;
        return Err(wrong_code());
    };
    let user_id = account.view.id.clone();
    let meta = metadata(&user_id, "reset-password");
    let code_hash = state.keys.hash_code(&user_id, PASSWORD_RESET, code);
    let command = || UserCommand::ResetPassword { code_hash: code_hash.clone(), password_hash: password_hash.clone(), now: state.clock.now_ms() };
    let decided = crate::retrying!(decide_user(&state, &user_id, &meta, command()))?.map_err(code_refused)?;
    if !decided.events.iter().any(|e| matches!(e, UserEvent::PasswordReset { .. })) {
        attempt.failed(&state.store).await?;
        return Err(wrong_code());
    }
    attempt.succeeded(&state.store).await?;
    limits::forget(&state.store, &format!("sign-in:{email}:")).await?;
    Ok(Json(MessageResponse { message: "Password reset successful. Please login with your new password." }))
}
