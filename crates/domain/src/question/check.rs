//! A question's definition is checked before it is saved: one that cannot be scored is refused,
//! naming the field, so a host fixes it where they wrote it (a spreadsheet row, an editor field).

use std::collections::HashSet;

use super::{
    CATEGORIZE_GROUPS, Gap, MATCHING_PAIRS, MOST_ACCEPTED, MOST_CATEGORIZE_ITEMS, MOST_DISTRACTORS, MOST_GAPS, MOST_OPTIONS, MOST_TEXT_CHARS, ORDERING_ITEMS,
    QuestionKind, Tolerance,
};

/// Why a definition cannot be saved: the field and what is wrong with it, in words a host reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct DefinitionError {
    /// The field as the API names it (`options`, `right`, `accepted`, `answer`, `target`, …).
    pub field: &'static str,
    pub message: String,
}

pub(super) fn refuse(field: &'static str, message: impl Into<String>) -> Result<(), DefinitionError> {
    Err(DefinitionError { field, message: message.into() })
}

/// `texts` hold between `least` and `most` texts, none empty, none repeated (a repeated option
/// cannot be told apart from its twin).
pub(super) fn texts(field: &'static str, what: &str, texts: &[String], least: usize, most: usize) -> Result<(), DefinitionError> {
    if texts.len() < least || texts.len() > most {
        return refuse(field, format!("{what} needs {least} to {most}, got {}", texts.len()));
    }
    if texts.iter().any(|t| t.trim().is_empty()) {
        return refuse(field, format!("{what} may not be empty"));
    }
    let mut seen = HashSet::new();
    if let Some(twice) = texts.iter().find(|t| !seen.insert(t.trim().to_lowercase())) {
        return refuse(field, format!("“{}” is given twice", twice.trim()));
    }
    Ok(())
}

/// `right` names at least one of `count` options, each once.
fn right_options(right: &[usize], count: usize) -> Result<(), DefinitionError> {
    if right.is_empty() {
        return refuse("right", "mark at least one option right");
    }
    if let Some(off) = right.iter().find(|r| **r >= count) {
        return refuse("right", format!("option {} does not exist: there are {count}", off + 1));
    }
    if right.iter().collect::<HashSet<_>>().len() != right.len() {
        return refuse("right", "an option is marked right twice");
    }
    Ok(())
}

fn accepted_answers(accepted: &[String]) -> Result<(), DefinitionError> {
    if accepted.iter().all(|a| a.trim().is_empty()) {
        return refuse("accepted", "give at least one accepted answer");
    }
    if accepted.len() > MOST_ACCEPTED {
        return refuse("accepted", format!("at most {MOST_ACCEPTED} accepted answers, got {}", accepted.len()));
    }
    if accepted.iter().any(|a| a.trim().is_empty()) {
        return refuse("accepted", "an accepted answer may not be empty");
    }
    if let Some(long) = accepted.iter().find(|a| a.chars().count() > MOST_TEXT_CHARS) {
        return refuse("accepted", format!("“{}…” is longer than {MOST_TEXT_CHARS} characters", long.chars().take(20).collect::<String>()));
    }
    Ok(())
}

fn number(field: &'static str, what: &str, n: f64) -> Result<(), DefinitionError> {
    if n.is_finite() { Ok(()) } else { refuse(field, format!("{what} needs a number")) }
}

impl QuestionKind {
    /// Refuses a definition that cannot be asked or scored, naming the field.
    pub fn check(&self) -> Result<(), DefinitionError> {
        match self {
            QuestionKind::SingleChoice { options, right } => {
                texts("options", "a single-choice question", options, 2, MOST_OPTIONS)?;
                right_options(right, options.len())
            }
            QuestionKind::TrueFalse { .. } | QuestionKind::WordCloud | QuestionKind::Slide => Ok(()),
            QuestionKind::MultiSelect { options, right, .. } => {
                texts("options", "a multi-select question", options, 2, MOST_OPTIONS)?;
                right_options(right, options.len())
            }
            QuestionKind::TypeAnswer { accepted, .. } => accepted_answers(accepted),
            QuestionKind::Numeric { answer, tolerance, .. } => {
                number("answer", "a numeric answer", *answer)?;
                match tolerance {
                    Tolerance::Absolute(t) | Tolerance::Relative(t) if !t.is_finite() || *t < 0.0 => {
                        refuse("tolerance", "a tolerance is a number of 0 or more")
                    }
                    _ => Ok(()),
                }
            }
            QuestionKind::Slider { min, max, step, target, margin, .. } => {
                for (field, n) in [("min", min), ("max", max), ("step", step), ("target", target), ("margin", margin)] {
                    number(field, "a slider", *n)?;
                }
                if min >= max {
                    return refuse("max", "a slider's largest value must be above its smallest");
                }
                if *step <= 0.0 || *step > max - min {
                    return refuse("step", format!("a slider's step must be above 0 and at most {}", max - min));
                }
                if target < min || target > max {
                    return refuse("target", format!("the target {target} is off the slider's range {min} to {max}"));
                }
                if *margin <= 0.0 {
                    return refuse("margin", "a slider's margin must be above 0");
                }
                Ok(())
            }
            QuestionKind::Ordering { items, .. } => texts("items", "an ordering", items, ORDERING_ITEMS.0, ORDERING_ITEMS.1),
            QuestionKind::Matching { pairs, distractors } => {
                let (least, most) = MATCHING_PAIRS;
                if pairs.len() < least || pairs.len() > most {
                    return refuse("pairs", format!("a matching question needs {least} to {most} pairs, got {}", pairs.len()));
                }
                let lefts: Vec<String> = pairs.iter().map(|p| p.left.clone()).collect();
                texts("pairs", "the left items", &lefts, least, most)?;
                if distractors.len() > MOST_DISTRACTORS {
                    return refuse("distractors", format!("at most {MOST_DISTRACTORS} distractors, got {}", distractors.len()));
                }
                let rights: Vec<String> = pairs.iter().map(|p| p.right.clone()).chain(distractors.iter().cloned()).collect();
                texts("pairs", "the right items", &rights, least, most + MOST_DISTRACTORS)
            }
            QuestionKind::Categorize { groups, items } => {
                texts("groups", "a categorize question", groups, CATEGORIZE_GROUPS.0, CATEGORIZE_GROUPS.1)?;
                let names: Vec<String> = items.iter().map(|i| i.text.clone()).collect();
                texts("items", "a categorize question's items", &names, 1, MOST_CATEGORIZE_ITEMS)?;
                match items.iter().find(|i| i.group >= groups.len()) {
                    Some(item) => refuse("items", format!("“{}” is in group {}, but there are {}", item.text, item.group + 1, groups.len())),
                    None => Ok(()),
                }
            }
            QuestionKind::Gaps { text, gaps } => {
                if gaps.is_empty() || gaps.len() > MOST_GAPS {
                    return refuse("gaps", format!("a text with gaps needs 1 to {MOST_GAPS} gaps, got {}", gaps.len()));
                }
                for n in 1..=gaps.len() {
                    if text.matches(&format!("{{{{{n}}}}}")).count() != 1 {
                        return refuse("text", format!("the text must mark gap {n} once, as {{{{{n}}}}}"));
                    }
                }
                if text.contains(&format!("{{{{{}}}}}", gaps.len() + 1)) {
                    return refuse("text", format!("the text marks gap {}, but there are {} gaps", gaps.len() + 1, gaps.len()));
                }
                for (n, gap) in gaps.iter().enumerate() {
                    let named = |e: DefinitionError| DefinitionError { field: "gaps", message: format!("gap {}: {}", n + 1, e.message) };
                    match gap {
                        Gap::Choice { options, right } => {
                            texts("gaps", "a dropdown", options, 2, MOST_OPTIONS).map_err(named)?;
                            right_options(&[*right], options.len()).map_err(named)?;
                        }
                        Gap::Typed { accepted, .. } => accepted_answers(accepted).map_err(named)?,
                    }
                }
                Ok(())
            }
            QuestionKind::Poll { options } => texts("options", "a poll", options, 2, MOST_OPTIONS),
            QuestionKind::Hotspot { regions, aspect } => super::hotspot::check(regions, *aspect),
        }
    }
}
