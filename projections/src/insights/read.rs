//! Reads of the insights tables: a quiz's attempts and answers, and a player's attempts.

use std::collections::HashMap;

use quizroom_domain::attempt::ScoredAnswer;
use quizroom_domain::question::Response;
use sqlx::{AnyPool, Row};

/// A submitted attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttemptRow {
    pub attempt_id: String,
    pub quiz_id: i64,
    pub user_id: String,
    pub quiz_version: i64,
    pub started_at: i64,
    pub submitted_at: i64,
    pub score: i64,
    pub total: i64,
    pub points: i64,
    pub reason: String,
    pub retaken: bool,
}

const ATTEMPT: &str = "select s.attempt_id, s.quiz_id, s.user_id, s.quiz_version, s.started_at, b.submitted_at, b.score, b.total, b.points, b.reason, \
                       case when r.attempt_id is null then 0 else 1 end from insight_start s join insight_submission b on b.attempt_id = s.attempt_id \
                       left join insight_retake r on r.attempt_id = s.attempt_id";

fn attempt(r: &sqlx::any::AnyRow) -> Result<AttemptRow, sqlx::Error> {
    Ok(AttemptRow {
        attempt_id: r.try_get(0)?,
        quiz_id: r.try_get(1)?,
        user_id: r.try_get(2)?,
        quiz_version: r.try_get(3)?,
        started_at: r.try_get(4)?,
        submitted_at: r.try_get(5)?,
        score: r.try_get(6)?,
        total: r.try_get(7)?,
        points: r.try_get(8)?,
        reason: r.try_get(9)?,
        retaken: r.try_get::<i64, _>(10)? == 1,
    })
}

/// The submitted attempts of quiz `quiz_id`, in submission order.
pub async fn submitted(pool: &AnyPool, quiz_id: i64) -> Result<Vec<AttemptRow>, sqlx::Error> {
    let sql = format!("{ATTEMPT} where s.quiz_id = $1 order by b.submitted_at, s.attempt_id");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(quiz_id).fetch_all(pool).await?.iter().map(attempt).collect()
}

/// The submitted attempts of player `user_id` on every quiz, in submission order.
pub async fn of_player(pool: &AnyPool, user_id: &str) -> Result<Vec<AttemptRow>, sqlx::Error> {
    let sql = format!("{ATTEMPT} where s.user_id = $1 order by b.submitted_at, s.attempt_id");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(user_id).fetch_all(pool).await?.iter().map(attempt).collect()
}

/// How many attempts of quiz `quiz_id` were started.
pub async fn started(pool: &AnyPool, quiz_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("select count(*) from insight_start where quiz_id = $1").bind(quiz_id).fetch_one(pool).await
}

/// One question of one submitted attempt as scored.
#[derive(Debug, Clone, PartialEq)]
pub struct AnswerRow {
    pub attempt_id: String,
    pub question_id: i64,
    /// The letter that counted (a choice A–D); `None`: skipped, or another kind of response.
    pub answer: Option<String>,
    /// The response that counted, as given; `None`: skipped.
    pub response: Option<Response>,
    pub correct: bool,
    /// How right, 0…1; `None` for an unscored question.
    pub f: Option<f64>,
    /// From the attempt's start to the save of the answer that counted (ms); `None` when it came
    /// with the submission.
    pub time_ms: Option<i64>,
}

/// Every scored answer of quiz `quiz_id`: each submission's list, matched with the saves. One row
/// per attempt, its saves gathered into one text by the database (`question:saved:ms,…`, the
/// response as `super::saved_as` keeps it): rows
/// cost more than their bytes here.
pub async fn answers(pool: &AnyPool, quiz_id: i64) -> Result<Vec<AnswerRow>, sqlx::Error> {
    let mut conn = pool.acquire().await?;
    let gather = if conn.backend_name() == "PostgreSQL" { "string_agg" } else { "group_concat" };
    let sql = format!(
        "select s.attempt_id, b.answers, (select {gather}(cast(v.question_id as text) || ':' || coalesce(v.answer, '') || ':' || \
         cast(v.saved_at - s.started_at as text), ',') from insight_save v where v.attempt_id = s.attempt_id) \
         from insight_start s join insight_submission b on b.attempt_id = s.attempt_id where s.quiz_id = $1"
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(quiz_id).fetch_all(&mut *conn).await?;
    let mut out = Vec::with_capacity(rows.len() * 10);
    for r in &rows {
        let attempt_id: String = r.try_get(0)?;
        let text: String = r.try_get(1)?;
        let saves: Option<String> = r.try_get(2)?;
        let mut saved: HashMap<i64, (&str, i64)> = HashMap::new();
        for save in saves.as_deref().unwrap_or("").split(',').filter(|s| !s.is_empty()) {
            let mut parts = save.splitn(3, ':');
            let (Some(question), Some(save), Some(ms)) = (parts.next(), parts.next(), parts.next()) else { continue };
            if let (Ok(question), Ok(ms)) = (question.parse(), ms.parse()) {
                saved.insert(question, (save, ms));
            }
        }
        let scored: Vec<ScoredAnswer> = serde_json::from_str(&text).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
        for a in scored {
            let answer = a.response.as_ref().and_then(Response::letter).map(|l| l.as_str());
            let submitted = a.response.as_ref().map(super::saved_as);
            let time_ms = saved.get(&a.question_id).filter(|(save, _)| submitted.as_deref() == Some(*save)).map(|(_, ms)| *ms);
            out.push(AnswerRow {
                attempt_id: attempt_id.clone(),
                question_id: a.question_id,
                answer: answer.map(str::to_owned),
                response: a.response,
                correct: a.correct,
                f: a.f,
                time_ms,
            });
        }
    }
    Ok(out)
}

/// Right answers and questions answered per quiz for player `user_id`: (quiz, right, total).
pub async fn accuracy(pool: &AnyPool, user_id: &str) -> Result<Vec<(i64, i64, i64)>, sqlx::Error> {
    let rows = sqlx::query(
        "select s.quiz_id, cast(sum(b.score) as bigint), cast(sum(b.total) as bigint) from insight_start s \
         join insight_submission b on b.attempt_id = s.attempt_id where s.user_id = $1 group by s.quiz_id",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await?;
    rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?))).collect()
}
