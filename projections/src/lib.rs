//! The read models of Quizroom and the projections that build them from the event log.
//!
//! Queries read these tables, never the log. Each module owns its tables (see `migrations/`):
//! - [`user`]: accounts by e-mail; transactional, its unique index keeps one account per e-mail.
//! - [`wallet`]: balances and history; transactional, so a balance is never behind a spend.
//! - [`quiz`]: categories and every version of their questions; transactional.
//! - [`attempt`]: attempts, saved and scored answers, best scores (the leaderboards); transactional.
//! - [`audience`]: the hosts' audience lists and their members; transactional.
//! - [`admission`]: the players who joined each hosted quiz by its code; transactional.
//! - [`live`]: live games (their PINs) and their players with running scores; transactional.
//! - [`audit`]: one row per stream for the auditor; asynchronous.
//! - [`trail`]: every event filed under its quiz and person, for audit timelines; asynchronous.
//! - [`insights`]: attempts, saved and scored answers for hosts' insights and players' progress;
//!   asynchronous.
//!
//! Each read model's queries sit beside its projection, in its `read` module; the api and the hub
//! call those and write no SQL against read models themselves. [`skeleton`] compares names as
//! they look (players' nicknames in live games); [`figures`] holds the one rule of each figure
//! the reports show (median, share right, distribution over the options), for those queries and
//! the api's reports alike.
//!
//! [`transactional`] and [`projectors`] list them for the store, the server and `quizroom replay`.

pub mod admission;
pub mod attempt;
pub mod audience;
pub mod audit;
pub mod figures;
pub mod insights;
pub mod live;
pub mod quiz;
pub mod skeleton;
pub mod trail;
pub mod user;
pub mod wallet;

use std::sync::Arc;

use quizroom_domain::{Aggregate, DomainEvent};
use quizroom_eventstore::{ProjectionError, Projector, RecordedEvent, TransactionalProjection};

/// The projections that run inside every append's transaction.
pub fn transactional() -> Vec<Arc<dyn TransactionalProjection>> {
    vec![
        Arc::new(user::UserProjection),
        Arc::new(wallet::WalletProjection),
        Arc::new(quiz::QuizProjection),
        Arc::new(attempt::AttemptProjection),
        Arc::new(audience::AudienceProjection),
        Arc::new(admission::AdmissionProjection),
        Arc::new(live::LiveProjection),
    ]
}

/// The projectors that run behind the log.
pub fn projectors() -> Vec<Arc<dyn Projector>> {
    vec![Arc::new(audit::AuditProjector), Arc::new(trail::TrailProjector), Arc::new(insights::InsightsProjector)]
}

/// Reads a recorded event as a domain event, naming its position when it cannot.
pub fn decode<E: DomainEvent>(event: &RecordedEvent) -> Result<E, ProjectionError> {
    E::decode(&event.event_type, event.schema_version, &event.data).map_err(|e| ProjectionError::Decode {
        position: event.position,
        event_type: event.event_type.clone(),
        message: e.0,
    })
}

/// The instance id of the event's stream (`{A::STREAM}-{id}`), naming its position when the
/// stream is not one of `A`'s.
pub fn instance<A: Aggregate>(event: &RecordedEvent) -> Result<&str, ProjectionError> {
    quizroom_domain::stream::id_of::<A>(&event.stream_id).ok_or_else(|| ProjectionError::Decode {
        position: event.position,
        event_type: event.event_type.clone(),
        message: format!("stream {} is not a {} stream", event.stream_id, A::STREAM),
    })
}
