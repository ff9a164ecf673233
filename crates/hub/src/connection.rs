//! One WebSocket client: its messages dispatched, its subscriptions (one task per channel, see
//! [`crate::channel`]), and its bounded outgoing queue.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use quizroom_domain::question::Response;
use quizroom_domain::quiz::Letter;

use crate::Hub;
use crate::admission::Admission;
use crate::channel::{self, CHANNELS, Channel};
use crate::game::{RoomHandle, Taken, Viewer};
use crate::message::{ClientMessage, ErrorCode, ServerMessage};
use crate::outbox::Outbox;

/// Messages waiting for a client; one that falls this far behind is disconnected.
const QUEUE: usize = 64;
/// Subscriptions one client may hold.
const MOST_SUBSCRIPTIONS: usize = 16;

const GOING_AWAY: u16 = 1001;
const TOO_SLOW: u16 = 1008;
const TOO_BIG: u16 = 1009;
const TOKEN_EXPIRED: u16 = 4401;
/// Another socket opened with the same player token (the player's other tab or device).
const OPENED_ELSEWHERE: u16 = 4409;
/// The account's sessions ended (a password reset or "sign out everywhere").
const SESSION_ENDED: u16 = 4410;

/// Whether reading failed because the client's frame or message was over the limit.
fn too_big(error: &axum::Error) -> bool {
    std::error::Error::source(error)
        .and_then(|source| source.downcast_ref::<tungstenite::Error>())
        .is_some_and(|e| matches!(e, tungstenite::Error::Capacity(_)))
}

/// Who a connection is: a signed-in user, or a live game's player (with the player token, which
/// reaches that one game only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Identity {
    User(String),
    Player { game_id: String, player_id: String },
}

/// Serves one client until it leaves, falls behind, its token expires, its session ends, its
/// player token opens another socket, or the hub shuts down. `token_expires_at` is in seconds
/// since the epoch; `admission` holds the client's places (see [`crate::admission`]).
pub async fn serve_connection(hub: Hub, socket: WebSocket, identity: Identity, token_expires_at: u64, admission: Admission) {
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
                Some(Ok(Message::Text(text))) => handle(&hub, &identity, &text, &outbox, &mut subscriptions),
                Some(Err(e)) if too_big(&e) => break Some((TOO_BIG, "message too big")),
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break None,
                Some(Ok(_)) => {}
            },
            _ = outbox.too_slow.cancelled() => break Some((TOO_SLOW, "too slow")),
            _ = &mut expiry => break Some((TOKEN_EXPIRED, "token expired")),
            _ = admission.ended.cancelled() => break Some((SESSION_ENDED, "session ended")),
            _ = admission.replaced.cancelled() => break Some((OPENED_ELSEWHERE, "opened elsewhere")),
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

fn handle(hub: &Hub, identity: &Identity, text: &str, outbox: &Outbox, subscriptions: &mut HashMap<String, JoinHandle<()>>) {
    let message = match serde_json::from_str::<ClientMessage>(text) {
        Ok(message) => message,
        Err(_) if serde_json::from_str::<Typed>(text).is_err() => {
            return outbox.error(None, ErrorCode::BadMessage, "Messages are JSON objects with a type");
        }
        Err(_) => return outbox.error(None, ErrorCode::BadMessage, "Send subscribe, unsubscribe, answer, loaded or ping"),
    };
    match message {
        ClientMessage::Ping => {
            outbox.send(&ServerMessage::Pong);
        }
        ClientMessage::Unsubscribe { channel } => {
            if let Some(task) = subscriptions.remove(&channel) {
                task.abort();
            }
        }
        ClientMessage::Subscribe { channel: name } => {
            if let Some(task) = subscriptions.remove(&name) {
                task.abort();
            } else if subscriptions.len() >= MOST_SUBSCRIPTIONS {
                return outbox.error(Some(&name), ErrorCode::TooManySubscriptions, "At most 16 subscriptions per connection");
            }
            let Ok(channel) = name.parse::<Channel>() else {
                return outbox.error(Some(&name), ErrorCode::UnknownChannel, CHANNELS);
            };
            let (hub, outbox) = (hub.clone(), outbox.clone());
            let task = match (channel, identity) {
                (Channel::Game(game_id), identity) => tokio::spawn(channel::game::watch(hub, game_id, identity.clone(), outbox)),
                (Channel::Attempt(attempt_id), Identity::User(user_id)) => tokio::spawn(channel::attempt::watch(hub, attempt_id, user_id.clone(), outbox)),
                (Channel::Quiz(quiz_id), Identity::User(user_id)) => tokio::spawn(channel::quiz::watch(hub, quiz_id, user_id.clone(), outbox)),
                (_, Identity::Player { .. }) => {
                    return outbox.error(Some(&name), ErrorCode::Forbidden, "A player token reaches its own game only");
                }
            };
            subscriptions.insert(name, task);
        }
        ClientMessage::Loaded { channel: name, question } => {
            let Ok(Channel::Game(game_id)) = name.parse::<Channel>() else {
                return outbox.error(Some(&name), ErrorCode::UnknownChannel, "Media are loaded for a game:<gameId> channel");
            };
            match hub.games().loaded(&game_id) {
                Some(handle) => media_loaded(hub, identity, &handle, &game_id, question, outbox),
                // Not loaded on this node yet (a phone reconnected here): once it is.
                None => {
                    let (hub, identity, outbox) = (hub.clone(), identity.clone(), outbox.clone());
                    tokio::spawn(async move {
                        match hub.games().room(&game_id).await {
                            Ok(Some(handle)) => media_loaded(&hub, &identity, &handle, &game_id, question, &outbox),
                            Ok(None) => outbox.error(Some(&Channel::Game(game_id).to_string()), ErrorCode::NotFound, "No such game"),
                            Err(_) => outbox.error(Some(&Channel::Game(game_id).to_string()), ErrorCode::Unavailable, "Please try again"),
                        }
                    });
                }
            }
        }
        ClientMessage::Answer { channel: name, question, choice, response } => {
            let Ok(Channel::Game(game_id)) = name.parse::<Channel>() else {
                return outbox.error(Some(&name), ErrorCode::UnknownChannel, "Answers go to a game:<gameId> channel");
            };
            let sent = match (choice, response) {
                (_, Some(json)) => match Response::read(json.clone()) {
                    Ok(response) => Sent::Response(response, json),
                    Err(e) => return outbox.error(Some(&name), ErrorCode::BadMessage, &format!("The response is not one Quizroom reads: {e}")),
                },
                (Some(choice), None) => match Letter::parse(&choice) {
                    Some(letter) => Sent::Letter(letter),
                    None => return outbox.error(Some(&name), ErrorCode::BadMessage, "choice is one of A, B, C and D"),
                },
                (None, None) => return outbox.error(Some(&name), ErrorCode::BadMessage, "An answer carries a choice or a response"),
            };
            // The receive time decides whether it was in time (and how fast), and the answer is
            // taken (decided, and held in its room) as it is read, before anything else is read.
            let received_at = hub.now_ms();
            let given = Given { game_id, question, sent, received_at };
            let taken = hub.games().loaded(&given.game_id).map(|handle| take(hub, identity, &handle, &given));
            tokio::spawn(answer(hub.clone(), identity.clone(), given, taken, outbox.clone()));
        }
    }
}

/// A player's device has question `question`'s media; anyone else is refused.
fn media_loaded(hub: &Hub, identity: &Identity, handle: &Arc<RoomHandle>, game_id: &str, question: usize, outbox: &Outbox) {
    match channel::game::viewer(handle, identity, game_id) {
        Some(Viewer::Player(player_id)) => hub.games().media_loaded(handle, &player_id, question),
        _ => outbox.error(Some(&Channel::Game(game_id.to_owned()).to_string()), ErrorCode::Forbidden, "Only the game's players tell it their media are loaded"),
    }
}

/// An answer as it was read.
struct Given {
    game_id: String,
    question: usize,
    sent: Sent,
    received_at: i64,
}

/// What an answer carried: a letter A–D, or a response (kept as sent, to acknowledge it so).
enum Sent {
    Letter(Letter),
    Response(Response, serde_json::Value),
}

impl Sent {
    fn response(&self) -> Response {
        match self {
            Sent::Letter(letter) => Response::Choice(letter.index()),
            Sent::Response(response, _) => response.clone(),
        }
    }
}

/// Why an answer was not taken: the code and message the player is told.
type NotTaken = (ErrorCode, String);

/// Takes the answer of a player of the game whose room is `handle` (`Games::take`).
fn take(hub: &Hub, identity: &Identity, handle: &Arc<RoomHandle>, given: &Given) -> Result<Taken, NotTaken> {
    let Some(Viewer::Player(player_id)) = channel::game::viewer(handle, identity, &given.game_id) else {
        return Err((ErrorCode::Forbidden, "Only the game's players answer".into()));
    };
    hub.games().take(handle, &player_id, given.question, given.sent.response(), given.received_at).map_err(|refused| refused.reads())
}

/// Records a player's answer (taken as it was read, or here once its game is loaded) and
/// acknowledges it once durable, or says why not.
async fn answer(hub: Hub, identity: Identity, given: Given, taken: Option<Result<Taken, NotTaken>>, outbox: Outbox) {
    let channel = Channel::Game(given.game_id.clone());
    let name = channel.to_string();
    let question = given.question;
    let taken = match taken {
        Some(taken) => taken,
        None => match hub.games().room(&given.game_id).await {
            Ok(Some(handle)) => take(&hub, &identity, &handle, &given),
            Ok(None) => Err((ErrorCode::NotFound, "No such game".into())),
            Err(_) => Err((ErrorCode::Unavailable, "Please try again".into())),
        },
    };
    let outcome = match taken {
        Ok(taken) => hub.games().record(taken).await.map_err(|refused| refused.reads()),
        Err(not_taken) => Err(not_taken),
    };
    match outcome {
        Ok(()) => {
            let (choice, response) = match &given.sent {
                Sent::Letter(letter) => (Some(letter.as_str()), None),
                Sent::Response(_, json) => (None, Some(json)),
            };
            outbox.send(&ServerMessage::AnswerAck { channel: &channel, question, choice, response });
        }
        Err((code, error)) => outbox.error(Some(&name), code, &error),
    }
}

/// Any JSON object with a `type`: told apart from text that is not a message at all.
#[derive(Deserialize)]
struct Typed {
    #[serde(rename = "type")]
    _kind: String,
}
