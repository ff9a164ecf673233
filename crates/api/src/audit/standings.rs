//! Time travel: a quiz's results and standings, and the global leaderboard, as they were at any
//! position (or moment) of the log, folded from the log's events; and what changed between two
//! moments (who moved, which submissions and retakes did it).

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, State};
use quizroom_domain::attempt::{AttemptEvent, SubmitReason};
use quizroom_domain::quiz::QuizEvent;
use quizroom_projections::trail::as_of::{self, Counted, Quizzes};
use quizroom_projections::trail::kind;
use quizroom_projections::trail::read::{self as trail, Filter, Subject};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::Reader;
use super::timeline::{HistoryEntry, QuizRef, entries};
use crate::clock::rfc3339;
use crate::error::{ApiError, ApiQuery, db};
use crate::openapi::ErrorBody;
use crate::state::AppState;

/// The most moments a quiz's time line offers (beyond that, submissions are sampled evenly), and
/// the most changes a comparison lists, and rows the global board shows.
const MOST_MOMENTS: usize = 1000;
const MOST_CHANGES: i64 = 2000;
/// Places (and moves) a quiz's standings list.
const SHOWN: usize = 200;
/// What a quiz's time line marks.
const MOMENT_TYPES: [&str; 6] = [
    QuizEvent::QUIZ_HOSTED,
    QuizEvent::QUESTIONS_UPDATED,
    QuizEvent::CURATED_CATEGORY_PUBLISHED,
    QuizEvent::CURATED_CATEGORY_REVISED,
    AttemptEvent::ATTEMPT_SUBMITTED,
    AttemptEvent::RETAKE_GRANTED,
];
const BOARD_ROWS: usize = 100;

/// A moment of the log: a position, or a time.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub(super) struct MomentQuery {
    /// As of this position of the log (default: its head).
    #[param(value_type = Option<i64>, format = Int64, minimum = 0)]
    at: Option<String>,
    /// As of this time (milliseconds since the epoch), when `at` is not given.
    #[param(value_type = Option<i64>, format = Int64, minimum = 0)]
    time: Option<String>,
    /// Also say what changed since this earlier position.
    #[param(value_type = Option<i64>, format = Int64, minimum = 0)]
    since: Option<String>,
}

fn number(text: &Option<String>, field: &str) -> Result<Option<i64>, ApiError> {
    text.as_deref()
        .map(|t| {
            crate::input::whole_text(t).filter(|n| *n >= 0).ok_or_else(|| ApiError::bad_request("invalid_number", format!("{field} must be a whole number")))
        })
        .transpose()
}

/// The position `q` names, and the head of the log.
async fn position(state: &AppState, q: &MomentQuery) -> Result<(i64, i64), ApiError> {
    let head = state.store.head().await?;
    let at = match (number(&q.at, "at")?, number(&q.time, "time")?) {
        (Some(at), _) => at.min(head),
        (None, Some(time)) => trail::position_at(&state.store, time).await.map_err(db)?,
        (None, None) => head,
    };
    Ok((at, head))
}

/// A player's place at a moment.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Standing {
    rank: i64,
    user_id: String,
    name: String,
    points: i64,
    score: i64,
    total: i64,
    /// When the counted attempt was submitted.
    submitted_at: String,
    /// `player`, or `timeout` when the server submitted it at the deadline.
    reason: String,
    /// Attempts the player had submitted by then.
    attempts: i64,
    attempt_id: String,
}

/// A player's move between two moments; null sides: not on the board then.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Move {
    user_id: String,
    name: String,
    rank_before: Option<i64>,
    rank_after: Option<i64>,
    points_before: Option<i64>,
    points_after: Option<i64>,
}

/// A point of a quiz's time line.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Moment {
    position: i64,
    at: String,
    kind: String,
    event_type: String,
}

/// `all` as a time line of at most [`MOST_MOMENTS`] points: every hosting, edit and retake, and
/// the submissions sampled evenly between them (the last always kept).
fn time_line(all: Vec<trail::Moment>) -> Vec<Moment> {
    let submissions = all.iter().filter(|m| m.3 == AttemptEvent::ATTEMPT_SUBMITTED).count();
    let others = all.len() - submissions;
    let room = MOST_MOMENTS.saturating_sub(others).max(1);
    let every = submissions.div_ceil(room).max(1);
    let mut seen = 0;
    all.into_iter()
        .filter(|m| {
            if m.3 != AttemptEvent::ATTEMPT_SUBMITTED {
                return true;
            }
            seen += 1;
            seen % every == 0 || seen == submissions
        })
        .map(|(position, at, kind, event_type)| Moment { position, at: rfc3339(at), kind, event_type })
        .collect()
}

/// A quiz's standings at a moment, and what changed since another.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct StandingsAt {
    quiz: QuizRef,
    /// The position they are as of, and its time.
    at: i64,
    at_time: Option<String>,
    /// The head of the log now.
    head: i64,
    /// The first 200 places.
    standings: Vec<Standing>,
    /// How many players have a place.
    standings_total: i64,
    /// The hosting, edits, retakes and submissions of the quiz, oldest first: the time line's
    /// points (at most 1,000; beyond that the submissions are sampled evenly).
    moments: Vec<Moment>,
    #[serde(skip_serializing_if = "Option::is_none")]
    since: Option<i64>,
    /// Whose place or points differ between `since` and `at` (the first 200 of them, in the order
    /// of the standings at `at`, then those no longer placed).
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<Move>>,
    /// The submissions and retakes between `since` and `at`.
    #[serde(skip_serializing_if = "Option::is_none")]
    changes: Option<Vec<HistoryEntry>>,
}

/// `counted` in rank order (most points, then who got there first, then by name), names left
/// empty: a name is looked up only where two players tie on points and moment.
async fn ranked(state: &AppState, mut counted: Vec<Counted>) -> Result<Vec<Standing>, ApiError> {
    counted.sort_by(|a, b| b.points.cmp(&a.points).then(a.submitted_at.cmp(&b.submitted_at)).then(a.user_id.cmp(&b.user_id)));
    let tied: Vec<&str> = counted
        .windows(2)
        .filter(|w| (w[0].points, w[0].submitted_at) == (w[1].points, w[1].submitted_at))
        .flat_map(|w| [w[0].user_id.as_str(), w[1].user_id.as_str()])
        .collect();
    if !tied.is_empty() {
        let names: HashMap<String, (String, String)> =
            trail::names(&state.store, &tied).await.map_err(db)?.into_iter().map(|(id, first, last, _)| (id, (last, first))).collect();
        let name = |id: &str| names.get(id).cloned().unwrap_or_default();
        counted.sort_by(|a, b| {
            b.points
                .cmp(&a.points)
                .then(a.submitted_at.cmp(&b.submitted_at))
                .then_with(|| name(&a.user_id).cmp(&name(&b.user_id)))
                .then(a.user_id.cmp(&b.user_id))
        });
    }
    Ok(counted
        .into_iter()
        .enumerate()
        .map(|(i, c)| Standing {
            rank: i as i64 + 1,
            name: String::new(),
            user_id: c.user_id,
            points: c.points,
            score: c.score,
            total: c.total,
            submitted_at: rfc3339(c.submitted_at),
            reason: match c.reason {
                SubmitReason::Player => "player".into(),
                SubmitReason::Timeout => "timeout".into(),
            },
            attempts: c.attempts,
            attempt_id: c.attempt_id,
        })
        .collect())
}

/// The names of the people `ids`, by id.
async fn names(state: &AppState, ids: &[&str]) -> Result<HashMap<String, String>, ApiError> {
    Ok(trail::names(&state.store, ids).await.map_err(db)?.into_iter().map(|(id, first, last, _)| (id, format!("{first} {last}"))).collect())
}

fn moves(before: &[Standing], after: &[Standing]) -> Vec<Move> {
    let old: HashMap<&str, &Standing> = before.iter().map(|s| (s.user_id.as_str(), s)).collect();
    let new: HashMap<&str, &Standing> = after.iter().map(|s| (s.user_id.as_str(), s)).collect();
    let mut out: Vec<Move> = Vec::new();
    for s in after.iter().chain(before.iter().filter(|s| !new.contains_key(s.user_id.as_str()))) {
        let (b, a) = (old.get(s.user_id.as_str()), new.get(s.user_id.as_str()));
        if b.map(|b| (b.rank, b.points)) != a.map(|a| (a.rank, a.points)) {
            out.push(Move {
                user_id: s.user_id.clone(),
                name: s.name.clone(),
                rank_before: b.map(|b| b.rank),
                rank_after: a.map(|a| a.rank),
                points_before: b.map(|b| b.points),
                points_after: a.map(|a| a.points),
            });
        }
    }
    out
}

async fn time_of(state: &AppState, position: i64) -> Result<Option<String>, ApiError> {
    let time: Option<i64> =
        sqlx::query_scalar("select recorded_at from events where global_position = $1").bind(position).fetch_optional(state.store.pool()).await.map_err(db)?;
    Ok(time.map(rfc3339))
}

/// A quiz's standings (its results, in rank order) as they were at a position or moment of the
/// log, computed from the log; with `since`, who moved and why.
#[utoipa::path(get, path = "/audit/quizzes/{quizId}/standings", operation_id = "auditQuizStandings", tag = "audit", params(("quizId" = i64, Path, minimum = 1, description = "The quiz"), MomentQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "The standings then", body = StandingsAt),
        (status = 400, description = "A bad quiz id, position or time", body = ErrorBody),
        (status = 403, description = "Not an auditor, nor the quiz's host", body = ErrorBody),
        (status = 404, description = "No such quiz", body = ErrorBody),
        (status = 429, description = "Too many audit requests this minute", body = ErrorBody),
    ),
)]
pub(super) async fn quiz_standings(
    State(state): State<AppState>,
    reader: Reader,
    Path(quiz_id): Path<String>,
    ApiQuery(q): ApiQuery<MomentQuery>,
) -> Result<Json<StandingsAt>, ApiError> {
    let since = number(&q.since, "since")?;
    let quiz = reader.quiz(&state, &quiz_id, "standings").await?;
    reader.spend(&state, 2)?;
    reader.record(&state, quiz.stream().as_str(), "standings").await?;
    let (at, head) = position(&state, &q).await?;
    let mut standings = ranked(&state, as_of::counted(&state.store, Quizzes::One(quiz.id), at).await?).await?;
    let moments = time_line(trail::moments(&state.store, quiz.id, &MOMENT_TYPES).await.map_err(db)?);
    let (mut moved, mut changes) = (None, None);
    if let Some(since) = since.map(|s| s.min(at)) {
        let before = ranked(&state, as_of::counted(&state.store, Quizzes::One(quiz.id), since).await?).await?;
        let mut all = moves(&before, &standings);
        all.truncate(SHOWN);
        moved = Some(all);
        let between = Filter {
            kinds: &[kind::ATTEMPT, kind::RETAKE],
            event_types: &[AttemptEvent::ATTEMPT_SUBMITTED, AttemptEvent::RETAKE_GRANTED],
            after: Some(since),
            before: Some(at + 1),
            limit: MOST_CHANGES,
            ..Filter::default()
        };
        changes = Some(entries(&state, &trail::entries(&state.store, Subject::Quiz(quiz.id), &between).await.map_err(db)?).await?);
    }
    let standings_total = standings.len() as i64;
    standings.truncate(SHOWN);
    let ids: Vec<&str> = standings.iter().map(|s| s.user_id.as_str()).chain(moved.iter().flatten().map(|m| m.user_id.as_str())).collect();
    let found = names(&state, &ids).await?;
    for s in &mut standings {
        s.name = found.get(&s.user_id).cloned().unwrap_or_default();
    }
    for m in moved.iter_mut().flatten() {
        m.name = found.get(&m.user_id).cloned().unwrap_or_default();
    }
    Ok(Json(StandingsAt {
        quiz: QuizRef::of(&state, &quiz).await?,
        at,
        at_time: time_of(&state, at).await?,
        head,
        standings,
        standings_total,
        moments,
        since: since.map(|s| s.min(at)),
        moves: moved,
        changes,
    }))
}

/// A row of the global leaderboard at a moment.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct BoardRow {
    rank: i64,
    user_id: String,
    name: String,
    points: i64,
}

/// The global leaderboard at a moment.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct BoardAt {
    at: i64,
    at_time: Option<String>,
    head: i64,
    /// The top 100.
    rows: Vec<BoardRow>,
}

/// The global leaderboard (curated categories, each player's counted attempts) as it was at a
/// position or moment of the log; auditors only.
#[utoipa::path(get, path = "/audit/leaderboard", operation_id = "auditLeaderboard", tag = "audit", params(MomentQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "The leaderboard then", body = BoardAt),
        (status = 400, description = "A bad position or time", body = ErrorBody),
        (status = 403, description = "Not an auditor", body = ErrorBody),
        (status = 429, description = "Too many audit requests this minute", body = ErrorBody),
    ),
)]
pub(super) async fn leaderboard(State(state): State<AppState>, reader: Reader, ApiQuery(q): ApiQuery<MomentQuery>) -> Result<Json<BoardAt>, ApiError> {
    reader.allow(&state, reader.auditor, "leaderboard", "standings").await?;
    reader.spend(&state, 4)?;
    reader.record(&state, "leaderboard", "standings").await?;
    let (at, head) = position(&state, &q).await?;
    let mut totals: HashMap<String, i64> = HashMap::new();
    for c in as_of::counted(&state.store, Quizzes::Curated, at).await? {
        *totals.entry(c.user_id).or_default() += c.points;
    }
    let mut rows: Vec<(String, i64)> = totals.into_iter().collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    // Ties by name, among the rows shown and the one after them.
    let shown: Vec<&str> = rows.iter().take(BOARD_ROWS + 1).map(|r| r.0.as_str()).collect();
    let named: HashMap<String, (String, String)> =
        trail::names(&state.store, &shown).await.map_err(db)?.into_iter().map(|(id, first, last, _)| (id, (first, last))).collect();
    let mut rows: Vec<(String, i64, (String, String))> = rows
        .into_iter()
        .take(BOARD_ROWS + 1)
        .map(|(id, points)| {
            let name = named.get(&id).cloned().unwrap_or_default();
            (id, points, name)
        })
        .collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.0.cmp(&b.2.0)).then(a.2.1.cmp(&b.2.1)).then(a.0.cmp(&b.0)));
    Ok(Json(BoardAt {
        at,
        at_time: time_of(&state, at).await?,
        head,
        rows: rows
            .into_iter()
            .take(BOARD_ROWS)
            .enumerate()
            .map(|(i, (user_id, points, (first, last)))| BoardRow { rank: i as i64 + 1, user_id, name: format!("{first} {last}"), points })
            .collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moment(position: i64, event_type: &str) -> trail::Moment {
        (position, 0, "attempt".into(), event_type.into())
    }

    #[test]
    fn a_long_time_line_keeps_every_retake_and_edit_and_samples_the_submissions() {
        let mut all = vec![moment(1, QuizEvent::QUIZ_HOSTED)];
        all.extend((2..5000).map(|p| moment(p, if p == 2500 { AttemptEvent::RETAKE_GRANTED } else { AttemptEvent::ATTEMPT_SUBMITTED })));
        let line = time_line(all);
        assert!(line.len() <= MOST_MOMENTS, "{}", line.len());
        assert_eq!(line[0].position, 1);
        assert!(line.iter().any(|m| m.position == 2500));
        assert_eq!(line.last().unwrap().position, 4999, "the last submission is kept");
        let short = time_line((1..10).map(|p| moment(p, AttemptEvent::ATTEMPT_SUBMITTED)).collect());
        assert_eq!(short.len(), 9);
    }
}
