//! The answers' shapes: a generation's questions as generated, for review and after a reload.

use quizroom_domain::generation::{DroppedCount, GeneratedItem};
use quizroom_domain::question::QuestionKind;
use serde::Serialize;
use utoipa::ToSchema;

/// Questions the checks dropped, by reason.
#[derive(Serialize, ToSchema)]
#[schema(as = DroppedQuestions)]
pub(super) struct Dropped {
    pub(super) reason: String,
    pub(super) count: usize,
}

pub(super) fn dropped(counts: &[DroppedCount]) -> Vec<Dropped> {
    counts.iter().map(|d| Dropped { reason: d.reason.clone(), count: d.count }).collect()
}

/// The document questions were generated from.
#[derive(Serialize, ToSchema)]
pub(super) struct DocumentSummary {
    /// `pdf`, `docx`, `doc`, `txt` or `md`.
    #[schema(value_type = String)]
    pub(super) kind: &'static str,
    /// The document's own title, where it has one.
    #[schema(required)]
    pub(super) title: Option<String>,
    /// How many passages its text was cut into.
    pub(super) passages: usize,
}

/// The passage of a document a question was written from.
#[derive(Serialize, ToSchema)]
pub(super) struct PassageSource {
    pub(super) passage: usize,
    #[schema(required)]
    pub(super) page: Option<u32>,
    /// The passage's text, up to 300 characters.
    pub(super) excerpt: String,
}

/// A generated question, as the generator wrote it: four options A–D and the answer's letter, as
/// PRODUCT.md has them, or, for every other type, its `type` and `definition` (the answer key, as
/// the quiz editor and `publish` take it) in their place.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct GeneratedQuestion {
    pub(super) question: String,
    #[serde(flatten)]
    pub(super) asks: Asks,
    pub(super) explanation: String,
    /// Where in the document it comes from; null for catalogue questions.
    #[schema(required)]
    pub(super) source: Option<PassageSource>,
}

/// What a generated question asks, with its key.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub(super) enum Asks {
    #[serde(rename_all = "camelCase")]
    FourOptions {
        option_a: String,
        option_b: String,
        option_c: String,
        option_d: String,
        /// The correct option's letter.
        #[schema(value_type = String, pattern = "^[ABCD]$")]
        answer: &'static str,
    },
    Typed {
        /// The type's name (`definition.type`).
        #[serde(rename = "type")]
        #[schema(value_type = String)]
        kind: &'static str,
        /// The question's type with its answer key (shapes in `docs/hosting-api.md`).
        #[schema(value_type = Object)]
        definition: QuestionKind,
    },
}

pub(super) fn generated_question(q: &GeneratedItem) -> GeneratedQuestion {
    let asks = match q.kind.letters() {
        Some(([option_a, option_b, option_c, option_d], answer)) => Asks::FourOptions { option_a, option_b, option_c, option_d, answer: answer.as_str() },
        None => Asks::Typed { kind: q.kind.name(), definition: q.kind.clone() },
    };
    GeneratedQuestion {
        question: q.question.clone(),
        asks,
        explanation: q.explanation.clone(),
        source: q.source.as_ref().map(|s| PassageSource { passage: s.passage, page: s.page, excerpt: s.excerpt.clone() }),
    }
}

/// A generation's questions, for review before publishing.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Generated {
    pub(super) success: bool,
    pub(super) generation_id: String,
    /// `offline` or `llm`.
    pub(super) generator: String,
    /// How many questions were asked for.
    pub(super) requested: usize,
    pub(super) questions: Vec<GeneratedQuestion>,
    pub(super) dropped: Vec<Dropped>,
    pub(super) tokens_spent: i64,
    /// The tokens left.
    pub(super) balance: i64,
    /// The document, for a file; null for topics.
    #[schema(required)]
    pub(super) document: Option<DocumentSummary>,
}

/// Where a generation stands.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub(super) enum GenerationStatus {
    Requested,
    Generated,
    Failed,
    Published,
}

/// A generation as its host reads it back: its status and the questions as generated.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct GenerationView {
    pub(super) success: bool,
    pub(super) generation_id: String,
    pub(super) status: GenerationStatus,
    pub(super) title: String,
    /// `offline` or `llm`; empty until generated.
    pub(super) generator: String,
    pub(super) requested: usize,
    pub(super) questions: Vec<GeneratedQuestion>,
    pub(super) dropped: Vec<Dropped>,
    /// Why it failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub(super) error: Option<String>,
    /// The quiz it was published as.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub(super) quiz_id: Option<i64>,
}
