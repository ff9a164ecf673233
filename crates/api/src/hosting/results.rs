//! A hosted quiz's results (each player's current entry, live through the hub's `quiz:{id}`
//! channel) and their CSV export.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, State};
use axum::response::Response;
use quizroom_projections::attempt::read as attempts;
use quizroom_projections::insights::read::answers as insight_answers;
use quizroom_projections::quiz::read::{self as quizzes, CategoryRow};
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

/// Each counted attempt's answers to the quiz's questions as it has them now, by attempt: a
/// letter for a question A–D (as the live results write them), any other answer in words. Read
/// from the insights read model, which may trail a submission by a moment.
async fn answers_in_words(state: &AppState, category: &CategoryRow) -> Result<(usize, HashMap<String, Vec<String>>), ApiError> {
    let questions = quizzes::questions(state.store.pool(), category.id, category.quiz_version).await.map_err(db)?;
    let place: HashMap<i64, usize> = questions.iter().enumerate().map(|(i, q)| (q.id, i)).collect();
    let mut by_attempt: HashMap<String, Vec<String>> = HashMap::new();
    for a in insight_answers(state.store.pool(), category.id).await.map_err(db)? {
        let (Some(response), Some(&i)) = (&a.response, place.get(&a.question_id)) else { continue };
        let kind = &questions[i].kind;
        let words = match (kind.letters(), response.letter()) {
            (Some(_), Some(letter)) => letter.as_str().to_owned(),
            _ => kind.describe(response),
        };
        by_attempt.entry(a.attempt_id).or_insert_with(|| vec![String::new(); questions.len()])[i] = csv_cell(&words);
    }
    Ok((questions.len(), by_attempt))
}

/// The results as CSV, for the host.
#[utoipa::path(get, path = "/hostQuiz/results/{categoryId}/export.csv", operation_id = "exportResults", tag = "hosting", security(("bearer" = [])),
    params(("categoryId" = i64, Path, minimum = 1, description = "The quiz")),
    responses(
        (status = 200, description = "`Rank,First name,Last name,Email,Score,Total,Points,Submitted at,Submitted by,Attempts,Accommodations`, then `Question 1`… with each answer in words (a letter for a question A–D), a row per participant",
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
    let (questions, answers) = answers_in_words(&state, &category).await?;
    let header = ["Rank", "First name", "Last name", "Email", "Score", "Total", "Points", "Submitted at", "Submitted by", "Attempts", "Accommodations"];
    write(&mut out, header.map(String::from).into_iter().chain((1..=questions).map(|n| format!("Question {n}"))).collect())?;
    let unanswered = vec![String::new(); questions];
    for (i, r) in rows.iter().enumerate() {
        let by = if r.reason == "timeout" { "time up (server)" } else { "player" };
        write(
            &mut out,
            [
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
            ]
            .into_iter()
            .chain(answers.get(&r.attempt_id).unwrap_or(&unanswered).iter().cloned())
            .collect(),
        )?;
    }
    let bytes = out.into_inner().map_err(ApiError::internal)?;
    Ok(csv_download(&category.name, "results", bytes))
}
