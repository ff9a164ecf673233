//! The curated categories, and a quiz's questions (without answers) for a player admitted to it.

use axum::Json;
use axum::extract::{Path, State};
use quizroom_projections::attempt::read as attempts;
use quizroom_projections::quiz::read as quizzes;
use serde::Serialize;
use utoipa::ToSchema;

use crate::access::{parse_category_id, playable};
use crate::error::{ApiError, db};
use crate::openapi::ErrorBody;
use crate::state::AppState;
use crate::tokens::AuthUser;

/// A curated category.
#[derive(Serialize, ToSchema)]
#[schema(as = Category)]
#[serde(rename_all = "camelCase")]
pub(super) struct CategoryView {
    id: i64,
    name: String,
    description: String,
    question_count: i64,
    /// Minutes per attempt.
    time_limit: i64,
}

/// The curated categories, by name.
#[utoipa::path(get, path = "/categories", operation_id = "listCategories", tag = "play", security(("bearer" = [])), responses(
    (status = 200, description = "The curated categories, by name", body = Vec<CategoryView>),
    (status = 401, description = "No valid token", body = ErrorBody),
))]
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

/// A question as a player sees it: no answer, no explanation.
#[derive(Serialize, ToSchema)]
#[schema(as = PlayQuestion)]
#[serde(rename_all = "camelCase")]
pub(super) struct QuestionView {
    id: i64,
    text: String,
    option_a: String,
    option_b: String,
    option_c: String,
    option_d: String,
}

/// A quiz's questions and its time limit (`time_limit`, as the first version named it).
#[derive(Serialize, ToSchema)]
#[schema(as = Questions)]
pub(super) struct QuestionsView {
    questions: Vec<QuestionView>,
    /// Minutes per attempt.
    time_limit: i64,
}

/// A quiz's questions, without answers.
///
/// The version of the caller's attempt in progress, else the current one.
#[utoipa::path(get, path = "/question/{categoryId}", operation_id = "getQuestions", tag = "play", security(("bearer" = [])),
    params(("categoryId" = i64, Path, minimum = 1, description = "The quiz")),
    responses(
        (status = 200, description = "The questions and the time limit in minutes", body = QuestionsView),
        (status = 400, description = "Not a category id", body = ErrorBody),
        (status = 401, description = "No valid token", body = ErrorBody),
        (status = 403, description = "A hosted quiz whose audience does not include the caller", body = ErrorBody),
        (status = 404, description = "No such quiz", body = ErrorBody),
        (status = 410, description = "A hosted quiz that has expired", body = ErrorBody),
    ),
)]
pub(super) async fn get_questions(State(state): State<AppState>, caller: AuthUser, Path(category_id): Path<String>) -> Result<Json<QuestionsView>, ApiError> {
    let category_id = parse_category_id(&category_id)?;
    let category = playable(&state, &caller.user_id, category_id).await?;
    // An attempt in progress is served the version it started on.
    let open = attempts::open_attempt(state.store.pool(), &caller.user_id, category_id).await.map_err(db)?;
    let version = open.map_or(category.quiz_version, |a| a.quiz_version);
    let questions = quizzes::questions(state.store.pool(), category_id, version)
        .await
        .map_err(db)?
        .into_iter()
        .map(|q| {
            let [option_a, option_b, option_c, option_d] = q.options;
            QuestionView { id: q.id, text: q.text, option_a, option_b, option_c, option_d }
        })
        .collect();
    Ok(Json(QuestionsView { questions, time_limit: category.time_limit }))
}
