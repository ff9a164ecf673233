//! A hosted quiz's results (each player's current entry, live through the hub's `quiz:{id}`
//! channel) and their CSV export.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use quizroom_projections::attempt::read as attempts;
use serde_json::{Value, json};

use crate::access::hosted_by;
use crate::clock::rfc3339;
use crate::error::{ApiError, db};
use crate::state::AppState;
use crate::tokens::AuthUser;

/// Each player's current entry (their latest attempt since any retake), best points first.
async fn result_rows(state: &AppState, category_id: i64) -> Result<Vec<attempts::ResultRow>, ApiError> {
    attempts::results(state.store.pool(), category_id).await.map_err(db)
}

pub(super) async fn results(State(state): State<AppState>, caller: AuthUser, Path(category_id): Path<String>) -> Result<Json<Value>, ApiError> {
    let category = hosted_by(&state, &caller.user_id, &category_id).await?;
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

pub(super) async fn export_results(State(state): State<AppState>, caller: AuthUser, Path(category_id): Path<String>) -> Result<Response, ApiError> {
    let category = hosted_by(&state, &caller.user_id, &category_id).await?;
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

