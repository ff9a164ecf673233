//! The hub's writes for live games ([`GameWriter`]): players' answers written in groups, and the
//! game clock's commands.
//!
//! Answers are the busiest writes of a game: a whole room answers within seconds. Each player has
//! a stream of their own, so answers never conflict with each other; the answers that arrive while
//! one group is being written wait for the next transaction and are written together in it (as
//! submissions are, decision 0017), and each is acknowledged once that transaction committed. A
//! group that fails on the store is written again one answer at a time, so grouping changes how
//! many transactions there are and never what they record.

use async_trait::async_trait;
use quizroom_domain::game::{GameCommand, LiveGame};
use quizroom_domain::player::{GamePlayer, PlayerCommand, PlayerError};
use quizroom_domain::{Aggregate, StreamId};
use quizroom_eventstore::{EventStore, RecordedEvent, StoreError};
use quizroom_hub::game::{Answer, GameWriter, Refused};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;

use crate::commands::{CommandError, decide_and_commit, encode, execute, expected, fold, metadata};
use crate::group_commit::{GroupWrite, next_group, write_grouped};

/// Answers written in one transaction at most.
const MOST_PER_BATCH: usize = 256;

type Reply = Result<Vec<RecordedEvent>, Refused>;

struct Job {
    answer: Answer,
    reply: oneshot::Sender<Reply>,
}

/// Writes what the hub's games decide (cheap to clone).
#[derive(Clone)]
pub struct LiveWriter {
    store: EventStore,
    jobs: mpsc::Sender<Job>,
}

impl LiveWriter {
    /// The writer and its task, which runs until `shutdown` and then writes what is queued.
    pub fn start(store: EventStore, shutdown: CancellationToken) -> (LiveWriter, impl Future<Output = ()> + Send + 'static) {
        let (jobs, receiver) = mpsc::channel(8192);
        let task = write(store.clone(), receiver, shutdown);
        (LiveWriter { store, jobs }, task)
    }
}

#[async_trait]
impl GameWriter for LiveWriter {
    async fn answer(&self, answer: Answer) -> Reply {
        let (reply, outcome) = oneshot::channel();
        match self.jobs.send(Job { answer, reply }).await {
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

fn refused(error: PlayerError) -> Reply {
    Err(Refused::Player(error))
}

fn command(answer: &Answer) -> PlayerCommand {
    answer.command.clone()
}

fn actor(answer: &Answer) -> quizroom_eventstore::Metadata {
    metadata(&format!("player:{}", answer.player_id), "live_answer")
}

/// One answer in a transaction of its own (retrying version conflicts).
async fn answer_one(store: &EventStore, answer: &Answer) -> Reply {
    let stream = StreamId::<GamePlayer>::new(&answer.player_id);
    match crate::retrying!(decide_and_commit(store, &stream, &actor(answer), command(answer))) {
        Ok(Ok(decided)) => Ok(decided.recorded),
        Ok(Err(e)) => refused(e),
        Err(error) => {
            tracing::warn!(%error, "could not record an answer");
            Err(Refused::Unavailable)
        }
    }
}

/// Answers of distinct players in one transaction: one outcome per answer, or the store's error.
async fn answer_together(store: &EventStore, answers: &[&Answer]) -> Result<Vec<Reply>, StoreError> {
    let started = std::time::Instant::now();
    let mut tx = store.begin_write().await?;
    let waited = started.elapsed();
    let streams: Vec<StreamId<GamePlayer>> = answers.iter().map(|a| StreamId::new(&a.player_id)).collect();
    let names: Vec<&str> = streams.iter().map(StreamId::as_str).collect();
    let recorded = store.read_streams_in(&mut tx, &names).await?;
    let mut outcomes: Vec<Option<Reply>> = Vec::with_capacity(answers.len());
    let mut appends = Vec::new();
    let mut places = Vec::new();
    for ((answer, stream), events) in answers.iter().zip(&streams).zip(&recorded) {
        let (player, version) = fold::<GamePlayer>(events)?;
        match player.decide(command(answer)) {
            Ok(events) => {
                places.push(outcomes.len());
                outcomes.push(None);
                appends.push((stream.as_str().to_owned(), expected(version), encode(&events, &actor(answer))));
            }
            Err(e) => outcomes.push(Some(refused(e))),
        }
    }
    if !appends.is_empty() {
        let appended = store.append_batch_in(&mut tx, appends).await?;
        tx.commit().await?;
        store.committed();
        let took = started.elapsed();
        tracing::debug!(answers = answers.len(), waited_ms = waited.as_millis() as u64, took_ms = took.as_millis() as u64, "answers written");
        for (place, appended) in places.into_iter().zip(appended) {
            outcomes[place] = Some(Ok(appended.events));
        }
    }
    Ok(outcomes.into_iter().map(|o| o.expect("an outcome for every answer")).collect())
}

/// Answers are written in groups (`group_commit`): a player's first answer of a group with the
/// others', their further answers after it, one by one (they are then refused as second answers,
/// or count for another question).
struct Answers(EventStore);

impl GroupWrite for Answers {
    type Item = Answer;
    type Outcome = Reply;
    type Failed = StoreError;
    const WHAT: &'static str = "answers";

    fn stream(answer: &Answer) -> &str {
        &answer.player_id
    }

    async fn together(&self, answers: &[&Answer]) -> Result<Vec<Reply>, StoreError> {
        answer_together(&self.0, answers).await
    }

    async fn alone(&self, answer: &Answer) -> Reply {
        answer_one(&self.0, answer).await
    }
}

/// Takes what is waiting (at least one answer), writes it in one transaction, replies.
async fn write(store: EventStore, mut receiver: mpsc::Receiver<Job>, shutdown: CancellationToken) {
    let writes = Answers(store);
    while let Some(jobs) = next_group(&mut receiver, &shutdown, MOST_PER_BATCH).await {
        let answers: Vec<&Answer> = jobs.iter().map(|j| &j.answer).collect();
        let outcomes = write_grouped(&writes, &answers).await;
        for (job, outcome) in jobs.into_iter().zip(outcomes) {
            let _ = job.reply.send(outcome);
        }
    }
}
