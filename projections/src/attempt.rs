//! Attempts, their saved answers and their scored answers, from `attempt-{uuid}` streams; and the
//! best score per player and quiz, which the leaderboards and a hosted quiz's results read; a
//! granted retake removes the player's entry.

use async_trait::async_trait;
use quizroom_domain::attempt::{AttemptEvent, ScoredAnswer, SubmitReason};
use quizroom_eventstore::{Conn, ProjectionError, RecordedEvent, TransactionalProjection};
use sqlx::Row;

use crate::decode;

pub struct AttemptProjection;

/// A submission's three writes: the attempt's result, its scored answers, the player's best.
struct Submission<'a> {
    attempt_id: &'a str,
    answers: &'a [ScoredAnswer],
    score: i64,
    points: i64,
    total: i64,
    reason: &'static str,
    at: i64,
}

const SUBMIT_ATTEMPT: &str = "update attempt set status = 'submitted', submitted_at = $1, score = $2, points = $3, total = $4, \
                              reason = $5 where attempt_id = $6 returning user_id, category_id";
/// The player's best on this quiz; a tie keeps the earlier attempt.
const BEST_SCORE_CONFLICT: &str = "on conflict (category_id, user_id) do update set points = excluded.points, \
                                   score = excluded.score, attempt_id = excluded.attempt_id, achieved_at = excluded.achieved_at \
                                   where excluded.points > best_score.points";

impl Submission<'_> {
    /// `insert into attempt_feedback … values (…), (…)` with placeholders from `$first`.
    fn feedback_insert(&self, first: usize) -> String {
        let rows: Vec<String> = (0..self.answers.len())
            .map(|i| {
                let b = first + i * 5;
                format!("(${}, ${}, ${}, ${}, ${})", b, b + 1, b + 2, b + 3, b + 4)
            })
            .collect();
        format!("insert into attempt_feedback (attempt_id, position, question_id, answer, correct) values {}", rows.join(", "))
    }

    fn bind_feedback<'q>(&'q self, mut query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments> {
        for (position, a) in self.answers.iter().enumerate() {
            query = query
                .bind(self.attempt_id)
                .bind(position as i64)
                .bind(a.question_id)
                .bind(a.answer.map(|l| l.as_str()))
                .bind(i64::from(a.correct));
        }
        query
    }

    /// Three statements (SQLite: in-process, no round trips to save).
    async fn write(&self, conn: &mut Conn) -> Result<(), ProjectionError> {
        let row = sqlx::query(SUBMIT_ATTEMPT)
            .bind(self.at)
            .bind(self.score)
            .bind(self.points)
            .bind(self.total)
            .bind(self.reason)
            .bind(self.attempt_id)
            .fetch_one(&mut *conn)
            .await?;
        let (user_id, category_id): (String, i64) = (row.try_get(0)?, row.try_get(1)?);
        if !self.answers.is_empty() {
            self.bind_feedback(sqlx::query(sqlx::AssertSqlSafe(self.feedback_insert(1)))).execute(&mut *conn).await?;
        }
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "insert into best_score (category_id, user_id, points, score, attempt_id, achieved_at) values ($1, $2, $3, $4, $5, $6) \
             {BEST_SCORE_CONFLICT}"
        )))
        .bind(category_id)
        .bind(user_id)
        .bind(self.points)
        .bind(self.score)
        .bind(self.attempt_id)
        .bind(self.at)
        .execute(&mut *conn)
        .await?;
        Ok(())
    }

    /// The same writes as one statement of data-modifying CTEs: one round trip to PostgreSQL.
    async fn write_in_one_statement(&self, conn: &mut Conn) -> Result<(), ProjectionError> {
        let feedback = if self.answers.is_empty() { String::new() } else { format!(", feedback as ({})", self.feedback_insert(7)) };
        let sql = format!(
            "with submitted as ({SUBMIT_ATTEMPT}){feedback}, best as (insert into best_score (category_id, user_id, points, score, \
             attempt_id, achieved_at) select category_id, user_id, $3, $2, $6, $1 from submitted {BEST_SCORE_CONFLICT}) \
             select count(*) from submitted"
        );
        let query = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(self.at)
            .bind(self.score)
            .bind(self.points)
            .bind(self.total)
            .bind(self.reason)
            .bind(self.attempt_id);
        let updated: i64 = self.bind_feedback(query).fetch_one(&mut *conn).await?.try_get(0)?;
        if updated != 1 {
            return Err(ProjectionError::Rejected(format!("attempt {} was submitted but never started", self.attempt_id)));
        }
        Ok(())
    }
}

fn reason(r: SubmitReason) -> &'static str {
    match r {
        SubmitReason::Player => "player",
        SubmitReason::Timeout => "timeout",
    }
}

#[async_trait]
impl TransactionalProjection for AttemptProjection {
    fn name(&self) -> &'static str {
        "attempt"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["attempt", "attempt_answer", "attempt_feedback", "best_score"]
    }

    async fn apply(&self, conn: &mut Conn, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        for event in events.iter().filter(|e| e.stream_type() == "attempt") {
            let attempt_id = &event.stream_id["attempt-".len()..];
            match decode::<AttemptEvent>(event)? {
                AttemptEvent::AttemptStarted { user_id, quiz_id, quiz_version, started_at, deadline, .. } => {
                    sqlx::query(
                        "insert into attempt (attempt_id, user_id, category_id, quiz_version, status, started_at, deadline) \
                         values ($1, $2, $3, $4, 'open', $5, $6)",
                    )
                    .bind(attempt_id)
                    .bind(user_id)
                    .bind(quiz_id)
                    .bind(quiz_version)
                    .bind(started_at)
                    .bind(deadline)
                    .execute(&mut *conn)
                    .await?;
                }
                AttemptEvent::AnswerRecorded { question_id, answer, marked, .. } => {
                    sqlx::query(
                        "insert into attempt_answer (attempt_id, question_id, answer, marked) values ($1, $2, $3, $4) \
                         on conflict (attempt_id, question_id) do update set answer = excluded.answer, marked = excluded.marked",
                    )
                    .bind(attempt_id)
                    .bind(question_id)
                    .bind(answer.map(|a| a.as_str()))
                    .bind(i64::from(marked))
                    .execute(&mut *conn)
                    .await?;
                }
                AttemptEvent::AttemptSubmitted { answers, score, points, total, reason: why, at, .. } => {
                    let submitted = Submission { attempt_id, answers: &answers, score, points, total, reason: reason(why), at };
                    if conn.backend_name() == "PostgreSQL" {
                        submitted.write_in_one_statement(conn).await?;
                    } else {
                        submitted.write(conn).await?;
                    }
                }
                // The player's entry leaves the results until they play again.
                AttemptEvent::RetakeGranted { .. } => {
                    let row = sqlx::query("update attempt set retake_granted = 1 where attempt_id = $1 returning user_id, category_id")
                        .bind(attempt_id)
                        .fetch_one(&mut *conn)
                        .await?;
                    let (user_id, category_id): (String, i64) = (row.try_get(0)?, row.try_get(1)?);
                    sqlx::query("delete from best_score where category_id = $1 and user_id = $2")
                        .bind(category_id)
                        .bind(user_id)
                        .execute(&mut *conn)
                        .await?;
                }
            }
        }
        Ok(())
    }
}
