//! The router: every feature's routes under `/api` with their document (`GET /api/openapi.json`),
//! a JSON 404 for unknown API paths, and the built web app (with `index.html` for the app's own
//! routes) for everything else. With `startup`, the composition root: the one place that imports
//! the features (decision 0044).

use std::path::Path;
use std::sync::LazyLock;
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderName, Request, header};
use axum::response::IntoResponse;
use axum::routing::get;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, RequestId, SetRequestIdLayer};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::trace::TraceLayer;

use quizroom_hub::{Account, Identity, Refusal};

use crate::error::ApiError;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::{audience, audit, auth, dev_mailbox, generate, health, hosting, insights, leaderboard, live, media, openapi, play, wallet};

#[derive(serde::Deserialize)]
struct SocketQuery {
    token: Option<String>,
}

/// `GET /ws?token=…`: the hub (`docs/websocket.md`). The token (a session, or a live game's
/// player token) is checked before the upgrade.
async fn open_socket(
    axum::extract::State(state): axum::extract::State<AppState>,
    axum::extract::Query(query): axum::extract::Query<SocketQuery>,
    quiet: Option<axum::Extension<crate::serving::Quiet>>,
    upgrade: axum::extract::ws::WebSocketUpgrade,
) -> Result<axum::response::Response, ApiError> {
    let token = query
        .token
        .filter(|t| !t.is_empty())
        .ok_or_else(|| ApiError::new(axum::http::StatusCode::UNAUTHORIZED, "unauthenticated", "No authentication token found"))?;
    let claims = state.keys.verify(&token)?;
    // A session, or a signed-in player's token, speaks for an account whose sessions may end.
    let (identity, account) = match claims.player() {
        Some((game_id, player_id)) => {
            let identity = Identity::Player { game_id: game_id.to_owned(), player_id: player_id.to_owned() };
            let account = claims.uid.clone().map(|user_id| Account { user_id, issued_ms: claims.issued_ms() });
            if let Some(account) = &account {
                crate::tokens::check_account(&state, &account.user_id, account.issued_ms).await?;
            }
            (identity, account)
        }
        None => {
            let (claims, verified) = crate::tokens::check_session(&state, &token).await?;
            if !verified {
                return Err(crate::tokens::email_unverified());
            }
            let account = Account { user_id: claims.sub.clone(), issued_ms: claims.issued_ms() };
            (Identity::User(claims.sub), Some(account))
        }
    };
    let admission = state.hub.admit(&identity, account).map_err(|refusal| match refusal {
        Refusal::Full => ApiError::new(axum::http::StatusCode::SERVICE_UNAVAILABLE, "hub_full", "Too many live connections; please try again"),
        Refusal::TooManyForAccount => ApiError::too_many("too_many_sockets", "Too many live connections for this account; close another tab first", 5),
    })?;
    let hub = state.hub.clone();
    // Messages are small both ways; tungstenite's default 128 KiB buffers would dominate the
    // memory of thousands of idle connections.
    let upgrade = upgrade.read_buffer_size(4 * 1024).write_buffer_size(4 * 1024).max_message_size(64 * 1024);
    Ok(upgrade.on_upgrade(move |socket| {
        // The hub bounds its sockets itself: the connection's idle timeout no longer applies.
        if let Some(axum::Extension(quiet)) = quiet {
            quiet.hush();
        }
        quizroom_hub::serve_connection(hub, socket, identity, claims.exp, admission)
    }))
}

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Every feature's routes, as they sit under `/api`, with their documentation.
pub fn features() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(health::router())
        .routes(routes!(get_openapi))
        .merge(auth::router())
        .merge(wallet::router())
        .merge(dev_mailbox::router())
        .merge(play::router())
        .merge(leaderboard::router())
        .merge(hosting::router())
        .merge(audience::router())
        .merge(generate::router())
        .merge(live::router())
        .merge(audit::router())
        .merge(insights::router())
        .merge(media::router())
        .fallback(|| async { ApiError::not_found("No such API endpoint") })
}

/// The API's routes under `/api`, with their document.
pub fn api_router() -> OpenApiRouter<AppState> {
    openapi::under_api(features())
}

/// The document, built once.
pub static DOCUMENT: LazyLock<String> = LazyLock::new(|| openapi::document(api_router()).to_json().expect("the API document serialises"));

/// The OpenAPI document of the whole API, made from the code (`openapi`).
#[utoipa::path(get, path = "/openapi.json", tag = "health", responses(
    (status = 200, description = "This document", content_type = "application/json", body = Object),
))]
pub async fn get_openapi() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], DOCUMENT.as_str())
}

/// The whole application. `web_dir` is served when it holds a built app.
pub fn app(state: AppState, web_dir: &Path) -> Router {
    let (api, _document) = api_router().split_for_parts();
    let mut router = api.route("/ws", get(open_socket)).with_state(state);
    let index = web_dir.join("index.html");
    if index.is_file() {
        router = router.fallback_service(ServeDir::new(web_dir).fallback(ServeFile::new(index)));
    }
    router
        .layer(axum::middleware::from_fn(crate::protect::protect))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request<_>| {
                    let id = request.extensions().get::<RequestId>().and_then(|id| id.header_value().to_str().ok()).unwrap_or("-");
                    tracing::info_span!("request", request_id = %id, method = %request.method(), path = %request.uri().path())
                })
                .on_response(|response: &axum::response::Response, latency: Duration, _: &tracing::Span| {
                    tracing::info!(status = response.status().as_u16(), latency_ms = latency.as_millis() as u64, "served");
                }),
        )
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid))
}
