//! SQLite's WAL checkpoints, off the commit path (decision 0031).
//!
//! By default the commit that takes the write-ahead log past 1,000 pages copies them into the
//! database file and waits for the disk twice before it returns: under a live game's answers that
//! commit (and every answer waiting behind it) took 100-400 ms instead of a few. Commits no longer
//! checkpoint (`wal_autocheckpoint = 0` on every connection). A connection of its own copies the
//! log into the database file several times a second, beside the writer (a passive checkpoint
//! takes no lock a writer or a reader waits for). The log is started over only by a writer that
//! begins when every page of it has been copied, which under steady writes never happens by
//! itself: once the log is past [`LONG`] pages, the writer's own connection, between two
//! transactions, copies the little that is left (so the log stays bounded, as before, and a
//! restart after a crash has a short log to read back). Every commit is still on disk before it
//! returns: it is in the log, which SQLite reads back after a crash.

use std::time::Duration;

use sqlx::any::AnyConnectOptions;
use sqlx::{AnyConnection, AnyPool, ConnectOptions};
use tokio_util::sync::CancellationToken;

/// How often the log is copied into the database file.
const EVERY: Duration = Duration::from_millis(100);

/// Pages of log (16 MB of 4 KB pages) past which the writer starts it over.
const LONG: i64 = 4096;

/// How many times the writer's checkpoint tries to copy the whole log.
const TRIES: usize = 5;

/// Checkpoints the database of `options`, whose writer is `writer`, until `stop`.
pub(crate) fn spawn(options: AnyConnectOptions, writer: AnyPool, stop: CancellationToken) {
    tokio::spawn(async move {
        let mut conn: Option<AnyConnection> = None;
        loop {
            tokio::select! {
                _ = stop.cancelled() => break,
                _ = tokio::time::sleep(EVERY) => {}
            }
            if conn.is_none() {
                conn = connect(&options).await.map_err(|error| tracing::warn!(%error, "could not open the checkpointing connection")).ok();
            }
            let Some(c) = conn.as_mut() else { continue };
            if let Err(error) = checkpoint(c, &writer).await {
                tracing::warn!(%error, "a checkpoint of the write-ahead log failed; trying again");
                conn = None;
            }
        }
    });
}

/// Copies what it can of the log; when the log is long, lets the writer finish the copy.
async fn checkpoint(conn: &mut AnyConnection, writer: &AnyPool) -> Result<(), sqlx::Error> {
    // (whether it had to stop early, pages in the log, pages copied)
    let (_, pages, _): (i64, i64, i64) = sqlx::query_as("pragma wal_checkpoint(passive)").fetch_one(&mut *conn).await?;
    if pages >= LONG {
        // A reader still on older pages keeps them from being copied: a few tries, a moment
        // apart, find the readers moved on (each reads for a few milliseconds).
        let mut writer = writer.acquire().await?;
        for _ in 0..TRIES {
            let (_, pages, copied): (i64, i64, i64) = sqlx::query_as("pragma wal_checkpoint(passive)").fetch_one(&mut *writer).await?;
            if copied >= pages {
                break;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }
    Ok(())
}

async fn connect(options: &AnyConnectOptions) -> Result<AnyConnection, sqlx::Error> {
    let mut conn = options.connect().await?;
    // Full: the database file is on disk after each checkpoint, before the log is reused.
    sqlx::raw_sql("pragma busy_timeout = 10000; pragma synchronous = full").execute(&mut conn).await?;
    Ok(conn)
}
