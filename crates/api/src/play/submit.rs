//! A player's submission: admitted first (`access`), then queued once for the group commit
//! (`scoring`); answered with the score and the feedback. A second submission answers with the
//! first one's result.

use axum::Json;
use axum::extract::State;
use quizroom_domain::attempt::{AttemptError, POINTS_PER_CORRECT};
use quizroom_projections::attempt::read as attempts;
use quizroom_projections::figures::percent;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::feedback::{FeedbackItem, feedback_from, scored_feedback};
use super::shapes::given;
use super::{answer_schema, attempt_refused, id_from, response_schema};
use crate::access::{may_submit, playable};
use crate::error::{ApiError, ApiJson, db};
use crate::input::{category_id_body_schema, int};
use crate::openapi::ErrorBody;
use crate::scoring::Queued;
use crate::state::AppState;
use crate::tokens::AuthUser;

/// The answers of the attempt in progress.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct ScoreRequest {
    /// Must be the caller's own id when given (null or empty count as not given).
    user_id: Option<String>,
    #[serde(default)]
    #[schema(required, schema_with = category_id_body_schema)]
    category_id: Value,
    /// The answers; a question left out counts as unanswered.
    #[serde(default)]
    answers: Vec<ScoreAnswer>,
}

/// One answer as submitted.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct ScoreAnswer {
    /// A question of the quiz (others are left out of the score).
    #[serde(deserialize_with = "int")]
    #[schema(format = Int64)]
    question_id: i64,
    #[serde(default)]
    #[schema(schema_with = answer_schema)]
    status: Option<String>,
    /// A response of any type, in place of `status`.
    #[serde(default)]
    #[schema(schema_with = response_schema)]
    response: Option<Value>,
}

/// The result of a submission.
#[derive(Serialize, ToSchema)]
#[schema(as = QuizResult)]
#[serde(rename_all = "camelCase")]
pub(super) struct ScoreView {
    attempt_id: String,
    /// Answers fully right.
    score: i64,
    /// `round(10 × f)` per answer judged `f` (0…1): 10 per fully right answer.
    points: i64,
    /// Scored questions in the quiz (a poll, a word cloud and a slide are not scored).
    total: i64,
    #[schema(value_type = String)]
    message: &'static str,
    feedback: Vec<FeedbackItem>,
    /// Whether these points count nowhere: a replay of a quiz the player completed before (only
    /// the first completed attempt counts, decision 0021).
    practice: bool,
}

/// Whether `attempt_id` is not the attempt that counts on the player's board for the quiz.
async fn is_practice(state: &AppState, user_id: &str, category_id: i64, attempt_id: &str) -> Result<bool, ApiError> {
    let counted = attempts::counted_attempt(state.store.pool(), category_id, user_id).await.map_err(db)?;
    Ok(counted.as_deref() != Some(attempt_id))
}

/// The result message of PRODUCT.md section 9, by the share of the points there were to win
/// (`Σ f / scored questions`; for questions A–D, the share answered right).
fn result_message(points: i64, total: i64) -> &'static str {
    match percent(points, total * POINTS_PER_CORRECT) {
        80.0.. => "Excellent work! You've mastered this quiz.",
        60.0.. => "Good job! Keep practicing to improve your score.",
        _ => "Keep learning! You'll do better next time.",
    }
}

/// Submits the attempt in progress; the server scores it.
///
/// 10 points per correct answer. Submitting again answers with the first result.
#[utoipa::path(post, path = "/question/score", operation_id = "submitAnswers", tag = "play", request_body = ScoreRequest, security(("bearer" = [])), responses(
    (status = 200, description = "The result", body = ScoreView),
    (status = 400, description = "No category, not a category id, an answer that is not a letter from A to D, a response that is not one to its question (the message names it), or a body that could not be read", body = ErrorBody),
    (status = 403, description = "`userId` is someone else's, or the caller's e-mail is not verified", body = ErrorBody),
    (status = 404, description = "No such quiz, or a hosted quiz the caller may not play", body = ErrorBody),
    (status = 409, description = "No attempt was started, its time is up, or a concurrent change", body = ErrorBody),
    (status = 410, description = "A hosted quiz that has expired", body = ErrorBody),
))]
pub(super) async fn submit_answers(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<ScoreRequest>) -> Result<Json<ScoreView>, ApiError> {
    caller.ensure_self(body.user_id.as_deref())?;
    let category_id = id_from(&body.category_id)?;
    let answers = body.answers.into_iter().map(|a| Ok((a.question_id, given(a.status.as_deref(), a.response)?))).collect::<Result<Vec<_>, ApiError>>()?;
    // Removed from the audience since starting: refused before anything is queued.
    may_submit(&state, &caller.user_id, category_id).await?;
    let queued = state.submissions.submit(&caller.user_id, category_id, answers).await?;
    if let Queued::Decided { attempt_id, outcome } = queued {
        match outcome {
            Ok((submitted, quiz)) => {
                let practice = is_practice(&state, &caller.user_id, category_id, &attempt_id).await?;
                return Ok(Json(ScoreView {
                    practice,
                    attempt_id,
                    score: submitted.score,
                    points: submitted.points,
                    total: submitted.total,
                    message: result_message(submitted.points, submitted.total),
                    feedback: feedback_from(&state, &submitted.answers, &quiz),
                }));
            }
            // The server submitted at the deadline a moment ago: that submission counts.
            Err(AttemptError::AlreadySubmitted) => {}
            Err(e) => return Err(attempt_refused(e)),
        }
    }
    // Submitted already (twice, or by the server at the deadline): the first submission counts.
    let Some(attempt_id) = attempts::latest_submitted(state.store.pool(), &caller.user_id, category_id).await.map_err(db)? else {
        // Nothing to submit: say why the quiz cannot be played, or that it was never started.
        playable(&state, &caller.user_id, category_id).await?;
        return Err(ApiError::conflict("no_attempt", "Start the quiz before submitting it"));
    };
    let scored = attempts::scored(state.store.pool(), &attempt_id).await.map_err(db)?.ok_or_else(|| ApiError::not_found("No such attempt"))?;
    let (score, points, total) = (scored.score, scored.points, scored.total);
    Ok(Json(ScoreView {
        practice: is_practice(&state, &caller.user_id, category_id, &attempt_id).await?,
        attempt_id,
        score,
        points,
        total,
        message: result_message(points, total),
        feedback: scored_feedback(&state, &scored).await?,
    }))
}
