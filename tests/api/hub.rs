//! The WebSocket hub with a real client: clock ticks, submission notices, live leaderboards,
//! also across two server processes on one PostgreSQL.

use std::sync::Arc;
use std::time::Duration;

use futures::{SinkExt, StreamExt};
use quizroom_api::clock::ShiftedClock;
use quizroom_api::startup::Services;
use quizroom_eventstore::testing::TestDb;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::helpers::{TestApp, answer_key, spawn_app, spawn_app_with, spawn_process};

pub(crate) type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub(crate) async fn connect(app: &TestApp, token: &str) -> Socket {
    let url = format!("ws://{}/ws?token={token}", app.addr);
    tokio_tungstenite::connect_async(url).await.expect("connect to the hub").0
}

pub(crate) async fn send(socket: &mut Socket, message: Value) {
    socket.send(Message::Text(message.to_string().into())).await.unwrap();
}

/// The next JSON message of `kind`, skipping others; fails after 10 s.
pub(crate) async fn next_of(socket: &mut Socket, kind: &str) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let message = tokio::time::timeout_at(deadline, socket.next()).await.unwrap_or_else(|_| panic!("no {kind} message"));
        if let Some(Ok(Message::Text(text))) = message {
            let value: Value = serde_json::from_str(&text).unwrap();
            if value["type"] == kind {
                return value;
            }
        }
    }
}

async fn play(app: &TestApp, token: &str, category_id: i64, right_answers: usize, db_url: &str) -> Value {
    let key = answer_key(db_url, category_id).await;
    let (status, attempt) = app.post("/api/attempt/start", Some(token), json!({ "categoryId": category_id })).await;
    assert_eq!(status, 200, "{attempt}");
    let answers: Vec<Value> = key.iter().take(right_answers).map(|(id, a)| json!({ "questionId": id, "status": a })).collect();
    let (status, result) = app.post("/api/question/score", Some(token), json!({ "categoryId": category_id, "answers": answers })).await;
    assert_eq!(status, 200, "{result}");
    result
}

pub(crate) async fn first_category(app: &TestApp, token: &str) -> i64 {
    app.get_as("/api/categories", Some(token)).await.1[0]["id"].as_i64().unwrap()
}

#[tokio::test]
async fn ticks_follow_the_servers_clock_and_the_timeout_submission_is_announced() {
    let db = TestDb::sqlite();
    let clock = Arc::new(ShiftedClock::default());
    let app = spawn_app_with(&db, |_| {}, Services { clock: clock.clone(), ..Default::default() }).await;
    let (token, _) = app.verified_user("ticks@example.com").await;
    let category_id = first_category(&app, &token).await;
    let (_, attempt) = app.post("/api/attempt/start", Some(&token), json!({ "categoryId": category_id })).await;
    let channel = format!("attempt:{}", attempt["attemptId"].as_str().unwrap());
    let limit = attempt["timeLimit"].as_i64().unwrap() * 60_000;

    let mut socket = connect(&app, &token).await;
    send(&mut socket, json!({ "type": "subscribe", "channel": channel })).await;
    assert_eq!(next_of(&mut socket, "subscribed").await["channel"], channel.as_str());
    let first = next_of(&mut socket, "tick").await;
    assert_eq!(first["channel"], channel.as_str());
    assert_eq!(first["deadline"], attempt["deadline"]);
    let remaining = first["remainingMs"].as_i64().unwrap();
    assert!(remaining <= limit && remaining > limit - 5_000, "{remaining}");
    let second = next_of(&mut socket, "tick").await;
    let elapsed = remaining - second["remainingMs"].as_i64().unwrap();
    assert!((500..=2_500).contains(&elapsed), "ticks a second apart, not {elapsed} ms");

    clock.advance(limit);
    let tick = next_of(&mut socket, "tick").await;
    assert!(tick["remainingMs"].as_i64().unwrap() < 2_000, "{tick}");
    clock.advance(5_000);
    let submitted = next_of(&mut socket, "submitted").await;
    assert_eq!(
        submitted,
        json!({ "type": "submitted", "channel": channel, "reason": "timeout", "score": 0, "points": 0, "total": attempt_total(&app, &token, category_id).await })
    );

    // Subscribing again after the fact gets the notice at once.
    let mut again = connect(&app, &token).await;
    send(&mut again, json!({ "type": "subscribe", "channel": channel })).await;
    assert_eq!(next_of(&mut again, "submitted").await["reason"], "timeout");
    app.stop().await.unwrap();
}

async fn attempt_total(app: &TestApp, token: &str, category_id: i64) -> i64 {
    app.get_as(&format!("/api/question/{category_id}"), Some(token)).await.1["questions"].as_array().unwrap().len() as i64
}

#[tokio::test]
async fn the_leaderboard_moves_when_another_player_submits() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (watcher, watcher_id) = app.verified_user("watcher@example.com").await;
    let (player, player_id) = app.verified_user("player@example.com").await;
    let category_id = first_category(&app, &watcher).await;
    let channel = format!("quiz:{category_id}");

    let mut socket = connect(&app, &watcher).await;
    send(&mut socket, json!({ "type": "subscribe", "channel": channel })).await;
    next_of(&mut socket, "subscribed").await;
    assert_eq!(next_of(&mut socket, "leaderboard").await, json!({ "type": "leaderboard", "channel": channel, "top": [], "me": null, "participants": 0 }));

    play(&app, &player, category_id, 2, &db.url).await;
    let board = next_of(&mut socket, "leaderboard").await;
    assert_eq!(board["top"], json!([{ "rank": 1, "userId": player_id, "firstName": "Ada", "lastName": "Lovelace", "points": 20 }]));
    assert_eq!((board["me"].clone(), board["participants"].clone()), (Value::Null, json!(1)));

    play(&app, &watcher, category_id, 3, &db.url).await;
    let board = next_of(&mut socket, "leaderboard").await;
    assert_eq!(board["me"], json!({ "rank": 1, "points": 30 }));
    assert_eq!(board["top"][0]["userId"], watcher_id.as_str());
    assert_eq!(board["top"][1]["rank"], 2);
    app.stop().await.unwrap();
}

#[tokio::test]
async fn the_hub_refuses_strangers_and_explains_bad_messages() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (token, _) = app.verified_user("owner@example.com").await;
    let (other, _) = app.verified_user("other@example.com").await;
    for url in [format!("ws://{}/ws", app.addr), format!("ws://{}/ws?token=nonsense", app.addr)] {
        match tokio_tungstenite::connect_async(url).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => assert_eq!(response.status(), 401),
            other => panic!("expected 401, got {:?}", other.map(|_| ())),
        }
    }
    let category_id = first_category(&app, &token).await;
    let (_, attempt) = app.post("/api/attempt/start", Some(&token), json!({ "categoryId": category_id })).await;
    let channel = format!("attempt:{}", attempt["attemptId"].as_str().unwrap());

    let mut socket = connect(&app, &other).await;
    send(&mut socket, json!({ "type": "subscribe", "channel": channel })).await;
    assert_eq!(next_of(&mut socket, "error").await, json!({ "type": "error", "channel": channel, "code": "forbidden", "error": "This is not your attempt" }));
    socket.send(Message::Text("not json".into())).await.unwrap();
    assert_eq!(next_of(&mut socket, "error").await["code"], "bad_message");
    send(&mut socket, json!({ "type": "subscribe", "channel": "weather:today" })).await;
    assert_eq!(next_of(&mut socket, "error").await["code"], "unknown_channel");
    send(&mut socket, json!({ "type": "subscribe", "channel": "quiz:999999" })).await;
    assert_eq!(next_of(&mut socket, "error").await["code"], "not_found");
    send(&mut socket, json!({ "type": "ping" })).await;
    next_of(&mut socket, "pong").await;

    // Shutdown closes the connection as going away.
    app.stop().await.unwrap();
    let mut closed = None;
    while let Ok(Some(message)) = tokio::time::timeout(Duration::from_secs(5), socket.next()).await {
        if let Ok(Message::Close(frame)) = message {
            closed = frame;
            break;
        }
    }
    assert_eq!(closed.map(|f| u16::from(f.code)), Some(1001));
}

#[tokio::test]
async fn a_player_on_one_node_sees_a_submission_made_through_another() {
    let Some(db) = TestDb::postgres().await else { return };
    // Two server processes on one PostgreSQL database.
    let first = spawn_process(&db.url).await;
    let second = spawn_process(&db.url).await;
    let (watcher, _) = first.verified_user("node1@example.com").await;
    let (player, player_id) = second.verified_user("node2@example.com").await;
    let category_id = first_category(&first, &watcher).await;

    let mut socket = connect(&first, &watcher).await;
    send(&mut socket, json!({ "type": "subscribe", "channel": format!("quiz:{category_id}") })).await;
    assert_eq!(next_of(&mut socket, "leaderboard").await["participants"], 0);
    play(&second, &player, category_id, 4, &db.url).await;
    let board = next_of(&mut socket, "leaderboard").await;
    assert_eq!(board["top"][0]["userId"], player_id.as_str());
    assert_eq!(board["top"][0]["points"], 40);
    drop(socket);
    first.stop().await.unwrap();
    second.stop().await.unwrap();
}

#[tokio::test]
async fn a_message_over_the_limit_closes_the_connection_with_1009() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (token, _) = app.verified_user("big@example.com").await;
    let mut socket = connect(&app, &token).await;
    let huge = format!("{{\"type\":\"ping\",\"pad\":\"{}\"}}", "x".repeat(100 * 1024));
    let _ = socket.send(Message::Text(huge.into())).await;
    let close = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(message) = socket.next().await {
            if let Ok(Message::Close(frame)) = message {
                return frame;
            }
        }
        None
    })
    .await
    .expect("the server closes the connection");
    let frame = close.expect("with a close frame");
    assert_eq!(u16::from(frame.code), 1009, "{frame:?}");
    app.stop().await.unwrap();
}
