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

/// The join of the chain and the events in commit order: the link's columns (seq, position, event
/// hash, chain hash) followed by the event's, null when gone.
fn range_sql(backend: Backend) -> String {
    let event = match backend {
        Backend::Sqlite => "e.global_position, 0, e.stream_id, e.version, e.event_id, e.event_type, e.schema_version, e.data, e.metadata, e.recorded_at",
        Backend::Postgres => {
            "e.global_position, e.tx_id::text::bigint, e.stream_id, e.version, e.event_id::text, e.event_type, \
             e.schema_version, e.data::text, e.metadata::text, e.recorded_at"
        }
    };
    format!(
        "select c.seq, c.global_position, c.event_hash, c.chain_hash, {event} from event_chain c \
         left join events e on e.global_position = c.global_position where c.seq > $1 and c.seq <= $2 order by c.seq"
    )
}

/// A link as read: what the chain stored, and its event's hash recomputed with the event's
/// writing transaction (`None` when the event is gone).
struct Read {
    seq: i64,
    position: i64,
    stored_event: [u8; 32],
    stored_chain: [u8; 32],
    event: Option<(i64, [u8; 32])>,
}

/// Where a part found the log and its chain to part.
enum Found {
    Break(Break),
    /// The event at `position` hashes to `event`, not to what was chained there: changed, or
    /// moved from where the chain holds that hash.
    Mismatch { position: i64, event: [u8; 32] },
}

/// What checking a range of links found: the last link that held (seq, position, hash) and the
/// first break.
#[derive(Default)]
struct Walked {
    last: Option<(i64, i64, [u8; 32])>,
    found: Option<Found>,
}

impl Walked {
    /// Checks the next link against its event and the link before it; false once it found a break.
    fn step(&mut self, previous: &mut [u8; 32], read: Read) -> bool {
        let position = read.position;
        let Some((tx_id, event)) = read.event else {
            self.found = Some(Found::Break(Break::Deleted { position }));
            return false;
        };
        if event != read.stored_event {
            self.found = Some(Found::Mismatch { position, event });
            return false;
        }
        let chained = link(previous, position, tx_id, &event);
        if chained != read.stored_chain {
            self.found = Some(Found::Break(Break::ChainAltered { position }));
            return false;
        }
        *previous = chained;
        self.last = Some((read.seq, position, chained));
        true
    }
}

/// Checks the links after `after` up to `until` against their events, from the stored link before
/// them.
async fn walk_part(store: EventStore, after: i64, until: i64) -> Result<Walked, StoreError> {
    match store.backend() {
        Backend::Sqlite => {
            let path = SqliteConnectOptions::from_str(store.url())?.get_filename().to_owned();
            tokio::task::spawn_blocking(move || sqlite::walk_part(&path, after, until))
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
            let result = walk_part_on(&mut conn, after, until).await;
            // A failed close only means the connection is gone already.
            let _ = conn.close().await;
            result
        }
    }
}

async fn walk_part_on(conn: &mut PgConnection, after: i64, until: i64) -> Result<Walked, StoreError> {
    let sql = range_sql(Backend::Postgres);
    let hash: Option<String> = sqlx::query_scalar("select chain_hash from event_chain where seq <= $1 order by seq desc limit 1")
        .bind(after)
        .fetch_optional(&mut *conn)
        .await?;
    let mut previous = hash.map_or(GENESIS, |h| unhex(&h));
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
        };
        if !walked.step(&mut previous, read) {
            break;
        }
    }
    Ok(walked)
}

/// Walks the chain from its start up to link `until_seq`, recomputing every hash from the events.
/// Returns the last link that held (seq, position and hash) and the first break.
async fn walk(store: &EventStore, until_seq: i64) -> Result<(Option<(i64, i64, [u8; 32])>, Option<Break>), StoreError> {
    let _turn = WALKS.acquire().await.expect("never closed");
    let top: Option<i64> = sqlx::query_scalar("select max(seq) from event_chain where seq <= $1").bind(until_seq).fetch_one(store.pool()).await?;
    let top = top.unwrap_or(0);
    let parts = PARTS.min(top).max(1);
    let mut tasks: Vec<_> = (0..parts)
        .map(|k| tokio::spawn(walk_part(store.clone(), top * k / parts, top * (k + 1) / parts)))
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
    };
    Ok((walked.last, broken))
}

/// Events among the chained ones (up to the last link's cursor) that the chain does not hold: the
/// lowest such position.
async fn inserted(store: &EventStore, chained: i64, last: &Digest) -> Result<Option<i64>, StoreError> {
    let before = match store.backend() {
        Backend::Sqlite => "e.global_position <= $1",
        Backend::Postgres => {
            "(e.tx_id, e.global_position) <= ((select cursor_tx from event_chain where seq = $2)::text::xid8, $1)"
        }
    };
    let count: i64 = sqlx::query_scalar(AssertSqlSafe(format!("select count(*) from events e where {before}")))
        .bind(last.position)
        .bind(last.seq)
        .fetch_one(store.pool())
        .await?;
    if count == chained {
        return Ok(None);
    }
    let sql = format!(
        "select min(e.global_position) from events e where {before} \
         and not exists (select 1 from event_chain c where c.global_position = e.global_position)"
    );
    Ok(sqlx::query_scalar(AssertSqlSafe(sql)).bind(last.position).bind(last.seq).fetch_one(store.pool()).await?)
}

/// Recomputes the whole chain from the events and compares it with the stored links.
pub async fn verify(store: &EventStore) -> Result<Verification, StoreError> {
    let (last, mut broken) = walk(store, i64::MAX).await?;
    let head = last.map(|(seq, position, hash)| Digest { seq, position, digest: hex::encode(hash) });
    let verified = head.as_ref().map_or(0, |h| h.seq);
    if broken.is_none()
        && let Some(head) = &head
        && let Some(position) = inserted(store, verified, head).await?
    {
        broken = Some(Break::Inserted { position });
    }
    let chained: i64 = sqlx::query_scalar("select count(*) from event_chain").fetch_one(store.pool()).await?;
    let pending = (store.count().await? - chained).max(0);
    Ok(Verification { verified, head, broken, pending })
}

/// Whether the log up to `position` still hashes to `digest`, a chain hash saved earlier.
pub async fn prove(store: &EventStore, position: i64, digest: &str) -> Result<Proof, StoreError> {
    let seq: Option<i64> = sqlx::query_scalar("select seq from event_chain where global_position = $1")
        .bind(position)
        .fetch_optional(store.pool())
        .await?;
    let Some(seq) = seq else { return Ok(Proof::Unknown) };
    let (last, broken) = walk(store, seq).await?;
    let hash = last.map(|(_, _, hash)| hex::encode(hash)).unwrap_or_default();
    match (broken, last) {
        (None, Some((verified, _, _))) if verified == seq && hash == digest.to_ascii_lowercase() => Ok(Proof::Unchanged { verified }),
        (broken, _) => Ok(Proof::Differs { broken, digest: hash }),
    }
}
