//! Live games: `game-{uuid}`. A host runs a quiz for a room, question by question, on the server's
//! clock. This stream holds what the host and the clock decide (the questions as served, the
//! settings, the PIN, each question's start and close, pauses, the lobby's lock, kicked players);
//! each player's joining and answers are in the player's own stream ([`crate::player`]), so the
//! answers of a whole room never contend for one stream's version.
//!
//! Phases: lobby → question → reveal → standings → question … → finished (see `docs/live-games.md`).

use std::collections::BTreeSet;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::question::QuestionKind;
use crate::{Aggregate, DomainEvent};

mod question;

pub use question::GameQuestion;

/// A question's get-ready: answers open this long after it starts.
pub const GET_READY_MS: i64 = 3_000;
/// The get-ready of a question showing media (issue 30): time for every device to load it, so no
/// one is penalised for a slow phone.
pub const MEDIA_GET_READY_MS: i64 = 5_000;
/// How long the reveal and the standings last when the game advances by itself.
pub const AUTO_ADVANCE_MS: i64 = 5_000;
/// A game in which nothing happened for a day is ended by the server (its PIN is then free).
pub const IDLE_END_MS: i64 = 24 * 3600 * 1000;
/// A lobby nobody is in is ended sooner: half an hour after the game's last step.
pub const EMPTY_LOBBY_END_MS: i64 = 30 * 60 * 1000;
/// Seconds per question: the least, the most and the default.
pub const SECONDS_PER_QUESTION: (i64, i64, i64) = (5, 240, 20);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// 10 points per right answer, as in attempts.
    Correctness,
    /// Up to 1,000 points per right answer: 1,000 at once, 500 at the deadline.
    Speed,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSettings {
    pub seconds_per_question: i64,
    pub scoring: Scoring,
    /// 100 points per right answer in a row after the first, at most 500.
    pub streak_bonus: bool,
    pub shuffle_questions: bool,
    /// Each player sees the options in an order of their own.
    pub shuffle_options: bool,
    pub require_sign_in: bool,
    /// Reveal and standings move on by themselves after [`AUTO_ADVANCE_MS`].
    pub auto_advance: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CloseReason {
    /// The deadline passed.
    Time,
    /// Every player in the game answered.
    AllAnswered,
    /// The host skipped the rest of the time.
    Skipped,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndedBy {
    /// The host moved on after the last question's standings.
    Completed,
    /// The host ended the game early.
    Host,
    /// Nothing happened in the game for a while ([`LiveGame::idle_end_at`]): the server ended it,
    /// freeing its PIN.
    Idle,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Phase {
    #[default]
    Lobby,
    Question,
    Reveal,
    Standings,
    Finished,
}

#[derive(Debug, Clone, PartialEq)]
pub enum GameCommand {
    Open {
        host_id: String,
        quiz_id: i64,
        quiz_version: i64,
        /// A curated category's game (decision 0037): whoever could read its answer key through
        /// the game no longer scores on the leaderboards for that category.
        curated: bool,
        title: String,
        /// In the order they are played (already shuffled when the settings say so).
        questions: Vec<GameQuestion>,
        settings: GameSettings,
        pin: String,
        /// The key of the game's link (see [`GameEvent::GameOpened`]).
        join_key: String,
        /// See [`GameEvent::GameOpened`].
        seed: i64,
        now: i64,
    },
    /// `players`: how many are in the lobby (the players' streams count them).
    Start {
        players: usize,
        now: i64,
    },
    /// Reveal → standings; standings → the next question, or finished after the last.
    Next {
        now: i64,
    },
    Skip {
        now: i64,
    },
    Pause {
        now: i64,
    },
    Resume {
        now: i64,
    },
    Lock {
        now: i64,
    },
    Unlock {
        now: i64,
    },
    Kick {
        player_id: String,
        now: i64,
    },
    /// The host shows the room a word cloud's answers (those the filter lets through), once its
    /// question closed: until then only the host sees them.
    ShowAnswers {
        now: i64,
    },
    End {
        now: i64,
    },
    /// The clock: ends a game in which nothing happened for a while ([`LiveGame::idle_end_at`];
    /// nothing otherwise).
    /// `players`: how many are in the game (the players' streams count them).
    EndIdle {
        players: usize,
        now: i64,
    },
    /// The clock: closes question `index` when its deadline has passed (nothing otherwise).
    CloseAtDeadline {
        index: usize,
        now: i64,
    },
    /// Every player's device has question `index`'s pictures (issue 30): its answers open now,
    /// once the ordinary get-ready ([`Clock::earliest_opening`]) has passed, before the longer one
    /// for media ends (nothing when they are open already, the game is paused, or the question
    /// shows no picture: a sound or a video keeps its get-ready).
    OpenEarly {
        index: usize,
        now: i64,
    },
    /// Every player answered question `index`: it closes (nothing when it already has).
    CloseAllAnswered {
        index: usize,
        now: i64,
    },
    /// The clock of a game that advances by itself: moves on from `phase` of question `index`
    /// once it has lasted [`AUTO_ADVANCE_MS`] (nothing otherwise).
    AutoAdvance {
        phase: Phase,
        index: usize,
        now: i64,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", content = "data")]
pub enum GameEvent {
    GameOpened {
        host_id: String,
        quiz_id: i64,
        quiz_version: i64,
        /// See [`GameCommand::Open`]; absent (false) in games opened before it was recorded.
        #[serde(default)]
        curated: bool,
        title: String,
        questions: Vec<GameQuestion>,
        settings: GameSettings,
        pin: String,
        /// The unguessable key of the game's link and QR code: a join that carries it is let in
        /// without the PIN's limit (decision 0032). Shown to the host only. Games opened before
        /// there were keys have none (empty): no link joins them.
        #[serde(default)]
        join_key: String,
        /// The secret order the game's shuffled lists (an ordering's items, a matching's right
        /// items, a categorize question's items) are served in, to every player alike, and
        /// answered by ([`crate::question::shuffled`]). Never shown; 0 in games opened before
        /// question types, which had no such lists.
        #[serde(default)]
        seed: i64,
        at: i64,
    },
    QuestionStarted {
        index: usize,
        at: i64,
        opens_at: i64,
        deadline: i64,
    },
    /// Question `index`'s answers opened at `at`, before its get-ready ended, every device having
    /// its media ([`GameCommand::OpenEarly`]): the opening and the deadline move back by as much.
    AnswersOpened {
        index: usize,
        at: i64,
    },
    QuestionClosed {
        index: usize,
        reason: CloseReason,
        at: i64,
    },
    StandingsShown {
        index: usize,
        at: i64,
    },
    GamePaused {
        at: i64,
    },
    /// The question's opening and deadline move on by the length of the pause.
    GameResumed {
        at: i64,
    },
    LobbyLocked {
        at: i64,
    },
    LobbyUnlocked {
        at: i64,
    },
    PlayerKicked {
        player_id: String,
        at: i64,
    },
    /// The host approved showing question `index`'s answers (a word cloud) to the room.
    AnswersShown {
        index: usize,
        at: i64,
    },
    GameFinished {
        ended_by: EndedBy,
        at: i64,
    },
}

impl DomainEvent for GameEvent {}

impl GameEvent {
    /// When it happened.
    pub fn at(&self) -> i64 {
        match self {
            GameEvent::GameOpened { at, .. }
            | GameEvent::QuestionStarted { at, .. }
            | GameEvent::AnswersOpened { at, .. }
            | GameEvent::QuestionClosed { at, .. }
            | GameEvent::StandingsShown { at, .. }
            | GameEvent::GamePaused { at }
            | GameEvent::GameResumed { at }
            | GameEvent::LobbyLocked { at }
            | GameEvent::LobbyUnlocked { at }
            | GameEvent::PlayerKicked { at, .. }
            | GameEvent::AnswersShown { at, .. }
            | GameEvent::GameFinished { at, .. } => *at,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("this game is already open")]
    AlreadyOpen,
    #[error("no such game")]
    NotOpen,
    #[error("a game needs at least one question")]
    NoQuestions,
    #[error("No one has joined yet")]
    NobodyJoined,
    #[error("This game has ended")]
    Finished,
    #[error("{0}")]
    WrongPhase(&'static str),
}

/// The question being played, as an answer is judged against it.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenQuestion {
    pub index: usize,
    pub question_id: i64,
    pub kind: Arc<QuestionKind>,
    /// The game's secret serving order ([`GameEvent::GameOpened`]).
    pub seed: i64,
    pub opens_at: i64,
    pub deadline: i64,
    pub paused: bool,
}

/// The current question's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Clock {
    pub index: usize,
    pub started_at: i64,
    pub opens_at: i64,
    pub deadline: i64,
    /// When the game was paused, while it is.
    pub paused_at: Option<i64>,
}

impl Clock {
    /// The earliest its answers may open, every device having the question's pictures: after
    /// the ordinary get-ready ([`GET_READY_MS`]) of the longer one, moved on by any pause as the
    /// opening is.
    pub fn earliest_opening(&self) -> i64 {
        self.opens_at - (MEDIA_GET_READY_MS - GET_READY_MS)
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct LiveGame {
    pub opened: bool,
    pub host_id: String,
    pub quiz_id: i64,
    pub quiz_version: i64,
    pub title: String,
    pub questions: Vec<GameQuestion>,
    pub settings: Option<GameSettings>,
    pub pin: String,
    /// The key of the game's link (empty for a game opened before there were keys).
    pub join_key: String,
    /// See [`GameEvent::GameOpened`].
    pub seed: i64,
    pub opened_at: i64,
    pub phase: Phase,
    /// When the current phase began.
    pub phase_since: i64,
    pub locked: bool,
    pub kicked: BTreeSet<String>,
    /// The questions whose answers the host showed the room (word clouds).
    pub shown: BTreeSet<usize>,
    /// The current (or last) question's clock; `None` before the first.
    pub clock: Option<Clock>,
    pub ended_by: Option<EndedBy>,
    /// When the game's stream last changed (the host's or the clock's last step).
    pub last_at: i64,
}

impl LiveGame {
    /// When the server ends the game for want of anything happening, with `players` in it: a
    /// day after its last step, or half an hour for a lobby nobody is in.
    pub fn idle_end_at(&self, players: usize) -> i64 {
        let idle = if self.phase == Phase::Lobby && players == 0 { EMPTY_LOBBY_END_MS } else { IDLE_END_MS };
        self.last_at + idle
    }

    /// The question a player may answer now, with its clock (also during its get-ready and
    /// pauses, which the player's stream refuses).
    pub fn open_question(&self) -> Option<OpenQuestion> {
        let clock = self.clock.filter(|_| self.phase == Phase::Question)?;
        let question = &self.questions[clock.index];
        Some(OpenQuestion {
            index: clock.index,
            question_id: question.id,
            kind: question.kind.clone(),
            seed: self.seed,
            opens_at: clock.opens_at,
            deadline: clock.deadline,
            paused: clock.paused_at.is_some(),
        })
    }

    /// Milliseconds left to answer the current question at `now` (frozen while paused).
    pub fn remaining_ms(&self, now: i64) -> i64 {
        match self.clock {
            Some(c) => (c.deadline - c.paused_at.unwrap_or(now)).max(0),
            None => 0,
        }
    }

    fn settings(&self) -> &GameSettings {
        self.settings.as_ref().expect("an open game has settings")
    }

    fn start_question(&self, index: usize, now: i64) -> GameEvent {
        let ready = if self.questions[index].shows_media() { MEDIA_GET_READY_MS } else { GET_READY_MS };
        let opens_at = now + ready;
        GameEvent::QuestionStarted { index, at: now, opens_at, deadline: opens_at + self.settings().seconds_per_question * 1000 }
    }

    fn current_index(&self) -> usize {
        self.clock.map_or(0, |c| c.index)
    }

    /// Reveal → standings; standings → next question or the end.
    fn next(&self, now: i64) -> Result<Vec<GameEvent>, GameError> {
        let index = self.current_index();
        match self.phase {
            Phase::Reveal => Ok(vec![GameEvent::StandingsShown { index, at: now }]),
            Phase::Standings if index + 1 < self.questions.len() => Ok(vec![self.start_question(index + 1, now)]),
            Phase::Standings => Ok(vec![GameEvent::GameFinished { ended_by: EndedBy::Completed, at: now }]),
            Phase::Lobby => Err(GameError::WrongPhase("Start the game first")),
            Phase::Question => Err(GameError::WrongPhase("The question is still open: skip it to move on")),
            Phase::Finished => Err(GameError::Finished),
        }
    }
}

impl Aggregate for LiveGame {
    const STREAM: &'static str = "game";
    type Command = GameCommand;
    type Event = GameEvent;
    type Error = GameError;

    fn decide(&self, command: GameCommand) -> Result<Vec<GameEvent>, GameError> {
        if let GameCommand::Open { host_id, quiz_id, quiz_version, curated, title, questions, settings, pin, join_key, seed, now } = command {
            if self.opened {
                return Err(GameError::AlreadyOpen);
            }
            if questions.is_empty() {
                return Err(GameError::NoQuestions);
            }
            return Ok(vec![GameEvent::GameOpened { host_id, quiz_id, quiz_version, curated, title, questions, settings, pin, join_key, seed, at: now }]);
        }
        if !self.opened {
            return Err(GameError::NotOpen);
        }
        if self.phase == Phase::Finished {
            // The clock's commands may arrive after the end: they have nothing left to do.
            return match command {
                GameCommand::CloseAtDeadline { .. }
                | GameCommand::OpenEarly { .. }
                | GameCommand::CloseAllAnswered { .. }
                | GameCommand::AutoAdvance { .. }
                | GameCommand::EndIdle { .. } => Ok(vec![]),
                _ => Err(GameError::Finished),
            };
        }
        let clock = self.clock.filter(|_| self.phase == Phase::Question);
        match command {
            GameCommand::Open { .. } => unreachable!("handled above"),
            GameCommand::Start { players, now } => match self.phase {
                Phase::Lobby if players == 0 => Err(GameError::NobodyJoined),
                Phase::Lobby => Ok(vec![self.start_question(0, now)]),
                _ => Err(GameError::WrongPhase("The game has already started")),
            },
            GameCommand::Next { now } => self.next(now),
            GameCommand::Skip { now } => match clock {
                Some(c) => Ok(vec![GameEvent::QuestionClosed { index: c.index, reason: CloseReason::Skipped, at: now }]),
                None => Err(GameError::WrongPhase("No question is open")),
            },
            GameCommand::Pause { now } => match clock {
                Some(c) if c.paused_at.is_some() => Ok(vec![]),
                Some(_) => Ok(vec![GameEvent::GamePaused { at: now }]),
                None => Err(GameError::WrongPhase("Only a question's clock can be paused")),
            },
            GameCommand::Resume { now } => match clock {
                Some(c) if c.paused_at.is_some() => Ok(vec![GameEvent::GameResumed { at: now }]),
                Some(_) => Ok(vec![]),
                None => Err(GameError::WrongPhase("The game is not paused")),
            },
            GameCommand::Lock { now } => Ok(if self.locked { vec![] } else { vec![GameEvent::LobbyLocked { at: now }] }),
            GameCommand::Unlock { now } => Ok(if self.locked { vec![GameEvent::LobbyUnlocked { at: now }] } else { vec![] }),
            GameCommand::Kick { player_id, now } => {
                Ok(if self.kicked.contains(&player_id) { vec![] } else { vec![GameEvent::PlayerKicked { player_id, at: now }] })
            }
            GameCommand::ShowAnswers { now } => {
                let index = self.current_index();
                if !matches!(self.phase, Phase::Reveal | Phase::Standings) || self.clock.is_none() {
                    return Err(GameError::WrongPhase("Answers are shown once the question has closed"));
                }
                if !matches!(*self.questions[index].kind, QuestionKind::WordCloud) {
                    return Err(GameError::WrongPhase("Only a word cloud's answers wait to be shown"));
                }
                Ok(if self.shown.contains(&index) { vec![] } else { vec![GameEvent::AnswersShown { index, at: now }] })
            }
            GameCommand::End { now } => Ok(vec![GameEvent::GameFinished { ended_by: EndedBy::Host, at: now }]),
            GameCommand::EndIdle { players, now } => {
                Ok(if now >= self.idle_end_at(players) { vec![GameEvent::GameFinished { ended_by: EndedBy::Idle, at: now }] } else { vec![] })
            }
            GameCommand::CloseAtDeadline { index, now } => Ok(match clock {
                Some(c) if c.index == index && c.paused_at.is_none() && now >= c.deadline => {
                    vec![GameEvent::QuestionClosed { index, reason: CloseReason::Time, at: now }]
                }
                _ => vec![],
            }),
            GameCommand::OpenEarly { index, now } => Ok(match clock {
                Some(c)
                    if c.index == index
                        && c.paused_at.is_none()
                        && now < c.opens_at
                        && now >= c.earliest_opening()
                        && self.questions[index].shows_pictures() =>
                {
                    vec![GameEvent::AnswersOpened { index, at: now }]
                }
                _ => vec![],
            }),
            GameCommand::CloseAllAnswered { index, now } => Ok(match clock {
                Some(c) if c.index == index => vec![GameEvent::QuestionClosed { index, reason: CloseReason::AllAnswered, at: now }],
                _ => vec![],
            }),
            GameCommand::AutoAdvance { phase, index, now } => {
                let due = self.settings().auto_advance
                    && self.phase == phase
                    && matches!(phase, Phase::Reveal | Phase::Standings)
                    && self.current_index() == index
                    && now >= self.phase_since + AUTO_ADVANCE_MS;
                if due { self.next(now) } else { Ok(vec![]) }
            }
        }
    }

    fn evolve(mut self, event: &GameEvent) -> LiveGame {
        self.last_at = event.at();
        match event {
            GameEvent::GameOpened { host_id, quiz_id, quiz_version, title, questions, settings, pin, join_key, seed, at, .. } => {
                self.opened = true;
                self.host_id = host_id.clone();
                self.quiz_id = *quiz_id;
                self.quiz_version = *quiz_version;
                self.title = title.clone();
                self.questions = questions.clone();
                self.settings = Some(settings.clone());
                self.pin = pin.clone();
                self.join_key = join_key.clone();
                self.seed = *seed;
                self.opened_at = *at;
                self.phase = Phase::Lobby;
                self.phase_since = *at;
            }
            GameEvent::QuestionStarted { index, at, opens_at, deadline } => {
                self.phase = Phase::Question;
                self.phase_since = *at;
                self.clock = Some(Clock { index: *index, started_at: *at, opens_at: *opens_at, deadline: *deadline, paused_at: None });
            }
            GameEvent::AnswersOpened { index, at } => {
                if let Some(c) = self.clock.as_mut().filter(|c| c.index == *index && *at < c.opens_at) {
                    c.deadline -= c.opens_at - at;
                    c.opens_at = *at;
                }
            }
            GameEvent::QuestionClosed { at, .. } => {
                self.phase = Phase::Reveal;
                self.phase_since = *at;
                if let Some(c) = self.clock.as_mut() {
                    c.paused_at = None;
                }
            }
            GameEvent::StandingsShown { at, .. } => {
                self.phase = Phase::Standings;
                self.phase_since = *at;
            }
            GameEvent::GamePaused { at } => {
                if let Some(c) = self.clock.as_mut() {
                    c.paused_at = Some(*at);
                }
            }
            GameEvent::GameResumed { at } => {
                if let Some(c) = self.clock.as_mut()
                    && let Some(paused_at) = c.paused_at.take()
                {
                    let pause = at - paused_at;
                    c.opens_at += pause;
                    c.deadline += pause;
                }
            }
            GameEvent::LobbyLocked { .. } => self.locked = true,
            GameEvent::LobbyUnlocked { .. } => self.locked = false,
            GameEvent::PlayerKicked { player_id, .. } => {
                self.kicked.insert(player_id.clone());
            }
            GameEvent::AnswersShown { index, .. } => {
                self.shown.insert(*index);
            }
            GameEvent::GameFinished { ended_by, at } => {
                self.phase = Phase::Finished;
                self.phase_since = *at;
                self.ended_by = Some(*ended_by);
                if let Some(c) = self.clock.as_mut() {
                    c.paused_at = None;
                }
            }
        }
        self
    }
}

#[cfg(test)]
#[path = "game/tests.rs"]
mod tests;
