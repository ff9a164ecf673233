//! Joins of live games written in groups ([`Joiner`]), as answers are ([`super::writer`]).
//!
//! A room joins within a minute, and each join is a durable write: one transaction per join
//! made the joins of a 20,000-player room wait for one disk flush after another (about 400 a
//! second on SQLite). The joins that arrive while one group is being written wait for the next
//! transaction and are written together in it. Each takes the first free form of its nickname as
//! the transaction sees it, its own group's joins included; the unique index on names (their
//! skeletons, each read back after its insert) stays the judge. A group that fails (another node
//! took a name a moment ago, or the store failed) is written again one join at a time, each
//! retrying the next free name, so grouping changes how many transactions there are and never
//! what they record (`group_commit`, decision 0044).

use quizroom_domain::StreamId;
use quizroom_domain::player::{GamePlayer, PlayerCommand, PlayerError};
use quizroom_eventstore::{EventStore, RecordedEvent, StoreError};
use quizroom_projections::live::nickname_key;
use quizroom_projections::live::read as live;
use sqlx::{Any, AnyConnection, Transaction};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;

use super::nickname;
use crate::commands::{decide_in, metadata};
use crate::group_commit::{GroupWrite, next_group, write_grouped};

/// Joins written in one transaction at most.
const MOST_PER_BATCH: usize = 128;

/// How many names a join tries when other joins keep taking the one it chose.
const NAME_TRIES: usize = 10;

/// A player joining a game as `nickname` (checked), a guest unless `user_id`, from `device`
/// (the digest of the browser's client key) when it sent one.
pub struct Join {
    pub game_id: String,
    pub player_id: String,
    pub nickname: String,
    pub user_id: Option<String>,
    pub device: Option<String>,
    pub now: i64,
}

/// How a join went.
pub enum JoinOutcome {
    /// In the game under `nickname` ("Ana (2)" when "Ana" was taken), with the events recorded.
    In { nickname: String, recorded: Vec<RecordedEvent> },
    /// The game refused the player.
    Refused(PlayerError),
    /// Every name tried was taken by another join meanwhile.
    NameTaken,
}

type Reply = Result<JoinOutcome, StoreError>;

struct Job {
    join: Join,
    reply: oneshot::Sender<Reply>,
}

/// Writes joins (cheap to clone).
#[derive(Clone)]
pub struct Joiner {
    store: EventStore,
    jobs: mpsc::Sender<Job>,
}

impl Joiner {
    /// The joiner and its task, which runs until `shutdown` and then writes what is queued.
    pub fn start(store: EventStore, shutdown: CancellationToken) -> (Joiner, impl Future<Output = ()> + Send + 'static) {
        let (jobs, receiver) = mpsc::channel(4096);
        (Joiner { store: store.clone(), jobs }, write(store, receiver, shutdown))
    }

    /// Records the join once it is durable.
    pub async fn join(&self, join: Join) -> Reply {
        let (reply, outcome) = oneshot::channel();
        match self.jobs.send(Job { join, reply }).await {
            Ok(()) => outcome.await.unwrap_or_else(|_| Err(StoreError::Database(sqlx::Error::PoolClosed))),
            // The joiner has stopped (shutting down): write it here.
            Err(mpsc::error::SendError(job)) => join_alone(&self.store, &job.join).await,
        }
    }
}

fn command(join: &Join, nickname: String) -> PlayerCommand {
    PlayerCommand::Join { game_id: join.game_id.clone(), nickname, user_id: join.user_id.clone(), device: join.device.clone(), now: join.now }
}

/// Decides and appends one join in `conn`'s transaction under the first free form of its
/// nickname: `None` when another transaction took that name meanwhile (this one must be given up).
async fn join_in(store: &EventStore, conn: &mut AnyConnection, join: &Join) -> Result<Option<JoinOutcome>, StoreError> {
    let taken = live::names_like(conn, &join.game_id, &nickname_key(&join.nickname)).await?;
    let name = nickname::unique(&join.nickname, &taken);
    let stream = StreamId::<GamePlayer>::new(&join.player_id);
    let meta = metadata(join.user_id.as_deref().unwrap_or("guest"), "join_game");
    match decide_in(store, conn, &stream, &meta, command(join, name.clone())).await {
        Ok(Ok(decided)) => {
            // Stored under another key: another node took this one meanwhile (the projection
            // keeps a clashing name for replays of older joins only).
            if live::nickname_key_of(conn, &join.player_id).await? != Some(nickname_key(&name)) {
                return Ok(None);
            }
            Ok(Some(JoinOutcome::In { nickname: name, recorded: decided.recorded }))
        }
        Ok(Err(refused)) => Ok(Some(JoinOutcome::Refused(refused))),
        Err(e) if e.conflicting_constraint().is_some() => Ok(None),
        Err(e) => Err(e),
    }
}

/// One join in transactions of its own, taking the next free name while other joins take the
/// one it chose.
async fn join_alone(store: &EventStore, join: &Join) -> Reply {
    for _ in 0..NAME_TRIES {
        let mut tx = store.begin_write().await?;
        if let Some(joined) = join_in(store, &mut tx, join).await? {
            if matches!(joined, JoinOutcome::In { .. }) {
                tx.commit().await?;
                store.committed();
            }
            return Ok(joined);
        }
    }
    Ok(JoinOutcome::NameTaken)
}

/// Why a group of joins is written again one by one.
enum GroupFailed {
    /// Another node took one of its names meanwhile.
    NameTaken,
    Store(StoreError),
}

impl std::fmt::Display for GroupFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GroupFailed::NameTaken => f.write_str("a name was taken meanwhile"),
            GroupFailed::Store(error) => write!(f, "{error}"),
        }
    }
}

/// Joins are written in groups (`group_commit`): each new player is a stream of its own.
struct Joins(EventStore);

impl GroupWrite for Joins {
    type Item = Join;
    type Outcome = Reply;
    type Failed = GroupFailed;
    const WHAT: &'static str = "joins";

    fn stream(join: &Join) -> &str {
        &join.player_id
    }

    /// Joins in one transaction: an outcome for each, or why the group must be written again one
    /// by one (a name taken by another node, or the store's error).
    async fn together(&self, joins: &[&Join]) -> Result<Vec<Reply>, GroupFailed> {
        let store = &self.0;
        let mut tx: Transaction<'static, Any> = store.begin_write().await.map_err(GroupFailed::Store)?;
        let mut outcomes = Vec::with_capacity(joins.len());
        for join in joins {
            match join_in(store, &mut tx, join).await.map_err(GroupFailed::Store)? {
                Some(joined) => outcomes.push(Ok(joined)),
                None => return Err(GroupFailed::NameTaken),
            }
        }
        tx.commit().await.map_err(|e| GroupFailed::Store(e.into()))?;
        store.committed();
        Ok(outcomes)
    }

    async fn alone(&self, join: &Join) -> Reply {
        join_alone(&self.0, join).await
    }
}

/// Takes what is waiting (at least one join), writes it in one transaction, replies.
async fn write(store: EventStore, mut receiver: mpsc::Receiver<Job>, shutdown: CancellationToken) {
    let writes = Joins(store);
    while let Some(jobs) = next_group(&mut receiver, &shutdown, MOST_PER_BATCH).await {
        let joins: Vec<&Join> = jobs.iter().map(|j| &j.join).collect();
        let outcomes = write_grouped(&writes, &joins).await;
        for (job, outcome) in jobs.into_iter().zip(outcomes) {
            let _ = job.reply.send(outcome);
        }
    }
}
