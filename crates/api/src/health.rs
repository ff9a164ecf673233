//! `GET /api/health` (backend, log head, version) and `GET /api/openapi.json`.

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use serde_json::{Value, json};

use crate::state::AppState;
use crate::error::ApiError;

pub async fn get_health(State(state): State<AppState>) -> Result<axum::Json<Value>, ApiError> {
    let head = state.store.head().await?;
    Ok(axum::Json(json!({
        "status": "ok",
        "backend": state.store.backend().name(),
        "head": head,
        "version": env!("CARGO_PKG_VERSION"),
    })))
}

/// The OpenAPI document of the whole API, kept beside the code in `openapi.json`.
pub const OPENAPI: &str = include_str!("../openapi.json");

pub async fn get_openapi() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI)
}
