//! The auditor's overview: per stream, how many events, where they sit in the log, and the last one.

use async_trait::async_trait;
use quizroom_eventstore::{Conn, ProjectionError, Projector, RecordedEvent};

pub struct AuditProjector;

#[async_trait]
impl Projector for AuditProjector {
    fn name(&self) -> &'static str {
        "audit"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["audit_stream"]
    }

    async fn apply(&self, conn: &mut Conn, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        for e in events {
            sqlx::query(
                "insert into audit_stream (stream_id, stream_type, event_count, first_position, last_position, \
                 last_event_type, last_recorded_at) values ($1, $2, 1, $3, $3, $4, $5) \
                 on conflict (stream_id) do update set event_count = audit_stream.event_count + 1, \
                 last_position = excluded.last_position, last_event_type = excluded.last_event_type, \
                 last_recorded_at = excluded.last_recorded_at",
            )
            .bind(&e.stream_id)
            .bind(e.stream_type())
            .bind(e.position)
            .bind(&e.event_type)
            .bind(e.recorded_at)
            .execute(&mut *conn)
            .await?;
        }
        Ok(())
    }
}
