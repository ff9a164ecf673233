//! Quizroom's HTTP server.
//!
//! - [`config`]: every setting, as a flag with an environment variable and a default.
//! - [`startup`]: opening the store (migrations included), starting projectors, serving, and
//!   graceful shutdown on SIGTERM / Ctrl-C.
//! - [`app`]: `fn app(state) -> Router`, separate from serving so tests can drive it.
//! - [`error`]: the one JSON error format of the API.
//! - [`commands`]: load a stream, decide, append; retried on a version conflict.
//! - [`health`]: `/api/health` and `/api/openapi.json`.
//! - [`auth`]: accounts (sign-up, verification, sign-in, password reset); [`tokens`]: JWTs, code
//!   hashes and the `AuthUser` extractor; [`limits`]: sign-in attempt limits.
//! - [`wallet`]: the token wallet, paid through [`payment`]'s provider seam.
//! - [`mail`]: the outbox and its mailer (SMTP, or the log and the development mailbox).
//! - [`catalogue`]: the curated categories, published from `content/` at start.
//! - [`hosting`]: hosted quizzes; [`audience`]: audience lists; [`generate`]: generating quizzes
//!   from topics or documents and publishing them.
//! - [`play`]: attempts (start, save, submit, feedback) and the auto-submit at the deadline;
//!   [`leaderboard`]: the leaderboards.
//! - [`clock`]: the time, as a seam tests can move.

pub mod app;
pub mod audience;
pub mod auth;
pub mod catalogue;
pub mod clock;
pub mod commands;
pub mod config;
pub mod error;
pub mod generate;
pub mod health;
pub mod hosting;
pub mod leaderboard;
pub mod limits;
pub mod mail;
pub mod payment;
pub mod play;
pub mod startup;
pub mod submissions;
pub mod tokens;
pub mod wallet;

pub use app::{AppState, app};
pub use config::{Config, DbArgs};
pub use error::ApiError;
pub use startup::{init_tracing, open_store, serve};
