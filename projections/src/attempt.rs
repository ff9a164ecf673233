//! Attempts, their saved answers and their scored answers, from `attempt-{uuid}` streams; and the
//! score that counts per player and quiz (`best_score`: the first completed attempt), which the
//! leaderboards and a hosted quiz's results read; a granted retake removes the player's entry.
//! From `game-{uuid}` and `player-{uuid}` streams, the curated categories whose answer key each
//! account could read through a live game (`key_seen`): its later submissions there count nowhere
//! (decision 0037).

pub mod read;

use async_trait::async_trait;
use quizroom_domain::Aggregate;
use quizroom_domain::attempt::{Attempt, AttemptEvent, ScoredAnswer, SubmitReason};
use quizroom_domain::game::{GameEvent, LiveGame};
use quizroom_domain::player::{GamePlayer, PlayerEvent};
use quizroom_eventstore::{Conn, ProjectionError, RecordedEvent, TransactionalProjection};
use serde_json::{Value, json};
use sqlx::Row;

use crate::decode;

pub struct AttemptProjection;

/// A submission's writes: the attempt's result with its scored answers, the player's best.
struct Submission<'a> {
    attempt_id: &'a str,
    answers: &'a [ScoredAnswer],
    score: i64,
    points: i64,
    total: i64,
    reason: &'static str,
    at: i64,
}

/// The attempt that counts is the player's first completed one (decision 0021): later ones are
/// practice, so a quiz cannot be replayed after reading its answers for a better place. A granted
/// retake removes the entry, so the retake is the one that counts.
const BEST_SCORE_CONFLICT: &str = "on conflict (category_id, user_id) do nothing";

/// Nor does a submission of a player who could read the quiz's answer key through a live game
/// before submitting (decision 0037): the condition on the row a submission would add.
const KEY_NOT_SEEN: &str = "not exists (select 1 from key_seen k where k.user_id = {user} and k.category_id = {category})";

fn key_not_seen(user: &str, category: &str) -> String {
    KEY_NOT_SEEN.replace("{user}", user).replace("{category}", category)
}

impl Submission<'_> {
    /// The scored answers as stored in `attempt.feedback`: the event's own JSON list.
    fn feedback(&self) -> String {
        serde_json::to_string(self.answers).expect("scored answers serialise")
    }

    /// Two statements (SQLite: in-process, no round trips to save).
    async fn write(&self, conn: &mut Conn) -> Result<(), ProjectionError> {
        let row = sqlx::query(
            "update attempt set status = 'submitted', submitted_at = $1, score = $2, points = $3, total = $4, reason = $5, \
             feedback = $6 where attempt_id = $7 returning user_id, category_id",
        )
        .bind(self.at)
        .bind(self.score)
        .bind(self.points)
        .bind(self.total)
        .bind(self.reason)
        .bind(self.feedback())
        .bind(self.attempt_id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or_else(|| never_started(self.attempt_id))?;
        let (user_id, category_id): (String, i64) = (row.try_get(0)?, row.try_get(1)?);
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "insert into best_score (category_id, user_id, points, score, attempt_id, achieved_at) select $1, $2, $3, $4, $5, $6 \
             where {} {BEST_SCORE_CONFLICT}",
            key_not_seen("$2", "$1")
        )))
        .bind(category_id)
        .bind(user_id)
        .bind(self.points)
        .bind(self.score)
        .bind(self.attempt_id)
        .bind(self.at)
        .execute(&mut *conn)
        .await?;
        Ok(())
    }
}

fn never_started(attempt_id: &str) -> ProjectionError {
    ProjectionError::Rejected(format!("attempt {attempt_id} was submitted but never started"))
}

/// Several submissions' writes (SQLite: two statements each, in-process; PostgreSQL: one
/// statement of data-modifying CTEs for all of them, one round trip, its parameter one JSON
/// document so its text never changes).
async fn write_all(conn: &mut Conn, submissions: &[Submission<'_>]) -> Result<(), ProjectionError> {
    if conn.backend_name() != "PostgreSQL" {
        for submission in submissions {
            submission.write(conn).await?;
        }
        return Ok(());
    }
    let attempts: Vec<Value> = submissions
        .iter()
        .enumerate()
        .map(|(ord, s)| {
            json!({ "attempt_id": s.attempt_id, "at": s.at, "score": s.score, "points": s.points, "total": s.total,
                    "reason": s.reason, "feedback": s.feedback(), "ord": ord })
        })
        .collect();
    // The first of the group per player and quiz counts, unless one counts already.
    let sql = format!(
        "with s as (select * from jsonb_to_recordset($1::text::jsonb) as s (attempt_id text, at bigint, score bigint, \
         points bigint, total bigint, reason text, feedback text, ord bigint)), \
         submitted as (update attempt a set status = 'submitted', submitted_at = s.at, score = s.score, points = s.points, \
         total = s.total, reason = s.reason, feedback = s.feedback from s where a.attempt_id = any(array(select attempt_id from s)) \
         and a.attempt_id = s.attempt_id returning a.attempt_id, a.user_id, a.category_id, s.points, s.score, s.at, s.ord), \
         best as (insert into best_score (category_id, user_id, points, score, attempt_id, achieved_at) \
         select distinct on (category_id, user_id) category_id, user_id, points, score, attempt_id, at from submitted \
         where {} order by category_id, user_id, ord {BEST_SCORE_CONFLICT}) \
         select attempt_id from submitted",
        key_not_seen("submitted.user_id", "submitted.category_id")
    );
    let updated: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(Value::Array(attempts).to_string()).fetch_all(&mut *conn).await?;
    if let Some(missing) = submissions.iter().find(|s| !updated.iter().any(|u| u == s.attempt_id)) {
        return Err(never_started(missing.attempt_id));
    }
    Ok(())
}

/// What this projection reads of an event, in log order.
enum Decoded<'a> {
    Attempt(&'a str, AttemptEvent),
    /// A live game opened on a curated category.
    CuratedGame {
        game_id: &'a str,
        category_id: i64,
        host_id: String,
    },
    /// A signed-in player joined a live game.
    SignedInPlayer {
        game_id: String,
        user_id: String,
    },
}

fn decoded(event: &RecordedEvent) -> Result<Option<Decoded<'_>>, ProjectionError> {
    Ok(match event.stream_type() {
        Attempt::STREAM => Some(Decoded::Attempt(crate::instance::<Attempt>(event)?, decode::<AttemptEvent>(event)?)),
        LiveGame::STREAM => match decode::<GameEvent>(event)? {
            GameEvent::GameOpened { host_id, quiz_id, curated: true, .. } => {
                Some(Decoded::CuratedGame { game_id: crate::instance::<LiveGame>(event)?, category_id: quiz_id, host_id })
            }
            _ => None,
        },
        GamePlayer::STREAM => match decode::<PlayerEvent>(event)? {
            PlayerEvent::PlayerJoined { game_id, user_id: Some(user_id), .. } => Some(Decoded::SignedInPlayer { game_id, user_id }),
            _ => None,
        },
        _ => None,
    })
}

/// `user_id` could read the answer key of game `game_id`'s quiz, if that is a curated category.
async fn saw_key(conn: &mut Conn, user_id: &str, game_id: &str) -> Result<(), ProjectionError> {
    sqlx::query(
        "insert into key_seen (user_id, category_id) select $1, category_id from curated_game where game_id = $2 \
         on conflict (user_id, category_id) do nothing",
    )
    .bind(user_id)
    .bind(game_id)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

fn reason(r: SubmitReason) -> &'static str {
    match r {
        SubmitReason::Player => "player",
        SubmitReason::Timeout => "timeout",
    }
}

#[async_trait]
impl TransactionalProjection for AttemptProjection {
    fn name(&self) -> &'static str {
        "attempt"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["attempt", "attempt_answer", "best_score", "curated_game", "key_seen"]
    }

    async fn apply(&self, conn: &mut Conn, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let decoded = events.iter().map(decoded).filter_map(Result::transpose).collect::<Result<Vec<_>, ProjectionError>>()?;
        // Submissions in a row (a group commit's) are written together.
        let mut submissions = Vec::new();
        for (i, item) in decoded.iter().enumerate() {
            let (attempt_id, event) = match item {
                Decoded::Attempt(attempt_id, event) => (*attempt_id, event),
                Decoded::CuratedGame { game_id, category_id, host_id } => {
                    sqlx::query("insert into curated_game (game_id, category_id) values ($1, $2)").bind(*game_id).bind(category_id).execute(&mut *conn).await?;
                    // Its host reads every key from the lobby on (the presenter view, the results).
                    saw_key(conn, host_id, game_id).await?;
                    continue;
                }
                Decoded::SignedInPlayer { game_id, user_id } => {
                    saw_key(conn, user_id, game_id).await?;
                    continue;
                }
            };
            match event {
                AttemptEvent::AttemptStarted { user_id, quiz_id, quiz_version, started_at, deadline, accommodation, seed, .. } => {
                    sqlx::query(
                        "insert into attempt (attempt_id, user_id, category_id, quiz_version, status, started_at, deadline, extra_time, read_aloud, seed) \
                         values ($1, $2, $3, $4, 'open', $5, $6, $7, $8, $9)",
                    )
                    .bind(attempt_id)
                    .bind(user_id)
                    .bind(quiz_id)
                    .bind(quiz_version)
                    .bind(started_at)
                    .bind(deadline)
                    .bind(accommodation.extra_time.as_str())
                    .bind(i64::from(accommodation.read_aloud))
                    .bind(seed)
                    .execute(&mut *conn)
                    .await?;
                }
                AttemptEvent::AnswerRecorded { question_id, response, marked, .. } => {
                    sqlx::query(
                        "insert into attempt_answer (attempt_id, question_id, answer, marked) values ($1, $2, $3, $4) \
                         on conflict (attempt_id, question_id) do update set answer = excluded.answer, marked = excluded.marked",
                    )
                    .bind(attempt_id)
                    .bind(question_id)
                    .bind(response.as_ref().map(|r| serde_json::to_string(r).expect("a response serialises")))
                    .bind(i64::from(*marked))
                    .execute(&mut *conn)
                    .await?;
                }
                AttemptEvent::AttemptSubmitted { answers, score, points, total, reason: why, at, .. } => {
                    let (score, points, total, at) = (*score, *points, *total, *at);
                    submissions.push(Submission { attempt_id, answers, score, points, total, reason: reason(*why), at });
                    if !matches!(decoded.get(i + 1), Some(Decoded::Attempt(_, AttemptEvent::AttemptSubmitted { .. }))) {
                        write_all(conn, &submissions).await?;
                        submissions.clear();
                    }
                }
                // The player's entry leaves the results until they play again.
                AttemptEvent::RetakeGranted { .. } => {
                    let row = sqlx::query("update attempt set retake_granted = 1 where attempt_id = $1 returning user_id, category_id")
                        .bind(attempt_id)
                        .fetch_one(&mut *conn)
                        .await?;
                    let (user_id, category_id): (String, i64) = (row.try_get(0)?, row.try_get(1)?);
                    sqlx::query("delete from best_score where category_id = $1 and user_id = $2").bind(category_id).bind(user_id).execute(&mut *conn).await?;
                }
            }
        }
        Ok(())
    }
}
