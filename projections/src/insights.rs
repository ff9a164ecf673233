//! Insights for hosts and progress for players, from `attempt-{uuid}` streams: each attempt's
//! start, submission (with its answers as scored), retake, and the answers saved with their
//! server times. Asynchronous and insert-only (a saved answer changed again is the one update): one
//! statement per table per batch, no row shared by two players, figures counted on read
//! (decision 0025).

pub mod read;

use std::collections::HashMap;

use async_trait::async_trait;
use quizroom_domain::attempt::{AttemptEvent, SubmitReason};
use quizroom_eventstore::{Backend, Conn, ProjectionError, Projector, RecordedEvent};
use sqlx::AssertSqlSafe;

use crate::decode;

pub struct InsightsProjector;

/// A batch's rows, table by table.
#[derive(Default)]
struct Rows {
    starts: Vec<(String, i64, String, i64, i64)>,
    submissions: Vec<(String, i64, i64, i64, i64, &'static str, String)>,
    retakes: Vec<(String, i64)>,
    /// The last save per (attempt, question) in the batch.
    saves: HashMap<(String, i64), (Option<&'static str>, i64)>,
}

type Query<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>;

/// `rows` (each a list of bound values) inserted into `table` in statements of at most 500 rows.
async fn insert<T>(conn: &mut Conn, table: &str, columns: &[&str], rows: &[T], conflict: &str, bind: impl for<'q> Fn(Query<'q>, &T) -> Query<'q>) -> Result<(), sqlx::Error> {
    let backend = Backend::of(conn);
    for chunk in rows.chunks(500) {
        let values = backend.values(chunk.len(), columns.len());
        let sql = format!("insert into {table} ({}) values {values} {conflict}", columns.join(", "));
        let mut query = sqlx::query(AssertSqlSafe(sql));
        for row in chunk {
            query = bind(query, row);
        }
        query.execute(&mut *conn).await?;
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

    async fn apply(&self, conn: &mut Conn, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let mut rows = Rows::default();
        for event in events.iter().filter(|e| e.stream_type() == "attempt") {
            let attempt_id = crate::instance::<quizroom_domain::attempt::Attempt>(event)?.to_owned();
            match decode::<AttemptEvent>(event)? {
                AttemptEvent::AttemptStarted { user_id, quiz_id, quiz_version, started_at, .. } => {
                    rows.starts.push((attempt_id, quiz_id, user_id, quiz_version, started_at));
                }
                AttemptEvent::AnswerRecorded { question_id, answer, at, .. } => {
                    rows.saves.insert((attempt_id, question_id), (answer.map(|l| l.as_str()), at));
                }
                AttemptEvent::AttemptSubmitted { answers, score, points, total, reason, at, .. } => {
                    let reason = match reason {
                        SubmitReason::Player => "player",
                        SubmitReason::Timeout => "timeout",
                    };
                    let answers = serde_json::to_string(&answers).expect("scored answers serialise");
                    rows.submissions.push((attempt_id, at, score, total, points, reason, answers));
                }
                AttemptEvent::RetakeGranted { at, .. } => rows.retakes.push((attempt_id, at)),
            }
        }
        insert(conn, "insight_start", &["attempt_id", "quiz_id", "user_id", "quiz_version", "started_at"], &rows.starts, "", |q, r| {
            q.bind(r.0.clone()).bind(r.1).bind(r.2.clone()).bind(r.3).bind(r.4)
        })
        .await?;
        let saves: Vec<_> = rows.saves.into_iter().collect();
        insert(
            conn,
            "insight_save",
            &["attempt_id", "question_id", "answer", "saved_at"],
            &saves,
            "on conflict (attempt_id, question_id) do update set answer = excluded.answer, saved_at = excluded.saved_at",
            |q, ((attempt, question), (answer, at))| q.bind(attempt.clone()).bind(*question).bind(*answer).bind(*at),
        )
        .await?;
        insert(conn, "insight_submission", &["attempt_id", "submitted_at", "score", "total", "points", "reason", "answers"], &rows.submissions, "", |q, r| {
            q.bind(r.0.clone()).bind(r.1).bind(r.2).bind(r.3).bind(r.4).bind(r.5).bind(r.6.clone())
        })
        .await?;
        insert(conn, "insight_retake", &["attempt_id", "granted_at"], &rows.retakes, "", |q, r| q.bind(r.0.clone()).bind(r.1)).await?;
        Ok(())
    }
}
