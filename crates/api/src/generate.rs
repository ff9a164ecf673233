//! Generating a quiz from topics or a document, and publishing it after review (PRODUCT.md
//! screens 11 and 12; contract in `docs/generation-api.md`).
//!
//! A generation is the stream `generation-{uuid}`. The request and its 5-token spend are one
//! transaction; the generator then runs in a task of its own, so its outcome is recorded even when
//! the host stops waiting: the questions, or the failure together with the refund. A sweeper
//! refunds generations a crash left without an outcome. Publishing records the quiz and the
//! generation's publication in one transaction, so a generation becomes at most one quiz.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use quizroom_domain::generation::{
    DroppedCount, GENERATION_COST, GeneratedItem, Generation, GenerationCommand, GenerationError, GenerationSource, PassageRef,
};
use quizroom_domain::quiz::QuizSource;
use quizroom_domain::{Aggregate, StreamId};
use quizroom_domain::wallet::{Wallet, WalletCommand, WalletError};
use quizroom_eventstore::{EventStore, StoreError};
use quizroom_generate::{GenerateError, GenerateRequest, Generator, PassageInput, question_count};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use tokio_util::sync::CancellationToken;

use crate::state::AppState;
use crate::clock::Clock;
use crate::commands::{decide_in, load, metadata};
use crate::error::{ApiError, ApiJson, ApiMultipart, db};
use crate::new_quiz::{Payment, create_quiz, payment_required};
use crate::quiz_form::{self, EditedQuestion, MAX_TITLE, QuizDraft, QuizSettings, UPLOAD_BODY_LIMIT, UploadForm, checked_question, validation};
use crate::tokens::AuthUser;

/// The longest topics text accepted, in characters.
const MAX_TOPICS_CHARS: usize = 100_000;
/// A generation still running after this long is stopped, failed and refunded.
const GENERATION_DEADLINE: Duration = Duration::from_secs(10 * 60);
/// A generation requested this long ago with no outcome was cut off by a crash: refund it.
const ABANDONED_AFTER_MS: i64 = 15 * 60 * 1000;
const NOTHING_GIVEN: &str = "Please either enter text content or upload a file";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .route("/generate/keyword", post(from_keyword))
        .route("/generate/file", post(from_file).layer(DefaultBodyLimit::max(UPLOAD_BODY_LIMIT)))
        .route("/generate/{generation_id}", get(read_generation))
        .route("/generate/{generation_id}/publish", post(publish))
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

fn checked_title(title: &str) -> Result<String, ApiError> {
    let title = title.trim();
    if title.chars().count() > MAX_TITLE {
        return Err(validation(format!("The title is longer than {MAX_TITLE} characters")));
    }
    Ok(title.to_owned())
}

// ----- generating -----

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct KeywordBody {
    #[serde(default)]
    keyword: String,
    #[serde(default)]
    prompt: String,
    #[serde(default)]
    title: String,
    number_of_questions: Option<Value>,
}

async fn from_keyword(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<KeywordBody>) -> Result<(StatusCode, Json<Value>), ApiError> {
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
    };
    generate(state, caller, GenerationSource::Topics { text: topics.to_owned() }, prompt, request, Value::Null).await
}

fn unreadable(e: quizroom_extract::ExtractError) -> ApiError {
    match e.status() {
        413 => quiz_form::too_large(),
        415 => ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_type", e.to_string()),
        _ => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "unreadable_file", e.to_string()),
    }
}

async fn from_file(State(state): State<AppState>, caller: AuthUser, ApiMultipart(multipart): ApiMultipart) -> Result<(StatusCode, Json<Value>), ApiError> {
    let mut form = quiz_form::read_form(multipart).await?;
    let Some((file_name, bytes)) = form.file.take().filter(|(_, bytes)| !bytes.is_empty()) else {
        return Err(validation(NOTHING_GIVEN));
    };
    let title = checked_title(form.field("title"))?;
    if !form.field("validityOption").is_empty() {
        quiz_form::valid_until(&form, state.clock.now_ms())?;
    }
    let name = file_name.clone();
    let document = tokio::task::spawn_blocking(move || quizroom_extract::extract(&name, &bytes)).await.map_err(ApiError::internal)?.map_err(unreadable)?;
    let prompt = form.field("prompt").to_owned();
    let summary = json!({ "kind": document.kind.as_str(), "title": document.title, "passages": document.passages.len() });
    let source = GenerationSource::Document {
        file_name,
        document_kind: document.kind.as_str().to_owned(),
        passages: document.passages.len(),
    };
    let request = GenerateRequest {
        title,
        topics: prompt.clone(),
        passages: document.passages.into_iter().map(|p| PassageInput { index: p.index, page: p.page, text: p.text }).collect(),
        count: count_of(Some(form.field("numberOfQuestions"))),
    };
    generate(state, caller, source, prompt, request, summary).await
}

/// Spends the tokens and records the request, runs the generator, records the outcome.
async fn generate(
    state: AppState,
    caller: AuthUser,
    source: GenerationSource,
    prompt: String,
    request: GenerateRequest,
    document: Value,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let id = uuid::Uuid::new_v4().to_string();
    let stream = StreamId::<Generation>::new(&id);
    let command = || GenerationCommand::Request {
        host_id: caller.user_id.clone(),
        title: request.title.clone(),
        source: source.clone(),
        prompt: prompt.clone(),
        count: request.count,
        cost: GENERATION_COST,
    };
    let balance = crate::retrying!(charge(&state.store, &caller.user_id, &stream, command()))??;
    // A task of its own: if the host stops waiting, the outcome (and any refund) is still recorded.
    let run = tokio::spawn(run(state.store.clone(), state.generator.clone(), stream.clone(), caller.user_id.clone(), request));
    let generation = run.await.map_err(ApiError::internal)??;
    let questions: Vec<Value> = generation.questions.iter().map(question_json).collect();
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "success": true,
            "generationId": id,
            "generator": generation.generator,
            "requested": generation.count,
            "questions": questions,
            "dropped": generation.dropped.iter().map(|d| json!({ "reason": d.reason, "count": d.count })).collect::<Vec<_>>(),
            "tokensSpent": GENERATION_COST,
            "balance": balance,
            "document": document,
        })),
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
async fn run(store: EventStore, generator: Arc<dyn Generator>, stream: StreamId<Generation>, user_id: String, request: GenerateRequest) -> Result<Generation, ApiError> {
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
                Err(_) => return Err(ApiError::new(StatusCode::GATEWAY_TIMEOUT, "generator_timeout", "The generation took too long and its tokens were refunded")),
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
        GenerateError::NothingToGenerate | GenerateError::TooLittleText | GenerateError::NoMatchingQuestions => {
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
    let streams = quizroom_projections::audit::read::stalled(store.pool(), Generation::STREAM, "GenerationRequested", now - ABANDONED_AFTER_MS, 100)
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
        options: q.options,
        answer: q.answer,
        explanation: q.explanation,
        source: q.source.map(|s| PassageRef { passage: s.passage, page: s.page, excerpt: s.excerpt }),
    }
}

fn question_json(q: &GeneratedItem) -> Value {
    json!({
        "question": q.question,
        "optionA": q.options[0],
        "optionB": q.options[1],
        "optionC": q.options[2],
        "optionD": q.options[3],
        "answer": q.answer.as_str(),
        "explanation": q.explanation,
        "source": q.source.as_ref().map(|s| json!({ "passage": s.passage, "page": s.page, "excerpt": s.excerpt })),
    })
}

// ----- reading and publishing -----

async fn read_generation(State(state): State<AppState>, caller: AuthUser, Path(generation_id): Path<String>) -> Result<Json<Value>, ApiError> {
    let stream = stream_of(&generation_id)?;
    let mut conn = state.store.pool().acquire().await.map_err(db)?;
    let (generation, _) = load::<Generation>(&state.store, &mut conn, &stream).await?;
    if generation.host_id != caller.user_id {
        return Err(ApiError::not_found("No such generation"));
    }
    let mut body = json!({
        "success": true,
        "generationId": generation_id,
        "status": generation.status.as_str(),
        "title": generation.title,
        "generator": generation.generator,
        "requested": generation.count,
        "questions": generation.questions.iter().map(question_json).collect::<Vec<_>>(),
        "dropped": generation.dropped.iter().map(|d| json!({ "reason": d.reason, "count": d.count })).collect::<Vec<_>>(),
    });
    if let Some(error) = generation.error {
        body["error"] = json!(error);
    }
    if let Some(quiz_id) = generation.quiz_id {
        body["quizId"] = json!(quiz_id);
    }
    Ok(Json(body))
}

async fn publish(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(generation_id): Path<String>,
    ApiJson(body): ApiJson<Map<String, Value>>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let stream = stream_of(&generation_id)?;
    let settings = UploadForm::from_json(&body);
    let title = checked_title(settings.field("title"))?;
    if title.is_empty() {
        return Err(validation("Please enter a quiz title"));
    }
    let edited: Vec<EditedQuestion> = match body.get("questions") {
        None | Some(Value::Null) => vec![],
        Some(questions) => serde_json::from_value(questions.clone()).map_err(|e| validation(format!("The questions could not be read: {e}")))?,
    };
    if edited.is_empty() {
        return Err(validation("Please keep at least one question to publish the quiz"));
    }
    if edited.len() > quizroom_generate::MAX_QUESTION_COUNT {
        return Err(validation(format!("A generated quiz has at most {} questions", quizroom_generate::MAX_QUESTION_COUNT)));
    }
    let questions = edited.iter().enumerate().map(|(i, q)| checked_question(i + 1, q)).collect::<Result<Vec<_>, _>>().map_err(validation)?;
    let form = QuizSettings::read(&settings, state.clock.now_ms())?;
    let draft = QuizDraft { title, questions, valid_until: form.valid_until, time_limit: form.time_limit, source: QuizSource::Generated };
    let quiz = create_quiz(&state, &caller, &draft, &form.audience, &Payment::Generation(stream)).await?;
    Ok((StatusCode::CREATED, Json(json!({ "success": true, "message": "Quiz created successfully", "quiz": quiz }))))
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
}
