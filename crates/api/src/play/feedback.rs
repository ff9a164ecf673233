//! Feedback: each scored answer with its question, right answer and explanation, from the quiz
//! version the attempt was scored on. For the player, or the quiz's host.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use quizroom_domain::attempt::ScoredAnswer;
use quizroom_domain::question::{QuestionKind, Response};
use quizroom_domain::quiz::{Letter, Quiz};
use quizroom_projections::attempt::read as attempts;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::access::{is_host_of, parse_category_id};
use crate::error::{ApiError, ApiQuery, db};
use crate::openapi::ErrorBody;
use crate::state::AppState;
use crate::tokens::AuthUser;

/// A scored answer with its question, the right answer and the explanation. A question of four
/// options with one right has PRODUCT.md's shape (`optionA`…`optionD`, `correctAnswer`,
/// `userAnswer`); every other type has `type`, `definition`, `response` and `f` instead.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct FeedbackItem {
    /// The question's id.
    id: i64,
    question_text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    option_a: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    option_b: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    option_c: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    option_d: Option<String>,
    /// The right letter (questions A–D).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = String, pattern = "^[ABCD]$")]
    correct_answer: Option<&'static str>,
    /// The player's letter, or null when unanswered (questions A–D).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, pattern = "^[ABCD]$")]
    user_answer: Option<Option<&'static str>>,
    /// Fully right.
    is_correct: bool,
    explanation: String,
    /// Other types: the type (as `PlayQuestion.type`).
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
    /// Other types: the question's whole definition with its answer key, lists in their right
    /// order (`{"type":"numeric","answer":9.81,"tolerance":{"kind":"absolute","value":0.1}}`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    definition: Option<QuestionKind>,
    /// Other types: the player's response by the definition's indices (null when unanswered).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    response: Option<Option<Response>>,
    /// Other types: how right, 0…1 (null for a poll, a word cloud or a slide).
    #[serde(skip_serializing_if = "Option::is_none")]
    f: Option<Option<f64>>,
    /// The picture, sound or video the question showed (issue 30), each file with a signed `url`;
    /// absent when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    media: Option<serde_json::Value>,
    /// Pictures on its options or items (issue 30): one entry per option or item in the
    /// definition's order, `null` where one shows none, each file with a signed `url`; absent
    /// when none shows any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Option<Object>>>)]
    pictures: Option<Vec<Option<serde_json::Value>>>,
}

/// Feedback items: the scored answers with the questions of the quiz version they were scored on.
pub(super) fn feedback_from(state: &AppState, answers: &[ScoredAnswer], quiz: &Quiz) -> Vec<FeedbackItem> {
    let now = state.clock.now_ms();
    answers
        .iter()
        .filter_map(|a| {
            let q = quiz.question(a.question_id)?;
            let mut item = FeedbackItem {
                id: q.id,
                question_text: q.text.clone(),
                option_a: None,
                option_b: None,
                option_c: None,
                option_d: None,
                correct_answer: None,
                user_answer: None,
                is_correct: a.correct,
                explanation: q.explanation.clone(),
                kind: None,
                definition: None,
                response: None,
                f: None,
                media: crate::media::served(state, q.media.as_ref(), now),
                pictures: crate::media::served_pictures(state, q.pictures.iter().map(Option::as_ref), now),
            };
            match q.letters() {
                Some(([option_a, option_b, option_c, option_d], right)) => {
                    (item.option_a, item.option_b, item.option_c, item.option_d) = (Some(option_a), Some(option_b), Some(option_c), Some(option_d));
                    item.correct_answer = Some(right.as_str());
                    item.user_answer = Some(a.response.as_ref().and_then(Response::letter).map(Letter::as_str));
                }
                None => {
                    item.kind = Some(q.kind.name());
                    item.definition = Some(q.kind.clone());
                    item.response = Some(a.response.clone());
                    item.f = Some(a.f);
                }
            }
            Some(item)
        })
        .collect()
}

/// The feedback of a submitted attempt, from its scored answers and the version it was served.
pub(super) async fn scored_feedback(state: &AppState, scored: &attempts::Scored) -> Result<Vec<FeedbackItem>, ApiError> {
    let mut conn = state.store.pool().acquire().await.map_err(db)?;
    let quiz = state.quizzes.get(&state.store, &mut conn, scored.category_id, scored.quiz_version).await?;
    Ok(feedback_from(state, &scored.answers, &quiz))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct FeedbackQuery {
    /// The player (the caller when absent or empty); someone else's only for the quiz's host.
    user_id: Option<String>,
    /// The quiz.
    #[param(value_type = i64, minimum = 1)]
    category_id: Option<String>,
}

/// Per-question feedback on a player's latest submission of a quiz.
///
/// The caller's own, or a participant's for the quiz's host.
#[utoipa::path(get, path = "/attempt/feedback", operation_id = "getFeedback", tag = "play", params(FeedbackQuery), security(("bearer" = [])), responses(
    (status = 200, description = "The feedback items, in the quiz's order", body = Vec<FeedbackItem>),
    (status = 400, description = "No category, not a category id, or the query could not be read", body = ErrorBody),
    (status = 403, description = "Someone else's submission, and the caller is not the quiz's host", body = ErrorBody),
    (status = 404, description = "No submission of this quiz", body = ErrorBody),
))]
pub(super) async fn get_feedback(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiQuery(q): ApiQuery<FeedbackQuery>,
) -> Result<Json<Vec<FeedbackItem>>, ApiError> {
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
