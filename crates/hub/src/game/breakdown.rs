//! What a typed reveal shows beside its counts (`docs/live-games.md`, "Questions of other
//! types"): the share right per part of a question of several parts, the numbers given on a
//! line with the right stretch, and a poll's answers while it runs (for the host alone).

use std::collections::HashMap;

use quizroom_domain::game::Phase;
use quizroom_domain::question::{Gap, QuestionKind, Response, Tolerance};
use serde::Serialize;
use utoipa::ToSchema;

use super::room::Room;

/// Distinct numbers a number line shows, at most (the most given).
pub const MOST_NUMBERS: usize = 100;

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
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
#[cfg_attr(test, derive(serde::Deserialize), serde(deny_unknown_fields))]
pub struct NumberCount {
    pub value: f64,
    pub count: u32,
}

/// A part's label: what belongs there, in words.
fn labels(kind: &QuestionKind) -> Option<Vec<String>> {
    Some(match kind {
        QuestionKind::Ordering { items, .. } => items.clone(),
        QuestionKind::Matching { pairs, .. } => pairs.iter().map(|p| p.left.clone()).collect(),
        QuestionKind::Categorize { items, .. } => items.iter().map(|i| i.text.clone()).collect(),
        QuestionKind::Gaps { gaps, .. } => gaps
            .iter()
            .map(|gap| match gap {
                Gap::Choice { options, right } => options.get(*right).cloned().unwrap_or_default(),
                Gap::Typed { accepted, .. } => accepted.first().cloned().unwrap_or_default(),
            })
            .collect(),
        _ => return None,
    })
}

impl Room {
    /// The responses to question `index` of the players still in the game.
    fn responses(&self, index: usize) -> impl Iterator<Item = &Response> {
        self.players.values().filter(|p| !p.kicked).filter_map(move |p| p.state.answers.get(&index).map(|a| &a.response))
    }

    /// Per part of question `index` (of several parts), how many got it right.
    pub(super) fn parts(&self, index: usize, kind: &QuestionKind) -> Option<Vec<PartRight>> {
        let labels = labels(kind)?;
        let mut right = vec![0u32; labels.len()];
        for parts in self.responses(index).filter_map(|r| kind.parts_right(r)) {
            for (n, _) in parts.iter().enumerate().filter(|(_, r)| **r) {
                if let Some(count) = right.get_mut(n) {
                    *count += 1;
                }
            }
        }
        Some(labels.into_iter().zip(right).map(|(label, right)| PartRight { label, right }).collect())
    }

    /// The numbers given to question `index` (numeric or slider) on a line.
    pub(super) fn numbers(&self, index: usize, kind: &QuestionKind) -> Option<NumberLine> {
        let (target, band, range) = match kind {
            QuestionKind::Numeric { answer, tolerance, .. } => {
                let within = match tolerance {
                    Tolerance::Absolute(t) => *t,
                    Tolerance::Relative(share) => share * answer.abs(),
                };
                (*answer, [answer - within, answer + within], None)
            }
            QuestionKind::Slider { min, max, target, margin, .. } => (*target, [(target - margin).max(*min), (target + margin).min(*max)], Some((*min, *max))),
            _ => return None,
        };
        let mut counts: HashMap<u64, (f64, u32)> = HashMap::new();
        for r in self.responses(index) {
            if let Response::Number(x) = r {
                // 0.0 and -0.0 are one number.
                let x = if *x == 0.0 { 0.0 } else { *x };
                counts.entry(x.to_bits()).or_insert((x, 0)).1 += 1;
            }
        }
        let mut values: Vec<NumberCount> = counts.into_values().map(|(value, count)| NumberCount { value, count }).collect();
        values.sort_by(|a, b| b.count.cmp(&a.count).then(a.value.total_cmp(&b.value)));
        values.truncate(MOST_NUMBERS);
        values.sort_by(|a, b| a.value.total_cmp(&b.value));
        let (low, high) = range.unwrap_or_else(|| {
            let low = values.iter().map(|v| v.value).fold(band[0], f64::min);
            let high = values.iter().map(|v| v.value).fold(band[1], f64::max);
            // A line of some length even when every answer is the answer.
            let pad = if high > low { 0.0 } else { target.abs().max(1.0) * 0.1 };
            (low - pad, high + pad)
        });
        Some(NumberLine { low, high, target, band, values })
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
