//! A live game's results, from the `live` read model: the host's list of a quiz's games, a game's
//! results per player and per question with a CSV export, and the games a signed-in player played.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, State};
use axum::response::Response;
use quizroom_domain::question::QuestionKind;
use quizroom_domain::quiz::Letter;
use quizroom_projections::live::read::{self as live, AnswerRow, GameRow};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::access::parse_category_id;
use crate::clock::rfc3339;
use crate::error::{ApiError, ApiQuery, db};
use crate::export::{csv_cell, csv_download};
use crate::openapi::ErrorBody;
use crate::state::AppState;
use crate::tokens::AuthUser;

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct GamesQuery {
    /// The quiz.
    #[param(required = true, value_type = i64, minimum = 1)]
    quiz_id: Option<String>,
}

/// One game of a quiz.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct GameSummary {
    game_id: String,
    title: String,
    /// RFC 3339.
    opened_at: String,
    /// RFC 3339; `null` while the game runs.
    finished_at: Option<String>,
    players: i64,
}

/// A player's line of a game's results, best first.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct PlayerResult {
    rank: usize,
    player_id: String,
    nickname: String,
    /// Whether the player was signed in.
    signed_in: bool,
    points: i64,
    correct: i64,
    answered: i64,
    /// The letter given to each question, in order (`null`: not answered).
    #[schema(value_type = Vec<Option<String>>)]
    answers: Vec<Option<String>>,
}

/// A question's line of a game's results.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct QuestionResult {
    index: i64,
    text: String,
    answer: String,
    answered: usize,
    correct: usize,
    /// How many chose each option.
    #[schema(value_type = Object)]
    counts: HashMap<String, usize>,
    /// The median time to answer, in milliseconds from the question's opening (`null`: nobody answered).
    median_ms: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct GameResults {
    game_id: String,
    quiz_id: i64,
    title: String,
    opened_at: String,
    finished_at: Option<String>,
    players: Vec<PlayerResult>,
    questions: Vec<QuestionResult>,
}

/// A live game a player played.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct PlayedGame {
    game_id: String,
    title: String,
    played_at: String,
    finished: bool,
    nickname: String,
    points: i64,
    correct: i64,
    rank: i64,
    players: i64,
}

fn no_game() -> ApiError {
    ApiError::not_found("No such game")
}

/// A game the caller hosts (404 to anyone else).
async fn hosted_game(state: &AppState, caller: &AuthUser, game_id: &str) -> Result<GameRow, ApiError> {
    live::game(state.store.pool(), game_id).await.map_err(db)?.filter(|g| g.host_id == caller.user_id).ok_or_else(no_game)
}

/// The games the host ran on a quiz, newest first.
#[utoipa::path(get, path = "/live/games", operation_id = "quizGames", tag = "live", params(GamesQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's games of the quiz, newest first (none for someone else's quiz)", body = Vec<GameSummary>),
        (status = 400, description = "No quiz, or not a category id", body = ErrorBody),
        (status = 403, description = "The caller's e-mail is not verified", body = ErrorBody),
    ),
)]
pub(super) async fn quiz_games(State(state): State<AppState>, caller: AuthUser, ApiQuery(q): ApiQuery<GamesQuery>) -> Result<Json<Vec<GameSummary>>, ApiError> {
    let quiz_id = parse_category_id(q.quiz_id.as_deref().unwrap_or_default())?;
    let games = live::games_of_quiz(state.store.pool(), quiz_id, &caller.user_id).await.map_err(db)?;
    Ok(Json(
        games
            .into_iter()
            .map(|g| GameSummary {
                game_id: g.game_id,
                title: g.title,
                opened_at: rfc3339(g.opened_at),
                finished_at: g.finished_at.map(rfc3339),
                players: g.players,
            })
            .collect(),
    ))
}

async fn results_of(state: &AppState, game: GameRow) -> Result<GameResults, ApiError> {
    let pool = state.store.pool();
    let (players, questions, answers) = (
        live::players(pool, &game.game_id).await.map_err(db)?,
        live::questions(pool, &game.game_id).await.map_err(db)?,
        live::answers(pool, &game.game_id).await.map_err(db)?,
    );
    let mut by_player: HashMap<&str, Vec<&AnswerRow>> = HashMap::new();
    for a in &answers {
        by_player.entry(a.player_id.as_str()).or_default().push(a);
    }
    // Questions of other types than four options A–D: answers and the key read in words.
    let kinds: HashMap<i64, QuestionKind> = questions.iter().filter_map(|q| Some((q.question, q.kind().filter(|k| k.letters().is_none())?))).collect();
    let in_words = |a: &AnswerRow| match (kinds.get(&a.question), a.response()) {
        (Some(kind), Some(response)) => kind.describe(&response),
        _ => a.choice.clone(),
    };
    let mut players: Vec<_> = players.into_iter().filter(|p| p.kicked == 0).collect();
    players.sort_by(|a, b| b.points.cmp(&a.points).then(a.joined_at.cmp(&b.joined_at)).then(a.player_id.cmp(&b.player_id)));
    let players = players
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let given = by_player.get(p.player_id.as_str());
            let answers = questions.iter().map(|q| given.and_then(|g| g.iter().find(|a| a.question == q.question)).map(|a| in_words(a))).collect();
            PlayerResult {
                rank: i + 1,
                signed_in: p.user_id.is_some(),
                player_id: p.player_id,
                nickname: p.nickname,
                points: p.points,
                correct: p.correct,
                answered: p.answered,
                answers,
            }
        })
        .collect();
    let questions = live::figures_of(questions, &answers)
        .into_iter()
        .map(|f| QuestionResult {
            index: f.question.question,
            answered: f.answered as usize,
            correct: f.correct as usize,
            counts: Letter::ALL.iter().map(|l| (l.as_str().to_owned(), f.counts[l.index()] as usize)).collect(),
            median_ms: f.median_ms,
            answer: match kinds.get(&f.question.question) {
                Some(kind) => kind.model_answer().map(|m| kind.describe(&m)).unwrap_or_default(),
                None => f.question.answer,
            },
            text: f.question.text,
        })
        .collect();
    Ok(GameResults {
        game_id: game.game_id,
        quiz_id: game.quiz_id,
        title: game.title,
        opened_at: rfc3339(game.opened_at),
        finished_at: game.finished_at.map(rfc3339),
        players,
        questions,
    })
}

/// A game's full results, per player and per question (the host only).
#[utoipa::path(get, path = "/live/games/{gameId}/results", operation_id = "gameResults", tag = "live", security(("bearer" = [])),
    params(("gameId" = String, Path, description = "The game")),
    responses(
        (status = 200, description = "The results, best first", body = GameResults),
        (status = 403, description = "The caller's e-mail is not verified", body = ErrorBody),
        (status = 404, description = "No such game, or not the caller's", body = ErrorBody),
    ),
)]
pub(super) async fn game_results(State(state): State<AppState>, caller: AuthUser, Path(game_id): Path<String>) -> Result<Json<GameResults>, ApiError> {
    let game = hosted_game(&state, &caller, &game_id).await?;
    Ok(Json(results_of(&state, game).await?))
}

/// A game's results as CSV: a row per player, with each question's answer.
#[utoipa::path(get, path = "/live/games/{gameId}/results.csv", operation_id = "exportGameResults", tag = "live", security(("bearer" = [])),
    params(("gameId" = String, Path, description = "The game")),
    responses(
        (status = 200, description = "`Rank,Nickname,Signed in,Points,Correct,Answered,Q1,Q2,…`, a row per player (a question's cell: the letter given, empty when not answered)",
            content_type = "text/csv", body = String,
            headers(("Content-Disposition" = String, description = "`attachment`, named after the quiz"))),
        (status = 403, description = "The caller's e-mail is not verified", body = ErrorBody),
        (status = 404, description = "No such game, or not the caller's", body = ErrorBody),
    ),
)]
pub(super) async fn export_game_results(State(state): State<AppState>, caller: AuthUser, Path(game_id): Path<String>) -> Result<Response, ApiError> {
    let game = hosted_game(&state, &caller, &game_id).await?;
    let results = results_of(&state, game).await?;
    let mut out = csv::Writer::from_writer(Vec::new());
    let mut head: Vec<String> = ["Rank", "Nickname", "Signed in", "Points", "Correct", "Answered"].map(String::from).to_vec();
    head.extend((1..=results.questions.len()).map(|n| format!("Q{n}")));
    out.write_record(&head).map_err(ApiError::internal)?;
    for p in &results.players {
        let mut row = vec![
            p.rank.to_string(),
            csv_cell(&p.nickname),
            if p.signed_in { "yes" } else { "no" }.to_owned(),
            p.points.to_string(),
            p.correct.to_string(),
            p.answered.to_string(),
        ];
        row.extend(p.answers.iter().map(|a| a.clone().unwrap_or_default()));
        out.write_record(&row).map_err(ApiError::internal)?;
    }
    let bytes = out.into_inner().map_err(ApiError::internal)?;
    Ok(csv_download(&results.title, "live-results", bytes))
}

/// The live games the caller played signed in, newest first, with their place in each.
#[utoipa::path(get, path = "/live/history", operation_id = "liveHistory", tag = "live", security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's live games, newest first", body = Vec<PlayedGame>),
        (status = 403, description = "The caller's e-mail is not verified", body = ErrorBody),
    ),
)]
pub(super) async fn live_history(State(state): State<AppState>, caller: AuthUser) -> Result<Json<Vec<PlayedGame>>, ApiError> {
    let played = live::played_by(state.store.pool(), &caller.user_id).await.map_err(db)?;
    Ok(Json(
        played
            .into_iter()
            .map(|p| PlayedGame {
                game_id: p.game_id,
                title: p.title,
                played_at: rfc3339(p.opened_at),
                finished: p.finished_at.is_some(),
                nickname: p.nickname,
                points: p.points,
                correct: p.correct,
                rank: p.rank,
                players: p.players,
            })
            .collect(),
    ))
}
