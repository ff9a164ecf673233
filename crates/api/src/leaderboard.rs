//! Leaderboards, from each player's best score per quiz: per category, and global (the sum of a
//! player's bests, computed on read, so no row is updated by every submission).

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use quizroom_projections::attempt::read::{self as attempts, Standing};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::access::parse_category_id;
use crate::error::{ApiError, ApiJson, ApiQuery, db};
use crate::state::AppState;
use crate::tokens::AuthUser;

/// The most rows a leaderboard returns.
pub const MOST_ROWS: i64 = 1000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .route("/leaderboard", get(get_global))
        .route("/leaderboard/category", get(get_category))
        .route("/leaderboard/updateScore", post(update_score))
}

fn standings_json(rows: Vec<Standing>) -> Vec<Value> {
    rows.into_iter()
        .map(|r| json!({ "userId": r.user_id, "firstName": r.first_name, "lastName": r.last_name, "points": r.points }))
        .collect()
}

/// Every player's total of best scores, highest first; ties by name.
pub async fn global(state: &AppState) -> Result<Vec<Value>, ApiError> {
    Ok(standings_json(attempts::global_ranking(state.store.pool(), MOST_ROWS).await.map_err(db)?))
}

/// The ranking of one quiz (`attempts::ranking`, the one definition of rank).
pub async fn for_category(state: &AppState, category_id: i64) -> Result<Vec<Value>, ApiError> {
    Ok(standings_json(attempts::ranking(state.store.pool(), category_id, MOST_ROWS).await.map_err(db)?))
}

async fn get_global(State(state): State<AppState>) -> Result<Json<Vec<Value>>, ApiError> {
    Ok(Json(global(&state).await?))
}

#[derive(Deserialize)]
struct CategoryQuery {
    category_id: Option<String>,
}

async fn get_category(State(state): State<AppState>, ApiQuery(q): ApiQuery<CategoryQuery>) -> Result<Json<Vec<Value>>, ApiError> {
    let Some(text) = q.category_id.filter(|c| !c.trim().is_empty()) else {
        return Err(ApiError::bad_request("invalid_category", "No category specified"));
    };
    let category_id = parse_category_id(&text)?;
    Ok(Json(for_category(&state, category_id).await?))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct UpdateScore {
    user_id: Option<String>,
    #[serde(default)]
    category_id: Value,
    #[serde(default)]
    points: Value,
}

/// Kept for clients of the first version: the server already recorded the points when the
/// attempt was submitted, so this only confirms them. Points no submission earned are refused.
async fn update_score(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<UpdateScore>) -> Result<Json<Value>, ApiError> {
    caller.ensure_self(body.user_id.as_deref())?;
    let category_id = match &body.category_id {
        Value::Number(n) => n.as_i64().unwrap_or(0),
        Value::String(s) => s.trim().parse().unwrap_or(0),
        _ => 0,
    };
    if category_id <= 0 {
        return Err(ApiError::bad_request("invalid_category", "Invalid category ID format."));
    }
    let claimed = body.points.as_i64().ok_or_else(|| ApiError::bad_request("invalid_input", "points must be a whole number"))?;
    let best = attempts::best_points(state.store.pool(), category_id, &caller.user_id).await.map_err(db)?;
    let Some(best) = best else {
        return Err(ApiError::not_found("No submitted attempt for this quiz"));
    };
    if claimed > best {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "points_not_earned",
            "Points are recorded by the server when a quiz is submitted",
        )
        .with_details(json!({ "points": best })));
    }
    Ok(Json(json!({ "success": true, "points": best })))
}
