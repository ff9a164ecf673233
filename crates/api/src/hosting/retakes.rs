//! Retakes: the host frees a player's submitted attempt so they can take the quiz again
//! (`DELETE /api/leaderboard/deleteEntry`, the path the first version used).

use axum::Json;
use axum::extract::State;
use quizroom_domain::StreamId;
use quizroom_domain::attempt::{Attempt, AttemptCommand, AttemptError};
use quizroom_projections::attempt::read as attempts;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::access::hosted_by;
use crate::commands::{CommandError, execute, metadata};
use crate::error::{ApiError, ApiJson, db};
use crate::quiz_form::validation;
use crate::state::AppState;
use crate::tokens::AuthUser;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct RetakeRequest {
    user_id: Option<String>,
    #[serde(default)]
    category_id: Value,
}

/// `DELETE /api/leaderboard/deleteEntry`: the host grants a player a retake.
pub(super) async fn grant_retake(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<RetakeRequest>) -> Result<Json<Value>, ApiError> {
    let missing = || validation("Cannot perform action: Missing required user or category information.");
    let player = body.user_id.filter(|u| !u.trim().is_empty()).ok_or_else(missing)?;
    let category_id = match &body.category_id {
        Value::Number(n) => n.to_string(),
        Value::String(s) if !s.trim().is_empty() => s.clone(),
        _ => return Err(missing()),
    };
    let category = hosted_by(&state, &caller.user_id, &category_id).await?;
    let attempt_id = attempts::retakeable(state.store.pool(), &player, category.id)
        .await
        .map_err(db)?
        .ok_or_else(|| ApiError::not_found("This player has no submission to retake"))?;
    let now = state.clock.now_ms();
    let command = || AttemptCommand::GrantRetake { by: caller.user_id.clone(), now };
    execute(&state.store, &StreamId::<Attempt>::new(&attempt_id), &metadata(&caller.user_id, "grant_retake"), command).await.map_err(|e| {
        match e {
            CommandError::Rejected(AttemptError::NotSubmitted) => ApiError::not_found("This player has no submission to retake"),
            CommandError::Rejected(other) => ApiError::internal(other),
            CommandError::Store(e) => e.into(),
        }
    })?;
    Ok(Json(json!({ "success": true, "message": "Retake granted" })))
}
