//! The host's side of a live game: opening it on a quiz, its presenter view, its controls and
//! removing a player. Only the game's host reaches a game here; to anyone else it does not exist.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use quizroom_domain::StreamId;
use quizroom_domain::game::{GameCommand, GameError, GameQuestion, GameSettings, LiveGame, SECONDS_PER_QUESTION, Scoring};
use quizroom_domain::quiz::Quiz;
use quizroom_eventstore::RecordedEvent;
use quizroom_hub::game::{GameView, RoomHandle, Viewer};
use quizroom_projections::live::read as live;
use rand::Rng;
use rand::seq::SliceRandom;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::access::find_category;
use crate::client::Client;
use crate::commands::{CommandError, decide_and_commit, execute, load, metadata};
use crate::error::{ApiError, ApiJson, db};
use crate::input::{ObjectBody, non_blank_schema, opt_int};
use crate::openapi::ErrorBody;
use crate::state::AppState;
use crate::tokens::AuthUser;

/// The settings of a new game; only `quizId` is required.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct OpenGame {
    /// A quiz the caller hosts, or a curated category.
    #[serde(default, deserialize_with = "opt_int")]
    #[schema(required, value_type = i64, format = Int64, minimum = 1)]
    quiz_id: Option<i64>,
    #[serde(default, deserialize_with = "opt_int")]
    #[schema(value_type = Option<i64>, minimum = 5, maximum = 240, default = 20)]
    seconds_per_question: Option<i64>,
    /// `correctness` (the default): 10 points per right answer; `speed`: up to 1,000, more for a faster one.
    scoring: Option<ScoringName>,
    #[serde(default)]
    streak_bonus: bool,
    #[serde(default)]
    shuffle_questions: bool,
    #[serde(default)]
    shuffle_options: bool,
    #[serde(default)]
    require_sign_in: bool,
    #[serde(default)]
    auto_advance: bool,
}

#[derive(Deserialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "camelCase")]
pub(super) enum ScoringName {
    Correctness,
    Speed,
}

/// What the host does to the game.
#[derive(Deserialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "camelCase")]
pub(super) enum Action {
    Start,
    Next,
    Skip,
    Pause,
    Resume,
    Lock,
    Unlock,
    /// Shows the room a word cloud's answers, once its question closed.
    ShowAnswers,
    End,
}

#[derive(Deserialize, ToSchema)]
pub(super) struct Control {
    action: Action,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Kick {
    #[schema(schema_with = non_blank_schema)]
    player_id: String,
}

/// Live games open at once per account: a host runs one room at a time, a few in a day of
/// classes; each open game holds one of the 900,000 PINs until it ends.
pub const OPEN_GAMES_PER_ACCOUNT: i64 = 5;
/// Live games opened per client address and minute on one node (a school's hosts share one).
pub const GAMES_OPENED_PER_ADDRESS: u32 = 20;
/// PINs drawn for a new game before the server says every PIN is taken.
const PIN_DRAWS: usize = 20;

fn no_game() -> ApiError {
    ApiError::not_found("No such game")
}

fn refused(error: GameError) -> ApiError {
    match error {
        GameError::Finished => ApiError::conflict("game_finished", "This game has ended"),
        GameError::NobodyJoined | GameError::WrongPhase(_) => ApiError::conflict("wrong_phase", error.to_string()),
        GameError::NotOpen => no_game(),
        GameError::AlreadyOpen | GameError::NoQuestions => ApiError::internal(error),
    }
}

/// Every PIN drawn for a new game was taken: the PIN space is (nearly) full.
fn no_pin_free() -> ApiError {
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "no_pin_free", "Every game PIN is in use right now. Try again in a few minutes.")
}

/// The room of a game the caller hosts (404 for anyone else, as for a game that does not exist).
async fn hosted_room(state: &AppState, caller: &AuthUser, game_id: &str) -> Result<Arc<RoomHandle>, ApiError> {
    let handle = state.hub.games().room(game_id).await?.ok_or_else(no_game)?;
    if handle.lock().game.host_id != caller.user_id {
        return Err(no_game());
    }
    Ok(handle)
}

/// The host's view once `recorded` is applied (this node's own writes are applied at once).
/// A view held for answers being counted (decision 0047) is waited for: the host sees what
/// everyone sees.
async fn host_view(state: &AppState, handle: &RoomHandle, recorded: &[RecordedEvent]) -> Json<GameView> {
    state.hub.games().apply(recorded);
    state.hub.games().counted(handle).await;
    Json(handle.lock().view(&Viewer::Host, state.clock.now_ms()))
}

/// A PIN of 6 digits, not starting with 0.
fn new_pin() -> String {
    rand::rng().random_range(100_000..1_000_000).to_string()
}

/// The key of a game's link: 128 random bits, in hex (decision 0032).
fn new_join_key() -> String {
    format!("{:032x}", rand::rng().random::<u128>())
}

/// Opens a live game on a quiz: its lobby, with a PIN players join by, and a link key (in the
/// host's view only) for the link and QR code, which join without the PIN's limit. Costs nothing
/// beyond hosting the quiz.
#[utoipa::path(post, path = "/live/games", operation_id = "openGame", tag = "live", request_body = OpenGame, security(("bearer" = [])),
    responses(
        (status = 201, description = "The game, in its lobby: the host's view (`docs/live-games.md`)", body = GameView),
        (status = 400, description = "No quiz, or a setting out of range", body = ErrorBody),
        (status = 403, description = "The caller's e-mail is not verified", body = ErrorBody),
        (status = 404, description = "No such quiz, or a hosted quiz the caller does not host", body = ErrorBody),
        (status = 409, description = "The caller already has 5 live games open (`too_many_games`)", body = ErrorBody),
        (status = 422, description = "A question of a type live games do not run yet (`question_type`, the question named)", body = ErrorBody),
        (status = 429, description = "Too many games opened from this address in the last minute; `Retry-After` says when to try again", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
        (status = 503, description = "Every PIN is taken by an open game (`no_pin_free`); try again in a few minutes", body = ErrorBody),
    ),
)]
pub(super) async fn open_game(
    State(state): State<AppState>,
    client: Client,
    caller: AuthUser,
    ApiJson(ObjectBody(body)): ApiJson<ObjectBody<OpenGame>>,
) -> Result<(StatusCode, Json<GameView>), ApiError> {
    let quiz_id = body.quiz_id.filter(|id| *id > 0).ok_or_else(|| ApiError::bad_request("validation", "quizId: choose a quiz"))?;
    let (least, most, default) = SECONDS_PER_QUESTION;
    let seconds = body.seconds_per_question.unwrap_or(default);
    if !(least..=most).contains(&seconds) {
        return Err(ApiError::bad_request("validation", format!("secondsPerQuestion: from {least} to {most}")));
    }
    let not_found = || ApiError::new(StatusCode::NOT_FOUND, "quiz_not_found", "No such quiz");
    let category = find_category(&state, quiz_id).await?.ok_or_else(not_found)?;
    if category.hosted && !category.is_host(&caller.user_id) {
        return Err(not_found());
    }
    let stream = StreamId::<Quiz>::new(quiz_id);
    let mut conn = state.store.pool().acquire().await.map_err(db)?;
    let (quiz, version) = load::<Quiz>(&state.store, &mut conn, &stream).await?;
    drop(conn);
    let mut questions: Vec<GameQuestion> = quiz
        .questions
        .iter()
        .map(|q| GameQuestion {
            media: q.media.clone(),
            pictures: q.pictures.clone(),
            ..GameQuestion::new(q.id, q.text.clone(), q.kind.clone(), q.explanation.clone())
        })
        .collect();
    if questions.is_empty() {
        return Err(not_found());
    }
    if body.shuffle_questions {
        questions.shuffle(&mut rand::rng());
    }
    let settings = GameSettings {
        seconds_per_question: seconds,
        scoring: match body.scoring {
            Some(ScoringName::Speed) => Scoring::Speed,
            Some(ScoringName::Correctness) | None => Scoring::Correctness,
        },
        streak_bonus: body.streak_bonus,
        shuffle_questions: body.shuffle_questions,
        shuffle_options: body.shuffle_options,
        // A quiz with a listed audience is for its audience only: they must say who they are.
        require_sign_in: body.require_sign_in || category.audience_list_id.is_some(),
        auto_advance: body.auto_advance,
    };
    // One opening of an account at a time on this node, so that its count of open games holds.
    let _turn = state.openings_in_flight.enter(&caller.user_id).await;
    state
        .openings_budget
        .spend(&client.address_key("open-game"), 1, state.clock.now_ms())
        .map_err(|wait| ApiError::held_back("too_many_games", "Too many games opened from here", wait))?;
    if live::open_games_of_host(state.store.pool(), &caller.user_id).await.map_err(db)? >= OPEN_GAMES_PER_ACCOUNT {
        return Err(ApiError::conflict("too_many_games", format!("You already have {OPEN_GAMES_PER_ACCOUNT} live games open. End one to open another.")));
    }
    let game_id = uuid::Uuid::new_v4().to_string();
    let stream = StreamId::<LiveGame>::new(&game_id);
    let meta = metadata(&caller.user_id, "open_game");
    let join_key = new_join_key();
    // The secret order of the game's shuffled lists (never shown: `GameEvent::GameOpened`).
    let seed = rand::random::<i64>() & i64::MAX;
    // A PIN is unique among open games (a unique index): draw another when one is taken.
    let mut draws = 1;
    let recorded = loop {
        let command = GameCommand::Open {
            host_id: caller.user_id.clone(),
            quiz_id,
            quiz_version: version,
            curated: !category.hosted,
            title: quiz.name.clone(),
            questions: questions.clone(),
            settings: settings.clone(),
            pin: new_pin(),
            join_key: join_key.clone(),
            seed,
            now: state.clock.now_ms(),
        };
        match decide_and_commit(&state.store, &stream, &meta, command).await {
            Ok(Ok(decided)) => break decided.recorded,
            Ok(Err(e)) => return Err(refused(e)),
            Err(e) if e.conflicting_constraint().is_some() && draws < PIN_DRAWS => draws += 1,
            Err(e) if e.conflicting_constraint().is_some() => return Err(no_pin_free()),
            Err(e) => return Err(e.into()),
        }
    };
    let handle = state.hub.games().room(&game_id).await?.ok_or_else(|| ApiError::internal("the new game is missing"))?;
    Ok((StatusCode::CREATED, host_view(&state, &handle, &recorded).await))
}

/// The host's view of a game (the same as the hub's `game` message).
#[utoipa::path(get, path = "/live/games/{gameId}", operation_id = "gameView", tag = "live", security(("bearer" = [])),
    params(("gameId" = String, Path, description = "The game")),
    responses(
        (status = 200, description = "The host's view (`docs/live-games.md`)", body = GameView),
        (status = 403, description = "The caller's e-mail is not verified", body = ErrorBody),
        (status = 404, description = "No such game, or not the caller's", body = ErrorBody),
    ),
)]
pub(super) async fn game_view(State(state): State<AppState>, caller: AuthUser, Path(game_id): Path<String>) -> Result<Json<GameView>, ApiError> {
    let handle = hosted_room(&state, &caller, &game_id).await?;
    Ok(host_view(&state, &handle, &[]).await)
}

/// The host's controls: start, next (reveal → standings → next question, or the end after the
/// last), skip (close the question now), pause and resume the clock, lock and unlock the lobby, end.
#[utoipa::path(post, path = "/live/games/{gameId}/control", operation_id = "controlGame", tag = "live", request_body = Control, security(("bearer" = [])),
    params(("gameId" = String, Path, description = "The game")),
    responses(
        (status = 200, description = "The host's view after the action", body = GameView),
        (status = 400, description = "No action, or an unknown one", body = ErrorBody),
        (status = 403, description = "The caller's e-mail is not verified", body = ErrorBody),
        (status = 404, description = "No such game, or not the caller's", body = ErrorBody),
        (status = 409, description = "The action does not fit the game's phase (`wrong_phase`, e.g. `No one has joined yet`), or the game has ended (`game_finished`)", body = ErrorBody),
    ),
)]
pub(super) async fn control_game(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(game_id): Path<String>,
    ApiJson(ObjectBody(body)): ApiJson<ObjectBody<Control>>,
) -> Result<Json<GameView>, ApiError> {
    let handle = hosted_room(&state, &caller, &game_id).await?;
    // The host moves on from what everyone sees: a view held for answers being counted first.
    state.hub.games().counted(&handle).await;
    let players = handle.lock().active_players();
    let clock = state.clock.clone();
    let command = move || {
        let now = clock.now_ms();
        match body.action {
            Action::Start => GameCommand::Start { players, now },
            Action::Next => GameCommand::Next { now },
            Action::Skip => GameCommand::Skip { now },
            Action::Pause => GameCommand::Pause { now },
            Action::Resume => GameCommand::Resume { now },
            Action::Lock => GameCommand::Lock { now },
            Action::Unlock => GameCommand::Unlock { now },
            Action::ShowAnswers => GameCommand::ShowAnswers { now },
            Action::End => GameCommand::End { now },
        }
    };
    let recorded = run(&state, &caller, &game_id, command).await?;
    Ok(host_view(&state, &handle, &recorded).await)
}

/// Removes a player from the game: their socket is told, and they cannot join it again.
#[utoipa::path(post, path = "/live/games/{gameId}/kick", operation_id = "kickPlayer", tag = "live", request_body = Kick, security(("bearer" = [])),
    params(("gameId" = String, Path, description = "The game")),
    responses(
        (status = 200, description = "The host's view without the player", body = GameView),
        (status = 400, description = "No player id", body = ErrorBody),
        (status = 403, description = "The caller's e-mail is not verified", body = ErrorBody),
        (status = 404, description = "No such game (or not the caller's), or no such player in it", body = ErrorBody),
        (status = 409, description = "The game has ended", body = ErrorBody),
    ),
)]
pub(super) async fn kick_player(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(game_id): Path<String>,
    ApiJson(ObjectBody(body)): ApiJson<ObjectBody<Kick>>,
) -> Result<Json<GameView>, ApiError> {
    let handle = hosted_room(&state, &caller, &game_id).await?;
    if !handle.lock().players.contains_key(&body.player_id) {
        return Err(ApiError::not_found("No such player in this game"));
    }
    let clock = state.clock.clone();
    let recorded = run(&state, &caller, &game_id, move || GameCommand::Kick { player_id: body.player_id.clone(), now: clock.now_ms() }).await?;
    Ok(host_view(&state, &handle, &recorded).await)
}

/// Carries out a host's command on the game's stream.
async fn run(state: &AppState, caller: &AuthUser, game_id: &str, command: impl Fn() -> GameCommand) -> Result<Vec<RecordedEvent>, ApiError> {
    let stream = StreamId::<LiveGame>::new(game_id);
    match execute(&state.store, &stream, &metadata(&caller.user_id, "control_game"), command).await {
        Ok((_, recorded)) => Ok(recorded),
        Err(CommandError::Rejected(e)) => Err(refused(e)),
        Err(CommandError::Store(e)) => Err(e.into()),
    }
}
