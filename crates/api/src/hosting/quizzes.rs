//! The host's quizzes, and one quiz with its answers (for the host only).

use axum::Json;
use axum::extract::{Path, State};
use quizroom_projections::quiz::read as quizzes;
use serde::Deserialize;
use serde_json::{Value, json};

use super::{question_json, time};
use crate::access::{CategoryRow, hosted_by};
use crate::error::{ApiError, ApiQuery, db};
use crate::new_quiz::link;
use crate::state::AppState;
use crate::tokens::AuthUser;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct UserQuery {
    user_id: Option<String>,
}

pub(super) async fn my_quizzes(State(state): State<AppState>, caller: AuthUser, ApiQuery(q): ApiQuery<UserQuery>) -> Result<Json<Value>, ApiError> {
    caller.ensure_self(q.user_id.as_deref())?;
    let rows = quizzes::hosted_by(state.store.pool(), &caller.user_id).await.map_err(db)?;
    let now = state.clock.now_ms();
    let quizzes: Vec<Value> = rows
        .iter()
        .map(|r| {
            let (c, participants) = (&r.category, r.participants);
            let code = c.code.clone().unwrap_or_default();
            json!({
                "id": c.id,
                "name": c.name,
                "questionCount": c.question_count,
                "quizCode": code,
                "link": link(&code),
                "audience_name": c.audience_name.clone().unwrap_or_else(|| "Open to all".into()),
                "valid_until": time(c.valid_until),
                "time_limit": c.time_limit,
                "status": if c.is_expired(now) { "completed" } else { "active" },
                "participants": participants,
                "createdAt": time(c.created_at),
            })
        })
        .collect();
    Ok(Json(json!({ "success": true, "data": quizzes })))
}

/// The questions of the quiz's current version, with answers.
async fn questions_with_answers(state: &AppState, category: &CategoryRow) -> Result<Vec<Value>, ApiError> {
    let questions = quizzes::questions(state.store.pool(), category.id, category.quiz_version).await.map_err(db)?;
    Ok(questions.iter().map(|q| question_json(("id", q.id), &q.text, &q.options, q.answer, &q.explanation)).collect())
}

pub(super) async fn quiz_for_host(State(state): State<AppState>, caller: AuthUser, Path(category_id): Path<String>) -> Result<Json<Value>, ApiError> {
    let category = hosted_by(&state, &caller.user_id, &category_id).await?;
    let questions = questions_with_answers(&state, &category).await?;
    Ok(Json(json!({
        "success": true,
        "category": {
            "id": category.id,
            "name": category.name,
            "valid_until": time(category.valid_until),
            "time_limit": category.time_limit,
            "quizCode": category.code,
            "audience": { "name": category.audience_name.clone().unwrap_or_else(|| "Open to all".into()) },
        },
        "questions": questions,
    })))
}

pub(super) async fn with_answers(State(state): State<AppState>, caller: AuthUser, Path(category_id): Path<String>) -> Result<Json<Value>, ApiError> {
    let category = hosted_by(&state, &caller.user_id, &category_id).await?;
    let questions = questions_with_answers(&state, &category).await?;
    Ok(Json(json!({ "questions": questions, "time_limit": category.time_limit })))
}

