//! Mail through an outbox.
//!
//! A command that sends mail inserts an `outbox` row in its own transaction ([`enqueue`]), so a
//! mail exists exactly when its event does. The mailer task ([`run_mailer`]) claims due rows and
//! delivers them over SMTP when `QUIZROOM_SMTP_URL` is set (`smtp://host:port` for a local relay,
//! `smtps://…` or `?tls=required` for TLS), otherwise writes them to the log, where the
//! development mailbox (`GET /api/dev/mailbox`) also shows them. A failed delivery is retried with
//! exponential backoff (up to an hour apart), never dropped.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use quizroom_eventstore::{Backend, EventStore, StoreError, redact_url};
use serde::Serialize;
use sqlx::{AnyConnection, Row};
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

use crate::clock::{Clock, rfc3339};

/// How long a claimed mail is held by one mailer before another may try it.
const LEASE_MS: i64 = 60_000;

#[derive(Clone)]
pub struct Mailer {
    inner: Arc<Inner>,
}

struct Inner {
    smtp: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
    wake: Notify,
}

impl Mailer {
    pub fn new(smtp_url: Option<&str>, from: &str) -> anyhow::Result<Mailer> {
        let smtp = match smtp_url.filter(|u| !u.is_empty()) {
            Some(url) => Some(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .with_context(|| format!("QUIZROOM_SMTP_URL {} is not a usable SMTP URL", redact_url(url)))?
                    .timeout(Some(Duration::from_secs(20)))
                    .build(),
            ),
            None => None,
        };
        let from = from.parse().with_context(|| format!("QUIZROOM_MAIL_FROM {from:?} is not a mail address"))?;
        Ok(Mailer { inner: Arc::new(Inner { smtp, from, wake: Notify::new() }) })
    }

    /// Whether mail goes over SMTP (else to the log and the development mailbox).
    pub fn smtp_enabled(&self) -> bool {
        self.inner.smtp.is_some()
    }

    /// Tells the mailer that new mail was committed.
    pub fn wake(&self) {
        self.inner.wake.notify_one();
    }

    async fn send(&self, to: &str, subject: &str, body: &str) -> Result<(), String> {
        let Some(smtp) = &self.inner.smtp else {
            tracing::info!(to, subject, body, "mail written to the log (SMTP is not configured)");
            return Ok(());
        };
        let to: Mailbox = to.parse().map_err(|e| format!("bad recipient {to}: {e}"))?;
        let message = Message::builder().from(self.inner.from.clone()).to(to).subject(subject).body(body.to_owned()).map_err(|e| e.to_string())?;
        smtp.send(message).await.map(|_| ()).map_err(|e| e.to_string())
    }
}

/// Queues a mail inside the caller's transaction.
pub async fn enqueue(conn: &mut AnyConnection, to: &str, subject: &str, body: &str, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into outbox (outbox_id, recipient, subject, body, created_at, attempts, next_attempt_at) \
         values ($1, $2, $3, $4, $5, 0, $5)",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(to)
    .bind(subject)
    .bind(body)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

struct Due {
    id: String,
    to: String,
    subject: String,
    body: String,
    attempts: i64,
}

/// Claims up to 20 due mails (holding them for [`LEASE_MS`]) and tries each once.
pub async fn deliver_due(store: &EventStore, mailer: &Mailer, now: i64) -> Result<usize, StoreError> {
    let claim = match store.backend() {
        Backend::Postgres => {
            "update outbox set next_attempt_at = $1 where outbox_id in (select outbox_id from outbox \
             where sent_at is null and next_attempt_at <= $2 order by next_attempt_at limit 20 for update skip locked) \
             returning outbox_id, recipient, subject, body, attempts"
        }
        Backend::Sqlite => {
            "update outbox set next_attempt_at = $1 where outbox_id in (select outbox_id from outbox \
             where sent_at is null and next_attempt_at <= $2 order by next_attempt_at limit 20) \
             returning outbox_id, recipient, subject, body, attempts"
        }
    };
    let mut tx = store.begin_write().await?;
    let due: Vec<Due> = sqlx::query(claim)
        .bind(now + LEASE_MS)
        .bind(now)
        .fetch_all(&mut *tx)
        .await?
        .iter()
        .map(|r| Ok(Due { id: r.try_get(0)?, to: r.try_get(1)?, subject: r.try_get(2)?, body: r.try_get(3)?, attempts: r.try_get(4)? }))
        .collect::<Result<_, sqlx::Error>>()?;
    tx.commit().await?;
    for mail in &due {
        let outcome = mailer.send(&mail.to, &mail.subject, &mail.body).await;
        let mut tx = store.begin_write().await?;
        match outcome {
            Ok(()) => {
                sqlx::query("update outbox set sent_at = $1, attempts = attempts + 1, last_error = null where outbox_id = $2")
                    .bind(now)
                    .bind(&mail.id)
                    .execute(&mut *tx)
                    .await?;
            }
            Err(error) => {
                let backoff = (5_000i64 << mail.attempts.min(10)).min(3_600_000);
                tracing::warn!(to = %mail.to, attempts = mail.attempts + 1, retry_in_ms = backoff, %error, "mail delivery failed; will retry");
                sqlx::query("update outbox set attempts = attempts + 1, next_attempt_at = $1, last_error = $2 where outbox_id = $3")
                    .bind(now + backoff)
                    .bind(error)
                    .bind(&mail.id)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
    }
    Ok(due.len())
}

/// Delivers mail until `shutdown`: on every wake-up and at least every second.
pub async fn run_mailer(store: EventStore, mailer: Mailer, clock: Arc<dyn Clock>, shutdown: CancellationToken) {
    while !shutdown.is_cancelled() {
        match deliver_due(&store, &mailer, clock.now_ms()).await {
            Ok(20) => continue,
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, "the mailer failed; retrying"),
        }
        tokio::select! {
            _ = mailer.inner.wake.notified() => {}
            _ = tokio::time::sleep(Duration::from_secs(1)) => {}
            _ = shutdown.cancelled() => {}
        }
    }
}

/// A mail as the development mailbox shows it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailboxMessage {
    pub to: String,
    pub subject: String,
    pub body: String,
    /// When it was sent (or queued).
    #[schema(format = DateTime)]
    pub sent_at: String,
}

/// The latest 100 mails, newest first: the development mailbox.
pub async fn mailbox(store: &EventStore) -> Result<Vec<MailboxMessage>, StoreError> {
    let rows = sqlx::query("select recipient, subject, body, coalesce(sent_at, created_at) from outbox order by created_at desc limit 100")
        .fetch_all(store.pool())
        .await?;
    rows.iter()
        .map(|r| Ok(MailboxMessage { to: r.try_get(0)?, subject: r.try_get(1)?, body: r.try_get(2)?, sent_at: rfc3339(r.try_get(3)?) }))
        .collect::<Result<_, sqlx::Error>>()
        .map_err(StoreError::from)
}
