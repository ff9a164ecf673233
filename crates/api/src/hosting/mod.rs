//! Hosting (`docs/hosting-api.md`), by sub-feature: [`upload`] (the template, previewing and
//! uploading a spreadsheet into a quiz), [`join`] (checking a code), [`quizzes`] (the host's
//! quizzes and a quiz with its answers), [`editor`] (changing the questions), [`results`] (live
//! results and their CSV export) and [`retakes`].
//!
//! Who may play or manage a quiz is decided in `access`; recording a new quiz, shared with
//! publishing a generation, in `new_quiz`.

mod editor;
mod join;
mod quizzes;
mod results;
mod retakes;
mod upload;

use utoipa_axum::router::OpenApiRouter;
use axum::extract::DefaultBodyLimit;
use axum::routing::{delete, get, post};
use quizroom_domain::quiz::Letter;
use serde_json::{Value, json};

use crate::access::CategoryRow;
use crate::clock::rfc3339;
use crate::quiz_form::UPLOAD_BODY_LIMIT;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .route("/hostQuiz/template.xlsx", get(upload::template_xlsx))
        .route("/hostQuiz/template.csv", get(upload::template_csv))
        .route("/hostQuiz/preview", post(upload::preview).layer(DefaultBodyLimit::max(UPLOAD_BODY_LIMIT)))
        .route("/hostQuiz/upload", post(upload::upload).layer(DefaultBodyLimit::max(UPLOAD_BODY_LIMIT)))
        .route("/hostQuiz/checkQuiz", get(join::check_quiz))
        .route("/hostQuiz/myQuizzes", get(quizzes::my_quizzes))
        .route("/hostQuiz/quiz/{category_id}", get(quizzes::quiz_for_host))
        .route("/hostQuiz/results/{category_id}", get(results::results))
        .route("/hostQuiz/results/{category_id}/export.csv", get(results::export_results))
        .route("/question/{category_id}/with-answers", get(quizzes::with_answers))
        .route("/question/update-category-questions", post(editor::update_questions))
        .route("/leaderboard/deleteEntry", delete(retakes::grant_retake))
}

fn audience_json(category: &CategoryRow) -> Value {
    match (&category.audience_list_id, &category.audience_name) {
        (Some(id), name) => json!({ "kind": "list", "id": id, "name": name.clone().unwrap_or_default() }),
        (None, _) => json!({ "kind": "open", "name": "Open to all" }),
    }
}

fn time(ms: Option<i64>) -> Value {
    ms.map_or(Value::Null, |ms| Value::String(rfc3339(ms)))
}

/// A question with its answer; `place` names it: `("row", n)` in a preview, `("id", id)` when saved.
fn question_json(place: (&str, i64), text: &str, options: &[String; 4], answer: Letter, explanation: &str) -> Value {
    let mut question = json!({
        "text": text,
        "optionA": options[0],
        "optionB": options[1],
        "optionC": options[2],
        "optionD": options[3],
        "answer": options[answer.index()],
        "correctLetter": answer.as_str(),
        "explanation": explanation,
    });
    question[place.0] = json!(place.1);
    question
}

