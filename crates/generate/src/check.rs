//! The checks every generated question passes, whichever generator wrote it: a generator's
//! output is untrusted (a language model may return three options or the letter "E"), so
//! candidates come in raw and only well-formed, distinct questions go out, with a count of what
//! was dropped and why.

use std::collections::{BTreeMap, HashSet};

use quizroom_domain::quiz::Letter;

use crate::text::{normalise, truncate_words};
use crate::{Dropped, GeneratedQuestion, PassageInput, SourceRef};

/// How long an excerpt of a passage may be when the generator did not pick one.
const EXCERPT_CHARS: usize = 300;

/// A question as a generator wrote it, not yet checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Candidate {
    pub question: String,
    pub options: Vec<String>,
    /// "A" to "D".
    pub correct_letter: String,
    pub explanation: String,
    /// The index of the passage it came from (documents only).
    pub passage: Option<usize>,
    /// The supporting text, if the generator knows it; otherwise the start of the passage.
    pub excerpt: Option<String>,
}

pub const DROP_EMPTY_QUESTION: &str = "The question text is empty";
pub const DROP_NOT_FOUR_OPTIONS: &str = "It does not have exactly four options";
pub const DROP_EMPTY_OPTION: &str = "An option is empty";
pub const DROP_SAME_OPTIONS: &str = "Two options are the same";
pub const DROP_NO_LETTER: &str = "It does not have exactly one correct letter A to D";
pub const DROP_NO_PASSAGE: &str = "It does not cite a passage of the document";
pub const DROP_DUPLICATE: &str = "It repeats another question";

/// Checks candidates in order and keeps at most `count` of them. When `passages` is not empty
/// the request was a document, and every question must cite one of its passages.
pub fn check(candidates: Vec<Candidate>, passages: &[PassageInput], count: usize) -> (Vec<GeneratedQuestion>, Vec<Dropped>) {
    let mut kept = Vec::new();
    let mut dropped: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut seen = HashSet::new();
    for candidate in candidates {
        if kept.len() >= count {
            break;
        }
        match check_one(candidate, passages, &mut seen) {
            Ok(question) => kept.push(question),
            Err(reason) => *dropped.entry(reason).or_default() += 1,
        }
    }
    let dropped = dropped.into_iter().map(|(reason, count)| Dropped { reason: reason.to_owned(), count }).collect();
    (kept, dropped)
}

fn check_one(candidate: Candidate, passages: &[PassageInput], seen: &mut HashSet<String>) -> Result<GeneratedQuestion, &'static str> {
    let question = candidate.question.trim().to_owned();
    if normalise(&question).is_empty() {
        return Err(DROP_EMPTY_QUESTION);
    }
    let options: [String; 4] =
        candidate.options.into_iter().map(|option| option.trim().to_owned()).collect::<Vec<_>>().try_into().map_err(|_| DROP_NOT_FOUR_OPTIONS)?;
    if options.iter().any(|option| normalise(option).is_empty()) {
        return Err(DROP_EMPTY_OPTION);
    }
    let distinct: HashSet<String> = options.iter().map(|option| normalise(option)).collect();
    if distinct.len() != 4 {
        return Err(DROP_SAME_OPTIONS);
    }
    let answer = Letter::parse(&candidate.correct_letter).ok_or(DROP_NO_LETTER)?;
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
    if !seen.insert(normalise(&question)) {
        return Err(DROP_DUPLICATE);
    }
    Ok(GeneratedQuestion { question, options, answer, explanation: candidate.explanation.trim().to_owned(), source })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(question: &str, options: &[&str], letter: &str, passage: Option<usize>) -> Candidate {
        Candidate {
            question: question.into(),
            options: options.iter().map(|option| (*option).to_owned()).collect(),
            correct_letter: letter.into(),
            explanation: "because".into(),
            passage,
            excerpt: None,
        }
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
        let (kept, dropped) = check(candidates, &passages, 10);
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].answer, Letter::A);
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
        let (kept, dropped) = check(candidates, &[], 3);
        assert_eq!(kept.len(), 3);
        assert!(dropped.is_empty());
        assert!(kept.iter().all(|question| question.source.is_none()));
    }
}
