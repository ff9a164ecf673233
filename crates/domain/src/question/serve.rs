//! What a player is served of a question, and how their response comes back.
//!
//! A definition keeps its lists in their right order (an ordering's items, a matching's right
//! items), so serving them in that order would give the answer away. Each attempt draws a secret
//! `seed` when it starts (recorded in its first event, never shown to the player); the lists are
//! served shuffled by it, the player answers by the positions they were served, and the server
//! maps those positions back to the definition's ([`QuestionKind::from_served`]) before judging
//! and recording, so the log, the audit and the judge only ever see the definition's indices.
//! Options of choice questions are served in the host's order, as the A–D questions always were.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::{Gap, QuestionKind, Response};

/// What a player is served of a question beside its text, for every type but four options A–D
/// (whose screens show `optionA`…`optionD`): its type and the fields it needs, never its answer
/// key (`docs/play-api.md`). Self-paced play and live games serve alike.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Served {
    #[serde(rename = "type")]
    pub kind: String,
    /// Single choice, multi-select, poll: the options, in the host's order (answered by index).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Vec<String>>,
    /// Ordering and categorize: the items, shuffled (answered by the positions served).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub items: Option<Vec<String>>,
    /// Matching: the items to match, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left: Option<Vec<String>>,
    /// Matching: what they may be matched to, shuffled, distractors among them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub right: Option<Vec<String>>,
    /// Categorize: the groups.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub groups: Option<Vec<String>>,
    /// Gaps: the text, each gap marked `{{1}}`, `{{2}}`, ….
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cloze: Option<String>,
    /// Gaps: per gap, `{"type":"choice","options":[…]}` (a dropdown) or `{"type":"typed"}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gaps: Option<Vec<Value>>,
    /// Slider: its range and step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<f64>,
    /// Numeric: the unit the answer is in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// Multi-select: `true`, several may be chosen (how many are right is not told).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub several: Option<bool>,
    /// Hotspot: the regions' names, shuffled (a player without a pointer chooses one, by the
    /// position served); their shapes and which are right are not told.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regions: Option<Vec<String>>,
}

/// The positions of `n` things as served: `order[served] = index in the definition`. The same
/// `seed` and `question_id` give the same order on every node and every reload.
pub fn shuffled(seed: i64, question_id: i64, n: usize) -> Vec<usize> {
    // splitmix64: a small, well-mixed generator; the shuffle needs no more (the seed is secret).
    let mut state = (seed as u64) ^ (question_id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut order: Vec<usize> = (0..n).collect();
    // Fisher–Yates.
    for i in (1..n).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    // Served in the right order by chance, an ordering would need no thought: turn it once more.
    if n > 1 && order.iter().enumerate().all(|(at, i)| at == *i) {
        order.rotate_left(1);
    }
    order
}

/// Which list of a question is served shuffled, and how long it is.
fn shuffled_len(kind: &QuestionKind) -> Option<usize> {
    match kind {
        QuestionKind::Ordering { items, .. } => Some(items.len()),
        QuestionKind::Matching { pairs, distractors } => Some(pairs.len() + distractors.len()),
        QuestionKind::Categorize { items, .. } => Some(items.len()),
        QuestionKind::Hotspot { regions, .. } => Some(regions.len()),
        _ => None,
    }
}

impl QuestionKind {
    /// What a player is served of it, its shuffled lists in the order of `seed`; `None` for four
    /// options A–D with one right.
    pub fn served(&self, seed: i64, question_id: i64) -> Option<Served> {
        if self.letters().is_some() {
            return None;
        }
        let mut q = Served {
            kind: self.name().to_owned(),
            options: None,
            items: None,
            left: None,
            right: None,
            groups: None,
            cloze: None,
            gaps: None,
            min: None,
            max: None,
            step: None,
            unit: None,
            several: None,
            regions: None,
        };
        let order = self.served_order(seed, question_id).unwrap_or_default();
        let served = |texts: Vec<&String>| Some(order.iter().map(|i| texts[*i].clone()).collect::<Vec<_>>());
        match self {
            QuestionKind::SingleChoice { options, .. } | QuestionKind::Poll { options } => q.options = Some(options.clone()),
            QuestionKind::MultiSelect { options, .. } => (q.options, q.several) = (Some(options.clone()), Some(true)),
            QuestionKind::Numeric { unit, .. } => q.unit = unit.clone(),
            QuestionKind::Slider { min, max, step, .. } => (q.min, q.max, q.step) = (Some(*min), Some(*max), Some(*step)),
            QuestionKind::Ordering { items, .. } => q.items = served(items.iter().collect()),
            QuestionKind::Matching { pairs, distractors } => {
                q.left = Some(pairs.iter().map(|p| p.left.clone()).collect());
                q.right = served(pairs.iter().map(|p| &p.right).chain(distractors).collect());
            }
            QuestionKind::Categorize { groups, items } => {
                q.groups = Some(groups.clone());
                q.items = served(items.iter().map(|i| &i.text).collect());
            }
            QuestionKind::Gaps { text, gaps } => {
                q.cloze = Some(text.clone());
                q.gaps = Some(
                    gaps.iter()
                        .map(|g| match g {
                            Gap::Choice { options, .. } => json!({ "type": "choice", "options": options }),
                            Gap::Typed { .. } => json!({ "type": "typed" }),
                        })
                        .collect(),
                );
            }
            QuestionKind::Hotspot { regions, .. } => q.regions = served(regions.iter().map(|r| &r.name).collect()),
            QuestionKind::TrueFalse { .. } | QuestionKind::TypeAnswer { .. } | QuestionKind::WordCloud | QuestionKind::Slide => {}
        }
        Some(q)
    }

    /// The order its shuffled list is served in (`order[served] = definition index`), if it has
    /// one: an ordering's items, a matching's right items, a categorize question's items, a
    /// hotspot's regions.
    pub fn served_order(&self, seed: i64, question_id: i64) -> Option<Vec<usize>> {
        shuffled_len(self).map(|n| shuffled(seed, question_id, n))
    }

    /// The pictures on its options or items ([`QuestionKind::pictured`], definition order) in the
    /// order the player is served that list: an ordering's and a categorize question's items are
    /// shuffled, the others are served in the host's order. Empty when it shows none.
    pub fn served_pictures<'a, T>(&self, pictures: &'a [Option<T>], seed: i64, question_id: i64) -> Vec<Option<&'a T>> {
        match (self, self.served_order(seed, question_id)) {
            // Served in the definition's order, a shuffled list's pictures would tell the key:
            // none when they do not line up (a check every saved question passed).
            (QuestionKind::Ordering { .. } | QuestionKind::Categorize { .. }, Some(order)) if order.len() != pictures.len() => Vec::new(),
            (QuestionKind::Ordering { .. } | QuestionKind::Categorize { .. }, Some(order)) => order.iter().map(|i| pictures[*i].as_ref()).collect(),
            _ => pictures.iter().map(Option::as_ref).collect(),
        }
    }

    /// A response given by served positions, in the definition's indices. A position beyond the
    /// list is kept beyond it, so the judge refuses it as it refuses any index that does not exist.
    pub fn from_served(&self, response: Response, seed: i64, question_id: i64) -> Response {
        let Some(order) = self.served_order(seed, question_id) else { return response };
        let index = |served: usize| order.get(served).copied().unwrap_or(served.max(order.len()));
        match (self, response) {
            (QuestionKind::Ordering { .. }, Response::Order(given)) => Response::Order(given.into_iter().map(index).collect()),
            (QuestionKind::Matching { .. }, Response::Pairs(given)) => Response::Pairs(given.into_iter().map(|c| c.map(index)).collect()),
            (QuestionKind::Hotspot { .. }, Response::Region(given)) => Response::Region(index(given)),
            // Per served item, a group: put each at its item's place in the definition.
            (QuestionKind::Categorize { .. }, Response::Groups(given)) if given.len() == order.len() => {
                let mut groups = vec![None; order.len()];
                for (served, group) in given.into_iter().enumerate() {
                    groups[order[served]] = group;
                }
                Response::Groups(groups)
            }
            (_, other) => other,
        }
    }

    /// A response in the definition's indices, by the positions the player was served (to show a
    /// saved answer again after a reload): the inverse of [`QuestionKind::from_served`].
    pub fn to_served(&self, response: Response, seed: i64, question_id: i64) -> Response {
        let Some(order) = self.served_order(seed, question_id) else { return response };
        let mut at = vec![0; order.len()];
        for (served, index) in order.iter().enumerate() {
            at[*index] = served;
        }
        let position = |index: usize| at.get(index).copied().unwrap_or(index);
        match (self, response) {
            (QuestionKind::Ordering { .. }, Response::Order(given)) => Response::Order(given.into_iter().map(position).collect()),
            (QuestionKind::Matching { .. }, Response::Pairs(given)) => Response::Pairs(given.into_iter().map(|c| c.map(position)).collect()),
            (QuestionKind::Hotspot { .. }, Response::Region(given)) => Response::Region(position(given)),
            (QuestionKind::Categorize { .. }, Response::Groups(given)) if given.len() == order.len() => {
                Response::Groups(order.iter().map(|index| given[*index]).collect())
            }
            (_, other) => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::question::{Item, Pair};

    #[test]
    fn the_same_seed_serves_the_same_order_and_never_the_right_one() {
        for n in 2..=8 {
            for seed in 0..200i64 {
                let order = shuffled(seed, 7, n);
                assert_eq!(order, shuffled(seed, 7, n));
                let mut sorted = order.clone();
                sorted.sort();
                assert_eq!(sorted, (0..n).collect::<Vec<_>>());
                assert!(order.iter().enumerate().any(|(at, i)| at != *i), "{n} items served in the right order");
            }
        }
        assert_ne!(shuffled(1, 7, 8), shuffled(2, 7, 8));
    }

    #[test]
    fn an_ordering_answered_in_the_served_positions_is_judged_by_the_definition() {
        let kind = QuestionKind::Ordering { items: vec!["1".into(), "2".into(), "3".into(), "4".into()], partial: false };
        let order = kind.served_order(42, 3).unwrap();
        // The player puts the served items in the right order: served position of index 0 first, …
        let right: Vec<usize> = (0..4).map(|index| order.iter().position(|i| *i == index).unwrap()).collect();
        let response = kind.from_served(Response::Order(right.clone()), 42, 3);
        assert_eq!(response, Response::Order(vec![0, 1, 2, 3]));
        assert_eq!(kind.judge(&response), Ok(Some(1.0)));
        assert_eq!(kind.to_served(response, 42, 3), Response::Order(right));
    }

    #[test]
    fn matching_and_categorize_round_trip_through_the_served_positions() {
        let matching = QuestionKind::Matching {
            pairs: vec![Pair { left: "a".into(), right: "1".into() }, Pair { left: "b".into(), right: "2".into() }],
            distractors: vec!["3".into()],
        };
        let given = Response::Pairs(vec![Some(2), None]);
        let defined = matching.from_served(given.clone(), 9, 1);
        assert_eq!(matching.to_served(defined, 9, 1), given);

        let categorize = QuestionKind::Categorize {
            groups: vec!["odd".into(), "even".into()],
            items: vec![Item { text: "1".into(), group: 0 }, Item { text: "2".into(), group: 1 }, Item { text: "3".into(), group: 0 }],
        };
        let order = categorize.served_order(5, 2).unwrap();
        let served_right = Response::Groups(order.iter().map(|i| Some([0, 1, 0][*i])).collect());
        let defined = categorize.from_served(served_right.clone(), 5, 2);
        assert_eq!(defined, Response::Groups(vec![Some(0), Some(1), Some(0)]));
        assert_eq!(categorize.judge(&defined), Ok(Some(1.0)));
        assert_eq!(categorize.to_served(defined, 5, 2), served_right);
    }

    #[test]
    fn a_position_that_was_never_served_is_refused_by_the_judge() {
        let kind = QuestionKind::Ordering { items: vec!["1".into(), "2".into(), "3".into()], partial: true };
        let response = kind.from_served(Response::Order(vec![0, 1, 7]), 1, 1);
        assert!(kind.judge(&response).is_err());
        // Other types pass through untouched.
        let numeric = QuestionKind::Numeric { answer: 1.0, tolerance: Default::default(), unit: None };
        assert_eq!(numeric.from_served(Response::Number(1.0), 1, 1), Response::Number(1.0));
    }
}
