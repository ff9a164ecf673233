//! The queue side of group commit: a writer takes whatever is waiting and writes it in one
//! transaction (submissions: decision 0017; live answers and joins: decisions 0022, 0030).

use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

/// The next group of at most `most` jobs: waits for one, then takes what else is already waiting.
/// Once `shutdown` is cancelled the queue refuses new jobs (their senders write them themselves)
/// and what is left is drained; `None` when nothing is.
pub async fn next_group<J>(receiver: &mut mpsc::Receiver<J>, shutdown: &CancellationToken, most: usize) -> Option<Vec<J>> {
    let first = tokio::select! {
        job = receiver.recv() => job,
        _ = shutdown.cancelled() => {
            receiver.close();
            receiver.recv().await
        }
    };
    let mut jobs = vec![first?];
    while jobs.len() < most {
        match receiver.try_recv() {
            Ok(job) => jobs.push(job),
            Err(_) => break,
        }
    }
    Some(jobs)
}
