//! Hosting (`docs/hosting-api.md`): the template, parsing an upload into questions, creating a
//! quiz (1 token, spent in the transaction that records it), joining by code, the host's quizzes
//! and their editor, results with a CSV export, and retakes.
//!
//! Who may play a hosted quiz is decided by [`admit`], which every call that reads its questions
//! or submits goes through; an attempt's deadline never passes the quiz's expiry.

use axum::extract::{DefaultBodyLimit, Multipart, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use quizroom_domain::attempt::{Attempt, AttemptCommand, AttemptError};
use quizroom_domain::audience::{AudienceCommand, AudienceList};
use quizroom_domain::generation::{Generation, GenerationCommand};
use quizroom_domain::quiz::{Audience, HostedQuiz, Letter, Question, Quiz, QuizCommand, QuizError, QuizSource};
use quizroom_domain::wallet::{Wallet, WalletCommand, WalletError};
use quizroom_eventstore::StoreError;
use quizroom_sheet::{Parsed, SheetError};
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::Row;

use crate::app::AppState;
use crate::audience::{audience_refused, parse_emails};
use crate::catalogue::allocate_ids;
use crate::clock::rfc3339;
use crate::commands::{decide_in, metadata};
use crate::error::{ApiError, ApiJson, db};
use crate::play::parse_category_id;
use crate::tokens::AuthUser;

/// Tokens a hosted quiz costs.
pub const HOSTING_COST: i64 = 1;
/// Time limit bounds in minutes, and what anything else becomes.
pub const TIME_LIMIT_RANGE: std::ops::RangeInclusive<i64> = 1..=180;
pub const DEFAULT_TIME_LIMIT: i64 = 30;
/// Join codes: six characters from an alphabet without look-alikes (no 0/O, 1/I/L).
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH: usize = 6;
pub(crate) const MAX_TITLE: usize = 200;
/// The file plus the form's other fields.
pub(crate) const UPLOAD_BODY_LIMIT: usize = quizroom_sheet::MAX_FILE_BYTES + 256 * 1024;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/hostQuiz/template.xlsx", get(template_xlsx))
        .route("/hostQuiz/template.csv", get(template_csv))
        .route("/hostQuiz/preview", post(preview).layer(DefaultBodyLimit::max(UPLOAD_BODY_LIMIT)))
        .route("/hostQuiz/upload", post(upload).layer(DefaultBodyLimit::max(UPLOAD_BODY_LIMIT)))
        .route("/hostQuiz/checkQuiz", get(check_quiz))
        .route("/hostQuiz/myQuizzes", get(my_quizzes))
        .route("/hostQuiz/quiz/{category_id}", get(quiz_for_host))
        .route("/hostQuiz/results/{category_id}", get(results))
        .route("/hostQuiz/results/{category_id}/export.csv", get(export_results))
        .route("/question/{category_id}/with-answers", get(with_answers))
        .route("/question/update-category-questions", post(update_questions))
}

// ----- quizzes as the read model has them, and who may play them -----

/// A category (curated or hosted) as the read model has it.
#[derive(Debug, Clone)]
pub struct CategoryRow {
    pub id: i64,
    pub name: String,
    pub hosted: bool,
    pub time_limit: i64,
    pub quiz_version: i64,
    pub question_count: i64,
    pub host_id: Option<String>,
    pub code: Option<String>,
    pub valid_until: Option<i64>,
    pub audience_list_id: Option<String>,
    pub audience_name: Option<String>,
    pub created_at: Option<i64>,
}

const CATEGORY_COLUMNS: &str = "category_id, name, kind, time_limit, quiz_version, question_count, host_id, code, valid_until, \
                                audience_list_id, audience_name, created_at";

fn category_from(r: &sqlx::any::AnyRow) -> Result<CategoryRow, sqlx::Error> {
    Ok(CategoryRow {
        id: r.try_get(0)?,
        name: r.try_get(1)?,
        hosted: r.try_get::<String, _>(2)? == "hosted",
        time_limit: r.try_get(3)?,
        quiz_version: r.try_get(4)?,
        question_count: r.try_get(5)?,
        host_id: r.try_get(6)?,
        code: r.try_get(7)?,
        valid_until: r.try_get(8)?,
        audience_list_id: r.try_get(9)?,
        audience_name: r.try_get(10)?,
        created_at: r.try_get(11)?,
    })
}

/// The category `category_id`, if it exists.
pub async fn find_category(state: &AppState, category_id: i64) -> Result<Option<CategoryRow>, ApiError> {
    let sql = format!("select {CATEGORY_COLUMNS} from category where category_id = $1");
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(category_id).fetch_optional(state.store.pool()).await.map_err(db)?;
    row.as_ref().map(category_from).transpose().map_err(db)
}

/// A code as typed: any case, spaces and dashes ignored.
fn normalize_code(code: &str) -> String {
    code.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_uppercase()).collect()
}

async fn category_by_code(state: &AppState, code: &str) -> Result<Option<CategoryRow>, ApiError> {
    let sql = format!("select {CATEGORY_COLUMNS} from category where code = $1");
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(normalize_code(code)).fetch_optional(state.store.pool()).await.map_err(db)?;
    row.as_ref().map(category_from).transpose().map_err(db)
}

pub fn expired_error() -> ApiError {
    ApiError::new(StatusCode::GONE, "expired", "This quiz has expired and is no longer available.")
}

pub fn not_in_audience() -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, "not_in_audience", "This quiz is only open to invited participants.")
}

fn already_attempted() -> ApiError {
    ApiError::conflict("already_attempted", "You have already taken this quiz. Ask the host for a retake.")
}

fn not_host() -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, "not_host", "Only the quiz's host can do this")
}

impl CategoryRow {
    pub fn is_expired(&self, now: i64) -> bool {
        self.valid_until.is_some_and(|until| now > until)
    }

    fn is_host(&self, user_id: &str) -> bool {
        self.host_id.as_deref() == Some(user_id)
    }
}

/// Whether the caller is on the quiz's audience list (the host always is; an open quiz admits all).
pub async fn in_audience(state: &AppState, user_id: &str, category: &CategoryRow) -> Result<bool, ApiError> {
    let Some(list_id) = &category.audience_list_id else { return Ok(true) };
    if category.is_host(user_id) {
        return Ok(true);
    }
    let member = sqlx::query(
        "select 1 from audience_member m join user_account u on u.email = m.email where m.list_id = $1 and u.user_id = $2",
    )
    .bind(list_id)
    .bind(user_id)
    .fetch_optional(state.store.pool())
    .await
    .map_err(db)?;
    Ok(member.is_some())
}

/// Refuses a caller who may not play `category` now: an expired hosted quiz (410) or one whose
/// audience does not include them (403). Curated categories admit everyone.
pub async fn admit(state: &AppState, user_id: &str, category: &CategoryRow) -> Result<(), ApiError> {
    if !category.hosted {
        return Ok(());
    }
    if category.is_expired(state.clock.now_ms()) {
        return Err(expired_error());
    }
    if !in_audience(state, user_id, category).await? {
        return Err(not_in_audience());
    }
    Ok(())
}

/// Whether the player has a submitted attempt on the quiz that no retake freed.
pub async fn has_used_attempt(state: &AppState, user_id: &str, category_id: i64) -> Result<bool, ApiError> {
    let row = sqlx::query(
        "select 1 from attempt where user_id = $1 and category_id = $2 and status = 'submitted' and retake_granted = 0 limit 1",
    )
    .bind(user_id)
    .bind(category_id)
    .fetch_optional(state.store.pool())
    .await
    .map_err(db)?;
    Ok(row.is_some())
}

/// Refuses starting a hosted quiz the player already took (until the host grants a retake).
pub async fn ensure_attempt_left(state: &AppState, user_id: &str, category: &CategoryRow) -> Result<(), ApiError> {
    if category.hosted && has_used_attempt(state, user_id, category.id).await? {
        return Err(already_attempted());
    }
    Ok(())
}

/// The hosted quiz `category_id` when the caller is its host: 404 when there is none, 403 for others.
async fn hosted_by(state: &AppState, caller: &AuthUser, category_id: &str) -> Result<CategoryRow, ApiError> {
    let category_id = parse_category_id(category_id)?;
    let category = find_category(state, category_id).await?.ok_or_else(|| ApiError::not_found("No such quiz"))?;
    if !category.is_host(&caller.user_id) {
        return Err(not_host());
    }
    Ok(category)
}

/// Whether `user_id` hosts `category_id` (for reading a participant's feedback).
pub async fn is_host_of(state: &AppState, user_id: &str, category_id: i64) -> Result<bool, ApiError> {
    Ok(find_category(state, category_id).await?.is_some_and(|c| c.is_host(user_id)))
}

fn audience_json(category: &CategoryRow) -> Value {
    match (&category.audience_list_id, &category.audience_name) {
        (Some(id), name) => json!({ "kind": "list", "id": id, "name": name.clone().unwrap_or_default() }),
        (None, _) => json!({ "kind": "open", "name": "Open to all" }),
    }
}

fn link(code: &str) -> String {
    format!("/host/attemptQuiz?code={code}")
}

fn time(ms: Option<i64>) -> Value {
    ms.map_or(Value::Null, |ms| Value::String(rfc3339(ms)))
}

// ----- the template and parsing -----

async fn template_xlsx() -> Response {
    let bytes = tokio::task::spawn_blocking(quizroom_sheet::template_xlsx).await.unwrap_or_default();
    (
        [
            (header::CONTENT_TYPE, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"quizroom-template.xlsx\""),
        ],
        bytes,
    )
        .into_response()
}

async fn template_csv() -> Response {
    (
        [(header::CONTENT_TYPE, "text/csv; charset=utf-8"), (header::CONTENT_DISPOSITION, "attachment; filename=\"quizroom-template.csv\"")],
        quizroom_sheet::template_csv(),
    )
        .into_response()
}

fn sheet_refused(e: SheetError) -> ApiError {
    let status = StatusCode::from_u16(e.status()).unwrap_or(StatusCode::UNPROCESSABLE_ENTITY);
    let code = match status {
        StatusCode::PAYLOAD_TOO_LARGE => "too_large",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_type",
        _ => "unreadable_file",
    };
    ApiError::new(status, code, e.to_string())
}

pub(crate) fn too_large() -> ApiError {
    ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "too_large", "File is too large. Please upload a file smaller than 10MB.")
}

/// Parses a spreadsheet off the request's thread.
async fn parse_sheet(name: String, bytes: Vec<u8>) -> Result<Parsed, ApiError> {
    tokio::task::spawn_blocking(move || quizroom_sheet::parse(&name, &bytes)).await.map_err(ApiError::internal)?.map_err(sheet_refused)
}

/// A question with its answer; `place` names it: `("row", n)` in a preview, `("id", id)` when saved.
fn question_json(place: (&str, i64), text: &str, options: &[String; 4], answer: Letter, explanation: &str) -> Value {
    let mut question = json!({
        "text": text,
        "optionA": options[0],
        "optionB": options[1],
        "optionC": options[2],
        "optionD": options[3],
        "answer": options[answer.index()],
        "correctLetter": answer.as_str(),
        "explanation": explanation,
    });
    question[place.0] = json!(place.1);
    question
}

fn parsed_json(parsed: &Parsed) -> Value {
    let questions: Vec<Value> =
        parsed.questions.iter().map(|q| question_json(("row", q.row as i64), &q.text, &q.options, q.answer, &q.explanation)).collect();
    let errors: Vec<Value> = parsed.errors.iter().map(|e| json!({ "row": e.row, "message": e.message })).collect();
    json!({ "success": true, "format": parsed.format.as_str(), "questions": questions, "errors": errors })
}

/// The upload form: every text field, and the file.
#[derive(Default)]
pub(crate) struct UploadForm {
    fields: std::collections::HashMap<String, String>,
    pub file: Option<(String, Vec<u8>)>,
}

impl UploadForm {
    pub fn field(&self, name: &str) -> &str {
        self.fields.get(name).map_or("", |v| v.trim())
    }

    /// The settings of a JSON body (strings and numbers) as form fields.
    pub fn from_json(body: &serde_json::Map<String, Value>) -> UploadForm {
        UploadForm { fields: body.iter().filter_map(|(k, v)| Some((k.clone(), scalar_text(v)?))).collect(), file: None }
    }
}

/// A JSON string or number as a form field's text.
pub(crate) fn scalar_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

pub(crate) async fn read_form(mut multipart: Multipart) -> Result<UploadForm, ApiError> {
    let mut form = UploadForm::default();
    let read_error = |e: axum::extract::multipart::MultipartError| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            too_large()
        } else {
            ApiError::bad_request("bad_form", format!("The form could not be read: {}", e.body_text()))
        }
    };
    while let Some(field) = multipart.next_field().await.map_err(read_error)? {
        let name = field.name().unwrap_or_default().to_owned();
        if name == "file" {
            let file_name = field.file_name().unwrap_or_default().to_owned();
            let bytes = field.bytes().await.map_err(read_error)?;
            if bytes.len() > quizroom_sheet::MAX_FILE_BYTES {
                return Err(too_large());
            }
            form.file = Some((file_name, bytes.to_vec()));
        } else {
            let value = field.text().await.map_err(read_error)?;
            form.fields.insert(name, value);
        }
    }
    Ok(form)
}

async fn preview(_caller: AuthUser, multipart: Multipart) -> Result<Json<Value>, ApiError> {
    let form = read_form(multipart).await?;
    let (name, bytes) = form.file.ok_or_else(|| ApiError::bad_request("validation", "Please upload a file"))?;
    Ok(Json(parsed_json(&parse_sheet(name, bytes).await?)))
}

// ----- creating a quiz -----

pub(crate) fn validation(message: impl Into<String>) -> ApiError {
    ApiError::bad_request("validation", message)
}

/// The expiry the form asks for: 24 or 48 hours from now, or a custom date (the end of that day,
/// UTC) or time, not in the past.
pub(crate) fn valid_until(form: &UploadForm, now: i64) -> Result<i64, ApiError> {
    match form.field("validityOption") {
        "" | "24h" => Ok(now + DAY_MS),
        "48h" => Ok(now + 2 * DAY_MS),
        "custom" => {
            let text = form.field("customDate");
            let until = if let Ok(date) = chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d") {
                date.and_hms_milli_opt(23, 59, 59, 999).map(|t| t.and_utc().timestamp_millis())
            } else {
                chrono::DateTime::parse_from_rfc3339(text).ok().map(|t| t.timestamp_millis())
            };
            until.filter(|until| *until >= now).ok_or_else(|| validation("Please select a valid date for quiz expiry"))
        }
        other => Err(validation(format!("Unknown validity option: {other}"))),
    }
}

/// Minutes from 1 to 180; anything else is the default 30.
pub fn time_limit(text: &str) -> i64 {
    text.trim().parse::<i64>().ok().filter(|m| TIME_LIMIT_RANGE.contains(m)).unwrap_or(DEFAULT_TIME_LIMIT)
}

/// Who the quiz is for, before it is recorded.
pub enum AudienceChoice {
    Open,
    /// New list from typed e-mails, saved under `name`.
    NewList { name: String, emails: Vec<String> },
    /// One of the caller's saved lists.
    Saved { list_id: String },
}

pub(crate) fn audience_choice(form: &UploadForm, now: i64) -> Result<AudienceChoice, ApiError> {
    match form.field("audienceType") {
        "" | "open" => Ok(AudienceChoice::Open),
        "emails" => {
            let emails = parse_emails(form.field("emails"))?;
            if emails.is_empty() {
                return Err(validation("Please provide email addresses for quiz participants"));
            }
            let name = match form.field("audienceName") {
                "" => format!("Quiz participants {}", chrono::DateTime::from_timestamp_millis(now).unwrap_or_default().format("%Y-%m-%d")),
                name => name.to_owned(),
            };
            Ok(AudienceChoice::NewList { name, emails })
        }
        "list" => match form.field("audienceListId") {
            "" => Err(validation("Please select an audience list")),
            id => Ok(AudienceChoice::Saved { list_id: id.to_owned() }),
        },
        other => Err(validation(format!("Unknown audience type: {other}"))),
    }
}

/// A new join code.
fn new_code() -> String {
    use rand::Rng;
    let mut rng = rand::rng();
    (0..CODE_LENGTH).map(|_| CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())] as char).collect()
}

/// 402 for `what` (e.g. "Hosting a quiz") costing `needed` tokens.
pub(crate) fn payment_required(what: &str, balance: i64, needed: i64) -> ApiError {
    let tokens = if needed == 1 { "token" } else { "tokens" };
    ApiError::new(
        StatusCode::PAYMENT_REQUIRED,
        "insufficient_tokens",
        format!("{what} costs {needed} {tokens} and you have {balance}. Buy tokens on the pricing page."),
    )
    .with_details(json!({ "balance": balance, "needed": needed, "pricing": "/pricing" }))
}

/// A question before its id is drawn.
#[derive(Debug, Clone)]
pub struct DraftQuestion {
    pub text: String,
    pub options: [String; 4],
    pub answer: Letter,
    pub explanation: String,
}

impl DraftQuestion {
    fn with_id(&self, id: i64) -> Question {
        Question {
            id,
            key: format!("q{id}"),
            text: self.text.clone(),
            options: self.options.clone(),
            answer: self.answer,
            explanation: self.explanation.clone(),
        }
    }
}

/// What a quiz is made of before its ids and code are drawn.
pub struct QuizDraft {
    pub title: String,
    pub questions: Vec<DraftQuestion>,
    pub valid_until: i64,
    pub time_limit: i64,
    pub source: QuizSource,
}

/// How a new quiz is paid for.
pub enum Payment {
    /// Tokens spent with the quiz.
    Tokens(i64),
    /// A generation (its stream), paid when it was requested; the quiz is its one publication.
    Generation(String),
}

/// Records the quiz, its new audience list if any, and its payment in one transaction. Returns
/// the quiz's id and code, or why it was refused.
async fn create_once(
    state: &AppState,
    caller: &AuthUser,
    draft: &QuizDraft,
    audience: &AudienceChoice,
    payment: &Payment,
) -> Result<Result<(i64, String, Audience), ApiError>, StoreError> {
    let now = state.clock.now_ms();
    let meta = metadata(&caller.user_id, "host_quiz");
    let mut tx = state.store.begin_write().await?;
    let audience = match audience {
        AudienceChoice::Open => Audience::Open,
        AudienceChoice::Saved { list_id } => {
            let (list, _) = crate::commands::load::<AudienceList>(&state.store, &mut tx, &format!("audience-{list_id}")).await?;
            if list.deleted || list.owner_id.as_deref() != Some(caller.user_id.as_str()) {
                return Ok(Err(ApiError::not_found("No such audience list")));
            }
            Audience::List { list_id: list_id.clone(), name: list.name }
        }
        AudienceChoice::NewList { name, emails } => {
            let list_id = uuid::Uuid::new_v4().to_string();
            let command = AudienceCommand::Create { owner_id: caller.user_id.clone(), name: name.clone(), emails: emails.clone() };
            if let Err(e) = decide_in::<AudienceList>(&state.store, &mut tx, &format!("audience-{list_id}"), &meta, command).await? {
                return Ok(Err(audience_refused(e)));
            }
            Audience::List { list_id, name: name.trim().to_owned() }
        }
    };
    let quiz_id = allocate_ids(&mut tx, "category", 1).await?;
    let first_question = allocate_ids(&mut tx, "question", draft.questions.len() as i64).await?;
    let questions = draft.questions.iter().enumerate().map(|(i, q)| q.with_id(first_question + i as i64)).collect();
    let code = new_code();
    let hosted = HostedQuiz {
        host_id: caller.user_id.clone(),
        title: draft.title.clone(),
        code: code.clone(),
        questions,
        valid_until: draft.valid_until,
        time_limit_minutes: draft.time_limit,
        audience: audience.clone(),
        source: draft.source,
        created_at: now,
    };
    let quiz_stream = format!("quiz-{quiz_id}");
    if let Err(e) = decide_in::<Quiz>(&state.store, &mut tx, &quiz_stream, &meta, QuizCommand::Host { quiz_id, quiz: hosted }).await? {
        return Ok(Err(ApiError::bad_request("validation", e.to_string())));
    }
    match payment {
        Payment::Tokens(cost) => {
            let spend = WalletCommand::Spend { amount: *cost, purpose: "host_quiz".into(), reference: quiz_stream };
            match decide_in::<Wallet>(&state.store, &mut tx, &format!("wallet-{}", caller.user_id), &meta, spend).await? {
                Ok(_) => {}
                Err(WalletError::InsufficientTokens { balance, needed }) => return Ok(Err(payment_required("Hosting a quiz", balance, needed))),
                Err(e) => return Ok(Err(ApiError::internal(e))),
            }
        }
        Payment::Generation(stream) => {
            let publish = GenerationCommand::Publish { by: caller.user_id.clone(), quiz_id };
            if let Err(e) = decide_in::<Generation>(&state.store, &mut tx, stream, &meta, publish).await? {
                return Ok(Err(crate::generate::refused(e)));
            }
        }
    }
    tx.commit().await?;
    state.store.committed();
    Ok(Ok((quiz_id, code, audience)))
}

/// Creates a hosted quiz, drawing a new code when one is taken and retrying on a concurrent change.
pub async fn create_quiz(state: &AppState, caller: &AuthUser, draft: &QuizDraft, audience: &AudienceChoice, payment: &Payment) -> Result<Value, ApiError> {
    let mut tries = 0u32;
    loop {
        match create_once(state, caller, draft, audience, payment).await {
            Ok(Ok((id, code, audience))) => {
                let audience = match audience {
                    Audience::Open => json!({ "kind": "open", "name": "Open to all" }),
                    Audience::List { list_id, name } => json!({ "kind": "list", "id": list_id, "name": name }),
                };
                return Ok(json!({
                    "id": id,
                    "title": draft.title,
                    "quizCode": code,
                    "link": link(&code),
                    "questionCount": draft.questions.len(),
                    "timeLimit": draft.time_limit,
                    "validUntil": rfc3339(draft.valid_until),
                    "audience": audience,
                }));
            }
            Ok(Err(refused)) => return Err(refused),
            // The code was drawn before: draw again.
            Err(e) if e.conflicting_constraint().is_some() && tries < 5 => tries += 1,
            Err(e) if crate::commands::should_retry(&e, &mut tries).await => {}
            Err(e) => return Err(e.into()),
        }
    }
}

async fn upload(State(state): State<AppState>, caller: AuthUser, multipart: Multipart) -> Result<(StatusCode, Json<Value>), ApiError> {
    let form = read_form(multipart).await?;
    let title = form.field("title").to_owned();
    let Some((name, bytes)) = form.file.clone().filter(|_| !title.is_empty()) else {
        return Err(validation("Please provide a quiz title and upload a file"));
    };
    if title.chars().count() > MAX_TITLE {
        return Err(validation(format!("The title is longer than {MAX_TITLE} characters")));
    }
    let now = state.clock.now_ms();
    let valid_until = valid_until(&form, now)?;
    let audience = audience_choice(&form, now)?;
    let parsed = parse_sheet(name, bytes).await?;
    if let Some(first) = parsed.errors.first() {
        return Err(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "sheet_errors", format!("Error with Excel file: {}", first.message))
            .with_details(json!({ "errors": parsed.errors.iter().map(|e| json!({ "row": e.row, "message": e.message })).collect::<Vec<_>>() })));
    }
    if parsed.questions.is_empty() {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "no_questions",
            "No questions found in the uploaded file. Please check the format and try again.",
        ));
    }
    let draft = QuizDraft {
        title,
        questions: parsed
            .questions
            .into_iter()
            .map(|q| DraftQuestion { text: q.text, options: q.options, answer: q.answer, explanation: q.explanation })
            .collect(),
        valid_until,
        time_limit: time_limit(form.field("timeLimit")),
        source: QuizSource::Upload,
    };
    let quiz = create_quiz(&state, &caller, &draft, &audience, &Payment::Tokens(HOSTING_COST)).await?;
    Ok((StatusCode::CREATED, Json(json!({ "success": true, "message": "Quiz created successfully", "quiz": quiz }))))
}

// ----- joining -----

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CheckQuery {
    quiz_code: Option<String>,
}

async fn check_quiz(State(state): State<AppState>, caller: AuthUser, Query(q): Query<CheckQuery>) -> Result<Response, ApiError> {
    let code = q.quiz_code.as_deref().map(normalize_code).unwrap_or_default();
    if code.is_empty() {
        return Err(validation("Please enter a quiz code"));
    }
    let category = category_by_code(&state, &code).await?.ok_or_else(|| ApiError::not_found("Quiz not found. Please check your code."))?;
    let attempted = has_used_attempt(&state, &caller.user_id, category.id).await?;
    let details = json!({
        "id": category.id,
        "title": category.name,
        "timeLimit": category.time_limit,
        "questionCount": category.question_count,
        "validUntil": time(category.valid_until),
        "audience": audience_json(&category),
        "attempted": attempted,
    });
    if category.is_expired(state.clock.now_ms()) {
        let message = expired_error().message;
        let body = json!({ "success": false, "expired": true, "code": "expired", "error": message, "message": message, "quizDetails": details });
        return Ok((StatusCode::GONE, Json(body)).into_response());
    }
    if !in_audience(&state, &caller.user_id, &category).await? {
        return Err(not_in_audience());
    }
    if attempted {
        return Err(already_attempted());
    }
    Ok(Json(json!({ "success": true, "message": "Quiz found", "expired": false, "quizDetails": details })).into_response())
}

// ----- the host's quizzes -----

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct UserQuery {
    user_id: Option<String>,
}

async fn my_quizzes(State(state): State<AppState>, caller: AuthUser, Query(q): Query<UserQuery>) -> Result<Json<Value>, ApiError> {
    caller.ensure_self(q.user_id.as_deref())?;
    let sql = format!(
        "select {CATEGORY_COLUMNS}, (select count(distinct a.user_id) from attempt a where a.category_id = category.category_id \
         and a.status = 'submitted') from category where host_id = $1 order by created_at desc, category_id desc"
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(&caller.user_id).fetch_all(state.store.pool()).await.map_err(db)?;
    let now = state.clock.now_ms();
    let quizzes = rows
        .iter()
        .map(|r| {
            let c = category_from(r)?;
            let participants: i64 = r.try_get(12)?;
            let code = c.code.clone().unwrap_or_default();
            Ok(json!({
                "id": c.id,
                "name": c.name,
                "questionCount": c.question_count,
                "quizCode": code,
                "link": link(&code),
                "audience_name": c.audience_name.clone().unwrap_or_else(|| "Open to all".into()),
                "valid_until": time(c.valid_until),
                "time_limit": c.time_limit,
                "status": if c.is_expired(now) { "completed" } else { "active" },
                "participants": participants,
                "createdAt": time(c.created_at),
            }))
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()
        .map_err(db)?;
    Ok(Json(json!({ "success": true, "data": quizzes })))
}

/// The questions of the quiz's current version, with answers.
async fn questions_with_answers(state: &AppState, category: &CategoryRow) -> Result<Vec<Value>, ApiError> {
    let rows = sqlx::query(
        "select question_id, text, option_a, option_b, option_c, option_d, answer, explanation from question \
         where category_id = $1 and quiz_version = $2 order by position",
    )
    .bind(category.id)
    .bind(category.quiz_version)
    .fetch_all(state.store.pool())
    .await
    .map_err(db)?;
    rows.iter()
        .map(|r| {
            let options: [String; 4] = [r.try_get(2)?, r.try_get(3)?, r.try_get(4)?, r.try_get(5)?];
            let answer = Letter::parse(&r.try_get::<String, _>(6)?).unwrap_or(Letter::A);
            Ok(question_json(("id", r.try_get(0)?), &r.try_get::<String, _>(1)?, &options, answer, &r.try_get::<String, _>(7)?))
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()
        .map_err(db)
}

async fn quiz_for_host(State(state): State<AppState>, caller: AuthUser, Path(category_id): Path<String>) -> Result<Json<Value>, ApiError> {
    let category = hosted_by(&state, &caller, &category_id).await?;
    let questions = questions_with_answers(&state, &category).await?;
    Ok(Json(json!({
        "success": true,
        "category": {
            "id": category.id,
            "name": category.name,
            "valid_until": time(category.valid_until),
            "time_limit": category.time_limit,
            "quizCode": category.code,
            "audience": { "name": category.audience_name.clone().unwrap_or_else(|| "Open to all".into()) },
        },
        "questions": questions,
    })))
}

async fn with_answers(State(state): State<AppState>, caller: AuthUser, Path(category_id): Path<String>) -> Result<Json<Value>, ApiError> {
    let category = hosted_by(&state, &caller, &category_id).await?;
    let questions = questions_with_answers(&state, &category).await?;
    Ok(Json(json!({ "questions": questions, "time_limit": category.time_limit })))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct UpdateRequest {
    #[serde(default)]
    category_id: Value,
    #[serde(default)]
    questions: Vec<EditedQuestion>,
}

/// A question as the host edited it; a generated one names its text `question`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct EditedQuestion {
    id: Option<i64>,
    #[serde(default, alias = "question")]
    text: String,
    #[serde(default)]
    option_a: String,
    #[serde(default)]
    option_b: String,
    #[serde(default)]
    option_c: String,
    #[serde(default)]
    option_d: String,
    #[serde(default)]
    answer: String,
    #[serde(default)]
    explanation: String,
}

/// The answer as a letter: a letter A–D in any case, or the text of one of the options.
pub fn answer_letter(answer: &str, options: &[String; 4]) -> Option<Letter> {
    Letter::parse(answer).or_else(|| {
        let answer = answer.trim().to_lowercase();
        Letter::ALL.into_iter().find(|l| !answer.is_empty() && options[l.index()].trim().to_lowercase() == answer)
    })
}

/// Checks an edited question; the message names it by its place (from 1).
pub(crate) fn checked_question(n: usize, q: &EditedQuestion) -> Result<DraftQuestion, String> {
    let options = [&q.option_a, &q.option_b, &q.option_c, &q.option_d].map(|o| o.trim().to_owned());
    let text = q.text.trim().to_owned();
    if text.is_empty() || options.iter().any(String::is_empty) {
        return Err(format!("Question {n} is missing one or more required fields"));
    }
    let mut distinct: Vec<String> = options.iter().map(|o| o.to_lowercase()).collect();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != 4 {
        return Err(format!("Question {n} has two options that are the same"));
    }
    let answer = answer_letter(&q.answer, &options).ok_or_else(|| format!("Question {n}: the answer must be A, B, C or D, or the text of an option"))?;
    if text.chars().count() > 1000 || options.iter().any(|o| o.chars().count() > 300) || q.explanation.chars().count() > 2000 {
        return Err(format!("Question {n} is too long"));
    }
    Ok(DraftQuestion { text, options, answer, explanation: q.explanation.trim().to_owned() })
}

async fn update_once(state: &AppState, caller: &AuthUser, category_id: i64, edited: &[(Option<i64>, DraftQuestion)]) -> Result<Result<usize, QuizError>, StoreError> {
    let mut tx = state.store.begin_write().await?;
    let stream = format!("quiz-{category_id}");
    let (quiz, version) = crate::commands::load::<Quiz>(&state.store, &mut tx, &stream).await?;
    // A question keeps its id when it still belongs to the quiz (once); the others get new ids.
    let mut seen = std::collections::HashSet::new();
    let kept: Vec<Option<i64>> = edited.iter().map(|(id, _)| id.filter(|id| quiz.question(*id).is_some() && seen.insert(*id))).collect();
    let fresh = kept.iter().filter(|id| id.is_none()).count() as i64;
    let mut next = if fresh > 0 { allocate_ids(&mut tx, "question", fresh).await? } else { 0 };
    let questions: Vec<Question> = edited
        .iter()
        .zip(kept)
        .map(|((_, question), kept)| {
            question.with_id(kept.unwrap_or_else(|| {
                next += 1;
                next - 1
            }))
        })
        .collect();
    let count = questions.len();
    let command = QuizCommand::UpdateQuestions { by: caller.user_id.clone(), questions };
    match crate::commands::decide_on::<Quiz>(&state.store, &mut tx, &stream, quiz, version, &metadata(&caller.user_id, "update_questions"), command).await? {
        Ok(_) => {
            tx.commit().await?;
            state.store.committed();
            Ok(Ok(count))
        }
        Err(e) => Ok(Err(e)),
    }
}

async fn update_questions(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<UpdateRequest>) -> Result<Json<Value>, ApiError> {
    let category_id = match &body.category_id {
        Value::Number(n) => n.as_i64().map(|id| id.to_string()).unwrap_or_default(),
        Value::String(s) => s.clone(),
        _ => String::new(),
    };
    let category = hosted_by(&state, &caller, &category_id).await?;
    let mut errors = Vec::new();
    let mut edited = Vec::new();
    for (i, q) in body.questions.iter().enumerate() {
        match checked_question(i + 1, q) {
            Ok(checked) => edited.push((q.id, checked)),
            Err(message) => errors.push(message),
        }
    }
    if body.questions.is_empty() {
        errors.push("A quiz needs at least one question".to_owned());
    }
    if let Some(first) = errors.first() {
        return Err(validation(first.clone()).with_details(json!({ "errors": errors })));
    }
    let count = crate::retrying!(update_once(&state, &caller, category.id, &edited))?.map_err(|e| match e {
        QuizError::NotHost | QuizError::NotFound => not_host(),
        other => validation(other.to_string()),
    })?;
    Ok(Json(json!({ "success": true, "message": "Successfully updated questions!", "questionCount": count })))
}

// ----- results and retakes -----

struct ResultRow {
    user_id: String,
    first_name: String,
    last_name: String,
    email: String,
    score: i64,
    total: i64,
    points: i64,
    submitted_at: i64,
    reason: String,
    attempts: i64,
}

/// Each player's current entry (their latest attempt since any retake), best points first.
async fn result_rows(state: &AppState, category_id: i64) -> Result<Vec<ResultRow>, ApiError> {
    let rows = sqlx::query(
        "select b.user_id, u.first_name, u.last_name, u.email, a.score, a.total, a.points, a.submitted_at, a.reason, \
         (select count(*) from attempt x where x.category_id = b.category_id and x.user_id = b.user_id and x.status = 'submitted') \
         from best_score b join attempt a on a.attempt_id = b.attempt_id join user_account u on u.user_id = b.user_id \
         where b.category_id = $1 order by b.points desc, b.achieved_at, u.last_name, u.first_name",
    )
    .bind(category_id)
    .fetch_all(state.store.pool())
    .await
    .map_err(db)?;
    rows.iter()
        .map(|r| {
            Ok(ResultRow {
                user_id: r.try_get(0)?,
                first_name: r.try_get(1)?,
                last_name: r.try_get(2)?,
                email: r.try_get(3)?,
                score: r.try_get(4)?,
                total: r.try_get(5)?,
                points: r.try_get(6)?,
                submitted_at: r.try_get(7)?,
                reason: r.try_get(8)?,
                attempts: r.try_get(9)?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()
        .map_err(db)
}

async fn results(State(state): State<AppState>, caller: AuthUser, Path(category_id): Path<String>) -> Result<Json<Value>, ApiError> {
    let category = hosted_by(&state, &caller, &category_id).await?;
    let rows = result_rows(&state, category.id).await?;
    let data: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            json!({
                "rank": i + 1,
                "userId": r.user_id,
                "firstName": r.first_name,
                "lastName": r.last_name,
                "email": r.email,
                "score": r.score,
                "total": r.total,
                "points": r.points,
                "submittedAt": rfc3339(r.submitted_at),
                "reason": r.reason,
                "attempts": r.attempts,
            })
        })
        .collect();
    Ok(Json(json!({ "success": true, "title": category.name, "participants": data.len(), "data": data })))
}

/// A cell that a spreadsheet would run as a formula gets a leading apostrophe.
fn csv_cell(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{text}") } else { text.to_owned() }
}

async fn export_results(State(state): State<AppState>, caller: AuthUser, Path(category_id): Path<String>) -> Result<Response, ApiError> {
    let category = hosted_by(&state, &caller, &category_id).await?;
    let rows = result_rows(&state, category.id).await?;
    let mut out = csv::Writer::from_writer(Vec::new());
    let write = |out: &mut csv::Writer<Vec<u8>>, record: Vec<String>| out.write_record(record).map_err(ApiError::internal);
    let header = ["Rank", "First name", "Last name", "Email", "Score", "Total", "Points", "Submitted at", "Submitted by", "Attempts"];
    write(&mut out, header.map(String::from).to_vec())?;
    for (i, r) in rows.iter().enumerate() {
        let by = if r.reason == "timeout" { "time up (server)" } else { "player" };
        write(
            &mut out,
            vec![
                (i + 1).to_string(),
                csv_cell(&r.first_name),
                csv_cell(&r.last_name),
                csv_cell(&r.email),
                r.score.to_string(),
                r.total.to_string(),
                r.points.to_string(),
                rfc3339(r.submitted_at),
                by.to_owned(),
                r.attempts.to_string(),
            ],
        )?;
    }
    let bytes = out.into_inner().map_err(ApiError::internal)?;
    let file_name: String = category.name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{}-results.csv\"", file_name.trim_matches('-'))),
        ],
        bytes,
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RetakeRequest {
    user_id: Option<String>,
    #[serde(default)]
    category_id: Value,
}

/// `DELETE /api/leaderboard/deleteEntry`: the host grants a player a retake.
pub async fn grant_retake(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<RetakeRequest>) -> Result<Json<Value>, ApiError> {
    let missing = || validation("Cannot perform action: Missing required user or category information.");
    let player = body.user_id.filter(|u| !u.trim().is_empty()).ok_or_else(missing)?;
    let category_id = match &body.category_id {
        Value::Number(n) => n.to_string(),
        Value::String(s) if !s.trim().is_empty() => s.clone(),
        _ => return Err(missing()),
    };
    let category = hosted_by(&state, &caller, &category_id).await?;
    let attempt_id = sqlx::query_scalar::<_, String>(
        "select attempt_id from attempt where user_id = $1 and category_id = $2 and status = 'submitted' and retake_granted = 0 \
         order by submitted_at desc limit 1",
    )
    .bind(&player)
    .bind(category.id)
    .fetch_optional(state.store.pool())
    .await
    .map_err(db)?
    .ok_or_else(|| ApiError::not_found("This player has no submission to retake"))?;
    let now = state.clock.now_ms();
    let command = || AttemptCommand::GrantRetake { by: caller.user_id.clone(), now };
    crate::commands::execute::<Attempt>(&state.store, &format!("attempt-{attempt_id}"), &metadata(&caller.user_id, "grant_retake"), command)
        .await
        .map_err(|e| match e {
            crate::commands::CommandError::Rejected(AttemptError::NotSubmitted) => ApiError::not_found("This player has no submission to retake"),
            crate::commands::CommandError::Rejected(other) => ApiError::internal(other),
            crate::commands::CommandError::Store(e) => e.into(),
        })?;
    Ok(Json(json!({ "success": true, "message": "Retake granted" })))
}
