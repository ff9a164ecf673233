//! A player of a live game: `player-{uuid}`. Joining and every answer are in the player's own
//! stream, so answers of different players never conflict, and one answer per question holds by
//! this stream's version. An answer is judged against the game's open question
//! ([`crate::game::OpenQuestion`]) at the server's receive time; its points are fixed here.
//!
//! The answer rules (not open, already answered, too late) are decided here only (decision
//! 0040): the hub asks [`PlayerCommand::answer`] and [`GamePlayer::decide`] on the state it holds,
//! so a refusal costs no write, and the writer decides again on the log's state; both only say
//! the refusal.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::game::{LiveGame, OpenQuestion, Scoring};
use crate::question::{RecordedResponse, Response};
use crate::{Aggregate, DomainEvent};

/// The most a right answer earns when speed counts (at once; half of it at the deadline).
pub const MOST_POINTS: i64 = 1_000;
/// The streak bonus per right answer in a row after the first, and its cap.
pub const STREAK_STEP: i64 = 100;
pub const STREAK_CAP: i64 = 500;

#[derive(Debug, Clone, PartialEq)]
pub enum PlayerCommand {
    /// `user_id`: the account, when the player is signed in; `device`: the digest of the client
    /// key of the browser it joined from, when it sent one.
    Join { game_id: String, nickname: String, user_id: Option<String>, device: Option<String>, now: i64 },
    /// `response` in the definition's indices ([`PlayerCommand::answer`] maps served positions).
    Answer { question: OpenQuestion, response: Response, scoring: Scoring, streak_bonus: bool, now: i64 },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", content = "data", from = "RecordedPlayerEvent")]
pub enum PlayerEvent {
    /// `device`: the digest of the joining browser's client key (decision 0032): one seat per
    /// device and game, and a kick keeps the device out. Absent for players of earlier versions
    /// and for clients that sent no key.
    PlayerJoined {
        game_id: String,
        nickname: String,
        user_id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        device: Option<String>,
        at: i64,
    },
    /// `response` as given (in the definition's indices); `f` its correctness fraction, none for
    /// a poll or a word cloud; `correct` that it is fully right; `points` include the streak
    /// bonus; `streak` counts right answers in a row, this one included.
    AnswerGiven { index: usize, question_id: i64, response: Response, f: Option<f64>, correct: bool, points: i64, streak: i64, elapsed_ms: i64, at: i64 },
}

/// A player's event as recorded: today's, or an answer from before question types, which held a
/// `choice` letter and no `f` (its `correct` says 1 or 0).
#[derive(Deserialize)]
#[serde(tag = "type", content = "data")]
enum RecordedPlayerEvent {
    PlayerJoined {
        game_id: String,
        nickname: String,
        user_id: Option<String>,
        #[serde(default)]
        device: Option<String>,
        at: i64,
    },
    AnswerGiven {
        index: usize,
        question_id: i64,
        #[serde(alias = "choice")]
        response: RecordedResponse,
        #[serde(default, deserialize_with = "present")]
        f: Option<Option<f64>>,
        correct: bool,
        points: i64,
        streak: i64,
        elapsed_ms: i64,
        at: i64,
    },
}

/// A field that is present, null or not (`Some(None)` for null; absent stays `None`).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<f64>>, D::Error> {
    Option::<f64>::deserialize(d).map(Some)
}

impl From<RecordedPlayerEvent> for PlayerEvent {
    fn from(recorded: RecordedPlayerEvent) -> PlayerEvent {
        match recorded {
            RecordedPlayerEvent::PlayerJoined { game_id, nickname, user_id, device, at } => {
                PlayerEvent::PlayerJoined { game_id, nickname, user_id, device, at }
            }
            RecordedPlayerEvent::AnswerGiven { index, question_id, response, f, correct, points, streak, elapsed_ms, at } => PlayerEvent::AnswerGiven {
                index,
                question_id,
                response: response.into(),
                f: f.unwrap_or(Some(if correct { 1.0 } else { 0.0 })),
                correct,
                points,
                streak,
                elapsed_ms,
                at,
            },
        }
    }
}

impl DomainEvent for PlayerEvent {}

impl PlayerCommand {
    /// A player's answer to question `index` of `game`, received at `now` and given by the
    /// positions the player was served (`docs/live-games.md`): the command the player's stream
    /// decides ([`GamePlayer::decide`]), judged against the question being played and the game's
    /// scoring. Refused as not open when question `index` is not the one being played.
    pub fn answer(game: &LiveGame, index: usize, served: Response, now: i64) -> Result<PlayerCommand, PlayerError> {
        let question = game.open_question().filter(|q| q.index == index).ok_or(PlayerError::NotOpen)?;
        let settings = game.settings.as_ref().ok_or(PlayerError::NotOpen)?;
        let response = question.kind.from_served(served, question.seed, question.question_id);
        Ok(PlayerCommand::Answer { question, response, scoring: settings.scoring, streak_bonus: settings.streak_bonus, now })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayerError {
    #[error("this player has already joined")]
    AlreadyJoined,
    #[error("no such player")]
    NotJoined,
    #[error("You have already answered this question")]
    AlreadyAnswered,
    #[error("This question is not open for answers")]
    NotOpen,
    #[error("Time is up for this question")]
    TooLate,
    /// A response of the wrong shape for the question, or naming what it does not have.
    #[error("{0}")]
    BadResponse(String),
}

/// One answer as it was scored.
#[derive(Debug, Clone, PartialEq)]
pub struct Answered {
    pub response: Response,
    pub f: Option<f64>,
    pub correct: bool,
    pub points: i64,
    /// The streak once this answer was given.
    pub streak: i64,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct GamePlayer {
    pub joined: bool,
    pub game_id: String,
    pub nickname: String,
    pub user_id: Option<String>,
    pub joined_at: i64,
    pub answers: BTreeMap<usize, Answered>,
    pub points: i64,
    /// Right answers in a row up to the last question answered.
    pub streak: i64,
}

impl GamePlayer {
    /// The player's points and streak counting the questions before `index` only: what anyone may
    /// learn of a player while question `index` is open, so that nothing tells whether the answer
    /// just given to it is right before the reveal.
    pub fn before(&self, index: usize) -> (i64, i64) {
        let Some(open) = self.answers.get(&index) else { return (self.points, self.streak) };
        let streak = self.answers.range(..index).next_back().map_or(0, |(_, a)| a.streak);
        (self.points - open.points, streak)
    }

    /// The streak after answering question `index`: one more when the previous question was
    /// answered right, else a new one (a question missed, or played before joining, breaks it).
    fn streak_at(&self, index: usize, correct: bool) -> i64 {
        if !correct {
            return 0;
        }
        let previous = index.checked_sub(1).and_then(|i| self.answers.get(&i));
        match previous {
            Some(a) if a.correct => self.streak + 1,
            _ => 1,
        }
    }
}

/// The points of a right or wrong answer given `elapsed` ms into an answering time of `duration`
/// ms ([`crate::question::points`], the one rule).
pub fn points_for(scoring: Scoring, correct: bool, elapsed: i64, duration: i64) -> i64 {
    crate::question::points(Some(scoring), if correct { 1.0 } else { 0.0 }, elapsed, duration)
}

impl Aggregate for GamePlayer {
    const STREAM: &'static str = "player";
    type Command = PlayerCommand;
    type Event = PlayerEvent;
    type Error = PlayerError;

    fn decide(&self, command: PlayerCommand) -> Result<Vec<PlayerEvent>, PlayerError> {
        match command {
            PlayerCommand::Join { game_id, nickname, user_id, device, now } => {
                if self.joined {
                    return Err(PlayerError::AlreadyJoined);
                }
                Ok(vec![PlayerEvent::PlayerJoined { game_id, nickname, user_id, device, at: now }])
            }
            PlayerCommand::Answer { question, response, scoring, streak_bonus, now } => {
                if !self.joined {
                    return Err(PlayerError::NotJoined);
                }
                if self.answers.contains_key(&question.index) {
                    return Err(PlayerError::AlreadyAnswered);
                }
                if question.paused || now < question.opens_at {
                    return Err(PlayerError::NotOpen);
                }
                if now > question.deadline {
                    return Err(PlayerError::TooLate);
                }
                let f = question.kind.judge(&response).map_err(|e| PlayerError::BadResponse(e.to_string()))?;
                let correct = f.is_some_and(crate::question::fully_right);
                let elapsed_ms = now - question.opens_at;
                let streak = self.streak_at(question.index, correct);
                let bonus = if streak_bonus && streak > 1 { (STREAK_STEP * (streak - 1)).min(STREAK_CAP) } else { 0 };
                let points = crate::question::points(Some(scoring), f.unwrap_or(0.0), elapsed_ms, question.deadline - question.opens_at) + bonus;
                Ok(vec![PlayerEvent::AnswerGiven {
                    index: question.index,
                    question_id: question.question_id,
                    response,
                    f,
                    correct,
                    points,
                    streak,
                    elapsed_ms,
                    at: now,
                }])
            }
        }
    }

    fn evolve(mut self, event: &PlayerEvent) -> GamePlayer {
        match event {
            PlayerEvent::PlayerJoined { game_id, nickname, user_id, at, .. } => {
                self.joined = true;
                self.game_id = game_id.clone();
                self.nickname = nickname.clone();
                self.user_id = user_id.clone();
                self.joined_at = *at;
            }
            PlayerEvent::AnswerGiven { index, response, f, correct, points, streak, .. } => {
                self.answers.insert(*index, Answered { response: response.clone(), f: *f, correct: *correct, points: *points, streak: *streak });
                self.points += points;
                self.streak = *streak;
            }
        }
        self
    }
}

#[cfg(test)]
#[path = "player/tests.rs"]
mod tests;
