//! The API's one error format: `{ "error": "human message", "code": "machine_code", "details"?: … }`
//! with the right status. Internal errors are logged once, here, inside the request's span (which
//! carries the request id), and answered with a generic message.

use axum::Json;
use axum::extract::multipart::MultipartRejection;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use quizroom_eventstore::StoreError;
use serde_json::{Value, json};

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    pub details: Option<Value>,
    /// Seconds, for 429 answers.
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError { status, code, message: message.into(), details: None, retry_after: None }
    }

    pub fn with_details(mut self, details: Value) -> Self {
        self.details = Some(details);
        self
    }

    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    pub fn conflict(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, code, message)
    }

    /// 429 with `Retry-After: retry_after_secs` (every 429 says when to come back).
    pub fn too_many(code: &'static str, message: impl Into<String>, retry_after_secs: u64) -> Self {
        let mut e = Self::new(StatusCode::TOO_MANY_REQUESTS, code, message);
        e.retry_after = Some(retry_after_secs);
        e
    }

    /// 429 for a try held back for `wait`: "{what}. Try again in N seconds." with `Retry-After: N`,
    /// N rounded up ([`seconds_to_wait`]).
    pub fn held_back(code: &'static str, what: &str, wait: std::time::Duration) -> Self {
        let seconds = seconds_to_wait(wait);
        Self::too_many(code, format!("{what}. Try again in {seconds} seconds."), seconds)
    }

    /// Logs `error` and answers 500 with a message that reveals nothing.
    pub fn internal(error: impl std::fmt::Display) -> Self {
        tracing::error!(error = %error, "internal error");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", "Something went wrong on our side. Please try again.")
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({ "error": self.message, "code": self.code });
        if let Some(details) = self.details {
            body["details"] = details;
        }
        let mut response = (self.status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

/// The whole seconds of `wait`, rounded up and at least one: what `Retry-After` and the texts say,
/// so that a client that waits exactly that long is let in.
pub fn seconds_to_wait(wait: std::time::Duration) -> u64 {
    u64::try_from(wait.as_millis().div_ceil(1000)).unwrap_or(u64::MAX).max(1)
}

/// A database error on a read: the store's error, answered like one.
pub fn db(e: sqlx::Error) -> ApiError {
    StoreError::from(e).into()
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::VersionConflict { .. } => ApiError::conflict("version_conflict", "Someone else changed this at the same moment. Please try again."),
            other => ApiError::internal(other),
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        let status = match &rejection {
            JsonRejection::MissingJsonContentType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            JsonRejection::BytesRejection(_) => StatusCode::PAYLOAD_TOO_LARGE,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::new(status, "invalid_body", rejection.body_text())
    }
}

/// `axum::Json` whose rejection answers in the API's error format.
#[derive(axum::extract::FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct ApiJson<T>(pub T);

impl<T: serde::Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        Json(self.0).into_response()
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, "invalid_query", rejection.body_text())
    }
}

/// `axum::extract::Query` whose rejection answers in the API's error format.
#[derive(axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct ApiQuery<T>(pub T);

impl From<MultipartRejection> for ApiError {
    fn from(rejection: MultipartRejection) -> Self {
        ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_type", format!("Send the form as multipart/form-data: {}", rejection.body_text()))
    }
}

/// `axum::extract::Multipart` whose rejection (not a multipart request) answers 415 in the API's
/// error format.
pub struct ApiMultipart(pub axum::extract::Multipart);

impl<S: Send + Sync> axum::extract::FromRequest<S> for ApiMultipart {
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        axum::extract::Multipart::from_request(request, state).await.map(ApiMultipart).map_err(ApiError::from)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::seconds_to_wait;

    #[test]
    fn waits_are_rounded_up_to_whole_seconds() {
        assert_eq!(seconds_to_wait(Duration::from_millis(29_001)), 30);
        assert_eq!(seconds_to_wait(Duration::from_millis(30_000)), 30);
        assert_eq!(seconds_to_wait(Duration::from_millis(1)), 1);
        assert_eq!(seconds_to_wait(Duration::ZERO), 1);
    }
}
