//! The development mailbox (`GET /api/dev/mailbox`): every mail with its codes, only when mail
//! does not go over SMTP.

use axum::Json;
use axum::extract::State;
use axum::routing::get;
use serde_json::{Value, json};
use utoipa_axum::router::OpenApiRouter;

use crate::error::ApiError;
use crate::mail;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().route("/dev/mailbox", get(get_mailbox))
}

/// The development mailbox: only when mail does not go over SMTP.
async fn get_mailbox(State(state): State<AppState>) -> Result<Json<Value>, ApiError> {
    if state.mailer.smtp_enabled() {
        return Err(ApiError::not_found("The development mailbox is off: mail goes over SMTP"));
    }
    Ok(Json(json!({ "messages": mail::mailbox(&state.store).await? })))
}

