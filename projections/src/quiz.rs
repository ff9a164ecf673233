//! Categories (curated and hosted) and their questions, every version kept, from `quiz-{id}`
//! streams. The unique index on `category.code` keeps one hosted quiz per join code.

pub mod read;

use async_trait::async_trait;
use quizroom_domain::quiz::{Audience, Question, QuizEvent, QuizSource};
use quizroom_eventstore::{Conn, ProjectionError, RecordedEvent, TransactionalProjection};

use crate::decode;

pub struct QuizProjection;

async fn write_version(conn: &mut Conn, category_id: i64, version: i64, questions: &[Question]) -> Result<(), ProjectionError> {
    for (position, q) in questions.iter().enumerate() {
        sqlx::query(
            "insert into question (category_id, quiz_version, question_id, position, text, definition, explanation, media, pictures) \
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(category_id)
        .bind(version)
        .bind(q.id)
        .bind(position as i64)
        .bind(&q.text)
        .bind(serde_json::to_string(&q.kind).expect("a question's definition serialises"))
        .bind(&q.explanation)
        .bind(q.media.as_ref().map(|m| serde_json::to_string(m).expect("media serialise")))
        .bind((!q.pictures.is_empty()).then(|| serde_json::to_string(&q.pictures).expect("pictures serialise")))
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
        for event in events.iter().filter(|e| e.stream_type() == <quizroom_domain::quiz::Quiz as quizroom_domain::Aggregate>::STREAM) {
            let category_id: i64 = crate::instance::<quizroom_domain::quiz::Quiz>(event)?
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
                    write_version(conn, category_id, event.version, &content.questions).await?;
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
                    write_version(conn, category_id, event.version, &content.questions).await?;
                }
                QuizEvent::QuizHosted { quiz, .. } => {
                    let (list_id, audience_name) = match &quiz.audience {
                        Audience::Open => (None, None),
                        Audience::List { list_id, name } => (Some(list_id.as_str()), Some(name.as_str())),
                    };
                    let source = match quiz.source {
                        QuizSource::Upload => "upload",
                        QuizSource::Generated => "generated",
                    };
                    sqlx::query(
                        "insert into category (category_id, name, description, kind, time_limit, question_count, quiz_version, \
                         host_id, code, valid_until, audience_list_id, audience_name, source, created_at) \
                         values ($1, $2, '', 'hosted', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
                    )
                    .bind(category_id)
                    .bind(&quiz.title)
                    .bind(quiz.time_limit_minutes)
                    .bind(quiz.questions.len() as i64)
                    .bind(event.version)
                    .bind(&quiz.host_id)
                    .bind(&quiz.code)
                    .bind(quiz.valid_until)
                    .bind(list_id)
                    .bind(audience_name)
                    .bind(source)
                    .bind(quiz.created_at)
                    .execute(&mut *conn)
                    .await?;
                    write_version(conn, category_id, event.version, &quiz.questions).await?;
                }
                QuizEvent::QuestionsUpdated { questions, .. } => {
                    sqlx::query("update category set question_count = $1, quiz_version = $2 where category_id = $3")
                        .bind(questions.len() as i64)
                        .bind(event.version)
                        .bind(category_id)
                        .execute(&mut *conn)
                        .await?;
                    write_version(conn, category_id, event.version, &questions).await?;
                }
            }
        }
        Ok(())
    }
}
