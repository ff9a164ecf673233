//! Who writes first on SQLite's single writer connection: a write someone is waiting on (a live
//! game's answers, acknowledged once durable) goes before the background writers (the
//! asynchronous projectors and the hash chain), which lag the log by design. While answers keep
//! coming, a background writer waits for a quiet moment, at most [`BACKGROUND_WAIT`] at a time,
//! and catches up between questions (decision 0047). On PostgreSQL writers do not queue for one
//! connection, and nobody waits.

use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::{Backend, EventStore};

/// How long a background writer lets urgent writes go first, at most, before it takes a short
/// turn: longer than a quick question's answering time.
pub const BACKGROUND_WAIT: Duration = Duration::from_secs(10);
/// How long no urgent write must have run for a background writer to go.
const QUIET: Duration = Duration::from_millis(20);

#[derive(Default)]
pub(super) struct Urgency {
    running: AtomicUsize,
    /// When the last urgent write ended, in milliseconds since `since`.
    ended_ms: AtomicI64,
    since: std::sync::OnceLock<Instant>,
}

impl Urgency {
    fn now_ms(&self) -> i64 {
        self.since.get_or_init(Instant::now).elapsed().as_millis() as i64
    }
}

/// An urgent write running (from [`EventStore::urgent`]); it ends when this is dropped.
pub struct Urgent<'a>(&'a Urgency);

impl Drop for Urgent<'_> {
    fn drop(&mut self) {
        self.0.ended_ms.store(self.0.now_ms(), Ordering::Relaxed);
        self.0.running.fetch_sub(1, Ordering::Relaxed);
    }
}

impl EventStore {
    /// Marks a write someone is waiting on until the returned guard is dropped: background
    /// writers let it go first.
    pub fn urgent(&self) -> Urgent<'_> {
        self.inner.urgent.running.fetch_add(1, Ordering::Relaxed);
        Urgent(&self.inner.urgent)
    }

    /// Waits, before a background writer's transaction, until no urgent write has run for a
    /// moment (true), or at most [`BACKGROUND_WAIT`] (false: urgent writes still run).
    pub async fn background_turn(&self) -> bool {
        if self.backend() != Backend::Sqlite {
            return true;
        }
        let started = Instant::now();
        let urgency = &self.inner.urgent;
        loop {
            if urgency.running.load(Ordering::Relaxed) == 0 && urgency.now_ms() - urgency.ended_ms.load(Ordering::Relaxed) >= QUIET.as_millis() as i64 {
                return true;
            }
            if started.elapsed() >= BACKGROUND_WAIT {
                return false;
            }
            tokio::time::sleep(QUIET).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use crate::testing::TestDb;
    use crate::{EventStore, StoreOptions};

    #[tokio::test]
    async fn a_background_writer_waits_while_an_urgent_write_runs() {
        let db = TestDb::sqlite();
        let store = EventStore::connect(&db.url, StoreOptions::default()).await.unwrap();
        assert!(store.background_turn().await, "nothing urgent: its turn at once");
        let urgent = store.urgent();
        let waiting = tokio::time::timeout(Duration::from_millis(300), store.background_turn()).await;
        assert!(waiting.is_err(), "it waits while the urgent write runs");
        drop(urgent);
        let turn = tokio::time::timeout(Duration::from_secs(2), store.background_turn()).await;
        assert_eq!(turn.ok(), Some(true), "its turn once the urgent write ended");
    }
}
