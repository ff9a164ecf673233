//! `GET /api/health` (backend, log head, version). `GET /api/openapi.json` is served where the
//! document is put together (`app`).

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ApiError;
use crate::openapi::ErrorBody;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_health))
}

/// The server is up and its store answers.
#[derive(Serialize, ToSchema)]
pub struct Health {
    #[schema(value_type = String, example = "ok")]
    status: &'static str,
    /// `sqlite` or `postgres`.
    #[schema(value_type = String)]
    backend: &'static str,
    /// The highest position in the event log (0 when empty).
    head: i64,
    #[schema(value_type = String)]
    version: &'static str,
}

/// Whether the server and its store answer.
#[utoipa::path(get, path = "/health", tag = "health", responses(
    (status = 200, description = "Up", body = Health),
    (status = 500, description = "The store does not answer", body = ErrorBody),
))]
pub async fn get_health(State(state): State<AppState>) -> Result<Json<Health>, ApiError> {
    let head = state.store.head().await?;
    Ok(Json(Health { status: "ok", backend: state.store.backend().name(), head, version: env!("CARGO_PKG_VERSION") }))
}
