//! What every response carries and what only this machine may see (issue 11, decision 0021).
//!
//! - Security headers on every answer: a strict Content-Security-Policy (no inline script, no
//!   eval, nothing from other origins, no framing), `X-Content-Type-Options: nosniff`, a
//!   `Referrer-Policy`, and HSTS when the request came over TLS (a proxy in front says so with
//!   `X-Forwarded-Proto: https`; Quizroom itself serves plain HTTP).
//! - `Cache-Control: no-store` on every answer of the API (`/api/…`), the WebSocket's (`/ws`) and
//!   the development mailbox's (issue 26, decision 0034): they carry sessions, player tokens,
//!   results and exports, which no browser or proxy cache may keep. None is meant to be cached;
//!   the web app's static files keep their caching.
//! - The development mailbox (`/dev/mailbox` and `/api/dev/mailbox`) shows every code, so it is
//!   served to loopback clients only; anyone else gets the 404 of a path that does not exist.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Request};
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; \
form-action 'self'; frame-ancestors 'none'";

const HSTS: &str = "max-age=31536000; includeSubDomains";

/// Whether `path` is the API's, the WebSocket's or the development mailbox's (not the web app's).
fn never_stored(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/") || path == "/ws" || is_dev_mailbox(path)
}

fn is_dev_mailbox(path: &str) -> bool {
    ["/dev/mailbox", "/api/dev/mailbox"].iter().any(|p| path == *p || path.strip_prefix(p).is_some_and(|rest| rest.starts_with('/')))
}

/// The middleware: refuses the development mailbox to non-loopback clients, and sets the
/// security headers on every response (and `no-store` on the API's, unless a handler set its own
/// caching).
pub async fn protect(ConnectInfo(client): ConnectInfo<SocketAddr>, request: Request, next: Next) -> Response {
    let no_store = never_stored(request.uri().path());
    if is_dev_mailbox(request.uri().path()) && !client.ip().to_canonical().is_loopback() {
        return with_headers(ApiError::not_found("No such API endpoint").into_response(), false, no_store);
    }
    let over_tls =
        request.uri().scheme_str() == Some("https") || request.headers().get("x-forwarded-proto").is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"https"));
    with_headers(next.run(request).await, over_tls, no_store)
}

fn with_headers(mut response: Response, over_tls: bool, no_store: bool) -> Response {
    let headers = response.headers_mut();
    // A handler's own caching and policy stand (a media file's: cached while its link lives, and
    // a policy that runs nothing); every other response gets these.
    if no_store && !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    }
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(HeaderName::from_static("cross-origin-opener-policy"), HeaderValue::from_static("same-origin"));
    if over_tls {
        headers.insert(header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static(HSTS));
    }
    response
}

#[cfg(test)]
mod tests {
    use axum::Router;
    use axum::body::Body;
    use axum::extract::connect_info::MockConnectInfo;
    use axum::routing::get;
    use tower::ServiceExt;

    use super::*;

    async fn status_from(client: &str, path: &str, proto: Option<&str>) -> (u16, axum::http::HeaderMap) {
        let app = Router::new()
            .route("/api/dev/mailbox", get(|| async { "codes" }))
            .route("/dev/mailbox", get(|| async { "page" }))
            .route("/", get(|| async { "home" }))
            .layer(axum::middleware::from_fn(protect))
            .layer(MockConnectInfo(client.parse::<SocketAddr>().unwrap()));
        let mut request = Request::builder().uri(path);
        if let Some(proto) = proto {
            request = request.header("x-forwarded-proto", proto);
        }
        let response = app.oneshot(request.body(Body::empty()).unwrap()).await.unwrap();
        (response.status().as_u16(), response.headers().clone())
    }

    #[tokio::test]
    async fn the_development_mailbox_is_for_loopback_clients_only() {
        for path in ["/api/dev/mailbox", "/dev/mailbox"] {
            assert_eq!(status_from("127.0.0.1:5000", path, None).await.0, 200);
            assert_eq!(status_from("[::1]:5000", path, None).await.0, 200);
            assert_eq!(status_from("[::ffff:127.0.0.1]:5000", path, None).await.0, 200);
            assert_eq!(status_from("192.168.1.20:5000", path, None).await.0, 404, "{path}");
            assert_eq!(status_from("[2001:db8::1]:5000", path, None).await.0, 404, "{path}");
        }
        assert_eq!(status_from("192.168.1.20:5000", "/", None).await.0, 200);
        assert!(!is_dev_mailbox("/dev/mailboxes"));
    }

    #[tokio::test]
    async fn every_answer_carries_the_security_headers_and_hsts_only_over_tls() {
        let (_, headers) = status_from("127.0.0.1:5000", "/", None).await;
        assert_eq!(headers["content-security-policy"], CONTENT_SECURITY_POLICY);
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(headers["referrer-policy"], "strict-origin-when-cross-origin");
        assert!(headers.get("strict-transport-security").is_none());
        let (_, headers) = status_from("127.0.0.1:5000", "/", Some("https")).await;
        assert_eq!(headers["strict-transport-security"], HSTS);
        let (_, headers) = status_from("10.0.0.1:5000", "/api/dev/mailbox", None).await;
        assert_eq!(headers["x-content-type-options"], "nosniff");
    }

    #[tokio::test]
    async fn the_apis_answers_are_never_stored_and_the_web_apps_may_be() {
        for path in ["/api/dev/mailbox", "/dev/mailbox", "/api/anything"] {
            assert_eq!(status_from("127.0.0.1:5000", path, None).await.1["cache-control"], "no-store", "{path}");
        }
        assert_eq!(status_from("10.0.0.1:5000", "/api/dev/mailbox", None).await.1["cache-control"], "no-store");
        assert!(status_from("127.0.0.1:5000", "/", None).await.1.get("cache-control").is_none());
        assert!(never_stored("/ws") && never_stored("/api") && !never_stored("/apidocs") && !never_stored("/assets/index.js"));
    }
}
