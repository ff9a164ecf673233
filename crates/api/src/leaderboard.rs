//! Leaderboards, from each player's best score per quiz: per category, and global (the sum of a
//! player's bests, computed on read, so no row is updated by every submission).

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use quizroom_eventstore::StoreError;
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::Row;

use crate::app::AppState;
use crate::error::{ApiError, ApiJson};
use crate::play::parse_category_id;
use crate::tokens::AuthUser;

/// The most rows a leaderboard returns.
pub const MOST_ROWS: i64 = 1000;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(get_global))
        .route("/category", get(get_category))
        .route("/updateScore", post(update_score))
        .route("/deleteEntry", delete(crate::hosting::grant_retake))
}

fn rows_to_json(rows: &[sqlx::any::AnyRow]) -> Result<Vec<Value>, ApiError> {
    rows.iter()
        .map(|r| {
            Ok(json!({
                "userId": r.try_get::<String, _>(0)?,
                "firstName": r.try_get::<String, _>(1)?,
                "lastName": r.try_get::<String, _>(2)?,
                "points": r.try_get::<i64, _>(3)?,
            }))
        })
        .collect::<Result<_, sqlx::Error>>()
        .map_err(|e| StoreError::from(e).into())
}

/// Every player's total of best scores, highest first; ties by name.
pub async fn global(state: &AppState) -> Result<Vec<Value>, ApiError> {
    let rows = sqlx::query(
        "select u.user_id, u.first_name, u.last_name, cast(sum(b.points) as bigint) as total from best_score b \
         join user_account u on u.user_id = b.user_id group by u.user_id, u.first_name, u.last_name \
         order by total desc, u.first_name, u.last_name, u.user_id limit $1",
    )
    .bind(MOST_ROWS)
    .fetch_all(state.store.pool())
    .await
    .map_err(StoreError::from)?;
    rows_to_json(&rows)
}

/// The best scores on one quiz, highest first; a tie goes to who got there first.
pub async fn for_category(state: &AppState, category_id: i64) -> Result<Vec<Value>, ApiError> {
    let rows = sqlx::query(
        "select u.user_id, u.first_name, u.last_name, b.points, b.achieved_at from best_score b \
         join user_account u on u.user_id = b.user_id where b.category_id = $1 \
         order by b.points desc, b.achieved_at, u.user_id limit $2",
    )
    .bind(category_id)
    .bind(MOST_ROWS)
    .fetch_all(state.store.pool())
    .await
    .map_err(StoreError::from)?;
    rows_to_json(&rows)
}

async fn get_global(State(state): State<AppState>) -> Result<Json<Vec<Value>>, ApiError> {
    Ok(Json(global(&state).await?))
}

#[derive(Deserialize)]
struct CategoryQuery {
    category_id: Option<String>,
}

async fn get_category(State(state): State<AppState>, Query(q): Query<CategoryQuery>) -> Result<Json<Vec<Value>>, ApiError> {
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
    let best: Option<i64> = sqlx::query_scalar::<_, i64>("select points from best_score where category_id = $1 and user_id = $2")
        .bind(category_id)
        .bind(&caller.user_id)
        .fetch_optional(state.store.pool())
        .await
        .map_err(StoreError::from)?;
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
