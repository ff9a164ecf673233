//! The editor: the host replaces a quiz's questions with a new version. Past attempts keep the
//! version they were served; questions that stay keep their ids.

use axum::Json;
use axum::extract::State;
use quizroom_domain::StreamId;
use quizroom_domain::quiz::{Question, Quiz, QuizCommand, QuizError};
use quizroom_eventstore::StoreError;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::access::{hosted_by, not_host};
use crate::commands::{allocate_ids, decide_on, load, metadata};
use crate::error::{ApiError, ApiJson};
use crate::quiz_form::{DraftQuestion, EditedQuestion, checked_question, validation};
use crate::state::AppState;
use crate::tokens::AuthUser;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct UpdateRequest {
    #[serde(default)]
    category_id: Value,
    #[serde(default)]
    questions: Vec<EditedQuestion>,
}

async fn update_once(state: &AppState, caller: &AuthUser, category_id: i64, edited: &[(Option<i64>, DraftQuestion)]) -> Result<Result<usize, QuizError>, StoreError> {
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

pub(super) async fn update_questions(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<UpdateRequest>) -> Result<Json<Value>, ApiError> {
    let category_id = match &body.category_id {
        Value::Number(n) => n.as_i64().map(|id| id.to_string()).unwrap_or_default(),
        Value::String(s) => s.clone(),
        _ => String::new(),
    };
    let category = hosted_by(&state, &caller.user_id, &category_id).await?;
    let mut errors = Vec::new();
    let mut edited = Vec::new();
    for (i, q) in body.questions.iter().enumerate() {
        match checked_question(i + 1, q) {
            Ok(checked) => edited.push((q.id, checked)),
            Err(message) => errors.push(message),
        }
    }
    if body.questions.is_empty() {
        errors.push("A quiz needs at least one question".to_owned());
    }
    if let Some(first) = errors.first() {
        return Err(validation(first.clone()).with_details(json!({ "errors": errors })));
    }
    let count = crate::retrying!(update_once(&state, &caller, category.id, &edited))?.map_err(|e| match e {
        QuizError::NotHost | QuizError::NotFound => not_host(),
        other => validation(other.to_string()),
    })?;
    Ok(Json(json!({ "success": true, "message": "Successfully updated questions!", "questionCount": count })))
}

