//! The event store's conformance suite: every test runs against SQLite and PostgreSQL.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use quizroom_eventstore::testing::TestDb;
use quizroom_eventstore::{
    Cursor, EventStore, ExpectedVersion, NewEvent, ProjectionError, RecordedEvent, StoreError, StoreOptions, TransactionalProjection, backend_tests,
};
use rand::Rng;
use serde_json::json;
use sqlx::AnyConnection;
use tokio_util::sync::CancellationToken;

backend_tests! {
    appended_events_are_read_back_in_order,
    expected_versions_are_enforced,
    of_two_writers_with_the_same_expected_version_exactly_one_wins,
    racing_writers_with_rollbacks_never_make_a_subscriber_skip_or_repeat,
    a_subscriber_resumed_from_its_cursor_misses_nothing,
    a_failing_projection_rolls_the_whole_append_back,
    a_batch_appends_to_many_streams_at_once_or_not_at_all,
    an_exact_batch_leaves_out_only_the_streams_that_moved,
}

fn event(n: i64) -> NewEvent {
    NewEvent::new("Counted", json!({ "n": n }))
}

async fn store(db: &TestDb) -> EventStore {
    EventStore::connect(&db.url, StoreOptions::default()).await.expect("connect")
}

async fn appended_events_are_read_back_in_order(db: &TestDb) {
    let store = store(db).await;
    let a = store.append("thing-a", ExpectedVersion::NoStream, vec![event(1), event(2)]).await.unwrap();
    assert_eq!(a.version, 2);
    let b = store.append("thing-b", ExpectedVersion::Any, vec![event(3)]).await.unwrap();
    store.append("thing-a", ExpectedVersion::Exact(2), vec![event(4)]).await.unwrap();

    let stream = store.read_stream("thing-a", 1).await.unwrap();
    assert_eq!(stream.iter().map(|e| e.version).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert_eq!(stream.iter().map(|e| e.data["n"].as_i64().unwrap()).collect::<Vec<_>>(), vec![1, 2, 4]);
    assert_eq!(store.read_stream("thing-a", 3).await.unwrap().len(), 1);
    assert!(store.read_stream("thing-none", 1).await.unwrap().is_empty());

    // On PostgreSQL, other databases' open transactions may hold commit-order reads back a moment.
    quizroom_eventstore::testing::settled(&store).await;
    let all = store.read_all(Cursor::START, 100).await.unwrap();
    assert_eq!(all.iter().map(|e| e.data["n"].as_i64().unwrap()).collect::<Vec<_>>(), vec![1, 2, 3, 4]);
    assert!(all.windows(2).all(|w| w[0].position < w[1].position));
    assert_eq!(all[2], b.events[0]);
    assert_eq!(all[0].stream_type(), "thing");
    let page = store.read_all(all[1].cursor(), 1).await.unwrap();
    assert_eq!(page, vec![all[2].clone()]);
    assert_eq!(store.head().await.unwrap(), all[3].position);
    assert_eq!(store.stream_version("thing-a").await.unwrap(), 3);
}

async fn expected_versions_are_enforced(db: &TestDb) {
    let store = store(db).await;
    store.append("s-1", ExpectedVersion::NoStream, vec![event(1)]).await.unwrap();
    let conflict = store.append("s-1", ExpectedVersion::NoStream, vec![event(2)]).await.unwrap_err();
    assert!(matches!(&conflict, StoreError::VersionConflict { stream, expected: ExpectedVersion::NoStream, actual: 1 } if stream == "s-1"), "{conflict:?}");
    assert_eq!(conflict.to_string(), "stream s-1 is at version 1, not the expected no stream");
    let stale = store.append("s-1", ExpectedVersion::Exact(0), vec![event(2)]).await.unwrap_err();
    assert!(matches!(stale, StoreError::VersionConflict { actual: 1, .. }), "{stale:?}");
    let ahead = store.append("s-1", ExpectedVersion::Exact(5), vec![event(2)]).await.unwrap_err();
    assert!(matches!(ahead, StoreError::VersionConflict { actual: 1, .. }), "{ahead:?}");
    let missing = store.append("s-2", ExpectedVersion::Exact(1), vec![event(2)]).await.unwrap_err();
    assert!(matches!(missing, StoreError::VersionConflict { actual: 0, .. }), "{missing:?}");
    assert_eq!(store.append("s-1", ExpectedVersion::Exact(1), vec![event(2)]).await.unwrap().version, 2);
    assert_eq!(store.append("s-1", ExpectedVersion::Any, vec![event(3), event(4)]).await.unwrap().version, 4);
    assert_eq!(store.append("s-3", ExpectedVersion::Any, vec![event(5)]).await.unwrap().version, 1);
    assert!(matches!(store.append("s-1", ExpectedVersion::Any, vec![]).await, Err(StoreError::EmptyAppend)));
    // Refused appends left nothing behind.
    assert_eq!(store.count().await.unwrap(), 5);
}

async fn of_two_writers_with_the_same_expected_version_exactly_one_wins(db: &TestDb) {
    let store = store(db).await;
    store.append("race-1", ExpectedVersion::NoStream, vec![event(0)]).await.unwrap();
    for round in 1..=20i64 {
        let (a, b) = tokio::join!(
            store.append("race-1", ExpectedVersion::Exact(round), vec![event(round)]),
            store.append("race-1", ExpectedVersion::Exact(round), vec![event(-round)]),
        );
        let wins = [a.is_ok(), b.is_ok()].iter().filter(|ok| **ok).count();
        assert_eq!(wins, 1, "round {round}: {a:?} / {b:?}");
        let loser = if a.is_ok() { b } else { a };
        assert!(matches!(loser, Err(StoreError::VersionConflict { actual, .. }) if actual == round + 1));
    }
    assert_eq!(store.stream_version("race-1").await.unwrap(), 21);
}

/// Sleeps a random moment inside the append's transaction (so commits finish out of position
/// order on PostgreSQL) and refuses events asking for a rollback.
struct Chaos;

#[async_trait]
impl TransactionalProjection for Chaos {
    fn name(&self) -> &'static str {
        "chaos"
    }
    fn tables(&self) -> &'static [&'static str] {
        &[]
    }
    async fn apply(&self, _: &mut AnyConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        let delay = rand::rng().random_range(0..4);
        tokio::time::sleep(Duration::from_millis(delay)).await;
        if events.iter().any(|e| e.data["rollback"] == json!(true)) {
            return Err(ProjectionError::Rejected("asked to roll back".into()));
        }
        Ok(())
    }
}

/// Collects events from a subscription until it holds `want` of them or time runs out.
async fn collect(store: EventStore, after: Cursor, want: Arc<tokio::sync::watch::Receiver<usize>>) -> Vec<RecordedEvent> {
    let stop = CancellationToken::new();
    let mut sub = store.subscribe(after, stop.clone());
    let mut got = Vec::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let target = *want.borrow();
        if target != usize::MAX && got.len() >= target {
            // Anything beyond the target would be a duplicate or an invented event: look once more.
            got.extend(sub.next_batch().await.unwrap());
            return got;
        }
        tokio::select! {
            e = sub.next() => got.push(e.unwrap().expect("subscription ended early")),
            _ = tokio::time::sleep_until(deadline) => panic!("subscriber stuck at {} events", got.len()),
            _ = tokio::time::sleep(Duration::from_millis(50)) => {}
        }
    }
}

fn assert_exactly(received: &[RecordedEvent], committed: &HashSet<uuid::Uuid>, who: &str) {
    let ids: Vec<_> = received.iter().map(|e| e.event_id).collect();
    let unique: HashSet<_> = ids.iter().copied().collect();
    assert_eq!(unique.len(), ids.len(), "{who} received a duplicate");
    assert_eq!(&unique, committed, "{who} did not receive exactly the committed events");
    let mut versions: HashMap<&str, i64> = HashMap::new();
    for e in received {
        let last = versions.entry(&e.stream_id).or_insert(0);
        assert_eq!(e.version, *last + 1, "{who}: {} out of order", e.stream_id);
        *last = e.version;
    }
}

async fn racing_writers_with_rollbacks_never_make_a_subscriber_skip_or_repeat(db: &TestDb) {
    let store = EventStore::connect(&db.url, StoreOptions { projections: vec![Arc::new(Chaos)], ..Default::default() }).await.unwrap();
    let (target_tx, target_rx) = tokio::sync::watch::channel(usize::MAX);
    let target = Arc::new(target_rx);
    let subscribers: Vec<_> = (0..3).map(|_| tokio::spawn(collect(store.clone(), Cursor::START, target.clone()))).collect();

    let writers: Vec<_> = (0..8)
        .map(|w| {
            let store = store.clone();
            tokio::spawn(async move {
                for i in 0..30 {
                    let (stream, n, rollback, pause) = {
                        let mut rng = rand::rng();
                        (rng.random_range(0..6), rng.random_range(1..=3), rng.random_bool(0.2), rng.random_range(0..3))
                    };
                    let events = (0..n).map(|k| NewEvent::new("Raced", json!({ "w": w, "i": i, "k": k, "rollback": rollback }))).collect();
                    let result = store.append(&format!("race-{stream}"), ExpectedVersion::Any, events).await;
                    assert_eq!(result.is_err(), rollback, "{result:?}");
                    tokio::time::sleep(Duration::from_millis(pause)).await;
                }
            })
        })
        .collect();
    for w in writers {
        w.await.unwrap();
    }
    // The truth straight from the table: every writer has finished, so all of it is committed.
    let committed: HashSet<uuid::Uuid> = sqlx::query_scalar::<_, String>("select cast(event_id as text) from events")
        .fetch_all(store.pool())
        .await
        .unwrap()
        .iter()
        .map(|id| id.parse().unwrap())
        .collect();
    assert!(committed.len() > 100, "only {} committed", committed.len());
    target_tx.send(committed.len()).unwrap();
    for (i, s) in subscribers.into_iter().enumerate() {
        assert_exactly(&s.await.unwrap(), &committed, &format!("subscriber {i}"));
    }
}

async fn a_subscriber_resumed_from_its_cursor_misses_nothing(db: &TestDb) {
    let store = store(db).await;
    for i in 0..10 {
        store.append(&format!("r-{}", i % 3), ExpectedVersion::Any, vec![event(i)]).await.unwrap();
    }
    let stop = CancellationToken::new();
    let mut first = store.subscribe(Cursor::START, stop.clone());
    let mut seen = Vec::new();
    for _ in 0..4 {
        seen.push(first.next().await.unwrap().unwrap());
    }
    let saved = first.cursor();
    stop.cancel();
    assert!(first.next().await.unwrap().is_none(), "a stopped subscription ends");

    for i in 10..15 {
        store.append(&format!("r-{}", i % 3), ExpectedVersion::Any, vec![event(i)]).await.unwrap();
    }
    let mut resumed = store.subscribe(saved, CancellationToken::new());
    while seen.len() < 15 {
        seen.push(tokio::time::timeout(Duration::from_secs(10), resumed.next()).await.unwrap().unwrap().unwrap());
    }
    let ns: Vec<i64> = seen.iter().map(|e| e.data["n"].as_i64().unwrap()).collect();
    assert_eq!(ns, (0..15).collect::<Vec<_>>());

    // A live event reaches a waiting subscriber.
    let waiting = tokio::spawn(async move { resumed.next().await });
    store.append("r-live", ExpectedVersion::NoStream, vec![event(99)]).await.unwrap();
    let live = tokio::time::timeout(Duration::from_secs(10), waiting).await.unwrap().unwrap().unwrap().unwrap();
    assert_eq!(live.stream_id, "r-live");
}

async fn a_failing_projection_rolls_the_whole_append_back(db: &TestDb) {
    let store = EventStore::connect(&db.url, StoreOptions { projections: vec![Arc::new(Chaos)], ..Default::default() }).await.unwrap();
    store.append("p-1", ExpectedVersion::NoStream, vec![event(1)]).await.unwrap();
    let refused = store.append("p-1", ExpectedVersion::Exact(1), vec![event(2), NewEvent::new("X", json!({ "rollback": true }))]).await.unwrap_err();
    assert_eq!(refused.to_string(), "projection chaos refused the events: asked to roll back");
    assert_eq!(store.stream_version("p-1").await.unwrap(), 1);
    assert_eq!(store.count().await.unwrap(), 1);
    // The position drawn by the refused append is simply never used; the next append works.
    store.append("p-1", ExpectedVersion::Exact(1), vec![event(3)]).await.unwrap();
}

/// Records what it was given, in one call per append.
#[derive(Default)]
struct Calls(std::sync::Mutex<Vec<Vec<(String, i64)>>>);

#[async_trait]
impl TransactionalProjection for Calls {
    fn name(&self) -> &'static str {
        "calls"
    }
    fn tables(&self) -> &'static [&'static str] {
        &[]
    }
    async fn apply(&self, _: &mut AnyConnection, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        self.0.lock().unwrap().push(events.iter().map(|e| (e.stream_id.clone(), e.version)).collect());
        Ok(())
    }
}

async fn a_batch_appends_to_many_streams_at_once_or_not_at_all(db: &TestDb) {
    let calls = Arc::new(Calls::default());
    let store = EventStore::connect(&db.url, StoreOptions { projections: vec![calls.clone()], ..Default::default() }).await.unwrap();
    for s in ["g-1", "g-2", "g-3"] {
        store.append(s, ExpectedVersion::NoStream, vec![event(0)]).await.unwrap();
    }
    calls.0.lock().unwrap().clear();

    // Three existing streams at their versions (on PostgreSQL: one statement).
    let mut tx = store.begin_write().await.unwrap();
    let read = store.read_streams_in(&mut tx, &["g-2", "g-none", "g-1"]).await.unwrap();
    assert_eq!(read.iter().map(Vec::len).collect::<Vec<_>>(), vec![1, 0, 1]);
    assert_eq!(read[0][0].stream_id, "g-2");
    let appended = store
        .append_batch_in(
            &mut tx,
            vec![
                ("g-2".into(), ExpectedVersion::Exact(1), vec![event(21), event(22)]),
                ("g-1".into(), ExpectedVersion::Exact(1), vec![event(11)]),
                ("g-3".into(), ExpectedVersion::Exact(1), vec![event(31)]),
            ],
        )
        .await
        .unwrap();
    tx.commit().await.unwrap();
    store.committed();
    assert_eq!(appended.iter().map(|a| a.version).collect::<Vec<_>>(), vec![3, 2, 2]);
    assert_eq!(appended[0].events.iter().map(|e| (e.version, e.data["n"].as_i64().unwrap())).collect::<Vec<_>>(), vec![(2, 21), (3, 22)]);
    for a in &appended {
        for e in &a.events {
            let stored = store.read_stream(&e.stream_id, e.version).await.unwrap();
            assert_eq!(&stored[0], e, "recorded as returned");
        }
    }
    // The projections saw all of them in one call, in the order given.
    assert_eq!(*calls.0.lock().unwrap(), vec![vec![("g-2".into(), 2), ("g-2".into(), 3), ("g-1".into(), 2), ("g-3".into(), 2)]]);

    // One stale version fails the whole batch, naming that stream; the rollback leaves nothing.
    let mut tx = store.begin_write().await.unwrap();
    let conflict = store
        .append_batch_in(&mut tx, vec![("g-1".into(), ExpectedVersion::Exact(2), vec![event(12)]), ("g-2".into(), ExpectedVersion::Exact(2), vec![event(23)])])
        .await
        .unwrap_err();
    assert!(matches!(&conflict, StoreError::VersionConflict { stream, actual: 3, .. } if stream == "g-2"), "{conflict:?}");
    drop(tx);
    assert_eq!(store.stream_version("g-1").await.unwrap(), 2);
    assert_eq!(store.count().await.unwrap(), 3 + 4);

    // New streams and the same stream twice go one by one: the second append to g-3 conflicts.
    let mut tx = store.begin_write().await.unwrap();
    let twice = store
        .append_batch_in(
            &mut tx,
            vec![
                ("g-4".into(), ExpectedVersion::NoStream, vec![event(41)]),
                ("g-3".into(), ExpectedVersion::Exact(2), vec![event(32)]),
                ("g-3".into(), ExpectedVersion::Exact(2), vec![event(33)]),
            ],
        )
        .await
        .unwrap_err();
    assert!(matches!(&twice, StoreError::VersionConflict { stream, actual: 3, .. } if stream == "g-3"), "{twice:?}");
    drop(tx);
    assert_eq!(store.stream_version("g-4").await.unwrap(), 0);
}

async fn an_exact_batch_leaves_out_only_the_streams_that_moved(db: &TestDb) {
    let calls = Arc::new(Calls::default());
    let store = EventStore::connect(&db.url, StoreOptions { projections: vec![calls.clone()], ..Default::default() }).await.unwrap();
    for s in ["x-1", "x-2", "x-3"] {
        store.append(s, ExpectedVersion::NoStream, vec![event(0)]).await.unwrap();
    }
    store.append("x-2", ExpectedVersion::Exact(1), vec![event(1)]).await.unwrap();
    calls.0.lock().unwrap().clear();

    // x-2 moved to version 2: it is left out, the others are written and projected in one call.
    let mut tx = store.begin_write().await.unwrap();
    let outcomes = store
        .append_exact_in(&mut tx, vec![("x-1".into(), 1, vec![event(11), event(12)]), ("x-2".into(), 1, vec![event(21)]), ("x-3".into(), 1, vec![event(31)])])
        .await
        .unwrap();
    tx.commit().await.unwrap();
    store.committed();
    assert_eq!(outcomes.iter().map(|o| o.as_ref().map(|a| a.version)).collect::<Vec<_>>(), vec![Some(3), None, Some(2)]);
    for a in outcomes.iter().flatten() {
        for e in &a.events {
            assert_eq!(&store.read_stream(&e.stream_id, e.version).await.unwrap()[0], e, "recorded as returned");
        }
    }
    assert_eq!(*calls.0.lock().unwrap(), vec![vec![("x-1".into(), 2), ("x-1".into(), 3), ("x-3".into(), 2)]]);
    assert_eq!(store.stream_version("x-2").await.unwrap(), 2);
    assert_eq!(store.read_stream("x-2", 1).await.unwrap().len(), 2, "nothing of the stale append");

    // Every stream moved: nothing is written and nothing projected.
    calls.0.lock().unwrap().clear();
    let mut tx = store.begin_write().await.unwrap();
    let outcomes = store.append_exact_in(&mut tx, vec![("x-1".into(), 1, vec![event(13)]), ("x-3".into(), 1, vec![event(32)])]).await.unwrap();
    tx.commit().await.unwrap();
    assert!(outcomes.iter().all(Option::is_none));
    assert!(calls.0.lock().unwrap().is_empty());
    assert_eq!(store.count().await.unwrap(), 4 + 3);
}

#[tokio::test]
async fn a_broken_payload_in_the_log_is_reported_with_its_position() {
    let db = TestDb::sqlite();
    let store = store(&db).await;
    store.append("b-1", ExpectedVersion::NoStream, vec![event(1)]).await.unwrap();
    sqlx::query("update events set data = '{not json' where global_position = 1").execute(store.pool()).await.unwrap();
    let err = store.read_all(Cursor::START, 10).await.unwrap_err();
    assert!(err.to_string().starts_with("event at position 1 is unreadable: payload is not JSON"), "{err}");
}

#[tokio::test]
async fn an_unsupported_database_url_is_refused_with_a_message() {
    let err = EventStore::connect("mysql://root:pw@localhost/db", StoreOptions::default()).await.err().unwrap();
    assert_eq!(err.to_string(), "the database URL mysql://root:***@localhost/db is not supported: use postgres://… or sqlite:…");
}
