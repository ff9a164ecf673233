//! Quizroom's HTTP server. Features own their routes and handlers and import no other feature;
//! what several features need lives in shared modules they all call.
//!
//! Serving:
//! - [`config`]: every setting, as a flag with an environment variable and a default.
//! - [`startup`]: opening the store (migrations included), starting projectors, serving, and
//!   graceful shutdown on SIGTERM / Ctrl-C.
//! - [`app`]: `fn app(state) -> Router`, separate from serving so tests can drive it; [`state`]:
//!   what every handler can reach.
//!
//! Shared by the features:
//! - [`openapi`]: the API document, made from the handlers' annotations; [`input`]: reading
//!   input as the document describes it.
//! - [`error`]: the one JSON error format of the API (and the extractors that answer in it); [`refusals`]: domain refusals several
//!   features meet, as API errors.
//! - [`commands`]: load a stream, decide, append; retried on a version conflict.
//! - [`tokens`]: JWTs, code hashes and the `AuthUser` extractor; [`email`]: addresses parsed once.
//! - [`access`]: who may see, play or host a quiz, decided before anything is written or queued.
//! - [`quiz_form`]: the quiz-settings form and question checks of hosting and generating;
//!   [`new_quiz`]: recording a new hosted quiz and its payment.
//! - [`scoring`]: submitting an attempt, alone or in groups (group commit), and the answer keys.
//! - [`mail`]: the outbox and its mailer (SMTP, or the log and the development mailbox);
//!   [`limits`]: limits on guessing tries, shared by a cluster, counted per [`client`]; [`payment`]: the provider seam; [`clock`]: the time, as
//!   a seam tests can move.
//! - [`catalogue`]: the curated categories, published from `content/` at start; [`export`]: CSV
//!   downloads.
//!
//! Features (each with its `router()`):
//! - [`health`]: `/api/health` and `/api/openapi.json`; [`dev_mailbox`]: the development mailbox.
//! - [`auth`]: accounts (sign-up, verification, sign-in, password reset); [`wallet`]: tokens.
//! - [`play`]: categories, attempts, submissions, feedback and the auto-submit at the deadline.
//! - [`leaderboard`]: the leaderboards.
//! - [`hosting`]: hosted quizzes (upload, join, the host's quizzes, editor, results, retakes);
//!   [`audience`]: audience lists; [`generate`]: quizzes generated from topics or documents.
//! - [`live`]: live games run by a host for a room (opening, controls, joining by PIN), and the
//!   writer of their answers and clock, which the hub calls.
//! - [`insights`]: a hosted quiz's analytics for its host (report, workbook, CSV) and a
//!   player's progress.
//! - [`audit`]: the auditor's product: timelines, attempt sheets, standings as of any moment,
//!   exports, and the log's integrity (its hash chain).

pub mod access;
pub mod accommodations;
pub mod app;
pub mod audience;
pub mod audit;
pub mod auth;
pub mod catalogue;
pub mod client;
pub mod clock;
pub mod commands;
pub mod config;
pub mod dev_mailbox;
pub mod email;
pub mod error;
pub mod export;
pub mod generate;
pub mod group_commit;
pub mod health;
pub mod hosting;
pub mod input;
pub mod insights;
pub mod leaderboard;
pub mod limits;
pub mod live;
pub mod mail;
pub mod media;
pub mod new_quiz;
pub mod openapi;
pub mod payment;
pub mod play;
pub mod protect;
pub mod question_form;
pub mod quiz_form;
pub mod refusals;
pub mod scoring;
pub mod serving;
pub mod startup;
pub mod state;
pub mod tokens;
pub mod wallet;

pub use app::app;
pub use config::{Config, DbArgs};
pub use error::ApiError;
pub use startup::{init_tracing, open_store, serve};
pub use state::AppState;
