//! Quiz question generation: one seam ([`Generator`]) with two implementations, and the checks
//! every generated question passes before anyone sees it.
//!
//! - [`offline::OfflineGenerator`] is the default: no network, deterministic, it writes cloze and
//!   definition questions from a document's own sentences, and for topics it picks matching
//!   questions from a curated catalogue given at construction.
//! - [`llm::LlmGenerator`] talks to any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama,
//!   vLLM, llama.cpp server) with structured JSON output, chunking, timeouts and retries.
//!
//! Both produce [`check::Candidate`]s, raw and untrusted; [`check::check`] turns them into
//! [`GeneratedQuestion`]s (four distinct options and one correct letter, or a definition of a type
//! asked for that the one judge can score; no duplicates; a passage reference for documents) and
//! counts what it dropped and why, so a host sees the reason when fewer questions come back than
//! asked for.
//!
//! A request names the question types it wants ([`GENERATED_TYPES`]); none asks for four options
//! A–D, as before question types. Each generator writes the types its source supports and spreads
//! the count over them.

pub mod check;
pub(crate) mod found;
pub mod llm;
pub mod offline;
pub(crate) mod text;
pub(crate) mod typed;

use quizroom_domain::question::QuestionKind;
use quizroom_domain::quiz::Letter;
use serde::{Deserialize, Serialize};

pub use check::{Candidate, Proposed, check};
pub use llm::{LlmConfig, LlmGenerator};
pub use offline::OfflineGenerator;

/// Questions asked for when the host leaves the time limit empty.
pub const DEFAULT_QUESTION_COUNT: usize = 10;
/// The most questions one generation writes.
pub const MAX_QUESTION_COUNT: usize = 50;

/// The question types a generation may be asked for (names as `QuestionKind::name` gives them):
/// every scored type but the slider, whose range and margin a host sets better than a generator.
/// Polls, word clouds and slides ask for opinions or show content, and are not generated.
pub const GENERATED_TYPES: [&str; 9] = ["single_choice", "true_false", "multi_select", "type_answer", "numeric", "ordering", "matching", "categorize", "gaps"];

/// The type asked for when a request names none: four options A–D with one right.
pub const FOUR_OPTIONS: &str = "single_choice";

/// Reads the types a host asked for, by name, each once, in the order given; none asks for four
/// options A–D. An unknown name is refused with a message naming it and the types there are.
pub fn requested_types<S: AsRef<str>>(names: &[S]) -> Result<Vec<String>, String> {
    let mut types: Vec<String> = Vec::new();
    for name in names {
        let name = name.as_ref().trim();
        if name.is_empty() {
            continue;
        }
        if !GENERATED_TYPES.contains(&name) {
            return Err(format!("Unknown question type '{name}': choose from {}", GENERATED_TYPES.join(", ")));
        }
        if !types.iter().any(|t| t == name) {
            types.push(name.to_owned());
        }
    }
    Ok(types)
}

/// The number of questions to generate: one per minute of the time limit, clamped to 1..=50;
/// no time limit, or one that is not positive, gives 10.
pub fn question_count(time_limit_minutes: Option<i64>) -> usize {
    match time_limit_minutes {
        Some(minutes) if minutes > 0 => usize::try_from(minutes).unwrap_or(MAX_QUESTION_COUNT).clamp(1, MAX_QUESTION_COUNT),
        _ => DEFAULT_QUESTION_COUNT,
    }
}

/// What to generate from: topics typed by the host and/or a document's passages.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GenerateRequest {
    pub title: String,
    /// The topics box: keywords, or free text to write questions from.
    pub topics: String,
    /// The document's passages, in order; empty when generating from topics.
    pub passages: Vec<PassageInput>,
    /// How many questions to return (see [`question_count`]); at most this many come back.
    pub count: usize,
    /// The types to write, from [`GENERATED_TYPES`] (see [`requested_types`]); empty: four
    /// options A–D.
    #[serde(default)]
    pub types: Vec<String>,
}

impl GenerateRequest {
    /// The types to write: those asked for, or four options A–D.
    pub fn types(&self) -> Vec<&str> {
        if self.types.is_empty() { vec![FOUR_OPTIONS] } else { self.types.iter().map(String::as_str).collect() }
    }
}

/// One passage of a document, as the extractor cut it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PassageInput {
    /// The passage's position in the document, which questions cite.
    pub index: usize,
    pub page: Option<u32>,
    pub text: String,
}

/// A curated question the offline generator may pick for topics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CatalogueEntry {
    /// The category's name, e.g. "World History".
    pub category: String,
    pub text: String,
    pub options: [String; 4],
    pub answer: Letter,
    pub explanation: String,
}

/// A question that passed the checks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GeneratedQuestion {
    pub question: String,
    /// Its type with the answer key; a question A–D is a single choice of four with one right.
    pub kind: QuestionKind,
    pub explanation: String,
    /// Where in the document it came from; `None` for topic questions.
    pub source: Option<SourceRef>,
}

/// The passage a question came from, shown on the review screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceRef {
    pub passage: usize,
    pub page: Option<u32>,
    pub excerpt: String,
}

/// Questions dropped by the checks, grouped by reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dropped {
    pub reason: String,
    pub count: usize,
}

/// The result of one generation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Generation {
    pub questions: Vec<GeneratedQuestion>,
    pub dropped: Vec<Dropped>,
    /// Which generator wrote them: `"offline"` or `"llm"`.
    pub generator: &'static str,
}

/// Why a generation failed; the messages are shown to the host.
#[derive(Debug, thiserror::Error)]
pub enum GenerateError {
    #[error("There is nothing to generate questions from: enter topics or upload a document")]
    NothingToGenerate,
    #[error("The document does not have enough text to write questions from")]
    TooLittleText,
    #[error("No questions could be found for these topics: try other words or paste some text about them")]
    NoMatchingQuestions,
    #[error("No questions of these types could be written from this source: choose other question types")]
    NoQuestionsOfTheseTypes,
    #[error("The question generator did not answer within {seconds} s")]
    LlmTimeout { seconds: u64 },
    #[error("The question generator answered with HTTP {status}: {message}")]
    LlmStatus { status: u16, message: String },
    #[error("Could not reach the question generator: {0}")]
    LlmUnreachable(String),
    #[error("The question generator returned invalid output: {0}")]
    InvalidOutput(String),
    #[error("The question generator is misconfigured: {0}")]
    Config(String),
}

/// The seam: anything that writes checked questions for a request.
#[async_trait::async_trait]
pub trait Generator: Send + Sync {
    /// `"offline"` or `"llm"`.
    fn name(&self) -> &'static str;

    async fn generate(&self, request: &GenerateRequest) -> Result<Generation, GenerateError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_count_follows_the_time_limit_within_one_to_fifty() {
        assert_eq!(question_count(None), 10);
        assert_eq!(question_count(Some(0)), 10);
        assert_eq!(question_count(Some(-5)), 10);
        assert_eq!(question_count(Some(1)), 1);
        assert_eq!(question_count(Some(30)), 30);
        assert_eq!(question_count(Some(180)), 50);
        assert_eq!(question_count(Some(i64::MAX)), 50);
    }

    #[test]
    fn requested_types_are_known_names_each_once_and_none_means_four_options() {
        assert_eq!(requested_types(&["true_false", " numeric ", "true_false", ""]).unwrap(), vec!["true_false", "numeric"]);
        let request = GenerateRequest { types: requested_types::<&str>(&[]).unwrap(), ..Default::default() };
        assert_eq!(request.types(), vec![FOUR_OPTIONS]);
        let refused = requested_types(&["poll"]).unwrap_err();
        assert!(refused.starts_with("Unknown question type 'poll': choose from single_choice, true_false"), "{refused}");
        assert!(GENERATED_TYPES.iter().all(|t| quizroom_domain::question::TYPE_NAMES.contains(t)));
    }
}
