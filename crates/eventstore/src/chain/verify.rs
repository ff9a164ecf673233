//! Checking the chain against the log (decision 0023, and 0027 for how it is read).
//!
//! Every stored link is recomputed from its event and the link before it. When each link holds
//! against its stored predecessor, the whole chain holds from the genesis hash (by induction), so
//! the chain is checked in [`PARTS`] ranges of links side by side, each from the stored link
//! before its range, and the first break in commit order is the lowest one found. Each part reads
//! through its own connection, whose rows lend their text to the hash: on PostgreSQL the
//! backend's own driver (the `Any` driver copied every column into a new string first), on
//! SQLite SQLite itself on a thread of its own ([`sqlite`]), without handing rows from the driver's
//! thread to ours one at a time.
//!
//! Links deleted with their events are named from what survives them: each link keeps the
//! position of the link before it, so the link after a gap names the last event deleted, and the
//! chainer's checkpoint names the last events when the chain's end was cut off (decision 0036).
//! A walk may go on from a link verified earlier ([`Anchor`]), as the verified head does.

mod sqlite;

use std::str::FromStr;

use futures::TryStreamExt;
use sqlx::postgres::PgConnection;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{AssertSqlSafe, Connection, Row};
use tokio::sync::Semaphore;

use super::{Break, Digest, GENESIS, Proof, Verification, hash_event, link, unhex};
use crate::error::StoreError;
use crate::store::{Backend, EventStore};

/// How many ranges of links are checked side by side (each with its own connection).
const PARTS: i64 = 4;

/// One verification at a time per process: a walk holds [`PARTS`] connections and the cores, and
/// callers that ask together would only slow each other down.
static WALKS: Semaphore = Semaphore::const_new(1);

/// A link that held: where a walk goes on from (the genesis hash at seq 0 before the first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Anchor {
    pub seq: i64,
    pub position: i64,
    /// The event's writing transaction (PostgreSQL; 0 on SQLite).
    pub tx_id: i64,
    pub hash: [u8; 32],
}

/// Before the first link.
pub(super) const START: Anchor = Anchor { seq: 0, position: 0, tx_id: 0, hash: GENESIS };

impl Anchor {
    fn digest(&self) -> Digest {
        Digest { seq: self.seq, position: self.position, digest: hex::encode(self.hash) }
    }
}

/// The join of the chain and the events in commit order: the link's columns (seq, position, event
/// hash, chain hash), the event's (null when gone), then the position of the link before.
fn range_sql(backend: Backend) -> String {
    let event = match backend {
        Backend::Sqlite => "e.global_position, 0, e.stream_id, e.version, e.event_id, e.event_type, e.schema_version, e.data, e.metadata, e.recorded_at",
        Backend::Postgres => {
            "e.global_position, e.tx_id::text::bigint, e.stream_id, e.version, e.event_id::text, e.event_type, \
             e.schema_version, e.data::text, e.metadata::text, e.recorded_at"
        }
    };
    format!(
        "select c.seq, c.global_position, c.event_hash, c.chain_hash, {event}, c.previous_position from event_chain c \
         left join events e on e.global_position = c.global_position where c.seq > $1 and c.seq <= $2 order by c.seq"
    )
}

/// The stored link before link `after` + 1: where a part that does not start from a link verified
/// in memory starts.
const STORED_START: &str = "select seq, global_position, cursor_tx, chain_hash from event_chain where seq <= $1 order by seq desc limit 1";

/// A link as read: what the chain stored, and its event's hash recomputed with the event's
/// writing transaction (`None` when the event is gone).
struct Read {
    seq: i64,
    position: i64,
    stored_event: [u8; 32],
    stored_chain: [u8; 32],
    event: Option<(i64, [u8; 32])>,
    /// The position of the link before, as the chainer wrote it.
    previous_position: i64,
}

/// Where a part found the log and its chain to part.
enum Found {
    Break(Break),
    /// The event at `position` hashes to `event`, not to what was chained there: changed, or
    /// moved from where the chain holds that hash.
    Mismatch {
        position: i64,
        event: [u8; 32],
    },
    /// The link numbered `next` follows the link at `position`, not `after`: the links between are
    /// gone (and their events too, unless one is still at `position`).
    Unlinked {
        after: Anchor,
        next: i64,
        position: i64,
    },
}

/// What checking a range of links found: the last link that held and the first break.
#[derive(Default)]
struct Walked {
    last: Option<Anchor>,
    found: Option<Found>,
}

impl Walked {
    /// Checks the next link against its event and the link before it; false once it found a break.
    fn step(&mut self, previous: &mut Anchor, read: Read) -> bool {
        let position = read.position;
        if read.previous_position != previous.position {
            self.found = Some(Found::Unlinked { after: *previous, next: read.seq, position: read.previous_position });
            return false;
        }
        let Some((tx_id, event)) = read.event else {
            self.found = Some(Found::Break(Break::Deleted { position }));
            return false;
        };
        if event != read.stored_event {
            self.found = Some(Found::Mismatch { position, event });
            return false;
        }
        let chained = link(&previous.hash, position, tx_id, &event);
        if chained != read.stored_chain {
            self.found = Some(Found::Break(Break::ChainAltered { position }));
            return false;
        }
        *previous = Anchor { seq: read.seq, position, tx_id, hash: chained };
        self.last = Some(*previous);
        true
    }
}

/// Checks the links after `after` up to `until` against their events, from `start` (a link
/// verified before) or else the stored link before them.
async fn walk_part(store: EventStore, after: i64, until: i64, start: Option<Anchor>) -> Result<Walked, StoreError> {
    match store.backend() {
        Backend::Sqlite => {
            let path = SqliteConnectOptions::from_str(store.url())?.get_filename().to_owned();
            tokio::task::spawn_blocking(move || sqlite::walk_part(&path, after, until, start))
                .await
                .expect("a verification part panicked")
                .map_err(|e| StoreError::Database(sqlx::Error::Protocol(format!("reading the chain from SQLite: {e}"))))
        }
        Backend::Postgres => {
            let mut conn = PgConnection::connect(store.url()).await?;
            // The one plan that reads a part once, in order: the links by their key, each event by
            // its position. Left to itself, and with the statistics of a log that just grew, the
            // planner hashed the whole log or sorted the part's every link (measured: PostgreSQL
            // took 85% of the cores for 120-130k events/s). This connection runs nothing else.
            sqlx::raw_sql(
                "set max_parallel_workers_per_gather = 0; set enable_hashjoin = off; set enable_mergejoin = off; \
                 set enable_sort = off; set enable_bitmapscan = off; set enable_seqscan = off",
            )
            .execute(&mut conn)
            .await?;
            let result = walk_part_on(&mut conn, after, until, start).await;
            // A failed close only means the connection is gone already.
            let _ = conn.close().await;
            result
        }
    }
}

async fn walk_part_on(conn: &mut PgConnection, after: i64, until: i64, start: Option<Anchor>) -> Result<Walked, StoreError> {
    let sql = range_sql(Backend::Postgres);
    let mut previous = match start {
        Some(start) => start,
        None => sqlx::query(STORED_START).bind(after).fetch_optional(&mut *conn).await?.map_or(Ok(START), |row| {
            Ok::<_, sqlx::Error>(Anchor { seq: row.try_get(0)?, position: row.try_get(1)?, tx_id: row.try_get(2)?, hash: unhex(row.try_get(3)?) })
        })?,
    };
    let mut walked = Walked::default();
    let mut rows = sqlx::query(AssertSqlSafe(sql.as_str())).bind(after).bind(until).fetch(&mut *conn);
    while let Some(row) = rows.try_next().await? {
        let present = row.try_get::<Option<i64>, _>(4)?.is_some();
        let read = Read {
            seq: row.try_get(0)?,
            position: row.try_get(1)?,
            stored_event: unhex(row.try_get(2)?),
            stored_chain: unhex(row.try_get(3)?),
            event: if present { Some((row.try_get(5)?, hash_event(&row, 4)?)) } else { None },
            previous_position: row.try_get(14)?,
        };
        if !walked.step(&mut previous, read) {
            break;
        }
    }
    Ok(walked)
}

/// Walks the chain from `from` (a link verified before, or [`START`]) up to link `until_seq`,
/// recomputing every hash from the events. Returns the last link that held and the first break.
async fn walk(store: &EventStore, from: Anchor, until_seq: i64) -> Result<(Option<Anchor>, Option<Break>), StoreError> {
    let _turn = WALKS.acquire().await.expect("never closed");
    let top: Option<i64> = sqlx::query_scalar("select max(seq) from event_chain where seq <= $1").bind(until_seq).fetch_one(store.pool()).await?;
    let (bottom, top) = (from.seq, top.unwrap_or(0).max(from.seq));
    let parts = PARTS.min(top - bottom).max(1);
    // The first part goes on from `from` as verified, not from what the table says now.
    let mut tasks: Vec<_> = (0..parts)
        .map(|k| {
            let start = (k == 0).then_some(from);
            tokio::spawn(walk_part(store.clone(), bottom + (top - bottom) * k / parts, bottom + (top - bottom) * (k + 1) / parts, start))
        })
        .collect();
    let mut walked = Walked::default();
    let mut outcome = Ok(());
    for task in &mut tasks {
        match task.await.expect("a verification part panicked") {
            Ok(part) => {
                walked.last = part.last.or(walked.last);
                walked.found = part.found;
            }
            Err(e) => outcome = Err(e),
        }
        if walked.found.is_some() || outcome.is_err() {
            break;
        }
    }
    // The parts after a break (or a failure) have nothing to add.
    tasks.iter().for_each(|task| task.abort());
    outcome?;
    let broken = match walked.found {
        None => None,
        Some(Found::Break(found)) => Some(found),
        Some(Found::Mismatch { position, event }) => {
            let chained_at: Option<i64> = sqlx::query_scalar("select global_position from event_chain where event_hash = $1 limit 1")
                .bind(hex::encode(event))
                .fetch_optional(store.pool())
                .await?;
            Some(match chained_at {
                Some(chained_at) if chained_at != position => Break::Reordered { position, chained_at },
                _ => Break::Changed { position },
            })
        }
        Some(Found::Unlinked { after, next, position }) => Some(if event_at(store, position).await? {
            // The event is still there: only its link is gone.
            Break::ChainAltered { position }
        } else {
            Break::Removed { after: after.position, position, count: Some(next - after.seq - 1).filter(|n| *n > 0) }
        }),
    };
    Ok((walked.last, broken))
}

/// Whether an event sits at `position`.
async fn event_at(store: &EventStore, position: i64) -> Result<bool, StoreError> {
    let found: Option<i64> =
        sqlx::query_scalar("select global_position from events where global_position = $1").bind(position).fetch_optional(store.pool()).await?;
    Ok(found.is_some())
}

/// `events e` after `from` and up to `to` in commit order, with the parameters it takes.
fn between(store: &EventStore, from: &Anchor, to: Option<&Anchor>) -> (String, Vec<i64>) {
    match (store.backend(), to) {
        (Backend::Sqlite, None) => ("e.global_position > $1".to_owned(), vec![from.position]),
        (Backend::Sqlite, Some(to)) => ("e.global_position > $1 and e.global_position <= $2".to_owned(), vec![from.position, to.position]),
        (Backend::Postgres, to) => {
            let after = "(e.tx_id, e.global_position) > (cast(cast($1 as text) as xid8), $2)";
            match to {
                None => (after.to_owned(), vec![from.tx_id, from.position]),
                Some(to) => (
                    format!("{after} and (e.tx_id, e.global_position) <= (cast(cast($3 as text) as xid8), $4)"),
                    vec![from.tx_id, from.position, to.tx_id, to.position],
                ),
            }
        }
    }
}

async fn scalar(store: &EventStore, sql: String, binds: &[i64]) -> Result<Option<i64>, StoreError> {
    let mut query = sqlx::query_scalar(AssertSqlSafe(sql));
    for b in binds {
        query = query.bind(*b);
    }
    Ok(query.fetch_one(store.pool()).await?)
}

/// Events after `from` up to `to` in commit order that the chain does not hold: the lowest such
/// position.
async fn inserted(store: &EventStore, from: &Anchor, to: &Anchor) -> Result<Option<i64>, StoreError> {
    let (range, binds) = between(store, from, Some(to));
    let events = scalar(store, format!("select count(*) from events e where {range}"), &binds).await?.unwrap_or(0);
    let links: i64 =
        sqlx::query_scalar("select count(*) from event_chain where seq > $1 and seq <= $2").bind(from.seq).bind(to.seq).fetch_one(store.pool()).await?;
    if events == links {
        return Ok(None);
    }
    let sql = format!(
        "select min(e.global_position) from events e where {range} and not exists (select 1 from event_chain c where c.global_position = e.global_position)"
    );
    scalar(store, sql, &binds).await
}

/// The chainer's checkpoint against the chain's last link, read together: when the checkpoint
/// says events after the last link were chained, those links were deleted (named from the
/// checkpoint), with their events unless some are still there. Returns that break, if any, and
/// the last link (its hash unread).
async fn tail(store: &EventStore) -> Result<(Option<Break>, Anchor), StoreError> {
    let row = sqlx::query(
        "select k.cursor_tx, k.cursor_position, l.seq, l.global_position, l.cursor_tx from checkpoints k \
         left join event_chain l on l.seq = (select max(seq) from event_chain) where k.name = $1",
    )
    .bind(super::CHAINER)
    .fetch_optional(store.pool())
    .await?;
    let Some(row) = row else { return Ok((None, START)) };
    let (checkpoint_tx, checkpoint): (i64, i64) = (row.try_get(0)?, row.try_get(1)?);
    let last = Anchor {
        seq: row.try_get::<Option<i64>, _>(2)?.unwrap_or(0),
        position: row.try_get::<Option<i64>, _>(3)?.unwrap_or(0),
        tx_id: row.try_get::<Option<i64>, _>(4)?.unwrap_or(0),
        hash: GENESIS,
    };
    if checkpoint == last.position {
        return Ok((None, last));
    }
    if (checkpoint_tx, checkpoint) < (last.tx_id, last.position) {
        // The checkpoint was moved back behind links the chain holds.
        return Ok((Some(Break::ChainAltered { position: last.position }), last));
    }
    let (range, binds) = between(store, &last, Some(&Anchor { seq: 0, position: checkpoint, tx_id: checkpoint_tx, hash: GENESIS }));
    let left = scalar(store, format!("select min(e.global_position) from events e where {range}"), &binds).await?;
    let broken = match left {
        Some(position) => Break::ChainAltered { position },
        None => Break::Removed { after: last.position, position: checkpoint, count: None },
    };
    Ok((Some(broken), last))
}

/// Verifies the links after `from` (a link verified before: its own link must still be as it was,
/// the ones after must follow from it) up to the last one, whether events sit among them
/// unchained, and whether the chain still reaches the chainer's checkpoint. Returns the report and
/// the last link that held (`from` when none did).
pub(super) async fn check_from(store: &EventStore, from: Anchor) -> Result<(Verification, Anchor), StoreError> {
    let mut broken = None;
    if from.seq > 0 {
        let row = sqlx::query("select global_position, chain_hash from event_chain where seq = $1").bind(from.seq).fetch_optional(store.pool()).await?;
        let same = match &row {
            Some(row) => row.try_get::<i64, _>(0)? == from.position && unhex(row.try_get(1)?) == from.hash,
            None => false,
        };
        if !same {
            broken = Some(if event_at(store, from.position).await? {
                Break::ChainAltered { position: from.position }
            } else {
                Break::Deleted { position: from.position }
            });
        }
    }
    let mut last = from;
    if broken.is_none() {
        let (walked, found) = walk(store, from, i64::MAX).await?;
        last = walked.unwrap_or(from);
        broken = found;
    }
    if broken.is_none()
        && let Some(position) = inserted(store, &from, &last).await?
    {
        broken = Some(Break::Inserted { position });
    }
    let (at_tail, chained) = tail(store).await?;
    broken = broken.or(at_tail);
    // Events after the chain's last link are waiting for the chainer.
    let (range, binds) = between(store, &chained, None);
    let pending = scalar(store, format!("select count(*) from events e where {range}"), &binds).await?.unwrap_or(0);
    let head = (last.seq > 0).then(|| last.digest());
    Ok((Verification { verified: last.seq, head, broken, pending }, last))
}

/// Recomputes the whole chain from the events and compares it with the stored links.
pub async fn verify(store: &EventStore) -> Result<Verification, StoreError> {
    Ok(check_from(store, START).await?.0)
}

/// Whether the log up to `position` still hashes to `digest`, a chain hash saved earlier.
pub async fn prove(store: &EventStore, position: i64, digest: &str) -> Result<Proof, StoreError> {
    let seq: Option<i64> = sqlx::query_scalar("select seq from event_chain where global_position = $1").bind(position).fetch_optional(store.pool()).await?;
    let Some(seq) = seq else { return Ok(Proof::Unknown) };
    let (last, broken) = walk(store, START, seq).await?;
    let hash = last.map(|a| hex::encode(a.hash)).unwrap_or_default();
    match (broken, last) {
        (None, Some(last)) if last.seq == seq && hash == digest.to_ascii_lowercase() => Ok(Proof::Unchanged { verified: seq }),
        (broken, _) => Ok(Proof::Differs { broken, digest: hash }),
    }
}
