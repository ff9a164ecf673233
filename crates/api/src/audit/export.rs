//! A quiz's or a person's whole history as JSON lines (every event with its position, time, actor,
//! correlation and causation ids, and payload) or as CSV for spreadsheets, streamed page by page so
//! a large history never sits in memory. `X-Total-Events` says how many lines will come, for the
//! web app's progress bar.

use std::collections::HashMap;

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use quizroom_domain::StreamId;
use quizroom_domain::user::User;
use quizroom_projections::trail::read::{self as trail, Filter, Subject, TrailRow};
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::{IntoParams, ToSchema};

use super::Reader;
use super::describe::{redacted, summary};
use super::timeline::names_of;
use crate::clock::rfc3339;
use crate::error::{ApiError, ApiQuery, db};
use crate::export::csv_cell;
use crate::openapi::ErrorBody;
use crate::state::AppState;

/// Entries read per page of the stream.
const PAGE: i64 = 1000;

const CSV_HEADER: &str = "position,recorded_at,kind,event_type,stream_id,version,event_id,actor,person,correlation_id,causation_id,summary,data\n";

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct ExportQuery {
    /// `jsonl` (the default) or `csv`.
    #[param(inline)]
    format: Option<Format>,
}

#[derive(Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub(super) enum Format {
    Jsonl,
    Csv,
}

fn line(format: Format, row: &TrailRow, names: &HashMap<String, String>) -> String {
    let metadata: Value = serde_json::from_str(&row.metadata).unwrap_or(Value::Null);
    let data = redacted(serde_json::from_str(&row.data).unwrap_or(Value::Null));
    let name = |id: &str| names.get(id).cloned().unwrap_or_else(|| id.to_owned());
    let text = summary(row, &name);
    let meta = |key: &str| metadata.get(key).and_then(Value::as_str).map(str::to_owned);
    match format {
        Format::Jsonl => {
            let mut line = json!({
                "position": row.position,
                "recordedAt": rfc3339(row.recorded_at),
                "kind": row.kind,
                "eventType": row.event_type,
                "streamId": row.stream_id,
                "version": row.version,
                "eventId": row.event_id,
                "schemaVersion": row.schema_version,
                "actor": meta("actor"),
                "person": row.person_id,
                "correlationId": meta("correlation_id"),
                "causationId": meta("causation_id"),
                "requestId": meta("request_id"),
                "summary": text,
                "data": data,
            })
            .to_string();
            line.push('\n');
            line
        }
        Format::Csv => {
            let mut writer = csv::Writer::from_writer(Vec::new());
            let fields = [
                row.position.to_string(),
                rfc3339(row.recorded_at),
                row.kind.clone(),
                row.event_type.clone(),
                row.stream_id.clone(),
                row.version.to_string(),
                row.event_id.clone(),
                meta("actor").unwrap_or_default(),
                row.person_id.clone().unwrap_or_default(),
                meta("correlation_id").unwrap_or_default(),
                meta("causation_id").unwrap_or_default(),
                text,
                data.to_string(),
            ];
            // Writing to memory cannot fail.
            let _ = writer.write_record(fields.iter().map(|f| csv_cell(f)));
            String::from_utf8(writer.into_inner().unwrap_or_default()).unwrap_or_default()
        }
    }
}

/// The history of `subject` as a streamed download named `name`.
async fn stream(state: AppState, subject: OwnedSubject, format: Format, name: String) -> Result<Response, ApiError> {
    let total = trail::count(&state.store, subject.as_subject()).await.map_err(db)?;
    let (sender, receiver) = tokio::sync::mpsc::channel::<Result<String, std::io::Error>>(4);
    tokio::spawn(async move {
        if format == Format::Csv && sender.send(Ok(CSV_HEADER.to_owned())).await.is_err() {
            return;
        }
        let mut after = None;
        loop {
            let filter = Filter { after, limit: PAGE, ..Filter::default() };
            let rows = match trail::entries(&state.store, subject.as_subject(), &filter).await {
                Ok(rows) => rows,
                Err(e) => {
                    tracing::error!(error = %e, "an audit export failed part way");
                    let _ = sender.send(Err(std::io::Error::other("the export failed part way"))).await;
                    return;
                }
            };
            let Some(last) = rows.last() else { return };
            after = Some(last.position);
            let names = names_of(&state, &rows).await.unwrap_or_default();
            let chunk: String = rows.iter().map(|r| line(format, r, &names)).collect();
            if sender.send(Ok(chunk)).await.is_err() || (rows.len() as i64) < PAGE {
                return;
            }
        }
    });
    let (content_type, extension) = match format {
        Format::Jsonl => ("application/x-ndjson; charset=utf-8", "jsonl"),
        Format::Csv => ("text/csv; charset=utf-8", "csv"),
    };
    let body = Body::from_stream(futures::stream::unfold(receiver, |mut r| async move { r.recv().await.map(|item| (item, r)) }));
    Ok((
        [
            (header::CONTENT_TYPE, content_type.to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}-history.{extension}\"")),
            (header::HeaderName::from_static("x-total-events"), total.to_string()),
        ],
        body,
    )
        .into_response())
}

enum OwnedSubject {
    Quiz(i64),
    Person(String),
}

impl OwnedSubject {
    fn as_subject(&self) -> Subject<'_> {
        match self {
            OwnedSubject::Quiz(id) => Subject::Quiz(*id),
            OwnedSubject::Person(id) => Subject::Person(id),
        }
    }
}

/// A quiz's whole history, oldest first, as JSON lines or CSV.
#[utoipa::path(get, path = "/audit/quizzes/{quizId}/export", operation_id = "auditExportQuiz", tag = "audit", params(("quizId" = i64, Path, minimum = 1, description = "The quiz"), ExportQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "The history, streamed (`X-Total-Events` lines)", content((String = "application/x-ndjson"), (String = "text/csv"))),
        (status = 400, description = "A bad quiz id or format", body = ErrorBody),
        (status = 403, description = "Not an auditor, nor the quiz's host", body = ErrorBody),
        (status = 404, description = "No such quiz", body = ErrorBody),
        (status = 429, description = "Too many audit requests this minute", body = ErrorBody),
    ),
)]
pub(super) async fn export_quiz(
    State(state): State<AppState>,
    reader: Reader,
    Path(quiz_id): Path<String>,
    ApiQuery(q): ApiQuery<ExportQuery>,
) -> Result<Response, ApiError> {
    let format = q.format.unwrap_or(Format::Jsonl);
    let quiz = reader.quiz(&state, &quiz_id, "export").await?;
    reader.spend(&state, 4)?;
    reader.record(&state, quiz.stream().as_str(), "export").await?;
    // The download is named after the quiz's stream (`quiz-12-history.jsonl`).
    stream(state, OwnedSubject::Quiz(quiz.id), format, quiz.stream().to_string()).await
}

/// A person's whole history, oldest first, as JSON lines or CSV.
#[utoipa::path(get, path = "/audit/people/{userId}/export", operation_id = "auditExportPerson", tag = "audit", params(("userId" = String, Path, description = "The person"), ExportQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "The history, streamed (`X-Total-Events` lines)", content((String = "application/x-ndjson"), (String = "text/csv"))),
        (status = 400, description = "A bad format", body = ErrorBody),
        (status = 403, description = "Not an auditor, nor that person", body = ErrorBody),
        (status = 404, description = "No such person", body = ErrorBody),
        (status = 429, description = "Too many audit requests this minute", body = ErrorBody),
    ),
)]
pub(super) async fn export_person(
    State(state): State<AppState>,
    reader: Reader,
    Path(user_id): Path<String>,
    ApiQuery(q): ApiQuery<ExportQuery>,
) -> Result<Response, ApiError> {
    let format = q.format.unwrap_or(Format::Jsonl);
    reader.person(&state, &user_id, "export").await?;
    super::timeline::person_ref(&state, &user_id).await?;
    reader.spend(&state, 4)?;
    reader.record(&state, StreamId::<User>::new(&user_id).as_str(), "export").await?;
    stream(state, OwnedSubject::Person(user_id), format, "person".to_owned()).await
}
