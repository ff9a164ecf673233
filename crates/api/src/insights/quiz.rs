//! A hosted quiz's insights for its host: summary, questions hardest first, the score histogram,
//! the players, the days, and each live game's questions.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, State};
use quizroom_projections::figures::{one_decimal, percent};
use quizroom_projections::insights::read as insights;
use quizroom_projections::live::read as live;
use quizroom_projections::quiz::read as quizzes;
use quizroom_projections::trail::read as people;
use serde::Serialize;
use utoipa::ToSchema;

use super::report::{self, Bucket, Day, QuestionFigures, QuizQuestion, Summary};
use crate::access::hosted_by;
use crate::clock::rfc3339;
use crate::error::{ApiError, db};
use crate::openapi::ErrorBody;
use crate::state::AppState;
use crate::tokens::AuthUser;

/// Players listed in the report (the workbook has them all).
const PLAYERS_SHOWN: usize = 500;

/// One submitted attempt.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct PlayerFigures {
    pub user_id: String,
    pub name: String,
    pub email: String,
    pub attempt_id: String,
    pub score: i64,
    pub total: i64,
    pub points: i64,
    pub percent: f64,
    /// From start to submission.
    pub time_ms: i64,
    pub submitted_at: String,
    /// `player`, or `timeout` when the server submitted it at the deadline.
    pub reason: String,
    /// A retake was granted on it (it no longer counts on the board).
    pub retaken: bool,
}

/// One question of a live game.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct LiveQuestion {
    /// 1-based, in the order played.
    pub number: i64,
    pub text: String,
    pub key: String,
    /// How many chose A, B, C and D.
    pub counts: [i64; 4],
    pub answered: i64,
    pub correct_share: f64,
    /// From the question's opening to the answer.
    pub median_ms: Option<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct LiveGameFigures {
    pub game_id: String,
    pub opened_at: String,
    pub players: i64,
    pub questions: Vec<LiveQuestion>,
}

/// A hosted quiz's insights.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Insights {
    pub quiz_id: i64,
    pub title: String,
    pub summary: Summary,
    /// Hardest first.
    pub questions: Vec<QuestionFigures>,
    pub histogram: Vec<Bucket>,
    /// Best first (at most 500; the workbook has every one).
    pub players: Vec<PlayerFigures>,
    pub players_total: i64,
    /// Oldest first.
    pub days: Vec<Day>,
    /// Newest first.
    pub live_games: Vec<LiveGameFigures>,
}

/// The quiz's questions as it has them now, then any it had before and no longer has.
async fn quiz_questions(state: &AppState, quiz_id: i64, version: i64) -> Result<Vec<QuizQuestion>, ApiError> {
    let mut out: Vec<QuizQuestion> = Vec::new();
    for v in (1..=version).rev() {
        for q in quizzes::questions(state.store.pool(), quiz_id, v).await.map_err(db)? {
            if !out.iter().any(|o| o.id == q.id) {
                out.push(QuizQuestion { id: q.id, number: out.len() as i64 + 1, text: q.text, kind: q.kind });
            }
        }
    }
    Ok(out)
}

async fn live_games(state: &AppState, quiz_id: i64, host_id: &str) -> Result<Vec<LiveGameFigures>, ApiError> {
    let mut out = Vec::new();
    for game in live::games_of_quiz(state.store.pool(), quiz_id, host_id).await.map_err(db)? {
        let figures = live::question_figures(state.store.pool(), &game.game_id)
            .await
            .map_err(db)?
            .into_iter()
            .map(|f| LiveQuestion {
                number: f.question.question + 1,
                correct_share: f.correct_share(),
                answered: f.answered,
                counts: f.counts,
                median_ms: f.median_ms,
                text: f.question.text,
                key: f.question.answer,
            })
            .collect();
        out.push(LiveGameFigures { game_id: game.game_id, opened_at: rfc3339(game.opened_at), players: game.players, questions: figures });
    }
    Ok(out)
}

/// The report of quiz `category_id`, for its host `host_id`, listing the best `shown` players
/// (`None`: every one).
pub(super) async fn build(state: &AppState, host_id: &str, category_id: &str, shown: Option<usize>) -> Result<Insights, ApiError> {
    let quiz = hosted_by(state, host_id, category_id).await?;
    let pool = state.store.pool();
    let attempts = insights::submitted(pool, quiz.id).await.map_err(db)?;
    let started = insights::started(pool, quiz.id).await.map_err(db)?;
    let answers = insights::answers(pool, quiz.id).await.map_err(db)?;
    let questions = quiz_questions(state, quiz.id, quiz.quiz_version).await?;
    let mut players: Vec<PlayerFigures> = attempts
        .iter()
        .map(|a| PlayerFigures {
            user_id: a.user_id.clone(),
            name: String::new(),
            email: String::new(),
            attempt_id: a.attempt_id.clone(),
            score: a.score,
            total: a.total,
            points: a.points,
            percent: one_decimal(percent(a.score, a.total)),
            time_ms: a.submitted_at - a.started_at,
            submitted_at: rfc3339(a.submitted_at),
            reason: a.reason.clone(),
            retaken: a.retaken,
        })
        .collect();
    players.sort_by(|a, b| b.percent.total_cmp(&a.percent).then(a.time_ms.cmp(&b.time_ms)).then(a.attempt_id.cmp(&b.attempt_id)));
    let players_total = players.len() as i64;
    players.truncate(shown.unwrap_or(usize::MAX));
    // Names only for the players listed.
    let ids: Vec<&str> = players.iter().map(|p| p.user_id.as_str()).collect();
    let names: HashMap<String, (String, String)> =
        people::names(&state.store, &ids).await.map_err(db)?.into_iter().map(|(id, first, last, email)| (id, (format!("{first} {last}"), email))).collect();
    for p in &mut players {
        if let Some((name, email)) = names.get(&p.user_id) {
            (p.name, p.email) = (name.clone(), email.clone());
        }
    }
    Ok(Insights {
        quiz_id: quiz.id,
        title: quiz.name.clone(),
        summary: report::summary(&attempts, started),
        questions: report::questions(&questions, &attempts, &answers),
        histogram: report::histogram(&attempts),
        players_total,
        players,
        days: report::days(&attempts),
        live_games: live_games(state, quiz.id, host_id).await?,
    })
}

/// A hosted quiz's insights, for its host: summary, questions hardest first (with each option's
/// count, the median time to answer and a flag when most strong players chose another option than
/// the key), the score histogram, the players, attempts per day, and each live game's questions.
/// Every submitted attempt counts, retaken ones too; each is scored against the version served.
#[utoipa::path(get, path = "/hostQuiz/insights/{categoryId}", operation_id = "quizInsights", tag = "hosting", params(("categoryId" = i64, Path, minimum = 1, description = "The quiz")), security(("bearer" = [])),
    responses(
        (status = 200, description = "The quiz's insights", body = Insights),
        (status = 400, description = "Not a quiz id", body = ErrorBody),
        (status = 403, description = "Not the quiz's host, or the e-mail is not verified", body = ErrorBody),
        (status = 404, description = "No such quiz", body = ErrorBody),
    ),
)]
pub(super) async fn insights(State(state): State<AppState>, caller: AuthUser, Path(category_id): Path<String>) -> Result<Json<Insights>, ApiError> {
    Ok(Json(build(&state, &caller.user_id, &category_id, Some(PLAYERS_SHOWN)).await?))
}
