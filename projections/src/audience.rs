//! Audience lists and their members, from `audience-{uuid}` streams: what the audience screen
//! lists and what a quiz on a list checks a player against.

pub mod read;

use async_trait::async_trait;
use quizroom_domain::audience::AudienceEvent;
use quizroom_eventstore::{Conn, ProjectionError, RecordedEvent, TransactionalProjection};

use crate::decode;

pub struct AudienceProjection;

async fn write_members(conn: &mut Conn, list_id: &str, emails: &[String]) -> Result<(), ProjectionError> {
    sqlx::query("delete from audience_member where list_id = $1").bind(list_id).execute(&mut *conn).await?;
    for email in emails {
        sqlx::query("insert into audience_member (list_id, email) values ($1, $2)").bind(list_id).bind(email).execute(&mut *conn).await?;
    }
    Ok(())
}

#[async_trait]
impl TransactionalProjection for AudienceProjection {
    fn name(&self) -> &'static str {
        "audience"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["audience_list", "audience_member"]
    }

    async fn apply(&self, conn: &mut Conn, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        for event in events.iter().filter(|e| e.stream_type() == <quizroom_domain::audience::AudienceList as quizroom_domain::Aggregate>::STREAM) {
            let list_id = crate::instance::<quizroom_domain::audience::AudienceList>(event)?;
            match decode::<AudienceEvent>(event)? {
                AudienceEvent::AudienceListCreated { owner_id, name, emails } => {
                    sqlx::query("insert into audience_list (list_id, owner_id, name, deleted, created_at) values ($1, $2, $3, 0, $4)")
                        .bind(list_id)
                        .bind(owner_id)
                        .bind(name)
                        .bind(event.recorded_at)
                        .execute(&mut *conn)
                        .await?;
                    write_members(conn, list_id, &emails).await?;
                }
                AudienceEvent::AudienceListChanged { name, emails } => {
                    sqlx::query("update audience_list set name = $1 where list_id = $2").bind(name).bind(list_id).execute(&mut *conn).await?;
                    write_members(conn, list_id, &emails).await?;
                }
                AudienceEvent::AudienceListDeleted => {
                    sqlx::query("update audience_list set deleted = 1 where list_id = $1").bind(list_id).execute(&mut *conn).await?;
                }
                // Read from the list's stream when an attempt starts (decision 0026).
                AudienceEvent::AudienceAccommodationsSet { .. } => {}
            }
        }
        Ok(())
    }
}
