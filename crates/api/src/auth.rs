//! Accounts: sign-up, e-mail verification, sign-in, password reset, and the current user.
//!
//! The user's own events live in `user-{uuid}`; sign-in and `me` read the `user_account` read
//! model. Codes are e-mailed through the outbox in the same transaction as their event.

use std::time::Duration;

use argon2::password_hash::{PasswordHasher, PasswordVerifier, phc::PasswordHash};
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use quizroom_domain::user::{RESEND_INTERVAL_MS, User, UserCommand, UserError, UserEvent};
use quizroom_domain::wallet::{Wallet, WalletCommand};
use quizroom_domain::StreamId;
use quizroom_eventstore::{Metadata, StoreError};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::client::Client;
use crate::email::{Email, EmailError};
use crate::input::{code_schema, email_schema, has_control, name_schema, plain_text_schema};
use crate::openapi::ErrorBody;
use crate::error::db;
use crate::state::AppState;
use crate::commands::{Decided, decide_and_commit, decide_in, metadata};
use crate::error::{ApiError, ApiJson};
use crate::limits::{self, CODES_ACCOUNT, CODES_ADDRESS, Kind, Rule, SIGN_IN_ADDRESS, SIGN_IN_PAIR, Try};
use crate::mail;
use crate::tokens::{Session, new_code};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_up))
        .routes(routes!(sign_in))
        .routes(routes!(verify_email))
        .routes(routes!(resend_verification))
        .routes(routes!(forgot_password))
        .routes(routes!(reset_password))
        .routes(routes!(get_me))
        .routes(routes!(sign_out_everywhere))
}

const VERIFICATION: &str = "verification";
const PASSWORD_RESET: &str = "password_reset";

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

async fn hash_password(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        argon2::Argon2::default().hash_password(password.as_bytes()).map(|h| h.to_string())
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(ApiError::internal)
}

/// Whether `password` matches `hash`. With no hash (unknown e-mail) a dummy is checked, so the
/// answer takes as long either way and does not tell whether the account exists.
async fn password_matches(password: String, hash: Option<String>) -> Result<bool, ApiError> {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let known = hash.is_some();
    let hash = match hash {
        Some(h) => h,
        None => DUMMY
            .get_or_init(|| argon2::Argon2::default().hash_password(b"not a real password").expect("hashing works").to_string())
            .clone(),
    };
    let matches = tokio::task::spawn_blocking(move || {
        PasswordHash::new(&hash).is_ok_and(|h| argon2::Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
    })
    .await
    .map_err(ApiError::internal)?;
    Ok(known && matches)
}

fn invalid(field: &'static str, message: impl Into<String>) -> ApiError {
    ApiError::bad_request("invalid_input", message).with_details(json!({ "field": field }))
}

/// Maps the domain's refusals of a code to answers.
fn code_refused(e: UserError) -> ApiError {
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
fn wrong_code() -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid_code", "Invalid verification code")
}

fn too_many_codes(wait: Duration) -> ApiError {
    ApiError::too_many("too_many_attempts", UserError::TooManyWrongTries.to_string(), crate::error::seconds_to_wait(wait))
}

/// A try of an e-mailed code for `email` from `client`, counted per address typed and per client.
async fn code_try(state: &AppState, email: &Email, client: &Client) -> Result<Try, ApiError> {
    let keys = vec![
        (format!("codes:{email}"), &CODES_ACCOUNT, Kind::Owner),
        (client.address_key("codes"), &CODES_ADDRESS, Kind::Shared),
    ];
    limits::enter(&state.store, keys, state.clock.now_ms()).await?.map_err(too_many_codes)
}

fn code_mail(purpose: &str, code: &str) -> (&'static str, String) {
    match purpose {
        VERIFICATION => (
            "Your Quizroom verification code",
            format!("Your Quizroom verification code is {code}.\n\nIt expires in 15 minutes. If you did not sign up for Quizroom, you can ignore this mail."),
        ),
        _ => (
            "Your Quizroom password reset code",
            format!("Your Quizroom password reset code is {code}.\n\nIt expires in 15 minutes. If you did not ask to reset your password, you can ignore this mail."),
        ),
    }
}

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

/// The longest name, institute and password accepted, in characters.
const MAX_NAME: usize = 50;
const MAX_INSTITUTE: usize = 100;
const MAX_PASSWORD: usize = 1024;

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

/// A new password: present, 8 to 1,024 characters (hashing a longer one is work for nothing).
fn check_password(password: &str, field: &'static str, missing: &'static str, short: &'static str) -> Result<(), ApiError> {
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

/// Signs up: the account is created unverified and a 6-digit code is e-mailed. An address that
/// already has an account is answered alike (nothing is created; its owner is mailed a warning),
/// so the answer never tells whether an address has an account.
#[utoipa::path(post, path = "/auth/signup", tag = "auth", request_body = SignUpRequest, responses(
    (status = 201, description = "Signed up; a verification code was e-mailed (or, for an address that has an account, its owner was warned by mail)", body = AuthResponse),
    (status = 400, description = "A field is missing or invalid (`details.field` names it)", body = ErrorBody),
    (status = 413, description = "The body is too large", body = ErrorBody),
    (status = 415, description = "The body is not JSON", body = ErrorBody),
))]
async fn sign_up(State(state): State<AppState>, ApiJson(body): ApiJson<SignUpRequest>) -> Result<(StatusCode, Json<AuthResponse>), ApiError> {
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
    (status = 413, description = "The body is too large", body = ErrorBody),
    (status = 415, description = "The body is not JSON", body = ErrorBody),
    (status = 429, description = "Too many failed sign-ins; `Retry-After` says when to try again", body = ErrorBody,
        headers(("Retry-After" = u64, description = "Seconds to wait"))),
))]
async fn sign_in(
    State(state): State<AppState>,
    client: Client,
    ApiJson(body): ApiJson<SignInRequest>,
) -> Result<Json<AuthResponse>, ApiError> {
    let email = Email::parse(&body.email).map_err(|e| match e {
        EmailError::Empty => invalid("email", "Email is required"),
        EmailError::Invalid => invalid("email", "Please enter a valid email"),
    })?;
    let email = email.as_str();
    if body.password.is_empty() {
        return Err(invalid("password", "Password is required"));
    }
    // Per account and client address (the owner elsewhere is never held back) and per address.
    let keys = vec![
        (format!("sign-in:{email}:{}", client.network), &SIGN_IN_PAIR, Kind::Owner),
        (client.address_key("sign-in"), &SIGN_IN_ADDRESS, Kind::Shared),
    ];
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

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
pub struct VerifyRequest {
    #[schema(required, schema_with = email_schema)]
    email: String,
    /// The 6-digit code from the mail.
    #[schema(required, schema_with = code_schema)]
    code: String,
}

fn check_code_shape(code: &str) -> Result<(), ApiError> {
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(invalid("code", "Please enter the complete 6-digit code"));
    }
    Ok(())
}

/// Carries out a command on an account, and grants the welcome tokens in the same transaction
/// when the e-mail became verified by it (a verification, or a reset with a mailed code).
async fn decide_user(state: &AppState, user_id: &str, meta: &Metadata, command: UserCommand) -> Result<Result<Decided<User>, UserError>, StoreError> {
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

/// Verifies the e-mail with the code; the welcome tokens are granted with it. A wrong code, an
/// unknown address and an address that is already verified get the same answer, so the call
/// tells nothing about an address to someone who does not hold its code.
#[utoipa::path(post, path = "/auth/verify", tag = "auth", request_body = VerifyRequest, responses(
    (status = 200, description = "Verified", body = UserResponse),
    (status = 400, description = "The code is not 6 digits", body = ErrorBody),
    (status = 413, description = "The body is too large", body = ErrorBody),
    (status = 415, description = "The body is not JSON", body = ErrorBody),
    (status = 422, description = "The code is wrong or unknown (`invalid_code`: also for an unknown or already verified address), or expired", body = ErrorBody),
    (status = 429, description = "Too many wrong codes; `Retry-After` says when to try again", body = ErrorBody,
        headers(("Retry-After" = u64, description = "Seconds to wait"))),
))]
async fn verify_email(
    State(state): State<AppState>,
    client: Client,
    ApiJson(body): ApiJson<VerifyRequest>,
) -> Result<Json<UserResponse>, ApiError> {
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

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
pub struct EmailRequest {
    #[schema(required, schema_with = email_schema)]
    email: String,
}

async fn send_code_once(
    state: &AppState,
    account: &Account,
    purpose: &'static str,
    code: &str,
    code_hash: &str,
) -> Result<Result<(), UserError>, StoreError> {
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
fn send_code_behind(state: &AppState, account: Account, purpose: &'static str) {
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

/// Sends a new verification code. Every address gets the same answer at once (unknown, verified,
/// or asked too soon), so this call does not tell who has an account.
#[utoipa::path(post, path = "/auth/resend-verification", tag = "auth", request_body = EmailRequest, responses(
    (status = 200, description = "A new code was sent, if the address has an unverified account and the last code is a minute old", body = MessageResponse),
    (status = 400, description = "Not an e-mail address", body = ErrorBody),
    (status = 413, description = "The body is too large", body = ErrorBody),
    (status = 415, description = "The body is not JSON", body = ErrorBody),
))]
async fn resend_verification(State(state): State<AppState>, ApiJson(body): ApiJson<EmailRequest>) -> Result<Json<MessageResponse>, ApiError> {
    let email = Email::parse(&body.email).map_err(|_| invalid("email", "Please enter a valid email"))?;
    let sent = MessageResponse { message: "A new verification code has been sent to your email" };
    if let Some(account) = account_by_email(&state, email.as_str()).await?.filter(|a| !a.view.is_verified) {
        send_code_behind(&state, account, VERIFICATION);
    }
    Ok(Json(sent))
}

/// Sends a password reset code (the same answer, at once, whether or not the address has an account).
#[utoipa::path(post, path = "/auth/forgot-password", tag = "auth", request_body = EmailRequest, responses(
    (status = 200, description = "A code was sent, if the address has an account", body = MessageResponse),
    (status = 400, description = "Not an e-mail address", body = ErrorBody),
    (status = 413, description = "The body is too large", body = ErrorBody),
    (status = 415, description = "The body is not JSON", body = ErrorBody),
))]
async fn forgot_password(State(state): State<AppState>, ApiJson(body): ApiJson<EmailRequest>) -> Result<Json<MessageResponse>, ApiError> {
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
    (status = 413, description = "The body is too large", body = ErrorBody),
    (status = 415, description = "The body is not JSON", body = ErrorBody),
    (status = 422, description = "The code is wrong, expired or unknown", body = ErrorBody),
    (status = 429, description = "Too many wrong codes; `Retry-After` says when to try again", body = ErrorBody,
        headers(("Retry-After" = u64, description = "Seconds to wait"))),
))]
async fn reset_password(
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
    let command = || UserCommand::ResetPassword {
        code_hash: code_hash.clone(),
        password_hash: password_hash.clone(),
        now: state.clock.now_ms(),
    };
    let decided = crate::retrying!(decide_user(&state, &user_id, &meta, command()))?.map_err(code_refused)?;
    if !decided.events.iter().any(|e| matches!(e, UserEvent::PasswordReset { .. })) {
        attempt.failed(&state.store).await?;
        return Err(wrong_code());
    }
    attempt.succeeded(&state.store).await?;
    limits::forget(&state.store, &format!("sign-in:{email}:")).await?;
    Ok(Json(MessageResponse { message: "Password reset successful. Please login with your new password." }))
}

/// Ends every session of the caller's account, on every device and every node; the caller signs
/// in again.
#[utoipa::path(post, path = "/auth/signout-all", operation_id = "signOutEverywhere", tag = "auth", security(("bearer" = [])), responses(
    (status = 200, description = "Every session of the account ended", body = MessageResponse),
    (status = 401, description = "No valid token", body = ErrorBody),
))]
async fn sign_out_everywhere(State(state): State<AppState>, caller: Session) -> Result<Json<MessageResponse>, ApiError> {
    let meta = metadata(&caller.user_id, "signout-all");
    let stream = StreamId::<User>::new(&caller.user_id);
    let command = || UserCommand::EndSessions { now: state.clock.now_ms() };
    crate::retrying!(decide_and_commit::<User>(&state.store, &stream, &meta, command()))?.map_err(code_refused)?;
    Ok(Json(MessageResponse { message: "Signed out on every device" }))
}

/// The signed-in user.
#[utoipa::path(get, path = "/auth/me", tag = "auth", security(("bearer" = [])), responses(
    (status = 200, description = "The caller", body = UserResponse),
    (status = 401, description = "No valid token", body = ErrorBody),
))]
async fn get_me(State(state): State<AppState>, caller: Session) -> Result<Json<UserResponse>, ApiError> {
    let account = account_by_id(&state, &caller.user_id)
        .await?
        .ok_or_else(|| ApiError::new(StatusCode::UNAUTHORIZED, "invalid_token", "Invalid authentication token"))?;
    Ok(Json(UserResponse { user: account.view }))
}
