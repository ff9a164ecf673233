//! The curated categories, and a quiz's questions (without answers) for a player admitted to it.

use axum::Json;
use axum::extract::{Path, State};
use quizroom_projections::attempt::read as attempts;
use quizroom_projections::quiz::read as quizzes;
use serde::Serialize;
use utoipa::ToSchema;

use super::attempts::start_or_resume;
use super::shapes::PlayQuestion;
use crate::access::{parse_category_id, playable};
use crate::error::{ApiError, db};
use crate::media;
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
))]
pub(super) async fn list_categories(State(state): State<AppState>, _caller: AuthUser) -> Result<Json<Vec<CategoryView>>, ApiError> {
    let rows = quizzes::curated(state.store.pool()).await.map_err(db)?;
    let categories = rows
        .into_iter()
        .map(|r| CategoryView { id: r.category_id, name: r.name, description: r.description, question_count: r.question_count, time_limit: r.time_limit })
        .collect();
    Ok(Json(categories))
}

/// A quiz's questions and its time limit (`time_limit`, as the first version named it).
#[derive(Serialize, ToSchema)]
#[schema(as = Questions)]
pub(super) struct QuestionsView {
    questions: Vec<PlayQuestion>,
    /// Minutes per attempt.
    time_limit: i64,
}

/// A quiz's questions, without answers, for the caller's attempt: reading them starts the
/// attempt's clock (or resumes the attempt in progress), so no question is read off the clock.
///
/// The version the attempt was started on.
#[utoipa::path(get, path = "/question/{categoryId}", operation_id = "getQuestions", tag = "play", security(("bearer" = [])),
    params(("categoryId" = i64, Path, minimum = 1, description = "The quiz")),
    responses(
        (status = 200, description = "The questions and the time limit in minutes; the attempt's clock runs", body = QuestionsView),
        (status = 400, description = "Not a category id", body = ErrorBody),
        (status = 403, description = "The caller's e-mail is not verified", body = ErrorBody),
        (status = 404, description = "No such quiz, or a hosted quiz the caller did not join by its code", body = ErrorBody),
        (status = 409, description = "A hosted quiz the caller already took (until the host grants a retake)", body = ErrorBody),
        (status = 410, description = "A hosted quiz that has expired", body = ErrorBody),
    ),
)]
pub(super) async fn get_questions(State(state): State<AppState>, caller: AuthUser, Path(category_id): Path<String>) -> Result<Json<QuestionsView>, ApiError> {
    let category_id = parse_category_id(&category_id)?;
    let category = playable(&state, &caller.user_id, category_id).await?;
    let (attempt_id, _) = start_or_resume(&state, &caller.user_id, &category).await?;
    let clock = attempts::clock(state.store.pool(), &attempt_id).await.map_err(db)?.ok_or_else(|| ApiError::not_found("No such attempt"))?;
    let now = state.clock.now_ms();
    let questions = quizzes::questions(state.store.pool(), category_id, clock.quiz_version)
        .await
        .map_err(db)?
        .into_iter()
        .map(|q| {
            PlayQuestion::new(q.id, &q.text, &q.kind, clock.seed).with_media(
                media::served(&state, q.media.as_ref(), now),
                media::served_pictures(&state, q.kind.served_pictures(&q.pictures, clock.seed, q.id), now),
            )
        })
        .collect();
    Ok(Json(QuestionsView { questions, time_limit: category.time_limit }))
}
