//! The WebSocket hub (protocol: `docs/websocket.md`).
//!
//! - [`Hub`] follows the event log as a catch-up subscriber, so every node sees every submission,
//!   also those made through other nodes. It keeps, per watched quiz, the last ranking and a
//!   broadcast channel; a ranking is recomputed from the `best_score` read model at most twice a
//!   second, only for quizzes someone watches, and shared by every connection (each adds its own
//!   rank when it formats the message). Submissions are announced on per-attempt channels.
//! - [`message`]: the protocol's messages, tagged enums both ways; [`channel`]: the channels, one
//!   type with a module each (an attempt's clock, a quiz's leaderboard).
//! - [`game`]: live games: a room per game in play, kept current from the log, with its clock.
//! - [`connection`] runs one client: its messages, its subscriptions and a bounded outgoing
//!   queue; a client that does not keep up is disconnected.
//! - [`admission`]: the places a connection holds (per node, per account, one per player token),
//!   and the sockets of an account whose sessions ended (a `PasswordReset` or `SessionsEnded` in
//!   the log, which every node follows) are closed.
//!
//! Shutdown: cancelling the hub's token ends the follower, the refresher and every connection
//! (closed with 1001, going away).

pub mod admission;
pub mod channel;
pub mod connection;
pub mod game;
pub mod message;
mod outbox;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use quizroom_domain::Aggregate;
use quizroom_domain::attempt::{Attempt, AttemptEvent, SubmitReason};
use quizroom_domain::stream::id_of;
use quizroom_domain::user::{User, UserEvent};
use quizroom_eventstore::EventStore;
use tokio::sync::broadcast;
use tokio_util::sync::CancellationToken;

pub use admission::{Account, Admission, Refusal};
use channel::quiz::Ranking;
pub use connection::{Identity, serve_connection};

/// Milliseconds since the Unix epoch: the server's clock, passed in so tests can move it.
pub type Now = Arc<dyn Fn() -> i64 + Send + Sync>;

/// A question's media as clients are served it at a time: each file with a signed link (the api
/// crate's `media::served`; issue 30).
pub type MediaLinks = Arc<dyn Fn(&quizroom_domain::media::Media, i64) -> serde_json::Value + Send + Sync>;

/// How often a watched quiz's ranking may be recomputed.
const REFRESH: Duration = Duration::from_millis(500);

/// A submission, as announced to the attempt's subscribers.
#[derive(Debug, Clone)]
pub struct Submission {
    pub score: i64,
    pub points: i64,
    pub total: i64,
    pub reason: String,
}

struct QuizChannel {
    sender: broadcast::Sender<Arc<Ranking>>,
    last: Option<Arc<Ranking>>,
    dirty: bool,
}

#[derive(Clone)]
pub struct Hub {
    inner: Arc<Inner>,
}

struct Inner {
    store: EventStore,
    now: Now,
    quizzes: Mutex<HashMap<i64, QuizChannel>>,
    attempts: Mutex<HashMap<String, broadcast::Sender<Arc<Submission>>>>,
    games: Arc<game::Games>,
    /// The places connections hold, and the sessions that ended.
    places: Arc<admission::Places>,
    /// Wakes the refresher when a watched quiz's ranking went stale.
    stale: tokio::sync::Notify,
    /// Cancelled at shutdown: ends the hub's tasks and every connection.
    shutdown: CancellationToken,
}

impl Hub {
    /// `writer` records what live games' players and clocks decide; `links` serves a question's
    /// media.
    pub fn new(store: EventStore, now: Now, max_connections: usize, shutdown: CancellationToken, writer: Arc<dyn game::GameWriter>, links: MediaLinks) -> Hub {
        let games = game::Games::new(store.clone(), now.clone(), writer, links, shutdown.clone());
        Hub {
            inner: Arc::new(Inner {
                games,
                store,
                now,
                quizzes: Mutex::new(HashMap::new()),
                attempts: Mutex::new(HashMap::new()),
                places: Arc::new(admission::Places::new(max_connections)),
                stale: tokio::sync::Notify::new(),
                shutdown,
            }),
        }
    }

    pub fn store(&self) -> &EventStore {
        &self.inner.store
    }

    pub fn now_ms(&self) -> i64 {
        (self.inner.now)()
    }

    /// The live games this node serves.
    pub fn games(&self) -> &Arc<game::Games> {
        &self.inner.games
    }

    pub fn shutdown(&self) -> &CancellationToken {
        &self.inner.shutdown
    }

    /// A place for one more connection of `identity`, speaking for `account` (none for a guest
    /// player), or why not; see [`admission`].
    pub fn admit(&self, identity: &Identity, account: Option<Account>) -> Result<Admission, Refusal> {
        self.inner.places.admit(identity, account)
    }

    /// Runs the log follower and the ranking refresher until shutdown (and resumes the clocks
    /// of the live games that had not finished).
    pub async fn run(self) {
        self.inner.games.resume_unfinished().await;
        tokio::join!(self.clone().follow_log(), self.refresh_rankings());
    }

    /// Receives the rankings of quiz `quiz_id` from now on, with the current one.
    pub async fn watch_quiz(&self, quiz_id: i64) -> Result<(broadcast::Receiver<Arc<Ranking>>, Arc<Ranking>), sqlx::Error> {
        let (receiver, last) = {
            let mut quizzes = self.inner.quizzes.lock().expect("hub lock");
            let channel = quizzes.entry(quiz_id).or_insert_with(|| QuizChannel { sender: broadcast::channel(4).0, last: None, dirty: false });
            (channel.sender.subscribe(), channel.last.clone())
        };
        let current = match last {
            Some(r) => r,
            None => {
                let r = Arc::new(Ranking::load(&self.inner.store, quiz_id).await?);
                if let Some(channel) = self.inner.quizzes.lock().expect("hub lock").get_mut(&quiz_id) {
                    channel.last.get_or_insert_with(|| r.clone());
                }
                r
            }
        };
        Ok((receiver, current))
    }

    /// Receives the submission of attempt `attempt_id`, if it comes.
    pub fn watch_attempt(&self, attempt_id: &str) -> broadcast::Receiver<Arc<Submission>> {
        let mut attempts = self.inner.attempts.lock().expect("hub lock");
        attempts.entry(attempt_id.to_owned()).or_insert_with(|| broadcast::channel(1).0).subscribe()
    }

    /// Follows the log from its head: announces submissions and marks their quizzes' rankings stale.
    async fn follow_log(self) {
        let store = self.inner.store.clone();
        let shutdown = self.inner.shutdown.clone();
        let start = loop {
            match store.head_cursor().await {
                Ok(cursor) => break cursor,
                Err(e) => {
                    tracing::warn!(error = %e, "the hub cannot find the head of the log; retrying");
                    tokio::select! {
                        _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                        _ = shutdown.cancelled() => return,
                    }
                }
            }
        };
        let mut subscription = store.subscribe(start, shutdown.clone());
        while !shutdown.is_cancelled() {
            let batch = match subscription.next_batch().await {
                Ok(batch) => batch,
                Err(e) => {
                    tracing::warn!(error = %e, "the hub could not read the log; retrying");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
            };
            if batch.is_empty() {
                subscription.wait().await;
                continue;
            }
            self.inner.games.apply(&batch);
            self.end_sessions(&batch);
            let mut submitted: Vec<(String, Submission)> = Vec::new();
            // A granted retake takes the player's entry out of the quiz's ranking.
            let mut retaken: Vec<&str> = Vec::new();
            for e in batch.iter().filter(|e| e.stream_type() == Attempt::STREAM) {
                let Some(attempt_id) = id_of::<Attempt>(&e.stream_id) else { continue };
                match quizroom_projections::decode::<AttemptEvent>(e) {
                    Ok(AttemptEvent::AttemptSubmitted { score, points, total, reason, .. }) => {
                        let reason = match reason {
                            SubmitReason::Player => "player",
                            SubmitReason::Timeout => "timeout",
                        };
                        submitted.push((attempt_id.to_owned(), Submission { score, points, total, reason: reason.to_owned() }));
                    }
                    Ok(AttemptEvent::RetakeGranted { .. }) => retaken.push(attempt_id),
                    Ok(_) => {}
                    Err(error) => tracing::warn!(%error, "the hub skipped an attempt event it could not read"),
                }
            }
            if submitted.is_empty() && retaken.is_empty() {
                continue;
            }
            {
                let attempts = self.inner.attempts.lock().expect("hub lock");
                for (attempt_id, submission) in &submitted {
                    if let Some(sender) = attempts.get(attempt_id) {
                        let _ = sender.send(Arc::new(submission.clone()));
                    }
                }
            }
            self.mark_quizzes_of(submitted.iter().map(|(id, _)| id.as_str()).chain(retaken).collect()).await;
        }
    }

    /// Closes the sockets of the sessions a password reset or "sign out everywhere" ended.
    fn end_sessions(&self, batch: &[quizroom_eventstore::RecordedEvent]) {
        for e in batch.iter().filter(|e| e.stream_type() == User::STREAM) {
            let Some(user_id) = id_of::<User>(&e.stream_id) else { continue };
            match quizroom_projections::decode::<UserEvent>(e) {
                Ok(UserEvent::PasswordReset { at, .. } | UserEvent::SessionsEnded { at }) => self.inner.places.end_sessions(user_id, at),
                Ok(_) => {}
                Err(error) => tracing::warn!(%error, "the hub skipped a user event it could not read"),
            }
        }
    }

    async fn mark_quizzes_of(&self, attempt_ids: Vec<&str>) {
        if self.inner.quizzes.lock().expect("hub lock").is_empty() {
            return;
        }
        match quizroom_projections::attempt::read::quizzes_of(self.inner.store.pool(), &attempt_ids).await {
            Ok(quiz_ids) => {
                let mut quizzes = self.inner.quizzes.lock().expect("hub lock");
                for id in quiz_ids {
                    if let Some(channel) = quizzes.get_mut(&id) {
                        channel.dirty = true;
                        self.inner.stale.notify_one();
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "the hub could not find the quizzes of new submissions"),
        }
    }

    /// Recomputes the stale rankings that someone watches as soon as one goes stale, then waits
    /// REFRESH before the next round (so at most twice a second, and no delay for a first change);
    /// forgets channels nobody watches.
    async fn refresh_rankings(self) {
        loop {
            tokio::select! {
                _ = self.inner.stale.notified() => {}
                _ = tokio::time::sleep(Duration::from_secs(5)) => {}
                _ = self.inner.shutdown.cancelled() => return,
            }
            let stale: Vec<i64> = {
                let mut quizzes = self.inner.quizzes.lock().expect("hub lock");
                quizzes.retain(|_, c| c.sender.receiver_count() > 0);
                quizzes
                    .iter_mut()
                    .filter(|(_, c)| c.dirty)
                    .map(|(id, c)| {
                        c.dirty = false;
                        *id
                    })
                    .collect()
            };
            self.inner.attempts.lock().expect("hub lock").retain(|_, s| s.receiver_count() > 0);
            if stale.is_empty() {
                // Housekeeping only: no pause, so the next change is sent at once.
                continue;
            }
            for quiz_id in stale {
                match Ranking::load(&self.inner.store, quiz_id).await {
                    Ok(ranking) => {
                        let ranking = Arc::new(ranking);
                        if let Some(channel) = self.inner.quizzes.lock().expect("hub lock").get_mut(&quiz_id) {
                            channel.last = Some(ranking.clone());
                            let _ = channel.sender.send(ranking);
                        }
                    }
                    Err(e) => {
                        tracing::warn!(quiz_id, error = %e, "could not recompute a leaderboard; will retry");
                        if let Some(channel) = self.inner.quizzes.lock().expect("hub lock").get_mut(&quiz_id) {
                            channel.dirty = true;
                            self.inner.stale.notify_one();
                        }
                    }
                }
            }
            tokio::select! {
                _ = tokio::time::sleep(REFRESH) => {}
                _ = self.inner.shutdown.cancelled() => return,
            }
        }
    }
}
