//! Quizroom's HTTP server.
//!
//! - [`config`]: every setting, as a flag with an environment variable and a default.
//! - [`startup`]: opening the store (migrations included), starting projectors, serving, and
//!   graceful shutdown on SIGTERM / Ctrl-C.
//! - [`app`]: `fn app(state) -> Router`, separate from serving so tests can drive it.
//! - [`error`]: the one JSON error format of the API.
//! - [`commands`]: load a stream, decide, append; retried on a version conflict.
//! - [`health`]: `/api/health` and `/api/openapi.json`.

pub mod app;
pub mod commands;
pub mod config;
pub mod error;
pub mod health;
pub mod startup;

pub use app::{AppState, app};
pub use config::{Config, DbArgs};
pub use error::ApiError;
pub use startup::{init_tracing, open_store, serve};
