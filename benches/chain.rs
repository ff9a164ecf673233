//! The hash chain (decision 0023): how fast `verify` checks the log, and what the chainer running
//! behind the writes costs them (appends with the chainer on against appends with it off, in the
//! same run, alternated so the machine's noise falls on both).
//!
//!   cargo bench --bench chain
//!   QUIZROOM_BENCH_EVENTS=200000 QUIZROOM_BENCH_SECONDS=5 cargo bench --bench chain
//!
//! PostgreSQL comes from QUIZROOM_TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres);
//! it is skipped with a message when unreachable.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use quizroom_eventstore::chain;
use quizroom_eventstore::testing::TestDb;
use quizroom_eventstore::{EventStore, ExpectedVersion, NewEvent, StoreOptions};
use serde_json::json;
use tokio_util::sync::CancellationToken;

/// The server's allocator (`src/main.rs`), so `verify` is measured as `quizroom verify` and the API run it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// An event about the size of an answer saved in an attempt.
fn event(n: usize) -> NewEvent {
    NewEvent::new("AnswerRecorded", json!({ "question_id": n % 1000, "answer": "B", "marked": false, "at": 1_800_000_000_000i64 + n as i64 }))
}

/// Fills the log with `events` events, 100 per append, from 4 writers.
async fn fill(store: &EventStore, events: usize) {
    let writers = 4;
    let per_writer = events / writers / 100;
    let tasks: Vec<_> = (0..writers)
        .map(|w| {
            let store = store.clone();
            tokio::spawn(async move {
                for i in 0..per_writer {
                    let batch = (0..100).map(|k| event(i * 100 + k)).collect();
                    store.append(&format!("fill-{w}-{i}"), ExpectedVersion::NoStream, batch).await.unwrap();
                }
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
}

/// Events appended per second by `writers` writers (one event per append, each to its own stream)
/// for `seconds`.
async fn append_rate(store: &EventStore, writers: usize, seconds: f64) -> f64 {
    let count = Arc::new(AtomicU64::new(0));
    let run = uuid::Uuid::new_v4().simple().to_string();
    let until = Instant::now() + Duration::from_secs_f64(seconds);
    let started = Instant::now();
    let tasks: Vec<_> = (0..writers)
        .map(|w| {
            let (store, count, run) = (store.clone(), count.clone(), run.clone());
            tokio::spawn(async move {
                let mut version = 0;
                while Instant::now() < until {
                    let expected = if version == 0 { ExpectedVersion::NoStream } else { ExpectedVersion::Exact(version) };
                    store.append(&format!("rate-{run}-{w}"), expected, vec![event(version as usize)]).await.unwrap();
                    version += 1;
                    count.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    count.load(Ordering::Relaxed) as f64 / started.elapsed().as_secs_f64()
}

async fn bench_backend(db: &TestDb, name: &str, events: usize, seconds: f64) {
    println!("\n## {name}\n");
    let store = EventStore::connect(&db.url, StoreOptions { max_connections: Some(8), ..Default::default() }).await.unwrap();
    let t = Instant::now();
    fill(&store, events).await;
    quizroom_eventstore::testing::settled(&store).await;
    let filled = t.elapsed();
    let t = Instant::now();
    chain::chain_all(&store).await.unwrap();
    let chained = t.elapsed();
    let mut verify_rates = Vec::new();
    for _ in 0..3 {
        let t = Instant::now();
        let report = chain::verify(&store).await.unwrap();
        assert!(report.broken.is_none(), "{report:?}");
        verify_rates.push(report.verified as f64 / t.elapsed().as_secs_f64());
    }
    verify_rates.sort_by(f64::total_cmp);
    println!("| figure | value |");
    println!("|---|---:|");
    println!("| events in the log | {events} |");
    println!("| filling it (100 per append, 4 writers) | {:.0} events/s |", events as f64 / filled.as_secs_f64());
    println!("| chaining it (chainer catching up) | {:.0} events/s |", events as f64 / chained.as_secs_f64());
    println!("| `verify` (median of 3) | **{:.0} events/s** |", verify_rates[1]);

    // Appends with the chainer off and on, alternated.
    let writers = 8;
    let (mut off, mut on) = (Vec::new(), Vec::new());
    for _ in 0..3 {
        off.push(append_rate(&store, writers, seconds).await);
        // The chainer starts caught up: what it costs running alongside, not a backlog.
        chain::chain_all(&store).await.unwrap();
        let stop = CancellationToken::new();
        let chainer = tokio::spawn(chain::run_chainer(store.clone(), stop.clone()));
        on.push(append_rate(&store, writers, seconds).await);
        stop.cancel();
        chainer.await.unwrap();
        chain::chain_all(&store).await.unwrap();
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    println!("| appends, {writers} writers, chainer off (mean of 3 × {seconds} s) | {:.0} events/s |", mean(&off));
    println!("| appends, {writers} writers, chainer on (mean of 3 × {seconds} s) | {:.0} events/s |", mean(&on));
    println!("| on / off | **{:.1}%** |", 100.0 * mean(&on) / mean(&off));
    let report = chain::verify(&store).await.unwrap();
    assert!(report.broken.is_none() && report.pending == 0, "{report:?}");
    store.close().await;
}

#[tokio::main]
async fn main() {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let events: usize = std::env::var("QUIZROOM_BENCH_EVENTS").ok().and_then(|s| s.parse().ok()).unwrap_or(200_000);
    let seconds: f64 = std::env::var("QUIZROOM_BENCH_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(3.0);
    println!("# The hash chain: verification and its cost to appends");
    let sqlite = TestDb::sqlite();
    bench_backend(&sqlite, "SQLite (WAL, synchronous=full, one writer)", events, seconds).await;
    if let Some(pg) = TestDb::postgres().await {
        bench_backend(&pg, "PostgreSQL", events, seconds).await;
    }
}
