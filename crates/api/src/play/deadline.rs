//! The server's own submission at the deadline: every attempt whose time (and grace) is up is
//! submitted with its saved answers.

use std::time::Duration;

use quizroom_domain::attempt::{GRACE_MS, SubmitReason};
use quizroom_projections::attempt::read as attempts;
use tokio_util::sync::CancellationToken;

use crate::scoring::{Scorer, Submission};

/// Submits, with the saved answers, every attempt whose time (and grace) is up; runs until
/// `shutdown`. On several nodes each may try the same attempt; the stream's version lets one win.
pub async fn run_auto_submit(scorer: Scorer, shutdown: CancellationToken) {
    let Scorer { store, clock, .. } = &scorer;
    while !shutdown.is_cancelled() {
        let due = attempts::due(store.pool(), clock.now_ms() - GRACE_MS).await;
        match due {
            Ok(due) => {
                let submissions = due.iter().map(|id| Submission { attempt_id: id.clone(), answers: vec![], reason: SubmitReason::Timeout }).collect();
                for (attempt_id, outcome) in due.iter().zip(scorer.submit_all(submissions).await) {
                    match outcome {
                        Ok(Ok((s, _))) => tracing::info!(attempt_id, score = s.score, "submitted at the deadline"),
                        Ok(Err(_)) => {}
                        Err(e) => tracing::warn!(attempt_id, error = %e, "could not submit at the deadline; will retry"),
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "could not look for attempts past their deadline"),
        }
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_millis(250)) => {}
            _ = shutdown.cancelled() => {}
        }
    }
}
