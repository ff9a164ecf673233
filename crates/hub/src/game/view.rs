//! The live game's view (`docs/live-games.md`, "The view"), typed: what the hub's `game` message
//! and the live-game HTTP answers carry, whole, for the host or for one player. The same types
//! are the API document's schema of those answers (`GameView` and the parts below), and a test
//! checks them against the document's examples.
//!
//! A player's own part (`me`) and the order of the question's options are each player's own:
//! [`Slot`] lets the players' message be made once per phase change with a hole for each
//! ([`super::Snapshot`]).

use std::borrow::Cow;

use quizroom_domain::game::{Phase, Scoring};
use quizroom_domain::question::{QuestionKind, Response, Served, text};
use quizroom_domain::quiz::Letter;
use serde::{Serialize, Serializer};
use utoipa::ToSchema;
use utoipa::openapi::schema::{Object, ObjectBuilder, SchemaType, Type};

use quizroom_projections::skeleton::offensive;

use super::breakdown::{NumberLine, PartRight};
use super::room::{NAMES, PODIUM, Room, STANDINGS, Viewer, shuffle};

/// A part of the view that is each player's own: the part itself, or, in the players' message
/// made once for all of them, a hole (a JSON string no real text produces) that each player's
/// message fills with theirs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Slot<T> {
    Filled(T),
    Hole(&'static str),
}

impl<T: Serialize> Serialize for Slot<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Slot::Filled(part) => part.serialize(serializer),
            Slot::Hole(marker) => serializer.serialize_str(marker),
        }
    }
}

/// The whole view of a live game for one client at one moment.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[cfg_attr(test, derive(serde::Deserialize), serde(deny_unknown_fields))]
#[serde(rename_all = "camelCase")]
pub struct GameView {
    pub game_id: String,
    pub title: String,
    #[schema(schema_with = phase_schema)]
    pub phase: Phase,
    /// The server's clock (milliseconds since the Unix epoch), to compute a client's offset to it.
    pub server_now: i64,
    pub question_count: usize,
    /// Players still in the game.
    pub players: usize,
    /// Whether the lobby is locked (nobody new may join).
    pub locked: bool,
    pub settings: Option<GameViewSettings>,
    /// The current (or just closed) question; `null` in the lobby and when finished.
    pub question: Option<CurrentQuestion>,
    /// Reveal and standings: the right answer and how many chose each option.
    pub reveal: Option<Reveal>,
    /// Standings and finished: the top 5.
    pub standings: Option<Vec<StandingRow>>,
    /// Finished: the top 3.
    pub podium: Option<Vec<StandingRow>>,
    /// Players only: their own part.
    #[schema(value_type = Option<PlayerPart>)]
    pub me: Option<Slot<PlayerPart<'static>>>,
    /// The host only.
    pub host: Option<HostPart>,
}

/// The game's settings, as chosen when it was opened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[cfg_attr(test, derive(serde::Deserialize), serde(deny_unknown_fields))]
#[serde(rename_all = "camelCase")]
pub struct GameViewSettings {
    pub seconds_per_question: i64,
    #[schema(schema_with = scoring_schema)]
    pub scoring: Scoring,
    pub streak_bonus: bool,
    pub shuffle_questions: bool,
    pub shuffle_options: bool,
    pub require_sign_in: bool,
    pub auto_advance: bool,
}

/// The question on view, as this client sees it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[cfg_attr(test, derive(serde::Deserialize), serde(deny_unknown_fields))]
#[serde(rename_all = "camelCase")]
pub struct CurrentQuestion {
    /// Its index in the game, from 0.
    pub index: usize,
    pub text: String,
    /// With `shuffleOptions` each player sees its own order; `letter` is always the option's own.
    /// Empty for a question of another type.
    #[schema(value_type = Vec<QuestionOption>)]
    pub options: Slot<Vec<QuestionOption>>,
    /// A question of another type than four options A–D: its type and what it needs, as the
    /// play API serves it (`docs/live-games.md`); `null` for four options A–D.
    #[schema(value_type = Option<Object>)]
    pub served: Option<Served>,
    /// A picture, a sound or a video (issue 30), each file with a signed `url`, as the play API
    /// serves it; absent when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub media: Option<serde_json::Value>,
    /// Pictures on the options or items of a question of another type than four options A–D
    /// (issue 30; A–D options carry their own `picture`): one entry per entry of the served list
    /// (`served.options`, `served.items` or `served.left`), `null` where one shows none, each file
    /// with a signed `url`; absent when none shows any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Option<Object>>>)]
    pub pictures: Option<Vec<Option<serde_json::Value>>>,
    pub started_at: i64,
    /// Answers are taken from here (3 s after `startedAt`, 5 s for a question with media) …
    pub opens_at: i64,
    /// … until here; `null` while paused.
    pub deadline: Option<i64>,
    /// Frozen while paused; 0 once the question closed.
    pub remaining_ms: i64,
    pub paused: bool,
}

/// One option of the question on view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[cfg_attr(test, derive(serde::Deserialize), serde(deny_unknown_fields))]
pub struct QuestionOption {
    /// The option's own letter: what an answer sends.
    #[schema(schema_with = letter_schema)]
    pub letter: Letter,
    pub text: String,
    /// Its picture (issue 30), each file with a signed `url`; absent when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub picture: Option<serde_json::Value>,
}

/// The right answer and how the room answered.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[cfg_attr(test, derive(serde::Deserialize))]
#[serde(untagged)]
pub enum Reveal {
    /// Four options A–D with one right: the right letter and how many chose each.
    Letters(LettersReveal),
    /// Any other type.
    Typed(Box<TypedReveal>),
}

/// The reveal of four options A–D with one right.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[cfg_attr(test, derive(serde::Deserialize), serde(deny_unknown_fields))]
pub struct LettersReveal {
    #[schema(schema_with = letter_schema)]
    pub answer: Letter,
    pub explanation: String,
    pub counts: AnswerCounts,
}

/// The reveal of a question of another type (`docs/live-games.md`).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[cfg_attr(test, derive(serde::Deserialize), serde(deny_unknown_fields))]
pub struct TypedReveal {
    #[serde(rename = "type")]
    pub kind: String,
    /// The question with its answer key, lists in the definition's order.
    #[schema(value_type = Object)]
    pub definition: QuestionKind,
    pub explanation: String,
    pub answered: u32,
    /// Answers judged right (1), partly right (between 0 and 1) and wrong (0).
    pub right: u32,
    pub partly: u32,
    pub wrong: u32,
    /// Single choice, multi-select, poll: answers per option; true/false: per `true`, `false`;
    /// hotspot (the presenter's view only): answers per region, in the definition's order.
    pub options: Option<Vec<u32>>,
    /// Typed answers, numbers, sliders, word clouds: the answers given most, most first.
    pub given: Option<Vec<GivenCount>>,
    /// Ordering, matching, categorize, gaps: per part, how many got it right. The presenter's
    /// (host's) view only: null in a player's.
    pub parts: Option<Vec<PartRight>>,
    /// Numbers and sliders: the numbers given, for a number line. The presenter's (host's) view
    /// only: null in a player's, whose message to 20,000 phones it would grow by up to 100 numbers.
    pub numbers: Option<NumberLine>,
}

/// An answer given, in words, and how many gave it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[cfg_attr(test, derive(serde::Deserialize), serde(deny_unknown_fields))]
pub struct GivenCount {
    pub answer: String,
    pub count: u32,
}

/// Answers listed in a reveal's `given`, at most.
pub const MOST_GIVEN: usize = 20;

/// How many chose each option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[cfg_attr(test, derive(serde::Deserialize), serde(deny_unknown_fields))]
pub struct AnswerCounts {
    #[serde(rename = "A")]
    pub a: u32,
    #[serde(rename = "B")]
    pub b: u32,
    #[serde(rename = "C")]
    pub c: u32,
    #[serde(rename = "D")]
    pub d: u32,
}

/// A row of the standings or of the podium.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[cfg_attr(test, derive(serde::Deserialize), serde(deny_unknown_fields))]
#[serde(rename_all = "camelCase")]
pub struct StandingRow {
    pub rank: usize,
    pub player_id: String,
    pub nickname: String,
    pub points: i64,
}

/// A player's own part of the view (`me`). Borrowed from the room when the players' message is
/// made (one for every player at each phase change), owned in a whole view.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[cfg_attr(test, derive(serde::Deserialize), serde(deny_unknown_fields))]
#[serde(rename_all = "camelCase")]
pub struct PlayerPart<'a> {
    #[schema(value_type = String)]
    pub player_id: Cow<'a, str>,
    #[schema(value_type = String)]
    pub nickname: Cow<'a, str>,
    /// Closed questions only (decision 0037).
    pub points: i64,
    pub streak: i64,
    /// `null` before the first close.
    pub rank: Option<usize>,
    /// The letter this player gave to the current question, if any.
    #[schema(schema_with = letter_or_null_schema)]
    pub answer: Option<Letter>,
    /// A question of another type: the response this player gave to it, by the positions served.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub response: Option<Response>,
    /// The last closed question; `null` when the player did not answer it, or joined after it.
    pub last_result: Option<LastResult>,
}

impl PlayerPart<'_> {
    /// The part with its own copies of the texts, to outlive the room's lock.
    pub fn into_owned(self) -> PlayerPart<'static> {
        let PlayerPart { player_id, nickname, points, streak, rank, answer, response, last_result } = self;
        PlayerPart {
            player_id: Cow::Owned(player_id.into_owned()),
            nickname: Cow::Owned(nickname.into_owned()),
            points,
            streak,
            rank,
            answer,
            response,
            last_result,
        }
    }
}

/// A player's outcome of the last closed question.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
#[cfg_attr(test, derive(serde::Deserialize), serde(deny_unknown_fields))]
pub struct LastResult {
    pub correct: bool,
    pub points: i64,
    /// A question of another type: how right, from 0 to 1 (absent for four options A–D, a poll
    /// and a word cloud).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub f: Option<f64>,
}

/// The host's own part of the view.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[cfg_attr(test, derive(serde::Deserialize), serde(deny_unknown_fields))]
#[serde(rename_all = "camelCase")]
pub struct HostPart {
    pub pin: String,
    /// The key of the game's link and QR code (empty for a game opened before there were keys).
    pub join_key: String,
    /// Answers to the current question.
    pub answered: u32,
    /// The time is up and answers received in time are still being written: the reveal waits
    /// for them (the presenter shows "Counting answers…").
    pub counting: bool,
    /// The players who joined, newest first (at most 100).
    pub names: Vec<PlayerName>,
    /// A closed word cloud whose answers the room has not been shown: the answers given most
    /// (offensive ones left out), for the host to look at before showing them (`showAnswers`).
    pub pending_words: Option<Vec<GivenCount>>,
    /// A poll while it runs: the answers so far per option, for the presenter's live bars.
    pub poll_counts: Option<Vec<u32>>,
}

/// A player in the host's lobby.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[cfg_attr(test, derive(serde::Deserialize), serde(deny_unknown_fields))]
#[serde(rename_all = "camelCase")]
pub struct PlayerName {
    pub player_id: String,
    pub nickname: String,
}

fn text(values: &[&str]) -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(values.iter().copied()))
}

/// The schema of `phase` (`schema_with`).
fn phase_schema() -> Object {
    text(&["lobby", "question", "reveal", "standings", "finished"]).build()
}

/// The schema of `scoring` (`schema_with`).
fn scoring_schema() -> Object {
    text(&["correctness", "speed"]).build()
}

/// The schema of an option's letter (`schema_with`).
fn letter_schema() -> Object {
    text(&["A", "B", "C", "D"]).build()
}

/// The schema of a letter or `null` (`schema_with`).
fn letter_or_null_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .enum_values(Some(["A", "B", "C", "D"].into_iter().map(Some).chain([None])))
        .build()
}

impl Room {
    /// The whole view for `viewer` at `now`.
    pub fn view(&self, viewer: &Viewer, now: i64) -> GameView {
        let mut view = self.shared_view(now);
        match viewer {
            Viewer::Host => {
                let names = self.joined.iter().rev().filter(|id| !self.players[*id].kicked).take(NAMES);
                view.host = Some(HostPart {
                    pin: self.game.pin.clone(),
                    join_key: self.game.join_key.clone(),
                    answered: self.answered,
                    counting: self.counting_now(now),
                    names: names.map(|id| PlayerName { player_id: id.clone(), nickname: self.players[id].state.nickname.clone() }).collect(),
                    pending_words: self.words_to_show(),
                    poll_counts: self.poll_counts(),
                });
                // What the presenter draws of a reveal and the phones do not.
                if let (Some(Reveal::Typed(reveal)), Some(clock)) = (view.reveal.as_mut(), self.game.clock) {
                    let kind = &self.game.questions[clock.index].kind;
                    (reveal.parts, reveal.numbers) = (self.parts(clock.index, kind), self.numbers(clock.index, kind));
                    if let Some(regions) = self.regions(clock.index, kind) {
                        reveal.options = Some(regions);
                    }
                }
            }
            Viewer::Player(id) => {
                view.me = self.me(id).map(|me| Slot::Filled(me.into_owned()));
                if let (Some(question), Some(true)) =
                    (view.question.as_mut().filter(|q| q.served.is_none()), self.game.settings.as_ref().map(|s| s.shuffle_options))
                {
                    let mut order = Letter::ALL;
                    shuffle(&mut order, id, question.index);
                    question.options = Slot::Filled(self.options(question.index, &order, now));
                }
            }
        }
        view
    }

    /// The view every client shares: no `me`, no `host`, the options in their own order.
    pub fn shared_view(&self, now: i64) -> GameView {
        let game = &self.game;
        let phase = game.phase;
        let question = game.clock.filter(|_| matches!(phase, Phase::Question | Phase::Reveal | Phase::Standings)).map(|clock| {
            let paused = clock.paused_at.is_some() && phase == Phase::Question;
            let q = &game.questions[clock.index];
            CurrentQuestion {
                index: clock.index,
                text: q.text.clone(),
                options: Slot::Filled(self.options(clock.index, &Letter::ALL, now)),
                served: q.kind.served(game.seed, q.id),
                media: self.signed(q.media.as_ref(), now),
                pictures: (self.links.is_some() && !q.pictures.is_empty() && q.kind.letters().is_none())
                    .then(|| q.kind.served_pictures(&q.pictures, game.seed, q.id).into_iter().map(|p| self.signed(p, now)).collect()),
                started_at: clock.started_at,
                opens_at: clock.opens_at,
                deadline: (!paused).then_some(clock.deadline),
                remaining_ms: if phase == Phase::Question { game.remaining_ms(now) } else { 0 },
                paused,
            }
        });
        let reveal = game.clock.filter(|_| matches!(phase, Phase::Reveal | Phase::Standings)).map(|clock| self.reveal(clock.index));
        GameView {
            game_id: self.game_id.clone(),
            title: game.title.clone(),
            phase,
            server_now: now,
            question_count: game.questions.len(),
            players: self.active_players(),
            locked: game.locked,
            settings: game.settings.as_ref().map(|s| GameViewSettings {
                seconds_per_question: s.seconds_per_question,
                scoring: s.scoring,
                streak_bonus: s.streak_bonus,
                shuffle_questions: s.shuffle_questions,
                shuffle_options: s.shuffle_options,
                require_sign_in: s.require_sign_in,
                auto_advance: s.auto_advance,
            }),
            question,
            reveal,
            standings: matches!(phase, Phase::Standings | Phase::Finished).then(|| self.rows(STANDINGS)),
            podium: (phase == Phase::Finished).then(|| self.rows(PODIUM)),
            me: None,
            host: None,
        }
    }

    /// `media` as clients are served it at `now`, each file with a signed link (none in a room
    /// without links).
    fn signed(&self, media: Option<&quizroom_domain::media::Media>, now: i64) -> Option<serde_json::Value> {
        media.zip(self.links.as_ref()).map(|(media, links)| (links.0)(media, now))
    }

    /// The options of question `index` in `order` (none for a question of another type).
    pub fn options(&self, index: usize, order: &[Letter; 4], now: i64) -> Vec<QuestionOption> {
        let q = &self.game.questions[index];
        let Some((texts, _)) = q.kind.letters() else { return Vec::new() };
        let picture = |l: Letter| self.signed(q.pictures.get(l.index())?.as_ref(), now);
        order.iter().map(|l| QuestionOption { letter: *l, text: texts[l.index()].clone(), picture: picture(*l) }).collect()
    }

    /// The reveal of question `index`, from the answers counted.
    fn reveal(&self, index: usize) -> Reveal {
        let q = &self.game.questions[index];
        let tally = &self.counts;
        if let Some((_, answer)) = q.kind.letters() {
            let [a, b, c, d, ..] = tally.options;
            return Reveal::Letters(LettersReveal { answer, explanation: q.explanation.clone(), counts: AnswerCounts { a, b, c, d } });
        }
        let options = match &*q.kind {
            QuestionKind::SingleChoice { options, .. } | QuestionKind::MultiSelect { options, .. } | QuestionKind::Poll { options } => Some(options.len()),
            QuestionKind::TrueFalse { .. } => Some(2),
            _ => None,
        };
        // A word cloud's answers reach the room once the host shows them.
        let listed = match &*q.kind {
            QuestionKind::TypeAnswer { .. } | QuestionKind::Numeric { .. } | QuestionKind::Slider { .. } => true,
            QuestionKind::WordCloud => self.game.shown.contains(&index),
            _ => false,
        };
        Reveal::Typed(Box::new(TypedReveal {
            kind: q.kind.name().to_owned(),
            definition: (*q.kind).clone(),
            explanation: q.explanation.clone(),
            answered: self.answered,
            right: tally.right,
            partly: tally.partly,
            wrong: tally.wrong,
            options: options.map(|n| tally.options[..n.min(tally.options.len())].to_vec()),
            given: listed.then(|| self.given(index, &q.kind)),
            // The host's alone: `view`.
            parts: None,
            numbers: None,
        }))
    }

    /// The closed word cloud's answers the room has not been shown yet, for the host.
    fn words_to_show(&self) -> Option<Vec<GivenCount>> {
        let clock = self.game.clock.filter(|_| matches!(self.game.phase, Phase::Reveal | Phase::Standings))?;
        let q = &self.game.questions[clock.index];
        (matches!(*q.kind, QuestionKind::WordCloud) && !self.game.shown.contains(&clock.index)).then(|| self.given(clock.index, &q.kind))
    }

    /// The answers given most to question `index`, in words: alike when they read alike once
    /// spaces, case and accents are folded, shown as first given. A word cloud's offensive answers
    /// are never listed.
    fn given(&self, index: usize, kind: &QuestionKind) -> Vec<GivenCount> {
        let cloud = matches!(kind, QuestionKind::WordCloud);
        let mut counts: std::collections::HashMap<String, (String, u32)> = std::collections::HashMap::new();
        for p in self.players.values().filter(|p| !p.kicked) {
            if let Some(a) = p.state.answers.get(&index) {
                let words = kind.describe(&a.response);
                if cloud && offensive(&words) {
                    continue;
                }
                let entry = counts.entry(text::normalize(&words, false, false)).or_insert_with(|| (words, 0));
                entry.1 += 1;
            }
        }
        let mut given: Vec<GivenCount> = counts.into_values().map(|(answer, count)| GivenCount { answer, count }).collect();
        given.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.answer.cmp(&b.answer)));
        given.truncate(MOST_GIVEN);
        given
    }

    /// The first `n` rows of the ranking.
    fn rows(&self, n: usize) -> Vec<StandingRow> {
        let rows = self.ranking.order.iter().take(n).enumerate();
        rows.filter_map(|(i, id)| {
            let p = self.players.get(id)?;
            Some(StandingRow { rank: i + 1, player_id: id.clone(), nickname: p.state.nickname.clone(), points: p.state.points })
        })
        .collect()
    }

    /// A player's own part of the view.
    pub fn me(&self, player_id: &str) -> Option<PlayerPart<'_>> {
        let (player_id, p) = self.players.get_key_value(player_id)?;
        let phase = self.game.phase;
        let current = self.game.clock.map(|c| c.index);
        // The answer given to the open question: its letter for four options A–D, else the
        // response by the positions served.
        let open = current.filter(|_| phase == Phase::Question).and_then(|i| Some((&self.game.questions[i], p.state.answers.get(&i)?)));
        let (answer, response) = match open {
            Some((q, a)) if q.kind.letters().is_some() => (a.response.letter(), None),
            Some((q, a)) => (None, Some(q.kind.to_served(a.response.clone(), self.game.seed, q.id))),
            None => (None, None),
        };
        // The last closed question: the current one once it closed, else the one before.
        let last_closed = match (phase, current) {
            (Phase::Question, Some(i)) => i.checked_sub(1),
            (Phase::Lobby, _) | (_, None) => None,
            (_, Some(i)) => Some(i),
        };
        let last_result = last_closed.and_then(|i| Some((self.game.questions.get(i)?, p.state.answers.get(&i)?))).map(|(q, a)| LastResult {
            correct: a.correct,
            points: a.points,
            f: if q.kind.letters().is_some() { None } else { a.f },
        });
        // While a question is open, its answer counts nowhere yet: the points and streak say
        // nothing of whether it was right until the reveal.
        let (points, streak) = match (phase, current) {
            (Phase::Question, Some(i)) => p.state.before(i),
            _ => (p.state.points, p.state.streak),
        };
        Some(PlayerPart {
            player_id: Cow::Borrowed(player_id.as_str()),
            nickname: Cow::Borrowed(p.state.nickname.as_str()),
            points,
            streak,
            rank: self.ranking.rank.get(player_id).copied(),
            answer,
            response,
            last_result,
        })
    }
}

#[cfg(test)]
mod tests;
