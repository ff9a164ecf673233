//! The API document (`GET /api/openapi.json`), made from the code: every feature registers its
//! handlers through utoipa-axum's `routes!`, which takes each handler's `#[utoipa::path]`
//! (paths, parameters, request and response bodies with their schemas), so a route is served
//! and documented by the same line (decision 0020). The document is put together with the
//! features, in `app` (decision 0044). Error answers every operation of a kind has are added here,
//! from what the operation declares, not repeated in each annotation (decision 0045):
//! [`CommonErrors`].

use serde::Serialize;
use serde_json::Value;
use utoipa::openapi::path::Operation;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{ContentBuilder, ResponseBuilder};
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

/// The error answers that every operation of a kind has, made from what the operation declares
/// instead of repeated in each annotation (decision 0045). An operation that documents one of
/// these statuses itself keeps its own row.
///
/// - 401 "No valid token", when every security requirement of the operation names the bearer
///   scheme (`security(("bearer" = []))`): the `AuthUser` and `Session` extractors refuse a
///   missing, expired, ended or invalid token. Where the token is optional (`security((),
///   ("bearer" = []))`) the operation says itself what its 401 means.
/// - 413 "The body is too large" and 415 "The body is not JSON", when the operation takes a JSON
///   body (`request_body = T`): the `ApiJson` extractor's refusals.
pub struct CommonErrors;

/// One common error answer: the operations it applies to, its status and its description.
type Rule = (fn(&Operation) -> bool, &'static str, &'static str);

impl CommonErrors {
    const RULES: [Rule; 3] =
        [(Self::needs_token, "401", "No valid token"), (Self::takes_json, "413", "The body is too large"), (Self::takes_json, "415", "The body is not JSON")];

    /// Whether `operation` needs a bearer token.
    pub fn needs_token(operation: &Operation) -> bool {
        operation.security.as_ref().is_some_and(|requirements| !requirements.is_empty() && requirements.iter().all(|r| *r != SecurityRequirement::default()))
    }

    /// Whether `operation` takes a JSON body.
    pub fn takes_json(operation: &Operation) -> bool {
        operation.request_body.as_ref().is_some_and(|body| body.content.contains_key("application/json"))
    }
}

impl Modify for CommonErrors {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for item in openapi.paths.paths.values_mut() {
            let operations =
                [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.options, &mut item.head, &mut item.patch, &mut item.trace];
            for operation in operations.into_iter().flatten() {
                for (applies, status, description) in Self::RULES {
                    if applies(operation) {
                        operation.responses.responses.entry(status.to_owned()).or_insert_with(|| error_answer(description).into());
                    }
                }
            }
        }
    }
}

/// An error answer with the error body.
fn error_answer(description: &str) -> utoipa::openapi::Response {
    let body = ContentBuilder::new().schema(Some(utoipa::openapi::Ref::from_schema_name("ErrorBody"))).build();
    ResponseBuilder::new().description(description).content("application/json", body).build()
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

/// `features` (every feature's routes, put together by `app`) under `/api`, with the document's
/// head: its title, description, error body and bearer scheme.
pub fn under_api(features: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi()).nest("/api", features)
}

/// The document of `router`: the routes' annotations, with the error answers made from what each
/// declares.
pub fn document(router: OpenApiRouter<AppState>) -> utoipa::openapi::OpenApi {
    let mut document = router.into_openapi();
    CommonErrors.modify(&mut document);
    document
}
