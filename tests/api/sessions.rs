//! Ended sessions end their sockets: after "sign out everywhere" or a password reset, the host's
//! presenter socket and a signed-in player's game socket close with 4410 on every node, and
//! neither token opens a new one. A player token holds one socket: a second replaces the first.

use std::time::Duration;

use futures::StreamExt;
use quizroom_eventstore::testing::TestDb;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

use crate::helpers::{TestApp, spawn_app, spawn_process};
use crate::hub::{Socket, connect, first_category, next_of, send};

const SESSION_ENDED: u16 = 4410;
const OPENED_ELSEWHERE: u16 = 4409;

/// The close code the server ends `socket` with within `within`, if it does.
async fn closed_with(socket: &mut Socket, within: Duration) -> Option<u16> {
    tokio::time::timeout(within, async {
        while let Some(message) = socket.next().await {
            match message {
                Ok(Message::Close(frame)) => return frame.map(|f| u16::from(f.code)),
                Ok(_) => {}
                Err(_) => return None,
            }
        }
        None
    })
    .await
    .ok()
    .flatten()
}

/// The status a new socket with `token` is refused with (0 when it opens).
async fn refused_with(app: &TestApp, token: &str) -> u16 {
    match tokio_tungstenite::connect_async(format!("ws://{}/ws?token={token}", app.addr)).await {
        Ok(_) => 0,
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => response.status().as_u16(),
        Err(e) => panic!("{e}"),
    }
}

/// A game opened by `host` on `app`, with the host's socket on its presenter view.
async fn presenting(app: &TestApp, host: &str) -> (String, String, Socket) {
    let category_id = first_category(app, host).await;
    let (status, view) = app.post("/api/live/games", Some(host), json!({ "quizId": category_id })).await;
    assert_eq!(status, 201, "{view}");
    let game_id = view["gameId"].as_str().unwrap().to_owned();
    let mut socket = connect(app, host).await;
    send(&mut socket, json!({ "type": "subscribe", "channel": format!("game:{game_id}") })).await;
    assert_eq!(next_of(&mut socket, "game").await["view"]["host"]["pin"], view["host"]["pin"]);
    (game_id, view["host"]["pin"].as_str().unwrap().to_owned(), socket)
}

/// Joins the game with `pin` through `app` (signed in with `session`, or a guest) and opens the
/// player's socket on it; returns the socket and the player token.
async fn playing(app: &TestApp, game_id: &str, pin: &str, session: Option<&str>, nickname: &str) -> (Socket, String) {
    let (status, joined) = app.post("/api/live/join", session, json!({ "pin": pin, "nickname": nickname })).await;
    assert_eq!(status, 200, "{joined}");
    let token = joined["token"].as_str().unwrap().to_owned();
    let mut socket = connect(app, &token).await;
    send(&mut socket, json!({ "type": "subscribe", "channel": format!("game:{game_id}") })).await;
    next_of(&mut socket, "game").await;
    (socket, token)
}

#[tokio::test]
async fn signing_out_everywhere_closes_the_hosts_and_the_signed_in_players_sockets() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let (pupil, _) = app.verified_user("pupil@example.com").await;
    let (game_id, pin, mut presenter) = presenting(&app, &host).await;
    let (mut seat, seat_token) = playing(&app, &game_id, &pin, Some(&pupil), "Ana").await;
    let (mut guest, guest_token) = playing(&app, &game_id, &pin, None, "Guest").await;

    assert_eq!(app.post("/api/auth/signout-all", Some(&host), json!({})).await.0, 200);
    assert_eq!(closed_with(&mut presenter, Duration::from_secs(5)).await, Some(SESSION_ENDED));
    assert_eq!(refused_with(&app, &host).await, 401);
    assert_eq!(app.post("/api/auth/signout-all", Some(&pupil), json!({})).await.0, 200);
    assert_eq!(closed_with(&mut seat, Duration::from_secs(5)).await, Some(SESSION_ENDED));
    assert_eq!(refused_with(&app, &seat_token).await, 401);
    // A guest's seat is no one's session: it stays.
    assert_eq!(closed_with(&mut guest, Duration::from_millis(300)).await, None);
    send(&mut guest, json!({ "type": "ping" })).await;
    next_of(&mut guest, "pong").await;
    assert_eq!(refused_with(&app, &guest_token).await, 0);
    app.stop().await.unwrap();
}

#[tokio::test]
async fn a_password_reset_on_one_node_closes_the_sockets_on_another() {
    let Some(db) = TestDb::postgres().await else { return };
    let first = spawn_process(&db.url).await;
    let second = spawn_process(&db.url).await;
    let (host, _) = first.verified_user("reset-host@example.com").await;
    let (pupil, _) = first.verified_user("reset-pupil@example.com").await;
    let (game_id, pin, mut presenter) = presenting(&second, &host).await;
    let (mut seat, seat_token) = playing(&second, &game_id, &pin, Some(&pupil), "Ana").await;

    for email in ["reset-host@example.com", "reset-pupil@example.com"] {
        assert_eq!(first.post("/api/auth/forgot-password", None, json!({ "email": email })).await.0, 200);
        let code = first.code_mailed_to(email, "password reset").await;
        let reset = json!({ "email": email, "code": code, "newPassword": "brand new pass" });
        assert_eq!(first.post("/api/auth/reset-password", None, reset).await.0, 200);
    }
    assert_eq!(closed_with(&mut presenter, Duration::from_secs(5)).await, Some(SESSION_ENDED));
    assert_eq!(closed_with(&mut seat, Duration::from_secs(5)).await, Some(SESSION_ENDED));
    for app in [&first, &second] {
        assert_eq!(refused_with(app, &host).await, 401);
        assert_eq!(refused_with(app, &seat_token).await, 401);
    }
    first.stop().await.unwrap();
    second.stop().await.unwrap();
}

#[tokio::test]
async fn a_second_socket_with_a_player_token_replaces_the_first() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (host, _) = app.verified_user("replace-host@example.com").await;
    let (game_id, pin, _presenter) = presenting(&app, &host).await;
    let (mut first, token) = playing(&app, &game_id, &pin, None, "Ana").await;
    let mut second = connect(&app, &token).await;
    assert_eq!(closed_with(&mut first, Duration::from_secs(5)).await, Some(OPENED_ELSEWHERE));
    send(&mut second, json!({ "type": "subscribe", "channel": format!("game:{game_id}") })).await;
    assert_eq!(next_of(&mut second, "game").await["view"]["phase"], "lobby");
    app.stop().await.unwrap();
}
