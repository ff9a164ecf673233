//! Insights for hosts and progress for players, from `attempt-{uuid}` streams: each attempt's
//! start, submission (with its answers as scored), retake, and the answers saved with their
//! server times. Asynchronous and insert-only (a saved answer changed again is the one update): one
//! statement per table per batch, no row shared by two players, figures counted on read
//! (decision 0025).

pub mod read;

use std::collections::HashMap;

use async_trait::async_trait;
use quizroom_domain::Aggregate;
use quizroom_domain::attempt::{Attempt, AttemptEvent, SubmitReason};
use quizroom_domain::question::Response;
use quizroom_eventstore::{Backend, Conn, ProjectionError, Projector, Reads, RecordedEvent};
use serde_json::{Value, json};
use sqlx::AssertSqlSafe;

use crate::decode;

pub struct InsightsProjector;

/// A batch's rows, table by table, each a list of cells in the order of its table's columns.
#[derive(Default)]
struct Rows {
    starts: Vec<Vec<Value>>,
    submissions: Vec<Vec<Value>>,
    retakes: Vec<Vec<Value>>,
    /// The last save per (attempt, question) in the batch.
    saves: HashMap<(String, i64), (Option<String>, i64)>,
}

/// `rows` inserted into `table`, whose `columns` are (name, PostgreSQL type). On PostgreSQL one
/// statement whose text never changes (so it is prepared once) takes the rows as one JSON
/// document: statements of a varying number of rows were each parsed and planned anew, on the
/// cores the submissions need. On SQLite statements of at most 500 rows.
async fn insert(conn: &mut Conn, table: &str, columns: &[(&str, &str)], rows: Vec<Vec<Value>>, conflict: &str) -> Result<(), sqlx::Error> {
    if rows.is_empty() {
        return Ok(());
    }
    let names = columns.iter().map(|(name, _)| *name).collect::<Vec<_>>().join(", ");
    match Backend::of(conn) {
        Backend::Postgres => {
            let types = columns.iter().map(|(name, kind)| format!("{name} {kind}")).collect::<Vec<_>>().join(", ");
            let document: Vec<Value> =
                rows.into_iter().map(|row| Value::Object(columns.iter().map(|(name, _)| (*name).to_owned()).zip(row).collect())).collect();
            let sql = format!("insert into {table} ({names}) select {names} from jsonb_to_recordset($1::text::jsonb) as r ({types}) {conflict}");
            sqlx::query(AssertSqlSafe(sql)).bind(Value::Array(document).to_string()).execute(&mut *conn).await?;
        }
        Backend::Sqlite => {
            for chunk in rows.chunks(500) {
                let sql = format!("insert into {table} ({names}) values {} {conflict}", Backend::Sqlite.values(chunk.len(), columns.len()));
                let mut query = sqlx::query(AssertSqlSafe(sql));
                for cell in chunk.iter().flatten() {
                    query = match cell {
                        Value::Number(n) => query.bind(n.as_i64()),
                        Value::String(text) => query.bind(text.as_str()),
                        _ => query.bind(None::<String>),
                    };
                }
                query.execute(&mut *conn).await?;
            }
        }
    }
    Ok(())
}

#[async_trait]
impl Projector for InsightsProjector {
    fn name(&self) -> &'static str {
        "insights"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["insight_start", "insight_submission", "insight_retake", "insight_save"]
    }

    /// Figures read by hosts and players only: a batch lost in a crash is projected again.
    fn relaxed_commit(&self) -> bool {
        true
    }

    fn reads(&self) -> Reads {
        Reads::Streams(&[Attempt::STREAM])
    }

    async fn apply(&self, conn: &mut Conn, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let mut rows = Rows::default();
        for event in events.iter().filter(|e| e.stream_type() == Attempt::STREAM) {
            let attempt_id = crate::instance::<Attempt>(event)?.to_owned();
            match decode::<AttemptEvent>(event)? {
                AttemptEvent::AttemptStarted { user_id, quiz_id, quiz_version, started_at, .. } => {
                    rows.starts.push(vec![json!(attempt_id), json!(quiz_id), json!(user_id), json!(quiz_version), json!(started_at)]);
                }
                AttemptEvent::AnswerRecorded { question_id, response, at, .. } => {
                    rows.saves.insert((attempt_id, question_id), (response.as_ref().map(saved_as), at));
                }
                AttemptEvent::AttemptSubmitted { answers, score, points, total, reason, at, .. } => {
                    let reason = match reason {
                        SubmitReason::Player => "player",
                        SubmitReason::Timeout => "timeout",
                    };
                    let answers = serde_json::to_string(&answers).expect("scored answers serialise");
                    rows.submissions.push(vec![json!(attempt_id), json!(at), json!(score), json!(total), json!(points), json!(reason), json!(answers)]);
                }
                AttemptEvent::RetakeGranted { at, .. } => rows.retakes.push(vec![json!(attempt_id), json!(at)]),
            }
        }
        let starts = [("attempt_id", "text"), ("quiz_id", "bigint"), ("user_id", "text"), ("quiz_version", "bigint"), ("started_at", "bigint")];
        insert(conn, "insight_start", &starts, rows.starts, "").await?;
        let saves = rows.saves.into_iter().map(|((attempt, question), (answer, at))| vec![json!(attempt), json!(question), json!(answer), json!(at)]).collect();
        insert(
            conn,
            "insight_save",
            &[("attempt_id", "text"), ("question_id", "bigint"), ("answer", "text"), ("saved_at", "bigint")],
            saves,
            "on conflict (attempt_id, question_id) do update set answer = excluded.answer, saved_at = excluded.saved_at",
        )
        .await?;
        let submissions = [
            ("attempt_id", "text"),
            ("submitted_at", "bigint"),
            ("score", "bigint"),
            ("total", "bigint"),
            ("points", "bigint"),
            ("reason", "text"),
            ("answers", "text"),
        ];
        insert(conn, "insight_submission", &submissions, rows.submissions, "").await?;
        insert(conn, "insight_retake", &[("attempt_id", "text"), ("granted_at", "bigint")], rows.retakes, "").await?;
        Ok(())
    }
}

/// A saved response as `insight_save` keeps it, to tell whether the answer submitted is the one
/// last saved (the time to answer counts from the attempt's start to that save): an option A–D's
/// letter, as before question types; any other response as `h` and a stable 64-bit hash (FNV-1a)
/// of its JSON, which holds neither of the separators the saves are gathered with (`:` and `,`).
pub fn saved_as(response: &Response) -> String {
    if let Some(letter) = response.letter() {
        return letter.as_str().to_owned();
    }
    let json = serde_json::to_string(response).expect("a response serialises");
    let hash = json.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    format!("h{hash:016x}")
}
