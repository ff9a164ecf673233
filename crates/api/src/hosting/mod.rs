//! Hosting (`docs/hosting-api.md`), by sub-feature: [`upload`] (the template, previewing and
//! uploading a spreadsheet into a quiz), [`join`] (checking a code), [`quizzes`] (the host's
//! quizzes and a quiz with its answers), [`editor`] (changing the questions), [`results`] (live
//! results and their CSV export), [`retakes`] and [`accommodations`] (extra time and read-aloud).
//!
//! Who may play or manage a quiz is decided in `access`; recording a new quiz, shared with
//! publishing a generation, in `new_quiz`.

mod accommodations;
mod editor;
mod join;
mod quizzes;
mod results;
mod retakes;
mod upload;

use axum::extract::DefaultBodyLimit;
use quizroom_domain::question::QuestionKind;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

use crate::access::CategoryRow;
use crate::clock::rfc3339;
use crate::new_quiz::QuizAudience;
use crate::quiz_form::UPLOAD_BODY_LIMIT;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload::template_xlsx))
        .routes(routes!(upload::template_csv))
        .routes(routes!(upload::preview).layer(DefaultBodyLimit::max(UPLOAD_BODY_LIMIT)))
        .routes(routes!(upload::upload).layer(DefaultBodyLimit::max(UPLOAD_BODY_LIMIT)))
        .routes(routes!(join::check_quiz))
        .routes(routes!(quizzes::my_quizzes))
        .routes(routes!(quizzes::quiz_for_host))
        .routes(routes!(results::results))
        .routes(routes!(results::export_results))
        .routes(routes!(quizzes::with_answers))
        .routes(routes!(editor::update_questions))
        .routes(routes!(retakes::grant_retake))
        .routes(routes!(accommodations::accommodations, accommodations::set_accommodations))
}

/// Who a hosted quiz is for, as the read model has it.
fn audience_of(category: &CategoryRow) -> QuizAudience {
    match &category.audience_list_id {
        Some(id) => QuizAudience::list(id.clone(), category.audience_name.clone().unwrap_or_default()),
        None => QuizAudience::open(),
    }
}

fn time(ms: Option<i64>) -> Option<String> {
    ms.map(rfc3339)
}

/// The schema of an option letter (`schema_with`).
fn letter_schema() -> Object {
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["A", "B", "C", "D"])).build()
}

/// A question with its answer, as its host sees it: a question of four options with one right
/// in PRODUCT.md's shape; any other with `type` and its `definition` instead.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AnsweredQuestion {
    text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    option_a: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    option_b: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    option_c: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    option_d: Option<String>,
    /// The text of the right option (questions A–D).
    #[serde(skip_serializing_if = "Option::is_none")]
    answer: Option<String>,
    /// The right option's letter (questions A–D).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = letter_schema)]
    correct_letter: Option<&'static str>,
    /// Other types: the type's name.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
    /// Other types: the whole definition with its answer key (as `EditedQuestion.definition`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    definition: Option<QuestionKind>,
    /// Empty when there is none.
    explanation: String,
    /// A picture, a sound or a video (issue 30), each file with a signed `url`; send it back
    /// as it is to keep it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    media: Option<serde_json::Value>,
    /// Pictures on its options or items (issue 30): one entry per option or item in the
    /// definition's order, `null` where one shows none, each file with a signed `url`; absent
    /// when none shows any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Option<Object>>>)]
    pictures: Option<Vec<Option<serde_json::Value>>>,
}

impl AnsweredQuestion {
    fn new(text: &str, kind: &QuestionKind, explanation: &str) -> AnsweredQuestion {
        let mut q = AnsweredQuestion {
            text: text.to_owned(),
            option_a: None,
            option_b: None,
            option_c: None,
            option_d: None,
            answer: None,
            correct_letter: None,
            kind: None,
            definition: None,
            explanation: explanation.to_owned(),
            media: None,
            pictures: None,
        };
        match kind.letters() {
            Some((options, right)) => {
                q.answer = Some(options[right.index()].clone());
                q.correct_letter = Some(right.as_str());
                let [a, b, c, d] = options;
                (q.option_a, q.option_b, q.option_c, q.option_d) = (Some(a), Some(b), Some(c), Some(d));
            }
            None => (q.kind, q.definition) = (Some(kind.name()), Some(kind.clone())),
        }
        q
    }
}

/// A saved question with its answer.
#[derive(Serialize, ToSchema)]
struct SavedQuestion {
    /// The question's id (kept when the host edits the question).
    id: i64,
    #[serde(flatten)]
    question: AnsweredQuestion,
}
