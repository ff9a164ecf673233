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
//! [`GeneratedQuestion`]s (four distinct options, one correct letter, no duplicates, a passage
//! reference for documents) and counts what it dropped and why, so a host sees the reason when
//! fewer questions come back than asked for.

pub mod check;
pub mod llm;
pub mod offline;
pub(crate) mod text;

use quizroom_domain::quiz::Letter;
use serde::{Deserialize, Serialize};

pub use check::{Candidate, check};
pub use llm::{LlmConfig, LlmGenerator};
pub use offline::OfflineGenerator;

/// Questions asked for when the host leaves the time limit empty.
pub const DEFAULT_QUESTION_COUNT: usize = 10;
/// The most questions one generation writes.
pub const MAX_QUESTION_COUNT: usize = 50;

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
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GeneratedQuestion {
    pub question: String,
    pub options: [String; 4],
    pub answer: Letter,
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
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
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
}
