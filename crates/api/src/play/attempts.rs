//! Starting or resuming an attempt (the server's clock starts), and saving answers as they are
//! chosen, so a closed tab or a crashed server loses nothing acknowledged.

use axum::Json;
use axum::extract::{Path, State};
use quizroom_domain::StreamId;
use quizroom_domain::attempt::{Attempt, AttemptCommand, AttemptError, GRACE_MS, SubmitReason};
use quizroom_domain::question::Response;
use quizroom_projections::attempt::read::{self as attempts, AttemptClock};
use quizroom_projections::quiz::read as quizzes;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::shapes::{given, letter_of};
use super::{answer_schema, attempt_refused, id_from, response_schema};
use crate::access::{CategoryRow, ensure_attempt_left, playable};
use crate::accommodations::{AccommodationView, for_player};
use crate::clock::rfc3339;
use crate::commands::{decide_and_commit, decide_in, metadata};
use crate::error::{ApiError, ApiJson, db};
use crate::input::{category_id_body_schema, int};
use crate::openapi::ErrorBody;
use crate::scoring::submit;
use crate::state::AppState;
use crate::tokens::AuthUser;

/// The quiz to start.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct StartRequest {
    #[serde(default)]
    #[schema(required, schema_with = category_id_body_schema)]
    category_id: Value,
}

/// An answer saved in an attempt.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct SavedAnswer {
    question_id: i64,
    /// The letter of a question A–D, or null (cleared, or another type: see `response`).
    #[schema(required)]
    answer: Option<&'static str>,
    /// The response as given, by the positions served (null when cleared).
    #[schema(required, schema_with = response_schema)]
    response: Option<Response>,
    /// Marked for review.
    marked: bool,
}

/// An attempt as the play screen needs it to resume: the server's clock and the saved answers.
#[derive(Serialize, ToSchema)]
#[schema(as = Attempt)]
#[serde(rename_all = "camelCase")]
pub(super) struct AttemptView {
    attempt_id: String,
    category_id: i64,
    /// Minutes.
    time_limit: i64,
    #[schema(format = DateTime)]
    started_at: String,
    /// When the time is up.
    #[schema(format = DateTime)]
    deadline: String,
    /// Milliseconds left now (0 when the time is up).
    remaining_ms: i64,
    answers: Vec<SavedAnswer>,
    /// Whether this is the attempt already in progress.
    resumed: bool,
    /// What the host granted the player on this quiz (the deadline already includes the extra
    /// time; with `unlimited` it is when the quiz expires).
    accommodation: AccommodationView,
}

/// The attempt as the play screen needs it to resume.
async fn attempt_view(state: &AppState, attempt_id: &str, resumed: bool) -> Result<AttemptView, ApiError> {
    let pool = state.store.pool();
    let clock = attempts::clock(pool, attempt_id).await.map_err(db)?.ok_or_else(|| ApiError::not_found("No such attempt"))?;
    let (category_id, deadline, started_at) = (clock.category_id, clock.deadline, clock.started_at);
    let quiz = state.quizzes.get_pooled(&state.store, category_id, clock.quiz_version).await?;
    let answers = attempts::saved_answers(pool, attempt_id)
        .await
        .map_err(db)?
        .into_iter()
        .map(|a| {
            let kind = quiz.question(a.question_id).map(|q| &q.kind);
            let response = match (kind, a.response) {
                (Some(kind), Some(r)) => Some(kind.to_served(r, clock.seed, a.question_id)),
                (_, r) => r,
            };
            let answer = kind.and_then(|k| letter_of(k, response.as_ref()));
            SavedAnswer { question_id: a.question_id, answer, response, marked: a.marked }
        })
        .collect();
    let now = state.clock.now_ms();
    Ok(AttemptView {
        attempt_id: attempt_id.to_owned(),
        category_id,
        time_limit: (deadline - started_at) / 60_000,
        started_at: rfc3339(started_at),
        deadline: rfc3339(deadline),
        remaining_ms: (deadline - now).max(0),
        answers,
        resumed,
        accommodation: AccommodationView::of_row(&clock.extra_time, clock.read_aloud),
    })
}

/// Starts an attempt, or resumes the one in progress.
///
/// The server fixes the new attempt's deadline from its own clock.
#[utoipa::path(post, path = "/attempt/start", operation_id = "startAttempt", tag = "play", request_body = StartRequest, security(("bearer" = [])), responses(
    (status = 200, description = "The attempt, new or resumed", body = AttemptView),
    (status = 400, description = "No category, or not a category id", body = ErrorBody),
    (status = 403, description = "A hosted quiz whose audience does not include the caller", body = ErrorBody),
    (status = 404, description = "No such quiz", body = ErrorBody),
    (status = 409, description = "A hosted quiz the caller already took (until the host grants a retake), or a concurrent change", body = ErrorBody),
    (status = 410, description = "A hosted quiz that has expired", body = ErrorBody),
))]
pub(super) async fn start_attempt(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<StartRequest>,
) -> Result<Json<AttemptView>, ApiError> {
    let category_id = id_from(&body.category_id)?;
    let category = playable(&state, &caller.user_id, category_id).await?;
    let (attempt_id, resumed) = start_or_resume(&state, &caller.user_id, &category).await?;
    Ok(Json(attempt_view(&state, &attempt_id, resumed).await?))
}

/// The caller's attempt on `category` with its clock running: the one in progress (`true`), or
/// a new one (`false`). An attempt whose time is up is submitted first, with what was saved.
pub(super) async fn start_or_resume(state: &AppState, user_id: &str, category: &CategoryRow) -> Result<(String, bool), ApiError> {
    let category_id = category.id;
    for _ in 0..3 {
        if let Some(open) = attempts::open_attempt(state.store.pool(), user_id, category_id).await.map_err(db)? {
            let attempt_id = open.attempt_id;
            if state.clock.now_ms() <= open.deadline + GRACE_MS {
                return Ok((attempt_id, true));
            }
            // Its time is up: the server submits what was saved (unless the auto-submitter just
            // did), then a new attempt starts.
            let _already_submitted_is_fine = submit(&state.store, &state.quizzes, state.clock.as_ref(), &attempt_id, vec![], SubmitReason::Timeout).await?;
        }
        ensure_attempt_left(state, user_id, category).await?;
        let question_ids = quizzes::question_ids(state.store.pool(), category_id, category.quiz_version).await.map_err(db)?;
        let attempt_id = uuid::Uuid::new_v4().to_string();
        let accommodation = for_player(state, user_id, category).await?;
        let now = state.clock.now_ms();
        // A hosted quiz's expiry cuts the time short: no attempt runs past it.
        let command = AttemptCommand::Start {
            user_id: user_id.to_owned(),
            quiz_id: category_id,
            quiz_version: category.quiz_version,
            question_ids,
            time_limit_ms: category.time_limit.max(1) * 60_000,
            accommodation,
            closes_at: category.valid_until,
            seed: rand::random::<i64>() & i64::MAX,
            now,
        };
        let mut tx = state.store.begin_write().await?;
        let stream = StreamId::<Attempt>::new(&attempt_id);
        let started = decide_in(&state.store, &mut tx, &stream, &metadata(user_id, "start"), command).await;
        match started {
            Ok(Ok(_)) => {
                tx.commit().await.map_err(db)?;
                state.store.committed();
                return Ok((attempt_id, false));
            }
            Ok(Err(e)) => return Err(ApiError::internal(e)),
            // Another tab started this quiz a moment ago: resume that one.
            Err(e) if e.conflicting_constraint().is_some() => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(ApiError::conflict("version_conflict", "Someone else changed this at the same moment. Please try again."))
}

/// An answer as it is chosen.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct AnswerRequest {
    /// A question of the attempt's quiz.
    #[serde(deserialize_with = "int")]
    #[schema(format = Int64)]
    question_id: i64,
    #[serde(default)]
    #[schema(schema_with = answer_schema)]
    answer: Option<String>,
    /// A response of any type, in place of `answer`.
    #[serde(default)]
    #[schema(schema_with = response_schema)]
    response: Option<Value>,
    /// Marked for review (a marked answer counts as no answer when submitted).
    #[serde(default)]
    marked: bool,
}

/// What the server kept.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct AnswerSaved {
    saved: bool,
    /// Milliseconds left on the attempt's clock.
    remaining_ms: i64,
}

/// The attempt's clock, for its owner; 404 for anyone else (no one learns which attempts exist).
async fn owned_attempt(state: &AppState, attempt_id: &str, user_id: &str) -> Result<AttemptClock, ApiError> {
    match attempts::clock(state.store.pool(), attempt_id).await.map_err(db)? {
        Some(attempt) if attempt.user_id == user_id => Ok(attempt),
        _ => Err(ApiError::not_found("No such attempt")),
    }
}

/// Saves an answer as it is chosen (idempotent per question).
#[utoipa::path(put, path = "/attempt/{attemptId}/answer", operation_id = "saveAnswer", tag = "play", request_body = AnswerRequest, security(("bearer" = [])),
    params(("attemptId" = String, Path, description = "The caller's attempt (from `POST /api/attempt/start`)")),
    responses(
        (status = 200, description = "Saved", body = AnswerSaved),
        (status = 400, description = "The body could not be read, or the answer is not a letter from A to D, or the response is not one to its question (the message names it)", body = ErrorBody),
        (status = 404, description = "No such attempt of the caller's", body = ErrorBody),
        (status = 409, description = "The time is up, or the attempt was submitted", body = ErrorBody),
        (status = 422, description = "The question is not part of the attempt's quiz", body = ErrorBody),
    ),
)]
pub(super) async fn save_answer(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(attempt_id): Path<String>,
    ApiJson(body): ApiJson<AnswerRequest>,
) -> Result<Json<AnswerSaved>, ApiError> {
    let clock = owned_attempt(&state, &attempt_id, &caller.user_id).await?;
    let answer = given(body.answer.as_deref(), body.response)?;
    let quiz = state.quizzes.get_pooled(&state.store, clock.category_id, clock.quiz_version).await?;
    let kind = quiz.question(body.question_id).map(|q| q.kind.clone()).ok_or_else(|| attempt_refused(AttemptError::UnknownQuestion(body.question_id)))?;
    let command = || AttemptCommand::RecordAnswer {
        question_id: body.question_id,
        kind: kind.clone(),
        answer: answer.clone(),
        marked: body.marked,
        now: state.clock.now_ms(),
    };
    let meta = metadata(&caller.user_id, "answer");
    let stream = StreamId::<Attempt>::new(&attempt_id);
    let decided = crate::retrying!(decide_and_commit(&state.store, &stream, &meta, command()))?.map_err(attempt_refused)?;
    Ok(Json(AnswerSaved { saved: true, remaining_ms: decided.state.remaining_ms(state.clock.now_ms()) }))
}
