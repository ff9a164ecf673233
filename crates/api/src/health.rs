//! `GET /api/health` (backend, log head, version) and `GET /api/openapi.json`.

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use utoipa_axum::router::OpenApiRouter;
use serde_json::{Value, json};

use crate::error::ApiError;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().route("/health", get(get_health)).route("/openapi.json", get(get_openapi))
}

pub async fn get_health(State(state): State<AppState>) -> Result<axum::Json<Value>, ApiError> {
    let head = state.store.head().await?;
    Ok(axum::Json(json!({
        "status": "ok",
        "backend": state.store.backend().name(),
        "head": head,
        "version": env!("CARGO_PKG_VERSION"),
    })))
}

/// The OpenAPI document of the whole API, made from the code (`openapi`).
pub async fn get_openapi() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], crate::openapi::DOCUMENT.as_str())
}
