//! The spreadsheet template, previewing an upload (parsed questions and every row error, nothing
//! created) and uploading it into a new quiz (1 token).

use std::borrow::Cow;

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use quizroom_domain::quiz::QuizSource;
use quizroom_sheet::{Parsed, SheetError};
use serde::Serialize;
use serde_json::json;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{AdditionalProperties, KnownFormat, Object, ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::{PartialSchema, ToSchema};

use super::AnsweredQuestion;
use crate::error::{ApiError, ApiMultipart};
use crate::input::trimmed_pattern;
use crate::new_quiz::{HOSTING_COST, Payment, QuizCreated, create_quiz};
use crate::openapi::ErrorBody;
use crate::quiz_form::{
    DraftQuestion, MAX_TITLE, QuizDraft, QuizSettings, UPLOAD_FIELDS, file_only_form, file_schema, read_form_of, validation, with_settings_schema,
};
use crate::state::AppState;
use crate::tokens::AuthUser;

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// A file's bytes in an answer (`type: string, format: binary`).
struct FileBytes;

impl PartialSchema for FileBytes {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new().schema_type(Type::String).format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary))).into()
    }
}

impl ToSchema for FileBytes {
    fn name() -> Cow<'static, str> {
        "FileBytes".into()
    }
}

/// The template workbook: a `Questions` sheet with the columns and one example row, and an
/// `Instructions` sheet.
#[utoipa::path(get, path = "/hostQuiz/template.xlsx", operation_id = "getTemplateXlsx", tag = "hosting", responses(
    (status = 200, description = "The template workbook", content_type = XLSX, body = inline(FileBytes),
        headers(("Content-Disposition" = String, description = "`attachment`, named `quizroom-template.xlsx`"))),
))]
pub(super) async fn template_xlsx() -> Response {
    let bytes = tokio::task::spawn_blocking(quizroom_sheet::template_xlsx).await.unwrap_or_default();
    ([(header::CONTENT_TYPE, XLSX), (header::CONTENT_DISPOSITION, "attachment; filename=\"quizroom-template.xlsx\"")], bytes).into_response()
}

/// The template's columns and example row as CSV.
#[utoipa::path(get, path = "/hostQuiz/template.csv", operation_id = "getTemplateCsv", tag = "hosting", responses(
    (status = 200, description = "The template as CSV", content_type = "text/csv", body = String,
        headers(("Content-Disposition" = String, description = "`attachment`, named `quizroom-template.csv`"))),
))]
pub(super) async fn template_csv() -> Response {
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

/// Parses a spreadsheet off the request's thread, when a place for reading uploads is free.
async fn parse_sheet(state: &AppState, name: String, bytes: Vec<u8>) -> Result<Parsed, ApiError> {
    state.read_upload(move || quizroom_sheet::parse(&name, &bytes)).await?.map_err(sheet_refused)
}

/// The preview's form: only the file.
struct PreviewForm;

impl PartialSchema for PreviewForm {
    fn schema() -> RefOr<Schema> {
        file_only_form()
    }
}

impl ToSchema for PreviewForm {
    fn name() -> Cow<'static, str> {
        "PreviewForm".into()
    }
}

/// A question read from a row of the sheet.
#[derive(Serialize, ToSchema)]
pub(super) struct PreviewQuestion {
    /// The sheet's row number (the header is row 1).
    row: usize,
    #[serde(flatten)]
    question: AnsweredQuestion,
}

/// A row that could not be taken.
#[derive(Serialize, ToSchema)]
pub(super) struct RowError {
    row: usize,
    /// A sentence for the host, starting with `Row {row}`.
    message: String,
}

fn format_schema() -> Object {
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["xlsx", "xls", "ods", "csv"])).build()
}

/// What a spreadsheet holds: its questions, and every row that could not be taken.
#[derive(Serialize, ToSchema)]
pub(super) struct SheetPreview {
    success: bool,
    /// The file's format, told from its content.
    #[schema(schema_with = format_schema)]
    format: &'static str,
    questions: Vec<PreviewQuestion>,
    errors: Vec<RowError>,
}

fn row_errors(parsed: &Parsed) -> Vec<RowError> {
    parsed.errors.iter().map(|e| RowError { row: e.row, message: e.message.clone() }).collect()
}

/// Parses a spreadsheet into questions and row errors; creates nothing.
#[utoipa::path(post, path = "/hostQuiz/preview", operation_id = "previewQuiz", tag = "hosting", security(("bearer" = [])),
    request_body(content = PreviewForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The questions and the row errors", body = SheetPreview),
        (status = 400, description = "No file, a field the form does not have, or a form that cannot be read", body = ErrorBody),
        (status = 413, description = "The file is over 10 MB", body = ErrorBody),
        (status = 415, description = "Not a multipart form, or the file is not a spreadsheet", body = ErrorBody),
        (status = 422, description = "A spreadsheet that cannot be used (empty, damaged, password-protected, no header, too many questions)", body = ErrorBody),
    ),
)]
pub(super) async fn preview(State(state): State<AppState>, _caller: AuthUser, ApiMultipart(multipart): ApiMultipart) -> Result<Json<SheetPreview>, ApiError> {
    let form = read_form_of(multipart, &["file"]).await?;
    let (name, bytes) = form.file.ok_or_else(|| ApiError::bad_request("validation", "Please upload a file"))?;
    let parsed = parse_sheet(&state, name, bytes).await?;
    let errors = row_errors(&parsed);
    let questions =
        parsed.questions.into_iter().map(|q| PreviewQuestion { row: q.row, question: AnsweredQuestion::new(&q.text, &q.kind, &q.explanation) }).collect();
    Ok(Json(SheetPreview { success: true, format: parsed.format.as_str(), questions, errors }))
}

/// The upload form: the file, the title and the settings.
struct UploadFormSchema;

impl PartialSchema for UploadFormSchema {
    fn schema() -> RefOr<Schema> {
        let form = ObjectBuilder::new()
            .schema_type(Type::Object)
            .property("file", file_schema())
            .property(
                "title",
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .pattern(Some(trimmed_pattern(true, MAX_TITLE)))
                    .description(Some("Not blank, at most 200 characters once trimmed")),
            )
            .required("file")
            .required("title")
            .additional_properties(Some(AdditionalProperties::<Schema>::FreeForm(false)));
        with_settings_schema(form).build().into()
    }
}

impl ToSchema for UploadFormSchema {
    fn name() -> Cow<'static, str> {
        "UploadForm".into()
    }
}

/// Creates a hosted quiz from a spreadsheet and the settings; costs 1 token, spent with it.
#[utoipa::path(post, path = "/hostQuiz/upload", operation_id = "uploadQuiz", tag = "hosting", security(("bearer" = [])),
    request_body(content = UploadFormSchema, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The quiz was created", body = QuizCreated),
        (status = 400, description = "A field is missing or invalid (PRODUCT.md's messages, e.g. `Please provide a quiz title and upload a file`), a field the form does not have, or a form that cannot be read", body = ErrorBody),
        (status = 402, description = "Not enough tokens (`details: { balance, needed, pricing }`)", body = ErrorBody),
        (status = 404, description = "No such audience list of the caller's", body = ErrorBody),
        (status = 409, description = "Something it records changed at the same moment; try again", body = ErrorBody),
        (status = 413, description = "The file is over 10 MB", body = ErrorBody),
        (status = 415, description = "Not a multipart form, or the file is not a spreadsheet", body = ErrorBody),
        (status = 422, description = "The expiry date is in the past; row errors (`sheet_errors`, `details.errors`); no questions; or a spreadsheet that cannot be used", body = ErrorBody),
    ),
)]
pub(super) async fn upload(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiMultipart(multipart): ApiMultipart,
) -> Result<(StatusCode, Json<QuizCreated>), ApiError> {
    let form = read_form_of(multipart, UPLOAD_FIELDS).await?;
    let title = form.field("title").to_owned();
    let Some((name, bytes)) = form.file.clone().filter(|_| !title.is_empty()) else {
        return Err(validation("Please provide a quiz title and upload a file"));
    };
    if title.chars().count() > MAX_TITLE {
        return Err(validation(format!("The title is longer than {MAX_TITLE} characters")));
    }
    if crate::input::has_stray_control(&title) {
        return Err(validation("The title must not contain control characters"));
    }
    let settings = QuizSettings::read(&form, state.clock.now_ms())?;
    let parsed = parse_sheet(&state, name, bytes).await?;
    if let Some(first) = parsed.errors.first() {
        return Err(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "sheet_errors", format!("Error with Excel file: {}", first.message))
            .with_details(json!({ "errors": row_errors(&parsed) })));
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
            .map(|q| DraftQuestion { text: q.text, kind: q.kind, explanation: q.explanation, media: None, pictures: Vec::new() })
            .collect(),
        valid_until: settings.valid_until,
        time_limit: settings.time_limit,
        source: QuizSource::Upload,
    };
    let quiz = create_quiz(&state, &caller, &draft, &settings.audience, &Payment::Tokens(HOSTING_COST)).await?;
    Ok((StatusCode::CREATED, Json(QuizCreated::new(quiz))))
}
