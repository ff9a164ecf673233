//! `quiz:<categoryId>`: a quiz's live leaderboard. The ranking is computed once per change (at
//! most twice a second, by the hub's refresher) and shared by every connection watching it; each
//! adds its own rank when it sends it.

use std::collections::HashMap;

use quizroom_eventstore::EventStore;
use quizroom_projections::attempt::read as attempts;
use serde_json::value::RawValue;

use crate::Hub;
use crate::channel::Channel;
use crate::message::{ErrorCode, Rank, ServerMessage};
use crate::outbox::Outbox;

/// How many rows the leaderboard message shows.
pub const TOP: usize = 10;

/// One quiz's ranking.
#[derive(Debug)]
pub struct Ranking {
    pub quiz_id: i64,
    /// The `top` array of the message, already JSON.
    top: Box<RawValue>,
    /// Rank (from 1) and points of every participant.
    ranks: HashMap<String, Rank>,
}

impl Ranking {
    /// The quiz's ranking now, in the one order of rank (`attempts::ranking`).
    pub async fn load(store: &EventStore, quiz_id: i64) -> Result<Ranking, sqlx::Error> {
        let standings = attempts::ranking(store.pool(), quiz_id, i64::MAX).await?;
        let top: Vec<serde_json::Value> = standings
            .iter()
            .take(TOP)
            .enumerate()
            .map(|(i, s)| serde_json::json!({ "rank": i + 1, "userId": s.user_id, "firstName": s.first_name, "lastName": s.last_name, "points": s.points }))
            .collect();
        let ranks = standings.into_iter().enumerate().map(|(i, s)| (s.user_id, Rank { rank: i + 1, points: s.points })).collect();
        let top = RawValue::from_string(serde_json::Value::Array(top).to_string()).expect("JSON");
        Ok(Ranking { quiz_id, top, ranks })
    }

    /// The `leaderboard` message for `user_id`.
    pub fn message_for(&self, user_id: &str) -> String {
        let channel = Channel::Quiz(self.quiz_id);
        ServerMessage::Leaderboard { channel: &channel, top: &self.top, me: self.ranks.get(user_id).copied(), participants: self.ranks.len() }.to_text()
    }
}

/// Serves the subscription until it is dropped: the current ranking, then every new one.
pub(crate) async fn watch(hub: Hub, quiz_id: i64, user_id: String, outbox: Outbox) {
    let channel = Channel::Quiz(quiz_id);
    let name = channel.to_string();
    let exists = quizroom_projections::quiz::read::category(hub.store().pool(), quiz_id).await;
    // A quiz open to a list shows its players to its host and its audience only; to anyone else
    // it is as missing as a quiz that does not exist.
    let admitted = match exists {
        Ok(Some(quiz)) => {
            quizroom_projections::audience::read::admits(hub.store().pool(), quiz.host_id.as_deref(), quiz.audience_list_id.as_deref(), &user_id).await
        }
        Ok(None) => Ok(false),
        Err(e) => Err(e),
    };
    match admitted {
        Ok(true) => {}
        Ok(false) => return outbox.error(Some(&name), ErrorCode::NotFound, "No such quiz"),
        Err(e) => {
            tracing::warn!(error = %e, "could not look up a quiz for a subscription");
            return outbox.error(Some(&name), ErrorCode::Unavailable, "Please try again");
        }
    }
    let (mut rankings, current) = match hub.watch_quiz(quiz_id).await {
        Ok(watch) => watch,
        Err(e) => {
            tracing::warn!(error = %e, "could not load a leaderboard for a subscription");
            return outbox.error(Some(&name), ErrorCode::Unavailable, "Please try again");
        }
    };
    if !outbox.send(&ServerMessage::Subscribed { channel: &channel }) || !outbox.send_text(current.message_for(&user_id)) {
        return;
    }
    loop {
        match rankings.recv().await {
            Ok(ranking) => {
                if !outbox.send_text(ranking.message_for(&user_id)) {
                    return;
                }
            }
            // Only the newest ranking matters: skipping older ones loses nothing.
            Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
            Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
        }
    }
}
