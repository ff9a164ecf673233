//! Catch-up read: how fast a subscriber reads a log of 1,000,000 events from the start.
//!
//!   cargo bench --bench catchup                       # both backends, 1,000,000 events
//!   QUIZROOM_BENCH_EVENTS=200000 cargo bench --bench catchup
//!
//! The log is written in 500-event appends over 1,000 streams first (not timed as the figure).

use std::time::Instant;

use quizroom_eventstore::testing::TestDb;
use quizroom_eventstore::{Cursor, EventStore, ExpectedVersion, NewEvent, StoreOptions};
use serde_json::json;
use tokio_util::sync::CancellationToken;

async fn bench_backend(db: &TestDb, name: &str, total: usize) {
    let store = EventStore::connect(&db.url, StoreOptions::default()).await.unwrap();
    let started = Instant::now();
    let mut written = 0;
    let mut i = 0;
    while written < total {
        let n = 500.min(total - written);
        let events = (0..n).map(|k| NewEvent::new("AnswerRecorded", json!({ "question": k, "answer": "B", "at": 1_700_000_000_000i64 + k as i64 }))).collect();
        store.append(&format!("attempt-{}", i % 1000), ExpectedVersion::Any, events).await.unwrap();
        written += n;
        i += 1;
    }
    let write_s = started.elapsed().as_secs_f64();

    let started = Instant::now();
    let mut subscription = store.subscribe(Cursor::START, CancellationToken::new());
    let mut read = 0usize;
    let mut last = 0;
    loop {
        let batch = subscription.next_batch().await.unwrap();
        if batch.is_empty() {
            break;
        }
        assert!(batch[0].position > last);
        last = batch.last().unwrap().position;
        read += batch.len();
    }
    let read_s = started.elapsed().as_secs_f64();
    assert_eq!(read, total);
    println!("| {name} | {total} | {:.0} | {:.2} s | {:.0} |", total as f64 / write_s, read_s, read as f64 / read_s);
    store.close().await;
}

#[tokio::main]
async fn main() {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let total: usize = std::env::var("QUIZROOM_BENCH_EVENTS").ok().and_then(|s| s.parse().ok()).unwrap_or(1_000_000);
    println!("# Catch-up read\n");
    println!("| backend | events | written/s (setup) | catch-up time | catch-up events/s |");
    println!("|---|---:|---:|---:|---:|");
    bench_backend(&TestDb::sqlite(), "SQLite", total).await;
    if let Some(pg) = TestDb::postgres().await {
        bench_backend(&pg, "PostgreSQL", total).await;
    }
}
