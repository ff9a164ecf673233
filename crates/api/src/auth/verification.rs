//! Verifying an address with its mailed code (which grants the welcome tokens), and sending a new
//! code.

use axum::Json;
use axum::extract::State;
use quizroom_domain::user::{UserCommand, UserEvent};
use serde::Deserialize;
use utoipa::ToSchema;

use super::account::{account_by_email, account_by_id};
use super::codes::{EmailRequest, VERIFICATION, check_code_shape, code_refused, code_try, decide_user, send_code_behind, wrong_code};
use super::{MessageResponse, UserResponse, invalid};
use crate::client::Client;
use crate::commands::metadata;
use crate::email::Email;
use crate::error::{ApiError, ApiJson};
use crate::input::{code_schema, email_schema};
use crate::openapi::ErrorBody;
use crate::state::AppState;

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
pub struct VerifyRequest {
    #[schema(required, schema_with = email_schema)]
    email: String,
    /// The 6-digit code from the mail.
    #[schema(required, schema_with = code_schema)]
    code: String,
}
/// Verifies the e-mail with the code; the welcome tokens are granted with it. A wrong code, an
/// unknown address and an address that is already verified get the same answer, so the call
/// tells nothing about an address to someone who does not hold its code.
#[utoipa::path(post, path = "/auth/verify", tag = "auth", request_body = VerifyRequest, responses(
    (status = 200, description = "Verified", body = UserResponse),
    (status = 400, description = "The code is not 6 digits", body = ErrorBody),
    (status = 422, description = "The code is wrong or unknown (`invalid_code`: also for an unknown or already verified address), or expired", body = ErrorBody),
    (status = 429, description = "Too many wrong codes; `Retry-After` says when to try again", body = ErrorBody,
        headers(("Retry-After" = u64, description = "Seconds to wait"))),
))]
pub(super) async fn verify_email(State(state): State<AppState>, client: Client, ApiJson(body): ApiJson<VerifyRequest>) -> Result<Json<UserResponse>, ApiError> {
    let code = body.code.trim();
    check_code_shape(code)?;
    let email = Email::parse(&body.email).map_err(|_| invalid("email", "Please enter a valid email"))?;
    let guard = code_try(&state, &email, &client).await?;
    let account = account_by_email(&state, email.as_str()).await?.filter(|a| !a.view.is_verified);
    let Some(account) = account else {
        guard.failed(&state.store).await?;
        return Err(wrong_code());
    };
    let user_id = account.view.id.clone();
    let meta = metadata(&user_id, "verify");
    let code_hash = state.keys.hash_code(&user_id, VERIFICATION, code);
    let command = || UserCommand::Verify { code_hash: code_hash.clone(), now: state.clock.now_ms() };
    let decided = crate::retrying!(decide_user(&state, &user_id, &meta, command()))?.map_err(code_refused)?;
    if !decided.events.iter().any(|e| matches!(e, UserEvent::EmailVerified { .. })) {
        guard.failed(&state.store).await?;
        return Err(wrong_code());
    }
    guard.succeeded(&state.store).await?;
    let account = account_by_id(&state, &user_id).await?.ok_or_else(|| ApiError::internal("the account is missing"))?;
    Ok(Json(UserResponse { user: account.view }))
}
/// Sends a new verification code. Every address gets the same answer at once (unknown, verified,
/// or asked too soon), so this call does not tell who has an account.
#[utoipa::path(post, path = "/auth/resend-verification", tag = "auth", request_body = EmailRequest, responses(
    (status = 200, description = "A new code was sent, if the address has an unverified account and the last code is a minute old", body = MessageResponse),
    (status = 400, description = "Not an e-mail address", body = ErrorBody),
))]
pub(super) async fn resend_verification(State(state): State<AppState>, ApiJson(body): ApiJson<EmailRequest>) -> Result<Json<MessageResponse>, ApiError> {
    let email = Email::parse(&body.email).map_err(|_| invalid("email", "Please enter a valid email"))?;
    let sent = MessageResponse { message: "A new verification code has been sent to your email" };
    if let Some(account) = account_by_email(&state, email.as_str()).await?.filter(|a| !a.view.is_verified) {
        send_code_behind(&state, account, VERIFICATION);
    }
    Ok(Json(sent))
}
