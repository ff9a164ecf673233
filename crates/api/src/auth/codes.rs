//! The 6-digit codes e-mailed to verify an address or reset a password: sending one (behind the
//! answer, with its mail in the same transaction as its event) and trying one (limited per
//! address typed and per client), with the answers to the domain's refusals.

use std::time::Duration;

use axum::http::StatusCode;
use quizroom_domain::StreamId;
use quizroom_domain::user::{RESEND_INTERVAL_MS, User, UserCommand, UserError, UserEvent};
use quizroom_domain::wallet::{Wallet, WalletCommand};
use quizroom_eventstore::{Metadata, StoreError};
use serde::Deserialize;
use utoipa::ToSchema;

use super::account::Account;
use super::invalid;
use crate::client::Client;
use crate::commands::{Decided, decide_in, metadata};
use crate::email::Email;
use crate::error::ApiError;
use crate::input::email_schema;
use crate::limits::{self, CODES_ACCOUNT, CODES_ADDRESS, Kind, Try};
use crate::mail;
use crate::state::AppState;
use crate::tokens::new_code;

pub(super) const VERIFICATION: &str = "verification";
pub(super) const PASSWORD_RESET: &str = "password_reset";

/// Maps the domain's refusals of a code to answers.
pub(super) fn code_refused(e: UserError) -> ApiError {
    match e {
        UserError::TooManyWrongTries => too_many_codes(Duration::from_millis(RESEND_INTERVAL_MS as u64)),
        UserError::CodeExpired => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "code_expired", e.to_string()),
        UserError::TooSoon { retry_after_secs } => ApiError::too_many("too_soon", e.to_string(), retry_after_secs),
        UserError::AlreadyVerified => ApiError::conflict("already_verified", e.to_string()),
        UserError::AlreadySignedUp => ApiError::conflict("email_taken", e.to_string()),
        UserError::NoCode | UserError::UnknownAccount => wrong_code(),
        // Only the operator's command grants or revokes the auditor role.
        UserError::AlreadyAuditor | UserError::NotAuditor => ApiError::internal(e),
    }
}

/// A wrong code is a rule no schema can express: 422 (DESIGN's error statuses). The same answer
/// for an unknown address, an already verified one and a wrong code, so it tells nothing.
pub(super) fn wrong_code() -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid_code", "Invalid verification code")
}

fn too_many_codes(wait: Duration) -> ApiError {
    ApiError::too_many("too_many_attempts", UserError::TooManyWrongTries.to_string(), crate::error::seconds_to_wait(wait))
}

/// A try of an e-mailed code for `email` from `client`, counted per address typed and per client.
pub(super) async fn code_try(state: &AppState, email: &Email, client: &Client) -> Result<Try, ApiError> {
    let keys = vec![(format!("codes:{email}"), &CODES_ACCOUNT, Kind::Owner), (client.address_key("codes"), &CODES_ADDRESS, Kind::Shared)];
    limits::enter(&state.store, keys, state.clock.now_ms()).await?.map_err(too_many_codes)
}

pub(super) fn code_mail(purpose: &str, code: &str) -> (&'static str, String) {
    match purpose {
        VERIFICATION => (
            "Your Quizroom verification code",
            format!("Your Quizroom verification code is {code}.\n\nIt expires in 15 minutes. If you did not sign up for Quizroom, you can ignore this mail."),
        ),
        _ => (
            "Your Quizroom password reset code",
            format!(
                "Your Quizroom password reset code is {code}.\n\nIt expires in 15 minutes. If you did not ask to reset your password, you can ignore this mail."
            ),
        ),
    }
}

pub(super) fn check_code_shape(code: &str) -> Result<(), ApiError> {
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(invalid("code", "Please enter the complete 6-digit code"));
    }
    Ok(())
}

/// Carries out a command on an account, and grants the welcome tokens in the same transaction
/// when the e-mail became verified by it (a verification, or a reset with a mailed code).
pub(super) async fn decide_user(
    state: &AppState,
    user_id: &str,
    meta: &Metadata,
    command: UserCommand,
) -> Result<Result<Decided<User>, UserError>, StoreError> {
    let store = &state.store;
    let mut tx = store.begin_write().await?;
    let decided = match decide_in::<User>(store, &mut tx, &StreamId::<User>::new(user_id), meta, command).await? {
        Ok(decided) => decided,
        Err(refused) => return Ok(Err(refused)),
    };
    if decided.events.iter().any(|e| matches!(e, UserEvent::EmailVerified { .. })) && state.welcome_tokens > 0 {
        let grant = WalletCommand::Grant { amount: state.welcome_tokens, reason: "welcome".into() };
        if let Err(e) = decide_in::<Wallet>(store, &mut tx, &StreamId::<Wallet>::new(user_id), meta, grant).await? {
            tracing::error!(error = %e, "the welcome grant was refused");
        }
    }
    tx.commit().await?;
    store.committed();
    Ok(Ok(decided))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
pub struct EmailRequest {
    #[schema(required, schema_with = email_schema)]
    pub(super) email: String,
}

async fn send_code_once(state: &AppState, account: &Account, purpose: &'static str, code: &str, code_hash: &str) -> Result<Result<(), UserError>, StoreError> {
    let store = &state.store;
    let user_id = &account.view.id;
    let now = state.clock.now_ms();
    let command = match purpose {
        VERIFICATION => UserCommand::IssueVerificationCode { code_hash: code_hash.to_owned(), now },
        _ => UserCommand::RequestPasswordReset { code_hash: code_hash.to_owned(), now },
    };
    let mut tx = store.begin_write().await?;
    if let Err(refused) = decide_in::<User>(store, &mut tx, &StreamId::<User>::new(user_id), &metadata(user_id, purpose), command).await? {
        return Ok(Err(refused));
    }
    let (subject, text) = code_mail(purpose, code);
    mail::enqueue(&mut tx, &account.view.email, subject, &text, now).await?;
    tx.commit().await?;
    store.committed();
    Ok(Ok(()))
}

/// Issues a code of `purpose` for `account` and queues its mail, in one transaction, behind the
/// answer: the caller answers at once, so a known address takes as long as an unknown one. A code
/// asked for too soon is not sent (the earlier one still works); nothing is said either way.
pub(super) fn send_code_behind(state: &AppState, account: Account, purpose: &'static str) {
    let state = state.clone();
    tokio::spawn(async move {
        let code = new_code();
        let code_hash = state.keys.hash_code(&account.view.id, purpose, &code);
        match crate::retrying!(send_code_once(&state, &account, purpose, &code, &code_hash)) {
            Ok(Ok(())) => state.mailer.wake(),
            Ok(Err(refused)) => tracing::debug!(%refused, purpose, "no code sent"),
            Err(e) => tracing::error!(error = %e, purpose, "a code could not be sent"),
        }
    });
}
