//! Checking the chain against the log (decision 0023, and 0027 for how it is read).
//!
//! Every stored link is recomputed from its event and the link before it. When each link holds
//! against its stored predecessor, the whole chain holds from the genesis hash (by induction), so
//! the chain is checked in [`PARTS`] ranges of links side by side, each from the stored link
//! before its range, and the first break in commit order is the lowest one found. Each part reads
//! through its own connection of the backend's own driver, whose rows lend their text to the
//! hash: the `Any` driver copied every column into a new string first, which took most of the time.

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::PgConnection;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use sqlx::{AssertSqlSafe, ColumnIndex, ConnectOptions, Connection, Decode, Row, Type};
use tokio::sync::Semaphore;

use super::{Break, Digest, GENESIS, Proof, Verification, hash_event, link, unhex};
use crate::error::StoreError;
use crate::store::{Backend, EventStore};

/// How many links one part reads at a time.
const PAGE: i64 = 10_000;

/// How many ranges of links are checked side by side (each with its own connection).
const PARTS: i64 = 4;

/// One verification at a time per process: a walk holds [`PARTS`] connections and the cores, and
/// callers that ask together would only slow each other down.
static WALKS: Semaphore = Semaphore::const_new(1);

/// The join of the chain and the events, page by page in commit order: the link's columns
/// (seq, position, cursor tx, event hash, chain hash) followed by the event's, null when gone.
fn page_sql(backend: Backend) -> String {
    let event = match backend {
        Backend::Sqlite => "e.global_position, 0, e.stream_id, e.version, e.event_id, e.event_type, e.schema_version, e.data, e.metadata, e.recorded_at",
        Backend::Postgres => {
            "e.global_position, e.tx_id::text::bigint, e.stream_id, e.version, e.event_id::text, e.event_type, \
             e.schema_version, e.data::text, e.metadata::text, e.recorded_at"
        }
    };
    format!(
        "select c.seq, c.global_position, c.event_hash, c.chain_hash, {event} from event_chain c \
         left join events e on e.global_position = c.global_position where c.seq > $1 and c.seq <= $2 order by c.seq limit $3"
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

fn read<'r, R: Row>(row: &'r R) -> Result<Read, sqlx::Error>
where
    usize: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    &'r str: Decode<'r, R::Database> + Type<R::Database>,
{
    let present = row.try_get::<Option<i64>, _>(4)?.is_some();
    Ok(Read {
        seq: row.try_get(0)?,
        position: row.try_get(1)?,
        stored_event: unhex(row.try_get(2)?),
        stored_chain: unhex(row.try_get(3)?),
        event: if present { Some((row.try_get(5)?, hash_event(row, 4)?)) } else { None },
    })
}

/// A connection of the backend's own driver.
enum Native {
    Sqlite(SqliteConnection),
    Postgres(PgConnection),
}

impl Native {
    async fn open(store: &EventStore) -> Result<Native, StoreError> {
        Ok(match store.backend() {
            Backend::Sqlite => Native::Sqlite(
                SqliteConnectOptions::from_str(store.url())?
                    .busy_timeout(Duration::from_secs(10))
                    .pragma("cache_size", "-32768")
                    .pragma("mmap_size", "268435456")
                    // The driver's thread runs a page ahead instead of handing rows over 50 at a time.
                    .row_buffer_size(PAGE as usize)
                    .connect()
                    .await?,
            ),
            Backend::Postgres => Native::Postgres(PgConnection::connect(store.url()).await?),
        })
    }

    /// The links after `after` up to `until`, a page of them.
    async fn page(&mut self, sql: &str, after: i64, until: i64) -> Result<Vec<Read>, StoreError> {
        let rows: Result<Vec<Read>, sqlx::Error> = match self {
            Native::Sqlite(conn) => {
                let rows = sqlx::query(AssertSqlSafe(sql)).bind(after).bind(until).bind(PAGE).fetch_all(&mut *conn).await?;
                rows.iter().map(read).collect()
            }
            Native::Postgres(conn) => {
                let rows = sqlx::query(AssertSqlSafe(sql)).bind(after).bind(until).bind(PAGE).fetch_all(&mut *conn).await?;
                rows.iter().map(read).collect()
            }
        };
        Ok(rows?)
    }

    /// The stored chain hash of the last link at or before `seq` (genesis before the first).
    async fn chain_hash_at(&mut self, seq: i64) -> Result<[u8; 32], StoreError> {
        let sql = "select chain_hash from event_chain where seq <= $1 order by seq desc limit 1";
        let hash: Option<String> = match self {
            Native::Sqlite(conn) => sqlx::query_scalar(sql).bind(seq).fetch_optional(&mut *conn).await?,
            Native::Postgres(conn) => sqlx::query_scalar(sql).bind(seq).fetch_optional(&mut *conn).await?,
        };
        Ok(hash.map_or(GENESIS, |h| unhex(&h)))
    }

    /// Where else the chain holds an event with this hash.
    async fn chained_at(&mut self, event: &[u8; 32]) -> Result<Option<i64>, StoreError> {
        let sql = "select global_position from event_chain where event_hash = $1 limit 1";
        let hex = hex::encode(event);
        Ok(match self {
            Native::Sqlite(conn) => sqlx::query_scalar(sql).bind(hex.as_str()).fetch_optional(&mut *conn).await?,
            Native::Postgres(conn) => sqlx::query_scalar(sql).bind(hex.as_str()).fetch_optional(&mut *conn).await?,
        })
    }

    async fn close(self) {
        // A failed close only means the connection is gone already.
        let _ = match self {
            Native::Sqlite(conn) => conn.close().await,
            Native::Postgres(conn) => conn.close().await,
        };
    }
}

/// What checking a range of links found: the last link that held (seq, position, hash) and the
/// first break.
#[derive(Default)]
struct Walked {
    last: Option<(i64, i64, [u8; 32])>,
    broken: Option<Break>,
}

/// Checks the links after `after` up to `until` against their events, starting from the stored
/// link before them.
async fn walk_part(store: EventStore, after: i64, until: i64) -> Result<Walked, StoreError> {
    let mut conn = Native::open(&store).await?;
    let result = walk_part_on(&mut conn, store.backend(), after, until).await;
    conn.close().await;
    result
}

async fn walk_part_on(conn: &mut Native, backend: Backend, mut after: i64, until: i64) -> Result<Walked, StoreError> {
    let sql = page_sql(backend);
    let mut previous = conn.chain_hash_at(after).await?;
    let mut walked = Walked::default();
    loop {
        let links = conn.page(&sql, after, until).await?;
        let Some(last) = links.last() else { return Ok(walked) };
        after = last.seq;
        for read in links {
            let position = read.position;
            let Some((tx_id, event)) = read.event else {
                walked.broken = Some(Break::Deleted { position });
                return Ok(walked);
            };
            if event != read.stored_event {
                walked.broken = Some(match conn.chained_at(&event).await? {
                    Some(chained_at) if chained_at != position => Break::Reordered { position, chained_at },
                    _ => Break::Changed { position },
                });
                return Ok(walked);
            }
            let chained = link(&previous, position, tx_id, &event);
            if chained != read.stored_chain {
                walked.broken = Some(Break::ChainAltered { position });
                return Ok(walked);
            }
            previous = chained;
            walked.last = Some((read.seq, position, chained));
        }
    }
}

/// Walks the chain from its start up to link `until_seq`, recomputing every hash from the events.
/// Returns the last link that held (seq, position and hash) and the first break.
async fn walk(store: &EventStore, until_seq: i64) -> Result<Walked, StoreError> {
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
                walked.broken = part.broken;
            }
            Err(e) => outcome = Err(e),
        }
        if walked.broken.is_some() || outcome.is_err() {
            break;
        }
    }
    // The parts after a break (or a failure) have nothing to add.
    tasks.iter().for_each(|task| task.abort());
    outcome.map(|()| walked)
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
    let Walked { last, mut broken } = walk(store, i64::MAX).await?;
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
    let Walked { last, broken } = walk(store, seq).await?;
    let hash = last.map(|(_, _, hash)| hex::encode(hash)).unwrap_or_default();
    match (broken, last) {
        (None, Some((verified, _, _))) if verified == seq && hash == digest.to_ascii_lowercase() => Ok(Proof::Unchanged { verified }),
        (broken, _) => Ok(Proof::Differs { broken, digest: hash }),
    }
}
