//! Time travel: a quiz's standings and the global leaderboard as they were at a position of the
//! log, folded from the attempt events themselves (the trail only says which events to read), by
//! the same rule as the live read model: a player's first completed attempt on a quiz counts, and
//! a granted retake removes it so the next one counts (decision 0021).

use std::collections::HashMap;

use quizroom_domain::DomainEvent;
use quizroom_domain::attempt::{AttemptEvent, SubmitReason};
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

/// The counted attempts of the quizzes `quizzes` as of `position`, one per player and quiz, in no
/// particular order.
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
    let sql = format!(
        "select t.ref, t.quiz_id, e.event_type, e.schema_version, {data}, e.global_position from trail_entry t \
         join events e on e.global_position = t.global_position where {which} and t.global_position <= $1 \
         and t.event_type in ('AttemptStarted', 'AttemptSubmitted', 'RetakeGranted') order by t.global_position"
    );
    let mut query = sqlx::query(AssertSqlSafe(sql)).bind(position);
    if let Quizzes::One(id) = quizzes {
        query = query.bind(id);
    }
    let rows = query.fetch_all(store.pool()).await?;
    let mut players: HashMap<String, String> = HashMap::new();
    let mut counted: HashMap<(String, i64), Counted> = HashMap::new();
    let mut submitted: HashMap<(String, i64), i64> = HashMap::new();
    for row in &rows {
        let attempt: String = row.try_get::<Option<String>, _>(0)?.unwrap_or_default();
        let quiz_id: i64 = row.try_get::<Option<i64>, _>(1)?.unwrap_or_default();
        let (event_type, schema_version, data): (String, i64, String) = (row.try_get(2)?, row.try_get(3)?, row.try_get(4)?);
        let corrupt = |message: String| StoreError::Corrupt { position: row.try_get(5).unwrap_or_default(), message };
        let value = serde_json::from_str(&data).map_err(|e| corrupt(e.to_string()))?;
        let attempt_id = attempt.strip_prefix("attempt-").unwrap_or(&attempt).to_owned();
        match AttemptEvent::decode(&event_type, schema_version, value).map_err(|e| corrupt(e.0))? {
            AttemptEvent::AttemptStarted { user_id, .. } => {
                players.insert(attempt_id, user_id);
            }
            AttemptEvent::AttemptSubmitted { score, points, total, reason, at, .. } => {
                let Some(user_id) = players.get(&attempt_id) else { continue };
                let key = (user_id.clone(), quiz_id);
                let attempts = submitted.entry(key.clone()).or_default();
                *attempts += 1;
                let attempts = *attempts;
                let entry = counted.entry(key).or_insert_with(|| Counted {
                    user_id: user_id.clone(),
                    quiz_id,
                    attempt_id: attempt_id.clone(),
                    points,
                    score,
                    total,
                    submitted_at: at,
                    reason,
                    attempts,
                });
                entry.attempts = attempts;
            }
            AttemptEvent::RetakeGranted { .. } => {
                if let Some(user_id) = players.get(&attempt_id) {
                    counted.remove(&(user_id.clone(), quiz_id));
                }
            }
            AttemptEvent::AnswerRecorded { .. } => {}
        }
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
