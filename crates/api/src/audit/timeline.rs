//! A quiz's or a person's history as one timeline, one raw event, and finding quizzes and people.

use std::collections::{HashMap, HashSet};

use axum::Json;
use axum::extract::{Path, State};
use quizroom_domain::attempt::Attempt;
use quizroom_domain::quiz::{Question, Quiz, QuizEvent};
use quizroom_domain::stream::id_of;
use quizroom_domain::user::User;
use quizroom_domain::{DomainEvent, StreamId};
use quizroom_projections::trail::kind;
use quizroom_projections::trail::read::{self as trail, Filter, Subject, TrailRow};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use super::describe::{QuestionChange, question_changes, redacted, summary};
use super::{AuditedQuiz, Reader};
use crate::clock::rfc3339;
use crate::error::{ApiError, ApiQuery, db};
use crate::openapi::ErrorBody;
use crate::state::AppState;

/// Entries on a page by default, and at most.
const PAGE: i64 = 50;
const MOST: i64 = 500;

/// Someone named in the timeline.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Person {
    pub id: String,
    /// Their name, or for the server and the operator what they are (`server`, `catalogue`).
    pub name: String,
}

/// One event of a history.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct HistoryEntry {
    /// Its position in the log.
    pub position: i64,
    /// When it was recorded (the server's time).
    pub at: String,
    /// `hosted`, `edited`, `attempt`, `retake`, `tokens`, `live`, `generated`, `account` or `audit`.
    pub kind: String,
    pub event_type: String,
    pub stream_id: String,
    /// Who did it.
    pub actor: Option<Person>,
    /// Whom it is about (the player of an attempt, the host of a quiz, the account).
    pub person: Option<Person>,
    /// The attempt it belongs to.
    pub attempt_id: Option<String>,
    pub summary: String,
    /// For an edit: what changed, field by field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub changes: Option<Vec<QuestionChange>>,
}

/// Names of the people `rows` mention, by id.
pub(crate) async fn names_of(state: &AppState, rows: &[TrailRow]) -> Result<HashMap<String, String>, ApiError> {
    let ids: HashSet<&str> = rows.iter().flat_map(|r| [r.actor_id.as_deref(), r.person_id.as_deref()]).flatten().collect();
    names_of_ids(state, &ids.into_iter().collect::<Vec<_>>()).await
}

/// Names of the people `ids`, by id (ids that are no account are left out).
pub(crate) async fn names_of_ids(state: &AppState, ids: &[&str]) -> Result<HashMap<String, String>, ApiError> {
    let found = trail::names(&state.store, ids).await.map_err(db)?;
    Ok(found.into_iter().map(|(id, first, last, _)| (id, format!("{first} {last}"))).collect())
}

/// The questions of quiz `quiz_id` before each of its edits, by the edit's position.
async fn before_edits(state: &AppState, quiz_id: i64, rows: &[TrailRow]) -> Result<HashMap<i64, Vec<Question>>, ApiError> {
    let mut before = HashMap::new();
    if !rows.iter().any(|r| r.event_type == QuizEvent::QUESTIONS_UPDATED) {
        return Ok(before);
    }
    let mut questions: Vec<Question> = Vec::new();
    for event in state.store.read_stream(StreamId::<Quiz>::new(quiz_id).as_str(), 1).await? {
        let Ok(decoded) = QuizEvent::decode(&event.event_type, event.schema_version, &event.data) else { continue };
        match decoded {
            QuizEvent::QuizHosted { quiz, .. } => questions = quiz.questions,
            QuizEvent::CuratedCategoryPublished { content, .. } | QuizEvent::CuratedCategoryRevised { content } => questions = content.questions,
            QuizEvent::QuestionsUpdated { questions: after, .. } => {
                before.insert(event.position, std::mem::replace(&mut questions, after));
            }
        }
    }
    Ok(before)
}

/// `rows` as timeline entries.
pub(crate) async fn entries(state: &AppState, rows: &[TrailRow]) -> Result<Vec<HistoryEntry>, ApiError> {
    let names = names_of(state, rows).await?;
    let mut edits: HashMap<i64, Vec<Question>> = HashMap::new();
    let quizzes: HashSet<i64> = rows.iter().filter(|r| r.event_type == QuizEvent::QUESTIONS_UPDATED).filter_map(|r| r.quiz_id).collect();
    for quiz_id in quizzes {
        edits.extend(before_edits(state, quiz_id, rows).await?);
    }
    let name = |id: &str| names.get(id).cloned().unwrap_or_else(|| id.to_owned());
    let person = |id: &Option<String>| id.as_ref().map(|id| Person { id: id.clone(), name: name(id) });
    Ok(rows
        .iter()
        .map(|row| {
            let changes = edits.get(&row.position).and_then(|before| {
                let data = serde_json::from_str(&row.data).ok()?;
                match QuizEvent::decode(&row.event_type, row.schema_version, &data).ok()? {
                    QuizEvent::QuestionsUpdated { questions, .. } => Some(question_changes(before, &questions)),
                    _ => None,
                }
            });
            HistoryEntry {
                position: row.position,
                at: rfc3339(row.recorded_at),
                kind: row.kind.clone(),
                event_type: row.event_type.clone(),
                stream_id: row.stream_id.clone(),
                actor: person(&row.actor_id),
                person: person(&row.person_id),
                attempt_id: row.reference.as_deref().and_then(id_of::<Attempt>).map(str::to_owned),
                summary: summary(row, &name),
                changes,
            }
        })
        .collect())
}

/// Which page of a timeline.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub(super) struct TimelineQuery {
    /// `newest` (the default) or `oldest` first.
    #[param(inline)]
    order: Option<Order>,
    /// Only these kinds, comma-separated (`hosted`, `edited`, `attempt`, `retake`, `tokens`,
    /// `live`, `generated`, `account`, `audit`); absent or empty: every kind but audit reads.
    #[param(
        pattern = "^((hosted|edited|attempt|retake|tokens|live|generated|account|audit)(,(hosted|edited|attempt|retake|tokens|live|generated|account|audit))*)?$"
    )]
    kind: Option<String>,
    /// Only entries about this person (a user id).
    person: Option<String>,
    /// The `nextCursor` of the page before.
    #[param(value_type = Option<i64>, format = Int64, minimum = 0)]
    cursor: Option<String>,
    /// Entries per page (1–500, default 50).
    #[param(value_type = Option<i64>, format = Int64, minimum = 1, maximum = 500)]
    limit: Option<String>,
}

/// Which end of a history comes first.
#[derive(Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub(super) enum Order {
    Newest,
    Oldest,
}

struct Page {
    kinds: Vec<&'static str>,
    person: Option<String>,
    newest_first: bool,
    cursor: Option<i64>,
    limit: i64,
}

impl TimelineQuery {
    fn page(&self) -> Result<Page, ApiError> {
        let newest_first = self.order != Some(Order::Oldest);
        let mut kinds = Vec::new();
        for k in self.kind.as_deref().unwrap_or("").split(',').map(str::trim).filter(|k| !k.is_empty()) {
            let known = kind::ALL
                .iter()
                .find(|known| **known == k)
                .ok_or_else(|| ApiError::bad_request("invalid_kind", format!("Unknown kind {k:?}: use {}", kind::ALL.join(", "))))?;
            kinds.push(*known);
        }
        let number = |text: &Option<String>, field: &str| -> Result<Option<i64>, ApiError> {
            text.as_deref()
                .map(|t| {
                    crate::input::whole_text(t)
                        .filter(|n| *n >= 0)
                        .ok_or_else(|| ApiError::bad_request("invalid_number", format!("{field} must be a whole number")))
                })
                .transpose()
        };
        let limit = number(&self.limit, "limit")?.unwrap_or(PAGE);
        if !(1..=MOST).contains(&limit) {
            return Err(ApiError::bad_request("invalid_number", format!("limit must be from 1 to {MOST}")));
        }
        let person = self.person.as_deref().map(str::trim).filter(|p| !p.is_empty()).map(str::to_owned);
        Ok(Page { kinds, person, newest_first, cursor: number(&self.cursor, "cursor")?, limit })
    }
}

/// The quiz a timeline is about.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct QuizRef {
    pub id: i64,
    pub title: String,
    pub code: Option<String>,
    pub host: Option<Person>,
}

impl QuizRef {
    pub(crate) async fn of(state: &AppState, quiz: &AuditedQuiz) -> Result<QuizRef, ApiError> {
        let host = match &quiz.host_id {
            Some(id) => {
                let found = trail::names(&state.store, &[id.as_str()]).await.map_err(db)?;
                let name = found.first().map(|(_, f, l, _)| format!("{f} {l}")).unwrap_or_else(|| id.clone());
                Some(Person { id: id.clone(), name })
            }
            None => None,
        };
        Ok(QuizRef { id: quiz.id, title: quiz.title.clone(), code: quiz.code.clone(), host })
    }
}

/// A page of a history.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Timeline {
    #[serde(skip_serializing_if = "Option::is_none")]
    quiz: Option<QuizRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    person: Option<PersonRef>,
    entries: Vec<HistoryEntry>,
    /// Pass as `cursor` for the next page; null on the last.
    next_cursor: Option<i64>,
    /// Entries of this history in all (audit reads left out).
    total: i64,
    /// The log is indexed for audit up to this position (a moment behind its head).
    indexed_up_to: i64,
}

/// A person a history is about.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct PersonRef {
    id: String,
    name: String,
    email: String,
}

/// A page of `subject`'s history; `audits_by`: audit reads only by this reader.
async fn page_of(state: &AppState, subject: Subject<'_>, page: &Page, audits_by: Option<&str>) -> Result<(Vec<HistoryEntry>, Option<i64>), ApiError> {
    let filter = Filter {
        kinds: &page.kinds,
        event_types: &[],
        person: page.person.as_deref(),
        audits_by,
        after: page.cursor.filter(|_| !page.newest_first),
        before: page.cursor.filter(|_| page.newest_first),
        newest_first: page.newest_first,
        limit: page.limit,
    };
    let rows = trail::entries(&state.store, subject, &filter).await.map_err(db)?;
    let next = if rows.len() as i64 == page.limit { rows.last().map(|r| r.position) } else { None };
    Ok((entries(state, &rows).await?, next))
}

/// A quiz's history: hosting, edits with what changed, every attempt's start, saved answers and
/// submission, retakes, token charges and refunds, live games; newest first unless asked.
#[utoipa::path(get, path = "/audit/quizzes/{quizId}/timeline", operation_id = "auditQuizTimeline", tag = "audit", params(("quizId" = i64, Path, minimum = 1, description = "The quiz"), TimelineQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of the quiz's history", body = Timeline),
        (status = 400, description = "A bad quiz id, order, kind, cursor or limit", body = ErrorBody),
        (status = 403, description = "Not an auditor, nor the quiz's host; or the e-mail is not verified", body = ErrorBody),
        (status = 404, description = "No such quiz", body = ErrorBody),
        (status = 429, description = "Too many audit requests this minute", body = ErrorBody),
    ),
)]
pub(super) async fn quiz_timeline(
    State(state): State<AppState>,
    reader: Reader,
    Path(quiz_id): Path<String>,
    ApiQuery(q): ApiQuery<TimelineQuery>,
) -> Result<Json<Timeline>, ApiError> {
    let page = q.page()?;
    let quiz = reader.quiz(&state, &quiz_id, "timeline").await?;
    reader.spend(&state, 1)?;
    reader.record(&state, quiz.stream().as_str(), "timeline").await?;
    // Auditors' reads of a quiz are for auditors: its host sees only their own.
    let audits_by = (!reader.auditor).then_some(reader.user_id.as_str());
    let (entries, next_cursor) = page_of(&state, Subject::Quiz(quiz.id), &page, audits_by).await?;
    Ok(Json(Timeline {
        quiz: Some(QuizRef::of(&state, &quiz).await?),
        person: None,
        entries,
        next_cursor,
        total: trail::count(&state.store, Subject::Quiz(quiz.id)).await.map_err(db)?,
        indexed_up_to: trail::indexed_up_to(&state.store).await.map_err(db)?,
    }))
}

/// A person's history: sign-up, verification, password resets, sessions ended, attempts,
/// quizzes hosted, the wallet's ledger. An auditor reads anyone's; everyone else their own.
#[utoipa::path(get, path = "/audit/people/{userId}/timeline", operation_id = "auditPersonTimeline", tag = "audit", params(("userId" = String, Path, description = "The person"), TimelineQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of the person's history", body = Timeline),
        (status = 400, description = "A bad order, kind, cursor or limit", body = ErrorBody),
        (status = 403, description = "Not an auditor, nor that person; or the e-mail is not verified", body = ErrorBody),
        (status = 404, description = "No such person", body = ErrorBody),
        (status = 429, description = "Too many audit requests this minute", body = ErrorBody),
    ),
)]
pub(super) async fn person_timeline(
    State(state): State<AppState>,
    reader: Reader,
    Path(user_id): Path<String>,
    ApiQuery(q): ApiQuery<TimelineQuery>,
) -> Result<Json<Timeline>, ApiError> {
    let page = q.page()?;
    reader.person(&state, &user_id, "timeline").await?;
    let person = person_ref(&state, &user_id).await?;
    reader.spend(&state, 1)?;
    reader.record(&state, StreamId::<User>::new(&user_id).as_str(), "timeline").await?;
    // A person's history holds audit reads they made themselves, never others' reads of them.
    let (entries, next_cursor) = page_of(&state, Subject::Person(&user_id), &page, None).await?;
    Ok(Json(Timeline {
        quiz: None,
        person: Some(person),
        entries,
        next_cursor,
        total: trail::count(&state.store, Subject::Person(&user_id)).await.map_err(db)?,
        indexed_up_to: trail::indexed_up_to(&state.store).await.map_err(db)?,
    }))
}

pub(super) async fn person_ref(state: &AppState, user_id: &str) -> Result<PersonRef, ApiError> {
    let found = trail::names(&state.store, &[user_id]).await.map_err(db)?;
    let (id, first, last, email) = found.into_iter().next().ok_or_else(|| ApiError::not_found("No such person"))?;
    Ok(PersonRef { id, name: format!("{first} {last}"), email })
}

/// One event as stored (secrets masked).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct RawEvent {
    position: i64,
    stream_id: String,
    version: i64,
    event_id: String,
    event_type: String,
    schema_version: i64,
    recorded_at: String,
    /// The payload; password and code hashes read `[redacted]`.
    #[schema(value_type = Object)]
    data: Value,
    /// Actor, correlation, causation and request ids.
    #[schema(value_type = Object)]
    metadata: Value,
}

/// The raw event at a position of the log, for whoever may audit what it is about.
#[utoipa::path(get, path = "/audit/events/{position}", operation_id = "auditEvent", tag = "audit", params(("position" = i64, Path, minimum = 1, description = "Its position in the log")), security(("bearer" = [])),
    responses(
        (status = 200, description = "The event", body = RawEvent),
        (status = 400, description = "Not a position", body = ErrorBody),
        (status = 403, description = "Not an auditor, nor its quiz's host, nor whom it is about", body = ErrorBody),
        (status = 404, description = "No event there (or not indexed for audit yet)", body = ErrorBody),
        (status = 429, description = "Too many audit requests this minute", body = ErrorBody),
    ),
)]
pub(super) async fn raw_event(State(state): State<AppState>, reader: Reader, Path(position): Path<String>) -> Result<Json<RawEvent>, ApiError> {
    let position = crate::input::whole_text(&position).ok_or_else(|| ApiError::bad_request("invalid_position", "The position must be a whole number"))?;
    let row = trail::entry(&state.store, position).await.map_err(db)?.ok_or_else(|| ApiError::not_found("No such event"))?;
    let own = row.person_id.as_deref() == Some(reader.user_id.as_str());
    if !reader.auditor && !own {
        // A host may open the events of their own quizzes (not other readers' audit records).
        match row.quiz_id.filter(|_| row.kind != kind::AUDIT) {
            Some(quiz_id) => {
                reader.quiz_as(&state, &quiz_id.to_string(), Some(&row.stream_id), "event").await?;
            }
            None => reader.allow_because(&state, false, &row.stream_id, "event", "not an auditor, nor whom it is about").await?,
        }
    }
    reader.spend(&state, 1)?;
    reader.record(&state, &row.stream_id, "event").await?;
    Ok(Json(RawEvent {
        position: row.position,
        stream_id: row.stream_id,
        version: row.version,
        event_id: row.event_id,
        event_type: row.event_type,
        schema_version: row.schema_version,
        recorded_at: rfc3339(row.recorded_at),
        data: redacted(serde_json::from_str(&row.data).unwrap_or(Value::Null)),
        metadata: serde_json::from_str(&row.metadata).unwrap_or(Value::Null),
    }))
}

/// What the caller may audit.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct AuditRole {
    user_id: String,
    /// An organisation-wide auditor (everything); otherwise their own quizzes and history.
    auditor: bool,
}

/// Whether the caller is an organisation-wide auditor.
#[utoipa::path(get, path = "/audit/me", operation_id = "auditMe", tag = "audit", security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's audit role", body = AuditRole),
        (status = 403, description = "The e-mail is not verified", body = ErrorBody),
    ),
)]
pub(super) async fn me(reader: Reader) -> Result<Json<AuditRole>, ApiError> {
    Ok(Json(AuditRole { user_id: reader.user_id, auditor: reader.auditor }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct SearchQuery {
    /// A quiz's title, code or id, or a person's name or e-mail (fewer than 2 characters find
    /// nothing).
    q: Option<String>,
}

/// A quiz found.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct QuizMatch {
    id: i64,
    title: String,
    code: Option<String>,
    /// False for a curated category.
    hosted: bool,
}

/// What a search found.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Found {
    quizzes: Vec<QuizMatch>,
    /// People (auditors only).
    people: Vec<PersonRef>,
}

/// Finds quizzes by title, code or id (a host: among their own), and people by name or e-mail
/// (auditors only).
#[utoipa::path(get, path = "/audit/search", operation_id = "auditSearch", tag = "audit", params(SearchQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "What was found (at most 20 of each)", body = Found),
        (status = 403, description = "The e-mail is not verified", body = ErrorBody),
        (status = 429, description = "Too many audit requests this minute", body = ErrorBody),
    ),
)]
pub(super) async fn search(State(state): State<AppState>, reader: Reader, ApiQuery(q): ApiQuery<SearchQuery>) -> Result<Json<Found>, ApiError> {
    let text = q.q.as_deref().map(str::trim).unwrap_or("");
    if text.chars().count() < 2 {
        return Ok(Json(Found { quizzes: Vec::new(), people: Vec::new() }));
    }
    reader.spend(&state, 1)?;
    reader.record(&state, &format!("search:{text}"), "search").await?;
    let host = (!reader.auditor).then_some(reader.user_id.as_str());
    let quizzes = trail::find_quizzes(&state.store, text, host, 20).await.map_err(db)?;
    let people = if reader.auditor { trail::find_people(&state.store, text, 20).await.map_err(db)? } else { Vec::new() };
    Ok(Json(Found {
        quizzes: quizzes.into_iter().map(|(id, title, code, host_id)| QuizMatch { id, title, code, hosted: host_id.is_some() }).collect(),
        people: people.into_iter().map(|(id, first, last, email)| PersonRef { id, name: format!("{first} {last}"), email }).collect(),
    }))
}
