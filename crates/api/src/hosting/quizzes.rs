//! The host's quizzes, and one quiz with its answers (for the host only).

use axum::Json;
use axum::extract::{Path, State};
use quizroom_projections::quiz::read as quizzes;
use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};
use utoipa::{IntoParams, ToSchema};

use super::{AnsweredQuestion, SavedQuestion, time};
use crate::access::{CategoryRow, hosted_by};
use crate::error::{ApiError, ApiQuery, db};
use crate::new_quiz::link;
use crate::openapi::ErrorBody;
use crate::state::AppState;
use crate::tokens::AuthUser;

const OPEN_TO_ALL: &str = "Open to all";

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct UserQuery {
    /// Must be the caller's own id when given.
    user_id: Option<String>,
}

fn status_schema() -> Object {
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["active", "completed"])).build()
}

/// A quiz on the host's list (some fields in snake case, as the first version named them).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct MyQuiz {
    id: i64,
    name: String,
    question_count: i64,
    quiz_code: String,
    /// The web app's join link.
    link: String,
    /// The audience list's name, or `Open to all`.
    #[serde(rename = "audience_name")]
    audience_name: String,
    /// When the quiz closes (RFC 3339).
    #[serde(rename = "valid_until")]
    valid_until: Option<String>,
    /// Minutes per attempt.
    #[serde(rename = "time_limit")]
    time_limit: i64,
    /// `completed` once the quiz has expired.
    #[schema(schema_with = status_schema)]
    status: &'static str,
    /// Players with a submitted attempt.
    participants: i64,
    /// RFC 3339.
    created_at: Option<String>,
}

/// The host's quizzes, newest first.
#[derive(Serialize, ToSchema)]
pub(super) struct MyQuizzes {
    success: bool,
    data: Vec<MyQuiz>,
}

/// The caller's hosted quizzes, newest first.
#[utoipa::path(get, path = "/hostQuiz/myQuizzes", operation_id = "myQuizzes", tag = "hosting", params(UserQuery), security(("bearer" = [])), responses(
    (status = 200, description = "The caller's quizzes", body = MyQuizzes),
    (status = 400, description = "The query could not be read", body = ErrorBody),
    (status = 403, description = "`userId` is someone else's", body = ErrorBody),
))]
pub(super) async fn my_quizzes(State(state): State<AppState>, caller: AuthUser, ApiQuery(q): ApiQuery<UserQuery>) -> Result<Json<MyQuizzes>, ApiError> {
    caller.ensure_self(q.user_id.as_deref())?;
    let rows = quizzes::hosted_by(state.store.pool(), &caller.user_id).await.map_err(db)?;
    let now = state.clock.now_ms();
    let data = rows
        .into_iter()
        .map(|r| {
            let (c, participants) = (r.category, r.participants);
            let code = c.code.clone().unwrap_or_default();
            MyQuiz {
                id: c.id,
                link: link(&code),
                quiz_code: code,
                audience_name: c.audience_name.clone().unwrap_or_else(|| OPEN_TO_ALL.into()),
                valid_until: time(c.valid_until),
                time_limit: c.time_limit,
                status: if c.is_expired(now) { "completed" } else { "active" },
                participants,
                created_at: time(c.created_at),
                question_count: c.question_count,
                name: c.name,
            }
        })
        .collect();
    Ok(Json(MyQuizzes { success: true, data }))
}

/// The questions of the quiz's current version, with answers.
async fn questions_with_answers(state: &AppState, category: &CategoryRow) -> Result<Vec<SavedQuestion>, ApiError> {
    let questions = quizzes::questions(state.store.pool(), category.id, category.quiz_version).await.map_err(db)?;
    let now = state.clock.now_ms();
    Ok(questions
        .iter()
        .map(|q| {
            let media = crate::media::served(state, q.media.as_ref(), now);
            let pictures = crate::media::served_pictures(state, q.pictures.iter().map(Option::as_ref), now);
            SavedQuestion { id: q.id, question: AnsweredQuestion { media, pictures, ..AnsweredQuestion::new(&q.text, &q.kind, &q.explanation) } }
        })
        .collect())
}

/// The audience's name.
#[derive(Serialize, ToSchema)]
pub(super) struct AudienceName {
    /// The audience list's name, or `Open to all`.
    name: String,
}

/// A hosted quiz's settings (some fields in snake case, as the first version named them).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct HostQuizCategory {
    id: i64,
    name: String,
    /// When the quiz closes (RFC 3339).
    #[serde(rename = "valid_until")]
    valid_until: Option<String>,
    /// Minutes per attempt.
    #[serde(rename = "time_limit")]
    time_limit: i64,
    quiz_code: Option<String>,
    audience: AudienceName,
}

/// A hosted quiz and its questions with answers.
#[derive(Serialize, ToSchema)]
pub(super) struct HostQuiz {
    success: bool,
    category: HostQuizCategory,
    questions: Vec<SavedQuestion>,
}

/// A hosted quiz with its answers, for its host.
#[utoipa::path(get, path = "/hostQuiz/quiz/{categoryId}", operation_id = "hostQuiz", tag = "hosting", security(("bearer" = [])),
    params(("categoryId" = i64, Path, minimum = 1, description = "The quiz")),
    responses(
        (status = 200, description = "The quiz and its questions", body = HostQuiz),
        (status = 400, description = "Not a category id", body = ErrorBody),
        (status = 403, description = "The caller is not the quiz's host", body = ErrorBody),
        (status = 404, description = "No such quiz", body = ErrorBody),
    ),
)]
pub(super) async fn quiz_for_host(State(state): State<AppState>, caller: AuthUser, Path(category_id): Path<String>) -> Result<Json<HostQuiz>, ApiError> {
    let category = hosted_by(&state, &caller.user_id, &category_id).await?;
    let questions = questions_with_answers(&state, &category).await?;
    Ok(Json(HostQuiz {
        success: true,
        category: HostQuizCategory {
            id: category.id,
            valid_until: time(category.valid_until),
            time_limit: category.time_limit,
            audience: AudienceName { name: category.audience_name.clone().unwrap_or_else(|| OPEN_TO_ALL.into()) },
            quiz_code: category.code,
            name: category.name,
        },
        questions,
    }))
}

/// A quiz's questions with answers, and its time limit.
#[derive(Serialize, ToSchema)]
pub(super) struct QuestionsWithAnswers {
    questions: Vec<SavedQuestion>,
    /// Minutes per attempt.
    time_limit: i64,
}

/// A hosted quiz's questions with answers, for its host.
#[utoipa::path(get, path = "/question/{categoryId}/with-answers", operation_id = "questionsWithAnswers", tag = "hosting", security(("bearer" = [])),
    params(("categoryId" = i64, Path, minimum = 1, description = "The quiz")),
    responses(
        (status = 200, description = "The questions and the time limit in minutes", body = QuestionsWithAnswers),
        (status = 400, description = "Not a category id", body = ErrorBody),
        (status = 403, description = "The caller is not the quiz's host", body = ErrorBody),
        (status = 404, description = "No such quiz", body = ErrorBody),
    ),
)]
pub(super) async fn with_answers(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(category_id): Path<String>,
) -> Result<Json<QuestionsWithAnswers>, ApiError> {
    let category = hosted_by(&state, &caller.user_id, &category_id).await?;
    let questions = questions_with_answers(&state, &category).await?;
    Ok(Json(QuestionsWithAnswers { questions, time_limit: category.time_limit }))
}
