//! A hosted quiz's results (each player's current entry, live through the hub's `quiz:{id}`
//! channel) and their CSV export.

use axum::Json;
use axum::extract::{Path, State};
use axum::response::Response;
use quizroom_projections::attempt::read as attempts;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};

use crate::access::hosted_by;
use crate::accommodations::AccommodationView;
use crate::clock::rfc3339;
use crate::error::{ApiError, db};
use crate::export::{csv_cell, csv_download};
use crate::openapi::ErrorBody;
use crate::state::AppState;
use crate::tokens::AuthUser;

/// Each player's current entry (their latest attempt since any retake), best points first.
async fn result_rows(state: &AppState, category_id: i64) -> Result<Vec<attempts::ResultRow>, ApiError> {
    attempts::results(state.store.pool(), category_id).await.map_err(db)
}

fn reason_schema() -> Object {
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["player", "timeout"])).build()
}

/// A player's current entry in a hosted quiz's results.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct ResultEntry {
    /// From 1, best points first.
    rank: usize,
    user_id: String,
    first_name: String,
    last_name: String,
    email: String,
    /// Right answers.
    score: i64,
    /// Questions.
    total: i64,
    points: i64,
    /// RFC 3339.
    submitted_at: String,
    /// Who submitted: the player, or the server when the time was up.
    #[schema(schema_with = reason_schema)]
    reason: String,
    /// The player's submitted attempts (retakes included).
    attempts: i64,
    /// The accommodations this entry's attempt had.
    accommodation: AccommodationView,
}

/// A hosted quiz's results.
#[derive(Serialize, ToSchema)]
pub(super) struct QuizResults {
    success: bool,
    title: String,
    /// How many entries there are.
    participants: usize,
    data: Vec<ResultEntry>,
}

/// Each participant's current result, for the host; live through the hub's `quiz:{id}` channel.
#[utoipa::path(get, path = "/hostQuiz/results/{categoryId}", operation_id = "quizResults", tag = "hosting", security(("bearer" = [])),
    params(("categoryId" = i64, Path, minimum = 1, description = "The quiz")),
    responses(
        (status = 200, description = "The results, best points first", body = QuizResults),
        (status = 400, description = "Not a category id", body = ErrorBody),
        (status = 403, description = "The caller is not the quiz's host", body = ErrorBody),
        (status = 404, description = "No such quiz", body = ErrorBody),
    ),
)]
pub(super) async fn results(State(state): State<AppState>, caller: AuthUser, Path(category_id): Path<String>) -> Result<Json<QuizResults>, ApiError> {
    let category = hosted_by(&state, &caller.user_id, &category_id).await?;
    let rows = result_rows(&state, category.id).await?;
    let data: Vec<ResultEntry> = rows
        .into_iter()
        .enumerate()
        .map(|(i, r)| ResultEntry {
            rank: i + 1,
            user_id: r.user_id,
            first_name: r.first_name,
            last_name: r.last_name,
            email: r.email,
            score: r.score,
            total: r.total,
            points: r.points,
            submitted_at: rfc3339(r.submitted_at),
            accommodation: AccommodationView::of_row(&r.extra_time, r.read_aloud),
            reason: r.reason,
            attempts: r.attempts,
        })
        .collect();
    Ok(Json(QuizResults { success: true, title: category.name, participants: data.len(), data }))
}

/// The results as CSV, for the host.
#[utoipa::path(get, path = "/hostQuiz/results/{categoryId}/export.csv", operation_id = "exportResults", tag = "hosting", security(("bearer" = [])),
    params(("categoryId" = i64, Path, minimum = 1, description = "The quiz")),
    responses(
        (status = 200, description = "`Rank,First name,Last name,Email,Score,Total,Points,Submitted at,Submitted by,Attempts,Accommodations`, a row per participant",
            content_type = "text/csv", body = String,
            headers(("Content-Disposition" = String, description = "`attachment`, named after the quiz"))),
        (status = 400, description = "Not a category id", body = ErrorBody),
        (status = 403, description = "The caller is not the quiz's host", body = ErrorBody),
        (status = 404, description = "No such quiz", body = ErrorBody),
    ),
)]
pub(super) async fn export_results(State(state): State<AppState>, caller: AuthUser, Path(category_id): Path<String>) -> Result<Response, ApiError> {
    let category = hosted_by(&state, &caller.user_id, &category_id).await?;
    let rows = result_rows(&state, category.id).await?;
    let mut out = csv::Writer::from_writer(Vec::new());
    let write = |out: &mut csv::Writer<Vec<u8>>, record: Vec<String>| out.write_record(record).map_err(ApiError::internal);
    let header = ["Rank", "First name", "Last name", "Email", "Score", "Total", "Points", "Submitted at", "Submitted by", "Attempts", "Accommodations"];
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
                AccommodationView::of_row(&r.extra_time, r.read_aloud).describe(),
            ],
        )?;
    }
    let bytes = out.into_inner().map_err(ApiError::internal)?;
    Ok(csv_download(&category.name, "results", bytes))
}
