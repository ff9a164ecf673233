//! The curated categories, and a quiz's questions (without answers) for a player admitted to it.

use axum::Json;
use axum::extract::{Path, State};
use quizroom_projections::attempt::read as attempts;
use quizroom_projections::quiz::read as quizzes;
use serde::Serialize;
use serde_json::{Value, json};

use crate::access::{parse_category_id, playable};
use crate::error::{ApiError, db};
use crate::state::AppState;
use crate::tokens::AuthUser;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct CategoryView {
    id: i64,
    name: String,
    description: String,
    question_count: i64,
    time_limit: i64,
}

pub(super) async fn list_categories(State(state): State<AppState>, _caller: AuthUser) -> Result<Json<Vec<CategoryView>>, ApiError> {
    let rows = quizzes::curated(state.store.pool()).await.map_err(db)?;
    let categories = rows
        .into_iter()
        .map(|r| CategoryView {
            id: r.category_id,
            name: r.name,
            description: r.description,
            question_count: r.question_count,
            time_limit: r.time_limit,
        })
        .collect();
    Ok(Json(categories))
}

pub(super) async fn get_questions(State(state): State<AppState>, caller: AuthUser, Path(category_id): Path<String>) -> Result<Json<Value>, ApiError> {
    let category_id = parse_category_id(&category_id)?;
    let category = playable(&state, &caller.user_id, category_id).await?;
    // An attempt in progress is served the version it started on.
    let open = attempts::open_attempt(state.store.pool(), &caller.user_id, category_id).await.map_err(db)?;
    let version = open.map_or(category.quiz_version, |a| a.quiz_version);
    let questions: Vec<Value> = quizzes::questions(state.store.pool(), category_id, version)
        .await
        .map_err(db)?
        .into_iter()
        .map(|q| {
            let [a, b, c, d] = q.options;
            json!({ "id": q.id, "text": q.text, "optionA": a, "optionB": b, "optionC": c, "optionD": d })
        })
        .collect();
    Ok(Json(json!({ "questions": questions, "time_limit": category.time_limit })))
}

