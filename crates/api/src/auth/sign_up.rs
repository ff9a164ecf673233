//! Signing up: the account is created unverified and its verification code is mailed; an address
//! that already has an account is answered alike and its owner warned by mail.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use quizroom_domain::StreamId;
use quizroom_domain::user::{User, UserCommand};
use quizroom_eventstore::StoreError;
use serde::Deserialize;
use utoipa::ToSchema;

use super::account::{account_by_email, account_by_id, check_password, hash_password};
use super::codes::{VERIFICATION, code_mail, code_refused};
use super::{AuthResponse, UserView, invalid};
use crate::commands::{decide_in, metadata};
use crate::email::{Email, EmailError};
use crate::error::{ApiError, ApiJson};
use crate::input::{email_schema, has_control, name_schema, plain_text_schema};
use crate::limits::{self, Kind, Rule};
use crate::mail;
use crate::openapi::ErrorBody;
use crate::state::AppState;
use crate::tokens::new_code;

#[derive(Deserialize, Default, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SignUpRequest {
    /// At most 50 characters, no control characters.
    #[schema(required, schema_with = first_name_schema)]
    first_name: String,
    /// At most 50 characters, no control characters.
    #[schema(required, schema_with = last_name_schema)]
    last_name: String,
    #[schema(required, schema_with = email_schema)]
    email: String,
    /// 8 to 1,024 characters.
    #[schema(required, min_length = 8, max_length = 1024)]
    password: String,
    /// At most 100 characters, no control characters.
    #[schema(schema_with = institute_schema)]
    institute_name: Option<String>,
}

/// The longest name and institute accepted, in characters.
const MAX_NAME: usize = 50;
const MAX_INSTITUTE: usize = 100;

fn first_name_schema() -> utoipa::openapi::schema::Object {
    name_schema(MAX_NAME)
}

fn last_name_schema() -> utoipa::openapi::schema::Object {
    name_schema(MAX_NAME)
}

fn institute_schema() -> utoipa::openapi::schema::Object {
    plain_text_schema(MAX_INSTITUTE)
}

/// A name or institute as typed: trimmed; too long or holding a control character is refused.
fn checked_text(text: &str, field: &'static str, label: &str, most: usize) -> Result<String, ApiError> {
    if text.chars().count() > most {
        return Err(invalid(field, format!("{label} must be at most {most} characters")));
    }
    if has_control(text) {
        return Err(invalid(field, format!("{label} must not contain control characters")));
    }
    Ok(text.trim().to_owned())
}

/// Signs up: the account is created unverified and a 6-digit code is e-mailed. An address that
/// already has an account is answered alike (nothing is created; its owner is mailed a warning),
/// so the answer never tells whether an address has an account.
#[utoipa::path(post, path = "/auth/signup", tag = "auth", request_body = SignUpRequest, responses(
    (status = 201, description = "Signed up; a verification code was e-mailed (or, for an address that has an account, its owner was warned by mail)", body = AuthResponse),
    (status = 400, description = "A field is missing or invalid (`details.field` names it)", body = ErrorBody),
))]
pub(super) async fn sign_up(State(state): State<AppState>, ApiJson(body): ApiJson<SignUpRequest>) -> Result<(StatusCode, Json<AuthResponse>), ApiError> {
    let first_name = checked_text(&body.first_name, "firstName", "First name", MAX_NAME)?;
    let last_name = checked_text(&body.last_name, "lastName", "Last name", MAX_NAME)?;
    let email = Email::parse(&body.email);
    if first_name.is_empty() {
        return Err(invalid("firstName", "First name is required"));
    }
    if last_name.is_empty() {
        return Err(invalid("lastName", "Last name is required"));
    }
    let email = email.map_err(|e| match e {
        EmailError::Empty => invalid("email", "Email is required"),
        EmailError::Invalid => invalid("email", "Please enter a valid email"),
    })?;
    check_password(&body.password, "password", "Password is required", "Password must be at least 8 characters")?;
    let institute_name = match &body.institute_name {
        Some(text) => Some(checked_text(text, "instituteName", "Institute name", MAX_INSTITUTE)?).filter(|s| !s.is_empty()),
        None => None,
    };
    // Hashed before the address is looked up: a taken address takes as long as a new one.
    let password_hash = hash_password(body.password).await?;
    let user_id = uuid::Uuid::new_v4().to_string();
    let now = state.clock.now_ms();
    // A taken address is answered as a new one, and its owner is told by mail (decision 0034).
    let unsaved = UserView {
        id: user_id.clone(),
        first_name: first_name.clone(),
        last_name: last_name.clone(),
        email: email.to_string(),
        institute_name: institute_name.clone(),
        is_verified: false,
        email_verified: false,
    };
    if account_by_email(&state, email.as_str()).await?.is_some() {
        return address_taken(&state, &email, unsaved).await;
    }
    let code = new_code();
    let stream = StreamId::<User>::new(&user_id);
    let meta = metadata(&user_id, "signup");
    let command = UserCommand::SignUp {
        first_name,
        last_name,
        email: email.to_string(),
        institute_name,
        password_hash,
        code_hash: state.keys.hash_code(&user_id, VERIFICATION, &code),
        now,
    };
    let mut tx = state.store.begin_write().await?;
    match decide_in::<User>(&state.store, &mut tx, &stream, &meta, command).await {
        Ok(Ok(_)) => {}
        Ok(Err(e)) => return Err(code_refused(e)),
        // The unique index on e-mail: someone signed up with it a moment ago.
        Err(e) if e.conflicting_constraint().is_some() => {
            drop(tx);
            return address_taken(&state, &email, unsaved).await;
        }
        Err(e) => return Err(e.into()),
    }
    let (subject, text) = code_mail(VERIFICATION, &code);
    mail::enqueue(&mut tx, email.as_str(), subject, &text, now).await.map_err(StoreError::from)?;
    tx.commit().await.map_err(StoreError::from)?;
    state.store.committed();
    state.mailer.wake();
    let account = account_by_id(&state, &user_id).await?.ok_or_else(|| ApiError::internal("the new account is missing"))?;
    Ok((StatusCode::CREATED, Json(AuthResponse { token: state.keys.issue(&user_id, state.clock.now_ms()), user: account.view })))
}

/// Warnings of a sign-up with a taken address, per address: one an hour, so that nobody can fill
/// an owner's mailbox by signing up with their address again and again.
const SIGN_UP_WARNINGS: Rule = Rule { free: 1, window_ms: 3_600_000, first_wait_ms: 3_600_000, longest_wait_ms: 3_600_000 };

fn warning_mail() -> (&'static str, &'static str) {
    (
        "Someone tried to sign up with your Quizroom address",
        "Someone tried to create a Quizroom account with this address, which already has one.\n\n\
         If it was you, sign in; if you have forgotten your password, reset it from the sign-in page.\n\n\
         If it was not you, you can ignore this mail: your account has not changed.",
    )
}

/// The answer to a sign-up with a taken address: the answer of a new account (an id, a token and
/// the names as typed, unverified) that holds nothing, for nothing was recorded, so the answer
/// does not tell whether the address has an account. The owner is told by mail instead (at most
/// once an hour per address); their account does not change.
async fn address_taken(state: &AppState, email: &Email, unsaved: UserView) -> Result<(StatusCode, Json<AuthResponse>), ApiError> {
    let now = state.clock.now_ms();
    let key = format!("sign-up-warning:{email}");
    if let Ok(warning) = limits::enter(&state.store, vec![(key, &SIGN_UP_WARNINGS, Kind::Owner)], now).await? {
        let (subject, text) = warning_mail();
        let mut tx = state.store.begin_write().await?;
        mail::enqueue(&mut tx, email.as_str(), subject, text, now).await.map_err(StoreError::from)?;
        tx.commit().await.map_err(StoreError::from)?;
        state.mailer.wake();
        // Spent: the next warning waits for the hour to pass.
        warning.failed(&state.store).await?;
    }
    let token = state.keys.issue(&unsaved.id, now);
    Ok((StatusCode::CREATED, Json(AuthResponse { token, user: unsaved })))
}
