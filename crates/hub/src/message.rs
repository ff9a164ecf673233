//! The protocol's messages (`docs/websocket.md`), as tagged enums both ways: JSON objects whose
//! `type` names the variant. A client sends [`ClientMessage`]s (commands as well as
//! subscriptions); the server answers with [`ServerMessage`]s.

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::channel::Channel;
use crate::game::GameView;

/// What a client may send.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ClientMessage {
    /// Start (or restart) a subscription; the channel's current state follows at once.
    Subscribe { channel: String },
    /// Stop a subscription.
    Unsubscribe { channel: String },
    /// A live game's player answers question `question` (its index) with `choice` (a letter A–D)
    /// or `response` (any type, by the positions served: `docs/live-games.md`).
    Answer {
        channel: String,
        question: usize,
        #[serde(default)]
        choice: Option<String>,
        #[serde(default)]
        response: Option<serde_json::Value>,
    },
    /// A live game's player's device has question `question`'s media (issue 30): once every
    /// player's has, the answers open without waiting out the get-ready. Nothing is answered.
    Loaded { channel: String, question: usize },
    /// Answered with [`ServerMessage::Pong`].
    Ping,
}

/// Why a message could not be acted on (the connection stays open).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    BadMessage,
    UnknownChannel,
    Forbidden,
    NotFound,
    TooManySubscriptions,
    Unavailable,
    /// An answer before the question opened, while paused, or to a question not being played.
    NotOpen,
    /// An answer after the question's deadline.
    TooLate,
    /// A second answer to one question.
    AlreadyAnswered,
}

/// A player's own place on a leaderboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rank {
    pub rank: usize,
    pub points: i64,
}

/// What the server sends.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ServerMessage<'a> {
    /// A subscription took effect; the channel's current state follows.
    Subscribed {
        channel: &'a Channel,
    },
    /// An open attempt's clock, every second.
    #[serde(rename_all = "camelCase")]
    Tick {
        channel: &'a Channel,
        remaining_ms: i64,
        deadline: &'a str,
        server_time: String,
    },
    /// The attempt was submitted (by the player, or by the server at the deadline).
    Submitted {
        channel: &'a Channel,
        reason: &'a str,
        score: i64,
        points: i64,
        total: i64,
    },
    /// A quiz's ranking: the top rows (already JSON, shared by every watcher) and the client's own.
    Leaderboard {
        channel: &'a Channel,
        top: &'a RawValue,
        me: Option<Rank>,
        participants: usize,
    },
    /// A live game's whole view for this client (`docs/live-games.md`).
    Game {
        channel: &'a Channel,
        view: &'a GameView,
    },
    /// The host's count of answers to the open question.
    Answers {
        channel: &'a Channel,
        question: usize,
        answered: u32,
        players: usize,
        /// The time is up and answers received in time are still being written.
        counting: bool,
        /// A poll: the answers so far per option, for the presenter's live bars.
        #[serde(rename = "pollCounts", skip_serializing_if = "Option::is_none")]
        poll_counts: Option<&'a [u32]>,
    },
    /// A player's answer is durable in the log: as it was sent, a letter or a response.
    AnswerAck {
        channel: &'a Channel,
        question: usize,
        #[serde(skip_serializing_if = "Option::is_none")]
        choice: Option<&'a str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        response: Option<&'a serde_json::Value>,
    },
    /// The host removed this player from the game.
    Kicked {
        channel: &'a Channel,
    },
    Error {
        #[serde(skip_serializing_if = "Option::is_none")]
        channel: Option<&'a str>,
        code: ErrorCode,
        error: &'a str,
    },
    Pong,
}

impl ServerMessage<'_> {
    /// The message as the text frame sent.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).expect("server messages serialise")
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use serde_json::Value;

    use super::*;

    /// One of every server message, in the shapes the protocol document shows.
    fn every_server_message() -> Vec<String> {
        let attempt = Channel::Attempt("a1".into());
        let quiz = Channel::Quiz(1);
        let game = Channel::Game("g1".into());
        let view = crate::game::Room::new("g1".into()).view(&crate::game::Viewer::Host, 0);
        let order = serde_json::json!({ "order": [2, 0, 1] });
        let top = RawValue::from_string(r#"[{"rank":1,"userId":"u","firstName":"A","lastName":"B","points":10}]"#.into()).unwrap();
        let messages = [
            ServerMessage::Subscribed { channel: &quiz },
            ServerMessage::Tick { channel: &attempt, remaining_ms: 1, deadline: "d", server_time: "t".into() },
            ServerMessage::Submitted { channel: &attempt, reason: "player", score: 1, points: 10, total: 2 },
            ServerMessage::Leaderboard { channel: &quiz, top: &top, me: Some(Rank { rank: 1, points: 10 }), participants: 1 },
            ServerMessage::Game { channel: &game, view: &view },
            ServerMessage::Answers { channel: &game, question: 0, answered: 1, players: 2, counting: false, poll_counts: None },
            ServerMessage::AnswerAck { channel: &game, question: 0, choice: Some("B"), response: None },
            ServerMessage::AnswerAck { channel: &game, question: 0, choice: None, response: Some(&order) },
            ServerMessage::Kicked { channel: &game },
            ServerMessage::Error { channel: Some("x"), code: ErrorCode::BadMessage, error: "e" },
            ServerMessage::Pong,
        ];
        // A new variant must be added above (and to the document): this match stops compiling.
        for m in &messages {
            match m {
                ServerMessage::Subscribed { .. }
                | ServerMessage::Tick { .. }
                | ServerMessage::Submitted { .. }
                | ServerMessage::Leaderboard { .. }
                | ServerMessage::Game { .. }
                | ServerMessage::Answers { .. }
                | ServerMessage::AnswerAck { .. }
                | ServerMessage::Kicked { .. }
                | ServerMessage::Error { .. }
                | ServerMessage::Pong => {}
            }
        }
        messages.iter().map(ServerMessage::to_text).collect()
    }

    /// The section of `docs/websocket.md` headed `heading`: each table row's message example.
    fn documented(heading: &str) -> Vec<String> {
        let doc = include_str!("../../../docs/websocket.md");
        let section = doc.split("\n## ").find(|s| s.starts_with(heading)).unwrap_or_else(|| panic!("no section {heading}"));
        section.lines().filter(|l| l.starts_with("| `{")).map(|l| l.trim_start_matches("| `").split("` |").next().unwrap().replace("\\|", "|")).collect()
    }

    /// The `"type"` of each documented example, and the keys it shows.
    fn types_and_keys(examples: &[String]) -> BTreeSet<(String, BTreeSet<String>)> {
        examples
            .iter()
            .map(|e| {
                let kind = e.split(r#""type":""#).nth(1).and_then(|t| t.split('"').next()).unwrap_or_default().to_owned();
                // Keys of the top level: `"key":` outside nested objects and arrays.
                let (mut depth, mut keys, mut rest) = (0, BTreeSet::new(), e.as_str());
                while let Some(c) = rest.chars().next() {
                    match c {
                        '{' | '[' => depth += 1,
                        '}' | ']' => depth -= 1,
                        '"' if depth == 1 => {
                            let end = rest[1..].find('"').map_or(rest.len() - 1, |i| i + 1);
                            if rest[end + 1..].starts_with(':') {
                                keys.insert(rest[1..end].to_owned());
                            }
                            rest = &rest[end..];
                        }
                        _ => {}
                    }
                    rest = &rest[c.len_utf8()..];
                }
                (kind, keys)
            })
            .collect()
    }

    #[test]
    fn every_server_message_is_documented_with_its_fields() {
        let documented = types_and_keys(&documented("Server to client"));
        for text in every_server_message() {
            let value: Value = serde_json::from_str(&text).unwrap();
            let kind = value["type"].as_str().unwrap().to_owned();
            let keys: BTreeSet<String> = value.as_object().unwrap().keys().cloned().collect();
            assert!(documented.contains(&(kind.clone(), keys.clone())), "{kind} with fields {keys:?} is not in docs/websocket.md: {documented:?}");
        }
        assert_eq!(documented.len(), every_server_message().len(), "docs/websocket.md documents messages the server does not send");
    }

    #[test]
    fn every_documented_client_message_is_understood() {
        let examples = documented("Client to server");
        assert_eq!(examples.len(), 8);
        for example in examples {
            let concrete = example.replace("<attemptId>", "a1").replace("<categoryId>", "1").replace("<gameId>", "g1").replace('…', "quiz:1");
            let parsed: Result<ClientMessage, _> = serde_json::from_str(&concrete);
            assert!(parsed.is_ok(), "{example} does not parse: {parsed:?}");
        }
    }
}
