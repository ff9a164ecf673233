//! One WebSocket client: its subscriptions, the ticks of its attempts, and its outgoing queue.

use std::collections::HashMap;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::json;
use sqlx::Row;
use tokio::sync::mpsc;
use tokio::sync::mpsc::error::TrySendError;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::Hub;

/// Messages waiting for a client; one that falls this far behind is disconnected.
const QUEUE: usize = 64;
/// Subscriptions one client may hold.
const MOST_SUBSCRIPTIONS: usize = 16;

const GOING_AWAY: u16 = 1001;
const TOO_SLOW: u16 = 1008;
const TOKEN_EXPIRED: u16 = 4401;

#[derive(Deserialize)]
struct ClientMessage {
    #[serde(rename = "type")]
    kind: String,
    channel: Option<String>,
}

/// Where a connection's tasks put messages; a full queue marks the client too slow.
#[derive(Clone)]
struct Outbox {
    queue: mpsc::Sender<Message>,
    too_slow: CancellationToken,
}

impl Outbox {
    fn send(&self, text: String) -> bool {
        match self.queue.try_send(Message::Text(text.into())) {
            Ok(()) => true,
            Err(TrySendError::Full(_)) => {
                self.too_slow.cancel();
                false
            }
            Err(TrySendError::Closed(_)) => false,
        }
    }

    fn error(&self, channel: Option<&str>, code: &str, error: &str) {
        let mut message = json!({ "type": "error", "code": code, "error": error });
        if let Some(channel) = channel {
            message["channel"] = json!(channel);
        }
        self.send(message.to_string());
    }
}

/// Serves one client until it leaves, falls behind, its token expires, or the hub shuts down.
/// `token_expires_at` is in seconds since the epoch; `_permit` holds the client's place in the hub.
pub async fn serve_connection(
    hub: Hub,
    socket: WebSocket,
    user_id: String,
    token_expires_at: u64,
    _permit: tokio::sync::OwnedSemaphorePermit,
) {
    let (mut sink, mut stream) = socket.split();
    let (queue, mut outgoing) = mpsc::channel::<Message>(QUEUE);
    let outbox = Outbox { queue, too_slow: CancellationToken::new() };
    let writer = tokio::spawn(async move {
        while let Some(message) = outgoing.recv().await {
            let closing = matches!(message, Message::Close(_));
            if sink.send(message).await.is_err() || closing {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let mut subscriptions: HashMap<String, JoinHandle<()>> = HashMap::new();
    let expires_in = Duration::from_secs(token_expires_at.saturating_sub(chrono::Utc::now().timestamp().max(0) as u64));
    let expiry = tokio::time::sleep(expires_in);
    tokio::pin!(expiry);
    let close = loop {
        tokio::select! {
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Text(text))) => handle(&hub, &user_id, &text, &outbox, &mut subscriptions),
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break None,
                Some(Ok(_)) => {}
            },
            _ = outbox.too_slow.cancelled() => break Some((TOO_SLOW, "too slow")),
            _ = &mut expiry => break Some((TOKEN_EXPIRED, "token expired")),
            _ = hub.shutdown().cancelled() => break Some((GOING_AWAY, "server shutting down")),
        }
    };
    for (_, task) in subscriptions.drain() {
        task.abort();
    }
    if let Some((code, reason)) = close {
        // The queue may be full (too slow): make room for the close frame by waiting briefly.
        let frame = Message::Close(Some(CloseFrame { code, reason: Utf8Bytes::from_static(reason) }));
        let _ = tokio::time::timeout(Duration::from_millis(200), outbox.queue.send(frame)).await;
    }
    drop(outbox);
    let _ = tokio::time::timeout(Duration::from_secs(1), writer).await;
}

fn handle(hub: &Hub, user_id: &str, text: &str, outbox: &Outbox, subscriptions: &mut HashMap<String, JoinHandle<()>>) {
    let Ok(message) = serde_json::from_str::<ClientMessage>(text) else {
        outbox.error(None, "bad_message", "Messages are JSON objects with a type");
        return;
    };
    match (message.kind.as_str(), message.channel) {
        ("ping", _) => {
            outbox.send(r#"{"type":"pong"}"#.to_owned());
        }
        ("unsubscribe", Some(channel)) => {
            if let Some(task) = subscriptions.remove(&channel) {
                task.abort();
            }
        }
        ("subscribe", Some(channel)) => {
            if let Some(task) = subscriptions.remove(&channel) {
                task.abort();
            } else if subscriptions.len() >= MOST_SUBSCRIPTIONS {
                outbox.error(Some(&channel), "too_many_subscriptions", "At most 16 subscriptions per connection");
                return;
            }
            let task = match channel.split_once(':') {
                Some(("quiz", id)) if id.parse::<i64>().is_ok_and(|id| id > 0) => {
                    tokio::spawn(watch_quiz(hub.clone(), id.parse().expect("checked"), user_id.to_owned(), outbox.clone()))
                }
                Some(("attempt", id)) if !id.is_empty() => {
                    tokio::spawn(watch_attempt(hub.clone(), id.to_owned(), user_id.to_owned(), outbox.clone()))
                }
                _ => {
                    outbox.error(Some(&channel), "unknown_channel", "Channels are attempt:<attemptId> and quiz:<categoryId>");
                    return;
                }
            };
            subscriptions.insert(channel, task);
        }
        _ => outbox.error(None, "bad_message", "Send subscribe, unsubscribe or ping"),
    }
}

async fn watch_quiz(hub: Hub, quiz_id: i64, user_id: String, outbox: Outbox) {
    let channel = format!("quiz:{quiz_id}");
    let exists = sqlx::query("select 1 from category where category_id = $1").bind(quiz_id).fetch_optional(hub.store().pool()).await;
    match exists {
        Ok(Some(_)) => {}
        Ok(None) => return outbox.error(Some(&channel), "not_found", "No such quiz"),
        Err(e) => {
            tracing::warn!(error = %e, "could not look up a quiz for a subscription");
            return outbox.error(Some(&channel), "unavailable", "Please try again");
        }
    }
    let (mut rankings, current) = match hub.watch_quiz(quiz_id).await {
        Ok(watch) => watch,
        Err(e) => {
            tracing::warn!(error = %e, "could not load a leaderboard for a subscription");
            return outbox.error(Some(&channel), "unavailable", "Please try again");
        }
    };
    if !outbox.send(json!({ "type": "subscribed", "channel": channel }).to_string()) || !outbox.send(current.message_for(&user_id)) {
        return;
    }
    loop {
        match rankings.recv().await {
            Ok(ranking) => {
                if !outbox.send(ranking.message_for(&user_id)) {
                    return;
                }
            }
            // Only the newest ranking matters: skipping older ones loses nothing.
            Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
            Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
        }
    }
}

fn submitted_message(channel: &str, s: &crate::Submission) -> String {
    json!({ "type": "submitted", "channel": channel, "reason": s.reason, "score": s.score, "points": s.points, "total": s.total })
        .to_string()
}

async fn watch_attempt(hub: Hub, attempt_id: String, user_id: String, outbox: Outbox) {
    let channel = format!("attempt:{attempt_id}");
    // Listen first, then read the state: a submission in between is not missed.
    let mut submissions = hub.watch_attempt(&attempt_id);
    let row = sqlx::query("select user_id, deadline, status, score, points, total, reason from attempt where attempt_id = $1")
        .bind(&attempt_id)
        .fetch_optional(hub.store().pool())
        .await;
    let row = match row {
        Ok(Some(row)) => row,
        Ok(None) => return outbox.error(Some(&channel), "not_found", "No such attempt"),
        Err(e) => {
            tracing::warn!(error = %e, "could not look up an attempt for a subscription");
            return outbox.error(Some(&channel), "unavailable", "Please try again");
        }
    };
    let read = || -> Result<(String, i64, String), sqlx::Error> { Ok((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?)) };
    let Ok((owner, deadline, status)) = read() else { return outbox.error(Some(&channel), "unavailable", "Please try again") };
    if owner != user_id {
        return outbox.error(Some(&channel), "forbidden", "This is not your attempt");
    }
    if !outbox.send(json!({ "type": "subscribed", "channel": channel }).to_string()) {
        return;
    }
    if status == "submitted" {
        let done = crate::Submission {
            score: row.try_get(3).unwrap_or(0),
            points: row.try_get(4).unwrap_or(0),
            total: row.try_get(5).unwrap_or(0),
            reason: row.try_get(6).unwrap_or_default(),
        };
        outbox.send(submitted_message(&channel, &done));
        return;
    }
    let deadline_text = chrono::DateTime::from_timestamp_millis(deadline)
        .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
        .unwrap_or_default();
    let mut ticks = tokio::time::interval(Duration::from_secs(1));
    loop {
        tokio::select! {
            _ = ticks.tick() => {
                let now = hub.now_ms();
                let server_time = chrono::DateTime::from_timestamp_millis(now)
                    .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
                    .unwrap_or_default();
                let tick = json!({
                    "type": "tick",
                    "channel": channel,
                    "remainingMs": (deadline - now).max(0),
                    "deadline": deadline_text,
                    "serverTime": server_time,
                });
                if !outbox.send(tick.to_string()) {
                    return;
                }
            }
            submission = submissions.recv() => {
                if let Ok(submission) = submission {
                    outbox.send(submitted_message(&channel, &submission));
                }
                return;
            }
        }
    }
}
