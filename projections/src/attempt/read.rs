//! Reads of `attempt`, `attempt_answer` and `best_score`: open attempts and their clocks, results,
//! feedback, and the one definition of a quiz's ranking that the leaderboards, a hosted quiz's
//! results and the hub's live leaderboard all use.

use quizroom_domain::attempt::ScoredAnswer;
use quizroom_domain::question::Response;
use quizroom_eventstore::{Backend, EventStore, StoreError};
use serde_json::{Value, json};
use sqlx::{AnyPool, Row};

/// A player's open attempt on a quiz.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OpenAttempt {
    pub attempt_id: String,
    pub quiz_version: i64,
    pub deadline: i64,
}

/// The open attempt of `user_id` on quiz `category_id` (there is at most one).
pub async fn open_attempt(pool: &AnyPool, user_id: &str, category_id: i64) -> Result<Option<OpenAttempt>, sqlx::Error> {
    sqlx::query_as::<_, OpenAttempt>("select attempt_id, quiz_version, deadline from attempt where user_id = $1 and category_id = $2 and status = 'open'")
        .bind(user_id)
        .bind(category_id)
        .fetch_optional(pool)
        .await
}

/// The open attempt of each (player, quiz) in `keys`, in order; on PostgreSQL in one statement
/// (each key an index lookup), for a group of submissions.
pub async fn open_attempts(store: &EventStore, keys: &[(&str, i64)]) -> Result<Vec<Option<String>>, StoreError> {
    if keys.is_empty() {
        return Ok(Vec::new());
    }
    let mut found = vec![None; keys.len()];
    if store.backend() == Backend::Postgres {
        let keys: Vec<Value> =
            keys.iter().enumerate().map(|(ord, (user_id, category_id))| json!({ "user_id": user_id, "category_id": category_id, "ord": ord })).collect();
        // `limit 1` keeps the lateral lookup a per-key index scan (there is at most one open attempt).
        let rows = sqlx::query(
            "select k.ord, a.attempt_id from jsonb_to_recordset($1::text::jsonb) as k (user_id text, category_id bigint, ord bigint) \
             cross join lateral (select attempt_id from attempt where user_id = k.user_id and category_id = k.category_id \
             and status = 'open' limit 1) a",
        )
        .bind(Value::Array(keys).to_string())
        .fetch_all(store.pool())
        .await?;
        for row in rows {
            let ord: i64 = row.try_get(0)?;
            found[ord as usize] = Some(row.try_get(1)?);
        }
    } else {
        for (slot, (user_id, category_id)) in found.iter_mut().zip(keys) {
            *slot = open_attempt(store.pool(), user_id, *category_id).await?.map(|a| a.attempt_id);
        }
    }
    Ok(found)
}

/// An attempt's quiz and clock.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AttemptClock {
    pub user_id: String,
    pub category_id: i64,
    pub quiz_version: i64,
    pub started_at: i64,
    pub deadline: i64,
    /// The extra time the attempt started with (`none`, `x1.5`, `x2`, `unlimited`).
    pub extra_time: String,
    pub read_aloud: i64,
    /// The secret order its shuffled lists are served in.
    pub seed: i64,
}

pub async fn clock(pool: &AnyPool, attempt_id: &str) -> Result<Option<AttemptClock>, sqlx::Error> {
    sqlx::query_as::<_, AttemptClock>(
        "select user_id, category_id, quiz_version, started_at, deadline, extra_time, read_aloud, seed from attempt where attempt_id = $1",
    )
    .bind(attempt_id)
    .fetch_optional(pool)
    .await
}

/// An answer saved during an attempt: the player's raw response (none when cleared).
#[derive(Debug, Clone)]
pub struct SavedAnswer {
    pub question_id: i64,
    pub response: Option<Response>,
    pub marked: bool,
}

/// The answers saved in attempt `attempt_id`, by question id.
pub async fn saved_answers(pool: &AnyPool, attempt_id: &str) -> Result<Vec<SavedAnswer>, sqlx::Error> {
    let rows = sqlx::query("select question_id, answer, marked from attempt_answer where attempt_id = $1 order by question_id")
        .bind(attempt_id)
        .fetch_all(pool)
        .await?;
    rows.iter()
        .map(|r| {
            let response = match r.try_get::<Option<String>, _>(1)? {
                Some(json) => Some(serde_json::from_str(&json).map_err(|e| sqlx::Error::Decode(Box::new(e)))?),
                None => None,
            };
            Ok(SavedAnswer { question_id: r.try_get(0)?, response, marked: r.try_get::<i64, _>(2)? != 0 })
        })
        .collect()
}

/// An attempt as its player's live channel shows it: open (with its deadline) or its result.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AttemptStatus {
    pub user_id: String,
    pub deadline: i64,
    pub status: String,
    pub score: Option<i64>,
    pub points: Option<i64>,
    pub total: Option<i64>,
    pub reason: Option<String>,
}

pub async fn status(pool: &AnyPool, attempt_id: &str) -> Result<Option<AttemptStatus>, sqlx::Error> {
    sqlx::query_as::<_, AttemptStatus>("select user_id, deadline, status, score, points, total, reason from attempt where attempt_id = $1")
        .bind(attempt_id)
        .fetch_optional(pool)
        .await
}

/// The player's latest submitted attempt on a quiz.
pub async fn latest_submitted(pool: &AnyPool, user_id: &str, category_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar::<_, String>(
        "select attempt_id from attempt where user_id = $1 and category_id = $2 and status = 'submitted' \
         order by submitted_at desc limit 1",
    )
    .bind(user_id)
    .bind(category_id)
    .fetch_optional(pool)
    .await
}

/// The player's latest submitted attempt on a quiz that no retake freed yet.
pub async fn retakeable(pool: &AnyPool, user_id: &str, category_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar::<_, String>(
        "select attempt_id from attempt where user_id = $1 and category_id = $2 and status = 'submitted' and retake_granted = 0 \
         order by submitted_at desc limit 1",
    )
    .bind(user_id)
    .bind(category_id)
    .fetch_optional(pool)
    .await
}

/// Whether the player has a submitted attempt on the quiz that no retake freed.
pub async fn has_used_attempt(pool: &AnyPool, user_id: &str, category_id: i64) -> Result<bool, sqlx::Error> {
    Ok(retakeable(pool, user_id, category_id).await?.is_some())
}

/// A submitted attempt's result and its scored answers, with the quiz version it was scored on.
#[derive(Debug, Clone)]
pub struct Scored {
    pub category_id: i64,
    pub quiz_version: i64,
    pub score: i64,
    pub points: i64,
    pub total: i64,
    pub answers: Vec<ScoredAnswer>,
}

pub async fn scored(pool: &AnyPool, attempt_id: &str) -> Result<Option<Scored>, sqlx::Error> {
    let Some(r) = sqlx::query("select category_id, quiz_version, score, points, total, feedback from attempt where attempt_id = $1")
        .bind(attempt_id)
        .fetch_optional(pool)
        .await?
    else {
        return Ok(None);
    };
    let answers = match r.try_get::<Option<String>, _>(5)? {
        Some(text) => serde_json::from_str(&text).map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
        None => Vec::new(),
    };
    Ok(Some(Scored {
        category_id: r.try_get(0)?,
        quiz_version: r.try_get(1)?,
        score: r.try_get::<Option<i64>, _>(2)?.unwrap_or(0),
        points: r.try_get::<Option<i64>, _>(3)?.unwrap_or(0),
        total: r.try_get::<Option<i64>, _>(4)?.unwrap_or(0),
        answers,
    }))
}

/// Open attempts whose deadline is before `before`, earliest first (at most 100).
pub async fn due(pool: &AnyPool, before: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar::<_, String>("select attempt_id from attempt where status = 'open' and deadline < $1 order by deadline limit 100")
        .bind(before)
        .fetch_all(pool)
        .await
}

/// The quizzes of `attempt_ids`.
pub async fn quizzes_of(pool: &AnyPool, attempt_ids: &[&str]) -> Result<Vec<i64>, sqlx::Error> {
    let mut quizzes = Vec::new();
    for chunk in attempt_ids.chunks(500) {
        let placeholders: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
        let sql = format!("select distinct category_id from attempt where attempt_id in ({})", placeholders.join(", "));
        let mut query = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql));
        for id in chunk {
            query = query.bind(*id);
        }
        quizzes.extend(query.fetch_all(pool).await?);
    }
    Ok(quizzes)
}

/// The order of a quiz's ranking: most points first; a tie goes to who got there first, then by
/// name (and id, so the order is total).
const RANK_ORDER: &str = "b.points desc, b.achieved_at, u.last_name, u.first_name, b.user_id";

/// A player's place on a leaderboard (rank = position + 1).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Standing {
    pub user_id: String,
    pub first_name: String,
    pub last_name: String,
    pub points: i64,
}

/// The ranking of quiz `category_id`: every player's best, in [`RANK_ORDER`]; at most `limit`.
pub async fn ranking(pool: &AnyPool, category_id: i64, limit: i64) -> Result<Vec<Standing>, sqlx::Error> {
    let sql = format!(
        "select b.user_id, u.first_name, u.last_name, b.points from best_score b join user_account u on u.user_id = b.user_id \
         where b.category_id = $1 order by {RANK_ORDER} limit $2"
    );
    sqlx::query_as::<_, Standing>(sqlx::AssertSqlSafe(sql)).bind(category_id).bind(limit).fetch_all(pool).await
}

/// Every player's total over the curated categories (the first completed attempt of each),
/// highest first; ties by name. Hosted quizzes count on their own boards only (decision 0021).
pub async fn global_ranking(pool: &AnyPool, limit: i64) -> Result<Vec<Standing>, sqlx::Error> {
    sqlx::query_as::<_, Standing>(
        "select u.user_id, u.first_name, u.last_name, cast(sum(b.points) as bigint) as points from best_score b \
         join category c on c.category_id = b.category_id and c.host_id is null \
         join user_account u on u.user_id = b.user_id group by u.user_id, u.first_name, u.last_name \
         order by points desc, u.first_name, u.last_name, u.user_id limit $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// The attempt that counts on the player's board for a quiz (their first completed one).
pub async fn counted_attempt(pool: &AnyPool, category_id: i64, user_id: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar::<_, String>("select attempt_id from best_score where category_id = $1 and user_id = $2")
        .bind(category_id)
        .bind(user_id)
        .fetch_optional(pool)
        .await
}

/// The player's points that count on a quiz.
pub async fn best_points(pool: &AnyPool, category_id: i64, user_id: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar::<_, i64>("select points from best_score where category_id = $1 and user_id = $2")
        .bind(category_id)
        .bind(user_id)
        .fetch_optional(pool)
        .await
}

/// A player's entry in a hosted quiz's results.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ResultRow {
    pub user_id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub score: i64,
    pub total: i64,
    pub points: i64,
    pub submitted_at: i64,
    pub reason: String,
    pub attempts: i64,
    /// The accommodations the counted attempt started with.
    pub extra_time: String,
    pub read_aloud: i64,
    /// The counted attempt.
    pub attempt_id: String,
}

/// Each player's current entry on quiz `category_id` (their best since any retake), in rank order.
pub async fn results(pool: &AnyPool, category_id: i64) -> Result<Vec<ResultRow>, sqlx::Error> {
    let sql = format!(
        "select b.user_id, u.first_name, u.last_name, u.email, a.score, a.total, a.points, a.submitted_at, a.reason, \
         (select count(*) from attempt x where x.category_id = b.category_id and x.user_id = b.user_id and x.status = 'submitted') \
         as attempts, a.extra_time, a.read_aloud, b.attempt_id from best_score b join attempt a on a.attempt_id = b.attempt_id \
         join user_account u on u.user_id = b.user_id where b.category_id = $1 order by {RANK_ORDER}"
    );
    sqlx::query_as::<_, ResultRow>(sqlx::AssertSqlSafe(sql)).bind(category_id).fetch_all(pool).await
}

/// The player's place on quiz `category_id`'s board and how many are on it: `None` when the
/// player has no counted attempt there. Ties share a place (same points, same moment).
pub async fn place(pool: &AnyPool, category_id: i64, user_id: &str) -> Result<Option<(i64, i64)>, sqlx::Error> {
    let row = sqlx::query(
        "select (select count(*) from best_score o where o.category_id = b.category_id and \
         (o.points > b.points or (o.points = b.points and o.achieved_at < b.achieved_at))) + 1, \
         (select count(*) from best_score o where o.category_id = b.category_id) \
         from best_score b where b.category_id = $1 and b.user_id = $2",
    )
    .bind(category_id)
    .bind(user_id)
    .fetch_optional(pool)
    .await?;
    row.map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).transpose()
}
