//! Sessions: signing in with e-mail and password, the signed-in user, and ending every session
//! of an account.

use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use quizroom_domain::StreamId;
use quizroom_domain::user::{User, UserCommand};
use serde::Deserialize;
use utoipa::ToSchema;

use super::account::{account_by_email, account_by_id, password_matches};
use super::codes::code_refused;
use super::{AuthResponse, MessageResponse, UserResponse, invalid};
use crate::client::Client;
use crate::commands::{decide_and_commit, metadata};
use crate::email::{Email, EmailError};
use crate::error::{ApiError, ApiJson};
use crate::input::email_schema;
use crate::limits::{self, Kind, SIGN_IN_ADDRESS, SIGN_IN_PAIR};
use crate::openapi::ErrorBody;
use crate::state::AppState;
use crate::tokens::Session;

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
pub struct SignInRequest {
    #[schema(required, schema_with = email_schema)]
    email: String,
    #[schema(required, min_length = 1)]
    password: String,
}

fn too_many_sign_ins(wait: Duration) -> ApiError {
    ApiError::held_back("too_many_attempts", "Too many sign-in attempts", wait)
}

/// Signs in with e-mail and password; failed tries are limited per e-mail and per client address.
#[utoipa::path(post, path = "/auth/signin", tag = "auth", request_body = SignInRequest, responses(
    (status = 200, description = "Signed in", body = AuthResponse),
    (status = 400, description = "A field is missing or invalid", body = ErrorBody),
    (status = 401, description = "Invalid credentials", body = ErrorBody),
    (status = 429, description = "Too many failed sign-ins; `Retry-After` says when to try again", body = ErrorBody,
        headers(("Retry-After" = u64, description = "Seconds to wait"))),
))]
pub(super) async fn sign_in(State(state): State<AppState>, client: Client, ApiJson(body): ApiJson<SignInRequest>) -> Result<Json<AuthResponse>, ApiError> {
    let email = Email::parse(&body.email).map_err(|e| match e {
        EmailError::Empty => invalid("email", "Email is required"),
        EmailError::Invalid => invalid("email", "Please enter a valid email"),
    })?;
    let email = email.as_str();
    if body.password.is_empty() {
        return Err(invalid("password", "Password is required"));
    }
    // Per account and client address (the owner elsewhere is never held back) and per address.
    let keys =
        vec![(format!("sign-in:{email}:{}", client.network), &SIGN_IN_PAIR, Kind::Owner), (client.address_key("sign-in"), &SIGN_IN_ADDRESS, Kind::Shared)];
    let attempt = limits::enter(&state.store, keys, state.clock.now_ms()).await?.map_err(too_many_sign_ins)?;
    let account = account_by_email(&state, email).await?;
    let hash = account.as_ref().map(|a| a.password_hash.clone());
    if !password_matches(body.password, hash).await? {
        attempt.failed(&state.store).await?;
        return Err(ApiError::new(StatusCode::UNAUTHORIZED, "invalid_credentials", "Invalid credentials"));
    }
    attempt.succeeded(&state.store).await?;
    let account = account.expect("a matching password has an account");
    Ok(Json(AuthResponse { token: state.keys.issue(&account.view.id, state.clock.now_ms()), user: account.view }))
}

/// Ends every session of the caller's account, on every device and every node; the caller signs
/// in again.
#[utoipa::path(post, path = "/auth/signout-all", operation_id = "signOutEverywhere", tag = "auth", security(("bearer" = [])), responses(
    (status = 200, description = "Every session of the account ended", body = MessageResponse),
))]
pub(super) async fn sign_out_everywhere(State(state): State<AppState>, caller: Session) -> Result<Json<MessageResponse>, ApiError> {
    let meta = metadata(&caller.user_id, "signout-all");
    let stream = StreamId::<User>::new(&caller.user_id);
    let command = || UserCommand::EndSessions { now: state.clock.now_ms() };
    crate::retrying!(decide_and_commit::<User>(&state.store, &stream, &meta, command()))?.map_err(code_refused)?;
    Ok(Json(MessageResponse { message: "Signed out on every device" }))
}

/// The signed-in user.
#[utoipa::path(get, path = "/auth/me", tag = "auth", security(("bearer" = [])), responses(
    (status = 200, description = "The caller", body = UserResponse),
))]
pub(super) async fn get_me(State(state): State<AppState>, caller: Session) -> Result<Json<UserResponse>, ApiError> {
    let account = account_by_id(&state, &caller.user_id)
        .await?
        .ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, "invalid_token", "Invalid authentication token"))?;
    Ok(Json(UserResponse { user: account.view }))
}
