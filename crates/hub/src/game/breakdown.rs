//! What a typed reveal shows beside its counts (`docs/live-games.md`, "Questions of other
//! types"): the share right per part of a question of several parts, the numbers given on a
//! line with the right stretch, and a poll's answers while it runs (for the host alone).

use quizroom_domain::game::Phase;
use quizroom_domain::question::{NumberTally, QuestionKind, Response};
use serde::Serialize;
use utoipa::ToSchema;

use super::room::Room;

/// A part of a question (an ordering's place, a matching's left item, a categorize question's
/// item, a gap) and how many got it right.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[cfg_attr(test, derive(serde::Deserialize), serde(deny_unknown_fields))]
pub struct PartRight {
    /// The place's item, the left item, the item, or the gap's right answer.
    pub label: String,
    pub right: u32,
}

/// The numbers given to a numeric question or a slider, for a number line.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[cfg_attr(test, derive(serde::Deserialize), serde(deny_unknown_fields))]
pub struct NumberLine {
    /// The line's ends: a slider's range; around the answers and the answer for a number.
    pub low: f64,
    pub high: f64,
    pub target: f64,
    /// Where an answer counts right (the answer ± its tolerance; a slider's target ± margin).
    pub band: [f64; 2],
    /// The distinct numbers given (the most given, at most 100), by value.
    pub values: Vec<NumberCount>,
    /// A numeric answer's unit (`°C`), said after each number; null when it has none.
    pub unit: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
#[cfg_attr(test, derive(serde::Deserialize), serde(deny_unknown_fields))]
pub struct NumberCount {
    pub value: f64,
    pub count: u32,
}

impl PartRight {
    /// A tally of parts (`QuestionKind::parts_tally`) as the views show it.
    pub fn all(tally: Vec<(String, u32)>) -> Vec<PartRight> {
        tally.into_iter().map(|(label, right)| PartRight { label, right }).collect()
    }
}

impl From<NumberTally> for NumberLine {
    fn from(t: NumberTally) -> NumberLine {
        let values = t.values.into_iter().map(|(value, count)| NumberCount { value, count }).collect();
        NumberLine { low: t.low, high: t.high, target: t.target, band: t.band, values, unit: t.unit }
    }
}

impl Room {
    /// The responses to question `index` of the players still in the game.
    fn responses(&self, index: usize) -> impl Iterator<Item = &Response> {
        self.players.values().filter(|p| !p.kicked).filter_map(move |p| p.state.answers.get(&index).map(|a| &a.response))
    }

    /// Per part of question `index` (of several parts), how many got it right.
    pub(super) fn parts(&self, index: usize, kind: &QuestionKind) -> Option<Vec<PartRight>> {
        kind.parts_tally(self.responses(index)).map(PartRight::all)
    }

    /// A hotspot's answers to question `index` per region.
    pub(super) fn regions(&self, index: usize, kind: &QuestionKind) -> Option<Vec<u32>> {
        kind.region_tally(self.responses(index))
    }

    /// The numbers given to question `index` (numeric or slider) on a line.
    pub(super) fn numbers(&self, index: usize, kind: &QuestionKind) -> Option<NumberLine> {
        kind.number_tally(self.responses(index)).map(NumberLine::from)
    }

    /// A poll's answers per option while it runs, for the host.
    pub(super) fn poll_counts(&self) -> Option<Vec<u32>> {
        let clock = self.game.clock.filter(|_| self.game.phase == Phase::Question)?;
        match &*self.game.questions[clock.index].kind {
            QuestionKind::Poll { options } => Some(self.counts.options[..options.len().min(self.counts.options.len())].to_vec()),
            _ => None,
        }
    }
}
