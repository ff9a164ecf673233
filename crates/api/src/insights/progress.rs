//! A player's progress (the Free plan's "progress tracking"): every quiz and live game they
//! played, per curated category their first, best and latest score with the trend, accuracy by
//! category, and their streak of days played. Only ever the caller's own.

use std::collections::{BTreeMap, BTreeSet};

use axum::Json;
use axum::extract::State;
use quizroom_projections::attempt::read as boards;
use quizroom_projections::figures::{one_decimal, percent, share};
use quizroom_projections::insights::read as insights;
use quizroom_projections::live::read as live;
use quizroom_projections::quiz::read as quizzes;
use serde::Serialize;
use utoipa::ToSchema;

use crate::clock::rfc3339;
use crate::error::{ApiError, db};
use crate::openapi::ErrorBody;
use crate::state::AppState;
use crate::tokens::AuthUser;

/// A quiz the player played.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct PlayedQuiz {
    quiz_id: i64,
    title: String,
    /// `curated` or `hosted`.
    kind: &'static str,
    attempts: i64,
    last_played_at: String,
    /// The latest attempt's score.
    score: i64,
    total: i64,
    /// The place on the quiz's board, and how many are on it; null when no attempt counts now.
    rank: Option<i64>,
    players: Option<i64>,
}

/// A live game the player played.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct ProgressGame {
    game_id: String,
    title: String,
    played_at: String,
    points: i64,
    correct: i64,
    rank: i64,
    players: i64,
}

/// The player's course through one curated category.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct CategoryProgress {
    quiz_id: i64,
    title: String,
    /// Scores in percent, oldest first.
    first: f64,
    best: f64,
    latest: f64,
    /// Every attempt's score in percent, oldest first.
    trend: Vec<f64>,
    /// Right answers of all questions answered there, 0 to 1.
    accuracy: f64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Streak {
    /// Days in a row, up to today (or yesterday, when not yet today), with something played.
    current: i64,
    longest: i64,
    days_played: i64,
    /// `YYYY-MM-DD` (UTC); null before the first game.
    last_day: Option<String>,
}

/// The caller's progress.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Progress {
    /// Most recently played first.
    quizzes: Vec<PlayedQuiz>,
    /// Newest first.
    live_games: Vec<ProgressGame>,
    categories: Vec<CategoryProgress>,
    streak: Streak,
}

fn day(ms: i64) -> chrono::NaiveDate {
    chrono::DateTime::from_timestamp_millis(ms).map(|t| t.date_naive()).unwrap_or_default()
}

fn streak(days: &BTreeSet<chrono::NaiveDate>, today: chrono::NaiveDate) -> Streak {
    let (mut longest, mut run, mut previous) = (0i64, 0i64, None::<chrono::NaiveDate>);
    for d in days {
        run = if previous.is_some_and(|p| p.succ_opt() == Some(*d)) { run + 1 } else { 1 };
        longest = longest.max(run);
        previous = Some(*d);
    }
    let last = days.iter().next_back().copied();
    let yesterday = today.pred_opt().unwrap_or(today);
    let current = match last {
        Some(l) if l == today || l == yesterday => run,
        _ => 0,
    };
    Streak { current, longest, days_played: days.len() as i64, last_day: last.map(|d| d.format("%Y-%m-%d").to_string()) }
}

/// The caller's progress: every quiz and live game played, per curated category the first, best
/// and latest score with the trend and accuracy, and the streak of days played.
#[utoipa::path(get, path = "/play/progress", operation_id = "progress", tag = "play", security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's progress", body = Progress),
        (status = 403, description = "The e-mail is not verified", body = ErrorBody),
    ),
)]
pub(super) async fn progress(State(state): State<AppState>, caller: AuthUser) -> Result<Json<Progress>, ApiError> {
    let pool = state.store.pool();
    let attempts = insights::of_player(pool, &caller.user_id).await.map_err(db)?;
    let games = live::played_by(pool, &caller.user_id).await.map_err(db)?;
    let accuracy: BTreeMap<i64, (i64, i64)> = insights::accuracy(pool, &caller.user_id).await.map_err(db)?.into_iter().map(|(q, r, t)| (q, (r, t))).collect();
    let mut by_quiz: BTreeMap<i64, Vec<&insights::AttemptRow>> = BTreeMap::new();
    for a in &attempts {
        by_quiz.entry(a.quiz_id).or_default().push(a);
    }
    let (mut quizzes_played, mut categories) = (Vec::new(), Vec::new());
    for (quiz_id, tries) in &by_quiz {
        let Some(quiz) = quizzes::category(pool, *quiz_id).await.map_err(db)? else { continue };
        let latest = tries.last().expect("a quiz played has an attempt");
        let place = boards::place(pool, *quiz_id, &caller.user_id).await.map_err(db)?;
        quizzes_played.push(PlayedQuiz {
            quiz_id: *quiz_id,
            title: quiz.name.clone(),
            kind: if quiz.hosted { "hosted" } else { "curated" },
            attempts: tries.len() as i64,
            last_played_at: rfc3339(latest.submitted_at),
            score: latest.score,
            total: latest.total,
            rank: place.map(|p| p.0),
            players: place.map(|p| p.1),
        });
        if !quiz.hosted {
            let trend: Vec<f64> = tries.iter().map(|a| one_decimal(percent(a.score, a.total))).collect();
            let (right, total) = accuracy.get(quiz_id).copied().unwrap_or_default();
            categories.push(CategoryProgress {
                quiz_id: *quiz_id,
                title: quiz.name.clone(),
                first: trend[0],
                best: trend.iter().copied().fold(0.0, f64::max),
                latest: *trend.last().expect("a trend has a score"),
                accuracy: share(right, total),
                trend,
            });
        }
    }
    quizzes_played.sort_by(|a, b| b.last_played_at.cmp(&a.last_played_at));
    let mut days: BTreeSet<chrono::NaiveDate> = attempts.iter().map(|a| day(a.submitted_at)).collect();
    days.extend(games.iter().map(|g| day(g.opened_at)));
    let today = day(state.clock.now_ms());
    Ok(Json(Progress {
        quizzes: quizzes_played,
        live_games: games
            .into_iter()
            .map(|g| ProgressGame {
                game_id: g.game_id,
                title: g.title,
                played_at: rfc3339(g.opened_at),
                points: g.points,
                correct: g.correct,
                rank: g.rank,
                players: g.players,
            })
            .collect(),
        categories,
        streak: streak(&days, today),
    }))
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;

    #[test]
    fn a_streak_counts_days_in_a_row_up_to_today_or_yesterday() {
        let d = |day: u32| NaiveDate::from_ymd_opt(2026, 11, day).unwrap();
        let days: BTreeSet<NaiveDate> = [d(1), d(2), d(3), d(10), d(11)].into();
        let s = streak(&days, d(12));
        assert_eq!((s.current, s.longest, s.days_played, s.last_day.as_deref()), (2, 3, 5, Some("2026-11-11")));
        assert_eq!(streak(&days, d(11)).current, 2);
        assert_eq!(streak(&days, d(13)).current, 0, "a day missed ends it");
        assert_eq!(streak(&BTreeSet::new(), d(1)).current, 0);
    }
}
