//! `game:<gameId>`: a live game. Its host gets the presenter's view (with the PIN, the lobby and
//! the answer count); a player gets their own view (their points, rank and option order). Every
//! message is the whole view, so a client that reconnects and subscribes again is where it was.

use std::sync::Arc;

use tokio::sync::broadcast::error::RecvError;

use crate::Hub;
use crate::channel::Channel;
use crate::connection::Identity;
use crate::game::{RoomHandle, Update, Viewer};
use crate::message::{ErrorCode, ServerMessage};
use crate::outbox::Outbox;

/// Who `identity` is in the game: its host, one of its players, or nobody (`None`).
pub(crate) fn viewer(handle: &RoomHandle, identity: &Identity, game_id: &str) -> Option<Viewer> {
    let room = handle.lock();
    match identity {
        Identity::User(user_id) if room.game.host_id == *user_id => Some(Viewer::Host),
        Identity::User(user_id) => room.player_of_user(user_id).map(|id| Viewer::Player(id.to_owned())),
        Identity::Player { game_id: own, player_id } if own == game_id && room.players.contains_key(player_id) => Some(Viewer::Player(player_id.clone())),
        Identity::Player { .. } => None,
    }
}

fn view_message(hub: &Hub, handle: &RoomHandle, channel: &Channel, viewer: &Viewer) -> String {
    let view = handle.lock().view(viewer, hub.now_ms());
    ServerMessage::Game { channel, view: &view }.to_text()
}

fn is_kicked(handle: &RoomHandle, viewer: &Viewer) -> bool {
    match viewer {
        Viewer::Player(id) => handle.lock().players.get(id).is_some_and(|p| p.kicked),
        Viewer::Host => false,
    }
}

/// Serves the subscription until it is dropped or the player is removed.
pub(crate) async fn watch(hub: Hub, game_id: String, identity: Identity, outbox: Outbox) {
    let channel = Channel::Game(game_id.clone());
    let name = channel.to_string();
    let handle: Arc<RoomHandle> = match hub.games().room(&game_id).await {
        Ok(Some(handle)) => handle,
        Ok(None) => return outbox.error(Some(&name), ErrorCode::NotFound, "No such game"),
        Err(e) => {
            tracing::warn!(error = %e, "could not load a live game for a subscription");
            return outbox.error(Some(&name), ErrorCode::Unavailable, "Please try again");
        }
    };
    // Someone who is neither its host nor one of its players finds no game.
    let Some(viewer) = viewer(&handle, &identity, &game_id) else {
        return outbox.error(Some(&name), ErrorCode::NotFound, "No such game");
    };
    // Listen first, then send the view: a change in between is not missed.
    let mut updates = handle.updates.subscribe();
    if is_kicked(&handle, &viewer) {
        outbox.send(&ServerMessage::Kicked { channel: &channel });
        return;
    }
    if !outbox.send(&ServerMessage::Subscribed { channel: &channel }) {
        return;
    }
    // A view held for answers being counted is not shown before they are.
    hub.games().counted(&handle).await;
    if !outbox.send_text(view_message(&hub, &handle, &channel, &viewer)) {
        return;
    }
    loop {
        let sent = match updates.recv().await {
            Ok(Update::View(snapshot)) => match &viewer {
                Viewer::Player(id) => match snapshot.message_for(id) {
                    Some(text) => outbox.send_text(text),
                    None => outbox.send_text(view_message(&hub, &handle, &channel, &viewer)),
                },
                Viewer::Host => outbox.send_text(view_message(&hub, &handle, &channel, &viewer)),
            },
            // While a view is held, the one sent when it is released will do.
            Err(RecvError::Lagged(_)) | Ok(Update::Lobby) if handle.lock().reveal_held => true,
            Err(RecvError::Lagged(_)) => outbox.send_text(view_message(&hub, &handle, &channel, &viewer)),
            Ok(Update::Lobby) if viewer == Viewer::Host => outbox.send_text(view_message(&hub, &handle, &channel, &viewer)),
            Ok(Update::Answers { question, answered, players, counting, poll_counts }) if viewer == Viewer::Host => {
                outbox.send(&ServerMessage::Answers { channel: &channel, question, answered, players, counting, poll_counts: poll_counts.as_deref() })
            }
            Ok(Update::Kicked(id)) if matches!(&viewer, Viewer::Player(me) if *me == id) => {
                outbox.send(&ServerMessage::Kicked { channel: &channel });
                return;
            }
            Ok(_) => true,
            Err(RecvError::Closed) => return,
        };
        if !sent {
            return;
        }
    }
}
