//! Playing, by sub-feature: [`categories`] (the curated list and a quiz's questions),
//! [`attempts`] (starting or resuming an attempt, saving answers as they are chosen), [`submit`]
//! (a player's submission, through the group-commit queue of `scoring`), [`feedback`], and
//! [`deadline`] (the server's own submission when the time is up).
//!
//! Reading questions has no side effect and never returns answers or explanations; only a
//! submission (the player's, or the server's at the deadline) scores, with the answer key of the
//! quiz version the attempt was served. Who may play is decided in `access`.

mod attempts;
mod categories;
mod deadline;
mod feedback;
mod shapes;
mod submit;

use quizroom_domain::attempt::AttemptError;
use serde_json::{Value, json};
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::parse_category_id;
use crate::error::ApiError;
use crate::input::{WHITE_SPACE, whole};
use crate::state::AppState;

pub use deadline::run_auto_submit;

pub fn router() -> OpenApiRouter<AppState> {
    // `/question/score` and `/question/{categoryId}` both match `POST`/`GET` on their own
    // method, and axum prefers the static segment, so the two never shadow each other.
    OpenApiRouter::new()
        .routes(routes!(categories::list_categories))
        .routes(routes!(categories::get_questions))
        .routes(routes!(submit::submit_answers))
        .routes(routes!(attempts::start_attempt))
        .routes(routes!(attempts::save_answer))
        .routes(routes!(feedback::get_feedback))
}

/// A category id from a JSON body: a whole number (also spelled `2.0`) or its digits as text.
fn id_from(value: &Value) -> Result<i64, ApiError> {
    match value {
        Value::Number(_) => whole(value).filter(|id| *id > 0).ok_or_else(|| parse_category_id("x").unwrap_err()),
        Value::String(s) => parse_category_id(s),
        _ => Err(ApiError::bad_request("invalid_category", "No category selected. Please select a category.")),
    }
}

/// The schema of an answer as [`shapes::given`] reads it (`schema_with`): a letter A–D in any case, or
/// blank, `incomplete` (any case) or null for no answer; spaces around it are ignored.
fn answer_schema() -> Schema {
    let pattern = format!("^{WHITE_SPACE}*([AaBbCcDd]|[Ii][Nn][Cc][Oo][Mm][Pp][Ll][Ee][Tt][Ee])?{WHITE_SPACE}*$");
    ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::SchemaType::from_iter([Type::String, Type::Null]))
        .pattern(Some(pattern))
        .description(Some("A, B, C or D (any case); blank, `incomplete` or null for no answer"))
        .examples(["B"])
        .build()
        .into()
}

/// The schema of a response of any type (`schema_with`), by the positions the question was served:
/// null, or an object with exactly one of the shapes `quizroom_domain::question::Response` reads.
fn response_schema() -> Schema {
    let index = json!({ "type": "integer", "minimum": 0, "maximum": 1000 });
    let maybe = json!({ "type": ["integer", "null"], "minimum": 0, "maximum": 1000 });
    let one = |name: &str, schema: Value| json!({ "type": "object", "required": [name], "properties": { name: schema }, "additionalProperties": false });
    let gap = json!({ "oneOf": [{ "type": "null" }, one("choice", index.clone()), one("text", json!({ "type": "string" }))] });
    let shapes = json!({
        "oneOf": [
            { "type": "null" },
            one("choice", index.clone()),
            one("bool", json!({ "type": "boolean" })),
            one("choices", json!({ "type": "array", "items": index.clone() })),
            one("text", json!({ "type": "string" })),
            one("number", json!({ "type": "number" })),
            one("order", json!({ "type": "array", "items": index })),
            one("pairs", json!({ "type": "array", "items": maybe.clone() })),
            one("groups", json!({ "type": "array", "items": maybe })),
            one("gaps", json!({ "type": "array", "items": gap })),
        ],
        "description": "A response of any type, in place of `answer`, one key naming its shape: `choice` (single choice, poll: the option's \
             index), `bool`, `choices` (multi-select), `text` (type answer, word cloud), `number` (numeric, slider), `order` (ordering: the \
             served positions in the player's order), `pairs` (matching: per left item, a served right position or null), `groups` \
             (categorize: per served item, a group or null), `gaps` (per gap, `{\"choice\":i}`, `{\"text\":\"…\"}` or null)",
        "examples": [{ "number": 9.8 }],
    });
    serde_json::from_value(shapes).expect("the response schema is a valid schema")
}

/// How a refused attempt command reads to the player.
fn attempt_refused(e: AttemptError) -> ApiError {
    match e {
        AttemptError::TimeUp => ApiError::conflict("time_up", "The time for this quiz is up"),
        AttemptError::AlreadySubmitted => ApiError::conflict("already_submitted", "This quiz was already submitted"),
        // Whether a question belongs to the attempt's quiz is a rule no schema can express.
        AttemptError::UnknownQuestion(_) => ApiError::new(axum::http::StatusCode::UNPROCESSABLE_ENTITY, "unknown_question", e.to_string()),
        AttemptError::NotStarted => ApiError::not_found("No such attempt"),
        AttemptError::AlreadyStarted => ApiError::conflict("already_started", e.to_string()),
        AttemptError::NotSubmitted => ApiError::conflict("not_submitted", e.to_string()),
        AttemptError::BadResponse { question_id, .. } => {
            ApiError::bad_request("invalid_answer", e.to_string()).with_details(json!({ "questionId": question_id }))
        }
    }
}
