//! Each response judged to a correctness fraction `f` in 0…1 by its question's type, or refused
//! when it is not a response to that type (a wrong shape is the client's mistake, never a wrong
//! answer).

use std::collections::HashSet;

use super::hotspot;
use super::text::matches;
use super::{Gap, GapResponse, MOST_TEXT_CHARS, QuestionKind, Response, Tolerance, fully_right};

/// Why a response cannot be judged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResponseError {
    /// A response of another type's shape: what this question takes.
    #[error("this question takes {0}")]
    Shape(&'static str),
    /// The right shape, but naming an option, item or group that does not exist, or twice.
    #[error("{0}")]
    Invalid(String),
    #[error("a slide takes no answer")]
    NothingToAnswer,
}

fn invalid<T>(message: impl Into<String>) -> Result<T, ResponseError> {
    Err(ResponseError::Invalid(message.into()))
}

/// `index` names one of `count` things called `what`.
fn within(index: usize, count: usize, what: &str) -> Result<(), ResponseError> {
    if index < count { Ok(()) } else { invalid(format!("{what} {} does not exist: there are {count}", index + 1)) }
}

fn text(given: &str) -> Result<(), ResponseError> {
    if given.chars().count() > MOST_TEXT_CHARS { invalid(format!("an answer is at most {MOST_TEXT_CHARS} characters")) } else { Ok(()) }
}

fn share(right: usize, of: usize) -> f64 {
    if of == 0 { 0.0 } else { right as f64 / of as f64 }
}

fn typed(accepted: &[String], given: &str, case_sensitive: bool, accents_matter: bool) -> f64 {
    if accepted.iter().any(|a| matches(a, given, case_sensitive, accents_matter)) { 1.0 } else { 0.0 }
}

/// One gap (the `n`th, from 0) of a text judged: 1 or 0; an empty gap is 0.
fn judge_gap(n: usize, gap: &Gap, given: Option<&GapResponse>) -> Result<f64, ResponseError> {
    Ok(match (gap, given) {
        (_, None) => 0.0,
        (Gap::Choice { options, right }, Some(GapResponse::Choice(i))) => {
            within(*i, options.len(), &format!("gap {}: option", n + 1))?;
            if i == right { 1.0 } else { 0.0 }
        }
        (Gap::Typed { accepted, case_sensitive, accents_matter }, Some(GapResponse::Text(given))) => {
            text(given)?;
            typed(accepted, given, *case_sensitive, *accents_matter)
        }
        (Gap::Choice { .. }, Some(_)) => return invalid(format!("gap {} takes one of its options", n + 1)),
        (Gap::Typed { .. }, Some(_)) => return invalid(format!("gap {} takes a typed word", n + 1)),
    })
}

impl QuestionKind {
    /// For a question of several parts (an ordering's places, a matching's left items, a
    /// categorize question's items, a text's gaps), whether `response` got each part right, in
    /// the definition's order; `None` for any other type or a response of another shape.
    pub fn parts_right(&self, response: &Response) -> Option<Vec<bool>> {
        Some(match (self, response) {
            (QuestionKind::Ordering { items, .. }, Response::Order(order)) => (0..items.len()).map(|at| order.get(at) == Some(&at)).collect(),
            (QuestionKind::Matching { pairs, .. }, Response::Pairs(chosen)) => (0..pairs.len()).map(|left| chosen.get(left) == Some(&Some(left))).collect(),
            (QuestionKind::Categorize { items, .. }, Response::Groups(chosen)) => {
                items.iter().enumerate().map(|(i, item)| chosen.get(i) == Some(&Some(item.group))).collect()
            }
            (QuestionKind::Gaps { gaps, .. }, Response::Gaps(filled)) => {
                gaps.iter().enumerate().map(|(n, gap)| judge_gap(n, gap, filled.get(n).and_then(Option::as_ref)).is_ok_and(fully_right)).collect()
            }
            _ => return None,
        })
    }

    /// Judges `response`: `Some(f)` for a scored type, `None` for a poll or a word cloud (given,
    /// counted, not scored). A response of the wrong shape, or naming what does not exist, is
    /// refused.
    pub fn judge(&self, response: &Response) -> Result<Option<f64>, ResponseError> {
        let f = match (self, response) {
            (QuestionKind::SingleChoice { options, right }, Response::Choice(i)) => {
                within(*i, options.len(), "option")?;
                if right.contains(i) { 1.0 } else { 0.0 }
            }
            (QuestionKind::SingleChoice { .. }, _) => return Err(ResponseError::Shape("one option")),
            (QuestionKind::TrueFalse { answer }, Response::Bool(given)) => {
                if given == answer {
                    1.0
                } else {
                    0.0
                }
            }
            (QuestionKind::TrueFalse { .. }, _) => return Err(ResponseError::Shape("true or false")),
            (QuestionKind::MultiSelect { options, right, all_or_nothing }, Response::Choices(chosen)) => {
                for i in chosen {
                    within(*i, options.len(), "option")?;
                }
                let chosen: HashSet<usize> = chosen.iter().copied().collect();
                let right: HashSet<usize> = right.iter().copied().collect();
                if *all_or_nothing {
                    if chosen == right { 1.0 } else { 0.0 }
                } else {
                    let right_chosen = chosen.intersection(&right).count() as f64;
                    let wrong_chosen = chosen.difference(&right).count() as f64;
                    ((right_chosen - wrong_chosen) / right.len().max(1) as f64).max(0.0)
                }
            }
            (QuestionKind::MultiSelect { .. }, _) => return Err(ResponseError::Shape("a set of options")),
            (QuestionKind::TypeAnswer { accepted, case_sensitive, accents_matter }, Response::Text(given)) => {
                text(given)?;
                typed(accepted, given, *case_sensitive, *accents_matter)
            }
            (QuestionKind::TypeAnswer { .. }, _) => return Err(ResponseError::Shape("a typed answer")),
            (QuestionKind::Numeric { answer, tolerance, .. }, Response::Number(x)) => {
                if !x.is_finite() {
                    return invalid("a number is needed");
                }
                let within = match tolerance {
                    Tolerance::Absolute(t) => *t,
                    Tolerance::Relative(share) => share * answer.abs(),
                };
                // A hair over the tolerance for decimal rounding (0.1 + 0.2 is 0.30000000000000004).
                if (x - answer).abs() <= within + 1e-9 * answer.abs().max(1.0) { 1.0 } else { 0.0 }
            }
            (QuestionKind::Numeric { .. }, _) => return Err(ResponseError::Shape("a number")),
            (QuestionKind::Slider { min, max, target, margin, exact, .. }, Response::Number(x)) => {
                if !x.is_finite() || x < min || x > max {
                    return invalid(format!("the slider goes from {min} to {max}"));
                }
                let off = (x - target).abs();
                if *exact { if off <= margin + 1e-9 { 1.0 } else { 0.0 } } else { (1.0 - off / margin).max(0.0) }
            }
            (QuestionKind::Slider { .. }, _) => return Err(ResponseError::Shape("a number on the slider")),
            (QuestionKind::Ordering { items, partial }, Response::Order(order)) => {
                let distinct: HashSet<usize> = order.iter().copied().collect();
                if order.len() != items.len() || distinct.len() != items.len() || order.iter().any(|i| *i >= items.len()) {
                    return invalid(format!("put each of the {} items in the order once", items.len()));
                }
                let in_place = order.iter().enumerate().filter(|(at, item)| at == *item).count();
                if *partial {
                    share(in_place, items.len())
                } else if in_place == items.len() {
                    1.0
                } else {
                    0.0
                }
            }
            (QuestionKind::Ordering { .. }, _) => return Err(ResponseError::Shape("an order of the items")),
            (QuestionKind::Matching { pairs, distractors }, Response::Pairs(chosen)) => {
                if chosen.len() != pairs.len() {
                    return invalid(format!("match each of the {} items", pairs.len()));
                }
                for c in chosen.iter().flatten() {
                    within(*c, pairs.len() + distractors.len(), "choice")?;
                }
                share(chosen.iter().enumerate().filter(|(left, c)| **c == Some(*left)).count(), pairs.len())
            }
            (QuestionKind::Matching { .. }, _) => return Err(ResponseError::Shape("a match for each item")),
            (QuestionKind::Categorize { groups, items }, Response::Groups(chosen)) => {
                if chosen.len() != items.len() {
                    return invalid(format!("place each of the {} items", items.len()));
                }
                for g in chosen.iter().flatten() {
                    within(*g, groups.len(), "group")?;
                }
                share(items.iter().zip(chosen).filter(|(item, g)| **g == Some(item.group)).count(), items.len())
            }
            (QuestionKind::Categorize { .. }, _) => return Err(ResponseError::Shape("a group for each item")),
            (QuestionKind::Gaps { gaps, .. }, Response::Gaps(filled)) => {
                if filled.len() != gaps.len() {
                    return invalid(format!("the text has {} gaps", gaps.len()));
                }
                let mut right = 0;
                for (n, (gap, given)) in gaps.iter().zip(filled).enumerate() {
                    if fully_right(judge_gap(n, gap, given.as_ref())?) {
                        right += 1;
                    }
                }
                share(right, gaps.len())
            }
            (QuestionKind::Gaps { .. }, _) => return Err(ResponseError::Shape("a word for each gap")),
            (QuestionKind::Poll { options }, Response::Choice(i)) => {
                within(*i, options.len(), "option")?;
                return Ok(None);
            }
            (QuestionKind::Poll { .. }, _) => return Err(ResponseError::Shape("one option")),
            (QuestionKind::WordCloud, Response::Text(given)) => {
                text(given)?;
                if given.trim().is_empty() {
                    return invalid("an answer may not be empty");
                }
                return Ok(None);
            }
            (QuestionKind::WordCloud, _) => return Err(ResponseError::Shape("a short text")),
            (QuestionKind::Slide, _) => return Err(ResponseError::NothingToAnswer),
            (QuestionKind::Hotspot { regions, aspect }, Response::Point([x, y])) => {
                if !hotspot::is_on_picture(*x, *y) {
                    return invalid("a point on the picture has x and y from 0 to 1");
                }
                hotspot::judge_point(regions, *aspect, *x, *y)
            }
            (QuestionKind::Hotspot { regions, .. }, Response::Region(i)) => {
                within(*i, regions.len(), "region")?;
                if regions[*i].right { 1.0 } else { 0.0 }
            }
            (QuestionKind::Hotspot { .. }, _) => return Err(ResponseError::Shape("a point on the picture or a region")),
        };
        Ok(Some(f.clamp(0.0, 1.0)))
    }
}
