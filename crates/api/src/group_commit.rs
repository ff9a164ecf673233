//! Group commit (decisions 0017, 0030, 0044): a writer takes whatever is waiting ([`next_group`])
//! and writes it in one transaction ([`write_grouped`]). Submissions, live answers and joins are
//! written this way; each says how a group is written together and how one item is written alone
//! ([`GroupWrite`]), and this module how the two are combined, once for all three: the first item
//! of each stream together, the items of a stream already in the group one by one after it, and a
//! group the store refuses one by one. Grouping changes how many transactions there are, never
//! what they record.

use std::collections::HashSet;
use std::fmt::Display;

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

/// What is written in groups, and how.
pub trait GroupWrite: Sync {
    /// What one job asks to write (a submission, an answer, a join).
    type Item: Sync;
    /// What became of one item.
    type Outcome: Send;
    /// Why a group could not be written together (its items are then written one by one).
    type Failed: Display + Send;
    /// What is written, for the log ("submissions", "answers", "joins").
    const WHAT: &'static str;

    /// The stream an item writes to: two items of one stream are never written together.
    fn stream(item: &Self::Item) -> &str;
    /// Items of distinct streams in one transaction: an outcome per item, in order.
    fn together(&self, items: &[&Self::Item]) -> impl Future<Output = Result<Vec<Self::Outcome>, Self::Failed>> + Send;
    /// One item in a transaction of its own (retrying what the store lets it retry).
    fn alone(&self, item: &Self::Item) -> impl Future<Output = Self::Outcome> + Send;
}

/// Writes `items`: the first item of each stream together (alone when it is the only one), then
/// the further items of a stream one by one (they are then decided on what the first wrote); a
/// group that fails is written one by one. One outcome per item, in the order given.
pub async fn write_grouped<W: GroupWrite>(writer: &W, items: &[&W::Item]) -> Vec<W::Outcome> {
    let mut seen = HashSet::new();
    let (first, repeats): (Vec<_>, Vec<_>) = items.iter().enumerate().partition(|(_, item)| seen.insert(W::stream(**item)));
    let firsts: Vec<&W::Item> = first.iter().map(|(_, item)| **item).collect();
    let together = match firsts.len() {
        0 => Vec::new(),
        1 => vec![writer.alone(firsts[0]).await],
        _ => match writer.together(&firsts).await {
            Ok(outcomes) => outcomes,
            Err(error) => {
                tracing::debug!(%error, items = firsts.len(), what = W::WHAT, "a group failed; writing its items one by one");
                let mut outcomes = Vec::with_capacity(firsts.len());
                for item in &firsts {
                    outcomes.push(writer.alone(item).await);
                }
                outcomes
            }
        },
    };
    let mut outcomes: Vec<Option<W::Outcome>> = std::iter::repeat_with(|| None).take(items.len()).collect();
    for ((place, _), outcome) in first.into_iter().zip(together) {
        outcomes[place] = Some(outcome);
    }
    for (place, item) in repeats {
        outcomes[place] = Some(writer.alone(item).await);
    }
    outcomes.into_iter().map(|o| o.expect("an outcome for every item")).collect()
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    /// Items `(stream, value)`; a group holding `fail` fails.
    struct Log {
        fail: Option<&'static str>,
        transactions: Mutex<Vec<Vec<&'static str>>>,
    }

    impl GroupWrite for Log {
        type Item = (&'static str, u32);
        type Outcome = (&'static str, u32);
        type Failed = &'static str;
        const WHAT: &'static str = "items";

        fn stream(item: &Self::Item) -> &str {
            item.0
        }

        async fn together(&self, items: &[&Self::Item]) -> Result<Vec<Self::Outcome>, &'static str> {
            if items.iter().any(|i| Some(i.0) == self.fail) {
                return Err("refused");
            }
            self.transactions.lock().unwrap().push(items.iter().map(|i| i.0).collect());
            Ok(items.iter().map(|i| **i).collect())
        }

        async fn alone(&self, item: &Self::Item) -> Self::Outcome {
            self.transactions.lock().unwrap().push(vec![item.0]);
            *item
        }
    }

    fn written(fail: Option<&'static str>, items: &[(&'static str, u32)]) -> (Vec<(&'static str, u32)>, Vec<Vec<&'static str>>) {
        let log = Log { fail, transactions: Mutex::default() };
        let items: Vec<_> = items.iter().collect();
        let outcomes = futures::executor::block_on(write_grouped(&log, &items));
        (outcomes, log.transactions.into_inner().unwrap())
    }

    #[test]
    fn firsts_are_written_together_and_a_streams_further_items_after_them_alone() {
        let items = [("a", 1), ("b", 2), ("a", 3), ("c", 4)];
        let (outcomes, transactions) = written(None, &items);
        assert_eq!(outcomes, items);
        assert_eq!(transactions, [vec!["a", "b", "c"], vec!["a"]]);
        // One item is written alone.
        assert_eq!(written(None, &[("a", 1)]).1, [vec!["a"]]);
    }

    #[test]
    fn a_failed_group_is_written_one_by_one() {
        let items = [("a", 1), ("b", 2), ("b", 3)];
        let (outcomes, transactions) = written(Some("b"), &items);
        assert_eq!(outcomes, items);
        assert_eq!(transactions, [vec!["a"], vec!["b"], vec!["b"]]);
    }
}
