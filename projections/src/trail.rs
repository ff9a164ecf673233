//! The audit trail: every event filed under the quiz and the person it is about (`trail_entry`),
//! so a quiz's history, a person's history and the events behind past standings are each one
//! indexed range of the log. Which quiz and person an attempt, a live game or a generation belongs
//! to is learnt from its first event (`trail_stream`). Asynchronous: the write path never waits
//! for it (decision 0024).

pub mod as_of;
pub mod read;

use std::collections::HashMap;

use async_trait::async_trait;
use quizroom_domain::Aggregate;
use quizroom_domain::accommodation::{AccommodationEvent, Accommodations};
use quizroom_domain::admission::{Admission, AdmissionEvent};
use quizroom_domain::attempt::{Attempt, AttemptEvent};
use quizroom_domain::audit::{AuditEvent, AuditLog};
use quizroom_domain::game::{GameEvent, LiveGame};
use quizroom_domain::generation::{Generation, GenerationEvent};
use quizroom_domain::quiz::{Quiz, QuizEvent};
use quizroom_domain::stream::id_of;
use quizroom_domain::user::User;
use quizroom_domain::wallet::{Wallet, WalletEvent};
use quizroom_eventstore::{Backend, Conn, ProjectionError, Projector, Reads, RecordedEvent};
use sqlx::Row;

use crate::decode;

/// What an entry is, for the timeline's filter.
pub mod kind {
    pub const HOSTED: &str = "hosted";
    pub const EDITED: &str = "edited";
    pub const ATTEMPT: &str = "attempt";
    pub const RETAKE: &str = "retake";
    pub const TOKENS: &str = "tokens";
    pub const LIVE: &str = "live";
    pub const GENERATED: &str = "generated";
    pub const ACCOUNT: &str = "account";
    pub const AUDIT: &str = "audit";
    /// Every kind, in the order the filter offers them.
    pub const ALL: [&str; 9] = [HOSTED, EDITED, ATTEMPT, RETAKE, TOKENS, LIVE, GENERATED, ACCOUNT, AUDIT];
}

pub struct TrailProjector;

/// One row of `trail_entry`.
struct Entry<'e> {
    event: &'e RecordedEvent,
    quiz_id: Option<i64>,
    person_id: Option<String>,
    reference: Option<String>,
    kind: &'static str,
}

/// Which quiz and person a stream's events are about.
#[derive(Clone, Default)]
struct Owner {
    quiz_id: Option<i64>,
    person_id: Option<String>,
}

/// `quiz-12` → 12.
fn quiz_of(stream: &str) -> Option<i64> {
    id_of::<Quiz>(stream)?.parse().ok()
}

struct Batch<'c> {
    conn: &'c mut Conn,
    /// Owners learnt in this batch, or read once from `trail_stream`.
    owners: HashMap<String, Owner>,
    /// New rows of `trail_stream`.
    new_owners: Vec<(String, Owner)>,
}

impl Batch<'_> {
    async fn owner(&mut self, stream: &str) -> Result<Owner, sqlx::Error> {
        if let Some(owner) = self.owners.get(stream) {
            return Ok(owner.clone());
        }
        let row = sqlx::query("select quiz_id, person_id from trail_stream where stream_id = $1").bind(stream).fetch_optional(&mut *self.conn).await?;
        let owner = match row {
            Some(row) => Owner { quiz_id: row.try_get(0)?, person_id: row.try_get(1)? },
            None => Owner::default(),
        };
        self.owners.insert(stream.to_owned(), owner.clone());
        Ok(owner)
    }

    fn learn(&mut self, stream: &str, owner: Owner) {
        self.owners.insert(stream.to_owned(), owner.clone());
        self.new_owners.push((stream.to_owned(), owner));
    }

    async fn entry<'e>(&mut self, event: &'e RecordedEvent) -> Result<Option<Entry<'e>>, ProjectionError> {
        let stream = event.stream_id.as_str();
        let entry = |quiz_id, person_id, reference: Option<String>, kind| Some(Entry { event, quiz_id, person_id, reference, kind });
        Ok(match event.stream_type() {
            Quiz::STREAM => {
                let quiz_id = quiz_of(stream);
                match decode::<QuizEvent>(event)? {
                    QuizEvent::QuizHosted { quiz, .. } => entry(quiz_id, Some(quiz.host_id), None, kind::HOSTED),
                    QuizEvent::QuestionsUpdated { by, .. } => entry(quiz_id, Some(by), None, kind::EDITED),
                    QuizEvent::CuratedCategoryPublished { .. } | QuizEvent::CuratedCategoryRevised { .. } => entry(quiz_id, None, None, kind::HOSTED),
                }
            }
            Attempt::STREAM => {
                let kind = match decode::<AttemptEvent>(event)? {
                    AttemptEvent::AttemptStarted { user_id, quiz_id, .. } => {
                        self.learn(stream, Owner { quiz_id: Some(quiz_id), person_id: Some(user_id) });
                        kind::ATTEMPT
                    }
                    AttemptEvent::RetakeGranted { .. } => kind::RETAKE,
                    AttemptEvent::AnswerRecorded { .. } | AttemptEvent::AttemptSubmitted { .. } => kind::ATTEMPT,
                };
                let owner = self.owner(stream).await?;
                entry(owner.quiz_id, owner.person_id, Some(stream.to_owned()), kind)
            }
            Accommodations::STREAM => {
                let AccommodationEvent::AccommodationsSet { by, .. } = decode::<AccommodationEvent>(event)?;
                entry(id_of::<Accommodations>(stream).and_then(|id| id.parse().ok()), Some(by), None, kind::EDITED)
            }
            Admission::STREAM => {
                let AdmissionEvent::JoinedByCode { quiz_id, user_id, .. } = decode::<AdmissionEvent>(event)?;
                entry(Some(quiz_id), Some(user_id), None, kind::ATTEMPT)
            }
            LiveGame::STREAM => {
                if let GameEvent::GameOpened { host_id, quiz_id, .. } = decode::<GameEvent>(event)? {
                    self.learn(stream, Owner { quiz_id: Some(quiz_id), person_id: Some(host_id) });
                }
                let owner = self.owner(stream).await?;
                entry(owner.quiz_id, owner.person_id, Some(stream.to_owned()), kind::LIVE)
            }
            Generation::STREAM => {
                match decode::<GenerationEvent>(event)? {
                    GenerationEvent::GenerationRequested { host_id, .. } => {
                        self.learn(stream, Owner { quiz_id: None, person_id: Some(host_id) });
                    }
                    GenerationEvent::GenerationPublished { quiz_id } => self.published(stream, quiz_id).await?,
                    GenerationEvent::QuestionsGenerated { .. } | GenerationEvent::GenerationFailed { .. } => {}
                }
                let owner = self.owner(stream).await?;
                entry(owner.quiz_id, owner.person_id, Some(stream.to_owned()), kind::GENERATED)
            }
            Wallet::STREAM => {
                let person = id_of::<Wallet>(stream).map(str::to_owned);
                let reference = match decode::<WalletEvent>(event)? {
                    WalletEvent::TokensSpent { reference, .. } | WalletEvent::TokensRefunded { reference, .. } => Some(reference),
                    WalletEvent::TokensGranted { .. } | WalletEvent::TokensPurchased { .. } => None,
                };
                // A charge names the quiz it hosted, or the generation it paid for.
                let quiz_id = match reference.as_deref() {
                    Some(r) if id_of::<Quiz>(r).is_some() => quiz_of(r),
                    Some(r) => self.owner(r).await?.quiz_id,
                    None => None,
                };
                entry(quiz_id, person, reference, kind::TOKENS)
            }
            User::STREAM => entry(None, id_of::<User>(stream).map(str::to_owned), None, kind::ACCOUNT),
            AuditLog::STREAM => {
                let (AuditEvent::AuditRead { subject, .. } | AuditEvent::AuditRefused { subject, .. }) = decode::<AuditEvent>(event)?;
                entry(quiz_of(&subject), id_of::<AuditLog>(stream).map(str::to_owned), Some(subject), kind::AUDIT)
            }
            _ => None,
        })
    }

    /// A generated quiz is published: the generation's entries so far (its request, the charge)
    /// are filed under the quiz too.
    async fn published(&mut self, stream: &str, quiz_id: i64) -> Result<(), sqlx::Error> {
        let mut owner = self.owner(stream).await?;
        owner.quiz_id = Some(quiz_id);
        self.owners.insert(stream.to_owned(), owner.clone());
        if let Some(pending) = self.new_owners.iter_mut().find(|(s, _)| s == stream) {
            pending.1 = owner;
        } else {
            sqlx::query("update trail_stream set quiz_id = $1 where stream_id = $2").bind(quiz_id).bind(stream).execute(&mut *self.conn).await?;
        }
        sqlx::query("update trail_entry set quiz_id = $1 where ref = $2 and quiz_id is null").bind(quiz_id).bind(stream).execute(&mut *self.conn).await?;
        Ok(())
    }
}

#[async_trait]
impl Projector for TrailProjector {
    fn name(&self) -> &'static str {
        "trail"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["trail_entry", "trail_stream"]
    }

    /// Not the players' streams of live games: their answers are the bulk of a busy log.
    fn reads(&self) -> Reads {
        Reads::Streams(&[
            Quiz::STREAM,
            Attempt::STREAM,
            Accommodations::STREAM,
            Admission::STREAM,
            LiveGame::STREAM,
            Generation::STREAM,
            Wallet::STREAM,
            User::STREAM,
            AuditLog::STREAM,
        ])
    }

    async fn apply(&self, conn: &mut Conn, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let mut batch = Batch { conn, owners: HashMap::new(), new_owners: Vec::new() };
        let mut entries = Vec::new();
        for event in events {
            // The entries before a publication must be in the table for it to re-file them.
            if event.event_type == GenerationEvent::GENERATION_PUBLISHED {
                write_entries(batch.conn, &entries).await?;
                entries.clear();
            }
            if let Some(entry) = batch.entry(event).await? {
                entries.push(entry);
            }
        }
        write_entries(batch.conn, &entries).await?;
        for chunk in batch.new_owners.chunks(1000) {
            let sql = format!(
                "insert into trail_stream (stream_id, quiz_id, person_id) values {} on conflict (stream_id) do nothing",
                Backend::of(batch.conn).values(chunk.len(), 3)
            );
            let mut insert = sqlx::query(sqlx::AssertSqlSafe(sql));
            for (stream, owner) in chunk {
                insert = insert.bind(stream.as_str()).bind(owner.quiz_id).bind(owner.person_id.as_deref());
            }
            insert.execute(&mut *batch.conn).await?;
        }
        Ok(())
    }
}

async fn write_entries(conn: &mut Conn, entries: &[Entry<'_>]) -> Result<(), sqlx::Error> {
    for chunk in entries.chunks(500) {
        let sql = format!(
            "insert into trail_entry (global_position, quiz_id, person_id, actor_id, ref, kind, event_type, recorded_at) values {}",
            Backend::of(conn).values(chunk.len(), 8)
        );
        let mut insert = sqlx::query(sqlx::AssertSqlSafe(sql));
        for e in chunk {
            insert = insert
                .bind(e.event.position)
                .bind(e.quiz_id)
                .bind(e.person_id.as_deref())
                .bind(e.event.metadata.actor.as_deref())
                .bind(e.reference.as_deref())
                .bind(e.kind)
                .bind(e.event.event_type.as_str())
                .bind(e.event.recorded_at);
        }
        insert.execute(&mut *conn).await?;
    }
    Ok(())
}
