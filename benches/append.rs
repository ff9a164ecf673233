//! Append throughput and latency of the event store, beside a baseline measured in the same run
//! on the same database with the same concurrency: bare single-row INSERT transactions into a
//! plain table, through the same connections (on SQLite the same single writer).
//!
//!   cargo bench --bench append                 # both backends
//!   QUIZROOM_BENCH_SECONDS=5 cargo bench --bench append
//!
//! PostgreSQL comes from QUIZROOM_TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres);
//! it is skipped with a message when unreachable.

use std::time::{Duration, Instant};

use quizroom_eventstore::testing::TestDb;
use quizroom_eventstore::{EventStore, ExpectedVersion, NewEvent, StoreOptions};
use serde_json::json;

struct Figures {
    events_per_s: f64,
    p50: Duration,
    p99: Duration,
}

fn figures(events: usize, elapsed: Duration, mut latencies: Vec<Duration>) -> Figures {
    latencies.sort_unstable();
    let at = |q: f64| latencies[((latencies.len() as f64 - 1.0) * q).round() as usize];
    Figures { events_per_s: events as f64 / elapsed.as_secs_f64(), p50: at(0.50), p99: at(0.99) }
}

/// Runs `writers` tasks doing `op` until `seconds` pass; returns per-op latencies and elapsed time.
async fn drive<F, Fut>(writers: usize, seconds: f64, op: F) -> (Vec<Duration>, Duration)
where
    F: Fn(usize, usize) -> Fut + Send + Sync + Clone + 'static,
    Fut: std::future::Future<Output = ()> + Send,
{
    let started = Instant::now();
    let until = started + Duration::from_secs_f64(seconds);
    let tasks: Vec<_> = (0..writers)
        .map(|w| {
            let op = op.clone();
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut i = 0;
                while Instant::now() < until {
                    let t = Instant::now();
                    op(w, i).await;
                    latencies.push(t.elapsed());
                    i += 1;
                }
                latencies
            })
        })
        .collect();
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.unwrap());
    }
    (all, started.elapsed())
}

async fn bench_backend(db: &TestDb, name: &str, seconds: f64) {
    println!("\n## {name}\n");
    println!("| writers | events/command | store events/s | p50 | p99 | baseline rows/s | p50 | p99 | store/baseline |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for writers in [1usize, 4, 16] {
        let options = StoreOptions { max_connections: Some(writers as u32), ..Default::default() };
        let store = EventStore::connect(&db.url, options).await.unwrap();
        let key = match store.backend() {
            quizroom_eventstore::Backend::Postgres => "bigint generated always as identity primary key",
            quizroom_eventstore::Backend::Sqlite => "integer primary key",
        };
        let table = format!("create table if not exists bench_baseline (id {key}, payload text not null)");
        sqlx::raw_sql(sqlx::AssertSqlSafe(table)).execute(store.pool()).await.unwrap();
        let baseline = {
            let store = store.clone();
            let (latencies, elapsed) = drive(writers, seconds, move |_, _| {
                let store = store.clone();
                async move {
                    let mut tx = store.begin_write().await.unwrap();
                    sqlx::query("insert into bench_baseline (payload) values ($1)")
                        .bind(r#"{"n":1,"payload":"the same size as an event"}"#)
                        .execute(&mut *tx)
                        .await
                        .unwrap();
                    tx.commit().await.unwrap();
                }
            })
            .await;
            figures(latencies.len(), elapsed, latencies)
        };
        for batch in [1usize, 10] {
            let run = uuid::Uuid::new_v4().simple().to_string();
            let store2 = store.clone();
            let (latencies, elapsed) = drive(writers, seconds, move |w, i| {
                let (store, run) = (store2.clone(), run.clone());
                async move {
                    // Each writer appends to its own stream, with the exact expected version.
                    let expected = if i == 0 { ExpectedVersion::NoStream } else { ExpectedVersion::Exact((i * batch) as i64) };
                    let events = (0..batch).map(|k| NewEvent::new("Counted", json!({ "n": k, "payload": "the same size" }))).collect();
                    store.append(&format!("bench-{run}-{w}"), expected, events).await.unwrap();
                }
            })
            .await;
            let store_figures = figures(latencies.len() * batch, elapsed, latencies);
            println!(
                "| {writers} | {batch} | {:.0} | {:.2} ms | {:.2} ms | {:.0} | {:.2} ms | {:.2} ms | {:.0}% |",
                store_figures.events_per_s,
                ms(store_figures.p50),
                ms(store_figures.p99),
                baseline.events_per_s,
                ms(baseline.p50),
                ms(baseline.p99),
                100.0 * store_figures.events_per_s / baseline.events_per_s
            );
        }
        store.close().await;
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let seconds: f64 = std::env::var("QUIZROOM_BENCH_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(3.0);
    println!("# Append throughput ({seconds} s per figure)");
    let sqlite = TestDb::sqlite();
    bench_backend(&sqlite, "SQLite (WAL, synchronous=full, one writer)", seconds).await;
    if let Some(pg) = TestDb::postgres().await {
        bench_backend(&pg, "PostgreSQL", seconds).await;
    }
}
