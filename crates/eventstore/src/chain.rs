//! Tamper evidence: the log hash-chained in commit order (decision 0023).
//!
//! Each event's hash covers its content as stored (stream, version, id, type, schema version,
//! payload and metadata as text, time); each link's hash covers the previous link's hash, where
//! the event sits (position and, on PostgreSQL, writing transaction: commit order) and the
//! event's hash. The chainer writes the links behind the
//! log in batches, as a projector does, so appends never wait for it. [`verify`] recomputes the
//! chain from the events and names the first place where the log and the chain part; a digest an
//! auditor saved earlier ([`prove`]) shows the log up to its position is unchanged even if the
//! chain table itself was rewritten since. [`VerifiedHead`] verifies the chain as it grows, only
//! what was chained since its last run (decision 0036).
//!
//! Personal data is to be erased by deleting a per-user key (crypto-shredding): the stored bytes,
//! and so every hash, stay as they were, and the chain stays verifiable.

use std::fmt;

use serde::Serialize;
use serde_json::json;
use sha2::{Digest as _, Sha256};
use sqlx::{AnyConnection, AssertSqlSafe, ColumnIndex, Decode, Row, Type};
use tokio_util::sync::CancellationToken;

use crate::error::StoreError;
use crate::projection::{BatchOutcome, keep_up, lock_checkpoint, save_checkpoint};
use crate::store::{Backend, EventStore};
use crate::types::Cursor;

mod head;
mod verify;

pub use head::{Checked, VerifiedHead};
pub use verify::{prove, verify};

/// The checkpoint of the chainer (a row of `checkpoints`, kept apart from the read models').
pub const CHAINER: &str = "chain";

/// The hash before the first link.
const GENESIS: [u8; 32] = [0; 32];

/// How many links one chainer batch writes.
const BATCH: i64 = 2000;

/// How long the chainer lets commits gather once it has caught up: it then writes a few
/// transactions a second however busy the writers are (decision 0023), a quarter second behind.
const SETTLE: std::time::Duration = std::time::Duration::from_millis(250);

/// A point of the chain: the link of the event at `position`, `seq`-th in commit order, and its
/// chain hash (hex), which vouches for every event up to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Digest {
    pub seq: i64,
    pub position: i64,
    pub digest: String,
}

/// Where and how the log and its chain part.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "problem", rename_all = "camelCase")]
pub enum Break {
    /// The event at `position` is not what was chained.
    Changed { position: i64 },
    /// The event chained at `position` is gone.
    Deleted { position: i64 },
    /// The event at `position` is the one chained at `chained_at`: events were moved.
    #[serde(rename_all = "camelCase")]
    Reordered { position: i64, chained_at: i64 },
    /// An event at `position` sits among chained events but was never chained.
    Inserted { position: i64 },
    /// The event at `position` moved in commit order, or the chain's own record of it was altered.
    ChainAltered { position: i64 },
    /// The events chained after `after` up to `position` are gone, and so are their links: the
    /// link after them (or the chainer's checkpoint, for the last ones) still names `position`.
    /// `count` says how many, when the links' numbers tell.
    Removed { after: i64, position: i64, count: Option<i64> },
}

impl Break {
    pub fn position(&self) -> i64 {
        match self {
            Break::Changed { position }
            | Break::Deleted { position }
            | Break::Reordered { position, .. }
            | Break::Inserted { position }
            | Break::ChainAltered { position }
            | Break::Removed { position, .. } => *position,
        }
    }
}

impl fmt::Display for Break {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Break::Changed { position } => write!(f, "the event at position {position} was changed after it was chained"),
            Break::Deleted { position } => write!(f, "the event at position {position} was deleted"),
            Break::Reordered { position, chained_at } => {
                write!(f, "the event at position {position} is the one chained at position {chained_at}: events were reordered")
            }
            Break::Inserted { position } => write!(f, "the event at position {position} was inserted among chained events"),
            Break::ChainAltered { position } => write!(f, "the commit order at position {position}, or the chain's record of it, was altered"),
            Break::Removed { position, count: Some(1), .. } => write!(f, "the event at position {position} was deleted, and its link in the chain with it"),
            Break::Removed { after, position, count } => {
                let events = count.map_or("the events".to_owned(), |n| format!("{n} events"));
                write!(f, "{events} chained after position {after}, up to position {position}, were deleted, and their links in the chain with them")
            }
        }
    }
}

/// What [`verify`] found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Verification {
    /// How many events were checked and found as chained.
    pub verified: i64,
    /// The last good link: "verified up to position N, digest D" (`None` before the first).
    pub head: Option<Digest>,
    /// The first break, in commit order.
    pub broken: Option<Break>,
    /// Events not chained yet (the chainer runs a moment behind the log).
    pub pending: i64,
}

/// What [`prove`] found for a saved digest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "outcome", rename_all = "camelCase")]
pub enum Proof {
    /// The log up to the digest's position hashes to the saved digest: it is unchanged.
    Unchanged { verified: i64 },
    /// It does not: `broken` names the first place, when the events and the chain disagree, and
    /// `digest` is what the log up to that position hashes to now.
    Differs { broken: Option<Break>, digest: String },
    /// No event at that position has been chained.
    Unknown,
}

/// The hash of the event whose columns (as `select_events` orders them) start at `at` in `row`:
/// its content, wherever it sits (so an event moved elsewhere is recognised). Generic over the
/// row so the chainer (through `Any`) and `verify` (through the backends' own drivers, text
/// borrowed from the row) hash the same columns the same way.
fn hash_event<'r, R: Row>(row: &'r R, at: usize) -> Result<[u8; 32], sqlx::Error>
where
    usize: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    &'r str: Decode<'r, R::Database> + Type<R::Database>,
{
    let int = |i: usize| row.try_get::<i64, _>(at + i);
    let text = |i: usize| row.try_get::<&str, _>(at + i).map(str::as_bytes);
    Ok(hash_columns([int(3)?, int(6)?, int(9)?], [text(2)?, text(4)?, text(5)?, text(7)?, text(8)?]))
}

/// The hash of an event from its columns: version, schema version and time, then stream, id, type,
/// payload and metadata as text, each after its length.
fn hash_columns(ints: [i64; 3], texts: [&[u8]; 5]) -> [u8; 32] {
    let mut h = Sha256::new();
    for int in ints {
        h.update(int.to_be_bytes());
    }
    for text in texts {
        h.update((text.len() as u64).to_be_bytes());
        h.update(text);
    }
    h.finalize().into()
}

/// The link after `previous` for an event with hash `event` at `position`, written by
/// transaction `tx_id`: where the event sits in the log is part of the chain.
fn link(previous: &[u8; 32], position: i64, tx_id: i64, event: &[u8; 32]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(previous);
    h.update(position.to_be_bytes());
    h.update(tx_id.to_be_bytes());
    h.update(event);
    h.finalize().into()
}

fn unhex(text: &str) -> [u8; 32] {
    let mut out = [0; 32];
    // A stored hash that is not 64 hex digits cannot match anything computed.
    if hex::decode_to_slice(text, &mut out).is_err() {
        out = [0xff; 32];
    }
    out
}

/// Chains the next batch of committed events; on PostgreSQL only one node does at a time.
pub async fn chain_batch(store: &EventStore, limit: i64) -> Result<BatchOutcome, StoreError> {
    let mut tx = store.begin_write().await?;
    let Some(cursor) = lock_checkpoint(store, &mut tx, CHAINER).await? else {
        return Ok(BatchOutcome::Busy);
    };
    let rows = store.read_all_rows_in(&mut tx, cursor, limit).await?;
    let Some(last) = rows.last() else { return Ok(BatchOutcome::Applied(0)) };
    let next = Cursor { tx_id: last.try_get(1)?, position: last.try_get(0)? };
    let (mut seq, mut previous, mut previous_position) = last_link(&mut tx).await?;
    if previous_position != cursor.position {
        // The checkpoint says events up to `cursor` were chained, but the chain ends before them:
        // its last links were deleted. Chaining on would hide that; verification names it.
        return Err(StoreError::Corrupt {
            position: cursor.position,
            message: format!(
                "the chain ends at position {previous_position}, but its checkpoint says position {} was chained: verify the log",
                cursor.position
            ),
        });
    }
    let mut links = Vec::with_capacity(rows.len());
    for row in &rows {
        let (position, tx_id) = (row.try_get::<i64, _>(0)?, row.try_get::<i64, _>(1)?);
        let event = hash_event(row, 0)?;
        previous = link(&previous, position, tx_id, &event);
        seq += 1;
        links.push((seq, position, tx_id, hex::encode(event), hex::encode(previous), previous_position));
        previous_position = position;
    }
    match store.backend() {
        // One statement whose text, and so its prepared statement, never changes: the links as a
        // JSON document (as the group commit of appends does). Statements of a varying number of
        // rows were each parsed and planned anew, on the cores the writers need. The links can be
        // computed again from the log, so the batch need not wait for the disk (decision 0028).
        Backend::Postgres => {
            let links: Vec<_> = links
                .iter()
                .map(|(seq, position, tx_id, event, chain, before)| json!({ "s": seq, "p": position, "t": tx_id, "e": event, "c": chain, "b": before }))
                .collect();
            sqlx::query("set local synchronous_commit = off").execute(&mut *tx).await?;
            sqlx::query(
                "insert into event_chain (seq, global_position, cursor_tx, event_hash, chain_hash, previous_position) \
                 select s, p, t, e, c, b from jsonb_to_recordset($1::text::jsonb) as l (s bigint, p bigint, t bigint, e text, c text, b bigint)",
            )
            .bind(serde_json::Value::Array(links).to_string())
            .execute(&mut *tx)
            .await?;
        }
        Backend::Sqlite => {
            for chunk in links.chunks(500) {
                let sql = format!(
                    "insert into event_chain (seq, global_position, cursor_tx, event_hash, chain_hash, previous_position) values {}",
                    Backend::Sqlite.values(chunk.len(), 6)
                );
                let mut insert = sqlx::query(AssertSqlSafe(sql));
                for (seq, position, tx_id, event, chain, before) in chunk {
                    insert = insert.bind(*seq).bind(*position).bind(*tx_id).bind(event.as_str()).bind(chain.as_str()).bind(*before);
                }
                insert.execute(&mut *tx).await?;
            }
        }
    }
    save_checkpoint(&mut tx, CHAINER, next).await?;
    tx.commit().await?;
    Ok(BatchOutcome::Applied(rows.len()))
}

/// The chain's last link: its number, hash and position (0, the genesis hash and 0 before the first).
async fn last_link(conn: &mut AnyConnection) -> Result<(i64, [u8; 32], i64), StoreError> {
    let row = sqlx::query("select seq, chain_hash, global_position from event_chain order by seq desc limit 1").fetch_optional(&mut *conn).await?;
    Ok(match row {
        Some(row) => (row.try_get(0)?, unhex(row.try_get(1)?), row.try_get(2)?),
        None => (0, GENESIS, 0),
    })
}

/// Keeps the chain caught up with the log until `shutdown`.
pub async fn run_chainer(store: EventStore, shutdown: CancellationToken) {
    keep_up(&store, CHAINER, shutdown, SETTLE, BATCH, |limit| chain_batch(&store, limit)).await;
}

/// Chains every event committed so far (for the command line and tests).
pub async fn chain_all(store: &EventStore) -> Result<(), StoreError> {
    loop {
        match chain_batch(store, BATCH).await? {
            BatchOutcome::Applied(0) => return Ok(()),
            BatchOutcome::Applied(_) => {}
            BatchOutcome::Busy => tokio::time::sleep(std::time::Duration::from_millis(20)).await,
        }
    }
}
