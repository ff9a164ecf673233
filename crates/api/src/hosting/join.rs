//! Joining by code: `checkQuiz` tells a player whether they may take the quiz behind a code.

use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{audience_of, time};
use crate::access::{already_attempted, category_by_code, expired_error, has_used_attempt, in_audience, normalize_code, not_in_audience, record_join};
use crate::client::Client;
use crate::error::{ApiError, ApiQuery};
use crate::limits::{self, JOIN_ACCOUNT, JOIN_ADDRESS, Kind};
use crate::new_quiz::QuizAudience;
use crate::openapi::ErrorBody;
use crate::quiz_form::validation;
use crate::state::AppState;
use crate::tokens::AuthUser;

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct CheckQuery {
    /// The join code, in any case; characters other than letters and digits are ignored.
    #[param(required = true, pattern = "[A-Za-z0-9]")]
    quiz_code: Option<String>,
    /// The player's e-mail, as the first version sent it (the token says who the player is).
    #[allow(dead_code)]
    email: Option<String>,
}

/// The quiz behind a code, as a player sees it before joining.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct QuizDetails {
    id: i64,
    title: String,
    /// Minutes per attempt.
    time_limit: i64,
    question_count: i64,
    /// When the quiz closes (RFC 3339).
    valid_until: Option<String>,
    audience: QuizAudience,
    /// Whether the caller has taken it (and no retake was granted).
    attempted: bool,
}

/// A player may take the quiz.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct QuizFound {
    success: bool,
    message: &'static str,
    expired: bool,
    quiz_details: QuizDetails,
}

/// The answer when the quiz has expired: the error format, and the quiz.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct QuizExpired {
    success: bool,
    expired: bool,
    code: &'static str,
    error: String,
    message: String,
    quiz_details: QuizDetails,
}

fn too_many_codes(wait: Duration) -> ApiError {
    ApiError::held_back("too_many_attempts", "Too many quiz codes that lead nowhere", wait)
}

/// Whether the caller may take the quiz behind a join code; when they may, they join it (only a
/// player who joined by the code may start a hosted quiz).
#[utoipa::path(get, path = "/hostQuiz/checkQuiz", operation_id = "checkQuiz", tag = "hosting", params(CheckQuery), security(("bearer" = [])), responses(
    (status = 200, description = "The quiz; the caller may take it", body = QuizFound),
    (status = 400, description = "No code (`Please enter a quiz code`), or a query that cannot be read", body = ErrorBody),
    (status = 403, description = "The quiz is only open to invited participants", body = ErrorBody),
    (status = 404, description = "No quiz has this code", body = ErrorBody),
    (status = 409, description = "The caller has taken the quiz; the host may grant a retake", body = ErrorBody),
    (status = 429, description = "Too many codes that lead nowhere; `Retry-After` says when to try again", body = ErrorBody,
        headers(("Retry-After" = u64, description = "Seconds to wait"))),
    (status = 410, description = "The quiz has expired (`code: expired`). Besides `error` and `code`, the body has `success: false`, `expired: true`, `message` (the same as `error`) and `quizDetails` (as in the 200 answer)", body = ErrorBody),
))]
pub(super) async fn check_quiz(
    State(state): State<AppState>,
    client: Client,
    caller: AuthUser,
    ApiQuery(q): ApiQuery<CheckQuery>,
) -> Result<Response, ApiError> {
    let code = q.quiz_code.as_deref().map(normalize_code).unwrap_or_default();
    if code.is_empty() {
        return Err(validation("Please enter a quiz code"));
    }
    // Codes that lead nowhere are counted against the caller, so codes cannot be guessed, and
    // against the caller's network with a far larger ceiling, so that one guesser does not keep
    // the others behind the same address out.
    let keys = vec![(format!("join:{}", caller.user_id), &JOIN_ACCOUNT, Kind::Owner), (client.address_key("join"), &JOIN_ADDRESS, Kind::Shared)];
    let attempt = limits::enter(&state.store, keys, state.clock.now_ms()).await?.map_err(too_many_codes)?;
    let Some(category) = category_by_code(&state, &code).await? else {
        attempt.failed(&state.store).await?;
        return Err(ApiError::not_found("Quiz not found. Please check your code."));
    };
    attempt.succeeded(&state.store).await?;
    let attempted = has_used_attempt(&state, &caller.user_id, category.id).await?;
    let details = QuizDetails {
        id: category.id,
        title: category.name.clone(),
        time_limit: category.time_limit,
        question_count: category.question_count,
        valid_until: time(category.valid_until),
        audience: audience_of(&category),
        attempted,
    };
    if category.is_expired(state.clock.now_ms()) {
        let message = expired_error().message;
        let body = QuizExpired { success: false, expired: true, code: "expired", error: message.clone(), message, quiz_details: details };
        return Ok((StatusCode::GONE, Json(body)).into_response());
    }
    if !in_audience(&state, &caller.user_id, &category).await? {
        return Err(not_in_audience());
    }
    // The code is what lets a player in: from now on they may start the quiz.
    record_join(&state, &caller.user_id, category.id).await?;
    if attempted {
        return Err(already_attempted());
    }
    Ok(Json(QuizFound { success: true, message: "Quiz found", expired: false, quiz_details: details }).into_response())
}
