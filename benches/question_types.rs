//! Submissions of 20 questions of mixed types against 20 questions A–D, through the HTTP API, by
//! 32 concurrent players on PostgreSQL, in the same run (issue 29: mixed at least 0.9× A–D).
//!
//! Every player starts an attempt in each of QUIZZES quizzes of each kind (not timed); then all
//! players submit in eight phases, each an eighth of one kind's quizzes, in the order
//! A M M A M A A M (A: questions A–D, M: mixed), so a drift of the machine's speed over the run,
//! and the first phase's warming up, fall on both kinds. The mixed quiz cycles through single
//! choice A–D, true/false, multi-select, typed answer, numeric, slider, ordering, matching,
//! categorize and gaps; each answer is a response of its type. Each quiz's request body is
//! written once before the clock starts and the client reads only the points of each result, so
//! the generator's own work (on the same two cores) weighs as little as it can on either kind;
//! the CPU taken per submission by the server, PostgreSQL and the generator is printed per kind.
//!
//!   cargo bench --bench question_types
//!   QUIZROOM_BENCH_QUIZZES=200 QUIZROOM_BENCH_PLAYERS=32 cargo bench --bench question_types

mod support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use quizroom_eventstore::testing::TestDb;
use serde_json::{Value, json};
use support::{Server, generator_cpu, ms, percentile, postgres_cpu, process_cpu};

/// Question `n` (1–20) of a mixed quiz: its definition and a response of its type.
fn mixed(n: usize) -> (Value, Value) {
    match n % 10 {
        1 => (json!({ "options": ["2", "3", "4", "5"], "answer": "A" }), json!({ "status": "A" })),
        2 => (json!({ "definition": { "type": "true_false", "answer": true } }), json!({ "response": { "bool": true } })),
        3 => (
            json!({ "definition": { "type": "multi_select", "options": ["2", "3", "4", "9"], "right": [0, 1] } }),
            json!({ "response": { "choices": [0, 1] } }),
        ),
        4 => (json!({ "definition": { "type": "type_answer", "accepted": ["Paris", "Paname"] } }), json!({ "response": { "text": "paris" } })),
        5 => (
            json!({ "definition": { "type": "numeric", "answer": 9.81, "tolerance": { "kind": "absolute", "value": 0.05 } } }),
            json!({ "response": { "number": 9.8 } }),
        ),
        6 => (
            json!({ "definition": { "type": "slider", "min": 0, "max": 100, "step": 1, "target": 40, "margin": 10 } }),
            json!({ "response": { "number": 45 } }),
        ),
        7 => (json!({ "definition": { "type": "ordering", "items": ["a", "b", "c", "d"] } }), json!({ "response": { "order": [3, 2, 1, 0] } })),
        8 => (
            json!({ "definition": { "type": "matching", "pairs": [{ "left": "x", "right": "1" }, { "left": "y", "right": "2" }], "distractors": ["3"] } }),
            json!({ "response": { "pairs": [0, 1] } }),
        ),
        9 => (
            json!({ "definition": { "type": "categorize", "groups": ["odd", "even"], "items": [{ "text": "1", "group": 0 }, { "text": "2", "group": 1 }, { "text": "3", "group": 0 }] } }),
            json!({ "response": { "groups": [0, 1, 0] } }),
        ),
        _ => (
            json!({ "definition": { "type": "gaps", "text": "Roses are {{1}}, the sky is {{2}}.", "gaps": [{ "type": "choice", "options": ["red", "green"], "right": 0 }, { "type": "typed", "accepted": ["blue"] }] } }),
            json!({ "response": { "gaps": [{ "choice": 0 }, { "text": "blue" }] } }),
        ),
    }
}

/// A catalogue file of twenty questions, A–D or mixed.
fn quiz_file(n_quiz: usize, kind: &str) -> Vec<u8> {
    let questions: Vec<Value> = (1..=20)
        .map(|n| {
            let mut q = if kind == "mixed" { mixed(n).0 } else { json!({ "options": ["2", "3", "4", "5"], "answer": "A" }) };
            q["key"] = json!(format!("q{n}"));
            q["text"] = json!(format!("Question {n}?"));
            q["explanation"] = json!("");
            q
        })
        .collect();
    serde_json::to_vec(&json!({
        "slug": format!("bench-{kind}-{n_quiz}"), "name": format!("Benchmark: {kind} {n_quiz}"),
        "description": "Twenty questions.", "time_limit": 60, "questions": questions
    }))
    .unwrap()
}

#[tokio::main]
async fn main() {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let quizzes: usize = std::env::var("QUIZROOM_BENCH_QUIZZES").ok().and_then(|s| s.parse().ok()).unwrap_or(80);
    let players: usize = std::env::var("QUIZROOM_BENCH_PLAYERS").ok().and_then(|s| s.parse().ok()).unwrap_or(32);
    let Some(db) = TestDb::postgres().await else {
        println!("PostgreSQL is not reachable: nothing measured");
        return;
    };
    let store = quizroom_api::open_store(&quizroom_api::DbArgs { data_dir: std::env::temp_dir(), database_url: Some(db.url.clone()) }).await.unwrap();
    let files = ["abcd", "mixed"].iter().flat_map(|kind| (0..quizzes).map(move |n| (format!("bench-{kind}-{n}.json"), quiz_file(n, kind)))).collect();
    quizroom_api::catalogue::publish_files(&store, files).await.unwrap();
    let ids = |kind: &'static str| {
        let pool = store.pool().clone();
        async move {
            sqlx::query_scalar::<_, i64>("select category_id from category where slug like $1 order by category_id")
                .bind(format!("bench-{kind}-%"))
                .fetch_all(&pool)
                .await
                .unwrap()
        }
    };
    let (abcd_ids, mixed_ids) = (ids("abcd").await, ids("mixed").await);
    store.close().await;

    let server = Arc::new(Server::start(Some(&db.url)).await);
    let mut tokens = Vec::new();
    for p in 0..players {
        tokens.push(server.sign_up(&format!("p{p}@bench.local")).await);
    }
    // Each quiz's answers by its own question ids (the same for every player).
    let answers = |kind: &str, ids: &[i64]| {
        let server = server.clone();
        let token = tokens[0].clone();
        let ids = ids.to_vec();
        let mixed_kind = kind == "mixed";
        async move {
            let mut out = Vec::new();
            for id in ids {
                let questions: Value =
                    server.client.get(server.url(&format!("/api/question/{id}"))).bearer_auth(&token).send().await.unwrap().json().await.unwrap();
                let answers: Vec<Value> = questions["questions"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .enumerate()
                    .map(|(i, q)| {
                        let mut a = if mixed_kind { mixed(i + 1).1 } else { json!({ "status": (["A", "B", "A", "C"][i % 4]) }) };
                        a["questionId"] = q["id"].clone();
                        a
                    })
                    .collect();
                out.push(serde_json::to_vec(&json!({ "categoryId": id, "answers": answers })).unwrap());
            }
            out
        }
    };
    let abcd = answers("abcd", &abcd_ids).await;
    let mixed_quizzes = answers("mixed", &mixed_ids).await;

    // Not timed: every player starts an attempt in every quiz.
    let all: Arc<Vec<i64>> = Arc::new(abcd_ids.iter().chain(&mixed_ids).copied().collect());
    let starting: Vec<_> = tokens
        .iter()
        .map(|token| {
            let (server, token, all) = (server.clone(), token.clone(), all.clone());
            tokio::spawn(async move {
                for id in all.iter() {
                    server.post("/api/attempt/start", &token, json!({ "categoryId": id })).await;
                }
            })
        })
        .collect();
    for t in starting {
        t.await.unwrap();
    }

    const MIXED: [bool; 8] = [false, true, true, false, true, false, false, true];
    let quarter = quizzes / 4;
    let (mut taken_abcd, mut taken_mixed) = (0, 0);
    let mut measured: [(Vec<Duration>, Duration); 2] = Default::default();
    // CPU seconds per kind: the server, PostgreSQL, the generator.
    let mut cpu = [[0.0; 3]; 2];
    let cpu_now = || [process_cpu(server.process.id()), postgres_cpu(), generator_cpu()];
    for is_mixed in MIXED {
        let (set, taken) = if is_mixed { (&mixed_quizzes, &mut taken_mixed) } else { (&abcd, &mut taken_abcd) };
        let slice = Arc::new(set[*taken..*taken + quarter].to_vec());
        *taken += quarter;
        let before = cpu_now();
        let (latencies, elapsed) = submit_all(&server, &tokens, slice).await;
        for (sum, (after, before)) in cpu[usize::from(is_mixed)].iter_mut().zip(cpu_now().iter().zip(before)) {
            *sum += after - before;
        }
        let (all, time) = &mut measured[usize::from(is_mixed)];
        all.extend(latencies);
        *time += elapsed;
    }
    println!("# Submissions of 20 questions on PostgreSQL: mixed types against A–D\n");
    println!("| questions | players | submissions | submissions/s | p50 | p99 | CPU per submission: server, PostgreSQL, generator |");
    println!("|---|---:|---:|---:|---:|---:|---|");
    let mut rates = [0.0; 2];
    for (i, name) in ["20 A–D", "20 of mixed types"].iter().enumerate() {
        let (latencies, time) = &mut measured[i];
        latencies.sort_unstable();
        rates[i] = latencies.len() as f64 / time.as_secs_f64();
        let per = |seconds: f64| seconds * 1000.0 / latencies.len() as f64;
        println!(
            "| {name} | {players} | {} | {:.0} | {:.1} ms | {:.1} ms | {:.2}, {:.2}, {:.2} ms |",
            latencies.len(),
            rates[i],
            ms(percentile(latencies, 0.5)),
            ms(percentile(latencies, 0.99)),
            per(cpu[i][0]),
            per(cpu[i][1]),
            per(cpu[i][2])
        );
    }
    println!("\nmixed / A–D: **{:.2}**", rates[1] / rates[0]);
}

/// What the client reads of a result: its points (the rest is skipped, not built).
#[derive(serde::Deserialize)]
struct Points {
    #[allow(dead_code)]
    points: i64,
}

/// Every player submits every quiz of `quizzes` (their request bodies); the latencies and the
/// time it took.
async fn submit_all(server: &Arc<Server>, tokens: &[String], quizzes: Arc<Vec<Vec<u8>>>) -> (Vec<Duration>, Duration) {
    let started = Instant::now();
    let tasks: Vec<_> = tokens
        .iter()
        .map(|token| {
            let (server, quizzes, token) = (server.clone(), quizzes.clone(), token.clone());
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                for body in quizzes.iter() {
                    let t = Instant::now();
                    let response = server
                        .client
                        .post(server.url("/api/question/score"))
                        .bearer_auth(&token)
                        .header("content-type", "application/json")
                        .body(body.clone())
                        .send()
                        .await
                        .unwrap();
                    assert!(response.status().is_success(), "{}", response.status());
                    // A result without its points fails here.
                    serde_json::from_slice::<Points>(&response.bytes().await.unwrap()).unwrap();
                    latencies.push(t.elapsed());
                }
                latencies
            })
        })
        .collect();
    let mut latencies = Vec::new();
    for t in tasks {
        latencies.extend(t.await.unwrap());
    }
    (latencies, started.elapsed())
}
