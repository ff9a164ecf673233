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

use crate::state::AppState;
use crate::error::ApiError;

pub struct Keys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    code_key: Vec<u8>,
    ttl_secs: u64,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The user id.
    pub sub: String,
    pub iat: u64,
    pub exp: u64,
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
                let mut file = owner_only()
                    .open(&path)
                    .with_context(|| format!("cannot create the secret file {}", path.display()))?;
                file.write_all(secret.as_bytes())?;
                secret
            }
            Err(e) => return Err(e).with_context(|| format!("cannot read the secret file {}", path.display())),
        };
        anyhow::ensure!(secret.len() >= 32, "the secret file {} is too short; delete it to make a new one", path.display());
        restrict_to_owner(&path)?;
        Ok(Keys::new(secret.as_bytes(), ttl_secs))
    }

    /// A token for `user_id`, valid for the configured time from `now_secs`.
    pub fn issue(&self, user_id: &str) -> String {
        let now = chrono::Utc::now().timestamp().max(0) as u64;
        let claims = Claims { sub: user_id.to_owned(), iat: now, exp: now + self.ttl_secs };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).expect("HS256 signing cannot fail")
    }

    pub fn verify(&self, token: &str) -> Result<Claims, ApiError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 5;
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation).map(|data| data.claims).map_err(|e| {
            match e.kind() {
                jsonwebtoken::errors::ErrorKind::ExpiredSignature => ApiError::new(
                    StatusCode::UNAUTHORIZED,
                    "token_expired",
                    "Your session has expired. Please sign in again.",
                ),
                _ => ApiError::new(StatusCode::UNAUTHORIZED, "invalid_token", "Invalid authentication token"),
            }
        })
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
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
        .with_context(|| format!("cannot make {} readable by its owner only", path.display()))
}

#[cfg(not(unix))]
fn restrict_to_owner(_: &Path) -> anyhow::Result<()> {
    Ok(())
}

/// The signed-in caller, from `Authorization: Bearer <token>`.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub user_id: String,
}

impl AuthUser {
    /// A `userId` in a request must be the caller's own: it never selects whose data is used.
    pub fn ensure_self(&self, user_id: Option<&str>) -> Result<(), ApiError> {
        match user_id {
            Some(id) if !id.is_empty() && id != self.user_id => Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "forbidden",
                "You can only act for your own account",
            )),
            _ => Ok(()),
        }
    }
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let header = parts.headers.get(axum::http::header::AUTHORIZATION).and_then(|v| v.to_str().ok());
        let Some(token) = header.and_then(|h| h.strip_prefix("Bearer ")).map(str::trim).filter(|t| !t.is_empty()) else {
            return Err(ApiError::new(StatusCode::UNAUTHORIZED, "unauthenticated", "No authentication token found"));
        };
        let claims = state.keys.verify(token)?;
        Ok(AuthUser { user_id: claims.sub })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_verifies_with_its_key_only() {
        let keys = Keys::new(&[7; 32], 60);
        let token = keys.issue("u-1");
        assert_eq!(keys.verify(&token).unwrap().sub, "u-1");
        let other = Keys::new(&[8; 32], 60);
        assert_eq!(other.verify(&token).unwrap_err().code, "invalid_token");
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
