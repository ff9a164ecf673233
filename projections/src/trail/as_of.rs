//! Time travel: a quiz's standings and the global leaderboard as they were at a position of the
//! log, folded from the attempt events themselves (the trail only says which events to read), by
//! the same rule as the live read model: a player's first completed attempt on a quiz counts, and
//! a granted retake removes it so the next one counts (decision 0021).

use std::collections::HashMap;

use quizroom_domain::DomainEvent;
use quizroom_domain::attempt::{Attempt, AttemptEvent, SubmitReason};
use quizroom_domain::stream::id_of;
use quizroom_eventstore::{Backend, EventStore, StoreError};
use sqlx::{AssertSqlSafe, Row};

/// A player's counted attempt as of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    pub user_id: String,
    pub quiz_id: i64,
    pub attempt_id: String,
    pub points: i64,
    pub score: i64,
    pub total: i64,
    pub submitted_at: i64,
    pub reason: SubmitReason,
    /// How many attempts the player had submitted on the quiz by then.
    pub attempts: i64,
}

/// What the fold needs of an `AttemptSubmitted` payload (the answers are skipped unread).
#[derive(serde::Deserialize)]
struct Submitted {
    score: i64,
    points: i64,
    total: i64,
    reason: SubmitReason,
    at: i64,
}

/// The counted attempts of the quizzes `quizzes` as of `position`, one per player and quiz, in no
/// particular order. The trail says whose attempt each event belongs to, so only submissions'
/// payloads are read.
pub async fn counted(store: &EventStore, quizzes: Quizzes, position: i64) -> Result<Vec<Counted>, StoreError> {
    let data = match store.backend() {
        Backend::Sqlite => "e.data",
        Backend::Postgres => "e.data::text",
    };
    let which = match quizzes {
        Quizzes::One(_) => "t.quiz_id = $2",
        // Curated categories: their publication has no host.
        Quizzes::Curated => "t.quiz_id in (select h.quiz_id from trail_entry h where h.kind = 'hosted' and h.person_id is null)",
    };
    // The two types are the domain's constants, written into the statement (they are not input).
    let (submitted_type, retake_type) = (AttemptEvent::ATTEMPT_SUBMITTED, AttemptEvent::RETAKE_GRANTED);
    let sql = format!(
        "select t.ref, t.quiz_id, t.person_id, t.event_type, e.schema_version, case when t.event_type = '{submitted_type}' then {data} end, \
         e.global_position from trail_entry t join events e on e.global_position = t.global_position where {which} and t.global_position <= $1 \
         and t.event_type in ('{submitted_type}', '{retake_type}') order by t.global_position"
    );
    let mut query = sqlx::query(AssertSqlSafe(sql)).bind(position);
    if let Quizzes::One(id) = quizzes {
        query = query.bind(id);
    }
    let rows = query.fetch_all(store.pool()).await?;
    let mut counted: HashMap<(String, i64), Counted> = HashMap::new();
    let mut submitted: HashMap<(String, i64), i64> = HashMap::new();
    for row in &rows {
        let attempt: String = row.try_get::<Option<String>, _>(0)?.unwrap_or_default();
        let quiz_id: i64 = row.try_get::<Option<i64>, _>(1)?.unwrap_or_default();
        let Some(user_id) = row.try_get::<Option<String>, _>(2)? else { continue };
        let key = (user_id, quiz_id);
        let event_type: String = row.try_get(3)?;
        if event_type == AttemptEvent::RETAKE_GRANTED {
            counted.remove(&key);
            continue;
        }
        let position: i64 = row.try_get(6)?;
        let schema_version: i64 = row.try_get(4)?;
        if schema_version != AttemptEvent::SCHEMA_VERSION {
            return Err(StoreError::Corrupt { position, message: format!("{submitted_type} schema version {schema_version} is not known here") });
        }
        let data: String = row.try_get::<Option<String>, _>(5)?.unwrap_or_default();
        let s: Submitted =
            serde_json::from_str(&data).map_err(|e| StoreError::Corrupt { position, message: format!("broken {submitted_type} payload: {e}") })?;
        let attempts = submitted.entry(key.clone()).or_default();
        *attempts += 1;
        let attempts = *attempts;
        let attempt_id = id_of::<Attempt>(&attempt).unwrap_or(&attempt).to_owned();
        let entry = counted.entry(key.clone()).or_insert_with(|| Counted {
            user_id: key.0.clone(),
            quiz_id,
            attempt_id,
            points: s.points,
            score: s.score,
            total: s.total,
            submitted_at: s.at,
            reason: s.reason,
            attempts,
        });
        entry.attempts = attempts;
    }
    Ok(counted.into_values().collect())
}

/// Which quizzes' attempts [`counted`] reads.
#[derive(Debug, Clone, Copy)]
pub enum Quizzes {
    One(i64),
    /// The curated categories: what the global leaderboard sums.
    Curated,
}
