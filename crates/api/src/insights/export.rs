//! A quiz's insights as a workbook (a sheet per view, written with the spreadsheet crate) and as
//! one CSV of the same views one after another.

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use quizroom_hub::game::breakdown::NumberLine;
use quizroom_projections::figures::in_percent;
use quizroom_sheet::{Cell, Sheet, workbook};

use super::quiz::{Insights, build};
use crate::error::ApiError;
use crate::export::{csv_cell, csv_download};
use crate::openapi::ErrorBody;
use crate::state::AppState;
use crate::tokens::AuthUser;

fn sheets(r: &Insights) -> Vec<Sheet> {
    let s = &r.summary;
    let summary = vec![
        vec!["Participants".into(), s.participants.into()],
        vec!["Attempts started".into(), s.attempts_started.into()],
        vec!["Attempts submitted".into(), s.attempts_submitted.into()],
        vec!["Completion rate (%)".into(), in_percent(s.completion_rate).into()],
        vec!["Average score (%)".into(), s.average_score.into()],
        vec!["Median score (%)".into(), s.median_score.into()],
        vec!["Average time (s)".into(), (s.average_time_ms as f64 / 1000.0).into()],
        vec!["Submitted by the server at the deadline".into(), s.submitted_by_server.into()],
    ];
    let questions = r
        .questions
        .iter()
        .map(|q| {
            let mut row: Vec<Cell> =
                vec![q.number.into(), q.text.clone().into(), q.key.clone().into(), in_percent(q.correct_share).into(), q.seen.into(), q.skipped.into()];
            // Options A–F: a question A–D fills four; other types as many as they have, or none.
            row.extend((0..6).map(|i| Cell::from(q.options.get(i).map(|o| o.count))));
            row.push(q.median_time_ms.map(|ms| ms as f64 / 1000.0).into());
            row.push(q.suspect_key.as_ref().map(|k| format!("Most strong players chose {}", k.strong_choice)).into());
            row.push(q.kind.into());
            row.push(q.mean_f.map(in_percent).into());
            let given: Vec<String> = q.top_answers.iter().map(|a| format!("{} ({}{})", a.answer, a.count, if a.right { ", right" } else { "" })).collect();
            row.push(given.join("; ").into());
            row.push(q.parts.as_ref().map(|parts| parts.iter().map(|p| format!("{}: {}", p.label, p.right)).collect::<Vec<_>>().join("; ")).into());
            row.push(q.numbers.as_ref().map(right_stretch).into());
            row.push(q.numbers.as_ref().map(numbers_given).into());
            row
        })
        .collect();
    let players = r
        .players
        .iter()
        .map(|p| {
            vec![
                p.name.clone().into(),
                p.email.clone().into(),
                p.score.into(),
                p.total.into(),
                p.points.into(),
                p.percent.into(),
                (p.time_ms as f64 / 1000.0).into(),
                p.submitted_at.clone().into(),
                (if p.reason == "timeout" { "server at the deadline" } else { "player" }).into(),
                (if p.retaken { "yes" } else { "" }).into(),
            ]
        })
        .collect();
    let histogram = r.histogram.iter().map(|b| vec![b.label.clone().into(), b.count.into()]).collect();
    let days = r.days.iter().map(|d| vec![d.day.clone().into(), d.attempts.into(), d.average_score.into()]).collect();
    let live = r
        .live_games
        .iter()
        .flat_map(|g| {
            g.questions.iter().map(move |q| {
                let mut row: Vec<Cell> = vec![
                    g.opened_at.clone().into(),
                    q.number.into(),
                    q.text.clone().into(),
                    q.key.clone().into(),
                    q.answered.into(),
                    in_percent(q.correct_share).into(),
                ];
                row.extend(q.counts.iter().map(|c| Cell::from(*c)));
                row.push(q.median_ms.map(|ms| ms as f64 / 1000.0).into());
                row
            })
        })
        .collect();
    let header = |names: &[&str]| names.iter().map(|n| (*n).to_owned()).collect();
    vec![
        Sheet { name: "Summary".into(), header: header(&["Figure", "Value"]), rows: summary },
        Sheet {
            name: "Questions".into(),
            header: header(&[
                "Question",
                "Text",
                "Key",
                "Right (%)",
                "Seen",
                "Skipped",
                "Chose A",
                "Chose B",
                "Chose C",
                "Chose D",
                "Chose E",
                "Chose F",
                "Median time (s)",
                "Check the key",
                "Type",
                "Mean right (%)",
                "Given most",
                "Right per part",
                "Right from … to",
                "Numbers given",
            ]),
            rows: questions,
        },
        Sheet {
            name: "Players".into(),
            header: header(&["Name", "Email", "Score", "Total", "Points", "Score (%)", "Time (s)", "Submitted", "Submitted by", "Retake granted"]),
            rows: players,
        },
        Sheet { name: "Scores".into(), header: header(&["Score", "Attempts"]), rows: histogram },
        Sheet { name: "Days".into(), header: header(&["Day", "Attempts", "Average score (%)"]), rows: days },
        Sheet {
            name: "Live games".into(),
            header: header(&["Game opened", "Question", "Text", "Key", "Answered", "Right (%)", "Chose A", "Chose B", "Chose C", "Chose D", "Median time (s)"]),
            rows: live,
        },
    ]
}

/// A number as people read it: at most nine decimals (a band's ends are sums of floats); a number
/// too large to round so is shown as it is, and no zero has a sign.
fn readable(x: f64) -> String {
    let rounded = (x * 1e9).round() / 1e9;
    let shown = if rounded.is_finite() { rounded } else { x };
    format!("{}", if shown == 0.0 { 0.0 } else { shown })
}

fn with_unit(x: f64, unit: &Option<String>) -> String {
    match unit {
        Some(unit) => format!("{} {unit}", readable(x)),
        None => readable(x),
    }
}

/// Where a number counts right: `9.76 to 9.86 m/s²`.
fn right_stretch(line: &NumberLine) -> String {
    format!("{} to {}", readable(line.band[0]), with_unit(line.band[1], &line.unit))
}

/// The numbers given, by value, with how many gave each: `9 m/s² (1); 9.8 m/s² (2, right)`.
fn numbers_given(line: &NumberLine) -> String {
    let right = |x: f64| line.band[0] <= x && x <= line.band[1];
    let given: Vec<String> =
        line.values.iter().map(|v| format!("{} ({}{})", with_unit(v.value, &line.unit), v.count, if right(v.value) { ", right" } else { "" })).collect();
    given.join("; ")
}

fn file_name(title: &str) -> String {
    let name: String = title.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    name.trim_matches('-').to_owned()
}

/// The quiz's insights as an .xlsx workbook: Summary, Questions, Players, Scores, Days, Live games.
#[utoipa::path(get, path = "/hostQuiz/insights/{categoryId}/export.xlsx", operation_id = "exportInsightsXlsx", tag = "hosting", params(("categoryId" = i64, Path, minimum = 1, description = "The quiz")), security(("bearer" = [])),
    responses(
        (status = 200, description = "The workbook", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>),
        (status = 400, description = "Not a quiz id", body = ErrorBody),
        (status = 403, description = "Not the quiz's host, or the e-mail is not verified", body = ErrorBody),
        (status = 404, description = "No such quiz", body = ErrorBody),
    ),
)]
pub(super) async fn export_xlsx(State(state): State<AppState>, caller: AuthUser, Path(category_id): Path<String>) -> Result<Response, ApiError> {
    let report = build(&state, &caller.user_id, &category_id, None).await?;
    let bytes = workbook(&sheets(&report)).map_err(ApiError::internal)?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{}-insights.xlsx\"", file_name(&report.title))),
        ],
        bytes,
    )
        .into_response())
}

/// The quiz's insights as one CSV: each view under its name, one after another.
#[utoipa::path(get, path = "/hostQuiz/insights/{categoryId}/export.csv", operation_id = "exportInsightsCsv", tag = "hosting", params(("categoryId" = i64, Path, minimum = 1, description = "The quiz")), security(("bearer" = [])),
    responses(
        (status = 200, description = "The CSV", content_type = "text/csv", body = String),
        (status = 400, description = "Not a quiz id", body = ErrorBody),
        (status = 403, description = "Not the quiz's host, or the e-mail is not verified", body = ErrorBody),
        (status = 404, description = "No such quiz", body = ErrorBody),
    ),
)]
pub(super) async fn export_csv(State(state): State<AppState>, caller: AuthUser, Path(category_id): Path<String>) -> Result<Response, ApiError> {
    let report = build(&state, &caller.user_id, &category_id, None).await?;
    let mut writer = csv::WriterBuilder::new().flexible(true).from_writer(Vec::new());
    for (i, sheet) in sheets(&report).iter().enumerate() {
        let mut record = |fields: Vec<String>| writer.write_record(fields.iter().map(|f| csv_cell(f))).map_err(ApiError::internal);
        if i > 0 {
            record(vec![String::new()])?;
        }
        record(vec![sheet.name.clone()])?;
        record(sheet.header.clone())?;
        for row in &sheet.rows {
            record(
                row.iter()
                    .map(|c| match c {
                        Cell::Text(t) => t.clone(),
                        Cell::Number(n) => n.to_string(),
                        Cell::Empty => String::new(),
                    })
                    .collect(),
            )?;
        }
    }
    let bytes = writer.into_inner().map_err(ApiError::internal)?;
    Ok(csv_download(&report.title, "insights", bytes))
}

#[cfg(test)]
mod tests {
    use super::readable;

    #[test]
    fn numbers_read_as_people_write_them_however_large_or_signed() {
        assert_eq!(readable(9.81 - 0.05), "9.76");
        assert_eq!(readable(-0.0), "0");
        assert_eq!(readable(1e300), format!("{}", 1e300));
    }
}
