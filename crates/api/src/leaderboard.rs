//! Leaderboards, from the score that counts per player and quiz (the first completed attempt):
//! per quiz, and global (the sum over the curated categories, computed on read, so no row is
//! updated by every submission).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use quizroom_projections::attempt::read::{self as attempts, Standing};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::{find_category, in_audience, parse_category_id};
use crate::error::{ApiError, ApiJson, ApiQuery, db};
use crate::input::whole;
use crate::openapi::ErrorBody;
use crate::state::AppState;
use crate::tokens::AuthUser;

/// The most rows a leaderboard returns.
pub const MOST_ROWS: i64 = 1000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_global)).routes(routes!(get_category)).routes(routes!(update_score))
}

/// A player on a leaderboard, in rank order.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeaderboardRow {
    user_id: String,
    first_name: String,
    last_name: String,
    points: i64,
}

fn rows(standings: Vec<Standing>) -> Vec<LeaderboardRow> {
    standings.into_iter().map(|r| LeaderboardRow { user_id: r.user_id, first_name: r.first_name, last_name: r.last_name, points: r.points }).collect()
}

/// Every player's total over the curated categories, highest first; ties by name (at most 1,000
/// rows). Only a player's first completed attempt of a category counts; hosted quizzes count on
/// their own boards only (decision 0021).
#[utoipa::path(get, path = "/leaderboard", tag = "leaderboard", responses(
    (status = 200, description = "The global leaderboard", body = Vec<LeaderboardRow>),
))]
async fn get_global(State(state): State<AppState>) -> Result<Json<Vec<LeaderboardRow>>, ApiError> {
    Ok(Json(rows(attempts::global_ranking(state.store.pool(), MOST_ROWS).await.map_err(db)?)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct CategoryQuery {
    /// The quiz.
    #[param(value_type = i64, format = Int64, minimum = 1)]
    category_id: Option<String>,
}

/// The scores that count on one quiz (`attempts::ranking`, the one definition of rank; at most
/// 1,000). A quiz open to a list shows its board to its host and audience only (sign in with a
/// bearer token); to anyone else it is empty, as a missing quiz's is.
#[utoipa::path(get, path = "/leaderboard/category", tag = "leaderboard", params(CategoryQuery), security((), ("bearer" = [])), responses(
    (status = 200, description = "The quiz's leaderboard", body = Vec<LeaderboardRow>),
    (status = 400, description = "No category, or not a category id", body = ErrorBody),
    (status = 401, description = "A bearer token was sent and is not valid", body = ErrorBody),
    (status = 403, description = "A bearer token was sent and its e-mail is not verified", body = ErrorBody),
))]
async fn get_category(
    State(state): State<AppState>,
    caller: Option<AuthUser>,
    ApiQuery(q): ApiQuery<CategoryQuery>,
) -> Result<Json<Vec<LeaderboardRow>>, ApiError> {
    let Some(text) = q.category_id.filter(|c| !c.trim().is_empty()) else {
        return Err(ApiError::bad_request("invalid_category", "No category specified"));
    };
    let category_id = parse_category_id(&text)?;
    // A quiz open to a list shows its players to its host and its audience only; to anyone else
    // its board is as empty as a missing quiz's.
    let Some(category) = find_category(&state, category_id).await? else { return Ok(Json(vec![])) };
    if category.audience_list_id.is_some() {
        let admitted = match &caller {
            Some(caller) => in_audience(&state, &caller.user_id, &category).await?,
            None => false,
        };
        if !admitted {
            return Ok(Json(vec![]));
        }
    }
    Ok(Json(rows(attempts::ranking(state.store.pool(), category_id, MOST_ROWS).await.map_err(db)?)))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct UpdateScore {
    /// Must be the caller's own id when given.
    user_id: Option<String>,
    #[serde(default)]
    #[schema(required, value_type = i64, format = Int64, minimum = 1)]
    category_id: Value,
    /// The points the client believes were earned.
    #[serde(default)]
    #[schema(required, value_type = i64, format = Int64)]
    points: Value,
}

/// The points the server recorded.
#[derive(Serialize, ToSchema)]
struct ScoreConfirmed {
    success: bool,
    points: i64,
}

/// Kept for clients of the first version: the server already recorded the points when the
/// attempt was submitted, so this only confirms them. Points no submission earned are refused.
#[utoipa::path(post, path = "/leaderboard/updateScore", tag = "leaderboard", request_body = UpdateScore, security(("bearer" = [])), responses(
    (status = 200, description = "The recorded points", body = ScoreConfirmed),
    (status = 400, description = "Not a category id, or points not a whole number", body = ErrorBody),
    (status = 403, description = "`userId` is someone else's", body = ErrorBody),
    (status = 404, description = "No submitted attempt on this quiz", body = ErrorBody),
    (status = 422, description = "More points than any submission earned (`details.points`)", body = ErrorBody),
))]
async fn update_score(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<UpdateScore>) -> Result<Json<ScoreConfirmed>, ApiError> {
    caller.ensure_self(body.user_id.as_deref())?;
    let category_id = match &body.category_id {
        Value::Number(_) => whole(&body.category_id).unwrap_or(0),
        Value::String(s) => s.trim().parse().unwrap_or(0),
        _ => 0,
    };
    if category_id <= 0 {
        return Err(ApiError::bad_request("invalid_category", "Invalid category ID format."));
    }
    let claimed = whole(&body.points).ok_or_else(|| ApiError::bad_request("invalid_input", "points must be a whole number"))?;
    let best = attempts::best_points(state.store.pool(), category_id, &caller.user_id).await.map_err(db)?;
    let Some(best) = best else {
        return Err(ApiError::not_found("No submitted attempt for this quiz"));
    };
    if claimed > best {
        return Err(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "points_not_earned", "Points are recorded by the server when a quiz is submitted")
            .with_details(json!({ "points": best })));
    }
    Ok(Json(ScoreConfirmed { success: true, points: best }))
}
