//! The auditor's overview: per stream, how many events, where they sit in the log, and the last one.

pub mod read;

use std::collections::HashMap;

use async_trait::async_trait;
use quizroom_eventstore::{Backend, Conn, ProjectionError, Projector, Reads, RecordedEvent};

pub struct AuditProjector;

#[async_trait]
impl Projector for AuditProjector {
    fn name(&self) -> &'static str {
        "audit"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["audit_stream"]
    }

    /// Where events sit and what they are, never what they say.
    fn reads(&self) -> Reads {
        Reads::Headers
    }

    async fn apply(&self, conn: &mut Conn, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        // One row per stream in the batch (a statement may not touch a row twice), in one statement.
        let mut streams: Vec<(&RecordedEvent, &RecordedEvent, i64)> = Vec::new();
        let mut index: HashMap<&str, usize> = HashMap::new();
        for e in events {
            match index.get(e.stream_id.as_str()) {
                Some(&i) => {
                    streams[i].1 = e;
                    streams[i].2 += 1;
                }
                None => {
                    index.insert(&e.stream_id, streams.len());
                    streams.push((e, e, 1));
                }
            }
        }
        for chunk in streams.chunks(1000) {
            let sql = format!(
                "insert into audit_stream (stream_id, stream_type, event_count, first_position, last_position, \
                 last_event_type, last_recorded_at) values {} \
                 on conflict (stream_id) do update set event_count = audit_stream.event_count + excluded.event_count, \
                 last_position = excluded.last_position, last_event_type = excluded.last_event_type, \
                 last_recorded_at = excluded.last_recorded_at",
                Backend::of(conn).values(chunk.len(), 7)
            );
            let mut upsert = sqlx::query(sqlx::AssertSqlSafe(sql));
            for (first, last, count) in chunk {
                upsert = upsert
                    .bind(&first.stream_id)
                    .bind(first.stream_type())
                    .bind(*count)
                    .bind(first.position)
                    .bind(last.position)
                    .bind(&last.event_type)
                    .bind(last.recorded_at);
            }
            upsert.execute(&mut *conn).await?;
        }
        Ok(())
    }
}
