//! What every handler can reach: the state the router carries. A leaf: it names the shared
//! services (store, keys, mail, clock, scoring) and no feature.

use std::sync::Arc;
use std::time::Duration;

use quizroom_eventstore::EventStore;

use crate::access::QuizFacts;
use crate::clock::Clock;
use crate::limits::Limiter;
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
    pub limits: Arc<Limits>,
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
}

/// Failed sign-ins allowed per e-mail and per client address in a quarter of an hour.
pub struct Limits {
    pub sign_in_by_email: Limiter,
    pub sign_in_by_address: Limiter,
}

impl Default for Limits {
    fn default() -> Self {
        let window = Duration::from_secs(15 * 60);
        Limits { sign_in_by_email: Limiter::new(5, window), sign_in_by_address: Limiter::new(20, window) }
    }
}

