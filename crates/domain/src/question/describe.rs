//! A response in words, by its question's definition: what a host reads in insights and exports
//! ("Paris", "9.8 m/s²", "Mouse → Cat → Horse", "France: Paris; Italy: Berlin").

use super::{Gap, GapResponse, QuestionKind, Response};

/// Item `i` of `texts`, or its number when it does not exist.
fn named(texts: &[String], i: usize) -> String {
    texts.get(i).cloned().unwrap_or_else(|| format!("#{}", i + 1))
}

/// A number as people write it: no trailing `.0`.
fn number(x: f64) -> String {
    format!("{x}")
}

impl QuestionKind {
    /// A response that is fully right (the first accepted answer, the target, …), to show the
    /// answer key in words ([`describe`](Self::describe)); none for a poll, a word cloud or a slide.
    pub fn model_answer(&self) -> Option<Response> {
        Some(match self {
            QuestionKind::SingleChoice { right, .. } => Response::Choice(*right.first()?),
            QuestionKind::TrueFalse { answer } => Response::Bool(*answer),
            QuestionKind::MultiSelect { right, .. } => Response::Choices(right.clone()),
            QuestionKind::TypeAnswer { accepted, .. } => Response::Text(accepted.first()?.clone()),
            QuestionKind::Numeric { answer, .. } => Response::Number(*answer),
            QuestionKind::Slider { target, .. } => Response::Number(*target),
            QuestionKind::Ordering { items, .. } => Response::Order((0..items.len()).collect()),
            QuestionKind::Matching { pairs, .. } => Response::Pairs((0..pairs.len()).map(Some).collect()),
            QuestionKind::Categorize { items, .. } => Response::Groups(items.iter().map(|i| Some(i.group)).collect()),
            QuestionKind::Gaps { gaps, .. } => Response::Gaps(
                gaps.iter()
                    .map(|g| match g {
                        Gap::Choice { right, .. } => Some(GapResponse::Choice(*right)),
                        Gap::Typed { accepted, .. } => accepted.first().cloned().map(GapResponse::Text),
                    })
                    .collect(),
            ),
            QuestionKind::Hotspot { regions, .. } => Response::Region(regions.iter().position(|r| r.right)?),
            QuestionKind::Poll { .. } | QuestionKind::WordCloud | QuestionKind::Slide => return None,
        })
    }

    /// `response` in words, by this definition.
    pub fn describe(&self, response: &Response) -> String {
        match (self, response) {
            (QuestionKind::SingleChoice { options, .. } | QuestionKind::Poll { options }, Response::Choice(i)) => named(options, *i),
            (QuestionKind::MultiSelect { options, .. }, Response::Choices(chosen)) => {
                let mut chosen = chosen.clone();
                chosen.sort_unstable();
                if chosen.is_empty() { "(none)".to_owned() } else { chosen.iter().map(|i| named(options, *i)).collect::<Vec<_>>().join(", ") }
            }
            (_, Response::Bool(b)) => if *b { "True" } else { "False" }.to_owned(),
            (QuestionKind::Numeric { unit: Some(unit), .. }, Response::Number(x)) => format!("{} {unit}", number(*x)),
            (_, Response::Number(x)) => number(*x),
            (_, Response::Text(text)) => text.split_whitespace().collect::<Vec<_>>().join(" "),
            (QuestionKind::Ordering { items, .. }, Response::Order(order)) => order.iter().map(|i| named(items, *i)).collect::<Vec<_>>().join(" → "),
            (QuestionKind::Matching { pairs, distractors }, Response::Pairs(chosen)) => {
                let rights: Vec<String> = pairs.iter().map(|p| p.right.clone()).chain(distractors.iter().cloned()).collect();
                let each = pairs.iter().zip(chosen).map(|(p, c)| format!("{}: {}", p.left, c.map_or_else(|| "–".to_owned(), |c| named(&rights, c))));
                each.collect::<Vec<_>>().join("; ")
            }
            (QuestionKind::Categorize { groups, items }, Response::Groups(chosen)) => {
                let each = items.iter().zip(chosen).map(|(item, g)| format!("{}: {}", item.text, g.map_or_else(|| "–".to_owned(), |g| named(groups, g))));
                each.collect::<Vec<_>>().join("; ")
            }
            (QuestionKind::Gaps { gaps, .. }, Response::Gaps(filled)) => {
                let each = gaps.iter().zip(filled).map(|(gap, given)| match (gap, given) {
                    (Gap::Choice { options, .. }, Some(GapResponse::Choice(i))) => named(options, *i),
                    (_, Some(GapResponse::Text(t))) => t.trim().to_owned(),
                    _ => "–".to_owned(),
                });
                each.collect::<Vec<_>>().join(" / ")
            }
            (QuestionKind::Hotspot { regions, .. }, Response::Region(i)) => regions.get(*i).map_or_else(|| format!("#{}", i + 1), |r| r.name.clone()),
            (QuestionKind::Hotspot { regions, aspect }, Response::Point([x, y])) => {
                let at = super::hotspot::region_at(regions, *aspect, *x, *y).map_or_else(|| "outside every region".to_owned(), |i| regions[i].name.clone());
                format!("{at} ({}, {})", number((x * 1000.0).round() / 1000.0), number((y * 1000.0).round() / 1000.0))
            }
            // A response of another shape than its question's (never recorded: the judge refuses it).
            (_, other) => serde_json::to_string(other).unwrap_or_default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::question::{Item, Pair};

    fn texts(t: &[&str]) -> Vec<String> {
        t.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn a_model_answer_is_fully_right_and_reads_as_the_key() {
        let ordering = QuestionKind::Ordering { items: texts(&["Mouse", "Cat", "Horse"]), partial: false };
        let model = ordering.model_answer().unwrap();
        assert_eq!(ordering.judge(&model), Ok(Some(1.0)));
        assert_eq!(ordering.describe(&model), "Mouse → Cat → Horse");
        let numeric = QuestionKind::Numeric { answer: 9.81, tolerance: Default::default(), unit: Some("m/s²".into()) };
        assert_eq!(numeric.describe(&numeric.model_answer().unwrap()), "9.81 m/s²");
        assert_eq!(QuestionKind::WordCloud.model_answer(), None);
    }

    #[test]
    fn each_response_reads_in_words() {
        let multi = QuestionKind::MultiSelect { options: texts(&["2", "3", "4"]), right: vec![0, 1], all_or_nothing: false };
        assert_eq!(multi.describe(&Response::Choices(vec![2, 0])), "2, 4");
        let numeric = QuestionKind::Numeric { answer: 9.81, tolerance: Default::default(), unit: Some("m/s²".into()) };
        assert_eq!(numeric.describe(&Response::Number(9.8)), "9.8 m/s²");
        let slider = QuestionKind::Slider { min: 0.0, max: 100.0, step: 1.0, target: 40.0, margin: 5.0, exact: false };
        assert_eq!(slider.describe(&Response::Number(45.0)), "45");
        let ordering = QuestionKind::Ordering { items: texts(&["Mouse", "Cat", "Horse"]), partial: false };
        assert_eq!(ordering.describe(&Response::Order(vec![1, 0, 2])), "Cat → Mouse → Horse");
        let matching = QuestionKind::Matching {
            pairs: vec![Pair { left: "France".into(), right: "Paris".into() }, Pair { left: "Italy".into(), right: "Rome".into() }],
            distractors: texts(&["Berlin"]),
        };
        assert_eq!(matching.describe(&Response::Pairs(vec![Some(0), Some(2)])), "France: Paris; Italy: Berlin");
        let categorize = QuestionKind::Categorize { groups: texts(&["odd", "even"]), items: vec![Item { text: "1".into(), group: 0 }] };
        assert_eq!(categorize.describe(&Response::Groups(vec![None])), "1: –");
        let gaps = QuestionKind::Gaps {
            text: "{{1}} {{2}}".into(),
            gaps: vec![
                Gap::Choice { options: texts(&["red", "green"]), right: 0 },
                Gap::Typed { accepted: texts(&["blue"]), case_sensitive: false, accents_matter: false },
            ],
        };
        assert_eq!(gaps.describe(&Response::Gaps(vec![Some(GapResponse::Choice(1)), Some(GapResponse::Text(" Blue ".into()))])), "green / Blue");
        assert_eq!(QuestionKind::WordCloud.describe(&Response::Text("  sunny   day ".into())), "sunny day");
        assert_eq!(QuestionKind::TrueFalse { answer: true }.describe(&Response::Bool(false)), "False");
    }
}
