//! Submissions of a 20-question quiz (scored, appended, projected) through the HTTP API, by 32
//! concurrent players, on PostgreSQL. Every player first starts an attempt in each of QUIZZES
//! twenty-question quizzes (not timed); then all players submit all their attempts at once, and
//! the figure is submissions per second over that phase.
//!
//! Two baselines run in the same process right after, because these machines are shared and their
//! speed varies by a factor of two or more from hour to hour: the same players reading their
//! wallet over HTTP (an authenticated request with one query: the HTTP floor), and 32 connections
//! doing bare write transactions on the same PostgreSQL (begin, read a row, insert a row,
//! commit: the durable-write floor). The ratios say how close submissions come to each.
//!
//! The submissions go in eight phases of an eighth of the quizzes: with the insights projector
//! (issue 14) running or held, in the order R H H R H R R H, so its cost to submissions is
//! measured in the same run (QUIZROOM_BENCH_QUIZZES=800 gives phases of 3,200 submissions). It
//! also prints the CPU the server and PostgreSQL took per submission in each kind of phase, and
//! while the projector caught up alone after a held phase (the other asynchronous readers of the
//! log, behind after a phase, catch up then too, so that figure is an upper bound).
//!
//!   cargo bench --bench submissions
//!   QUIZROOM_BENCH_QUIZZES=200 QUIZROOM_BENCH_PLAYERS=32 cargo bench --bench submissions

mod support;

use std::sync::Arc;
use std::time::Instant;

use quizroom_eventstore::testing::TestDb;
use serde_json::{Value, json};
use support::{Server, ms, percentile, postgres_cpu, process_cpu};

fn twenty_questions(n_quiz: usize) -> Vec<u8> {
    let questions: Vec<Value> = (1..=20)
        .map(|n| {
            json!({
                "key": format!("q{n}"),
                "text": format!("What is {n} plus {n}?"),
                "options": [format!("{}", 2 * n), format!("{}", 2 * n + 1), format!("{}", 2 * n + 2), format!("{}", 2 * n + 3)],
                "answer": "A",
                "explanation": format!("{n} + {n} = {}.", 2 * n),
            })
        })
        .collect();
    serde_json::to_vec(&json!({
        "slug": format!("bench-twenty-{n_quiz}"), "name": format!("Benchmark: Twenty Sums {n_quiz}"),
        "description": "Twenty questions.", "time_limit": 60, "questions": questions
    }))
    .unwrap()
}

#[tokio::main]
async fn main() {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let quizzes: usize = std::env::var("QUIZROOM_BENCH_QUIZZES").ok().and_then(|s| s.parse().ok()).unwrap_or(100);
    let players: usize = std::env::var("QUIZROOM_BENCH_PLAYERS").ok().and_then(|s| s.parse().ok()).unwrap_or(32);
    let Some(db) = TestDb::postgres().await else {
        println!("PostgreSQL is not reachable: nothing measured");
        return;
    };
    // The quizzes: twenty questions each, published the way the catalogue is.
    let store = quizroom_api::open_store(&quizroom_api::DbArgs { data_dir: std::env::temp_dir(), database_url: Some(db.url.clone()) }).await.unwrap();
    let files = (0..quizzes).map(|n| (format!("bench-{n}.json"), twenty_questions(n))).collect();
    quizroom_api::catalogue::publish_files(&store, files).await.unwrap();
    let category_ids: Vec<i64> = sqlx::query_scalar::<_, i64>("select category_id from category where slug like 'bench-twenty-%' order by category_id")
        .fetch_all(store.pool())
        .await
        .unwrap();
    store.close().await;

    let server = Arc::new(Server::start(Some(&db.url)).await);
    let mut tokens = Vec::new();
    for p in 0..players {
        tokens.push(server.sign_up(&format!("p{p}@bench.local")).await);
    }
    // Every quiz has the same twenty answers in its own question ids; fetch each quiz's ids.
    let mut answers_by_quiz = Vec::new();
    for id in &category_ids {
        let questions: Value =
            server.client.get(server.url(&format!("/api/question/{id}"))).bearer_auth(&tokens[0]).send().await.unwrap().json().await.unwrap();
        let answers: Vec<Value> = questions["questions"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .map(|(i, q)| {
                let status = ["A", "B", "A", "C"][i % 4];
                json!({ "questionId": q["id"], "status": status })
            })
            .collect();
        assert_eq!(answers.len(), 20);
        answers_by_quiz.push((*id, answers));
    }
    let answers_by_quiz = Arc::new(answers_by_quiz);

    // Not timed: every player starts an attempt in every quiz.
    let starting: Vec<_> = tokens
        .iter()
        .map(|token| {
            let (server, token, quizzes) = (server.clone(), token.clone(), answers_by_quiz.clone());
            tokio::spawn(async move {
                for (id, _) in quizzes.iter() {
                    server.post("/api/attempt/start", &token, json!({ "categoryId": id })).await;
                }
            })
        })
        .collect();
    for t in starting {
        t.await.unwrap();
    }

    // The submissions in eight phases of an eighth of the quizzes each, the insights projector
    // running (R) or held (H: its checkpoint row locked by this process, so the server's projector
    // finds it busy and does nothing) in the order R H H R H R R H: a drift of the machine's speed
    // over the run, and the first phase's warming up, fall on both or against running. After a
    // held phase the projector catches up before the next.
    const HELD: [bool; 8] = [false, true, true, false, true, false, false, true];
    let eighth = answers_by_quiz.len() / 8;
    let (mut latencies, mut elapsed) = (Vec::new(), std::time::Duration::ZERO);
    let (mut on, mut off) = (Vec::new(), Vec::new());
    // CPU seconds (server and PostgreSQL) per submission in running and held phases, and of the
    // projector alone as it catches up after a held phase.
    let cpu = || process_cpu(server.process.id()) + postgres_cpu();
    let (mut on_cpu, mut off_cpu, mut catch_up_cpu) = (Vec::new(), Vec::new(), Vec::new());
    let lock_pool = sqlx::postgres::PgPoolOptions::new().max_connections(1).connect(&db.url).await.unwrap();
    for (phase, held) in HELD.into_iter().enumerate() {
        let slice = answers_by_quiz[phase * eighth..(phase + 1) * eighth].to_vec();
        let held = if held {
            let mut tx = lock_pool.begin().await.unwrap();
            sqlx::query("select 1 from checkpoints where name = 'insights' for update").execute(&mut *tx).await.unwrap();
            Some(tx)
        } else {
            None
        };
        let cpu_before = cpu();
        let (phase_latencies, phase_elapsed) = submit_all(&server, &tokens, Arc::new(slice)).await;
        let n = phase_latencies.len() as f64;
        let rate = n / phase_elapsed.as_secs_f64();
        let cpu_submitted = cpu();
        let caught_up = Instant::now();
        if let Some(tx) = held {
            off.push(rate);
            off_cpu.push((cpu_submitted - cpu_before) / n);
            tx.rollback().await.unwrap();
            insights_caught_up(&lock_pool).await;
            catch_up_cpu.push((cpu() - cpu_submitted) / n);
        } else {
            on.push(rate);
            on_cpu.push((cpu_submitted - cpu_before) / n);
        }
        insights_caught_up(&lock_pool).await;
        if phase == 0 {
            println!(
                "(the insights projector had read the log to its head {:.2} s after the last submission of a phase it ran in)",
                caught_up.elapsed().as_secs_f64()
            );
        }
        latencies.extend(phase_latencies);
        elapsed += phase_elapsed;
    }
    let submissions = latencies.len() as f64 / elapsed.as_secs_f64();
    latencies.sort_unstable();
    println!("# Submissions on PostgreSQL\n");
    println!("| players | submissions | time | submissions/s | p50 | p99 |");
    println!("|---:|---:|---:|---:|---:|---:|");
    println!(
        "| {players} | {} | {:.1} s | {:.0} | {:.1} ms | {:.1} ms |",
        latencies.len(),
        elapsed.as_secs_f64(),
        submissions,
        ms(percentile(&latencies, 0.5)),
        ms(percentile(&latencies, 0.99))
    );
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    println!("\n| insights projector | submissions/s (mean of 4 phases) |");
    println!("|---|---:|");
    println!("| running | {:.0} |", mean(&on));
    println!("| held | {:.0} |", mean(&off));
    println!("| running / held | **{:.1}%** |", 100.0 * mean(&on) / mean(&off));
    let us = |v: &[f64]| mean(v) * 1e6;
    println!("\n| CPU of the server and PostgreSQL | per submission |");
    println!("|---|---:|");
    println!("| phases with the projector running | {:.0} µs |", us(&on_cpu));
    println!("| phases with the projector held | {:.0} µs |", us(&off_cpu));
    println!(
        "| the projector alone, catching up after a held phase | {:.0} µs ({:.1}% of a held phase's) |",
        us(&catch_up_cpu),
        100.0 * mean(&catch_up_cpu) / mean(&off_cpu)
    );

    let count = latencies.len();
    let reads = http_baseline(&server, &tokens, count).await;
    let writes = pg_baseline(&db.url, players, count).await;
    println!("\n| baseline (same run) | per second | submissions / baseline |");
    println!("|---|---:|---:|");
    println!("| HTTP: GET /api/wallet by the same players | {reads:.0} | {:.2} |", submissions / reads);
    println!("| PostgreSQL: begin, select, insert, commit on {players} connections | {writes:.0} | {:.2} |", submissions / writes);
}

/// Every player submits every quiz of `quizzes`; the latencies and the time it took.
async fn submit_all(server: &Arc<Server>, tokens: &[String], quizzes: Arc<Vec<(i64, Vec<Value>)>>) -> (Vec<std::time::Duration>, std::time::Duration) {
    let started = Instant::now();
    let tasks: Vec<_> = tokens
        .iter()
        .map(|token| {
            let (server, quizzes, token) = (server.clone(), quizzes.clone(), token.clone());
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                for (id, answers) in quizzes.iter() {
                    let t = Instant::now();
                    let result = server.post("/api/question/score", &token, json!({ "categoryId": id, "answers": answers })).await;
                    latencies.push(t.elapsed());
                    assert_eq!(result["points"], 100);
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

/// Waits until the insights projector has read the whole log.
async fn insights_caught_up(pool: &sqlx::PgPool) {
    for _ in 0..6000 {
        let (head_tx, head, at_tx, at): (i64, i64, i64, i64) = sqlx::query_as(
            "select coalesce((select tx_id::text::bigint from events order by tx_id desc, global_position desc limit 1), 0), \
             coalesce((select global_position from events order by tx_id desc, global_position desc limit 1), 0), \
             coalesce((select cursor_tx from checkpoints where name = 'insights'), 0), \
             coalesce((select cursor_position from checkpoints where name = 'insights'), 0)",
        )
        .fetch_one(pool)
        .await
        .unwrap();
        if (at_tx, at) >= (head_tx, head) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    panic!("the insights projector did not catch up in 60 s");
}

/// Authenticated reads per second: `count` requests over the players, each player one at a time.
async fn http_baseline(server: &Arc<Server>, tokens: &[String], count: usize) -> f64 {
    let each = count / tokens.len();
    let started = Instant::now();
    let tasks: Vec<_> = tokens
        .iter()
        .map(|token| {
            let (server, token) = (server.clone(), token.clone());
            tokio::spawn(async move {
                for _ in 0..each {
                    let response = server.client.get(server.url("/api/wallet")).bearer_auth(&token).send().await.unwrap();
                    assert!(response.status().is_success());
                    response.bytes().await.unwrap();
                }
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    (each * tokens.len()) as f64 / started.elapsed().as_secs_f64()
}

/// Bare durable write transactions per second on `connections` connections.
async fn pg_baseline(url: &str, connections: usize, count: usize) -> f64 {
    // As the server connects on loopback: without TLS.
    let url = format!("{url}{}sslmode=disable", if url.contains('?') { '&' } else { '?' });
    let pool = sqlx::postgres::PgPoolOptions::new().max_connections(connections as u32).connect(&url).await.unwrap();
    sqlx::query("create table bench_baseline (id bigserial primary key, player int not null, payload text not null)").execute(&pool).await.unwrap();
    let each = count / connections;
    let started = Instant::now();
    let tasks: Vec<_> = (0..connections as i32)
        .map(|player| {
            let pool = pool.clone();
            tokio::spawn(async move {
                for n in 0..each {
                    let mut tx = pool.begin().await.unwrap();
                    sqlx::query("select id from bench_baseline where id = $1").bind(n as i64).fetch_optional(&mut *tx).await.unwrap();
                    sqlx::query("insert into bench_baseline (player, payload) values ($1, $2)")
                        .bind(player)
                        .bind("twenty answers")
                        .execute(&mut *tx)
                        .await
                        .unwrap();
                    tx.commit().await.unwrap();
                }
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    let per_second = (each * connections) as f64 / started.elapsed().as_secs_f64();
    pool.close().await;
    per_second
}
