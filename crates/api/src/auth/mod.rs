//! Accounts: sign-up, e-mail verification, sign-in, password reset, and the current user.
//!
//! The user's own events live in `user-{uuid}`; sign-in and `me` read the `user_account` read
//! model. Codes are e-mailed through the outbox in the same transaction as their event.
//!
//! By concern: [`account`] (an account as the read model holds it, and passwords), [`codes`] (the
//! e-mailed codes: sending one, trying one), [`sign_up`], [`verification`] (verifying the address,
//! sending a new code), [`sessions`] (sign-in, the signed-in user, signing out everywhere) and
//! [`password_reset`].

mod account;
mod codes;
mod password_reset;
mod sessions;
mod sign_up;
mod verification;

use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use account::{Account, UserView, account_by_email, account_by_id};

use crate::error::ApiError;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_up::sign_up))
        .routes(routes!(sessions::sign_in))
        .routes(routes!(verification::verify_email))
        .routes(routes!(verification::resend_verification))
        .routes(routes!(password_reset::forgot_password))
        .routes(routes!(password_reset::reset_password))
        .routes(routes!(sessions::get_me))
        .routes(routes!(sessions::sign_out_everywhere))
}

fn invalid(field: &'static str, message: impl Into<String>) -> ApiError {
    ApiError::bad_request("invalid_input", message).with_details(json!({ "field": field }))
}

/// A session: the bearer token and its user.
#[derive(Serialize, ToSchema)]
pub struct AuthResponse {
    token: String,
    user: UserView,
}

/// The user of a call.
#[derive(Serialize, ToSchema)]
pub struct UserResponse {
    user: UserView,
}

/// What happened, for people.
#[derive(Serialize, ToSchema)]
pub struct MessageResponse {
    message: &'static str,
}
