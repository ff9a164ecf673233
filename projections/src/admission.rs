//! Players who joined hosted quizzes by code, from `admission-{quiz}-{user}` streams: what starting
//! or reading a hosted quiz checks.

pub mod read;

use async_trait::async_trait;
use quizroom_domain::Aggregate;
use quizroom_domain::admission::{Admission, AdmissionEvent};
use quizroom_eventstore::{Conn, ProjectionError, RecordedEvent, TransactionalProjection};

use crate::decode;

pub struct AdmissionProjection;

#[async_trait]
impl TransactionalProjection for AdmissionProjection {
    fn name(&self) -> &'static str {
        "admission"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["quiz_join"]
    }

    async fn apply(&self, conn: &mut Conn, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        for event in events.iter().filter(|e| e.stream_type() == Admission::STREAM) {
            match decode::<AdmissionEvent>(event)? {
                AdmissionEvent::JoinedByCode { quiz_id, user_id, at } => {
                    sqlx::query("insert into quiz_join (category_id, user_id, joined_at) values ($1, $2, $3)")
                        .bind(quiz_id)
                        .bind(user_id)
                        .bind(at)
                        .execute(&mut *conn)
                        .await?;
                }
            }
        }
        Ok(())
    }
}
