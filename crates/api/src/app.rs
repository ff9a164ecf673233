//! The router: every feature's routes under `/api`, a JSON 404 for unknown API paths, and the
//! built web app (with `index.html` for the app's own routes) for everything else.

use std::path::Path;
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderName, Request};
use axum::routing::get;
use quizroom_eventstore::EventStore;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, RequestId, SetRequestIdLayer};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::trace::TraceLayer;

use crate::error::ApiError;
use crate::health;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub store: EventStore,
}

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The whole application. `web_dir` is served when it holds a built app.
pub fn app(state: AppState, web_dir: &Path) -> Router {
    let api = Router::new()
        .route("/health", get(health::get_health))
        .route("/openapi.json", get(health::get_openapi))
        .fallback(|| async { ApiError::not_found("No such API endpoint") });

    let mut router = Router::new().nest("/api", api).with_state(state);
    let index = web_dir.join("index.html");
    if index.is_file() {
        router = router.fallback_service(ServeDir::new(web_dir).fallback(ServeFile::new(index)));
    }
    router
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request<_>| {
                    let id = request
                        .extensions()
                        .get::<RequestId>()
                        .and_then(|id| id.header_value().to_str().ok())
                        .unwrap_or("-");
                    tracing::info_span!("request", request_id = %id, method = %request.method(), path = %request.uri().path())
                })
                .on_response(|response: &axum::response::Response, latency: Duration, _: &tracing::Span| {
                    tracing::info!(status = response.status().as_u16(), latency_ms = latency.as_millis() as u64, "served");
                }),
        )
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid))
}
