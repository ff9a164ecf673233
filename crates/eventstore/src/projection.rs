//! Projections build read models from events.
//!
//! - A [`TransactionalProjection`] runs inside the append's transaction: its read model is never
//!   behind the log, and a unique index on it can refuse an append atomically.
//! - A [`Projector`] runs asynchronously behind the log. Each batch is one transaction holding its
//!   read-model writes *and* its checkpoint, so a crash in between loses and doubles nothing. On
//!   PostgreSQL the checkpoint row is locked (`for update skip locked`) for the batch, so several
//!   nodes can run the same projector and only one projects at a time.

use std::sync::Arc;

use async_trait::async_trait;
use sqlx::{AnyConnection, Row};
use tokio_util::sync::CancellationToken;

use crate::error::{ProjectionError, StoreError};
use crate::store::{Backend, EventStore};
use crate::types::{Cursor, RecordedEvent};

/// A read model updated in the same transaction as the append.
#[async_trait]
pub trait TransactionalProjection: Send + Sync {
    fn name(&self) -> &'static str;
    /// The tables it owns; `replay` empties them before rebuilding.
    fn tables(&self) -> &'static [&'static str];
    async fn apply(&self, conn: &mut AnyConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError>;
}

/// A read model updated asynchronously behind the log, with its own checkpoint.
#[async_trait]
pub trait Projector: Send + Sync {
    /// Also the checkpoint's name.
    fn name(&self) -> &'static str;
    fn tables(&self) -> &'static [&'static str];
    async fn apply(&self, conn: &mut AnyConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError>;
    /// Whether its batches may commit without waiting for the disk (PostgreSQL's
    /// `synchronous_commit = off`; decision 0028). A batch lost in a crash is lost together with
    /// its checkpoint and projected again, so the read model stays whole; but other sessions may
    /// see a batch before it is durable, so only read models nothing outside the database acts on
    /// may say yes.
    fn relaxed_commit(&self) -> bool {
        false
    }
    /// What of the log it reads: the others are skipped in the database, never sent or decoded.
    fn reads(&self) -> Reads {
        Reads::Everything
    }
}

/// The part of the log a [`Projector`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reads {
    Everything,
    /// Every event, its payload and metadata left out (`data` is `null`).
    Headers,
    /// Only the events of streams of these types (`{type}-{id}`).
    Streams(&'static [&'static str]),
}

/// How many events a [`Reads::Streams`] batch passes over for each one it may read: the others
/// cost only a look at their stream's name.
const SKIM: i64 = 10;

/// What one [`project_batch`] call did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchOutcome {
    /// Applied this many events and moved the checkpoint past them (0: caught up).
    Applied(usize),
    /// Another node holds the checkpoint; nothing was done.
    Busy,
}

/// Projects the next batch of at most `limit` events (for [`Reads::Streams`], of the next
/// `limit × SKIM` events, those it reads) in one transaction with the checkpoint.
pub async fn project_batch(store: &EventStore, projector: &dyn Projector, limit: i64) -> Result<BatchOutcome, StoreError> {
    project_batch_after(store, projector, limit, None).await
}

/// [`project_batch`] for a running projector of [`Reads::Streams`], which remembers how far it
/// has looked ahead (`skimmed`): a window holding none of its events is passed over with a read
/// alone, no write transaction and no checkpoint written (SQLite's one writer stays free for the
/// writes players wait on). The checkpoint catches up with the next batch that has events; after a
/// restart the projector looks through the skimmed part again, finding nothing in it.
async fn project_skimming(
    store: &EventStore,
    projector: &dyn Projector,
    limit: i64,
    skimmed: &std::sync::Mutex<Option<Cursor>>,
) -> Result<BatchOutcome, StoreError> {
    let Reads::Streams(types) = projector.reads() else {
        return project_batch(store, projector, limit).await;
    };
    let ahead = *skimmed.lock().expect("skimmed lock");
    let mut conn = store.pool().acquire().await?;
    let saved = read_checkpoint(&mut conn, projector.name()).await?;
    let from = ahead.map_or(saved, |a| a.max(saved));
    let Some((end, passed)) = store.window_end_in(&mut conn, from, limit * SKIM).await? else {
        return Ok(BatchOutcome::Applied(0));
    };
    if store.read_streams_between_in(&mut conn, from, end, types).await?.is_empty() {
        *skimmed.lock().expect("skimmed lock") = Some(end);
        return Ok(BatchOutcome::Applied(passed.div_ceil(SKIM as usize)));
    }
    drop(conn);
    let outcome = project_batch_after(store, projector, limit, ahead).await?;
    if matches!(outcome, BatchOutcome::Applied(_)) {
        *skimmed.lock().expect("skimmed lock") = None;
    }
    Ok(outcome)
}

/// [`project_batch`] starting after `ahead` when it is past the checkpoint (a [`Reads::Streams`]
/// projector's skimmed place: none of its events lie between the two).
async fn project_batch_after(store: &EventStore, projector: &dyn Projector, limit: i64, ahead: Option<Cursor>) -> Result<BatchOutcome, StoreError> {
    let mut tx = store.begin_write().await?;
    let Some(cursor) = lock_checkpoint(store, &mut tx, projector.name()).await? else {
        return Ok(BatchOutcome::Busy);
    };
    let (events, passed, next) = match projector.reads() {
        Reads::Everything => {
            let events = store.read_all_in(&mut tx, cursor, limit).await?;
            let (passed, next) = (events.len(), events.last().map(RecordedEvent::cursor));
            (events, passed, next)
        }
        Reads::Headers => {
            let events = store.read_headers_in(&mut tx, cursor, limit).await?;
            let (passed, next) = (events.len(), events.last().map(RecordedEvent::cursor));
            (events, passed, next)
        }
        Reads::Streams(types) => {
            let cursor = ahead.map_or(cursor, |a| a.max(cursor));
            let Some((end, passed)) = store.window_end_in(&mut tx, cursor, limit * SKIM).await? else {
                return Ok(BatchOutcome::Applied(0));
            };
            let events = store.read_streams_between_in(&mut tx, cursor, end, types).await?;
            // Counted in the batches' unit: a window of `limit × SKIM` events is a full batch.
            (events, passed.div_ceil(SKIM as usize), Some(end))
        }
    };
    let Some(next) = next else {
        return Ok(BatchOutcome::Applied(0));
    };
    if projector.relaxed_commit() && store.backend() == Backend::Postgres {
        sqlx::query("set local synchronous_commit = off").execute(&mut *tx).await?;
    }
    if !events.is_empty() {
        projector.apply(&mut tx, &events).await.map_err(|source| StoreError::Projection { projection: projector.name().to_owned(), source })?;
    }
    save_checkpoint(&mut tx, projector.name(), next).await?;
    tx.commit().await?;
    Ok(BatchOutcome::Applied(passed))
}

/// The cursor of checkpoint `name` (created at the start of the log if new), locked for the rest
/// of the write transaction; `None` when another node holds it (PostgreSQL).
pub(crate) async fn lock_checkpoint(store: &EventStore, conn: &mut AnyConnection, name: &str) -> Result<Option<Cursor>, StoreError> {
    sqlx::query(
        "insert into checkpoints (name, cursor_tx, cursor_position) values ($1, 0, 0) \
         on conflict (name) do nothing",
    )
    .bind(name)
    .execute(&mut *conn)
    .await?;
    let lock = match store.backend() {
        Backend::Postgres => "select cursor_tx, cursor_position from checkpoints where name = $1 for update skip locked",
        Backend::Sqlite => "select cursor_tx, cursor_position from checkpoints where name = $1",
    };
    let row = sqlx::query(lock).bind(name).fetch_optional(&mut *conn).await?;
    Ok(match row {
        Some(row) => Some(Cursor { tx_id: row.try_get(0)?, position: row.try_get(1)? }),
        None => None,
    })
}

/// The cursor of checkpoint `name` as saved (the start of the log if it has none), unlocked.
async fn read_checkpoint(conn: &mut AnyConnection, name: &str) -> Result<Cursor, StoreError> {
    let row = sqlx::query("select cursor_tx, cursor_position from checkpoints where name = $1").bind(name).fetch_optional(&mut *conn).await?;
    Ok(match row {
        Some(row) => Cursor { tx_id: row.try_get(0)?, position: row.try_get(1)? },
        None => Cursor::START,
    })
}

pub(crate) async fn save_checkpoint(conn: &mut AnyConnection, name: &str, cursor: Cursor) -> Result<(), StoreError> {
    sqlx::query("update checkpoints set cursor_tx = $1, cursor_position = $2 where name = $3")
        .bind(cursor.tx_id)
        .bind(cursor.position)
        .bind(name)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Keeps `projector` caught up with the log until `shutdown`. A failing batch is logged and
/// retried after a pause (it rolled back whole, so nothing is half applied).
pub async fn run_projector(store: EventStore, projector: Arc<dyn Projector>, shutdown: CancellationToken) {
    let skimmed = std::sync::Mutex::new(None);
    keep_up(&store, projector.name(), shutdown, PROJECTOR_SETTLE, PROJECTOR_BATCH, |limit| project_skimming(&store, projector.as_ref(), limit, &skimmed)).await;
}

/// Events a projector batch reads at most.
const PROJECTOR_BATCH: i64 = 500;

/// Events a background batch reads at most when it takes its turn while urgent writes still run.
const TURN_BATCH: i64 = 100;

/// How long a projector that has caught up lets commits gather before its next batch: under load
/// a batch then takes many commits' events in one transaction, instead of one transaction (on
/// SQLite, one more turn of the single writer) per commit. Read models lag the log by about this.
const PROJECTOR_SETTLE: std::time::Duration = std::time::Duration::from_millis(50);

/// Runs `batch` until it finds less than a full batch (`full` events), then waits `settle` and
/// for a wake-up (or the poll interval) and runs it again, until `shutdown`; failures are logged
/// as `name`'s and retried after a pause. Writes someone is waiting on go first
/// ([`EventStore::background_turn`]); a turn taken while they still run is a short batch
/// ([`TURN_BATCH`] events), so it holds them up only briefly.
pub(crate) async fn keep_up<F, Fut>(store: &EventStore, name: &str, shutdown: CancellationToken, settle: std::time::Duration, full: i64, mut batch: F)
where
    F: FnMut(i64) -> Fut,
    Fut: std::future::Future<Output = Result<BatchOutcome, StoreError>>,
{
    let mut wake = store.wakeups();
    let mut failures = 0u32;
    while !shutdown.is_cancelled() {
        wake.borrow_and_update();
        let limit = if store.background_turn().await { full } else { TURN_BATCH };
        let started = std::time::Instant::now();
        let outcome = batch(limit).await;
        if let Ok(BatchOutcome::Applied(n)) = &outcome {
            tracing::debug!(writer = name, events = n, limit, took_ms = started.elapsed().as_millis() as u64, "background batch");
        }
        let pause = match outcome {
            Ok(BatchOutcome::Applied(n)) if n as i64 >= limit => {
                failures = 0;
                continue;
            }
            Ok(BatchOutcome::Applied(n)) if n > 0 => {
                failures = 0;
                tokio::select! {
                    _ = tokio::time::sleep(settle) => {}
                    _ = shutdown.cancelled() => {}
                }
                continue;
            }
            Ok(_) => store.poll_interval(),
            Err(e) => {
                failures = failures.saturating_add(1);
                tracing::error!(projector = name, error = %e, "projector batch failed; retrying");
                std::time::Duration::from_millis(200 * u64::from(failures.min(25)))
            }
        };
        tokio::select! {
            _ = wake.changed(), if failures == 0 => {}
            _ = tokio::time::sleep(pause) => {}
            _ = shutdown.cancelled() => {}
        }
    }
}

/// What [`replay`] did.
#[derive(Debug, Clone, Copy)]
pub struct ReplayReport {
    pub events: u64,
    pub elapsed: std::time::Duration,
}

/// Empties every read model and rebuilds it from the whole log, in one transaction: readers see
/// the old read models until the new ones are complete. Run it with the servers stopped.
pub async fn replay(store: &EventStore, projectors: &[Arc<dyn Projector>]) -> Result<ReplayReport, StoreError> {
    let started = std::time::Instant::now();
    let mut tx = store.begin_write().await?;
    let tables = store.projections().iter().flat_map(|p| p.tables()).chain(projectors.iter().flat_map(|p| p.tables()));
    for table in tables {
        sqlx::query(sqlx::AssertSqlSafe(format!("delete from {table}"))).execute(&mut *tx).await?;
    }
    let mut cursor = Cursor::START;
    let mut events = 0u64;
    loop {
        let batch = store.read_all_visible_in(&mut tx, cursor, 5000).await?;
        let Some(last) = batch.last() else { break };
        cursor = last.cursor();
        events += batch.len() as u64;
        for p in store.projections() {
            p.apply(&mut tx, &batch).await.map_err(|source| StoreError::Projection { projection: p.name().to_owned(), source })?;
        }
        for p in projectors {
            p.apply(&mut tx, &batch).await.map_err(|source| StoreError::Projection { projection: p.name().to_owned(), source })?;
        }
    }
    for p in projectors {
        sqlx::query(
            "insert into checkpoints (name, cursor_tx, cursor_position) values ($1, $2, $3) \
             on conflict (name) do update set cursor_tx = excluded.cursor_tx, cursor_position = excluded.cursor_position",
        )
        .bind(p.name())
        .bind(cursor.tx_id)
        .bind(cursor.position)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    store.committed();
    Ok(ReplayReport { events, elapsed: started.elapsed() })
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use serde_json::json;

    use super::*;
    use crate::testing::{TestDb, settled};
    use crate::{ExpectedVersion, NewEvent, StoreOptions};

    crate::backend_tests! {
        a_projector_of_some_streams_passes_over_others_without_writing,
    }

    struct Keeps(Mutex<Vec<i64>>);

    #[async_trait]
    impl Projector for Keeps {
        fn name(&self) -> &'static str {
            "test_skims"
        }
        fn tables(&self) -> &'static [&'static str] {
            &[]
        }
        fn reads(&self) -> Reads {
            Reads::Streams(&["keep"])
        }
        async fn apply(&self, _: &mut AnyConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
            self.0.lock().unwrap().extend(events.iter().map(|e| e.position));
            Ok(())
        }
    }

    async fn append(store: &EventStore, stream: &str) {
        store.append(stream, ExpectedVersion::Any, vec![NewEvent::new("Noted", json!({}))]).await.unwrap();
    }

    async fn checkpoint(store: &EventStore) -> Option<i64> {
        let row = sqlx::query("select cursor_position from checkpoints where name = 'test_skims'").fetch_optional(store.pool()).await.unwrap();
        row.map(|r| r.try_get(0).unwrap())
    }

    async fn a_projector_of_some_streams_passes_over_others_without_writing(db: &TestDb) {
        let store = EventStore::connect(&db.url, StoreOptions::default()).await.unwrap();
        for i in 0..30 {
            append(&store, &format!("skip-{i}")).await;
        }
        settled(&store).await;
        let (keeps, skimmed) = (Keeps(Mutex::new(Vec::new())), Mutex::new(None));
        // Windows of 20 events (a limit of 2), none of them its own: read, never written.
        assert_eq!(project_skimming(&store, &keeps, 2, &skimmed).await.unwrap(), BatchOutcome::Applied(2));
        assert_eq!(project_skimming(&store, &keeps, 2, &skimmed).await.unwrap(), BatchOutcome::Applied(1));
        assert_eq!(checkpoint(&store).await, None, "nothing written while there was nothing to project");
        assert_eq!(skimmed.lock().unwrap().map(|c| c.position), Some(30));
        // Its own event: projected from where it had looked ahead to, and the checkpoint saved.
        append(&store, "keep-1").await;
        settled(&store).await;
        assert_eq!(project_skimming(&store, &keeps, 2, &skimmed).await.unwrap(), BatchOutcome::Applied(1));
        assert_eq!(*keeps.0.lock().unwrap(), [31]);
        assert_eq!((checkpoint(&store).await, *skimmed.lock().unwrap()), (Some(31), None));
        assert_eq!(project_skimming(&store, &keeps, 2, &skimmed).await.unwrap(), BatchOutcome::Applied(0));
        store.close().await;
    }
}
