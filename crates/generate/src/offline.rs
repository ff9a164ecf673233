//! The built-in generator: no network, deterministic for the same input.
//!
//! For a document it writes questions from the document itself. Sentences are scored by the
//! document frequency of their content words (a sentence full of the document's key terms is a
//! key sentence) with a bonus for opening a passage. From each chosen sentence it either turns a
//! definition ("X is a Y") into "What is X?", or blanks out a salient span as a cloze question:
//! a capitalised name, a year, a number with its unit, or a frequent technical term. The three
//! distractors are spans of the same kind from the same document (other years for a year, other
//! names for a name, other numbers with the same unit, terms of a similar shape), never the answer
//! and never a word visible in the question; only years and numbers fall back to nearby values
//! when the document has too few. Questions are spread over the passages round-robin, best
//! sentence first, and the correct option's position comes from a hash of the question.
//!
//! For topics it picks curated catalogue questions whose category and text share words with the
//! topics, and writes document-style questions from any free text typed into the topics box.

use std::collections::{HashMap, HashSet};

use crate::check::check;
use crate::found::{Found, Shape, candidates};
use crate::text::{content_words, is_stopword, normalise, sentences, stable_hash};
use crate::{CatalogueEntry, GenerateError, GenerateRequest, Generation, Generator, PassageInput};

/// Sentences shorter or longer than this (in words) make poor questions.
const MIN_WORDS: usize = 6;
const MAX_WORDS: usize = 45;

/// The offline generator, holding the curated catalogue used for topics.
#[derive(Debug, Clone, Default)]
pub struct OfflineGenerator {
    catalogue: std::sync::Arc<[CatalogueEntry]>,
}

impl OfflineGenerator {
    pub fn new(catalogue: Vec<CatalogueEntry>) -> Self {
        Self { catalogue: catalogue.into() }
    }

    /// The generation itself, synchronous (it does no I/O); [`Generator::generate`] wraps it.
    pub fn generate_now(&self, request: &GenerateRequest) -> Result<Generation, GenerateError> {
        let count = request.count.max(1);
        let types = request.types();
        if !request.passages.is_empty() {
            // Topics typed next to a document say what to focus on.
            let focus: HashSet<String> = content_words(&request.topics).map(|word| stem(&word)).collect();
            let found = document_questions(&request.passages, count, &focus);
            let (questions, dropped) = check(candidates(&found, &types), &request.passages, count, &types);
            if questions.is_empty() {
                return Err(if found.is_empty() { GenerateError::TooLittleText } else { GenerateError::NoQuestionsOfTheseTypes });
            }
            return Ok(Generation { questions, dropped, generator: "offline" });
        }
        let topics = request.topics.trim();
        if topics.is_empty() {
            return Err(GenerateError::NothingToGenerate);
        }
        // Free text typed into the topics box is a one-passage document.
        let free_text = free_text_passage(topics);
        let mut questions = Vec::new();
        let mut dropped = Vec::new();
        let mut found_any = false;
        if let Some(passage) = &free_text {
            let passages = std::slice::from_ref(passage);
            let found = document_questions(passages, count, &HashSet::new());
            found_any |= !found.is_empty();
            let (written, dropped_here) = check(candidates(&found, &types), passages, count, &types);
            questions.extend(written);
            dropped.extend(dropped_here);
        }
        if questions.len() < count {
            let asked: HashSet<String> = questions.iter().map(|question| normalise(&question.question)).collect();
            let found: Vec<Found> =
                self.catalogue_questions(topics).into_iter().filter(|found| !asked.contains(&normalise(&found.four_options_text()))).collect();
            found_any |= !found.is_empty();
            let (chosen, dropped_here) = check(candidates(&found, &types), &[], count - questions.len(), &types);
            questions.extend(chosen);
            dropped.extend(dropped_here);
        }
        if questions.is_empty() {
            return Err(match (found_any, free_text.is_some()) {
                (true, _) => GenerateError::NoQuestionsOfTheseTypes,
                (false, true) => GenerateError::TooLittleText,
                (false, false) => GenerateError::NoMatchingQuestions,
            });
        }
        Ok(Generation { questions, dropped, generator: "offline" })
    }

    /// Catalogue questions sharing words with the topics, best match first; a category word
    /// counts three times a word of the question.
    fn catalogue_questions(&self, topics: &str) -> Vec<Found> {
        let wanted: HashSet<String> = content_words(topics).map(|word| stem(&word)).collect();
        if wanted.is_empty() {
            return Vec::new();
        }
        let mut scored: Vec<(usize, u64, &CatalogueEntry)> = self
            .catalogue
            .iter()
            .filter_map(|entry| {
                let category: HashSet<String> = content_words(&entry.category).map(|word| stem(&word)).collect();
                let text: HashSet<String> = content_words(&entry.text).map(|word| stem(&word)).collect();
                let score = 3 * category.intersection(&wanted).count() + text.intersection(&wanted).count();
                (score > 0).then(|| (score, stable_hash(&format!("{topics}\n{}", entry.text)), entry))
            })
            .collect();
        scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        scored
            .into_iter()
            .map(|(_, _, entry)| {
                let right = entry.answer.index();
                Found {
                    answer: entry.options[right].clone(),
                    distractors: entry.options.iter().enumerate().filter(|(i, _)| *i != right).map(|(_, o)| o.clone()).collect(),
                    explanation: entry.explanation.clone(),
                    passage: None,
                    excerpt: None,
                    shape: Shape::Curated { question: entry.text.clone(), options: entry.options.to_vec(), answer: entry.answer },
                }
            })
            .collect()
    }
}

#[async_trait::async_trait]
impl Generator for OfflineGenerator {
    fn name(&self) -> &'static str {
        "offline"
    }

    /// Runs on the blocking pool: a long document takes a noticeable fraction of a second.
    async fn generate(&self, request: &GenerateRequest) -> Result<Generation, GenerateError> {
        let (generator, request) = (self.clone(), request.clone());
        tokio::task::spawn_blocking(move || generator.generate_now(&request))
            .await
            .unwrap_or_else(|e| Err(GenerateError::Config(format!("the offline generator stopped: {e}"))))
    }
}

/// The topics box holds free text (not just keywords) when it has at least two real sentences.
fn free_text_passage(topics: &str) -> Option<PassageInput> {
    let real = sentences(topics).iter().filter(|sentence| sentence.split_whitespace().count() >= MIN_WORDS).count();
    (real >= 2).then(|| PassageInput { index: 0, page: None, text: topics.to_owned() })
}

fn stem(word: &str) -> String {
    match word.strip_suffix('s') {
        Some(stem) if stem.len() >= 3 && !word.ends_with("ss") => stem.to_owned(),
        _ => word.to_owned(),
    }
}

/// What a blanked-out span is; distractors are drawn from spans of the same kind.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Kind {
    /// A year, with its era ("BC", "AD" or none).
    Year(String),
    /// A number with its unit ("percent", "°C", "km").
    Quantity(String),
    /// A capitalised name or acronym.
    Name,
    /// A frequent lower-case content word.
    Term,
}

#[derive(Debug, Clone)]
struct Span {
    start: usize,
    end: usize,
    kind: Kind,
    /// For years and quantities, the number, to find near values.
    value: f64,
}

struct Sentence<'a> {
    /// Position of its passage in the request's list.
    passage: usize,
    text: &'a str,
    score: f64,
    spans: Vec<Span>,
    definition: Option<(String, String, &'static str)>,
}

/// A pool of distinct values of one kind, in document order.
#[derive(Default)]
struct Pool {
    seen: HashSet<String>,
    values: Vec<(String, f64)>,
}

impl Pool {
    fn add(&mut self, text: &str, value: f64) {
        if self.seen.insert(normalise(text)) {
            self.values.push((text.to_owned(), value));
        }
    }
}

/// Ordered questions found in a document: best sentence of each passage first, round-robin.
/// Sentences with a word of `focus` (stemmed) score higher.
fn document_questions(passages: &[PassageInput], count: usize, focus: &HashSet<String>) -> Vec<Found> {
    let mut all: Vec<Sentence> = Vec::new();
    for (position, passage) in passages.iter().enumerate() {
        for (n, text) in sentences(&passage.text).into_iter().enumerate() {
            let words = text.split_whitespace().count();
            if !(MIN_WORDS..=MAX_WORDS).contains(&words) || text.ends_with('?') || text.ends_with(':') {
                continue;
            }
            all.push(Sentence { passage: position, text, score: if n == 0 { 0.5 } else { 0.0 }, spans: Vec::new(), definition: None });
        }
    }
    let mut frequency: HashMap<String, u32> = HashMap::new();
    // Words the document writes in lower case somewhere: common nouns, not names.
    let mut lower_case_words: HashSet<String> = HashSet::new();
    for sentence in &all {
        for word in content_words(sentence.text) {
            *frequency.entry(word).or_default() += 1;
        }
        for word in sentence.text.split(|c: char| !c.is_alphanumeric()) {
            if word.starts_with(char::is_lowercase) {
                lower_case_words.insert(word.to_owned());
            }
        }
    }
    let mut pools: HashMap<Kind, Pool> = HashMap::new();
    let mut definitions = Pool::default();
    for sentence in &mut all {
        let words: HashSet<String> = content_words(sentence.text).collect();
        let weight: f64 = words.iter().map(|word| f64::from(frequency[word]).ln_1p()).sum();
        sentence.score += weight / (sentence.text.split_whitespace().count() as f64).sqrt();
        sentence.score += 2.0 * words.iter().filter(|word| focus.contains(&stem(word))).count() as f64;
        sentence.spans = spans(sentence.text, &frequency);
        if !sentence.spans.is_empty() {
            sentence.score += 0.3;
        }
        for span in &sentence.spans {
            pools.entry(span.kind.clone()).or_default().add(&sentence.text[span.start..span.end], span.value);
        }
        sentence.definition = definition(sentence.text, &lower_case_words);
        if let Some((_, predicate, _)) = &sentence.definition {
            definitions.add(predicate, 0.0);
        }
    }

    // Round-robin over passages, each passage's sentences best first, passages by their best.
    let mut by_passage: Vec<Vec<usize>> = vec![Vec::new(); passages.len()];
    for (i, sentence) in all.iter().enumerate() {
        by_passage[sentence.passage].push(i);
    }
    for list in &mut by_passage {
        list.sort_by(|&a, &b| all[b].score.total_cmp(&all[a].score).then(a.cmp(&b)));
    }
    let mut order: Vec<usize> = (0..passages.len()).filter(|&p| !by_passage[p].is_empty()).collect();
    order.sort_by(|&a, &b| all[by_passage[b][0]].score.total_cmp(&all[by_passage[a][0]].score).then(a.cmp(&b)));

    let wanted = count * 2 + 10;
    let mut candidates = Vec::new();
    let mut answers = HashSet::new();
    let mut round = 0;
    while candidates.len() < wanted {
        let mut any = false;
        for &p in &order {
            let Some(&i) = by_passage[p].get(round) else { continue };
            any = true;
            let sentence = &all[i];
            if let Some(found) = question_from(sentence, &passages[sentence.passage], &pools, &definitions, &answers) {
                answers.insert(normalise(&found.answer));
                candidates.push(found);
                if candidates.len() >= wanted {
                    break;
                }
            }
        }
        if !any {
            break;
        }
        round += 1;
    }
    candidates
}

/// The sentence's definition, if it is one: ("X", "a Y", "is").
fn definition(text: &str, lower_case_words: &HashSet<String>) -> Option<(String, String, &'static str)> {
    const PRONOUNS: &[&str] =
        &["it", "this", "that", "these", "those", "there", "they", "he", "she", "we", "which", "such", "each", "its", "one", "here", "what"];
    for verb in ["is", "are"] {
        let marker = format!(" {verb} ");
        let Some(at) = text.find(&marker) else { continue };
        let subject = text[..at].trim();
        let predicate = text[at + marker.len()..].trim();
        let subject_words: Vec<&str> = subject.split_whitespace().collect();
        if subject_words.is_empty() || subject_words.len() > 5 || subject.contains([',', ';', '(', ':']) {
            return None;
        }
        if PRONOUNS.contains(&subject_words[0].to_lowercase().as_str()) {
            return None;
        }
        let first = predicate.split_whitespace().next().unwrap_or("");
        if !matches!(first, "a" | "an" | "the") {
            return None;
        }
        let predicate = predicate.split([',', ';', ':', '(']).next().unwrap_or("").trim().trim_end_matches(['.', '!']).trim();
        let length = predicate.split_whitespace().count();
        if !(3..=16).contains(&length) || predicate.split_whitespace().last().is_some_and(|last| is_stopword(&last.to_lowercase())) {
            return None;
        }
        // "The water cycle" and "Evaporation" read as "the water cycle" and "evaporation" in the
        // question; names ("HTTP", "Rome") keep their capitals.
        let first_word = subject_words[0];
        let common = matches!(first_word, "The" | "A" | "An") || (subject_words.len() == 1 && lower_case_words.contains(&first_word.to_lowercase()));
        let subject = if common && first_word.chars().skip(1).all(|c| !c.is_uppercase()) {
            format!("{}{}", first_word.to_lowercase(), &subject[first_word.len()..])
        } else {
            subject.to_owned()
        };
        return Some((subject, predicate.to_owned(), verb));
    }
    None
}

/// A word of a sentence with its byte range, outer punctuation trimmed.
struct Token<'a> {
    start: usize,
    end: usize,
    text: &'a str,
}

fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut offset = 0;
    for raw in text.split_inclusive(char::is_whitespace) {
        let word = raw.trim_end();
        let lead = word.len() - word.trim_start_matches(|c: char| !c.is_alphanumeric() && c != '°' && c != '%').len();
        let core = word.trim_start_matches(|c: char| !c.is_alphanumeric() && c != '°' && c != '%');
        let mut core = core.trim_end_matches(|c: char| !c.is_alphanumeric() && c != '%');
        if let Some(stripped) = core.strip_suffix("'s").or_else(|| core.strip_suffix("’s")) {
            core = stripped;
        }
        if !core.is_empty() {
            out.push(Token { start: offset + lead, end: offset + lead + core.len(), text: core });
        }
        offset += raw.len();
    }
    out
}

fn parse_number(text: &str) -> Option<f64> {
    if !text.starts_with(|c: char| c.is_ascii_digit()) || !text.chars().all(|c| c.is_ascii_digit() || c == ',' || c == '.') {
        return None;
    }
    text.replace(',', "").parse().ok()
}

fn is_era(word: &str) -> bool {
    matches!(word, "BC" | "BCE" | "AD" | "CE")
}

/// Adjectives and verbs frequent enough to pass for key terms.
const NOT_TERMS: &[&str] = &[
    "large",
    "small",
    "great",
    "high",
    "higher",
    "low",
    "long",
    "short",
    "main",
    "single",
    "common",
    "different",
    "important",
    "modern",
    "early",
    "later",
    "little",
    "whole",
    "every",
    "certain",
    "general",
    "public",
    "called",
    "become",
    "stays",
    "makes",
    "takes",
    "gives",
    "means",
    "changes",
    "other",
    "first",
    "often",
    "about",
    "which",
    "their",
    "there",
    "where",
];

fn capitalised(word: &str) -> bool {
    word.chars().next().is_some_and(char::is_uppercase)
}

/// The salient spans of a sentence: years, quantities, names and frequent terms.
fn spans(text: &str, frequency: &HashMap<String, u32>) -> Vec<Span> {
    let tokens = tokens(text);
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let token = &tokens[i];
        if let Some(value) = parse_number(token.text) {
            let next = tokens.get(i + 1).map(|next| next.text);
            let era = next.filter(|next| matches!(*next, "BC" | "BCE" | "AD" | "CE"));
            let whole = value.fract() == 0.0 && !token.text.contains(',');
            if let Some(era) = era {
                out.push(Span { start: token.start, end: tokens[i + 1].end, kind: Kind::Year(era.to_owned()), value });
                i += 2;
                continue;
            }
            let unit = next.filter(|next| next.chars().all(char::is_alphabetic) && !is_stopword(&next.to_lowercase()) && next.len() <= 14);
            if whole && (1000.0..=2100.0).contains(&value) && token.text.len() == 4 && unit.is_none() {
                out.push(Span { start: token.start, end: token.end, kind: Kind::Year(String::new()), value });
            } else if let Some(unit) = unit {
                // "505,000 cubic kilometres": the unit is two words.
                let two = matches!(unit, "cubic" | "square") && tokens.get(i + 2).is_some();
                let last = if two { i + 2 } else { i + 1 };
                let unit = if two { format!("{unit} {}", tokens[last].text) } else { unit.to_owned() };
                out.push(Span { start: token.start, end: tokens[last].end, kind: Kind::Quantity(unit.to_lowercase()), value });
                i = last + 1;
                continue;
            }
            i += 1;
            continue;
        }
        if let Some(number) = token.text.strip_suffix('%').and_then(parse_number) {
            out.push(Span { start: token.start, end: token.end, kind: Kind::Quantity("%".into()), value: number });
            i += 1;
            continue;
        }
        if capitalised(token.text) && token.text.chars().any(char::is_alphabetic) && !is_era(token.text) {
            // A run of capitalised words, allowing "of" between two of them.
            let mut j = i;
            while j + 1 < tokens.len() {
                let next = &tokens[j + 1];
                let touching = text[tokens[j].end..next.start].chars().all(char::is_whitespace);
                if !touching {
                    break;
                }
                if capitalised(next.text) && !is_era(next.text) {
                    j += 1;
                } else if matches!(next.text, "of" | "de" | "von") && tokens.get(j + 2).is_some_and(|after| capitalised(after.text)) {
                    j += 2;
                } else {
                    break;
                }
            }
            let mut first = i;
            // Sentence-initial capitals and capitalised stop words are not names.
            while first <= j && is_stopword(&tokens[first].text.to_lowercase()) {
                first += 1;
            }
            let is_name = first <= j && (first > 0 || j > first || tokens[first].text.chars().filter(|c| c.is_uppercase()).count() >= 2);
            if is_name && !matches!(tokens[j].text, "of" | "de" | "von") {
                out.push(Span { start: tokens[first].start, end: tokens[j].end, kind: Kind::Name, value: 0.0 });
            }
            i = j + 1;
            continue;
        }
        let lower = token.text.to_lowercase();
        if token.text.len() >= 5
            && token.text.chars().all(|c| c.is_alphabetic() || c == '-')
            && !is_stopword(&lower)
            && !NOT_TERMS.contains(&lower.as_str())
            && frequency.get(&lower).copied().unwrap_or(0) >= 3
        {
            out.push(Span { start: token.start, end: token.end, kind: Kind::Term, value: f64::from(frequency[&lower]) });
        }
        i += 1;
    }
    // Only the most frequent term of a sentence is worth blanking.
    let best_term = out.iter().filter(|span| span.kind == Kind::Term).map(|span| span.value).fold(0.0, f64::max);
    let mut kept_term = false;
    out.retain(|span| {
        if span.kind != Kind::Term {
            return true;
        }
        let keep = !kept_term && span.value == best_term;
        kept_term |= keep;
        keep
    });
    out
}

/// The preference of a span kind as an answer: names and years make the best questions.
fn rank(kind: &Kind) -> u8 {
    match kind {
        Kind::Year(_) => 0,
        Kind::Name => 1,
        Kind::Quantity(_) => 2,
        Kind::Term => 3,
    }
}

/// One question from a sentence; `None` when no span has enough distractors.
fn question_from(
    sentence: &Sentence,
    passage: &PassageInput,
    pools: &HashMap<Kind, Pool>,
    definitions: &Pool,
    used_answers: &HashSet<String>,
) -> Option<Found> {
    let found = |answer: &str, distractors, shape| Found {
        answer: answer.to_owned(),
        distractors,
        explanation: format!("From the document: “{}”", sentence.text),
        passage: Some(passage.index),
        excerpt: Some(sentence.text.to_owned()),
        shape,
    };
    let visible = normalise(sentence.text);
    if let Some((subject, predicate, verb)) = &sentence.definition
        && !used_answers.contains(&normalise(predicate))
    {
        let distractors = pick(predicate, 0.0, &Kind::Term, &definitions.values, &HashSet::new(), false);
        if distractors.len() == 3 {
            return Some(found(predicate, distractors, Shape::Definition { subject: subject.clone(), verb }));
        }
    }
    let mut spans: Vec<&Span> = sentence.spans.iter().collect();
    spans.sort_by_key(|span| (rank(&span.kind), span.start));
    for span in spans {
        let answer = &sentence.text[span.start..span.end];
        let key = normalise(answer);
        if used_answers.contains(&key) {
            continue;
        }
        let blanked = format!("{}____{}", &sentence.text[..span.start], &sentence.text[span.end..]);
        let blanked_normal = normalise(&blanked);
        // The answer must not be visible elsewhere in the question.
        if format!(" {blanked_normal} ").contains(&format!(" {key} ")) {
            continue;
        }
        let visible_words: HashSet<String> = visible.split(' ').map(str::to_owned).collect();
        let pool = pools.get(&span.kind).map(|pool| pool.values.as_slice()).unwrap_or(&[]);
        let numeric = matches!(span.kind, Kind::Year(_) | Kind::Quantity(_));
        let distractors = pick(answer, span.value, &span.kind, pool, &visible_words, numeric);
        if distractors.len() < 3 {
            continue;
        }
        let number = match &span.kind {
            Kind::Year(era) => Some((span.value, Some(era.clone()).filter(|era| !era.is_empty()))),
            Kind::Quantity(unit) => Some((span.value, Some(unit.clone()))),
            Kind::Name | Kind::Term => None,
        };
        let shape = Shape::Blank { before: sentence.text[..span.start].to_owned(), after: sentence.text[span.end..].to_owned(), number };
        return Some(found(answer, distractors, shape));
    }
    None
}

/// Three distractors for `answer` from `pool`, most similar first; years and quantities fall back
/// to nearby values when the document has too few.
fn pick(answer: &str, value: f64, kind: &Kind, pool: &[(String, f64)], visible: &HashSet<String>, numeric: bool) -> Vec<String> {
    let answer_key = normalise(answer);
    let answer_words = answer.split_whitespace().count();
    let mut scored: Vec<(f64, u64, &str)> = pool
        .iter()
        .filter(|(text, _)| {
            let key = normalise(text);
            key != answer_key && !key.split(' ').all(|word| visible.contains(word)) && !answer_key.contains(&key) && !key.contains(&answer_key)
        })
        .map(|(text, other)| {
            let similarity = match kind {
                Kind::Year(_) | Kind::Quantity(_) => -((other - value).abs() / value.abs().max(1.0)),
                Kind::Name => -(text.split_whitespace().count().abs_diff(answer_words) as f64) - 0.02 * text.len().abs_diff(answer.len()) as f64,
                Kind::Term => {
                    let suffix = |s: &str| s.chars().rev().take(2).collect::<String>();
                    let same_suffix = if suffix(text) == suffix(answer) { 1.0 } else { 0.0 };
                    same_suffix - 0.1 * text.split_whitespace().count().abs_diff(answer_words) as f64 - 0.05 * text.len().abs_diff(answer.len()) as f64
                }
            };
            (similarity, stable_hash(&format!("{answer}\n{text}")), text.as_str())
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut chosen: Vec<String> = Vec::new();
    let mut keys = HashSet::from([answer_key.clone()]);
    for (_, _, text) in scored {
        if chosen.len() == 3 {
            break;
        }
        if keys.insert(normalise(text)) {
            chosen.push(text.to_owned());
        }
    }
    if numeric && chosen.len() < 3 {
        for near in near_values(answer, value, kind) {
            if chosen.len() == 3 {
                break;
            }
            if keys.insert(normalise(&near)) {
                chosen.push(near);
            }
        }
    }
    chosen
}

/// Plausible nearby values in the answer's own format ("1848" → "1838", "71 percent" → "61 percent").
fn near_values(answer: &str, value: f64, kind: &Kind) -> Vec<String> {
    let number_text = answer.split_whitespace().next().unwrap_or("").trim_end_matches('%');
    let rest = &answer[answer.find(number_text).map_or(0, |at| at + number_text.len())..];
    let decimals = number_text.split('.').nth(1).map_or(0, str::len);
    let offsets: &[f64] = match kind {
        Kind::Year(_) => &[-10.0, 12.0, -25.0, 30.0, 50.0],
        _ => &[],
    };
    let mut values: Vec<f64> = offsets.iter().map(|offset| value + offset).collect();
    if values.is_empty() {
        values = vec![value * 2.0, value / 2.0, value * 3.0, value + 10.0, value * 10.0];
    }
    values
        .into_iter()
        .filter(|near| *near > 0.0 && (*near - value).abs() > f64::EPSILON)
        .map(|near| {
            let number = format!("{near:.decimals$}");
            let number = if number_text.contains(',') { thousands(&number) } else { number };
            format!("{number}{rest}")
        })
        .collect()
}

/// "1010000" → "1,010,000" (whole numbers only).
fn thousands(number: &str) -> String {
    if number.contains('.') {
        return number.to_owned();
    }
    let digits: Vec<char> = number.chars().collect();
    let mut out = String::new();
    for (i, digit) in digits.iter().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(*digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn definitions_are_recognised() {
        assert_eq!(
            definition("The water cycle is the continuous movement of water around the Earth, above and below.", &HashSet::new()),
            Some(("the water cycle".into(), "the continuous movement of water around the Earth".into(), "is"))
        );
        let lower = HashSet::from(["evaporation".to_owned()]);
        assert_eq!(definition("Evaporation is the change of liquid water into vapour.", &lower).unwrap().0, "evaporation");
        assert_eq!(definition("HTTP is the protocol of the web.", &lower).unwrap().0, "HTTP");
        assert_eq!(definition("The water cycle is the movement of water on, above and below.", &lower), None);
        assert_eq!(definition("It is a long story about many things.", &lower), None);
    }

    #[test]
    fn spans_find_years_quantities_and_names() {
        let frequency = HashMap::new();
        let text = "In 509 BC the Roman Republic was founded, and by 1850 about 71 percent of Gaius Julius Caesar agreed.";
        let found: Vec<(&str, Kind)> = spans(text, &frequency).into_iter().map(|span| (&text[span.start..span.end], span.kind)).collect();
        assert_eq!(
            found,
            vec![
                ("509 BC", Kind::Year("BC".into())),
                ("Roman Republic", Kind::Name),
                ("1850", Kind::Year(String::new())),
                ("71 percent", Kind::Quantity("percent".into())),
                ("Gaius Julius Caesar", Kind::Name),
            ]
        );
        let text = "During the third century BC Rome took about 505,000 cubic kilometres of land.";
        let found: Vec<&str> = spans(text, &frequency).into_iter().map(|span| &text[span.start..span.end]).collect();
        assert_eq!(found, vec!["Rome", "505,000 cubic kilometres"]);
        assert_eq!(near_values("1,200 metres", 1200.0, &Kind::Quantity("metres".into()))[0], "2,400 metres");
    }
}
