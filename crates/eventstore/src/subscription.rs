//! A catch-up subscription: reads the log from a cursor in pages, then waits for wake-ups (or the
//! poll interval) and reads on. It never skips a committed event (see [`EventStore::read_all`]);
//! its cursor can be saved and a new subscription resumed from it.

use std::collections::VecDeque;

use tokio::sync::watch;
use tokio_util::sync::CancellationToken;

use crate::error::StoreError;
use crate::store::EventStore;
use crate::types::{Cursor, RecordedEvent};

const PAGE: i64 = 1000;

pub struct Subscription {
    store: EventStore,
    cursor: Cursor,
    buffer: VecDeque<RecordedEvent>,
    wake: watch::Receiver<u64>,
    /// Cancelling it ends the subscription: `next` returns `None`.
    shutdown: CancellationToken,
}

impl Subscription {
    pub(crate) fn new(store: EventStore, after: Cursor, shutdown: CancellationToken) -> Self {
        let wake = store.wakeups();
        Subscription { store, cursor: after, buffer: VecDeque::new(), wake, shutdown }
    }

    /// The cursor just past the last event returned by [`next`](Self::next).
    pub fn cursor(&self) -> Cursor {
        self.cursor
    }

    /// The next committed event, waiting for one if the subscription has caught up; `None` once
    /// shutdown is signalled.
    pub async fn next(&mut self) -> Result<Option<RecordedEvent>, StoreError> {
        loop {
            if self.shutdown.is_cancelled() {
                return Ok(None);
            }
            if let Some(event) = self.buffer.pop_front() {
                self.cursor = event.cursor();
                return Ok(Some(event));
            }
            if !self.fill().await? {
                self.wait().await;
            }
        }
    }

    /// Every event available now (up to one page), without waiting; empty when caught up.
    pub async fn next_batch(&mut self) -> Result<Vec<RecordedEvent>, StoreError> {
        if self.buffer.is_empty() {
            self.fill().await?;
        }
        let batch: Vec<RecordedEvent> = self.buffer.drain(..).collect();
        if let Some(last) = batch.last() {
            self.cursor = last.cursor();
        }
        Ok(batch)
    }

    /// Waits until new events may be readable, the poll interval passes, or shutdown.
    pub async fn wait(&mut self) {
        let poll = self.store.poll_interval();
        tokio::select! {
            _ = self.wake.changed() => {}
            _ = tokio::time::sleep(poll) => {}
            _ = self.shutdown.cancelled() => {}
        }
    }

    async fn fill(&mut self) -> Result<bool, StoreError> {
        // Mark the wake-up seen before reading, so a commit after this read wakes the next wait.
        self.wake.borrow_and_update();
        let page = self.store.read_all(self.cursor, PAGE).await?;
        let found = !page.is_empty();
        self.buffer.extend(page);
        Ok(found)
    }
}
