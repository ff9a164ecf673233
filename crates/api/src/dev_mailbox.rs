//! The development mailbox (`GET /api/dev/mailbox`): every mail with its codes, only when mail
//! does not go over SMTP.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ApiError;
use crate::mail::{self, MailboxMessage};
use crate::openapi::ErrorBody;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_mailbox))
}

/// The latest 100 mails, newest first.
#[derive(Serialize, ToSchema)]
#[schema(as = Mailbox)]
pub struct MailboxView {
    messages: Vec<MailboxMessage>,
}

/// The development mailbox: only when mail does not go over SMTP.
#[utoipa::path(get, path = "/dev/mailbox", tag = "development", responses(
    (status = 200, description = "The mails, codes included", body = MailboxView),
    (status = 404, description = "Mail goes over SMTP: there is no development mailbox", body = ErrorBody),
))]
async fn get_mailbox(State(state): State<AppState>) -> Result<Json<MailboxView>, ApiError> {
    if state.mailer.smtp_enabled() {
        return Err(ApiError::not_found("The development mailbox is off: mail goes over SMTP"));
    }
    Ok(Json(MailboxView { messages: mail::mailbox(&state.store).await? }))
}
