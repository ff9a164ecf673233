//! SQLite's write-ahead log under steady writes (decision 0031): commits do not checkpoint, a
//! connection of its own does, and the log still starts over instead of growing without end.

use std::path::PathBuf;

use quizroom_eventstore::testing::TestDb;
use quizroom_eventstore::{EventStore, ExpectedVersion, NewEvent, StoreOptions};
use serde_json::json;

#[tokio::test]
async fn the_write_ahead_log_starts_over_under_steady_writes() {
    let db = TestDb::sqlite();
    let store = EventStore::connect(&db.url, StoreOptions::default()).await.unwrap();
    let wal = PathBuf::from(format!("{}-wal", db.url.strip_prefix("sqlite://").unwrap()));
    // A reader beside the writes, as the projectors and the API are.
    let reading = {
        let store = store.clone();
        tokio::spawn(async move {
            loop {
                store.count().await.unwrap();
                tokio::task::yield_now().await;
            }
        })
    };
    // About 60 MB of events without a pause, in appends of ten.
    let payload = "x".repeat(4000);
    let mut largest = 0;
    for i in 0..1500 {
        let events = (0..10).map(|_| NewEvent::new("Large", json!({ "payload": payload }))).collect();
        store.append(&format!("s-{i}"), ExpectedVersion::NoStream, events).await.unwrap();
        largest = largest.max(std::fs::metadata(&wal).map_or(0, |m| m.len()));
    }
    reading.abort();
    assert_eq!(store.count().await.unwrap(), 15_000);
    // The log starts over once it is past 16 MB: it never holds all 60 MB.
    assert!(largest < 40 << 20, "the log grew to {largest} bytes");
    store.close().await;
}
