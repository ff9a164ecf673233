//! Attempts, their saved answers and their scored answers, from `attempt-{uuid}` streams; and the
//! best score per player and quiz, which the leaderboards read.

use async_trait::async_trait;
use quizroom_domain::attempt::{AttemptEvent, SubmitReason};
use quizroom_eventstore::{Conn, ProjectionError, RecordedEvent, TransactionalProjection};
use sqlx::Row;

use crate::decode;

pub struct AttemptProjection;

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
                    let row = sqlx::query(
                        "update attempt set status = 'submitted', submitted_at = $1, score = $2, points = $3, total = $4, \
                         reason = $5 where attempt_id = $6 returning user_id, category_id",
                    )
                    .bind(at)
                    .bind(score)
                    .bind(points)
                    .bind(total)
                    .bind(reason(why))
                    .bind(attempt_id)
                    .fetch_one(&mut *conn)
                    .await?;
                    let (user_id, category_id): (String, i64) = (row.try_get(0)?, row.try_get(1)?);
                    if !answers.is_empty() {
                        // One statement for all of an attempt's answers.
                        let rows: Vec<String> = (0..answers.len())
                            .map(|i| format!("(${}, ${}, ${}, ${}, ${})", i * 5 + 1, i * 5 + 2, i * 5 + 3, i * 5 + 4, i * 5 + 5))
                            .collect();
                        let sql = format!(
                            "insert into attempt_feedback (attempt_id, position, question_id, answer, correct) values {}",
                            rows.join(", ")
                        );
                        let mut insert = sqlx::query(sqlx::AssertSqlSafe(sql));
                        for (position, a) in answers.iter().enumerate() {
                            insert = insert
                                .bind(attempt_id)
                                .bind(position as i64)
                                .bind(a.question_id)
                                .bind(a.answer.map(|l| l.as_str()))
                                .bind(i64::from(a.correct));
                        }
                        insert.execute(&mut *conn).await?;
                    }
                    // The player's best on this quiz; a tie keeps the earlier attempt.
                    sqlx::query(
                        "insert into best_score (category_id, user_id, points, score, attempt_id, achieved_at) \
                         values ($1, $2, $3, $4, $5, $6) on conflict (category_id, user_id) do update set \
                         points = excluded.points, score = excluded.score, attempt_id = excluded.attempt_id, \
                         achieved_at = excluded.achieved_at where excluded.points > best_score.points",
                    )
                    .bind(category_id)
                    .bind(user_id)
                    .bind(points)
                    .bind(score)
                    .bind(attempt_id)
                    .bind(at)
                    .execute(&mut *conn)
                    .await?;
                }
            }
        }
        Ok(())
    }
}
