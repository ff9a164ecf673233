//! Quizzes: `quiz-{id}`. A curated category is published from the catalogue and revised when its
//! file changes; a hosted quiz is recorded with its host, code, expiry and audience, and its host
//! may update its questions. Question ids are allocated by the caller inside the command's
//! transaction and recorded here, so a replay reproduces them.

use serde::{Deserialize, Serialize};

use crate::media::Media;
use crate::question::{QuestionKind, RecordedKind};
use crate::{Aggregate, DomainEvent};

/// An option letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Letter {
    A,
    B,
    C,
    D,
}

impl Letter {
    pub const ALL: [Letter; 4] = [Letter::A, Letter::B, Letter::C, Letter::D];

    /// `"a"`, `" B "`: one letter A to D, any case.
    pub fn parse(text: &str) -> Option<Letter> {
        match text.trim().to_ascii_uppercase().as_str() {
            "A" => Some(Letter::A),
            "B" => Some(Letter::B),
            "C" => Some(Letter::C),
            "D" => Some(Letter::D),
            _ => None,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn as_str(self) -> &'static str {
        ["A", "B", "C", "D"][self.index()]
    }
}

/// A question with its answer key, as recorded in the quiz's stream.
///
/// Recorded before question types (issue 29), a question held four `options` and the right
/// `answer` letter; such an event is read as a single choice of four options ([`Recorded`]) and is
/// never rewritten.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Recorded")]
pub struct Question {
    pub id: i64,
    /// Stable within the quiz (the catalogue's key), to match a revised file to its questions.
    pub key: String,
    pub text: String,
    /// The type, with what the player is offered and the answer key.
    pub kind: QuestionKind,
    pub explanation: String,
    /// A picture, a sound or a video shown with it (issue 30).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub media: Option<Media>,
    /// Pictures on its options or items ([`crate::media::check_pictures`]); empty for none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pictures: Vec<Option<Media>>,
}

/// A question as an event holds it: with `kind`, or in the four-option shape of before.
#[derive(Deserialize)]
struct Recorded {
    id: i64,
    key: String,
    text: String,
    #[serde(flatten)]
    recorded: RecordedKind,
    #[serde(default)]
    explanation: String,
    #[serde(default)]
    media: Option<Media>,
    #[serde(default)]
    pictures: Vec<Option<Media>>,
}

impl TryFrom<Recorded> for Question {
    type Error = &'static str;

    fn try_from(r: Recorded) -> Result<Question, Self::Error> {
        let kind = r.recorded.read().ok_or("a question needs its kind, or four options and an answer")?;
        Ok(Question { id: r.id, key: r.key, text: r.text, kind, explanation: r.explanation, media: r.media, pictures: r.pictures })
    }
}

impl Question {
    /// A question of four options A–D with one right (the only type before issue 29).
    pub fn four_options(
        id: i64,
        key: impl Into<String>,
        text: impl Into<String>,
        options: [String; 4],
        answer: Letter,
        explanation: impl Into<String>,
    ) -> Question {
        Question {
            id,
            key: key.into(),
            text: text.into(),
            kind: QuestionKind::from_letters(options, answer),
            explanation: explanation.into(),
            media: None,
            pictures: Vec::new(),
        }
    }

    /// The four options and the right letter, for a single choice of exactly four options with
    /// one right: the shape the A–D screens, live games and exports show.
    pub fn letters(&self) -> Option<([String; 4], Letter)> {
        self.kind.letters()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CuratedContent {
    pub slug: String,
    pub name: String,
    pub description: String,
    pub time_limit_minutes: i64,
    pub questions: Vec<Question>,
    /// A hash of the catalogue file, to tell an edited file from an unchanged one.
    pub content_hash: String,
}

/// Who may play a hosted quiz.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Audience {
    Open,
    /// The members of an audience list (`audience-{list_id}`), as the list is when they play.
    List {
        list_id: String,
        name: String,
    },
}

/// Where a hosted quiz's questions came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuizSource {
    Upload,
    Generated,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HostedQuiz {
    pub host_id: String,
    pub title: String,
    /// The join code, unique among quizzes.
    pub code: String,
    pub questions: Vec<Question>,
    /// Milliseconds since the epoch after which players are refused.
    pub valid_until: i64,
    pub time_limit_minutes: i64,
    pub audience: Audience,
    pub source: QuizSource,
    pub created_at: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub enum QuizCommand {
    /// Publish a curated category, or revise it when its content changed; nothing when unchanged.
    PublishCurated { quiz_id: i64, content: CuratedContent },
    /// Record a hosted quiz.
    Host { quiz_id: i64, quiz: HostedQuiz },
    /// Replace a hosted quiz's questions (`by`: who asks; only the host may).
    UpdateQuestions { by: String, questions: Vec<Question> },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", content = "data")]
pub enum QuizEvent {
    CuratedCategoryPublished { quiz_id: i64, content: CuratedContent },
    CuratedCategoryRevised { content: CuratedContent },
    QuizHosted { quiz_id: i64, quiz: HostedQuiz },
    QuestionsUpdated { by: String, questions: Vec<Question> },
}

impl DomainEvent for QuizEvent {}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuizError {
    #[error("a quiz needs at least one question")]
    NoQuestions,
    #[error("question {0} is not well formed: {1}")]
    BadQuestion(String, String),
    #[error("this quiz already exists")]
    AlreadyExists,
    #[error("no such quiz")]
    NotFound,
    #[error("only the quiz's host can do this")]
    NotHost,
}

/// The state of a quiz: what a player is served and scored on.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Quiz {
    pub id: Option<i64>,
    pub name: String,
    pub time_limit_minutes: i64,
    pub questions: Vec<Question>,
    pub content_hash: String,
    /// Set for hosted quizzes.
    pub hosted: Option<HostedQuiz>,
}

impl Quiz {
    pub fn question(&self, id: i64) -> Option<&Question> {
        self.questions.iter().find(|q| q.id == id)
    }
}

/// Why a hotspot question without a picture is refused.
pub const HOTSPOT_NEEDS_PICTURE: &str = "a hotspot question needs a picture to point at";

fn check(questions: &[Question]) -> Result<(), QuizError> {
    if questions.is_empty() {
        return Err(QuizError::NoQuestions);
    }
    let mut keys = std::collections::HashSet::new();
    for q in questions {
        if !keys.insert(q.key.as_str()) {
            return Err(QuizError::BadQuestion(q.key.clone(), "its key is used twice".into()));
        }
        let bad = |why: &str| Err(QuizError::BadQuestion(q.key.clone(), why.to_owned()));
        if q.text.trim().is_empty() {
            return bad("no text");
        }
        if let Err(e) = q.kind.check() {
            return bad(&e.to_string());
        }
        if let Some(Err(e)) = q.media.as_ref().map(Media::check) {
            return bad(&e.to_string());
        }
        if matches!(q.kind, QuestionKind::Hotspot { .. }) && !matches!(q.media, Some(Media::Image { .. })) {
            return bad(HOTSPOT_NEEDS_PICTURE);
        }
        if let Err(e) = crate::media::check_pictures(&q.kind, &q.pictures) {
            return bad(&e);
        }
    }
    Ok(())
}

impl Aggregate for Quiz {
    const STREAM: &'static str = "quiz";
    type Command = QuizCommand;
    type Event = QuizEvent;
    type Error = QuizError;

    fn decide(&self, command: QuizCommand) -> Result<Vec<QuizEvent>, QuizError> {
        match command {
            QuizCommand::PublishCurated { quiz_id, content } => {
                check(&content.questions)?;
                if self.id.is_none() {
                    Ok(vec![QuizEvent::CuratedCategoryPublished { quiz_id, content }])
                } else if self.content_hash == content.content_hash {
                    Ok(vec![])
                } else {
                    Ok(vec![QuizEvent::CuratedCategoryRevised { content }])
                }
            }
            QuizCommand::Host { quiz_id, quiz } => {
                if self.id.is_some() {
                    return Err(QuizError::AlreadyExists);
                }
                check(&quiz.questions)?;
                Ok(vec![QuizEvent::QuizHosted { quiz_id, quiz }])
            }
            QuizCommand::UpdateQuestions { by, questions } => {
                let Some(hosted) = &self.hosted else {
                    return Err(if self.id.is_some() { QuizError::NotHost } else { QuizError::NotFound });
                };
                if hosted.host_id != by {
                    return Err(QuizError::NotHost);
                }
                check(&questions)?;
                if questions == self.questions {
                    return Ok(vec![]);
                }
                Ok(vec![QuizEvent::QuestionsUpdated { by, questions }])
            }
        }
    }

    fn evolve(mut self, event: &QuizEvent) -> Quiz {
        let content = match event {
            QuizEvent::CuratedCategoryPublished { quiz_id, content } => {
                self.id = Some(*quiz_id);
                content
            }
            QuizEvent::CuratedCategoryRevised { content } => content,
            QuizEvent::QuizHosted { quiz_id, quiz } => {
                self.id = Some(*quiz_id);
                self.name = quiz.title.clone();
                self.time_limit_minutes = quiz.time_limit_minutes;
                self.questions = quiz.questions.clone();
                self.hosted = Some(quiz.clone());
                return self;
            }
            QuizEvent::QuestionsUpdated { questions, .. } => {
                self.questions = questions.clone();
                if let Some(hosted) = &mut self.hosted {
                    hosted.questions = questions.clone();
                }
                return self;
            }
        };
        self.name = content.name.clone();
        self.time_limit_minutes = content.time_limit_minutes;
        self.questions = content.questions.clone();
        self.content_hash = content.content_hash.clone();
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::given;

    pub fn question(id: i64, key: &str, answer: Letter) -> Question {
        Question::four_options(id, key, format!("Question {key}?"), ["one".into(), "two".into(), "three".into(), "four".into()], answer, "Because.")
    }

    fn content(hash: &str) -> CuratedContent {
        CuratedContent {
            slug: "space".into(),
            name: "Space".into(),
            description: "Stars.".into(),
            time_limit_minutes: 10,
            questions: vec![question(1, "sun", Letter::B)],
            content_hash: hash.into(),
        }
    }

    #[test]
    fn a_category_is_published_once_and_revised_only_when_its_content_changes() {
        let published = QuizEvent::CuratedCategoryPublished { quiz_id: 7, content: content("h1") };
        given::<Quiz>([]).when(QuizCommand::PublishCurated { quiz_id: 7, content: content("h1") }).then([published.clone()]);
        given::<Quiz>([published.clone()]).when(QuizCommand::PublishCurated { quiz_id: 7, content: content("h1") }).then([]);
        let quiz = given::<Quiz>([published])
            .when(QuizCommand::PublishCurated { quiz_id: 7, content: content("h2") })
            .then([QuizEvent::CuratedCategoryRevised { content: content("h2") }]);
        assert_eq!(quiz.id, Some(7));
        assert_eq!(quiz.content_hash, "h2");
    }

    #[test]
    fn badly_formed_questions_are_refused() {
        let mut bad = content("h");
        bad.questions[0].kind = QuestionKind::from_letters(["one".into(), "two".into(), "three".into(), "One ".into()], Letter::B);
        given::<Quiz>([])
            .when(QuizCommand::PublishCurated { quiz_id: 1, content: bad })
            .then_error(QuizError::BadQuestion("sun".into(), "options: “One” is given twice".into()));
        let mut empty = content("h");
        empty.questions.clear();
        given::<Quiz>([]).when(QuizCommand::PublishCurated { quiz_id: 1, content: empty }).then_error(QuizError::NoQuestions);
    }

    #[test]
    fn a_key_used_twice_is_refused() {
        let mut twice = content("h");
        twice.questions.push(question(2, "sun", Letter::A));
        given::<Quiz>([])
            .when(QuizCommand::PublishCurated { quiz_id: 1, content: twice })
            .then_error(QuizError::BadQuestion("sun".into(), "its key is used twice".into()));
    }

    #[test]
    fn a_question_recorded_before_question_types_reads_as_a_single_choice_of_four() {
        let recorded = serde_json::json!({
            "id": 4, "key": "q4", "text": "Which?", "options": ["a", "b", "c", "d"], "answer": "C", "explanation": "So."
        });
        let read: Question = serde_json::from_value(recorded).unwrap();
        let expected = Question::four_options(4, "q4", "Which?", ["a".into(), "b".into(), "c".into(), "d".into()], Letter::C, "So.");
        assert_eq!(read, expected);
        assert_eq!(read.kind, QuestionKind::SingleChoice { options: vec!["a".into(), "b".into(), "c".into(), "d".into()], right: vec![2] });
        assert_eq!(read.letters(), Some((["a".into(), "b".into(), "c".into(), "d".into()], Letter::C)));
        assert!(serde_json::from_value::<Question>(serde_json::json!({ "id": 1, "key": "k", "text": "?" })).is_err(), "no shape to read");
        // Written again, it takes today's shape, and reads back the same.
        let written = serde_json::to_value(&read).unwrap();
        assert_eq!(written["kind"]["type"], "single_choice");
        assert_eq!(serde_json::from_value::<Question>(written).unwrap(), read);
    }

    #[test]
    fn a_question_of_another_type_has_no_letters_and_is_checked_by_its_type() {
        let mut q = question(1, "n", Letter::A);
        q.kind = QuestionKind::Numeric { answer: f64::NAN, tolerance: Default::default(), unit: None };
        assert_eq!(q.letters(), None);
        let mut c = content("h");
        c.questions = vec![q];
        given::<Quiz>([])
            .when(QuizCommand::PublishCurated { quiz_id: 1, content: c })
            .then_error(QuizError::BadQuestion("n".into(), "answer: a numeric answer needs a number".into()));
    }

    #[test]
    fn letters_parse_in_any_case_and_nothing_else() {
        assert_eq!(Letter::parse(" b "), Some(Letter::B));
        assert_eq!(Letter::parse("D"), Some(Letter::D));
        assert_eq!(Letter::parse("E"), None);
        assert_eq!(Letter::parse("AB"), None);
    }

    fn hosted(questions: Vec<Question>) -> HostedQuiz {
        HostedQuiz {
            host_id: "host".into(),
            title: "Cells".into(),
            code: "K7QH2M".into(),
            questions,
            valid_until: 1_000_000,
            time_limit_minutes: 30,
            audience: Audience::Open,
            source: QuizSource::Upload,
            created_at: 1,
        }
    }

    #[test]
    fn a_hosted_quiz_is_recorded_once_and_only_its_host_updates_it() {
        let hosted_event = QuizEvent::QuizHosted { quiz_id: 31, quiz: hosted(vec![question(1, "q1", Letter::A)]) };
        given::<Quiz>([]).when(QuizCommand::Host { quiz_id: 31, quiz: hosted(vec![question(1, "q1", Letter::A)]) }).then([hosted_event.clone()]);
        given::<Quiz>([hosted_event.clone()])
            .when(QuizCommand::Host { quiz_id: 31, quiz: hosted(vec![question(1, "q1", Letter::A)]) })
            .then_error(QuizError::AlreadyExists);
        let edited = vec![question(1, "q1", Letter::C), question(2, "q2", Letter::D)];
        let quiz = given::<Quiz>([hosted_event.clone()])
            .when(QuizCommand::UpdateQuestions { by: "host".into(), questions: edited.clone() })
            .then([QuizEvent::QuestionsUpdated { by: "host".into(), questions: edited.clone() }]);
        assert_eq!(quiz.questions, edited);
        assert_eq!(quiz.hosted.unwrap().questions, edited);
        given::<Quiz>([hosted_event.clone()]).when(QuizCommand::UpdateQuestions { by: "someone".into(), questions: edited }).then_error(QuizError::NotHost);
        given::<Quiz>([hosted_event]).when(QuizCommand::UpdateQuestions { by: "host".into(), questions: vec![] }).then_error(QuizError::NoQuestions);
    }

    #[test]
    fn a_curated_category_has_no_host_to_update_it() {
        let published = QuizEvent::CuratedCategoryPublished { quiz_id: 7, content: content("h1") };
        given::<Quiz>([published])
            .when(QuizCommand::UpdateQuestions { by: "anyone".into(), questions: vec![question(1, "q", Letter::A)] })
            .then_error(QuizError::NotHost);
        given::<Quiz>([])
            .when(QuizCommand::UpdateQuestions { by: "anyone".into(), questions: vec![question(1, "q", Letter::A)] })
            .then_error(QuizError::NotFound);
    }
}
