//! Joining a live game by its PIN, with a nickname (signed in or not, as the game allows). The
//! answer carries the player's token: the key to the game's channel on the hub, and to coming
//! back after a reload or a lost connection as the same player.

use std::net::SocketAddr;
use std::time::Duration;

use axum::Json;
use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use quizroom_domain::game::Phase;
use quizroom_projections::live::read as live;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::joiner::{Join, JoinOutcome};
use super::nickname::{self, Refusal};
use crate::access::{find_category, in_audience, not_in_audience};
use crate::error::{ApiError, ApiJson, db};
use crate::input::{ObjectBody, code_schema, name_schema};
use crate::limits::{self, Kind, PIN_ADDRESS, address_key};
use crate::openapi::ErrorBody;
use crate::state::AppState;
use crate::tokens::AuthUser;

fn nickname_schema() -> utoipa::openapi::schema::Object {
    name_schema(nickname::MOST)
}

#[derive(Deserialize, ToSchema)]
pub(super) struct JoinGame {
    /// The game's 6-digit PIN.
    #[schema(schema_with = code_schema)]
    pin: String,
    /// The name to play under, 1–20 characters.
    #[schema(schema_with = nickname_schema)]
    nickname: String,
}

/// The player, and the token that opens the game's channel on the hub.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Joined {
    game_id: String,
    player_id: String,
    /// The name as the game shows it ("Ana (2)" when "Ana" was taken).
    nickname: String,
    /// Opens `/ws?token=…` for this game's channel (one socket at a time); keep it to come back
    /// as the same player. A signed-in player's token ends with the account's sessions.
    token: String,
}

fn too_many_pins(wait: Duration) -> ApiError {
    let seconds = wait.as_secs().max(1);
    ApiError::too_many("too_many_attempts", format!("Too many PINs that lead nowhere. Try again in {seconds} seconds."), seconds)
}

fn joined(state: &AppState, game_id: &str, player_id: &str, user_id: Option<&str>, nickname: String) -> Json<Joined> {
    let token = state.keys.issue_player(game_id, player_id, user_id, state.clock.now_ms());
    Json(Joined { game_id: game_id.to_owned(), player_id: player_id.to_owned(), nickname, token })
}

/// Joins the open game with this PIN.
#[utoipa::path(post, path = "/live/join", operation_id = "joinGame", tag = "live", request_body = JoinGame,
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "Joined (or, signed in, back in the game as the same player)", body = Joined),
        (status = 400, description = "A nickname that is blank, too long or holds control characters (`invalid_nickname`), or a body that cannot be read", body = ErrorBody),
        (status = 401, description = "The game is for signed-in players (`sign_in_required`), or the token is not valid", body = ErrorBody),
        (status = 403, description = "Removed from this game by its host (`kicked`), the quiz is for its invited participants only, or the e-mail is not verified", body = ErrorBody),
        (status = 404, description = "No open game has this PIN (`game_not_found`)", body = ErrorBody),
        (status = 409, description = "The lobby is locked (`lobby_locked`), or the game has ended (`game_finished`)", body = ErrorBody),
        (status = 413, description = "The body is too large", body = ErrorBody),
        (status = 415, description = "The body is not JSON", body = ErrorBody),
        (status = 422, description = "Please choose another nickname (`nickname_refused`: offensive, or passing for the host or Quizroom)", body = ErrorBody),
        (status = 429, description = "Too many PINs that lead nowhere; `Retry-After` says when to try again", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    ),
)]
pub(super) async fn join_game(
    State(state): State<AppState>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    caller: Option<AuthUser>,
    ApiJson(ObjectBody(body)): ApiJson<ObjectBody<JoinGame>>,
) -> Result<Json<Joined>, ApiError> {
    let nickname = nickname::check(&body.nickname).map_err(|refusal| match refusal {
        Refusal::Invalid => ApiError::bad_request("invalid_nickname", "Please enter a nickname of 1 to 20 characters"),
        Refusal::Refused => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "nickname_refused", "Please choose another nickname"),
    })?;
    let pin = body.pin.trim();
    // Only PINs that lead nowhere count against the client's address (a class joins from one
    // address at once); its joins are handled a few at a time, so a flood of guesses is counted
    // before it gets far.
    let address = address_key("pin", client.ip());
    let _place = state.joins_in_flight.enter(&address).await;
    if let Some(wait) = limits::held_back(&state.store, &address, state.clock.now_ms()).await? {
        return Err(too_many_pins(wait));
    }
    let Some(game) = live::open_game_by_pin(state.store.pool(), pin).await.map_err(db)? else {
        let attempt = limits::enter(&state.store, vec![(address, &PIN_ADDRESS, Kind::Shared)], state.clock.now_ms()).await?.map_err(too_many_pins)?;
        attempt.failed(&state.store).await?;
        return Err(ApiError::new(StatusCode::NOT_FOUND, "game_not_found", "No game with this PIN"));
    };
    let handle = state.hub.games().room(&game.game_id).await?.ok_or_else(|| ApiError::internal("an open game without its stream"))?;
    let (phase, locked, require_sign_in, host_id) = {
        let room = handle.lock();
        let settings = room.game.settings.as_ref().ok_or_else(|| ApiError::internal("a game without settings"))?;
        (room.game.phase, room.game.locked, settings.require_sign_in, room.game.host_id.clone())
    };
    if phase == Phase::Finished {
        return Err(ApiError::conflict("game_finished", "This game has ended"));
    }
    if require_sign_in {
        let Some(user) = &caller else {
            return Err(ApiError::new(StatusCode::UNAUTHORIZED, "sign_in_required", "Sign in to join this game"));
        };
        let category = find_category(&state, game.quiz_id).await?.ok_or_else(|| ApiError::internal("a game on a missing quiz"))?;
        if !in_audience(&state, &user.user_id, &category).await? {
            return Err(not_in_audience());
        }
    }
    if let Some(user) = &caller {
        // Signed in and already in the game: back in as the same player.
        if let Some(player) = live::player_of_user(state.store.pool(), &game.game_id, &user.user_id).await.map_err(db)? {
            if player.kicked != 0 {
                return Err(ApiError::new(StatusCode::FORBIDDEN, "kicked", "You were removed from this game"));
            }
            return Ok(joined(&state, &game.game_id, &player.player_id, Some(&user.user_id), player.nickname));
        }
        if user.user_id == host_id {
            return Err(ApiError::conflict("wrong_phase", "You host this game: open it from your quizzes to present it"));
        }
    }
    if locked {
        return Err(ApiError::conflict("lobby_locked", "This game's lobby is locked"));
    }
    // Written with the other joins of the moment (`joiner`), under the first free form of the name.
    let player_id = uuid::Uuid::new_v4().to_string();
    let user_id = caller.map(|u| u.user_id);
    let join = Join { game_id: game.game_id.clone(), player_id: player_id.clone(), nickname, user_id: user_id.clone(), now: state.clock.now_ms() };
    match state.joiner.join(join).await? {
        JoinOutcome::In { nickname, recorded } => {
            state.hub.games().apply(&recorded);
            Ok(joined(&state, &game.game_id, &player_id, user_id.as_deref(), nickname))
        }
        JoinOutcome::Refused(e) => Err(ApiError::internal(e)),
        JoinOutcome::NameTaken => Err(ApiError::conflict("nickname_taken", "Please choose another nickname")),
    }
}
