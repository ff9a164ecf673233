//! Carrying out a command on one stream: read it, fold it into state, decide, append with the
//! version read. A concurrent writer makes the append fail with a version conflict; then it all
//! happens again on the new state, a few times, before the conflict is reported.

use quizroom_domain::{Aggregate, DomainEvent};
use quizroom_eventstore::{EventStore, ExpectedVersion, Metadata, NewEvent, RecordedEvent, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum CommandError<E: std::error::Error> {
    #[error(transparent)]
    Rejected(E),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Loads `stream_id` as an `A`, with its version.
pub async fn load<A: Aggregate>(store: &EventStore, stream_id: &str) -> Result<(A, i64), StoreError> {
    let recorded = store.read_stream(stream_id, 1).await?;
    let version = recorded.last().map_or(0, |e| e.version);
    let mut state = A::default();
    for e in &recorded {
        let event = A::Event::decode(&e.event_type, e.schema_version, e.data.clone())
            .map_err(|d| StoreError::Corrupt { position: e.position, message: d.0 })?;
        state = state.evolve(&event);
    }
    Ok((state, version))
}

/// Decides `command` (made afresh for each try) on the current state of `stream_id` and appends
/// the events. Returns the new state and what was recorded.
pub async fn execute<A: Aggregate>(
    store: &EventStore,
    stream_id: &str,
    metadata: &Metadata,
    command: impl Fn() -> A::Command,
) -> Result<(A, Vec<RecordedEvent>), CommandError<A::Error>> {
    const TRIES: u32 = 8;
    let mut attempt = 0;
    loop {
        attempt += 1;
        let (state, version) = load::<A>(store, stream_id).await?;
        let events = state.decide(command()).map_err(CommandError::Rejected)?;
        if events.is_empty() {
            return Ok((state, Vec::new()));
        }
        let new_events = events
            .iter()
            .map(|e| {
                let (event_type, data) = e.encode();
                let mut new = NewEvent::new(event_type, data).with_metadata(metadata.clone());
                new.schema_version = A::Event::SCHEMA_VERSION;
                new
            })
            .collect();
        let expected = if version == 0 { ExpectedVersion::NoStream } else { ExpectedVersion::Exact(version) };
        match store.append(stream_id, expected, new_events).await {
            Ok(appended) => {
                let state = events.iter().fold(state, |s, e| s.evolve(e));
                return Ok((state, appended.events));
            }
            Err(StoreError::VersionConflict { .. }) if attempt < TRIES => {
                // Writers that collided would collide again at once: spread them out.
                let most = 1u64 << attempt.min(6);
                tokio::time::sleep(std::time::Duration::from_millis(jitter(most))).await;
            }
            Err(e) => return Err(e.into()),
        }
    }
}

/// A number in 0..most that differs between concurrent callers (no RNG dependency needed).
fn jitter(most: u64) -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::Instant::now()) % most.max(1)
}
