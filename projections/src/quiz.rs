//! Categories and their questions, every version kept, from `quiz-{id}` streams.

use async_trait::async_trait;
use quizroom_domain::quiz::{CuratedContent, QuizEvent};
use quizroom_eventstore::{Conn, ProjectionError, RecordedEvent, TransactionalProjection};

use crate::decode;

pub struct QuizProjection;

async fn write_version(conn: &mut Conn, category_id: i64, version: i64, content: &CuratedContent) -> Result<(), ProjectionError> {
    for (position, q) in content.questions.iter().enumerate() {
        sqlx::query(
            "insert into question (category_id, quiz_version, question_id, position, text, option_a, option_b, \
             option_c, option_d, answer, explanation) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        )
        .bind(category_id)
        .bind(version)
        .bind(q.id)
        .bind(position as i64)
        .bind(&q.text)
        .bind(&q.options[0])
        .bind(&q.options[1])
        .bind(&q.options[2])
        .bind(&q.options[3])
        .bind(q.answer.as_str())
        .bind(&q.explanation)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

#[async_trait]
impl TransactionalProjection for QuizProjection {
    fn name(&self) -> &'static str {
        "quiz"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["category", "question"]
    }

    async fn apply(&self, conn: &mut Conn, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        for event in events.iter().filter(|e| e.stream_type() == "quiz") {
            let category_id: i64 = event.stream_id["quiz-".len()..]
                .parse()
                .map_err(|_| ProjectionError::Rejected(format!("{} is not a quiz id", event.stream_id)))?;
            match decode::<QuizEvent>(event)? {
                QuizEvent::CuratedCategoryPublished { content, .. } => {
                    sqlx::query(
                        "insert into category (category_id, slug, name, description, kind, time_limit, question_count, quiz_version) \
                         values ($1, $2, $3, $4, 'curated', $5, $6, $7)",
                    )
                    .bind(category_id)
                    .bind(&content.slug)
                    .bind(&content.name)
                    .bind(&content.description)
                    .bind(content.time_limit_minutes)
                    .bind(content.questions.len() as i64)
                    .bind(event.version)
                    .execute(&mut *conn)
                    .await?;
                    write_version(conn, category_id, event.version, &content).await?;
                }
                QuizEvent::CuratedCategoryRevised { content } => {
                    sqlx::query(
                        "update category set name = $1, description = $2, time_limit = $3, question_count = $4, \
                         quiz_version = $5 where category_id = $6",
                    )
                    .bind(&content.name)
                    .bind(&content.description)
                    .bind(content.time_limit_minutes)
                    .bind(content.questions.len() as i64)
                    .bind(event.version)
                    .bind(category_id)
                    .execute(&mut *conn)
                    .await?;
                    write_version(conn, category_id, event.version, &content).await?;
                }
            }
        }
        Ok(())
    }
}
