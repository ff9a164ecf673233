//! Generating a quiz from topics or a document, and publishing it after review (PRODUCT.md
//! screens 11 and 12; contract in `docs/generation-api.md`).
//!
//! A generation is the stream `generation-{uuid}`. The request and its 5-token spend are one
//! transaction; the generator then runs in a task of its own, so its outcome is recorded even when
//! the host stops waiting: the questions, or the failure together with the refund. A sweeper
//! refunds generations a crash left without an outcome. Publishing records the quiz and the
//! generation's publication in one transaction, so a generation becomes at most one quiz.
//!
//! The requests' schemas say what is refused with 400 (a blank or too long text, a field of the
//! wrong type, a value outside a fixed set); what no schema can say (a date in the past, two
//! options the same, topics that yield no question) answers 422.

mod forms;
mod review;
mod views;

use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use quizroom_domain::generation::{
    DroppedCount, GENERATION_COST, GeneratedItem, Generation, GenerationCommand, GenerationError, GenerationEvent, GenerationSource, PassageRef,
};
use quizroom_domain::wallet::{Wallet, WalletCommand, WalletError};
use quizroom_domain::{Aggregate, StreamId};
use quizroom_eventstore::{EventStore, StoreError};
use quizroom_generate::{GenerateError, GenerateRequest, Generator, PassageInput, question_count};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use tokio_util::sync::CancellationToken;
use utoipa::ToSchema;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

use self::forms::{FileForm, question_count_schema, title_schema, topics_schema};
use self::views::{DocumentSummary, Generated, dropped, generated_question};
use crate::clock::Clock;
use crate::commands::{decide_in, load, metadata};
use crate::error::{ApiError, ApiJson, ApiMultipart};
use crate::new_quiz::payment_required;
use crate::openapi::ErrorBody;
use crate::quiz_form::{self, MAX_TITLE, UPLOAD_BODY_LIMIT, validation};
use crate::state::AppState;
use crate::tokens::AuthUser;

/// The longest topics text accepted, in characters.
const MAX_TOPICS_CHARS: usize = 100_000;
/// A generation still running after this long is stopped, failed and refunded.
const GENERATION_DEADLINE: Duration = Duration::from_secs(10 * 60);
/// A generation requested this long ago with no outcome was cut off by a crash: refund it.
const ABANDONED_AFTER_MS: i64 = 15 * 60 * 1000;
const NOTHING_GIVEN: &str = "Please either enter text content or upload a file";
/// The fields of the file form (any other is refused, as the document's `additionalProperties`).
const FILE_FIELDS: &[&str] = &["file", "title", "prompt", "numberOfQuestions", "types", "validityOption", "customDate"];

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(from_keyword))
        .routes(routes!(from_file).layer(DefaultBodyLimit::max(UPLOAD_BODY_LIMIT)))
        .routes(routes!(review::read_generation))
        .routes(routes!(review::publish))
}

/// The generator the configuration names: a chat-completions endpoint, or the offline one.
pub fn generator(llm: Option<quizroom_generate::LlmConfig>) -> anyhow::Result<Arc<dyn Generator>> {
    Ok(match llm {
        Some(config) => Arc::new(quizroom_generate::LlmGenerator::new(config)?),
        None => Arc::new(quizroom_generate::OfflineGenerator::new(crate::catalogue::generator_catalogue())),
    })
}

fn stream_of(generation_id: &str) -> Result<StreamId<Generation>, ApiError> {
    uuid::Uuid::parse_str(generation_id).map(StreamId::new).map_err(|_| ApiError::not_found("No such generation"))
}

/// `numberOfQuestions` as a number or a numeric string; anything else gives the default.
fn count_of(value: Option<&str>) -> usize {
    question_count(value.and_then(|v| v.trim().parse::<f64>().ok()).filter(|n| n.is_finite()).map(|n| n as i64))
}

/// The question types asked for: names from `GENERATED_TYPES`, as a list or separated by commas
/// (a form's field); none asks for four options A–D. An unknown name is refused before any token
/// is spent.
fn types_of(value: Option<&Value>) -> Result<Vec<String>, ApiError> {
    let names: Vec<String> = match value {
        None | Some(Value::Null) => vec![],
        Some(Value::String(text)) => text.split(',').map(str::to_owned).collect(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| item.as_str().map(str::to_owned))
            .collect::<Option<_>>()
            .ok_or_else(|| validation("types must be a list of question type names"))?,
        Some(_) => return Err(validation("types must be a list of question type names")),
    };
    quizroom_generate::requested_types(&names).map_err(validation)
}

fn checked_title(title: &str) -> Result<String, ApiError> {
    let title = title.trim();
    if title.chars().count() > MAX_TITLE {
        return Err(validation(format!("The title is longer than {MAX_TITLE} characters")));
    }
    if crate::input::has_stray_control(title) {
        return Err(validation("The title must not contain control characters"));
    }
    Ok(title.to_owned())
}

// ----- generating -----

/// What to generate from: topics or free text.
#[derive(Deserialize, ToSchema)]
#[schema(as = KeywordRequest)]
#[serde(rename_all = "camelCase")]
struct KeywordBody {
    #[serde(default)]
    #[schema(required, schema_with = topics_schema)]
    keyword: String,
    /// Extra instructions.
    #[serde(default)]
    prompt: String,
    #[serde(default)]
    #[schema(schema_with = title_schema)]
    title: String,
    #[schema(schema_with = question_count_schema)]
    number_of_questions: Option<Value>,
    #[schema(schema_with = forms::types_schema)]
    types: Option<Value>,
}

/// Generates questions from topics or free text (5 tokens, refunded if it fails).
///
/// Topics pick questions from the curated catalogue; two or more sentences of text are also
/// written into questions of their own (shapes in `docs/generation-api.md`).
#[utoipa::path(post, path = "/generate/keyword", operation_id = "generateFromKeywords", tag = "generate", request_body = KeywordBody,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Generated", body = Generated),
        (status = 400, description = "No topics, a text too long, or a body that could not be read", body = ErrorBody),
        (status = 402, description = "Not enough tokens (`details: { balance, needed, pricing }`)", body = ErrorBody),
        (status = 409, description = "A concurrent change", body = ErrorBody),
        (status = 422, description = "No questions could be generated (refunded: `details: { generationId, refunded, balance }`)", body = ErrorBody),
        (status = 502, description = "The question generator failed (refunded)", body = ErrorBody),
        (status = 504, description = "The question generator took too long (refunded)", body = ErrorBody),
    ),
)]
async fn from_keyword(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<KeywordBody>) -> Result<(StatusCode, Json<Generated>), ApiError> {
    let topics = body.keyword.trim();
    if topics.is_empty() {
        return Err(validation(NOTHING_GIVEN));
    }
    if topics.chars().count() > MAX_TOPICS_CHARS {
        return Err(validation(format!("The topics text is longer than {MAX_TOPICS_CHARS} characters")));
    }
    let count = count_of(body.number_of_questions.as_ref().and_then(quiz_form::scalar_text).as_deref());
    let prompt = body.prompt.trim().to_owned();
    let request = GenerateRequest {
        title: checked_title(&body.title)?,
        topics: [topics, prompt.as_str()].iter().filter(|t| !t.is_empty()).copied().collect::<Vec<_>>().join("\n"),
        passages: vec![],
        count,
        types: types_of(body.types.as_ref())?,
    };
    generate(state, caller, GenerationSource::Topics { text: topics.to_owned() }, prompt, request, None).await
}

fn unreadable(e: quizroom_extract::ExtractError) -> ApiError {
    match e.status() {
        413 => quiz_form::too_large(),
        415 => ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_type", e.to_string()),
        _ => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "unreadable_file", e.to_string()),
    }
}

/// Generates questions from a document (5 tokens, refunded if it fails).
///
/// A PDF, Word, text or Markdown file of at most 10 MB (shapes in `docs/generation-api.md`).
#[utoipa::path(post, path = "/generate/file", operation_id = "generateFromFile", tag = "generate",
    request_body(content = FileForm, content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Generated", body = Generated),
        (status = 400, description = "No file, a title too long, a validity option that is not one, a field the form does not have, or a form that cannot be read", body = ErrorBody),
        (status = 402, description = "Not enough tokens (`details: { balance, needed, pricing }`)", body = ErrorBody),
        (status = 409, description = "A concurrent change", body = ErrorBody),
        (status = 413, description = "The file is over 10 MB", body = ErrorBody),
        (status = 415, description = "Not a multipart form, or not a PDF, Word or text file", body = ErrorBody),
        (status = 422, description = "A `custom` validity whose date is missing, not a date or in the past; a file with no text that can be read (scanned, encrypted, damaged); or no questions could be generated (refunded)", body = ErrorBody),
        (status = 502, description = "The question generator failed (refunded)", body = ErrorBody),
        (status = 504, description = "The question generator took too long (refunded)", body = ErrorBody),
    ),
)]
async fn from_file(State(state): State<AppState>, caller: AuthUser, ApiMultipart(multipart): ApiMultipart) -> Result<(StatusCode, Json<Generated>), ApiError> {
    let mut form = quiz_form::read_form_of(multipart, FILE_FIELDS).await?;
    let Some((file_name, bytes)) = form.file.take().filter(|(_, bytes)| !bytes.is_empty()) else {
        return Err(validation(NOTHING_GIVEN));
    };
    let title = checked_title(form.field("title"))?;
    let types = types_of(Some(&Value::String(form.field("types").to_owned())))?;
    // Checked now, with the hosting upload's rules, so a bad date is refused before any token is
    // spent. The form's schema has no condition tying a date to `custom` (see `forms`), so a
    // missing or unreadable date is a rule broken, like a past one: 422.
    quiz_form::valid_until(&form, state.clock.now_ms()).map_err(|mut e| {
        if e.status == StatusCode::BAD_REQUEST && form.raw("validityOption") == Some("custom") {
            e.status = StatusCode::UNPROCESSABLE_ENTITY;
        }
        e
    })?;
    let name = file_name.clone();
    let document = state.read_upload(move || quizroom_extract::extract(&name, &bytes)).await?.map_err(unreadable)?;
    let prompt = form.field("prompt").to_owned();
    let summary = DocumentSummary { kind: document.kind.as_str(), title: document.title.clone(), passages: document.passages.len() };
    let source = GenerationSource::Document { file_name, document_kind: document.kind.as_str().to_owned(), passages: document.passages.len() };
    let request = GenerateRequest {
        title,
        topics: prompt.clone(),
        passages: document.passages.into_iter().map(|p| PassageInput { index: p.index, page: p.page, text: p.text }).collect(),
        count: count_of(Some(form.field("numberOfQuestions"))),
        types,
    };
    generate(state, caller, source, prompt, request, Some(summary)).await
}

/// Spends the tokens and records the request, runs the generator, records the outcome.
async fn generate(
    state: AppState,
    caller: AuthUser,
    source: GenerationSource,
    prompt: String,
    request: GenerateRequest,
    document: Option<DocumentSummary>,
) -> Result<(StatusCode, Json<Generated>), ApiError> {
    let id = uuid::Uuid::new_v4().to_string();
    let stream = StreamId::<Generation>::new(&id);
    let command = || GenerationCommand::Request {
        host_id: caller.user_id.clone(),
        title: request.title.clone(),
        source: source.clone(),
        prompt: prompt.clone(),
        count: request.count,
        types: request.types.clone(),
        cost: GENERATION_COST,
    };
    let balance = crate::retrying!(charge(&state.store, &caller.user_id, &stream, command()))??;
    // A task of its own: if the host stops waiting, the outcome (and any refund) is still recorded.
    let run = tokio::spawn(run(state.store.clone(), state.generator.clone(), stream.clone(), caller.user_id.clone(), request));
    let generation = run.await.map_err(ApiError::internal)??;
    Ok((
        StatusCode::CREATED,
        Json(Generated {
            success: true,
            generation_id: id,
            generator: generation.generator.clone(),
            requested: generation.count,
            questions: generation.questions.iter().map(generated_question).collect(),
            dropped: dropped(&generation.dropped),
            tokens_spent: GENERATION_COST,
            balance,
            document,
        }),
    ))
}

/// Records the request and spends its tokens in one transaction; the balance after.
async fn charge(store: &EventStore, user_id: &str, stream: &StreamId<Generation>, request: GenerationCommand) -> Result<Result<i64, ApiError>, StoreError> {
    let meta = metadata(user_id, "generate_quiz");
    let mut tx = store.begin_write().await?;
    if let Err(e) = decide_in::<Generation>(store, &mut tx, stream, &meta, request).await? {
        return Ok(Err(ApiError::internal(e)));
    }
    let spend = WalletCommand::Spend { amount: GENERATION_COST, purpose: "generate_quiz".into(), reference: stream.to_string() };
    let balance = match decide_in::<Wallet>(store, &mut tx, &StreamId::<Wallet>::new(user_id), &meta, spend).await? {
        Ok(decided) => decided.state.balance,
        Err(WalletError::InsufficientTokens { balance, needed }) => {
            return Ok(Err(payment_required("Generating a quiz", balance, needed)));
        }
        Err(e) => return Ok(Err(ApiError::internal(e))),
    };
    tx.commit().await?;
    store.committed();
    Ok(Ok(balance))
}

/// Runs the generator within the deadline and records what came of it.
async fn run(
    store: EventStore,
    generator: Arc<dyn Generator>,
    stream: StreamId<Generation>,
    user_id: String,
    request: GenerateRequest,
) -> Result<Generation, ApiError> {
    let outcome = tokio::time::timeout(GENERATION_DEADLINE, generator.generate(&request))
        .await
        .unwrap_or(Err(GenerateError::LlmTimeout { seconds: GENERATION_DEADLINE.as_secs() }));
    let (mut failure, reason) = match outcome {
        Ok(generation) if !generation.questions.is_empty() => {
            let complete = || GenerationCommand::Complete {
                generator: generation.generator.to_owned(),
                questions: generation.questions.iter().cloned().map(item).collect(),
                dropped: generation.dropped.iter().map(|d| DroppedCount { reason: d.reason.clone(), count: d.count }).collect(),
            };
            let meta = metadata(&user_id, "generate_quiz");
            match crate::retrying!(crate::commands::decide_and_commit(&store, &stream, &meta, complete()))? {
                Ok(decided) => return Ok(decided.state),
                // The sweeper took it for abandoned and refunded it.
                Err(_) => {
                    return Err(ApiError::new(StatusCode::GATEWAY_TIMEOUT, "generator_timeout", "The generation took too long and its tokens were refunded"));
                }
            }
        }
        Ok(generation) => {
            let dropped = json!(generation.dropped.iter().map(|d| json!({ "reason": d.reason, "count": d.count })).collect::<Vec<_>>());
            let message = "No generated question passed the checks";
            (ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "generation_failed", message).with_details(json!({ "dropped": dropped })), message.to_owned())
        }
        Err(e) => (generation_failed(&e), e.to_string()),
    };
    tracing::warn!(%stream, reason, "generation failed; refunding");
    let balance = crate::retrying!(fail(&store, &stream, &reason))?.map_err(ApiError::internal)?;
    let mut details = match failure.details.take() {
        Some(Value::Object(details)) => details,
        _ => Map::new(),
    };
    details.insert("generationId".into(), json!(stream.id()));
    details.insert("refunded".into(), json!(GENERATION_COST));
    details.insert("balance".into(), json!(balance));
    Err(failure.with_details(Value::Object(details)))
}

fn generation_failed(e: &GenerateError) -> ApiError {
    match e {
        GenerateError::NothingToGenerate | GenerateError::TooLittleText | GenerateError::NoMatchingQuestions | GenerateError::NoQuestionsOfTheseTypes => {
            ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "generation_failed", e.to_string())
        }
        GenerateError::LlmTimeout { .. } => ApiError::new(StatusCode::GATEWAY_TIMEOUT, "generator_timeout", e.to_string()),
        GenerateError::LlmStatus { .. } | GenerateError::LlmUnreachable(_) | GenerateError::InvalidOutput(_) | GenerateError::Config(_) => {
            ApiError::new(StatusCode::BAD_GATEWAY, "generator_failed", e.to_string())
        }
    }
}

/// Records the failure and refunds the tokens in one transaction; the host's balance after.
async fn fail(store: &EventStore, stream: &StreamId<Generation>, reason: &str) -> Result<Result<i64, GenerationError>, StoreError> {
    let mut tx = store.begin_write().await?;
    let (generation, version) = load::<Generation>(store, &mut tx, stream).await?;
    let meta = metadata(&generation.host_id, "generation_failed");
    let failed = GenerationCommand::Fail { reason: reason.to_owned() };
    if let Err(e) = crate::commands::decide_on(store, &mut tx, stream, generation.clone(), version, &meta, failed).await? {
        return Ok(Err(e));
    }
    let refund = WalletCommand::Refund { reference: stream.to_string(), reason: reason.to_owned() };
    let balance = match decide_in::<Wallet>(store, &mut tx, &StreamId::<Wallet>::new(&generation.host_id), &meta, refund).await? {
        Ok(decided) => decided.state.balance,
        // Refunded already (a retry after the commit's answer was lost): nothing more to give back.
        Err(_) => load::<Wallet>(store, &mut tx, &StreamId::<Wallet>::new(&generation.host_id)).await?.0.balance,
    };
    tx.commit().await?;
    store.committed();
    Ok(Ok(balance))
}

/// Fails and refunds the generations a crash left without an outcome, every minute.
pub async fn run_refunds(store: EventStore, clock: Arc<dyn Clock>, shutdown: CancellationToken) {
    while !shutdown.is_cancelled() {
        if let Err(e) = refund_abandoned(&store, clock.now_ms()).await {
            tracing::warn!(error = %e, "could not refund interrupted generations; will retry");
        }
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_secs(60)) => {}
            _ = shutdown.cancelled() => {}
        }
    }
}

/// Fails and refunds the generations requested more than 15 minutes before `now` that have no
/// outcome (found through the audit read model); returns how many.
pub async fn refund_abandoned(store: &EventStore, now: i64) -> Result<usize, StoreError> {
    let streams =
        quizroom_projections::audit::read::stalled(store.pool(), Generation::STREAM, GenerationEvent::GENERATION_REQUESTED, now - ABANDONED_AFTER_MS, 100)
            .await?;
    let mut refunded = 0;
    for stream in streams.iter().filter_map(|s| StreamId::<Generation>::parse(s)) {
        if crate::retrying!(fail(store, &stream, "The generation was interrupted; its tokens were refunded"))?.is_ok() {
            tracing::info!(%stream, "refunded an interrupted generation");
            refunded += 1;
        }
    }
    Ok(refunded)
}

fn item(q: quizroom_generate::GeneratedQuestion) -> GeneratedItem {
    GeneratedItem {
        question: q.question,
        kind: q.kind,
        explanation: q.explanation,
        source: q.source.map(|s| PassageRef { passage: s.passage, page: s.page, excerpt: s.excerpt }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_number_of_questions_is_read_from_numbers_and_text() {
        assert_eq!(count_of(None), 10);
        assert_eq!(count_of(Some("")), 10);
        assert_eq!(count_of(Some("abc")), 10);
        assert_eq!(count_of(Some("5")), 5);
        assert_eq!(count_of(Some(" 12 ")), 12);
        assert_eq!(count_of(Some("7.9")), 7);
        assert_eq!(count_of(Some("500")), 50);
        assert_eq!(count_of(Some("0")), 10);
        assert_eq!(count_of(Some("NaN")), 10);
    }

    #[test]
    fn types_are_a_list_or_a_form_field_of_names() {
        assert_eq!(types_of(None).unwrap(), Vec::<String>::new());
        assert_eq!(types_of(Some(&json!("true_false, numeric"))).unwrap(), vec!["true_false", "numeric"]);
        assert_eq!(types_of(Some(&json!(["gaps"]))).unwrap(), vec!["gaps"]);
        assert_eq!(types_of(Some(&json!(""))).unwrap(), Vec::<String>::new());
        assert!(types_of(Some(&json!([1]))).is_err());
        assert!(types_of(Some(&json!({ "a": 1 }))).is_err());
        assert!(types_of(Some(&json!("slide"))).unwrap_err().message.starts_with("Unknown question type 'slide'"));
    }
}
