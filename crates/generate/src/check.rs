//! The checks every generated question passes, whichever generator wrote it: a generator's
//! output is untrusted (a language model may return three options, the letter "E", or a type
//! nobody asked for), so candidates come in raw and only well-formed, distinct questions go out,
//! with a count of what was dropped and why. A question of another type than four options passes
//! the same definition checks a host's question does (`QuestionKind::check`).

use std::collections::{BTreeMap, HashSet};

use quizroom_domain::question::QuestionKind;
use quizroom_domain::quiz::Letter;

use crate::text::{normalise, truncate_words};
use crate::{Dropped, FOUR_OPTIONS, GeneratedQuestion, PassageInput, SourceRef};

/// How long an excerpt of a passage may be when the generator did not pick one.
const EXCERPT_CHARS: usize = 300;

/// A question as a generator wrote it, not yet checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    pub question: String,
    pub answer: Proposed,
    pub explanation: String,
    /// The index of the passage it came from (documents only).
    pub passage: Option<usize>,
    /// The supporting text, if the generator knows it; otherwise the start of the passage.
    pub excerpt: Option<String>,
}

/// What a candidate asks and its key, as written.
#[derive(Debug, Clone, PartialEq)]
pub enum Proposed {
    /// Four options and the right one's letter, "A" to "D".
    Letters { options: Vec<String>, correct_letter: String },
    /// A question of any type with its key (a language model's typed answer, read), or why it
    /// could not be read as one.
    Kind(Result<QuestionKind, &'static str>),
}

pub const DROP_EMPTY_QUESTION: &str = "The question text is empty";
pub const DROP_NOT_FOUR_OPTIONS: &str = "It does not have exactly four options";
pub const DROP_EMPTY_OPTION: &str = "An option is empty";
pub const DROP_SAME_OPTIONS: &str = "Two options are the same";
pub const DROP_NO_LETTER: &str = "It does not have exactly one correct letter A to D";
pub const DROP_NO_PASSAGE: &str = "It does not cite a passage of the document";
pub const DROP_DUPLICATE: &str = "It repeats another question";
pub const DROP_UNASKED_TYPE: &str = "It is of a type that was not asked for";
pub const DROP_UNSCORABLE: &str = "Its answer key cannot be scored as written";

/// Checks candidates in order and keeps at most `count` of them, of the `types` asked for. When
/// `passages` is not empty the request was a document, and every question must cite one of its
/// passages.
pub fn check(candidates: Vec<Candidate>, passages: &[PassageInput], count: usize, types: &[&str]) -> (Vec<GeneratedQuestion>, Vec<Dropped>) {
    let mut kept = Vec::new();
    let mut dropped: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut seen = HashSet::new();
    for candidate in candidates {
        if kept.len() >= count {
            break;
        }
        match check_one(candidate, passages, types, &mut seen) {
            Ok(question) => kept.push(question),
            Err(reason) => *dropped.entry(reason).or_default() += 1,
        }
    }
    let dropped = dropped.into_iter().map(|(reason, count)| Dropped { reason: reason.to_owned(), count }).collect();
    (kept, dropped)
}

/// Four distinct options, none empty, and one right letter: a single choice of four.
fn four_options(options: Vec<String>, correct_letter: &str) -> Result<QuestionKind, &'static str> {
    let options: [String; 4] = options.into_iter().map(|option| option.trim().to_owned()).collect::<Vec<_>>().try_into().map_err(|_| DROP_NOT_FOUR_OPTIONS)?;
    if options.iter().any(|option| normalise(option).is_empty()) {
        return Err(DROP_EMPTY_OPTION);
    }
    let distinct: HashSet<String> = options.iter().map(|option| normalise(option)).collect();
    if distinct.len() != 4 {
        return Err(DROP_SAME_OPTIONS);
    }
    let answer = Letter::parse(correct_letter).ok_or(DROP_NO_LETTER)?;
    Ok(QuestionKind::from_letters(options, answer))
}

/// A typed question of a type asked for, whose key the one judge can score.
fn typed(kind: Result<QuestionKind, &'static str>, types: &[&str]) -> Result<QuestionKind, &'static str> {
    let kind = kind?;
    if !types.contains(&kind.name()) {
        return Err(DROP_UNASKED_TYPE);
    }
    kind.check().map_err(|_| DROP_UNSCORABLE)?;
    Ok(kind)
}

fn check_one(candidate: Candidate, passages: &[PassageInput], types: &[&str], seen: &mut HashSet<String>) -> Result<GeneratedQuestion, &'static str> {
    let question = candidate.question.trim().to_owned();
    if normalise(&question).is_empty() {
        return Err(DROP_EMPTY_QUESTION);
    }
    let kind = match candidate.answer {
        Proposed::Letters { options, correct_letter } if types.contains(&FOUR_OPTIONS) => four_options(options, &correct_letter)?,
        Proposed::Letters { .. } => return Err(DROP_UNASKED_TYPE),
        Proposed::Kind(kind) => typed(kind, types)?,
    };
    let source = if passages.is_empty() {
        None
    } else {
        let index = candidate.passage.ok_or(DROP_NO_PASSAGE)?;
        let passage = passages.iter().find(|passage| passage.index == index).ok_or(DROP_NO_PASSAGE)?;
        let excerpt = match candidate.excerpt {
            Some(excerpt) if !excerpt.trim().is_empty() => excerpt.trim().to_owned(),
            _ => truncate_words(passage.text.trim(), EXCERPT_CHARS),
        };
        Some(SourceRef { passage: passage.index, page: passage.page, excerpt })
    };
    // The same words may ask two different things (a gap text, items to order): the key is both.
    let asks = match &kind {
        QuestionKind::SingleChoice { .. } => String::new(),
        other => serde_json::to_string(other).unwrap_or_default(),
    };
    if !seen.insert(format!("{}\n{asks}", normalise(&question))) {
        return Err(DROP_DUPLICATE);
    }
    Ok(GeneratedQuestion { question, kind, explanation: candidate.explanation.trim().to_owned(), source })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(question: &str, options: &[&str], letter: &str, passage: Option<usize>) -> Candidate {
        Candidate {
            question: question.into(),
            answer: Proposed::Letters { options: options.iter().map(|option| (*option).to_owned()).collect(), correct_letter: letter.into() },
            explanation: "because".into(),
            passage,
            excerpt: None,
        }
    }

    fn typed_candidate(question: &str, kind: QuestionKind) -> Candidate {
        Candidate { question: question.into(), answer: Proposed::Kind(Ok(kind)), explanation: String::new(), passage: None, excerpt: None }
    }

    #[test]
    fn malformed_questions_are_dropped_with_their_reason() {
        let passages = vec![PassageInput { index: 3, page: Some(2), text: "Water evaporates from the sea.".into() }];
        let candidates = vec![
            candidate("What evaporates?", &["Water", "Salt", "Sand", "Rock"], "a", Some(3)),
            candidate("What evaporates?", &["Water", "Salt", "Sand", "Rock"], "A", Some(3)),
            candidate("  ", &["Water", "Salt", "Sand", "Rock"], "A", Some(3)),
            candidate("Three?", &["Water", "Salt", "Sand"], "A", Some(3)),
            candidate("Empty?", &["Water", "", "Sand", "Rock"], "A", Some(3)),
            candidate("Same?", &["Water", "water ", "Sand", "Rock"], "A", Some(3)),
            candidate("Letter?", &["Water", "Salt", "Sand", "Rock"], "E", Some(3)),
            candidate("Two letters?", &["Water", "Salt", "Sand", "Rock"], "AB", Some(3)),
            candidate("Unknown passage?", &["Water", "Salt", "Sand", "Rock"], "B", Some(9)),
            candidate("No passage?", &["Water", "Salt", "Sand", "Rock"], "B", None),
        ];
        let (kept, dropped) = check(candidates, &passages, 10, &[FOUR_OPTIONS]);
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].kind.letters().unwrap().1, Letter::A);
        assert_eq!(kept[0].source, Some(SourceRef { passage: 3, page: Some(2), excerpt: "Water evaporates from the sea.".into() }));
        let reasons: BTreeMap<String, usize> = dropped.into_iter().map(|drop| (drop.reason, drop.count)).collect();
        assert_eq!(reasons[DROP_DUPLICATE], 1);
        assert_eq!(reasons[DROP_EMPTY_QUESTION], 1);
        assert_eq!(reasons[DROP_NOT_FOUR_OPTIONS], 1);
        assert_eq!(reasons[DROP_EMPTY_OPTION], 1);
        assert_eq!(reasons[DROP_SAME_OPTIONS], 1);
        assert_eq!(reasons[DROP_NO_LETTER], 2);
        assert_eq!(reasons[DROP_NO_PASSAGE], 2);
    }

    #[test]
    fn topic_questions_need_no_passage_and_the_count_is_a_ceiling() {
        let candidates = (0..5).map(|n| candidate(&format!("Question {n}?"), &["a", "b", "c", "d"], "D", None)).collect();
        let (kept, dropped) = check(candidates, &[], 3, &[FOUR_OPTIONS]);
        assert_eq!(kept.len(), 3);
        assert!(dropped.is_empty());
        assert!(kept.iter().all(|question| question.source.is_none()));
    }

    #[test]
    fn typed_questions_are_kept_only_of_a_type_asked_for_and_with_a_key_that_scores() {
        let ordering = |items: &[&str]| QuestionKind::Ordering { items: items.iter().map(|i| (*i).to_owned()).collect(), partial: false };
        let candidates = vec![
            typed_candidate("True?", QuestionKind::TrueFalse { answer: true }),
            typed_candidate("Order these.", ordering(&["a", "b", "c"])),
            typed_candidate("Order these.", ordering(&["c", "b", "a"])),
            typed_candidate("Order these.", ordering(&["a", "b", "c"])),
            typed_candidate("Order two.", ordering(&["a", "b"])),
            typed_candidate("How many?", QuestionKind::Numeric { answer: 3.0, tolerance: Default::default(), unit: None }),
            Candidate { answer: Proposed::Kind(Err(DROP_UNSCORABLE)), ..typed_candidate("Broken.", QuestionKind::Slide) },
            candidate("Letters?", &["a", "b", "c", "d"], "A", None),
        ];
        let (kept, dropped) = check(candidates, &[], 10, &["true_false", "ordering"]);
        assert_eq!(kept.iter().map(|q| q.kind.name()).collect::<Vec<_>>(), vec!["true_false", "ordering", "ordering"]);
        let reasons: BTreeMap<String, usize> = dropped.into_iter().map(|drop| (drop.reason, drop.count)).collect();
        assert_eq!(reasons[DROP_DUPLICATE], 1);
        assert_eq!(reasons[DROP_UNSCORABLE], 2, "two items to order, and one that could not be read");
        assert_eq!(reasons[DROP_UNASKED_TYPE], 2, "a number and four options, neither asked for");
    }
}
