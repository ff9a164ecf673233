//! The router: every feature's routes under `/api`, a JSON 404 for unknown API paths, and the
//! built web app (with `index.html` for the app's own routes) for everything else.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderName, Request};
use axum::routing::get;
use quizroom_eventstore::EventStore;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, RequestId, SetRequestIdLayer};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::trace::TraceLayer;

use crate::clock::Clock;
use crate::error::ApiError;
use crate::limits::Limiter;
use crate::mail::Mailer;
use crate::payment::PaymentProvider;
use crate::tokens::Keys;
use crate::{audience, auth, generate, health, hosting, leaderboard, mail, play, wallet};

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub store: EventStore,
    pub keys: Arc<Keys>,
    pub mailer: Mailer,
    pub limits: Arc<Limits>,
    pub payments: Arc<dyn PaymentProvider>,
    pub clock: Arc<dyn Clock>,
    /// Tokens granted when an e-mail is verified.
    pub welcome_tokens: i64,
    pub hub: quizroom_hub::Hub,
    /// Quiz versions that submissions score against, read once.
    pub quizzes: Arc<crate::catalogue::QuizVersions>,
    /// Writes generated questions: a chat-completions endpoint or the offline generator.
    pub generator: Arc<dyn quizroom_generate::Generator>,
    /// Players' submissions, written in groups (group commit).
    pub submissions: crate::submissions::SubmitQueue,
}

/// Failed sign-ins allowed per e-mail and per client address in a quarter of an hour.
pub struct Limits {
    pub sign_in_by_email: Limiter,
    pub sign_in_by_address: Limiter,
}

impl Default for Limits {
    fn default() -> Self {
        let window = Duration::from_secs(15 * 60);
        Limits { sign_in_by_email: Limiter::new(5, window), sign_in_by_address: Limiter::new(20, window) }
    }
}

#[derive(serde::Deserialize)]
struct SocketQuery {
    token: Option<String>,
}

/// `GET /ws?token=…`: the hub (`docs/websocket.md`). The token is checked before the upgrade.
async fn open_socket(
    axum::extract::State(state): axum::extract::State<AppState>,
    axum::extract::Query(query): axum::extract::Query<SocketQuery>,
    upgrade: axum::extract::ws::WebSocketUpgrade,
) -> Result<axum::response::Response, ApiError> {
    let token = query.token.filter(|t| !t.is_empty()).ok_or_else(|| {
        ApiError::new(axum::http::StatusCode::UNAUTHORIZED, "unauthenticated", "No authentication token found")
    })?;
    let claims = state.keys.verify(&token)?;
    let permit = state.hub.admit().ok_or_else(|| {
        ApiError::new(axum::http::StatusCode::SERVICE_UNAVAILABLE, "hub_full", "Too many live connections; please try again")
    })?;
    let hub = state.hub.clone();
    // Messages are small both ways; tungstenite's default 128 KiB buffers would dominate the
    // memory of thousands of idle connections.
    let upgrade = upgrade.read_buffer_size(4 * 1024).write_buffer_size(4 * 1024).max_message_size(64 * 1024);
    Ok(upgrade.on_upgrade(move |socket| quizroom_hub::serve_connection(hub, socket, claims.sub, claims.exp, permit)))
}

/// The development mailbox: only when mail does not go over SMTP.
async fn get_mailbox(axum::extract::State(state): axum::extract::State<AppState>) -> Result<axum::Json<serde_json::Value>, ApiError> {
    if state.mailer.smtp_enabled() {
        return Err(ApiError::not_found("The development mailbox is off: mail goes over SMTP"));
    }
    Ok(axum::Json(serde_json::json!({ "messages": mail::mailbox(&state.store).await? })))
}

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The whole application. `web_dir` is served when it holds a built app.
pub fn app(state: AppState, web_dir: &Path) -> Router {
    let api = Router::new()
        .route("/health", get(health::get_health))
        .route("/openapi.json", get(health::get_openapi))
        .nest("/auth", auth::router())
        .nest("/wallet", wallet::router())
        .nest("/leaderboard", leaderboard::router())
        .nest("/audience", audience::router())
        .merge(play::router())
        .merge(hosting::router())
        .merge(generate::router())
        .route("/dev/mailbox", get(get_mailbox))
        .fallback(|| async { ApiError::not_found("No such API endpoint") });

    let mut router = Router::new().nest("/api", api).route("/ws", get(open_socket)).with_state(state);
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
