//! A player's submission: admitted first (`access`), then queued once for the group commit
//! (`scoring`); answered with the score and the feedback. A second submission answers with the
//! first one's result.

use axum::Json;
use axum::extract::State;
use quizroom_domain::attempt::AttemptError;
use quizroom_projections::attempt::read as attempts;
use serde::Deserialize;
use serde_json::{Value, json};

use super::feedback::{feedback_from, scored_feedback};
use super::{attempt_refused, id_from, letter};
use crate::access::{may_submit, playable};
use crate::error::{ApiError, ApiJson, db};
use crate::scoring::Queued;
use crate::state::AppState;
use crate::tokens::AuthUser;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct ScoreRequest {
    user_id: Option<String>,
    #[serde(default)]
    category_id: Value,
    #[serde(default)]
    answers: Vec<ScoreAnswer>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct ScoreAnswer {
    question_id: i64,
    status: Option<String>,
}

/// The result message of PRODUCT.md section 9.
fn result_message(score: i64, total: i64) -> &'static str {
    let percent = if total == 0 { 0 } else { score * 100 / total };
    match percent {
        80.. => "Excellent work! You've mastered this quiz.",
        60.. => "Good job! Keep practicing to improve your score.",
        _ => "Keep learning! You'll do better next time.",
    }
}

pub(super) async fn submit_answers(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<ScoreRequest>) -> Result<Json<Value>, ApiError> {
    caller.ensure_self(body.user_id.as_deref())?;
    let category_id = id_from(&body.category_id)?;
    let answers =
        body.answers.iter().map(|a| Ok((a.question_id, letter(a.status.as_deref())?))).collect::<Result<Vec<_>, ApiError>>()?;
    // Removed from the audience since starting: refused before anything is queued.
    may_submit(&state, &caller.user_id, category_id).await?;
    let queued = state.submissions.submit(&caller.user_id, category_id, answers).await?;
    if let Queued::Decided { attempt_id, outcome } = queued {
        match outcome {
            Ok((submitted, quiz)) => {
                return Ok(Json(json!({
                    "attemptId": attempt_id,
                    "score": submitted.score,
                    "points": submitted.points,
                    "total": submitted.total,
                    "message": result_message(submitted.score, submitted.total),
                    "feedback": feedback_from(&submitted.answers, &quiz),
                })));
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
    Ok(Json(json!({
        "attemptId": attempt_id,
        "score": score,
        "points": points,
        "total": total,
        "message": result_message(score, total),
        "feedback": scored_feedback(&state, &scored).await?,
    })))
}
