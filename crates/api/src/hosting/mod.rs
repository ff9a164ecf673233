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
use quizroom_domain::quiz::Letter;
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

/// A question with its answer, as its host sees it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AnsweredQuestion {
    text: String,
    option_a: String,
    option_b: String,
    option_c: String,
    option_d: String,
    /// The text of the right option.
    answer: String,
    /// The right option's letter.
    #[schema(schema_with = letter_schema)]
    correct_letter: &'static str,
    /// Empty when there is none.
    explanation: String,
}

impl AnsweredQuestion {
    fn new(text: &str, options: &[String; 4], answer: Letter, explanation: &str) -> AnsweredQuestion {
        let [option_a, option_b, option_c, option_d] = options.clone();
        AnsweredQuestion {
            text: text.to_owned(),
            answer: options[answer.index()].clone(),
            option_a,
            option_b,
            option_c,
            option_d,
            correct_letter: answer.as_str(),
            explanation: explanation.to_owned(),
        }
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
