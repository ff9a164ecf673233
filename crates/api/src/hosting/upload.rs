//! The spreadsheet template, previewing an upload (parsed questions and every row error, nothing
//! created) and uploading it into a new quiz (1 token).

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use quizroom_domain::quiz::QuizSource;
use quizroom_sheet::{Parsed, SheetError};
use serde_json::{Value, json};

use super::question_json;
use crate::error::{ApiError, ApiMultipart};
use crate::new_quiz::{HOSTING_COST, Payment, create_quiz};
use crate::quiz_form::{DraftQuestion, MAX_TITLE, QuizDraft, QuizSettings, read_form, validation};
use crate::state::AppState;
use crate::tokens::AuthUser;

pub(super) async fn template_xlsx() -> Response {
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

/// Parses a spreadsheet off the request's thread.
async fn parse_sheet(name: String, bytes: Vec<u8>) -> Result<Parsed, ApiError> {
    tokio::task::spawn_blocking(move || quizroom_sheet::parse(&name, &bytes)).await.map_err(ApiError::internal)?.map_err(sheet_refused)
}

fn parsed_json(parsed: &Parsed) -> Value {
    let questions: Vec<Value> =
        parsed.questions.iter().map(|q| question_json(("row", q.row as i64), &q.text, &q.options, q.answer, &q.explanation)).collect();
    let errors: Vec<Value> = parsed.errors.iter().map(|e| json!({ "row": e.row, "message": e.message })).collect();
    json!({ "success": true, "format": parsed.format.as_str(), "questions": questions, "errors": errors })
}

pub(super) async fn preview(_caller: AuthUser, ApiMultipart(multipart): ApiMultipart) -> Result<Json<Value>, ApiError> {
    let form = read_form(multipart).await?;
    let (name, bytes) = form.file.ok_or_else(|| ApiError::bad_request("validation", "Please upload a file"))?;
    Ok(Json(parsed_json(&parse_sheet(name, bytes).await?)))
}

pub(super) async fn upload(State(state): State<AppState>, caller: AuthUser, ApiMultipart(multipart): ApiMultipart) -> Result<(StatusCode, Json<Value>), ApiError> {
    let form = read_form(multipart).await?;
    let title = form.field("title").to_owned();
    let Some((name, bytes)) = form.file.clone().filter(|_| !title.is_empty()) else {
        return Err(validation("Please provide a quiz title and upload a file"));
    };
    if title.chars().count() > MAX_TITLE {
        return Err(validation(format!("The title is longer than {MAX_TITLE} characters")));
    }
    let settings = QuizSettings::read(&form, state.clock.now_ms())?;
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
        valid_until: settings.valid_until,
        time_limit: settings.time_limit,
        source: QuizSource::Upload,
    };
    let quiz = create_quiz(&state, &caller, &draft, &settings.audience, &Payment::Tokens(HOSTING_COST)).await?;
    Ok((StatusCode::CREATED, Json(json!({ "success": true, "message": "Quiz created successfully", "quiz": quiz }))))
}

