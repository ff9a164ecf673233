//! Playing, by sub-feature: [`categories`] (the curated list and a quiz's questions),
//! [`attempts`] (starting or resuming an attempt, saving answers as they are chosen), [`submit`]
//! (a player's submission, through the group-commit queue of `scoring`), [`feedback`], and
//! [`deadline`] (the server's own submission when the time is up).
//!
//! Reading questions has no side effect and never returns answers or explanations; only a
//! submission (the player's, or the server's at the deadline) scores, with the answer key of the
//! quiz version the attempt was served. Who may play is decided in `access`.

mod attempts;
mod categories;
mod deadline;
mod feedback;
mod submit;

use utoipa_axum::router::OpenApiRouter;
use axum::routing::{get, post, put};
use quizroom_domain::attempt::AttemptError;
use quizroom_domain::quiz::Letter;
use serde_json::{Value, json};

use crate::access::parse_category_id;
use crate::error::ApiError;
use crate::state::AppState;

pub use deadline::run_auto_submit;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .route("/categories", get(categories::list_categories))
        .route("/question/{category_id}", get(categories::get_questions))
        .route("/question/score", post(submit::submit_answers))
        .route("/attempt/start", post(attempts::start_attempt))
        .route("/attempt/{attempt_id}/answer", put(attempts::save_answer))
        .route("/attempt/feedback", get(feedback::get_feedback))
}

/// A category id from a JSON body: a number or a numeric string.
fn id_from(value: &Value) -> Result<i64, ApiError> {
    match value {
        Value::Number(n) => n.as_i64().filter(|id| *id > 0).ok_or_else(|| parse_category_id("x").unwrap_err()),
        Value::String(s) => parse_category_id(s),
        _ => Err(ApiError::bad_request("invalid_category", "No category selected. Please select a category.")),
    }
}

/// An answer as sent: a letter A–D, or nothing (blank or "incomplete").
fn letter(answer: Option<&str>) -> Result<Option<Letter>, ApiError> {
    match answer.map(str::trim).filter(|a| !a.is_empty() && !a.eq_ignore_ascii_case("incomplete")) {
        None => Ok(None),
        Some(a) => Letter::parse(a)
            .map(Some)
            .ok_or_else(|| ApiError::bad_request("invalid_answer", "An answer is a letter from A to D").with_details(json!({ "answer": a }))),
    }
}

/// How a refused attempt command reads to the player.
fn attempt_refused(e: AttemptError) -> ApiError {
    match e {
        AttemptError::TimeUp => ApiError::conflict("time_up", "The time for this quiz is up"),
        AttemptError::AlreadySubmitted => ApiError::conflict("already_submitted", "This quiz was already submitted"),
        AttemptError::UnknownQuestion(_) => ApiError::bad_request("unknown_question", e.to_string()),
        AttemptError::NotStarted => ApiError::not_found("No such attempt"),
        AttemptError::AlreadyStarted => ApiError::conflict("already_started", e.to_string()),
        AttemptError::NotSubmitted => ApiError::conflict("not_submitted", e.to_string()),
    }
}

