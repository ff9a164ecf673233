//! Carrying out commands: read a stream, fold it into state, decide, append with the version read.
//!
//! [`decide_in`] does that inside a caller's write transaction, so one command can append to
//! several streams (verifying an e-mail also grants the welcome tokens) and queue mail atomically.
//! A concurrent writer makes the append fail with a version conflict; [`retrying!`] then runs the
//! whole transaction again on the new state, a few times, before the conflict is reported.

use quizroom_domain::{Aggregate, DomainEvent, StreamId};
use quizroom_eventstore::{EventStore, ExpectedVersion, Metadata, NewEvent, RecordedEvent, StoreError};
use sqlx::{AnyConnection, Row};

#[derive(Debug, thiserror::Error)]
pub enum CommandError<E: std::error::Error> {
    #[error(transparent)]
    Rejected(E),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Loads `stream` as an `A`, with its version (0 when it does not exist), on `conn`.
pub async fn load<A: Aggregate>(store: &EventStore, conn: &mut AnyConnection, stream: &StreamId<A>) -> Result<(A, i64), StoreError> {
    fold(&store.read_stream_in(conn, stream.as_str(), 1).await?)
}

/// A stream's events folded into an `A`, with the stream's version (0 when it has none).
pub fn fold<A: Aggregate>(recorded: &[RecordedEvent]) -> Result<(A, i64), StoreError> {
    let version = recorded.last().map_or(0, |e| e.version);
    let mut state = A::default();
    for e in recorded {
        let event = A::Event::decode(&e.event_type, e.schema_version, &e.data).map_err(|d| StoreError::Corrupt { position: e.position, message: d.0 })?;
        state = state.evolve(&event);
    }
    Ok((state, version))
}

/// What a command did on one stream: the state after it and the events it recorded.
pub struct Decided<A: Aggregate> {
    pub state: A,
    pub events: Vec<A::Event>,
    pub recorded: Vec<RecordedEvent>,
}

/// Decides `command` on the current state of `stream` and appends the events in `conn`'s
/// transaction. The outer `Result` is the store's, the inner one the domain's refusal.
pub async fn decide_in<A: Aggregate>(
    store: &EventStore,
    conn: &mut AnyConnection,
    stream: &StreamId<A>,
    metadata: &Metadata,
    command: A::Command,
) -> Result<Result<Decided<A>, A::Error>, StoreError> {
    let (state, version) = load::<A>(store, conn, stream).await?;
    decide_on(store, conn, stream, state, version, metadata, command).await
}

/// [`decide_in`] on a state the caller has already loaded at `version` in this transaction.
pub async fn decide_on<A: Aggregate>(
    store: &EventStore,
    conn: &mut AnyConnection,
    stream: &StreamId<A>,
    state: A,
    version: i64,
    metadata: &Metadata,
    command: A::Command,
) -> Result<Result<Decided<A>, A::Error>, StoreError> {
    let events = match state.decide(command) {
        Ok(events) => events,
        Err(refused) => return Ok(Err(refused)),
    };
    if events.is_empty() {
        return Ok(Ok(Decided { state, events, recorded: Vec::new() }));
    }
    let appended = store.append_in(conn, stream.as_str(), expected(version), encode(&events, metadata)).await?;
    let state = events.iter().fold(state, |s, e| s.evolve(e));
    Ok(Ok(Decided { state, events, recorded: appended.events }))
}

/// Domain events as events to append, each with `metadata`.
pub fn encode<E: DomainEvent>(events: &[E], metadata: &Metadata) -> Vec<NewEvent> {
    events
        .iter()
        .map(|e| {
            let (event_type, data) = e.encode();
            let mut new = NewEvent::new(event_type, data).with_metadata(metadata.clone());
            new.schema_version = E::SCHEMA_VERSION;
            new
        })
        .collect()
}

/// The expected version of an append to a stream read at `version` (0: it does not exist yet).
pub fn expected(version: i64) -> ExpectedVersion {
    if version == 0 { ExpectedVersion::NoStream } else { ExpectedVersion::Exact(version) }
}

/// What a command records about itself: who asked (`actor`) and which request caused it.
pub fn metadata(actor: &str, why: &str) -> Metadata {
    Metadata { actor: Some(actor.to_owned()), causation_id: Some(why.to_owned()), ..Default::default() }
}

/// After a version conflict, waits a jittered moment (so the writers that collided spread out)
/// and says whether to try again: up to 8 tries in all.
pub async fn should_retry(error: &StoreError, tries: &mut u32) -> bool {
    if !matches!(error, StoreError::VersionConflict { .. }) || *tries >= 7 {
        return false;
    }
    *tries += 1;
    let pause = rand::Rng::random_range(&mut rand::rng(), 0..1u64 << (*tries).min(6));
    tokio::time::sleep(std::time::Duration::from_millis(pause)).await;
    true
}

/// Awaits `$attempt` (an expression making a fresh future each time, which begins and commits
/// its own transaction) again after a version conflict; see [`should_retry`].
#[macro_export]
macro_rules! retrying {
    ($attempt:expr) => {{
        let mut tries = 0u32;
        loop {
            match $attempt.await {
                Err(e) if $crate::commands::should_retry(&e, &mut tries).await => continue,
                other => break other,
            }
        }
    }};
}

/// Decides and appends on one stream in a transaction of its own, committing unless refused.
pub async fn decide_and_commit<A: Aggregate>(
    store: &EventStore,
    stream: &StreamId<A>,
    metadata: &Metadata,
    command: A::Command,
) -> Result<Result<Decided<A>, A::Error>, StoreError> {
    let mut tx = store.begin_write().await?;
    let decided = decide_in::<A>(store, &mut tx, stream, metadata, command).await?;
    if decided.is_ok() {
        tx.commit().await?;
        store.committed();
    }
    Ok(decided)
}

/// Carries out a command on one stream in its own transaction, retrying conflicts.
pub async fn execute<A: Aggregate>(
    store: &EventStore,
    stream: &StreamId<A>,
    metadata: &Metadata,
    command: impl Fn() -> A::Command,
) -> Result<(A, Vec<RecordedEvent>), CommandError<A::Error>> {
    let outcome = crate::retrying!(decide_and_commit::<A>(store, stream, metadata, command()))?;
    let decided = outcome.map_err(CommandError::Rejected)?;
    Ok((decided.state, decided.recorded))
}

/// Draws `n` consecutive ids named `name` inside the caller's transaction; returns the first.
/// (Ids the product shows are drawn in the command's transaction and recorded in its events, so
/// a replay reproduces them.)
pub async fn allocate_ids(conn: &mut AnyConnection, name: &str, n: i64) -> Result<i64, StoreError> {
    sqlx::query("insert into id_counter (name, next_id) values ($1, 1) on conflict (name) do nothing").bind(name).execute(&mut *conn).await?;
    let next: i64 = sqlx::query("update id_counter set next_id = next_id + $1 where name = $2 returning next_id")
        .bind(n)
        .bind(name)
        .fetch_one(&mut *conn)
        .await?
        .try_get(0)?;
    Ok(next - n)
}
