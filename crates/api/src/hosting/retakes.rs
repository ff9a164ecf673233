//! Retakes: the host frees a player's submitted attempt so they can take the quiz again
//! (`DELETE /api/leaderboard/deleteEntry`, the path the first version used).

use axum::Json;
use axum::extract::State;
use quizroom_domain::StreamId;
use quizroom_domain::attempt::{Attempt, AttemptCommand, AttemptError};
use quizroom_projections::attempt::read as attempts;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::access::hosted_by;
use crate::commands::{CommandError, execute, metadata};
use crate::error::{ApiError, ApiJson, db};
use crate::input::{ObjectBody, non_blank_schema, opt_int};
use crate::openapi::ErrorBody;
use crate::quiz_form::validation;
use crate::state::AppState;
use crate::tokens::AuthUser;

/// Whose submission to free, on which quiz.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct RetakeRequest {
    /// The player.
    #[schema(required, schema_with = non_blank_schema)]
    user_id: Option<String>,
    /// The quiz.
    #[serde(default, deserialize_with = "opt_int")]
    #[schema(required, value_type = i64, format = Int64, minimum = 1)]
    category_id: Option<i64>,
}

/// The retake was granted.
#[derive(Serialize, ToSchema)]
pub(super) struct RetakeGranted {
    success: bool,
    message: &'static str,
}

/// The host grants a player a retake: the player's entry leaves the results and leaderboard until
/// they play again.
#[utoipa::path(delete, path = "/leaderboard/deleteEntry", operation_id = "deleteEntry", tag = "hosting", request_body = RetakeRequest, security(("bearer" = [])),
    responses(
        (status = 200, description = "Granted", body = RetakeGranted),
        (status = 400, description = "No player or quiz (`Cannot perform action: Missing required user or category information.`), or not a category id", body = ErrorBody),
        (status = 403, description = "The caller is not the quiz's host", body = ErrorBody),
        (status = 404, description = "No such quiz, or the player has no submission to retake", body = ErrorBody),
        (status = 409, description = "The attempt changed at the same moment; try again", body = ErrorBody),
    ),
)]
pub(super) async fn grant_retake(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(ObjectBody(body)): ApiJson<ObjectBody<RetakeRequest>>,
) -> Result<Json<RetakeGranted>, ApiError> {
    let missing = || validation("Cannot perform action: Missing required user or category information.");
    let player = body.user_id.filter(|u| !u.trim().is_empty()).ok_or_else(missing)?;
    let category_id = body.category_id.ok_or_else(missing)?;
    let category = hosted_by(&state, &caller.user_id, &category_id.to_string()).await?;
    let attempt_id = attempts::retakeable(state.store.pool(), &player, category.id)
        .await
        .map_err(db)?
        .ok_or_else(|| ApiError::not_found("This player has no submission to retake"))?;
    let now = state.clock.now_ms();
    let command = || AttemptCommand::GrantRetake { by: caller.user_id.clone(), now };
    execute(&state.store, &StreamId::<Attempt>::new(&attempt_id), &metadata(&caller.user_id, "grant_retake"), command).await.map_err(|e| match e {
        CommandError::Rejected(AttemptError::NotSubmitted) => ApiError::not_found("This player has no submission to retake"),
        CommandError::Rejected(other) => ApiError::internal(other),
        CommandError::Store(e) => e.into(),
    })?;
    Ok(Json(RetakeGranted { success: true, message: "Retake granted" }))
}
