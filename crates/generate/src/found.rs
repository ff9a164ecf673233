//! The offline generator's questions of every type it can write. It finds questions first as an
//! answer with three distractors (a definition, a blanked span of a sentence, a curated question);
//! each found question is then written as the type asked for that it suits and that has the
//! fewest questions so far, and a few types are written from several found questions at once
//! (terms matched to their definitions, years put in order). The candidates come out mixed, one
//! type after another, so the first `count` the checks keep are a mix too.
//!
//! What it cannot write offline: multi-select and categorize (nothing in a single sentence or a
//! curated question says which several options are right, or which groups there are). A request
//! for only those gets no questions from the offline generator; a language model writes them.

use std::collections::HashSet;

use quizroom_domain::question::{Gap, Pair, QuestionKind, Tolerance};
use quizroom_domain::quiz::Letter;

use crate::FOUR_OPTIONS;
use crate::check::{Candidate, Proposed};
use crate::text::stable_hash;

/// A typed answer longer than this (in words) is not worth typing.
const MOST_TYPED_WORDS: usize = 4;
/// Pairs of a matching question, and items of an ordering, the offline generator writes.
const MATCHED: usize = 4;
const ORDERED: usize = 4;

/// A question found, before it is given a type: its answer, three distractors and where it is from.
#[derive(Debug, Clone)]
pub(crate) struct Found {
    pub(crate) answer: String,
    pub(crate) distractors: Vec<String>,
    pub(crate) explanation: String,
    /// The passage it came from (documents only), and the sentence.
    pub(crate) passage: Option<usize>,
    pub(crate) excerpt: Option<String>,
    pub(crate) shape: Shape,
}

#[derive(Debug, Clone)]
pub(crate) enum Shape {
    /// "X is a Y" in a document: the answer is what X is.
    Definition { subject: String, verb: &'static str },
    /// A sentence with a span blanked out: the text before and after it, and its number (with
    /// the unit or era around it) when the span is a year or a quantity.
    Blank { before: String, after: String, number: Option<(f64, Option<String>)> },
    /// A curated question with its four options in their curated order.
    Curated { question: String, options: Vec<String>, answer: Letter },
}

impl Found {
    /// The four-option question, as the offline generator always wrote it.
    pub(crate) fn four_options_text(&self) -> String {
        match &self.shape {
            Shape::Definition { subject, verb } => format!("According to the document, what {verb} {subject}?"),
            Shape::Blank { before, after, .. } => format!("Fill in the blank: {before}____{after}"),
            Shape::Curated { question, .. } => question.clone(),
        }
    }

    fn candidate(&self, question: String, answer: Proposed) -> Candidate {
        Candidate { question, answer, explanation: self.explanation.clone(), passage: self.passage, excerpt: self.excerpt.clone() }
    }

    /// Whether its answer is worth typing: a few words, and not a document's number (that is
    /// asked as a number, unit apart).
    fn short_answer(&self) -> bool {
        let typed = match &self.shape {
            Shape::Definition { .. } | Shape::Blank { number: Some(_), .. } => false,
            Shape::Blank { number: None, .. } | Shape::Curated { .. } => true,
        };
        typed && self.answer.split_whitespace().count() <= MOST_TYPED_WORDS
    }

    fn number(&self) -> Option<(f64, Option<String>)> {
        match &self.shape {
            Shape::Blank { number, .. } => number.clone(),
            Shape::Curated { .. } => self.answer.trim().parse::<f64>().ok().filter(|n| n.is_finite()).map(|n| (n, None)),
            Shape::Definition { .. } => None,
        }
    }

    /// It written as `type_name`, if it suits that type.
    fn as_type(&self, type_name: &str) -> Option<Candidate> {
        match type_name {
            FOUR_OPTIONS => Some(self.four_options()),
            "true_false" => Some(self.true_false()),
            "type_answer" if self.short_answer() => {
                let question = match &self.shape {
                    Shape::Blank { before, after, .. } => format!("Type the missing words: {before}____{after}"),
                    _ => self.four_options_text(),
                };
                Some(
                    self.candidate(
                        question,
                        kind(QuestionKind::TypeAnswer { accepted: vec![self.answer.clone()], case_sensitive: false, accents_matter: false }),
                    ),
                )
            }
            "numeric" => {
                let (answer, unit) = self.number()?;
                let question = match &self.shape {
                    Shape::Blank { before, after, .. } => format!("Fill in the number: {before}____{after}"),
                    _ => self.four_options_text(),
                };
                Some(self.candidate(question, kind(QuestionKind::Numeric { answer, tolerance: Tolerance::Absolute(0.0), unit })))
            }
            "gaps" => {
                let Shape::Blank { before, after, .. } = &self.shape else { return None };
                let (options, right) = self.shuffled("gaps");
                let text = format!("{before}{{{{1}}}}{after}");
                Some(self.candidate(
                    "Choose the missing words of this sentence from the document.".into(),
                    kind(QuestionKind::Gaps { text, gaps: vec![Gap::Choice { options, right }] }),
                ))
            }
            _ => None,
        }
    }

    /// The answer among the distractors, at a place drawn from the question's text.
    fn shuffled(&self, salt: &str) -> (Vec<String>, usize) {
        let position = (stable_hash(&format!("{}{salt}", self.four_options_text())) % 4) as usize;
        let mut options = self.distractors.clone();
        options.insert(position.min(options.len()), self.answer.clone());
        (options, position.min(self.distractors.len()))
    }

    fn four_options(&self) -> Candidate {
        let question = self.four_options_text();
        let (options, letter) = match &self.shape {
            Shape::Curated { options, answer, .. } => (options.clone(), *answer),
            _ => {
                let (options, right) = self.shuffled("");
                (options, Letter::ALL[right])
            }
        };
        self.candidate(question, Proposed::Letters { options, correct_letter: letter.as_str().to_owned() })
    }

    /// A statement with the answer (true) or a distractor (false), drawn from its text.
    fn true_false(&self) -> Candidate {
        let truth = stable_hash(&format!("{}\ntrue or false", self.four_options_text())).is_multiple_of(2);
        let value = if truth { &self.answer } else { &self.distractors[0] };
        let question = match &self.shape {
            Shape::Definition { subject, verb } => format!("True or false: according to the document, {subject} {verb} {value}."),
            Shape::Blank { before, after, .. } => format!("True or false: {before}{value}{after}"),
            Shape::Curated { question, .. } => format!("True or false: the answer to “{question}” is “{value}”."),
        };
        self.candidate(question, kind(QuestionKind::TrueFalse { answer: truth }))
    }
}

fn kind(kind: QuestionKind) -> Proposed {
    Proposed::Kind(Ok(kind))
}

/// Terms matched to what the document says they are, or curated questions to their short
/// answers: one question of up to four pairs for each four found.
fn matchings(found: &[Found]) -> Vec<Candidate> {
    let definitions: Vec<&Found> = found.iter().filter(|f| matches!(f.shape, Shape::Definition { .. })).collect();
    let curated: Vec<&Found> = found.iter().filter(|f| matches!(f.shape, Shape::Curated { .. }) && f.short_answer()).collect();
    let mut out = Vec::new();
    for (group, question) in [(definitions, "Match each term to what the document says it is."), (curated, "Match each question to its answer.")] {
        for chunk in group.chunks(MATCHED).filter(|chunk| chunk.len() >= 2) {
            let pairs = chunk
                .iter()
                .map(|f| match &f.shape {
                    Shape::Definition { subject, .. } => Pair { left: subject.clone(), right: f.answer.clone() },
                    Shape::Curated { question, .. } => Pair { left: question.clone(), right: f.answer.clone() },
                    Shape::Blank { .. } => unreachable!("only definitions and curated questions are matched"),
                })
                .collect();
            out.push(chunk[0].candidate(question.into(), kind(QuestionKind::Matching { pairs, distractors: vec![] })));
        }
    }
    out
}

/// Sentences of a document with a year, the year left out, to put in the order they happened:
/// one question of four for each four found.
fn orderings(found: &[Found]) -> Vec<Candidate> {
    let mut dated: Vec<(f64, &Found)> = Vec::new();
    let mut years = HashSet::new();
    for f in found {
        let Shape::Blank { number: Some((year, era)), .. } = &f.shape else { continue };
        // A year is a number of one to four digits with an era, or of four without one.
        let digits = f.answer.chars().filter(char::is_ascii_digit).count();
        let year = match era.as_deref() {
            Some("BC" | "BCE") => -year,
            Some("AD" | "CE") => *year,
            None if digits == 4 => *year,
            _ => continue,
        };
        if years.insert(year as i64) {
            dated.push((year, f));
        }
    }
    dated
        .chunks(ORDERED)
        .filter(|chunk| chunk.len() >= 3)
        .map(|chunk| {
            let mut chunk = chunk.to_vec();
            chunk.sort_by(|a, b| a.0.total_cmp(&b.0));
            let items = chunk
                .iter()
                .map(|(_, f)| match &f.shape {
                    Shape::Blank { before, after, .. } => format!("{before}…{after}"),
                    _ => unreachable!("only blanked sentences are dated"),
                })
                .collect();
            chunk[0].1.candidate("Put these in the order they happened, earliest first.".into(), kind(QuestionKind::Ordering { items, partial: false }))
        })
        .collect()
}

/// The candidates of the `types` asked for from what was found, mixed one type after another.
pub(crate) fn candidates(found: &[Found], types: &[&str]) -> Vec<Candidate> {
    let mut buckets: Vec<Vec<Candidate>> = types
        .iter()
        .map(|t| match *t {
            "matching" => matchings(found),
            "ordering" => orderings(found),
            _ => Vec::new(),
        })
        .collect();
    for f in found {
        let suited = types.iter().enumerate().filter_map(|(i, t)| f.as_type(t).map(|candidate| (buckets[i].len(), i, candidate)));
        if let Some((_, i, candidate)) = suited.min_by_key(|(len, i, _)| (*len, *i)) {
            buckets[i].push(candidate);
        }
    }
    let longest = buckets.iter().map(Vec::len).max().unwrap_or(0);
    let mut buckets: Vec<_> = buckets.into_iter().map(Vec::into_iter).collect();
    (0..longest).flat_map(|_| buckets.iter_mut().filter_map(Iterator::next).collect::<Vec<_>>()).collect()
}
