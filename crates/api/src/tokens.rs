//! Session tokens (JWT, HS256, with an expiry) and keyed hashes of e-mailed codes.
//!
//! The signing secret comes from `QUIZROOM_JWT_SECRET`, or is generated once and kept in
//! `<data dir>/jwt-secret`, readable by the owner only. Codes are hashed with HMAC-SHA256 under a
//! key derived from the same secret, so the hashes in the event log cannot be reversed by trying
//! all million codes without the secret.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use axum::extract::FromRequestParts;
use axum::http::StatusCode;
use axum::http::request::Parts;
use hmac::{Hmac, KeyInit, Mac};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use rand::Rng;
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::error::ApiError;
use crate::state::AppState;

pub struct Keys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    code_key: Vec<u8>,
    media_key: Vec<u8>,
    ttl_secs: u64,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The user id.
    pub sub: String,
    pub iat: u64,
    pub exp: u64,
    /// When it was issued, in milliseconds by the server's clock (tokens of the first version
    /// lack it: `iat` counts then). Sessions issued before the account's `sessions_from` ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ims: Option<i64>,
    /// A player token's account, when the player joined signed in: the token ends with the
    /// account's sessions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
}

/// The prefix of a player token's subject.
const PLAYER: &str = "player:";
/// How long a player token lasts: a game, and then some.
const PLAYER_TTL_SECS: u64 = 12 * 3600;

impl Claims {
    /// The game and player of a live game's player token.
    pub fn player(&self) -> Option<(&str, &str)> {
        self.sub.strip_prefix(PLAYER)?.split_once(':')
    }

    pub fn issued_ms(&self) -> i64 {
        self.ims.unwrap_or(self.iat as i64 * 1000)
    }
}

fn hmac(key: &[u8], parts: &[&[u8]]) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key length");
    for part in parts {
        mac.update(part);
        mac.update(b"\x1f");
    }
    mac.finalize().into_bytes().to_vec()
}

impl Keys {
    pub fn new(secret: &[u8], ttl_secs: u64) -> Keys {
        Keys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            code_key: hmac(secret, &[b"quizroom e-mail codes"]),
            media_key: hmac(secret, &[b"quizroom media links"]),
            ttl_secs,
        }
    }

    /// The secret from `configured`, else from `<data_dir>/jwt-secret`, created when missing.
    pub fn load(configured: Option<&str>, data_dir: &Path, ttl_secs: u64) -> anyhow::Result<Keys> {
        if let Some(secret) = configured.filter(|s| !s.is_empty()) {
            anyhow::ensure!(secret.len() >= 32, "QUIZROOM_JWT_SECRET must be at least 32 characters long");
            return Ok(Keys::new(secret.as_bytes(), ttl_secs));
        }
        let path = data_dir.join("jwt-secret");
        let secret = match std::fs::read_to_string(&path) {
            Ok(s) => s.trim().to_owned(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let secret = hex::encode(rand::rng().random::<[u8; 32]>());
                let mut file = owner_only().open(&path).with_context(|| format!("cannot create the secret file {}", path.display()))?;
                file.write_all(secret.as_bytes())?;
                secret
            }
            Err(e) => return Err(e).with_context(|| format!("cannot read the secret file {}", path.display())),
        };
        anyhow::ensure!(secret.len() >= 32, "the secret file {} is too short; delete it to make a new one", path.display());
        restrict_to_owner(&path)?;
        Ok(Keys::new(secret.as_bytes(), ttl_secs))
    }

    /// A token for `user_id`, valid for the configured time from `now_ms` (the server's clock).
    pub fn issue(&self, user_id: &str, now_ms: i64) -> String {
        let now = (now_ms.max(0) / 1000) as u64;
        let claims = Claims { sub: user_id.to_owned(), iat: now, exp: now + self.ttl_secs, ims: Some(now_ms), uid: None };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).expect("HS256 signing cannot fail")
    }

    /// A live game's player token: it names the game and the player (`player:{game}:{player}`),
    /// opens the hub for that game only, and is no session (no account has that id). A signed-in
    /// player's token names the account (`uid`) and ends with its sessions.
    pub fn issue_player(&self, game_id: &str, player_id: &str, user_id: Option<&str>, now_ms: i64) -> String {
        let now = (now_ms.max(0) / 1000) as u64;
        let claims =
            Claims { sub: format!("{PLAYER}{game_id}:{player_id}"), iat: now, exp: now + PLAYER_TTL_SECS, ims: Some(now_ms), uid: user_id.map(str::to_owned) };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).expect("HS256 signing cannot fail")
    }

    pub fn verify(&self, token: &str) -> Result<Claims, ApiError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 5;
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation).map(|data| data.claims).map_err(|e| match e.kind() {
            jsonwebtoken::errors::ErrorKind::ExpiredSignature => {
                ApiError::new(StatusCode::UNAUTHORIZED, "token_expired", "Your session has expired. Please sign in again.")
            }
            _ => ApiError::new(StatusCode::UNAUTHORIZED, "invalid_token", "Invalid authentication token"),
        })
    }

    /// The signature of a link to the stored file `id` valid until `expires` (Unix seconds).
    pub fn sign_media(&self, id: &str, expires: i64) -> String {
        hex::encode(hmac(&self.media_key, &[id.as_bytes(), expires.to_string().as_bytes()]))
    }

    /// Whether `signature` is [`Keys::sign_media`]'s for `id` and `expires` (compared in constant
    /// time, so a guess learns nothing from how long the answer took).
    pub fn media_signed(&self, id: &str, expires: i64, signature: &str) -> bool {
        quizroom_domain::user::constant_time_eq(self.sign_media(id, expires).as_bytes(), signature.as_bytes())
    }

    /// The keyed hash of an e-mailed code, bound to its user and purpose.
    pub fn hash_code(&self, user_id: &str, purpose: &str, code: &str) -> String {
        hex::encode(hmac(&self.code_key, &[user_id.as_bytes(), purpose.as_bytes(), code.as_bytes()]))
    }
}

/// A fresh six-digit code.
pub fn new_code() -> String {
    format!("{:06}", rand::rng().random_range(0..1_000_000))
}

#[cfg(unix)]
fn owner_only() -> std::fs::OpenOptions {
    use std::os::unix::fs::OpenOptionsExt;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true).mode(0o600);
    options
}

#[cfg(not(unix))]
fn owner_only() -> std::fs::OpenOptions {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    options
}

#[cfg(unix)]
fn restrict_to_owner(path: &Path) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)).with_context(|| format!("cannot make {} readable by its owner only", path.display()))
}

#[cfg(not(unix))]
fn restrict_to_owner(_: &Path) -> anyhow::Result<()> {
    Ok(())
}

/// A signed-in caller whose e-mail is verified, from `Authorization: Bearer <token>`: what every
/// call that plays, joins, hosts, generates, buys or reads a hosted quiz takes. An unverified
/// account is refused with 403 `email_unverified`.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub user_id: String,
}

/// A signed-in caller, verified or not (for the calls an unverified account needs: who am I,
/// sign out everywhere, the balance).
#[derive(Debug, Clone)]
pub struct Session {
    pub user_id: String,
}

pub fn email_unverified() -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, "email_unverified", "Please verify your email address first.")
}

/// The session of the request's bearer token (see [`check_session`]).
async fn session_of(parts: &Parts, state: &AppState) -> Result<(Claims, bool), ApiError> {
    let header = parts.headers.get(axum::http::header::AUTHORIZATION).and_then(|v| v.to_str().ok());
    let Some(token) = header.and_then(|h| h.strip_prefix("Bearer ")).map(str::trim).filter(|t| !t.is_empty()) else {
        return Err(ApiError::new(StatusCode::UNAUTHORIZED, "unauthenticated", "No authentication token found"));
    };
    check_session(state, token).await
}

/// A token's claims and whether its account is verified, checked against the account on every
/// call, so that a reset or "sign out everywhere" on one node ends the session on all.
pub async fn check_session(state: &AppState, token: &str) -> Result<(Claims, bool), ApiError> {
    let claims = state.keys.verify(token)?;
    let verified = check_account(state, &claims.sub, claims.issued_ms()).await?;
    Ok((claims, verified))
}

/// Whether the account `user_id` is verified, if a token issued at `issued_ms` still speaks for
/// it (its sessions did not end since).
pub async fn check_account(state: &AppState, user_id: &str, issued_ms: i64) -> Result<bool, ApiError> {
    let account = quizroom_projections::user::read::session(state.store.pool(), user_id).await.map_err(crate::error::db)?;
    let Some(account) = account else {
        return Err(ApiError::new(StatusCode::UNAUTHORIZED, "invalid_token", "Invalid authentication token"));
    };
    if issued_ms < account.sessions_from {
        return Err(ApiError::new(StatusCode::UNAUTHORIZED, "session_ended", "Your session has ended. Please sign in again."));
    }
    Ok(account.verified != 0)
}

/// `Option<AuthUser>`: none without an `Authorization` header (a public call that shows more to
/// those entitled to it); a header that is there must hold a valid session.
impl axum::extract::OptionalFromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Option<Self>, Self::Rejection> {
        if !parts.headers.contains_key(axum::http::header::AUTHORIZATION) {
            return Ok(None);
        }
        <AuthUser as FromRequestParts<AppState>>::from_request_parts(parts, state).await.map(Some)
    }
}

impl FromRequestParts<AppState> for Session {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let (claims, _) = session_of(parts, state).await?;
        Ok(Session { user_id: claims.sub })
    }
}

/// A `userId` in a request must be the caller's own: it never selects whose data is used.
fn ensure_self(caller: &str, user_id: Option<&str>) -> Result<(), ApiError> {
    match user_id {
        Some(id) if !id.is_empty() && id != caller => Err(ApiError::new(StatusCode::FORBIDDEN, "forbidden", "You can only act for your own account")),
        _ => Ok(()),
    }
}

impl AuthUser {
    pub fn ensure_self(&self, user_id: Option<&str>) -> Result<(), ApiError> {
        ensure_self(&self.user_id, user_id)
    }
}

impl Session {
    pub fn ensure_self(&self, user_id: Option<&str>) -> Result<(), ApiError> {
        ensure_self(&self.user_id, user_id)
    }
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        match session_of(parts, state).await? {
            (claims, true) => Ok(AuthUser { user_id: claims.sub }),
            (_, false) => Err(email_unverified()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_verifies_with_its_key_only() {
        let keys = Keys::new(&[7; 32], 60);
        let token = keys.issue("u-1", chrono::Utc::now().timestamp_millis());
        assert_eq!(keys.verify(&token).unwrap().sub, "u-1");
        let other = Keys::new(&[8; 32], 60);
        assert_eq!(other.verify(&token).unwrap_err().code, "invalid_token");
    }

    #[test]
    fn a_signed_in_players_token_names_the_account() {
        let keys = Keys::new(&[7; 32], 60);
        let now = chrono::Utc::now().timestamp_millis();
        let signed_in = keys.verify(&keys.issue_player("g", "p", Some("u-1"), now)).unwrap();
        assert_eq!((signed_in.player(), signed_in.uid.as_deref(), signed_in.issued_ms()), (Some(("g", "p")), Some("u-1"), now));
        assert_eq!(keys.verify(&keys.issue_player("g", "p", None, now)).unwrap().uid, None);
    }

    #[test]
    fn code_hashes_depend_on_user_purpose_and_code() {
        let keys = Keys::new(&[7; 32], 60);
        let h = keys.hash_code("u", "verification", "123456");
        assert_eq!(h, keys.hash_code("u", "verification", "123456"));
        assert_ne!(h, keys.hash_code("v", "verification", "123456"));
        assert_ne!(h, keys.hash_code("u", "password_reset", "123456"));
        assert_ne!(h, keys.hash_code("u", "verification", "123457"));
        assert_eq!(new_code().len(), 6);
    }
}
