//! The API document (`GET /api/openapi.json`), made from the code: every feature registers its
//! handlers through utoipa-axum's `routes!`, which takes each handler's `#[utoipa::path]`
//! (paths, parameters, request and response bodies with their schemas), so a route is served
//! and documented by the same line (decision 0020).

use std::sync::LazyLock;

use serde::Serialize;
use serde_json::Value;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi, ToSchema};
use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Quizroom API",
        description = "Timed multiple-choice quizzes: accounts, the token wallet, playing, leaderboards, hosting, audience lists, generation, live games and audit. Errors are `{ error, code, details? }` with the status of DESIGN.md; calls marked with the bearer scheme need `Authorization: Bearer <token>` from sign-up or sign-in.",
    ),
    modifiers(&BearerScheme),
    components(schemas(ErrorBody)),
)]
struct ApiDoc;

/// The bearer token every signed-in call carries.
struct BearerScheme;

impl Modify for BearerScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("bearer", SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()));
    }
}

/// The body of every error answer.
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    /// A message for people.
    pub error: String,
    /// A code for programs, e.g. `validation`, `not_found`, `insufficient_tokens`.
    pub code: String,
    /// More about the error, when there is more (e.g. the field, the rows, the balance).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<Value>,
}

/// The API's routes under `/api`, with their document.
pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi()).nest("/api", crate::app::features())
}

/// The document, built once.
pub static DOCUMENT: LazyLock<String> = LazyLock::new(|| api_router().into_openapi().to_json().expect("the API document serialises"));
