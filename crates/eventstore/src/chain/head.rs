//! The chain verified as it grows: what the integrity check anyone may ask for is served from
//! (issue 26). The first run of a process verifies the whole chain; each later run verifies only
//! the links chained since, going on from the last link this process verified, as it computed it
//! (held in memory, not read back from the table). One run at a time; callers who arrive while one
//! runs wait and share the next run's answer instead of each starting their own.
//!
//! What an answer guarantees: every event up to the head was as chained when this process verified
//! it, the links since follow from the one verified before them, the chain still holds that link
//! where it was, no unchained event sits among the new links, and the chain reaches the chainer's
//! checkpoint. What it does not: that an event verified by an earlier run is unchanged since (an
//! edit of an old event, or of an old link, is found by [`verify`](super::verify), which
//! recomputes everything: the auditors' check and `quizroom verify`, or by a saved digest).

use std::sync::atomic::{AtomicU64, Ordering};

use serde::Serialize;
use tokio::sync::Mutex;

use super::Verification;
use super::verify::{Anchor, START, check_from};
use crate::error::StoreError;
use crate::store::EventStore;

/// What a run of [`VerifiedHead::check`] found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Checked {
    /// As [`verify`](super::verify) reports it: `verified` counts every event up to the head.
    #[serde(flatten)]
    pub report: Verification,
    /// How many events the run that answered verified (those chained since the run before).
    pub checked: i64,
    /// Which run of this process answered (the first is 1).
    pub run: u64,
}

/// The last link this process verified and the answer of its last run.
struct State {
    anchor: Anchor,
    last: Option<Checked>,
}

/// The chain's head, verified incrementally (see the module's documentation).
pub struct VerifiedHead {
    state: Mutex<State>,
    /// Runs started so far: a caller shares a run that started after it arrived.
    started: AtomicU64,
}

impl Default for VerifiedHead {
    fn default() -> Self {
        VerifiedHead { state: Mutex::new(State { anchor: START, last: None }), started: AtomicU64::new(0) }
    }
}

impl VerifiedHead {
    pub fn new() -> VerifiedHead {
        VerifiedHead::default()
    }

    /// Verifies what was chained since the last run and answers for the whole chain. A caller that
    /// arrives while a run is going waits for it and then shares the run after it (which started
    /// after the caller arrived, so it covers every event committed before the call).
    pub async fn check(&self, store: &EventStore) -> Result<Checked, StoreError> {
        let arrived = self.started.load(Ordering::Acquire);
        let mut state = self.state.lock().await;
        if let Some(last) = &state.last
            && last.run > arrived
        {
            return Ok(last.clone());
        }
        let run = self.started.fetch_add(1, Ordering::AcqRel) + 1;
        let from = state.anchor;
        let (report, reached) = check_from(store, from).await?;
        let checked = reached.seq - from.seq;
        // A break leaves the anchor at the last link that held: the next run looks there again.
        state.anchor = reached;
        let answer = Checked { report, checked, run };
        state.last = Some(answer.clone());
        Ok(answer)
    }

    /// How many runs this process has made.
    pub fn runs(&self) -> u64 {
        self.started.load(Ordering::Acquire)
    }
}
