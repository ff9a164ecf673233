//! `attempt:<attemptId>`: one of the player's own attempts: the server's clock every second while
//! it is open, and its submission (at once when it was already submitted).

use std::time::Duration;

use quizroom_projections::attempt::read as attempts;

use crate::channel::Channel;
use crate::message::{ErrorCode, ServerMessage};
use crate::outbox::Outbox;
use crate::{Hub, Submission};

fn submitted<'a>(channel: &'a Channel, s: &'a Submission) -> ServerMessage<'a> {
    ServerMessage::Submitted { channel, reason: &s.reason, score: s.score, points: s.points, total: s.total }
}

/// Serves the subscription until the attempt is submitted or the subscription dropped.
pub(crate) async fn watch(hub: Hub, attempt_id: String, user_id: String, outbox: Outbox) {
    let channel = Channel::Attempt(attempt_id.clone());
    let name = channel.to_string();
    // Listen first, then read the state: a submission in between is not missed.
    let mut submissions = hub.watch_attempt(&attempt_id);
    let attempt = match attempts::status(hub.store().pool(), &attempt_id).await {
        Ok(Some(attempt)) => attempt,
        Ok(None) => return outbox.error(Some(&name), ErrorCode::NotFound, "No such attempt"),
        Err(e) => {
            tracing::warn!(error = %e, "could not look up an attempt for a subscription");
            return outbox.error(Some(&name), ErrorCode::Unavailable, "Please try again");
        }
    };
    if attempt.user_id != user_id {
        return outbox.error(Some(&name), ErrorCode::Forbidden, "This is not your attempt");
    }
    if !outbox.send(&ServerMessage::Subscribed { channel: &channel }) {
        return;
    }
    if attempt.status == "submitted" {
        let done = Submission {
            score: attempt.score.unwrap_or(0),
            points: attempt.points.unwrap_or(0),
            total: attempt.total.unwrap_or(0),
            reason: attempt.reason.unwrap_or_default(),
        };
        outbox.send(&submitted(&channel, &done));
        return;
    }
    let deadline = attempt.deadline;
    let deadline_text = chrono::DateTime::from_timestamp_millis(deadline).map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)).unwrap_or_default();
    let mut ticks = tokio::time::interval(Duration::from_secs(1));
    loop {
        tokio::select! {
            _ = ticks.tick() => {
                let now = hub.now_ms();
                let server_time = chrono::DateTime::from_timestamp_millis(now)
                    .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
                    .unwrap_or_default();
                let tick = ServerMessage::Tick { channel: &channel, remaining_ms: (deadline - now).max(0), deadline: &deadline_text, server_time };
                if !outbox.send(&tick) {
                    return;
                }
            }
            submission = submissions.recv() => {
                if let Ok(submission) = submission {
                    outbox.send(&submitted(&channel, &submission));
                }
                return;
            }
        }
    }
}
