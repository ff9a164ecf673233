//! Who may see, play or host a quiz: the one place every feature asks. A caller is admitted to
//! a quiz before anything is written or queued for it.
//!
//! - Curated categories admit every signed-in player.
//! - A hosted quiz admits its audience (everyone when open; the host always) who joined it by its
//!   code or link, until it expires; a player takes it once until the host grants a retake. To
//!   anyone else it answers as a missing quiz does (404).
//! - Only its host reads a hosted quiz's answers and results, edits it, or grants a retake.
//!
//! Expiry is not checked when a submission is queued: an attempt's deadline is at or before the
//! quiz's expiry, so the late rule and the auto-submitter enforce it at submission.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::http::StatusCode;
use quizroom_projections::attempt::read as attempts;
use quizroom_projections::audience::read as audiences;
use quizroom_projections::quiz::read as quizzes;
pub use quizroom_projections::quiz::read::CategoryRow;

use quizroom_domain::StreamId;
use quizroom_domain::admission::{Admission, AdmissionCommand, admission_id};

use crate::commands::{decide_and_commit, metadata};
use crate::error::{ApiError, db};
use crate::state::AppState;

/// A category id from a path, query or body: a whole number from 1 (also spelled `2.0`, which
/// the API document's integers allow).
pub fn parse_category_id(text: &str) -> Result<i64, ApiError> {
    crate::input::whole_text(text).filter(|id| *id > 0).ok_or_else(|| ApiError::bad_request("invalid_category", "Invalid category ID format."))
}

/// The category `category_id`, if it exists.
pub async fn find_category(state: &AppState, category_id: i64) -> Result<Option<CategoryRow>, ApiError> {
    quizzes::category(state.store.pool(), category_id).await.map_err(db)
}

/// A code as typed: any case, spaces and dashes ignored.
pub fn normalize_code(code: &str) -> String {
    code.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_uppercase()).collect()
}

/// The hosted quiz whose join code is `code` (as typed).
pub async fn category_by_code(state: &AppState, code: &str) -> Result<Option<CategoryRow>, ApiError> {
    quizzes::category_by_code(state.store.pool(), &normalize_code(code)).await.map_err(db)
}

pub fn expired_error() -> ApiError {
    ApiError::new(StatusCode::GONE, "expired", "This quiz has expired and is no longer available.")
}

pub fn not_in_audience() -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, "not_in_audience", "This quiz is only open to invited participants.")
}

pub fn already_attempted() -> ApiError {
    ApiError::conflict("already_attempted", "You have already taken this quiz. Ask the host for a retake.")
}

pub fn not_host() -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, "not_host", "Only the quiz's host can do this")
}

/// Whether the caller is on the quiz's audience list (the host always is; an open quiz admits all).
pub async fn in_audience(state: &AppState, user_id: &str, category: &CategoryRow) -> Result<bool, ApiError> {
    audience_admits(state, user_id, category.host_id.as_deref(), category.audience_list_id.as_deref()).await
}

async fn audience_admits(state: &AppState, user_id: &str, host_id: Option<&str>, list_id: Option<&str>) -> Result<bool, ApiError> {
    audiences::admits(state.store.pool(), host_id, list_id, user_id).await.map_err(db)
}

/// The answer for a quiz the caller may not know about: the same as for a quiz that does not
/// exist, so that outsiders cannot tell a restricted (or not joined) quiz from a missing one.
pub fn no_such_quiz() -> ApiError {
    ApiError::not_found("No questions found for this category.")
}

/// Refuses a caller who may not play `category` now. Curated categories admit everyone. A hosted
/// quiz admits its host, and a player of its audience who joined it by its code (404 for anyone
/// else, as for a missing quiz), until it expires (410).
pub async fn admit(state: &AppState, user_id: &str, category: &CategoryRow) -> Result<(), ApiError> {
    if !category.hosted || category.is_host(user_id) {
        return Ok(());
    }
    if !in_audience(state, user_id, category).await? || !has_joined(state, user_id, category.id).await? {
        return Err(no_such_quiz());
    }
    if category.is_expired(state.clock.now_ms()) {
        return Err(expired_error());
    }
    Ok(())
}

/// Whether the player joined the hosted quiz by its code (or played it before joins were recorded).
async fn has_joined(state: &AppState, user_id: &str, category_id: i64) -> Result<bool, ApiError> {
    quizroom_projections::admission::read::has_joined(state.store.pool(), category_id, user_id).await.map_err(db)
}

/// Records that the player joined the hosted quiz `category_id` by its code (once).
pub async fn record_join(state: &AppState, user_id: &str, category_id: i64) -> Result<(), ApiError> {
    let stream = StreamId::<Admission>::new(admission_id(category_id, user_id));
    let command = || AdmissionCommand::Join { quiz_id: category_id, user_id: user_id.to_owned(), now: state.clock.now_ms() };
    let meta = metadata(user_id, "join");
    match crate::retrying!(decide_and_commit(&state.store, &stream, &meta, command()))? {
        Ok(_) => Ok(()),
        Err(never) => match never {},
    }
}

/// A category the caller may play now, or 404 / 410 (see [`admit`]).
pub async fn playable(state: &AppState, user_id: &str, category_id: i64) -> Result<CategoryRow, ApiError> {
    let category = find_category(state, category_id).await?.ok_or_else(no_such_quiz)?;
    admit(state, user_id, &category).await?;
    Ok(category)
}

/// Refuses a submission on quiz `category_id` by a player not (or no longer) in its audience (404,
/// as in [`admit`]). Called before the submission is queued; a quiz that does not exist is left
/// to the queue, which finds no attempt on it.
pub async fn may_submit(state: &AppState, user_id: &str, category_id: i64) -> Result<(), ApiError> {
    let Some(facts) = state.quiz_facts.get(state, category_id).await? else { return Ok(()) };
    if facts.hosted && !audience_admits(state, user_id, facts.host_id.as_deref(), facts.audience_list_id.as_deref()).await? {
        return Err(no_such_quiz());
    }
    Ok(())
}

/// Whether the player has a submitted attempt on the quiz that no retake freed.
pub async fn has_used_attempt(state: &AppState, user_id: &str, category_id: i64) -> Result<bool, ApiError> {
    attempts::has_used_attempt(state.store.pool(), user_id, category_id).await.map_err(db)
}

/// Refuses starting a hosted quiz the player already took (until the host grants a retake).
pub async fn ensure_attempt_left(state: &AppState, user_id: &str, category: &CategoryRow) -> Result<(), ApiError> {
    if category.hosted && has_used_attempt(state, user_id, category.id).await? {
        return Err(already_attempted());
    }
    Ok(())
}

/// The hosted quiz `category_id` (as sent) when the caller is its host: 404 when there is none,
/// 403 for others.
pub async fn hosted_by(state: &AppState, user_id: &str, category_id: &str) -> Result<CategoryRow, ApiError> {
    let category_id = parse_category_id(category_id)?;
    let category = find_category(state, category_id).await?.ok_or_else(|| ApiError::not_found("No such quiz"))?;
    if !category.is_host(user_id) {
        return Err(not_host());
    }
    Ok(category)
}

/// Whether `user_id` hosts `category_id` (for reading a participant's feedback).
pub async fn is_host_of(state: &AppState, user_id: &str, category_id: i64) -> Result<bool, ApiError> {
    Ok(find_category(state, category_id).await?.is_some_and(|c| c.is_host(user_id)))
}

/// What never changes about a quiz once it is recorded (kind, host, audience list, expiry).
#[derive(Debug)]
pub struct Facts {
    pub hosted: bool,
    pub host_id: Option<String>,
    pub audience_list_id: Option<String>,
    pub valid_until: Option<i64>,
}

/// [`Facts`] by quiz, read from the read model once per quiz (they never change, so every node
/// may keep its own copy).
#[derive(Default)]
pub struct QuizFacts {
    cache: Mutex<HashMap<i64, Arc<Facts>>>,
}

impl QuizFacts {
    /// Entries kept before the cache starts over.
    const MOST: usize = 4096;

    pub async fn get(&self, state: &AppState, category_id: i64) -> Result<Option<Arc<Facts>>, ApiError> {
        if let Some(facts) = self.cache.lock().expect("quiz facts lock").get(&category_id) {
            return Ok(Some(facts.clone()));
        }
        let Some(category) = find_category(state, category_id).await? else { return Ok(None) };
        let facts = Arc::new(Facts {
            hosted: category.hosted,
            host_id: category.host_id,
            audience_list_id: category.audience_list_id,
            valid_until: category.valid_until,
        });
        let mut cache = self.cache.lock().expect("quiz facts lock");
        if cache.len() >= Self::MOST {
            cache.clear();
        }
        cache.insert(category_id, facts.clone());
        Ok(Some(facts))
    }
}
