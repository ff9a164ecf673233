//! Accounts by e-mail, from `user-{uuid}` streams: what sign-in and `/api/auth/me` read.

pub mod read;

use async_trait::async_trait;
use quizroom_domain::user::UserEvent;
use quizroom_eventstore::{Conn, ProjectionError, RecordedEvent, TransactionalProjection};

use crate::decode;

pub struct UserProjection;

#[async_trait]
impl TransactionalProjection for UserProjection {
    fn name(&self) -> &'static str {
        "user"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["user_account"]
    }

    async fn apply(&self, conn: &mut Conn, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        for event in events.iter().filter(|e| e.stream_type() == <quizroom_domain::user::User as quizroom_domain::Aggregate>::STREAM) {
            let user_id = crate::instance::<quizroom_domain::user::User>(event)?;
            match decode::<UserEvent>(event)? {
                UserEvent::SignedUp { first_name, last_name, email, institute_name, password_hash } => {
                    sqlx::query(
                        "insert into user_account (user_id, email, first_name, last_name, institute_name, \
                         password_hash, verified, created_at) values ($1, $2, $3, $4, $5, $6, 0, $7)",
                    )
                    .bind(user_id)
                    .bind(email)
                    .bind(first_name)
                    .bind(last_name)
                    .bind(institute_name)
                    .bind(password_hash)
                    .bind(event.recorded_at)
                    .execute(&mut *conn)
                    .await?;
                }
                UserEvent::EmailVerified { .. } => {
                    sqlx::query("update user_account set verified = 1 where user_id = $1").bind(user_id).execute(&mut *conn).await?;
                }
                UserEvent::PasswordReset { password_hash, at } => {
                    sqlx::query("update user_account set password_hash = $1, sessions_from = $2 where user_id = $3")
                        .bind(password_hash)
                        .bind(at)
                        .bind(user_id)
                        .execute(&mut *conn)
                        .await?;
                }
                UserEvent::SessionsEnded { at } => {
                    sqlx::query("update user_account set sessions_from = $1 where user_id = $2").bind(at).bind(user_id).execute(&mut *conn).await?;
                }
                UserEvent::AuditorGranted { .. } => set_auditor(conn, user_id, true).await?,
                UserEvent::AuditorRevoked { .. } => set_auditor(conn, user_id, false).await?,
                UserEvent::VerificationCodeIssued { .. }
                | UserEvent::VerificationCodeRejected { .. }
                | UserEvent::PasswordResetRequested { .. }
                | UserEvent::PasswordResetCodeRejected { .. } => {}
            }
        }
        Ok(())
    }
}

async fn set_auditor(conn: &mut Conn, user_id: &str, auditor: bool) -> Result<(), sqlx::Error> {
    sqlx::query("update user_account set auditor = $1 where user_id = $2").bind(i64::from(auditor)).bind(user_id).execute(&mut *conn).await?;
    Ok(())
}
