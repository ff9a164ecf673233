//! Joining by code: `checkQuiz` tells a player whether they may take the quiz behind a code.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;

use super::{audience_json, time};
use crate::access::{already_attempted, category_by_code, expired_error, has_used_attempt, in_audience, normalize_code, not_in_audience};
use crate::error::{ApiError, ApiQuery};
use crate::quiz_form::validation;
use crate::state::AppState;
use crate::tokens::AuthUser;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct CheckQuery {
    quiz_code: Option<String>,
}

pub(super) async fn check_quiz(State(state): State<AppState>, caller: AuthUser, ApiQuery(q): ApiQuery<CheckQuery>) -> Result<Response, ApiError> {
    let code = q.quiz_code.as_deref().map(normalize_code).unwrap_or_default();
    if code.is_empty() {
        return Err(validation("Please enter a quiz code"));
    }
    let category = category_by_code(&state, &code).await?.ok_or_else(|| ApiError::not_found("Quiz not found. Please check your code."))?;
    let attempted = has_used_attempt(&state, &caller.user_id, category.id).await?;
    let details = json!({
        "id": category.id,
        "title": category.name,
        "timeLimit": category.time_limit,
        "questionCount": category.question_count,
        "validUntil": time(category.valid_until),
        "audience": audience_json(&category),
        "attempted": attempted,
    });
    if category.is_expired(state.clock.now_ms()) {
        let message = expired_error().message;
        let body = json!({ "success": false, "expired": true, "code": "expired", "error": message, "message": message, "quizDetails": details });
        return Ok((StatusCode::GONE, Json(body)).into_response());
    }
    if !in_audience(&state, &caller.user_id, &category).await? {
        return Err(not_in_audience());
    }
    if attempted {
        return Err(already_attempted());
    }
    Ok(Json(json!({ "success": true, "message": "Quiz found", "expired": false, "quizDetails": details })).into_response())
}

