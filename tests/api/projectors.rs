//! Asynchronous projectors: a crash between the read-model write and the checkpoint loses and
//! doubles nothing, and nodes sharing one database never run one projector at the same time.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use async_trait::async_trait;
use quizroom_eventstore::testing::TestDb;
use quizroom_eventstore::{
    BatchOutcome, Conn, Cursor, ExpectedVersion, NewEvent, ProjectionError, Projector, Reads, RecordedEvent, backend_tests, project_batch,
};
use quizroom_projections::audit::AuditProjector;
use tokio::sync::Notify;

use crate::helpers::{dump, open, random_wallet_workload};

backend_tests! {
    a_crash_between_the_read_model_write_and_the_checkpoint_loses_and_doubles_nothing,
    nodes_sharing_a_database_never_run_one_projector_at_the_same_time,
    a_projector_of_some_streams_is_given_only_theirs_and_its_checkpoint_passes_the_rest,
}

/// Rows of audit_stream as the log says they must be: one per stream, counting its events.
async fn expected_audit(store: &quizroom_eventstore::EventStore) -> Vec<(String, String)> {
    quizroom_eventstore::testing::settled(store).await;
    let mut counts = std::collections::BTreeMap::new();
    for e in store.read_all(quizroom_eventstore::Cursor::START, 1_000_000).await.unwrap() {
        *counts.entry(e.stream_id).or_insert(0i64) += 1;
    }
    counts.into_iter().map(|(s, n)| (s, n.to_string())).collect()
}

async fn audit_counts(store: &quizroom_eventstore::EventStore) -> Vec<(String, String)> {
    dump(store.pool(), "audit_stream").await.into_iter().map(|r| (r[0].clone(), r[2].clone())).collect()
}

/// Writes its read model, then hangs before the checkpoint: the moment to crash.
struct HangsAfterWriting {
    written: Arc<Notify>,
}

#[async_trait]
impl Projector for HangsAfterWriting {
    fn name(&self) -> &'static str {
        AuditProjector.name()
    }
    fn tables(&self) -> &'static [&'static str] {
        AuditProjector.tables()
    }
    async fn apply(&self, conn: &mut Conn, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        AuditProjector.apply(conn, events).await?;
        self.written.notify_one();
        std::future::pending().await
    }
}

async fn a_crash_between_the_read_model_write_and_the_checkpoint_loses_and_doubles_nothing(db: &TestDb) {
    let store = open(&db.url).await;
    random_wallet_workload(&store, 120, 4).await;
    quizroom_eventstore::testing::settled(&store).await;
    // A first batch goes through, so the crash happens with a checkpoint already in place.
    assert_eq!(project_batch(&store, &AuditProjector, 10).await.unwrap(), BatchOutcome::Applied(10));

    let written = Arc::new(Notify::new());
    let hanging = HangsAfterWriting { written: written.clone() };
    let crashing = tokio::spawn({
        let store = store.clone();
        async move { project_batch(&store, &hanging, 50).await }
    });
    // A hang guard only: a loaded machine may take long to write the batch.
    tokio::time::timeout(Duration::from_secs(120), written.notified()).await.unwrap();
    crashing.abort();
    assert!(crashing.await.unwrap_err().is_cancelled());

    // After the restart the projector carries on from its checkpoint.
    quizroom_eventstore::testing::settled(&store).await;
    while project_batch(&store, &AuditProjector, 50).await.unwrap() != BatchOutcome::Applied(0) {}
    assert_eq!(audit_counts(&store).await, expected_audit(&store).await);
}

/// Counts how many nodes are inside `apply` at once.
struct Watched {
    inside: Arc<AtomicUsize>,
    most: Arc<AtomicUsize>,
}

#[async_trait]
impl Projector for Watched {
    fn name(&self) -> &'static str {
        AuditProjector.name()
    }
    fn tables(&self) -> &'static [&'static str] {
        AuditProjector.tables()
    }
    async fn apply(&self, conn: &mut Conn, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let now = self.inside.fetch_add(1, Ordering::SeqCst) + 1;
        self.most.fetch_max(now, Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(5)).await;
        let result = AuditProjector.apply(conn, events).await;
        self.inside.fetch_sub(1, Ordering::SeqCst);
        result
    }
}

async fn nodes_sharing_a_database_never_run_one_projector_at_the_same_time(db: &TestDb) {
    let writer = open(&db.url).await;
    random_wallet_workload(&writer, 200, 4).await;
    quizroom_eventstore::testing::settled(&writer).await;
    let (inside, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let busy = Arc::new(AtomicUsize::new(0));
    // Three nodes: three stores with their own connections, each running the projector.
    let nodes: Vec<_> = (0..3)
        .map(|_| {
            let projector = Watched { inside: inside.clone(), most: most.clone() };
            let busy = busy.clone();
            let url = db.url.clone();
            tokio::spawn(async move {
                let store = quizroom_eventstore::EventStore::connect(&url, Default::default()).await.unwrap();
                loop {
                    match project_batch(&store, &projector, 7).await.unwrap() {
                        BatchOutcome::Applied(0) => break,
                        BatchOutcome::Applied(_) => {}
                        BatchOutcome::Busy => {
                            busy.fetch_add(1, Ordering::SeqCst);
                            tokio::time::sleep(Duration::from_millis(1)).await;
                        }
                    }
                }
            })
        })
        .collect();
    for n in nodes {
        n.await.unwrap();
    }
    assert_eq!(most.load(Ordering::SeqCst), 1, "two nodes projected at once");
    assert_eq!(audit_counts(&writer).await, expected_audit(&writer).await);
    if db.is_postgres() {
        assert!(busy.load(Ordering::SeqCst) > 0, "the nodes never met: the test proved nothing");
    }
}

/// Keeps what it is given.
struct Keeps {
    reads: Reads,
    given: std::sync::Mutex<Vec<RecordedEvent>>,
}

#[async_trait]
impl Projector for Keeps {
    fn name(&self) -> &'static str {
        if self.reads == Reads::Headers { "test_headers" } else { "test_streams" }
    }
    fn tables(&self) -> &'static [&'static str] {
        &[]
    }
    fn reads(&self) -> Reads {
        self.reads
    }
    async fn apply(&self, _: &mut Conn, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        self.given.lock().unwrap().extend_from_slice(events);
        Ok(())
    }
}

async fn a_projector_of_some_streams_is_given_only_theirs_and_its_checkpoint_passes_the_rest(db: &TestDb) {
    let store = open(&db.url).await;
    // Runs of skipped streams longer than a batch's window, between the kept ones.
    for i in 0..90 {
        let stream = if i % 30 < 4 { format!("keep-{}", i % 3) } else { format!("skip-{i}") };
        let event = NewEvent::new("Noted", serde_json::json!({ "i": i }));
        store.append(&stream, ExpectedVersion::Any, vec![event]).await.unwrap();
    }
    quizroom_eventstore::testing::settled(&store).await;
    let all = store.read_all(Cursor::START, 1000).await.unwrap();

    let streams = Keeps { reads: Reads::Streams(&["keep"]), given: Default::default() };
    let mut batches = 0;
    // A limit of 2 passes over at most 20 events a batch.
    while project_batch(&store, &streams, 2).await.unwrap() != BatchOutcome::Applied(0) {
        batches += 1;
    }
    let given: Vec<_> = streams.given.into_inner().unwrap().into_iter().map(|e| (e.position, e.data)).collect();
    let kept: Vec<_> = all.iter().filter(|e| e.stream_type() == "keep").map(|e| (e.position, e.data.clone())).collect();
    assert_eq!(given, kept);
    assert!(batches >= 5, "90 events in windows of 20 take five batches, not {batches}");

    let headers = Keeps { reads: Reads::Headers, given: Default::default() };
    while project_batch(&store, &headers, 25).await.unwrap() != BatchOutcome::Applied(0) {}
    let given = headers.given.into_inner().unwrap();
    assert_eq!(
        given.iter().map(|e| (e.position, e.stream_id.as_str(), e.event_type.as_str())).collect::<Vec<_>>(),
        all.iter().map(|e| (e.position, e.stream_id.as_str(), e.event_type.as_str())).collect::<Vec<_>>()
    );
    assert!(given.iter().all(|e| e.data.is_null()), "headers carry no payload");

    // Both checkpoints stand at the end of the log: a new event is the next one either reads.
    store.append("keep-9", ExpectedVersion::Any, vec![NewEvent::new("Noted", serde_json::json!({ "i": 90 }))]).await.unwrap();
    quizroom_eventstore::testing::settled(&store).await;
    let next = Keeps { reads: Reads::Streams(&["keep"]), given: Default::default() };
    assert_eq!(project_batch(&store, &next, 2).await.unwrap(), BatchOutcome::Applied(1));
    assert_eq!(next.given.into_inner().unwrap().iter().map(|e| e.stream_id.as_str()).collect::<Vec<_>>(), ["keep-9"]);
}
