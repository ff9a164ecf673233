//! The room's or the quiz's answers to one question, counted the way its type is best shown (the
//! live reveal and the host's insights count alike): the share right per part of a question of
//! several parts, and the numbers given on a line with the stretch that counts right.

use std::collections::HashMap;

use super::{Gap, QuestionKind, Response, Tolerance};

/// Distinct numbers a [`NumberTally`] keeps, at most (the most given).
pub const MOST_NUMBERS: usize = 100;

/// The numbers given to a numeric question or a slider.
#[derive(Debug, Clone, PartialEq)]
pub struct NumberTally {
    /// The line's ends: a slider's range; for a number, from the lowest to the highest of the
    /// answers and the right stretch.
    pub low: f64,
    pub high: f64,
    pub target: f64,
    /// Where an answer counts right: the answer ± its tolerance; a slider's target ± margin.
    pub band: [f64; 2],
    /// The distinct numbers given (the most given, at most [`MOST_NUMBERS`]) by value, each with
    /// how many gave it.
    pub values: Vec<(f64, u32)>,
    /// A numeric answer's unit, when it has one (a slider has none).
    pub unit: Option<String>,
}

impl QuestionKind {
    /// A question of several parts: what belongs in each part, in words (an ordering's item per
    /// place, a matching's left items, a categorize question's items, a gap's right answer).
    pub fn part_labels(&self) -> Option<Vec<String>> {
        Some(match self {
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

    /// Per part (see [`QuestionKind::part_labels`]), its label and how many of `responses` got it
    /// right; `None` for a question of one part.
    pub fn parts_tally<'a>(&self, responses: impl IntoIterator<Item = &'a Response>) -> Option<Vec<(String, u32)>> {
        let labels = self.part_labels()?;
        let mut right = vec![0u32; labels.len()];
        for parts in responses.into_iter().filter_map(|r| self.parts_right(r)) {
            for (count, _) in right.iter_mut().zip(parts).filter(|(_, r)| *r) {
                *count += 1;
            }
        }
        Some(labels.into_iter().zip(right).collect())
    }

    /// A hotspot's answers per region, in the definition's order: a point counts in the region
    /// it falls in (a right one first), a region chosen by its name in that one; `None` for
    /// another type.
    pub fn region_tally<'a>(&self, responses: impl IntoIterator<Item = &'a Response>) -> Option<Vec<u32>> {
        let QuestionKind::Hotspot { regions, aspect } = self else { return None };
        let mut counts = vec![0u32; regions.len()];
        for r in responses {
            let at = match r {
                Response::Point([x, y]) => super::hotspot::region_at(regions, *aspect, *x, *y),
                Response::Region(i) => Some(*i),
                _ => None,
            };
            if let Some(count) = at.and_then(|i| counts.get_mut(i)) {
                *count += 1;
            }
        }
        Some(counts)
    }

    /// The numbers among `responses` to a numeric question or a slider, on a line; `None` for
    /// another type.
    pub fn number_tally<'a>(&self, responses: impl IntoIterator<Item = &'a Response>) -> Option<NumberTally> {
        let (target, band, range, unit) = match self {
            QuestionKind::Numeric { answer, tolerance, unit } => {
                let within = match tolerance {
                    Tolerance::Absolute(t) => *t,
                    Tolerance::Relative(share) => share * answer.abs(),
                };
                (*answer, [answer - within, answer + within], None, unit.clone())
            }
            QuestionKind::Slider { min, max, target, margin, .. } => {
                (*target, [(target - margin).max(*min), (target + margin).min(*max)], Some((*min, *max)), None)
            }
            _ => return None,
        };
        let mut counts: HashMap<u64, (f64, u32)> = HashMap::new();
        for r in responses {
            if let Response::Number(x) = r {
                // 0.0 and -0.0 are one number.
                let x = if *x == 0.0 { 0.0 } else { *x };
                counts.entry(x.to_bits()).or_insert((x, 0)).1 += 1;
            }
        }
        let mut values: Vec<(f64, u32)> = counts.into_values().collect();
        values.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.total_cmp(&b.0)));
        values.truncate(MOST_NUMBERS);
        values.sort_by(|a, b| a.0.total_cmp(&b.0));
        let (low, high) = range.unwrap_or_else(|| {
            let low = values.iter().map(|v| v.0).fold(band[0], f64::min);
            let high = values.iter().map(|v| v.0).fold(band[1], f64::max);
            // A line of some length even when every answer is the answer.
            let pad = if high > low { 0.0 } else { target.abs().max(1.0) * 0.1 };
            (low - pad, high + pad)
        });
        Some(NumberTally { low, high, target, band, values, unit })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn given_answers_to_an_ordering_then_each_place_counts_who_put_the_right_item_there() {
        let kind = QuestionKind::Ordering { items: vec!["a".into(), "b".into(), "c".into()], partial: false };
        let responses = [Response::Order(vec![0, 1, 2]), Response::Order(vec![0, 2, 1]), Response::Number(1.0)];
        assert_eq!(kind.parts_tally(&responses), Some(vec![("a".into(), 2), ("b".into(), 1), ("c".into(), 1)]));
        assert_eq!(QuestionKind::TrueFalse { answer: true }.parts_tally(&responses), None);
    }

    #[test]
    fn given_numbers_then_they_lie_on_a_line_around_the_answer_with_the_right_stretch() {
        let kind = QuestionKind::Numeric { answer: 10.0, tolerance: Tolerance::Relative(0.1), unit: None };
        let responses = [Response::Number(9.5), Response::Number(12.0), Response::Number(9.5), Response::Number(-0.0), Response::Number(0.0)];
        let tally = kind.number_tally(&responses).unwrap();
        assert_eq!((tally.low, tally.high, tally.target, tally.band), (0.0, 12.0, 10.0, [9.0, 11.0]));
        assert_eq!(tally.values, vec![(0.0, 2), (9.5, 2), (12.0, 1)]);
        let none = kind.number_tally([]).unwrap();
        assert_eq!((none.low, none.high), (9.0, 11.0), "without answers the line is the right stretch");
        let slider = QuestionKind::Slider { min: 0.0, max: 100.0, step: 1.0, target: 95.0, margin: 10.0, exact: false };
        let tally = slider.number_tally([&Response::Number(50.0)]).unwrap();
        assert_eq!((tally.low, tally.high, tally.band), (0.0, 100.0, [85.0, 100.0]));
    }
}
