//! The editor: the host replaces a quiz's questions with a new version. Past attempts keep the
//! version they were served; questions that stay keep their ids.

use axum::Json;
use axum::extract::State;
use quizroom_domain::StreamId;
use quizroom_domain::quiz::{Question, Quiz, QuizCommand, QuizError};
use quizroom_eventstore::StoreError;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::access::{hosted_by, not_host};
use crate::commands::{allocate_ids, decide_on, load, metadata};
use crate::error::{ApiError, ApiJson};
use crate::input::{ObjectBody, objects, opt_int};
use crate::openapi::ErrorBody;
use crate::quiz_form::{DraftQuestion, EditedQuestion, QuestionProblem, checked_question, questions_refused, validation};
use crate::state::AppState;
use crate::tokens::AuthUser;

/// A hosted quiz's new questions.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct UpdateRequest {
    /// The quiz.
    #[serde(default, deserialize_with = "opt_int")]
    #[schema(required, value_type = i64, format = Int64, minimum = 1)]
    category_id: Option<i64>,
    /// The questions, in order; questions sent with their `id` keep it.
    #[serde(default, deserialize_with = "objects")]
    #[schema(required, min_items = 1)]
    questions: Vec<EditedQuestion>,
}

/// The questions were saved as a new version.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct QuestionsUpdated {
    success: bool,
    message: &'static str,
    question_count: usize,
}

async fn update_once(
    state: &AppState,
    caller: &AuthUser,
    category_id: i64,
    edited: &[(Option<i64>, DraftQuestion)],
) -> Result<Result<usize, QuizError>, StoreError> {
    let mut tx = state.store.begin_write().await?;
    let stream = StreamId::<Quiz>::new(category_id);
    let (quiz, version) = load(&state.store, &mut tx, &stream).await?;
    // A question keeps its id when it still belongs to the quiz (once); the others get new ids.
    let mut seen = std::collections::HashSet::new();
    let kept: Vec<Option<i64>> = edited.iter().map(|(id, _)| id.filter(|id| quiz.question(*id).is_some() && seen.insert(*id))).collect();
    let fresh = kept.iter().filter(|id| id.is_none()).count() as i64;
    let mut next = if fresh > 0 { allocate_ids(&mut tx, "question", fresh).await? } else { 0 };
    let questions: Vec<Question> = edited
        .iter()
        .zip(kept)
        .map(|((_, question), kept)| {
            question.with_id(kept.unwrap_or_else(|| {
                next += 1;
                next - 1
            }))
        })
        .collect();
    let count = questions.len();
    let command = QuizCommand::UpdateQuestions { by: caller.user_id.clone(), questions };
    match decide_on(&state.store, &mut tx, &stream, quiz, version, &metadata(&caller.user_id, "update_questions"), command).await? {
        Ok(_) => {
            tx.commit().await?;
            state.store.committed();
            Ok(Ok(count))
        }
        Err(e) => Ok(Err(e)),
    }
}

/// Replaces a hosted quiz's questions: a new version (attempts already started keep theirs).
#[utoipa::path(post, path = "/question/update-category-questions", operation_id = "updateQuestions", tag = "hosting", request_body = UpdateRequest, security(("bearer" = [])),
    responses(
        (status = 200, description = "Saved", body = QuestionsUpdated),
        (status = 400, description = "Not a category id, no questions, or a question with a field missing, blank or too long (`details.errors`, `Question {n} …`)", body = ErrorBody),
        (status = 403, description = "The caller is not the quiz's host", body = ErrorBody),
        (status = 404, description = "No such quiz", body = ErrorBody),
        (status = 409, description = "The quiz changed at the same moment; try again", body = ErrorBody),
        (status = 422, description = "A question whose options are not all different, or whose answer is none of them, or whose definition cannot be scored (`details.errors`, the field named)", body = ErrorBody),
    ),
)]
pub(super) async fn update_questions(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(ObjectBody(body)): ApiJson<ObjectBody<UpdateRequest>>,
) -> Result<Json<QuestionsUpdated>, ApiError> {
    let category_id = body.category_id.map(|id| id.to_string()).unwrap_or_default();
    let category = hosted_by(&state, &caller.user_id, &category_id).await?;
    let mut problems = Vec::new();
    let mut edited = Vec::new();
    for (i, q) in body.questions.iter().enumerate() {
        match checked_question(i + 1, q) {
            Ok(checked) => edited.push((q.id, checked)),
            Err(problem) => problems.push(problem),
        }
    }
    if body.questions.is_empty() {
        problems.push(QuestionProblem::Invalid("A quiz needs at least one question".to_owned()));
    }
    if !problems.is_empty() {
        return Err(questions_refused(problems));
    }
    let current = quizroom_projections::quiz::read::questions(state.store.pool(), category.id, category.quiz_version).await.map_err(ApiError::internal)?;
    let kept = crate::media::shown_files(current.iter().map(|q| (q.media.as_ref(), q.pictures.as_slice())));
    crate::media::attach(&state, &caller.user_id, &kept, edited.iter_mut().map(|(_, q)| q)).await?;
    let count = crate::retrying!(update_once(&state, &caller, category.id, &edited))?.map_err(|e| match e {
        QuizError::NotHost | QuizError::NotFound => not_host(),
        other => validation(other.to_string()),
    })?;
    Ok(Json(QuestionsUpdated { success: true, message: "Successfully updated questions!", question_count: count }))
}
