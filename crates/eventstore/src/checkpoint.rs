//! SQLite's WAL checkpoints, off the commit path (decision 0031).
//!
//! By default the commit that takes the write-ahead log past 1,000 pages copies them into the
//! database file and waits for the disk twice before it returns: under a live game's answers that
//! commit (and every answer waiting behind it) took 100-400 ms instead of a few. Commits no longer
//! checkpoint (`wal_autocheckpoint = 0` on every connection); a connection of its own checkpoints
//! a few times a second, beside the writer (a passive checkpoint takes no lock a writer or a
//! reader waits for). Every commit is still on disk before it returns: it is in the log, which
//! SQLite reads back after a crash.

use std::time::Duration;

use sqlx::any::AnyConnectOptions;
use sqlx::{AnyConnection, ConnectOptions};
use tokio_util::sync::CancellationToken;

/// How often the log is copied into the database file.
const EVERY: Duration = Duration::from_millis(500);

/// Checkpoints the database of `options` until `stop`.
pub(crate) fn spawn(options: AnyConnectOptions, stop: CancellationToken) {
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
            if let Err(error) = sqlx::query("pragma wal_checkpoint(passive)").execute(&mut *c).await {
                tracing::warn!(%error, "a checkpoint of the write-ahead log failed; trying again");
                conn = None;
            }
        }
    });
}

async fn connect(options: &AnyConnectOptions) -> Result<AnyConnection, sqlx::Error> {
    let mut conn = options.connect().await?;
    // Full: the database file is on disk after each checkpoint, before the log is reused.
    sqlx::raw_sql("pragma busy_timeout = 10000; pragma synchronous = full").execute(&mut conn).await?;
    Ok(conn)
}
