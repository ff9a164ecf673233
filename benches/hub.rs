//! 5,000 WebSocket clients on one node subscribed to one quiz: how long a leaderboard change takes
//! to reach all of them (from the moment the submission is sent), and the server's memory per
//! connection. The server is the release binary on its embedded SQLite, as a separate process.
//!
//!   cargo bench --bench hub
//!   QUIZROOM_BENCH_CLIENTS=1000 cargo bench --bench hub

mod support;

use std::time::{Duration, Instant};

use futures::{SinkExt, StreamExt};
use serde_json::{Value, json};
use support::{SECRET, Server, ms, percentile};
use tokio::sync::{broadcast, mpsc};
use tokio_tungstenite::tungstenite::Message;

const ROUNDS: usize = 10;
// (Every client stays subscribed until the process ends, after the last round is measured.)

#[tokio::main]
async fn main() {
    let clients: usize = std::env::var("QUIZROOM_BENCH_CLIENTS").ok().and_then(|s| s.parse().ok()).unwrap_or(5000);
    let server = Server::start(None).await;
    // A new participant each round: the leaderboard surely changes.
    let mut players = Vec::new();
    for round in 0..ROUNDS {
        players.push(server.sign_up(&format!("player{round}@bench.local")).await);
    }
    let player = players[0].clone();
    assert_eq!(players.len(), ROUNDS);
    let categories: Value = server.client.get(server.url("/api/categories")).bearer_auth(&player).send().await.unwrap().json().await.unwrap();
    let category_id = categories[0]["id"].as_i64().unwrap();
    let questions: Value =
        server.client.get(server.url(&format!("/api/question/{category_id}"))).bearer_auth(&player).send().await.unwrap().json().await.unwrap();
    let question_ids: Vec<i64> = questions["questions"].as_array().unwrap().iter().map(|q| q["id"].as_i64().unwrap()).collect();

    let rss_before = server.rss();
    let (starts, _) = broadcast::channel::<Instant>(ROUNDS);
    let (results, mut latencies) = mpsc::unbounded_channel::<(usize, Duration)>();
    let (ready_tx, mut ready) = mpsc::unbounded_channel::<()>();
    let exp = chrono::Utc::now().timestamp() + 3600;
    let connecting = Instant::now();
    for i in 0..clients {
        let claims = json!({ "sub": format!("watcher-{i}"), "iat": exp - 3600, "exp": exp });
        let token = jsonwebtoken::encode(&jsonwebtoken::Header::default(), &claims, &jsonwebtoken::EncodingKey::from_secret(SECRET.as_bytes())).unwrap();
        let url = format!("ws://{}/ws?token={token}", server.addr);
        let (mut starts, results, ready_tx) = (starts.subscribe(), results.clone(), ready_tx.clone());
        tokio::spawn(async move {
            let (mut socket, _) = tokio_tungstenite::connect_async(url).await.expect("connect (is ulimit -n high enough?)");
            let subscribe = json!({ "type": "subscribe", "channel": format!("quiz:{category_id}") });
            socket.send(Message::Text(subscribe.to_string().into())).await.unwrap();
            let mut boards = 0;
            while let Some(Ok(message)) = socket.next().await {
                let Message::Text(text) = message else { continue };
                if !text.contains(r#""type":"leaderboard""#) {
                    continue;
                }
                boards += 1;
                if boards == 1 {
                    let _ = ready_tx.send(());
                    continue;
                }
                let started = starts.recv().await.unwrap();
                let _ = results.send((boards - 2, started.elapsed()));
                // Stay connected: closing now would compete with the deliveries still under way.
            }
        });
        if i % 250 == 249 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    for _ in 0..clients {
        ready.recv().await.unwrap();
    }
    let connected_in = connecting.elapsed();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_after = server.rss();

    println!("# Live leaderboard fan-out\n");
    println!(
        "{clients} clients connected and subscribed in {:.1} s; server memory {:.1} MiB before, {:.1} MiB after: {:.1} KiB per connection\n",
        connected_in.as_secs_f64(),
        rss_before as f64 / 1048576.0,
        rss_after as f64 / 1048576.0,
        (rss_after.saturating_sub(rss_before)) as f64 / clients as f64 / 1024.0
    );
    println!("| change | reached | p50 | p99 | max |");
    println!("|---:|---:|---:|---:|---:|");
    let mut all = Vec::new();
    for (round, player) in players.iter().enumerate() {
        server.post("/api/attempt/start", player, json!({ "categoryId": category_id })).await;
        let answers: Vec<Value> = question_ids.iter().map(|id| json!({ "questionId": id, "status": "A" })).collect();
        let _ = starts.send(Instant::now());
        server.post("/api/question/score", player, json!({ "categoryId": category_id, "answers": answers })).await;
        let mut round_latencies = Vec::with_capacity(clients);
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while round_latencies.len() < clients {
            match tokio::time::timeout_at(deadline, latencies.recv()).await {
                Ok(Some((_, latency))) => round_latencies.push(latency),
                _ => break,
            }
        }
        round_latencies.sort_unstable();
        if round_latencies.is_empty() {
            println!("| {} | 0 | - | - | - |", round + 1);
            continue;
        }
        println!(
            "| {} | {} | {:.1} ms | {:.1} ms | {:.1} ms |",
            round + 1,
            round_latencies.len(),
            ms(percentile(&round_latencies, 0.5)),
            ms(percentile(&round_latencies, 0.99)),
            ms(*round_latencies.last().unwrap())
        );
        all.extend(round_latencies);
        tokio::time::sleep(Duration::from_millis(600)).await;
    }
    all.sort_unstable();
    if !all.is_empty() {
        println!("\nall changes: p50 {:.1} ms, p99 {:.1} ms (target: p99 under 250 ms)", ms(percentile(&all, 0.5)), ms(percentile(&all, 0.99)));
    }
}
