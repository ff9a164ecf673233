//! What every handler can reach: the state the router carries. A leaf: it names the shared
//! services (store, keys, mail, clock, scoring) and no feature.

use std::sync::Arc;

use quizroom_eventstore::EventStore;

use crate::access::QuizFacts;
use crate::clock::Clock;
use crate::error::ApiError;
use crate::mail::Mailer;
use crate::payment::PaymentProvider;
use crate::scoring::{QuizVersions, SubmitQueue};
use crate::tokens::Keys;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub store: EventStore,
    pub keys: Arc<Keys>,
    pub mailer: Mailer,
    pub payments: Arc<dyn PaymentProvider>,
    pub clock: Arc<dyn Clock>,
    /// Tokens granted when an e-mail is verified.
    pub welcome_tokens: i64,
    pub hub: quizroom_hub::Hub,
    /// Quiz versions that submissions score against, read once.
    pub quizzes: Arc<QuizVersions>,
    /// Writes generated questions: a chat-completions endpoint or the offline generator.
    pub generator: Arc<dyn quizroom_generate::Generator>,
    /// Players' submissions, written in groups (group commit).
    pub submissions: SubmitQueue,
    /// What never changes about a quiz once recorded (kind, host, expiry, audience list), read
    /// once: the access check before a submission is queued costs no query for a curated quiz.
    pub quiz_facts: Arc<QuizFacts>,
    /// What features start for themselves (live games' joiner), found by type
    /// ([`AppState::feature`]): the state names no feature (decision 0044).
    pub features: Arc<axum::http::Extensions>,
    /// Live games' joins handled at once per client address (see `limits::PIN_PLACES`).
    pub joins_in_flight: Arc<crate::limits::InFlight>,
    /// Live games opened at once per account (one at a time, so the count of its open games
    /// holds), and per client address and minute on this node.
    pub openings_in_flight: Arc<crate::limits::InFlight>,
    pub openings_budget: Arc<crate::limits::Budget>,
    /// Audit reads per account and minute on this node (see `limits::Budget`).
    pub audit_budget: Arc<crate::limits::Budget>,
    /// The hash chain as this server verified it so far: anyone's integrity check is served from
    /// it, verifying only what was chained since (`chain::VerifiedHead`).
    pub chain_head: Arc<quizroom_eventstore::chain::VerifiedHead>,
    /// Joins of one device and game handled one at a time, so a device gets one seat.
    pub devices_in_flight: Arc<crate::limits::InFlight>,
    /// The reverse proxies whose `X-Forwarded-For` names the client (see [`crate::client`]).
    pub trusted_proxies: Arc<crate::client::TrustedProxies>,
    /// Places for reading uploaded files (see [`AppState::read_upload`]).
    pub upload_readers: Arc<tokio::sync::Semaphore>,
}

/// Uploaded files read at once. Reading a spreadsheet or a document may take about 260 MB while
/// it runs (a hostile zip is inflated up to its 100 MB cap before it is refused), so the server
/// reads one at a time and the others wait their turn: eight hostile uploads at once peak at
/// about 330 MiB (two at a time: 537 MiB), under the 512 MiB of issue 11, and each still gets its
/// answer. A well-formed file is read in milliseconds, so the line is short.
pub const UPLOADS_READ_AT_ONCE: usize = 1;

impl AppState {
    /// The service of type `T` a feature started with the server (see `startup`).
    pub fn feature<T: Send + Sync + 'static>(&self) -> &T {
        self.features.get::<T>().unwrap_or_else(|| panic!("{} is started with the server", std::any::type_name::<T>()))
    }

    /// Runs `read` (a blocking parse of an uploaded file) when a place is free, off the
    /// request's thread.
    pub async fn read_upload<T: Send + 'static>(&self, read: impl FnOnce() -> T + Send + 'static) -> Result<T, ApiError> {
        let _place = self.upload_readers.clone().acquire_owned().await.map_err(ApiError::internal)?;
        tokio::task::spawn_blocking(read).await.map_err(ApiError::internal)
    }
}
