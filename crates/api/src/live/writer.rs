//! The hub's writes for live games ([`GameWriter`]): players' answers written in groups, and the
//! game clock's commands.
//!
//! Answers are the busiest writes of a game: a whole room answers within seconds. Each player has
//! a stream of their own, so answers never conflict with each other; the answers that arrive while
//! one group is being written wait for the next transaction and are written together in it (as
//! submissions are, decision 0017), and each is acknowledged once that transaction committed. A
//! group that fails on the store is written again one answer at a time, so grouping changes how
//! many transactions there are and never what they record.
//!
//! The writer's task is the one serial part of the answer path (decision 0047), so it does only
//! what must be serial: the hub decides each answer on the player as its room holds them, and the
//! answer's events are encoded on the answering task, on any core; the group is then two
//! statements (the stream versions checked as one set, the events inserted as one) and the live
//! projection's. An answer whose player's stream moved meanwhile (the room was behind the log) is
//! left out of its group and decided again on the log, alone.

use std::sync::Arc;

use async_trait::async_trait;
use quizroom_domain::StreamId;
use quizroom_domain::game::{GameCommand, LiveGame};
use quizroom_domain::player::GamePlayer;
use quizroom_eventstore::{EventStore, NewEvent, RecordedEvent, StoreError};
use quizroom_hub::game::{Answer, GameWriter, Refused};
use tokio::sync::{mpsc, oneshot, watch};
use tokio_util::sync::CancellationToken;

use crate::commands::{CommandError, decide_and_commit, encode, execute, metadata};
use crate::group_commit::{GroupWrite, next_group, write_grouped};

/// Answers written in one transaction at most.
const MOST_PER_BATCH: usize = 1024;

type Reply = Result<Vec<RecordedEvent>, Refused>;

struct Job {
    answer: Answer,
    /// The answer's events, encoded by the answering task.
    events: Vec<NewEvent>,
    reply: oneshot::Sender<Reply>,
}

/// Holds the answer writer back while closed (tests: a writer that falls behind, decision 0047).
#[derive(Clone)]
pub struct WriteGate(Arc<watch::Sender<bool>>);

impl WriteGate {
    /// A gate that holds every group of answers until [`open`](Self::open).
    pub fn closed() -> WriteGate {
        WriteGate(Arc::new(watch::channel(false).0))
    }

    pub fn open(&self) {
        self.0.send_replace(true);
    }

    pub fn close(&self) {
        self.0.send_replace(false);
    }

    async fn passed(&self) {
        let _ = self.0.subscribe().wait_for(|open| *open).await;
    }
}

/// Writes what the hub's games decide (cheap to clone).
#[derive(Clone)]
pub struct LiveWriter {
    store: EventStore,
    jobs: mpsc::Sender<Job>,
}

impl LiveWriter {
    /// The writer and its task, which runs until `shutdown` and then writes what is queued.
    /// A `gate` holds each group back until it is open (tests only).
    pub fn start(store: EventStore, shutdown: CancellationToken, gate: Option<WriteGate>) -> (LiveWriter, impl Future<Output = ()> + Send + 'static) {
        let (jobs, receiver) = mpsc::channel(8192);
        let task = write(store.clone(), receiver, shutdown, gate);
        (LiveWriter { store, jobs }, task)
    }
}

#[async_trait]
impl GameWriter for LiveWriter {
    async fn answer(&self, answer: Answer) -> Reply {
        let (reply, outcome) = oneshot::channel();
        let events = encode(&answer.events, &actor(&answer));
        match self.jobs.send(Job { answer, events, reply }).await {
            Ok(()) => outcome.await.unwrap_or(Err(Refused::Unavailable)),
            // The writer has stopped (shutting down): write it here.
            Err(mpsc::error::SendError(job)) => answer_one(&self.store, &job.answer).await,
        }
    }

    async fn clock(&self, game_id: &str, command: GameCommand) -> Vec<RecordedEvent> {
        let stream = StreamId::<LiveGame>::new(game_id);
        match execute(&self.store, &stream, &metadata("server", "game_clock"), || command.clone()).await {
            Ok((_, recorded)) => recorded,
            // Refused: the game moved on (another node's clock, or the host) and there is nothing to do.
            Err(CommandError::Rejected(_)) => Vec::new(),
            Err(CommandError::Store(error)) => {
                tracing::warn!(%error, game_id, "the game clock could not write; it will try again");
                Vec::new()
            }
        }
    }
}

fn actor(answer: &Answer) -> quizroom_eventstore::Metadata {
    metadata(&format!("player:{}", answer.player_id), "live_answer")
}

/// One answer in a transaction of its own (retrying version conflicts).
async fn answer_one(store: &EventStore, answer: &Answer) -> Reply {
    let stream = StreamId::<GamePlayer>::new(&answer.player_id);
    match crate::retrying!(decide_and_commit(store, &stream, &actor(answer), answer.command.clone())) {
        Ok(Ok(decided)) => Ok(decided.recorded),
        Ok(Err(e)) => Err(Refused::Player(e)),
        Err(error) => {
            tracing::warn!(%error, "could not record an answer");
            Err(Refused::Unavailable)
        }
    }
}

/// Answers of distinct players in one transaction, each at the version its player was decided on;
/// those whose stream moved meanwhile are decided again on the log afterwards, one by one. One
/// outcome per answer, or the store's error.
async fn answer_together(store: &EventStore, jobs: &[&Job]) -> Result<Vec<Reply>, StoreError> {
    let started = std::time::Instant::now();
    let mut tx = store.begin_write().await?;
    let waited = started.elapsed();
    let appends = jobs.iter().map(|j| (StreamId::<GamePlayer>::new(&j.answer.player_id).as_str().to_owned(), j.answer.version, j.events.clone())).collect();
    let appended = store.append_exact_in(&mut tx, appends).await?;
    tx.commit().await?;
    store.committed();
    let moved = appended.iter().filter(|a| a.is_none()).count();
    tracing::debug!(answers = jobs.len(), moved, waited_ms = waited.as_millis() as u64, took_ms = started.elapsed().as_millis() as u64, "answers written");
    let mut outcomes = Vec::with_capacity(jobs.len());
    for (job, appended) in jobs.iter().zip(appended) {
        outcomes.push(match appended {
            Some(appended) => Ok(appended.events),
            None => answer_one(store, &job.answer).await,
        });
    }
    Ok(outcomes)
}

/// Answers are written in groups (`group_commit`): a player's first answer of a group with the
/// others', their further answers after it, one by one (they are then refused as second answers,
/// or count for another question).
struct Answers(EventStore);

impl GroupWrite for Answers {
    type Item = Job;
    type Outcome = Reply;
    type Failed = StoreError;
    const WHAT: &'static str = "answers";

    fn stream(job: &Job) -> &str {
        &job.answer.player_id
    }

    async fn together(&self, jobs: &[&Job]) -> Result<Vec<Reply>, StoreError> {
        answer_together(&self.0, jobs).await
    }

    async fn alone(&self, job: &Job) -> Reply {
        answer_one(&self.0, &job.answer).await
    }
}

/// Takes what is waiting (at least one answer), writes it in one transaction, replies.
async fn write(store: EventStore, mut receiver: mpsc::Receiver<Job>, shutdown: CancellationToken, gate: Option<WriteGate>) {
    let writes = Answers(store);
    while let Some(jobs) = next_group(&mut receiver, &shutdown, MOST_PER_BATCH).await {
        if let Some(gate) = &gate {
            gate.passed().await;
        }
        // Players wait on these: the background writers let them go first.
        let _urgent = writes.0.urgent();
        let items: Vec<&Job> = jobs.iter().collect();
        let outcomes = write_grouped(&writes, &items).await;
        for (job, outcome) in jobs.into_iter().zip(outcomes) {
            let _ = job.reply.send(outcome);
        }
    }
}
