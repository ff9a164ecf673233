//! Playing: categories, starting or resuming an attempt, saving answers as they are chosen,
//! submitting, feedback, and the server's own submission when the time is up.
//!
//! Reading questions has no side effect and never returns answers or explanations; only a
//! submission (the player's, or the server's at the deadline) scores, with the answer key of the
//! quiz version the attempt was served.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post, put};
use axum::{Json, Router};
use quizroom_domain::attempt::{Attempt, AttemptCommand, AttemptError, GRACE_MS, ScoredAnswer, SubmitReason, Submitted};
use quizroom_domain::quiz::{Letter, Quiz};
use quizroom_eventstore::{EventStore, StoreError};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sqlx::Row;
use tokio_util::sync::CancellationToken;

use crate::app::AppState;
use crate::catalogue::QuizVersions;
use crate::clock::{Clock, rfc3339};
use crate::commands::{decide_in, decide_on, load, metadata};
use crate::error::{ApiError, ApiJson, db};
use crate::hosting::{self, CategoryRow};
use crate::submissions::{Queued, Scorer, Submission, Target};
use crate::tokens::AuthUser;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/categories", get(list_categories))
        .route("/question/{category_id}", get(get_questions))
        .route("/question/score", post(submit_answers))
        .route("/attempt/start", post(start_attempt))
        .route("/attempt/{attempt_id}/answer", put(save_answer))
        .route("/attempt/feedback", get(get_feedback))
}

/// A category id from a path or query: digits only.
pub fn parse_category_id(text: &str) -> Result<i64, ApiError> {
    text.trim()
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::bad_request("invalid_category", "Invalid category ID format."))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CategoryView {
    id: i64,
    name: String,
    description: String,
    question_count: i64,
    time_limit: i64,
}

async fn list_categories(State(state): State<AppState>, _caller: AuthUser) -> Result<Json<Vec<CategoryView>>, ApiError> {
    let rows = sqlx::query(
        "select category_id, name, description, question_count, time_limit from category where kind = 'curated' order by name",
    )
    .fetch_all(state.store.pool())
    .await
    .map_err(db)?;
    let categories = rows
        .iter()
        .map(|r| {
            Ok(CategoryView {
                id: r.try_get(0)?,
                name: r.try_get(1)?,
                description: r.try_get(2)?,
                question_count: r.try_get(3)?,
                time_limit: r.try_get(4)?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()
        .map_err(db)?;
    Ok(Json(categories))
}

/// A category the caller may play now, or 404 / 410 / 403 (see [`hosting::admit`]).
async fn playable(state: &AppState, user_id: &str, category_id: i64) -> Result<CategoryRow, ApiError> {
    let category =
        hosting::find_category(state, category_id).await?.ok_or_else(|| ApiError::not_found("No questions found for this category."))?;
    hosting::admit(state, user_id, &category).await?;
    Ok(category)
}

/// The caller's open attempt on a category: id, quiz version, deadline, whether the quiz is hosted.
async fn open_attempt(state: &AppState, user_id: &str, category_id: i64) -> Result<Option<(String, i64, i64, bool)>, ApiError> {
    let row = sqlx::query(
        "select a.attempt_id, a.quiz_version, a.deadline, c.kind from attempt a join category c \
         on c.category_id = a.category_id where a.user_id = $1 and a.category_id = $2 and a.status = 'open'",
    )
    .bind(user_id)
    .bind(category_id)
    .fetch_optional(state.store.pool())
    .await
    .map_err(db)?;
    row.map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get::<String, _>(3)? == "hosted"))).transpose().map_err(db)
}

async fn get_questions(State(state): State<AppState>, caller: AuthUser, Path(category_id): Path<String>) -> Result<Json<Value>, ApiError> {
    let category_id = parse_category_id(&category_id)?;
    let category = playable(&state, &caller.user_id, category_id).await?;
    // An attempt in progress is served the version it started on.
    let version = open_attempt(&state, &caller.user_id, category_id).await?.map_or(category.quiz_version, |(_, v, _, _)| v);
    let rows = sqlx::query(
        "select question_id, text, option_a, option_b, option_c, option_d from question \
         where category_id = $1 and quiz_version = $2 order by position",
    )
    .bind(category_id)
    .bind(version)
    .fetch_all(state.store.pool())
    .await
    .map_err(db)?;
    let questions: Vec<Value> = rows
        .iter()
        .map(|r| {
            Ok(json!({
                "id": r.try_get::<i64, _>(0)?,
                "text": r.try_get::<String, _>(1)?,
                "optionA": r.try_get::<String, _>(2)?,
                "optionB": r.try_get::<String, _>(3)?,
                "optionC": r.try_get::<String, _>(4)?,
                "optionD": r.try_get::<String, _>(5)?,
            }))
        })
        .collect::<Result<_, sqlx::Error>>()
        .map_err(db)?;
    Ok(Json(json!({ "questions": questions, "time_limit": category.time_limit })))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StartRequest {
    #[serde(default)]
    category_id: Value,
}

fn id_from(value: &Value) -> Result<i64, ApiError> {
    match value {
        Value::Number(n) => n.as_i64().filter(|id| *id > 0).ok_or_else(|| parse_category_id("x").unwrap_err()),
        Value::String(s) => parse_category_id(s),
        _ => Err(ApiError::bad_request("invalid_category", "No category selected. Please select a category.")),
    }
}

/// The attempt as the play screen needs it to resume.
async fn attempt_view(state: &AppState, attempt_id: &str, resumed: bool) -> Result<Value, ApiError> {
    let row = sqlx::query("select category_id, deadline, started_at from attempt where attempt_id = $1")
        .bind(attempt_id)
        .fetch_one(state.store.pool())
        .await
        .map_err(db)?;
    let (category_id, deadline, started_at): (i64, i64, i64) =
        (row.try_get(0).map_err(db)?, row.try_get(1).map_err(db)?, row.try_get(2).map_err(db)?);
    let answers = sqlx::query("select question_id, answer, marked from attempt_answer where attempt_id = $1 order by question_id")
        .bind(attempt_id)
        .fetch_all(state.store.pool())
        .await
        .map_err(db)?
        .iter()
        .map(|r| {
            Ok(json!({
                "questionId": r.try_get::<i64, _>(0)?,
                "answer": r.try_get::<Option<String>, _>(1)?,
                "marked": r.try_get::<i64, _>(2)? != 0,
            }))
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()
        .map_err(db)?;
    let now = state.clock.now_ms();
    Ok(json!({
        "attemptId": attempt_id,
        "categoryId": category_id,
        "timeLimit": (deadline - started_at) / 60_000,
        "startedAt": rfc3339(started_at),
        "deadline": rfc3339(deadline),
        "remainingMs": (deadline - now).max(0),
        "answers": answers,
        "resumed": resumed,
    }))
}

async fn start_attempt(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<StartRequest>) -> Result<Json<Value>, ApiError> {
    let category_id = id_from(&body.category_id)?;
    let category = playable(&state, &caller.user_id, category_id).await?;
    for _ in 0..3 {
        if let Some((attempt_id, _, deadline, _)) = open_attempt(&state, &caller.user_id, category_id).await? {
            if state.clock.now_ms() <= deadline + GRACE_MS {
                return Ok(Json(attempt_view(&state, &attempt_id, true).await?));
            }
            // Its time is up: the server submits what was saved (unless the auto-submitter just
            // did), then a new attempt starts.
            let _already_submitted_is_fine =
                submit(&state.store, &state.quizzes, state.clock.as_ref(), &attempt_id, vec![], SubmitReason::Timeout).await?;
        }
        hosting::ensure_attempt_left(&state, &caller.user_id, &category).await?;
        let question_ids: Vec<i64> = sqlx::query_scalar::<_, i64>(
            "select question_id from question where category_id = $1 and quiz_version = $2 order by position",
        )
        .bind(category_id)
        .bind(category.quiz_version)
        .fetch_all(state.store.pool())
        .await
        .map_err(db)?;
        let attempt_id = uuid::Uuid::new_v4().to_string();
        let now = state.clock.now_ms();
        // A hosted quiz's expiry cuts the time short: no attempt runs past it.
        let time_limit_ms = (category.time_limit.max(1) * 60_000).min(category.valid_until.map_or(i64::MAX, |until| until - now));
        let command = AttemptCommand::Start {
            user_id: caller.user_id.clone(),
            quiz_id: category_id,
            quiz_version: category.quiz_version,
            question_ids,
            time_limit_ms,
            now,
        };
        let mut tx = state.store.begin_write().await?;
        let started =
            decide_in::<Attempt>(&state.store, &mut tx, &format!("attempt-{attempt_id}"), &metadata(&caller.user_id, "start"), command).await;
        match started {
            Ok(Ok(_)) => {
                tx.commit().await.map_err(db)?;
                state.store.committed();
                return Ok(Json(attempt_view(&state, &attempt_id, false).await?));
            }
            Ok(Err(e)) => return Err(ApiError::internal(e)),
            // Another tab started this quiz a moment ago: resume that one.
            Err(e) if e.conflicting_constraint().is_some() => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(ApiError::conflict("version_conflict", "Someone else changed this at the same moment. Please try again."))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct AnswerRequest {
    question_id: i64,
    #[serde(default)]
    answer: Option<String>,
    #[serde(default)]
    marked: bool,
}

fn letter(answer: Option<&str>) -> Result<Option<Letter>, ApiError> {
    match answer.map(str::trim).filter(|a| !a.is_empty() && !a.eq_ignore_ascii_case("incomplete")) {
        None => Ok(None),
        Some(a) => Letter::parse(a)
            .map(Some)
            .ok_or_else(|| ApiError::bad_request("invalid_answer", "An answer is a letter from A to D").with_details(json!({ "answer": a }))),
    }
}

fn attempt_refused(e: AttemptError) -> ApiError {
    match e {
        AttemptError::TimeUp => ApiError::conflict("time_up", "The time for this quiz is up"),
        AttemptError::AlreadySubmitted => ApiError::conflict("already_submitted", "This quiz was already submitted"),
        AttemptError::UnknownQuestion(_) => ApiError::bad_request("unknown_question", e.to_string()),
        AttemptError::NotStarted => ApiError::not_found("No such attempt"),
        AttemptError::AlreadyStarted => ApiError::conflict("already_started", e.to_string()),
        AttemptError::NotSubmitted => ApiError::conflict("not_submitted", e.to_string()),
    }
}

/// The attempt's owner, or 404 for anyone else (no one learns which attempts exist).
async fn owned_attempt(state: &AppState, attempt_id: &str, user_id: &str) -> Result<(), ApiError> {
    let owner: Option<String> = sqlx::query_scalar::<_, String>("select user_id from attempt where attempt_id = $1")
        .bind(attempt_id)
        .fetch_optional(state.store.pool())
        .await
        .map_err(db)?;
    match owner {
        Some(owner) if owner == user_id => Ok(()),
        _ => Err(ApiError::not_found("No such attempt")),
    }
}

async fn save_answer(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(attempt_id): Path<String>,
    ApiJson(body): ApiJson<AnswerRequest>,
) -> Result<Json<Value>, ApiError> {
    owned_attempt(&state, &attempt_id, &caller.user_id).await?;
    let answer = letter(body.answer.as_deref())?;
    let command = || AttemptCommand::RecordAnswer { question_id: body.question_id, answer, marked: body.marked, now: state.clock.now_ms() };
    let meta = metadata(&caller.user_id, "answer");
    let stream = format!("attempt-{attempt_id}");
    let decided = crate::retrying!(crate::commands::decide_and_commit::<Attempt>(&state.store, &stream, &meta, command()))?
        .map_err(attempt_refused)?;
    Ok(Json(json!({ "saved": true, "remainingMs": decided.state.remaining_ms(state.clock.now_ms()) })))
}

/// Submits attempt `attempt_id`: scores `answers` (or, late or on timeout, the saved answers)
/// with the answer key of the version it was served, in one transaction. Returns the submission
/// and that version of the quiz.
pub async fn submit(
    store: &EventStore,
    quizzes: &QuizVersions,
    clock: &dyn Clock,
    attempt_id: &str,
    answers: Vec<(i64, Option<Letter>)>,
    reason: SubmitReason,
) -> Result<Result<(Submitted, Arc<Quiz>), AttemptError>, StoreError> {
    crate::retrying!(submit_once(store, quizzes, clock, attempt_id, answers.clone(), reason))
}

async fn submit_once(
    store: &EventStore,
    quizzes: &QuizVersions,
    clock: &dyn Clock,
    attempt_id: &str,
    answers: Vec<(i64, Option<Letter>)>,
    reason: SubmitReason,
) -> Result<Result<(Submitted, Arc<Quiz>), AttemptError>, StoreError> {
    let stream = format!("attempt-{attempt_id}");
    let mut tx = store.begin_write().await?;
    let (attempt, version) = load::<Attempt>(store, &mut tx, &stream).await?;
    if !attempt.started {
        return Ok(Err(AttemptError::NotStarted));
    }
    let quiz = quizzes.get(store, &mut tx, attempt.quiz_id, attempt.quiz_version).await?;
    let key: BTreeMap<i64, Letter> = quiz.questions.iter().map(|q| (q.id, q.answer)).collect();
    let command = AttemptCommand::Submit { answers, key, reason, now: clock.now_ms() };
    let actor = if reason == SubmitReason::Timeout { "server".to_owned() } else { attempt.user_id.clone() };
    let decided = match decide_on::<Attempt>(store, &mut tx, &stream, attempt, version, &metadata(&actor, "submit"), command).await? {
        Ok(decided) => decided,
        Err(e) => return Ok(Err(e)),
    };
    tx.commit().await?;
    store.committed();
    Ok(Ok((decided.state.submitted.expect("a submitted attempt"), quiz)))
}

/// Feedback items: the scored answers with the questions of the quiz version they were scored on.
fn feedback_from(answers: &[ScoredAnswer], quiz: &Quiz) -> Vec<Value> {
    answers
        .iter()
        .filter_map(|a| {
            let q = quiz.question(a.question_id)?;
            Some(json!({
                "id": q.id,
                "questionText": q.text,
                "optionA": q.options[0],
                "optionB": q.options[1],
                "optionC": q.options[2],
                "optionD": q.options[3],
                "correctAnswer": q.answer.as_str(),
                "userAnswer": a.answer.map(Letter::as_str),
                "isCorrect": a.correct,
                "explanation": q.explanation,
            }))
        })
        .collect()
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ScoreRequest {
    user_id: Option<String>,
    #[serde(default)]
    category_id: Value,
    #[serde(default)]
    answers: Vec<ScoreAnswer>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ScoreAnswer {
    question_id: i64,
    status: Option<String>,
}

/// The result message of PRODUCT.md section 9.
pub fn result_message(score: i64, total: i64) -> &'static str {
    let percent = if total == 0 { 0 } else { score * 100 / total };
    match percent {
        80.. => "Excellent work! You've mastered this quiz.",
        60.. => "Good job! Keep practicing to improve your score.",
        _ => "Keep learning! You'll do better next time.",
    }
}

async fn submit_answers(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<ScoreRequest>) -> Result<Json<Value>, ApiError> {
    caller.ensure_self(body.user_id.as_deref())?;
    let category_id = id_from(&body.category_id)?;
    let answers =
        body.answers.iter().map(|a| Ok((a.question_id, letter(a.status.as_deref())?))).collect::<Result<Vec<_>, ApiError>>()?;
    let target = Target::Open { user_id: caller.user_id.clone(), category_id };
    let mut queued = state.submissions.submit(target, answers).await?;
    if let Queued::Hosted { attempt_id, answers } = queued {
        // Removed from the audience since starting: the submission is refused. (Expiry needs no
        // check here: the attempt's deadline is at or before it, and the late rule applies.)
        let category = hosting::find_category(&state, category_id).await?.ok_or_else(|| ApiError::not_found("No such quiz"))?;
        if !hosting::in_audience(&state, &caller.user_id, &category).await? {
            return Err(hosting::not_in_audience());
        }
        queued = state.submissions.submit(Target::Attempt(attempt_id), answers).await?;
    }
    if let Queued::Decided { attempt_id, outcome } = queued {
        match outcome {
            Ok((submitted, quiz)) => {
                return Ok(Json(json!({
                    "attemptId": attempt_id,
                    "score": submitted.score,
                    "points": submitted.points,
                    "total": submitted.total,
                    "message": result_message(submitted.score, submitted.total),
                    "feedback": feedback_from(&submitted.answers, &quiz),
                })));
            }
            // The server submitted at the deadline a moment ago: that submission counts.
            Err(AttemptError::AlreadySubmitted) => {}
            Err(e) => return Err(attempt_refused(e)),
        }
    }
    // Submitted already (twice, or by the server at the deadline): the first submission counts.
    let Some(attempt_id) = latest_submitted(&state, &caller.user_id, category_id).await? else {
        // Nothing to submit: say why the quiz cannot be played, or that it was never started.
        playable(&state, &caller.user_id, category_id).await?;
        return Err(ApiError::conflict("no_attempt", "Start the quiz before submitting it"));
    };
    let (score, points, total) = attempt_result(&state, &attempt_id).await?;
    Ok(Json(json!({
        "attemptId": attempt_id,
        "score": score,
        "points": points,
        "total": total,
        "message": result_message(score, total),
        "feedback": feedback_items(&state, &attempt_id).await?,
    })))
}

async fn latest_submitted(state: &AppState, user_id: &str, category_id: i64) -> Result<Option<String>, ApiError> {
    sqlx::query_scalar::<_, String>(
        "select attempt_id from attempt where user_id = $1 and category_id = $2 and status = 'submitted' \
         order by submitted_at desc limit 1",
    )
    .bind(user_id)
    .bind(category_id)
    .fetch_optional(state.store.pool())
    .await
    .map_err(db)
}

async fn attempt_result(state: &AppState, attempt_id: &str) -> Result<(i64, i64, i64), ApiError> {
    let row = sqlx::query("select score, points, total from attempt where attempt_id = $1")
        .bind(attempt_id)
        .fetch_one(state.store.pool())
        .await
        .map_err(db)?;
    Ok((row.try_get(0).map_err(db)?, row.try_get(1).map_err(db)?, row.try_get(2).map_err(db)?))
}

/// The feedback of a submitted attempt, from its scored answers and the version it was served.
pub async fn feedback_items(state: &AppState, attempt_id: &str) -> Result<Vec<Value>, ApiError> {
    let mut conn = state.store.pool().acquire().await.map_err(db)?;
    let attempt = sqlx::query("select category_id, quiz_version, feedback from attempt where attempt_id = $1")
        .bind(attempt_id)
        .fetch_one(&mut *conn)
        .await
        .map_err(db)?;
    let (category_id, version): (i64, i64) = (attempt.try_get(0).map_err(db)?, attempt.try_get(1).map_err(db)?);
    let feedback: Option<String> = attempt.try_get(2).map_err(db)?;
    let answers: Vec<ScoredAnswer> = match feedback {
        Some(text) => serde_json::from_str(&text).map_err(|e| ApiError::internal(format!("the feedback of attempt {attempt_id} is unreadable: {e}")))?,
        None => Vec::new(),
    };
    let quiz = state.quizzes.get(&state.store, &mut conn, category_id, version).await?;
    Ok(feedback_from(&answers, &quiz))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct FeedbackQuery {
    user_id: Option<String>,
    category_id: Option<String>,
}

async fn get_feedback(State(state): State<AppState>, caller: AuthUser, Query(q): Query<FeedbackQuery>) -> Result<Json<Vec<Value>>, ApiError> {
    let category_id = parse_category_id(q.category_id.as_deref().unwrap_or(""))?;
    let player = q.user_id.filter(|u| !u.is_empty()).unwrap_or_else(|| caller.user_id.clone());
    // The player, or the quiz's host.
    if player != caller.user_id && !hosting::is_host_of(&state, &caller.user_id, category_id).await? {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "forbidden", "You can only see your own submissions"));
    }
    let attempt_id = latest_submitted(&state, &player, category_id)
        .await?
        .ok_or_else(|| ApiError::not_found("No submission for this quiz"))?;
    Ok(Json(feedback_items(&state, &attempt_id).await?))
}

/// Submits, with the saved answers, every attempt whose time (and grace) is up; runs until
/// `shutdown`. On several nodes each may try the same attempt; the stream's version lets one win.
pub async fn run_auto_submit(scorer: Scorer, shutdown: CancellationToken) {
    let Scorer { store, clock, .. } = &scorer;
    while !shutdown.is_cancelled() {
        let due = sqlx::query_scalar::<_, String>(
            "select attempt_id from attempt where status = 'open' and deadline < $1 order by deadline limit 100",
        )
        .bind(clock.now_ms() - GRACE_MS)
        .fetch_all(store.pool())
        .await;
        match due {
            Ok(due) => {
                let submissions =
                    due.iter().map(|id| Submission { attempt_id: id.clone(), answers: vec![], reason: SubmitReason::Timeout }).collect();
                for (attempt_id, outcome) in due.iter().zip(scorer.submit_all(submissions).await) {
                    match outcome {
                        Ok(Ok((s, _))) => tracing::info!(attempt_id, score = s.score, "submitted at the deadline"),
                        Ok(Err(_)) => {}
                        Err(e) => tracing::warn!(attempt_id, error = %e, "could not submit at the deadline; will retry"),
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "could not look for attempts past their deadline"),
        }
        tokio::select! {
            _ = tokio::time::sleep(Duration::from_millis(250)) => {}
            _ = shutdown.cancelled() => {}
        }
    }
}
