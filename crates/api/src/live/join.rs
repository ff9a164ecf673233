//! Joining a live game by its PIN, with a nickname (signed in or not, as the game allows). The
//! answer carries the player's token: the key to the game's channel on the hub, and to coming
//! back after a reload or a lost connection as the same player.

use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use quizroom_domain::game::Phase;
use quizroom_projections::live::read as live;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::joiner::{Join, JoinOutcome, Joiner};
use super::nickname::{self, Refusal};
use crate::access::{find_category, in_audience, not_in_audience};
use crate::client::Client;
use crate::error::{ApiError, ApiJson, db};
use crate::input::{ObjectBody, code_schema, name_schema};
use crate::limits::{self, Kind, PIN_ADDRESS, PIN_CLIENT, SEATS_ADDRESS};
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
    /// The key of the game's link or QR code (`/play/live?pin=…&key=…`): a join with it is not
    /// counted against the PIN's limit; a key that does not fit is refused like a wrong PIN.
    #[schema(max_length = 64)]
    key: Option<String>,
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
    ApiError::held_back("too_many_attempts", "Too many PINs that lead nowhere", wait)
}

fn nickname_refused() -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "nickname_refused", "Please choose another nickname")
}

fn too_many_players(wait: Duration) -> ApiError {
    ApiError::held_back("too_many_players", "Too many players have joined this game from your network", wait)
}

fn joined(state: &AppState, game_id: &str, player_id: &str, user_id: Option<&str>, nickname: String) -> Json<Joined> {
    let token = state.keys.issue_player(game_id, player_id, user_id, state.clock.now_ms());
    Json(Joined { game_id: game_id.to_owned(), player_id: player_id.to_owned(), nickname, token })
}

/// Joins the open game with this PIN (or by its link). Wrong PINs are counted per client (the
/// `X-Quizroom-Client` header the web app sends, behind its network) and, with a far larger
/// ceiling, per network; one seat per client and game; seats per network are bounded.
#[utoipa::path(post, path = "/live/join", operation_id = "joinGame", tag = "live", request_body = JoinGame,
    security((), ("bearer" = [])),
    params(("X-Quizroom-Client" = Option<String>, Header, description = "A random key the browser keeps (16 to 64 letters, digits, `-` or `_`; anything else counts as none): wrong PINs are counted per key behind the network, and a key has one seat per game")),
    responses(
        (status = 200, description = "Joined (or back in the game as the same player: signed in, or from the same browser's client key)", body = Joined),
        (status = 400, description = "A nickname that is blank, too long or holds control characters (`invalid_nickname`), or a body that cannot be read", body = ErrorBody),
        (status = 401, description = "The game is for signed-in players (`sign_in_required`), or the token is not valid", body = ErrorBody),
        (status = 403, description = "Removed from this game by its host (`kicked`: the player's account or device), the quiz is for its invited participants only, or the e-mail is not verified", body = ErrorBody),
        (status = 404, description = "No open game has this PIN, or the link's key does not fit it (`game_not_found`)", body = ErrorBody),
        (status = 409, description = "The lobby is locked (`lobby_locked`), or the game has ended (`game_finished`)", body = ErrorBody),
        (status = 422, description = "Please choose another nickname (`nickname_refused`: offensive, or passing for the host (the word or this game's host's name) or Quizroom, in any look-alike form), or a nickname that shows as nothing or holds private-use or unassigned characters (`invalid_nickname`)", body = ErrorBody),
        (status = 429, description = "Too many PINs that lead nowhere from this client or its network (`too_many_attempts`), or too many players of this game from the caller's network (`too_many_players`); `Retry-After` says when to try again", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds to wait"))),
    ),
)]
pub(super) async fn join_game(
    State(state): State<AppState>,
    client: Client,
    caller: Option<AuthUser>,
    ApiJson(ObjectBody(body)): ApiJson<ObjectBody<JoinGame>>,
) -> Result<Json<Joined>, ApiError> {
    let nickname = nickname::check(&body.nickname).map_err(|refusal| match refusal {
        Refusal::Invalid => ApiError::bad_request("invalid_nickname", "Please enter a nickname of 1 to 20 characters"),
        Refusal::Unreadable => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid_nickname", "Please enter a nickname of 1 to 20 characters"),
        Refusal::Refused => nickname_refused(),
    })?;
    let pin = body.pin.trim();
    // Joins of one network are handled a few at a time, so that a flood of guesses is counted
    // before it gets far (only PINs that lead nowhere are counted: a class joins at once).
    let _place = state.joins_in_flight.enter(&client.address_key("pin")).await;
    let found = match live::open_game_by_pin(state.store.pool(), pin).await.map_err(db)? {
        Some(game) => {
            let handle = state.hub.games().room(&game.game_id).await?.ok_or_else(|| ApiError::internal("an open game without its stream"))?;
            Some((game, handle))
        }
        None => None,
    };
    // The game's link carries its key: such a join is no guess and skips the PIN's limit.
    let by_link = match (&found, body.key.as_deref()) {
        (Some((_, handle)), Some(key)) => same_key(&handle.lock().game.join_key, key),
        _ => false,
    };
    if !by_link {
        not_held_back(&state, &client).await?;
    }
    let Some((game, handle)) = found.filter(|_| by_link || body.key.is_none()) else {
        return Err(wrong_pin(&state, &client, body.key.is_some()).await);
    };
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
    let user_id = caller.map(|u| u.user_id);
    if let Some(user_id) = &user_id {
        // Signed in and already in the game: back in as the same player.
        if let Some(player) = live::player_of_user(state.store.pool(), &game.game_id, user_id).await.map_err(db)? {
            return seat(&state, player);
        }
        if *user_id == host_id {
            return Err(ApiError::conflict("wrong_phase", "You host this game: open it from your quizzes to present it"));
        }
    }
    // One seat per device and game: the same browser is back as the same player (a reload, a
    // second tab), and a device whose player was removed stays out.
    let device = client.device();
    let _device_place = match &device {
        Some(device) => Some(state.devices_in_flight.enter(&format!("{}:{device}", game.game_id)).await),
        None => None,
    };
    if let Some(device) = &device
        && let Some(player) = live::player_of_device(state.store.pool(), &game.game_id, device).await.map_err(db)?
        && (player.kicked != 0 || player.user_id == user_id)
    {
        return seat(&state, player);
    }
    if locked {
        return Err(ApiError::conflict("lobby_locked", "This game's lobby is locked"));
    }
    let host = quizroom_projections::user::read::by_id(state.store.pool(), &host_id).await.map_err(db)?;
    if host.is_some_and(|host| nickname::passes_for_host(&nickname, &host.first_name, &host.last_name)) {
        return Err(nickname_refused());
    }
    // Seats from one network are bounded, however many client keys it makes up.
    let seats = vec![(format!("seats:{}:ip:{}", game.game_id, client.network), &SEATS_ADDRESS, Kind::Shared)];
    let taken = limits::enter(&state.store, seats, state.clock.now_ms()).await?.map_err(too_many_players)?;
    // Written with the other joins of the moment (`joiner`), under the first free form of the name.
    let player_id = uuid::Uuid::new_v4().to_string();
    let join = Join { game_id: game.game_id.clone(), player_id: player_id.clone(), nickname, user_id: user_id.clone(), device, now: state.clock.now_ms() };
    let outcome = state.feature::<Joiner>().join(join).await;
    let Ok(JoinOutcome::In { nickname, recorded }) = outcome else {
        taken.undone(&state.store).await?;
        return match outcome? {
            JoinOutcome::In { .. } => unreachable!("handled above"),
            JoinOutcome::Refused(e) => Err(crate::refusals::player_refused(e)),
            JoinOutcome::NameTaken => Err(ApiError::conflict("nickname_taken", "Please choose another nickname")),
        };
    };
    taken.kept();
    state.hub.games().apply(&recorded);
    Ok(joined(&state, &game.game_id, &player_id, user_id.as_deref(), nickname))
}

/// A seat the player already has: back in it, unless the host removed them.
fn seat(state: &AppState, player: live::PlayerRow) -> Result<Json<Joined>, ApiError> {
    if player.kicked != 0 {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "kicked", "You were removed from this game"));
    }
    Ok(joined(state, &player.game_id, &player.player_id, player.user_id.as_deref(), player.nickname))
}

/// The PIN keys of a client: the client itself, and (with a far larger ceiling) its network.
fn pin_keys(client: &Client) -> Vec<(String, &'static limits::Rule, Kind)> {
    vec![(client.client_key("pin"), &PIN_CLIENT, Kind::Shared), (client.address_key("pin"), &PIN_ADDRESS, Kind::Shared)]
}

/// A join by PIN is a guess: refused while the client or its network is held back.
async fn not_held_back(state: &AppState, client: &Client) -> Result<(), ApiError> {
    for (key, _, _) in pin_keys(client) {
        if let Some(wait) = limits::held_back(&state.store, &key, state.clock.now_ms()).await? {
            return Err(too_many_pins(wait));
        }
    }
    Ok(())
}

/// A PIN that leads nowhere, or a link whose key does not fit (`by_key`): counted against the
/// client and its network, and refused. A wrong link says nothing about whether its PIN is right.
async fn wrong_pin(state: &AppState, client: &Client, by_key: bool) -> ApiError {
    let counted = match limits::enter(&state.store, pin_keys(client), state.clock.now_ms()).await {
        Ok(Ok(attempt)) => attempt.failed(&state.store).await,
        Ok(Err(wait)) => return too_many_pins(wait),
        Err(e) => return e,
    };
    if let Err(e) = counted {
        return e;
    }
    match by_key {
        true => ApiError::new(StatusCode::NOT_FOUND, "game_not_found", "This game link is not valid"),
        false => ApiError::new(StatusCode::NOT_FOUND, "game_not_found", "No game with this PIN"),
    }
}

/// Whether `given` is the game's link key (compared in constant time; a game without a key has
/// no link).
fn same_key(key: &str, given: &str) -> bool {
    !key.is_empty() && quizroom_domain::user::constant_time_eq(key.as_bytes(), given.as_bytes())
}
