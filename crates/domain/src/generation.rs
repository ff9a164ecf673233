//! Generations: `generation-{uuid}`. A host asks for questions (the tokens are spent in the
//! transaction that records the request), the generator's questions or its failure are recorded
//! (a failure refunds the tokens in the transaction that records it), and the host publishes the
//! reviewed questions once, as a hosted quiz the tokens already paid for.

use serde::{Deserialize, Serialize};

use crate::question::{QuestionKind, RecordedKind};
use crate::{Aggregate, DomainEvent};

/// Tokens a generation costs; they include hosting the generated quiz.
pub const GENERATION_COST: i64 = 5;

/// What the questions are generated from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GenerationSource {
    /// The topics box: keywords or free text.
    Topics { text: String },
    /// An uploaded document, by name, kind and how many passages its text was cut into.
    Document { file_name: String, document_kind: String, passages: usize },
}

/// The passage of a document a question was written from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PassageRef {
    pub passage: usize,
    pub page: Option<u32>,
    pub excerpt: String,
}

/// A generated question, as the generator wrote it (before the host's review).
///
/// Recorded before question types (issue 29), it held four `options` and the right `answer`
/// letter; such an event is read as a single choice of four and never rewritten.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "RecordedItem")]
pub struct GeneratedItem {
    pub question: String,
    pub kind: QuestionKind,
    pub explanation: String,
    pub source: Option<PassageRef>,
}

/// A generated question as an event holds it: with `kind`, or in the four-option shape of before.
#[derive(Deserialize)]
struct RecordedItem {
    question: String,
    #[serde(flatten)]
    recorded: RecordedKind,
    #[serde(default)]
    explanation: String,
    #[serde(default)]
    source: Option<PassageRef>,
}

impl TryFrom<RecordedItem> for GeneratedItem {
    type Error = &'static str;

    fn try_from(r: RecordedItem) -> Result<GeneratedItem, Self::Error> {
        let kind = r.recorded.read().ok_or("a generated question needs its kind, or four options and an answer")?;
        Ok(GeneratedItem { question: r.question, kind, explanation: r.explanation, source: r.source })
    }
}

/// Generated questions the checks dropped, by reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DroppedCount {
    pub reason: String,
    pub count: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub enum GenerationCommand {
    Request {
        host_id: String,
        title: String,
        source: GenerationSource,
        prompt: String,
        count: usize,
        types: Vec<String>,
        cost: i64,
    },
    Complete {
        generator: String,
        questions: Vec<GeneratedItem>,
        dropped: Vec<DroppedCount>,
    },
    /// Records why the generation failed; the tokens it cost are refunded with it.
    Fail {
        reason: String,
    },
    Publish {
        by: String,
        quiz_id: i64,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", content = "data")]
pub enum GenerationEvent {
    GenerationRequested {
        host_id: String,
        title: String,
        source: GenerationSource,
        prompt: String,
        count: usize,
        /// The question types asked for (names of `question::TYPE_NAMES`); none (and every
        /// request recorded before question types): four options A–D.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        types: Vec<String>,
        cost: i64,
    },
    QuestionsGenerated {
        generator: String,
        questions: Vec<GeneratedItem>,
        dropped: Vec<DroppedCount>,
    },
    GenerationFailed {
        reason: String,
        refunded: i64,
    },
    GenerationPublished {
        quiz_id: i64,
    },
}

impl DomainEvent for GenerationEvent {}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenerationError {
    #[error("This generation already exists")]
    AlreadyExists,
    #[error("No such generation")]
    NotFound,
    #[error("This generation is still running")]
    StillRunning,
    #[error("This generation has already finished")]
    AlreadyFinished,
    #[error("This generation failed and its tokens were refunded")]
    Failed,
    #[error("This generation has already been published")]
    AlreadyPublished { quiz_id: i64 },
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Status {
    #[default]
    None,
    Requested,
    Generated,
    Failed,
    Published,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::None => "none",
            Status::Requested => "requested",
            Status::Generated => "generated",
            Status::Failed => "failed",
            Status::Published => "published",
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Generation {
    pub status: Status,
    pub host_id: String,
    pub title: String,
    pub count: usize,
    pub cost: i64,
    pub generator: String,
    pub questions: Vec<GeneratedItem>,
    pub dropped: Vec<DroppedCount>,
    pub error: Option<String>,
    pub quiz_id: Option<i64>,
}

impl Aggregate for Generation {
    const STREAM: &'static str = "generation";
    type Command = GenerationCommand;
    type Event = GenerationEvent;
    type Error = GenerationError;

    fn decide(&self, command: GenerationCommand) -> Result<Vec<GenerationEvent>, GenerationError> {
        match (command, self.status) {
            (GenerationCommand::Request { host_id, title, source, prompt, count, types, cost }, Status::None) => {
                Ok(vec![GenerationEvent::GenerationRequested { host_id, title, source, prompt, count, types, cost }])
            }
            (GenerationCommand::Request { .. }, _) => Err(GenerationError::AlreadyExists),
            (_, Status::None) => Err(GenerationError::NotFound),
            (GenerationCommand::Complete { generator, questions, dropped }, Status::Requested) => {
                Ok(vec![GenerationEvent::QuestionsGenerated { generator, questions, dropped }])
            }
            (GenerationCommand::Fail { reason }, Status::Requested) => Ok(vec![GenerationEvent::GenerationFailed { reason, refunded: self.cost }]),
            (GenerationCommand::Complete { .. } | GenerationCommand::Fail { .. }, _) => Err(GenerationError::AlreadyFinished),
            (GenerationCommand::Publish { by, .. }, _) if by != self.host_id => Err(GenerationError::NotFound),
            (GenerationCommand::Publish { quiz_id, .. }, Status::Generated) => Ok(vec![GenerationEvent::GenerationPublished { quiz_id }]),
            (GenerationCommand::Publish { .. }, Status::Requested) => Err(GenerationError::StillRunning),
            (GenerationCommand::Publish { .. }, Status::Failed) => Err(GenerationError::Failed),
            (GenerationCommand::Publish { .. }, Status::Published) => Err(GenerationError::AlreadyPublished { quiz_id: self.quiz_id.unwrap_or_default() }),
        }
    }

    fn evolve(mut self, event: &GenerationEvent) -> Generation {
        match event {
            GenerationEvent::GenerationRequested { host_id, title, count, cost, .. } => {
                self.status = Status::Requested;
                self.host_id = host_id.clone();
                self.title = title.clone();
                self.count = *count;
                self.cost = *cost;
            }
            GenerationEvent::QuestionsGenerated { generator, questions, dropped } => {
                self.status = Status::Generated;
                self.generator = generator.clone();
                self.questions = questions.clone();
                self.dropped = dropped.clone();
            }
            GenerationEvent::GenerationFailed { reason, .. } => {
                self.status = Status::Failed;
                self.error = Some(reason.clone());
            }
            GenerationEvent::GenerationPublished { quiz_id } => {
                self.status = Status::Published;
                self.quiz_id = Some(*quiz_id);
            }
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quiz::Letter;
    use crate::testing::given;

    fn requested() -> GenerationEvent {
        GenerationEvent::GenerationRequested {
            host_id: "host".into(),
            title: "Cells".into(),
            source: GenerationSource::Topics { text: "biology".into() },
            prompt: String::new(),
            count: 10,
            types: vec!["true_false".into()],
            cost: GENERATION_COST,
        }
    }

    fn generated() -> GenerationEvent {
        let question = GeneratedItem {
            question: "What do cells make energy with?".into(),
            kind: QuestionKind::from_letters(["Mitochondria".into(), "Ribosomes".into(), "Nuclei".into(), "Walls".into()], Letter::A),
            explanation: String::new(),
            source: None,
        };
        GenerationEvent::QuestionsGenerated { generator: "offline".into(), questions: vec![question], dropped: vec![] }
    }

    #[test]
    fn a_request_is_recorded_once() {
        let GenerationEvent::GenerationRequested { host_id, title, source, prompt, count, types, cost } = requested() else { unreachable!() };
        let request = GenerationCommand::Request { host_id, title, source, prompt, count, types, cost };
        given::<Generation>([]).when(request.clone()).then([requested()]);
        given::<Generation>([requested()]).when(request).then_error(GenerationError::AlreadyExists);
    }

    #[test]
    fn events_recorded_before_question_types_read_as_four_options_and_no_types() {
        let recorded = serde_json::json!({
            "type": "GenerationRequested",
            "data": { "host_id": "host", "title": "Cells", "source": { "kind": "topics", "text": "biology" }, "prompt": "", "count": 10, "cost": 5 }
        });
        let GenerationEvent::GenerationRequested { types, .. } = serde_json::from_value(recorded).unwrap() else { unreachable!() };
        assert!(types.is_empty());
        let item = serde_json::json!({
            "question": "What do cells make energy with?", "options": ["Mitochondria", "Ribosomes", "Nuclei", "Walls"], "answer": "A",
            "explanation": "", "source": null
        });
        let GenerationEvent::QuestionsGenerated { questions, .. } = generated() else { unreachable!() };
        assert_eq!(serde_json::from_value::<GeneratedItem>(item).unwrap(), questions[0]);
        let written = serde_json::to_value(&questions[0]).unwrap();
        assert_eq!(written["kind"]["type"], "single_choice");
        assert_eq!(serde_json::from_value::<GeneratedItem>(written).unwrap(), questions[0]);
    }

    #[test]
    fn a_failure_refunds_what_the_request_cost_and_ends_the_generation() {
        given::<Generation>([requested()])
            .when(GenerationCommand::Fail { reason: "timeout".into() })
            .then([GenerationEvent::GenerationFailed { reason: "timeout".into(), refunded: GENERATION_COST }]);
        let failed = GenerationEvent::GenerationFailed { reason: "timeout".into(), refunded: GENERATION_COST };
        given::<Generation>([requested(), failed.clone()])
            .when(GenerationCommand::Fail { reason: "again".into() })
            .then_error(GenerationError::AlreadyFinished);
        given::<Generation>([requested(), failed])
            .when(GenerationCommand::Complete { generator: "offline".into(), questions: vec![], dropped: vec![] })
            .then_error(GenerationError::AlreadyFinished);
        given::<Generation>([requested(), generated()]).when(GenerationCommand::Fail { reason: "late".into() }).then_error(GenerationError::AlreadyFinished);
    }

    #[test]
    fn only_the_host_publishes_a_finished_generation_and_only_once() {
        given::<Generation>([requested()]).when(GenerationCommand::Publish { by: "host".into(), quiz_id: 7 }).then_error(GenerationError::StillRunning);
        given::<Generation>([requested(), generated()])
            .when(GenerationCommand::Publish { by: "someone".into(), quiz_id: 7 })
            .then_error(GenerationError::NotFound);
        given::<Generation>([requested(), generated()])
            .when(GenerationCommand::Publish { by: "host".into(), quiz_id: 7 })
            .then([GenerationEvent::GenerationPublished { quiz_id: 7 }]);
        given::<Generation>([requested(), generated(), GenerationEvent::GenerationPublished { quiz_id: 7 }])
            .when(GenerationCommand::Publish { by: "host".into(), quiz_id: 8 })
            .then_error(GenerationError::AlreadyPublished { quiz_id: 7 });
        given::<Generation>([requested(), GenerationEvent::GenerationFailed { reason: "x".into(), refunded: 5 }])
            .when(GenerationCommand::Publish { by: "host".into(), quiz_id: 8 })
            .then_error(GenerationError::Failed);
        given::<Generation>([]).when(GenerationCommand::Publish { by: "host".into(), quiz_id: 8 }).then_error(GenerationError::NotFound);
    }
}
