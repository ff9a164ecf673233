//! Feedback: each scored answer with its question, right answer and explanation, from the quiz
//! version the attempt was scored on. For the player, or the quiz's host.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use quizroom_domain::attempt::ScoredAnswer;
use quizroom_domain::quiz::{Letter, Quiz};
use quizroom_projections::attempt::read as attempts;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::access::{is_host_of, parse_category_id};
use crate::error::{ApiError, ApiQuery, db};
use crate::state::AppState;
use crate::tokens::AuthUser;

/// Feedback items: the scored answers with the questions of the quiz version they were scored on.
pub(super) fn feedback_from(answers: &[ScoredAnswer], quiz: &Quiz) -> Vec<Value> {
    answers
        .iter()
        .filter_map(|a| {
            let q = quiz.question(a.question_id)?;
            Some(json!({
                "id": q.id,
                "questionText": q.text,
                "optionA": q.options[0],
                "optionB": q.options[1],
                "optionC": q.options[2],
                "optionD": q.options[3],
                "correctAnswer": q.answer.as_str(),
                "userAnswer": a.answer.map(Letter::as_str),
                "isCorrect": a.correct,
                "explanation": q.explanation,
            }))
        })
        .collect()
}

/// The feedback of a submitted attempt, from its scored answers and the version it was served.
pub(super) async fn scored_feedback(state: &AppState, scored: &attempts::Scored) -> Result<Vec<Value>, ApiError> {
    let mut conn = state.store.pool().acquire().await.map_err(db)?;
    let quiz = state.quizzes.get(&state.store, &mut conn, scored.category_id, scored.quiz_version).await?;
    Ok(feedback_from(&scored.answers, &quiz))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct FeedbackQuery {
    user_id: Option<String>,
    category_id: Option<String>,
}

pub(super) async fn get_feedback(State(state): State<AppState>, caller: AuthUser, ApiQuery(q): ApiQuery<FeedbackQuery>) -> Result<Json<Vec<Value>>, ApiError> {
    let category_id = parse_category_id(q.category_id.as_deref().unwrap_or(""))?;
    let player = q.user_id.filter(|u| !u.is_empty()).unwrap_or_else(|| caller.user_id.clone());
    // The player, or the quiz's host.
    if player != caller.user_id && !is_host_of(&state, &caller.user_id, category_id).await? {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "forbidden", "You can only see your own submissions"));
    }
    let none = || ApiError::not_found("No submission for this quiz");
    let attempt_id = attempts::latest_submitted(state.store.pool(), &player, category_id).await.map_err(db)?.ok_or_else(none)?;
    let scored = attempts::scored(state.store.pool(), &attempt_id).await.map_err(db)?.ok_or_else(none)?;
    Ok(Json(scored_feedback(&state, &scored).await?))
}

