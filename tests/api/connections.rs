//! No client holds every connection: half-sent headers and silent connections are closed after
//! their timeouts, and one address holds at most its ceiling of connections (HTTP and WebSocket
//! alike) while another address still gets in. Clients from 127.0.0.2 stand for another address.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use quizroom_api::startup::Services;
use quizroom_eventstore::testing::TestDb;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use crate::helpers::{TestApp, spawn_app_with};
use crate::hub::connect;

/// A connection to `app` from the local address `from`.
async fn dial(app: &TestApp, from: &str) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse::<SocketAddr>().unwrap()).unwrap();
    socket.connect(app.addr).await.unwrap()
}

/// Reads until the server closes `stream` (within 10 s); what it sent.
async fn until_closed(stream: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "the server kept the connection open");
    String::from_utf8_lossy(&answer).into_owned()
}

/// The status line of `GET /api/health` from `from`, or "" when the connection was refused.
async fn health_from(app: &TestApp, from: &str) -> String {
    let mut stream = dial(app, from).await;
    let _ = stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: quizroom\r\nConnection: close\r\n\r\n").await;
    until_closed(&mut stream).await.lines().next().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn a_half_sent_header_is_closed_after_the_header_timeout() {
    let db = TestDb::sqlite();
    let app = spawn_app_with(&db, |c| c.connections.header_timeout_secs = 1, Services::default()).await;
    let mut stream = dial(&app, "127.0.0.1").await;
    let started = Instant::now();
    stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: quizroom\r\nX-Slow: ").await.unwrap();
    let answer = until_closed(&mut stream).await;
    assert!(started.elapsed() >= Duration::from_millis(900), "{:?}", started.elapsed());
    assert!(!answer.contains("200 OK"), "{answer}");
    // A whole request is still served.
    assert_eq!(health_from(&app, "127.0.0.1").await, "HTTP/1.1 200 OK");
    app.stop().await.unwrap();
}

#[tokio::test]
async fn silent_connections_and_stalled_bodies_are_closed_after_the_idle_timeout() {
    let db = TestDb::sqlite();
    let app = spawn_app_with(&db, |c| c.connections.idle_timeout_secs = 1, Services::default()).await;
    let started = Instant::now();
    let mut silent = dial(&app, "127.0.0.1").await;
    let mut stalled = dial(&app, "127.0.0.1").await;
    stalled
        .write_all(b"POST /api/auth/signin HTTP/1.1\r\nHost: quizroom\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"email\":")
        .await
        .unwrap();
    until_closed(&mut silent).await;
    until_closed(&mut stalled).await;
    let elapsed = started.elapsed();
    assert!(elapsed >= Duration::from_millis(900) && elapsed < Duration::from_secs(5), "{elapsed:?}");
    app.stop().await.unwrap();
}

#[tokio::test]
async fn one_address_holds_at_most_its_ceiling_and_closing_some_frees_places() {
    let db = TestDb::sqlite();
    let app = spawn_app_with(
        &db,
        |c| {
            c.connections.connections_per_address = 4;
            c.connections.header_timeout_secs = 1;
        },
        Services::default(),
    )
    .await;
    let (token, _) = app.verified_user("many@example.com").await;
    // The test client's kept-alive connections are closed by the header timeout meanwhile.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    // Four WebSockets (no timeout closes them) fill the address's four places.
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(connect(&app, &token).await);
    }
    let mut refused = dial(&app, "127.0.0.1").await;
    let started = Instant::now();
    assert_eq!(until_closed(&mut refused).await, "");
    assert!(started.elapsed() < Duration::from_millis(500), "{:?}", started.elapsed());
    assert!(tokio_tungstenite::connect_async(format!("ws://{}/ws?token={token}", app.addr)).await.is_err());
    // Another address is not held back.
    assert_eq!(health_from(&app, "127.0.0.2").await, "HTTP/1.1 200 OK");
    // Closing two frees two places.
    held.truncate(2);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(health_from(&app, "127.0.0.1").await, "HTTP/1.1 200 OK");
    held.push(connect(&app, &token).await);
    drop(held);
    app.stop().await.unwrap();
}

/// A chat-completions server that thinks for `delay` before answering three questions.
async fn slow_llm(delay: Duration) -> String {
    let complete = move || async move {
        tokio::time::sleep(delay).await;
        let questions: Vec<serde_json::Value> = (0..3)
            .map(|n| {
                json!({ "question": format!("Which planet is number {n}?"), "options": ["Mercury", "Venus", "Earth", "Mars"],
                "correct_letter": "A", "explanation": "By distance from the Sun.", "passage_index": 0 })
            })
            .collect();
        let content = json!({ "questions": questions }).to_string();
        axum::Json(json!({ "id": "x", "object": "chat.completion", "choices": [{ "index": 0, "message": { "role": "assistant", "content": content } }] }))
    };
    let router = axum::Router::new().route("/v1/chat/completions", axum::routing::post(complete));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/v1", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    url
}

#[tokio::test]
async fn a_request_answered_slowly_outlasts_the_idle_timeout() {
    let db = TestDb::sqlite();
    let url = slow_llm(Duration::from_millis(2500)).await;
    let app = spawn_app_with(
        &db,
        |c| {
            c.connections.idle_timeout_secs = 1;
            c.llm_url = Some(url);
            c.llm_model = Some("test-model".into());
        },
        Services::default(),
    )
    .await;
    let (host, _) = app.verified_user("patient@example.com").await;
    let (status, generated) = app.post("/api/generate/keyword", Some(&host), json!({ "keyword": "planets", "numberOfQuestions": 3 })).await;
    assert_eq!(status, 201, "{generated}");
    app.stop().await.unwrap();
}
