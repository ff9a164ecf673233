//! Tamper evidence on both backends: an untouched log verifies; a changed payload, a deleted
//! event, a swapped order and an inserted event are each found and named, and so are events
//! deleted with their links, in the middle and at the end; a saved digest proves an untouched
//! prefix after more appends, and exposes an edit even when the chain is rewritten too. The head
//! verified as it grows checks only what is new, once for callers who ask together.

use quizroom_eventstore::chain::{self, Break, Proof, VerifiedHead};
use quizroom_eventstore::testing::{TestDb, settled};
use quizroom_eventstore::{EventStore, ExpectedVersion, NewEvent, StoreOptions, backend_tests};
use serde_json::json;

backend_tests! {
    an_untouched_log_verifies_and_a_changed_payload_is_named,
    a_deleted_event_is_named,
    a_swapped_order_is_named,
    an_inserted_event_is_named,
    a_saved_digest_proves_an_untouched_prefix,
    an_event_deleted_with_its_link_is_named_at_its_position,
    a_deleted_link_is_named,
    the_last_events_deleted_with_their_links_are_named,
    the_head_verifies_only_what_is_new,
}

/// A store with 12 events over three streams; returns their positions in order.
async fn log(db: &TestDb) -> (EventStore, Vec<i64>) {
    let store = EventStore::connect(&db.url, StoreOptions::default()).await.expect("connect");
    for n in 0..12 {
        let stream = format!("thing-{}", n % 3);
        store.append(&stream, ExpectedVersion::Any, vec![NewEvent::new("Counted", json!({ "n": n, "who": "Ada" }))]).await.unwrap();
    }
    settled(&store).await;
    let positions = store.read_all(Default::default(), 100).await.unwrap().iter().map(|e| e.position).collect();
    (store, positions)
}

/// [`log`], all chained.
async fn chained_log(db: &TestDb) -> (EventStore, Vec<i64>) {
    let (store, positions) = log(db).await;
    chain::chain_all(&store).await.unwrap();
    (store, positions)
}

async fn run(store: &EventStore, sql: String) {
    sqlx::raw_sql(sqlx::AssertSqlSafe(sql)).execute(store.pool()).await.expect("tamper");
}

async fn an_untouched_log_verifies_and_a_changed_payload_is_named(db: &TestDb) {
    let (store, positions) = chained_log(db).await;
    let report = chain::verify(&store).await.unwrap();
    assert_eq!(report.verified, 12);
    assert_eq!(report.broken, None);
    assert_eq!(report.pending, 0);
    let head = report.head.expect("a head");
    assert_eq!((head.seq, head.position), (12, positions[11]));
    assert_eq!(head.digest.len(), 64);

    // Verifying twice gives the same digest; new events are pending until chained.
    store.append("thing-9", ExpectedVersion::Any, vec![NewEvent::new("Counted", json!({ "n": 99 }))]).await.unwrap();
    let again = chain::verify(&store).await.unwrap();
    assert_eq!((again.head.as_ref().map(|h| &h.digest), again.pending), (Some(&head.digest), 1));

    let cast = if db.is_postgres() { "::jsonb" } else { "" };
    run(&store, format!(r#"update events set data = '{{"n": 5, "who": "Eve"}}'{cast} where global_position = {}"#, positions[5])).await;
    let report = chain::verify(&store).await.unwrap();
    assert_eq!(report.broken, Some(Break::Changed { position: positions[5] }));
    assert_eq!(report.verified, 5, "the five events before it still hold");
    assert_eq!(report.head.unwrap().position, positions[4]);
}

async fn a_deleted_event_is_named(db: &TestDb) {
    let (store, positions) = chained_log(db).await;
    run(&store, format!("delete from events where global_position = {}", positions[7])).await;
    let report = chain::verify(&store).await.unwrap();
    assert_eq!(report.broken, Some(Break::Deleted { position: positions[7] }));
    assert_eq!(report.broken.unwrap().to_string(), format!("the event at position {} was deleted", positions[7]));
}

async fn a_swapped_order_is_named(db: &TestDb) {
    let (store, positions) = chained_log(db).await;
    let (p, q) = (positions[3], positions[6]);
    let fresh_id = if db.is_postgres() { "gen_random_uuid()" } else { "lower(hex(randomblob(16)))" };
    run(&store, format!("create table swap as select * from events where global_position in ({p}, {q})")).await;
    // Out of the way of the unique constraints first, then each takes the other's content.
    run(&store, format!("update events set event_id = {fresh_id}, version = -global_position where global_position in ({p}, {q})")).await;
    run(
        &store,
        format!(
            "update events set stream_id = s.stream_id, version = s.version, event_id = s.event_id, event_type = s.event_type, \
             schema_version = s.schema_version, data = s.data, metadata = s.metadata, recorded_at = s.recorded_at \
             from swap s where events.global_position in ({p}, {q}) \
             and s.global_position = case when events.global_position = {p} then {q} else {p} end"
        ),
    )
    .await;
    let report = chain::verify(&store).await.unwrap();
    assert_eq!(report.broken, Some(Break::Reordered { position: p, chained_at: q }));
    assert_eq!(report.verified, 3);
}

async fn an_inserted_event_is_named(db: &TestDb) {
    // A gap in the positions before chaining (as a rolled-back append leaves on PostgreSQL), then a
    // row slipped into it, backdated to an old transaction so it sorts among the chained events.
    let (store, positions) = log(db).await;
    let gap = positions[4];
    run(&store, format!("delete from events where global_position = {gap}")).await;
    chain::chain_all(&store).await.unwrap();
    assert_eq!(chain::verify(&store).await.unwrap().broken, None);
    let row = if db.is_postgres() {
        format!(
            "insert into events (global_position, tx_id, stream_id, version, event_id, event_type, schema_version, data, metadata, recorded_at) \
             overriding system value values ({gap}, (select tx_id from events where global_position = {}), 'thing-1', 99, gen_random_uuid(), \
             'Counted', 1, '{{\"n\": 42}}', '{{}}', 0)",
            positions[3]
        )
    } else {
        format!(
            "insert into events (global_position, stream_id, version, event_id, event_type, schema_version, data, metadata, recorded_at) \
             values ({gap}, 'thing-1', 99, '0192a0c4-0000-7000-8000-000000000042', 'Counted', 1, '{{\"n\": 42}}', '{{}}', 0)"
        )
    };
    run(&store, row).await;
    let report = chain::verify(&store).await.unwrap();
    assert_eq!(report.broken, Some(Break::Inserted { position: gap }));

    // The chain's own record edited: named too.
    run(&store, format!("update event_chain set chain_hash = '{}' where global_position = {}", "0".repeat(64), positions[8])).await;
    assert_eq!(chain::verify(&store).await.unwrap().broken, Some(Break::ChainAltered { position: positions[8] }));
}

async fn a_saved_digest_proves_an_untouched_prefix(db: &TestDb) {
    let (store, positions) = chained_log(db).await;
    let saved = chain::verify(&store).await.unwrap().head.unwrap();
    for n in 0..5 {
        store.append("thing-later", ExpectedVersion::Any, vec![NewEvent::new("Counted", json!({ "n": 100 + n }))]).await.unwrap();
    }
    settled(&store).await;
    chain::chain_all(&store).await.unwrap();
    assert_eq!(chain::prove(&store, saved.position, &saved.digest).await.unwrap(), Proof::Unchanged { verified: 12 });
    assert_eq!(chain::prove(&store, 1_000_000, &saved.digest).await.unwrap(), Proof::Unknown);

    // Someone edits an old event and rebuilds the whole chain to match: `verify` alone is fooled,
    // the saved digest is not.
    let cast = if db.is_postgres() { "::jsonb" } else { "" };
    run(&store, format!(r#"update events set data = '{{"n": 2, "who": "Eve"}}'{cast} where global_position = {}"#, positions[2])).await;
    run(&store, "delete from event_chain".to_owned()).await;
    run(&store, format!("update checkpoints set cursor_tx = 0, cursor_position = 0 where name = '{}'", chain::CHAINER)).await;
    chain::chain_all(&store).await.unwrap();
    assert_eq!(chain::verify(&store).await.unwrap().broken, None);
    match chain::prove(&store, saved.position, &saved.digest).await.unwrap() {
        Proof::Differs { broken: None, digest } => assert_ne!(digest, saved.digest),
        other => panic!("a rewritten chain must not prove the saved digest: {other:?}"),
    }
}

async fn an_event_deleted_with_its_link_is_named_at_its_position(db: &TestDb) {
    // Named at its own position, not at the next one.
    let (store, positions) = chained_log(db).await;
    let p = positions[7];
    run(&store, format!("delete from event_chain where global_position = {p}; delete from events where global_position = {p}")).await;
    let report = chain::verify(&store).await.unwrap();
    assert_eq!(report.broken, Some(Break::Removed { after: positions[6], position: p, count: Some(1) }));
    assert_eq!(report.broken.unwrap().to_string(), format!("the event at position {p} was deleted, and its link in the chain with it"));
    assert_eq!(report.verified, 7);
}

async fn a_deleted_link_is_named(db: &TestDb) {
    // Its event kept: the chain's record of that event was altered.
    let (store, positions) = chained_log(db).await;
    run(&store, format!("delete from event_chain where global_position = {}", positions[3])).await;
    assert_eq!(chain::verify(&store).await.unwrap().broken, Some(Break::ChainAltered { position: positions[3] }));
}

async fn the_last_events_deleted_with_their_links_are_named(db: &TestDb) {
    // The chainer's checkpoint still says they were chained.
    let (store, positions) = chained_log(db).await;
    let last = format!("{}, {}", positions[10], positions[11]);
    run(&store, format!("delete from event_chain where global_position in ({last}); delete from events where global_position in ({last})")).await;
    let report = chain::verify(&store).await.unwrap();
    assert_eq!(report.broken, Some(Break::Removed { after: positions[9], position: positions[11], count: None }));
    assert_eq!(report.verified, 10);
    // The chainer does not chain new events on top of the gap (that would hide it).
    store.append("thing-later", ExpectedVersion::Any, vec![NewEvent::new("Counted", json!({ "n": 100 }))]).await.unwrap();
    settled(&store).await;
    assert!(chain::chain_all(&store).await.is_err());
    assert_eq!(chain::verify(&store).await.unwrap().broken, Some(Break::Removed { after: positions[9], position: positions[11], count: None }));
}

async fn the_head_verifies_only_what_is_new(db: &TestDb) {
    let (store, positions) = chained_log(db).await;
    let head = VerifiedHead::new();
    let first = head.check(&store).await.unwrap();
    assert_eq!((first.report.verified, first.checked, first.run, first.report.broken.clone()), (12, 12, 1, None));
    assert_eq!(first.report, chain::verify(&store).await.unwrap());

    for n in 0..3 {
        store.append("thing-later", ExpectedVersion::Any, vec![NewEvent::new("Counted", json!({ "n": 100 + n }))]).await.unwrap();
    }
    settled(&store).await;
    let pending = head.check(&store).await.unwrap();
    assert_eq!((pending.report.verified, pending.checked, pending.report.pending), (12, 0, 3), "not chained yet");
    chain::chain_all(&store).await.unwrap();
    let second = head.check(&store).await.unwrap();
    assert_eq!((second.report.verified, second.checked, second.report.pending, second.run), (15, 3, 0, 3), "only the three new ones");
    assert_eq!(second.report, chain::verify(&store).await.unwrap());

    // Callers who ask together share one run (two at most: one may have started before the rest arrived).
    store.append("thing-later", ExpectedVersion::Any, vec![NewEvent::new("Counted", json!({ "n": 200 }))]).await.unwrap();
    settled(&store).await;
    chain::chain_all(&store).await.unwrap();
    let head = std::sync::Arc::new(head);
    let callers: Vec<_> = (0..8)
        .map(|_| {
            let (head, store) = (head.clone(), store.clone());
            tokio::spawn(async move { head.check(&store).await.unwrap() })
        })
        .collect();
    let mut answers = Vec::new();
    for caller in callers {
        answers.push(caller.await.unwrap());
    }
    assert!(head.runs() - 3 <= 2, "{} runs for 8 callers", head.runs() - 3);
    assert!(answers.iter().all(|a| a.report.verified == 16 && a.report.broken.is_none()));
    let runs: std::collections::BTreeMap<u64, i64> = answers.iter().map(|a| (a.run, a.checked)).collect();
    assert_eq!(runs.values().sum::<i64>(), 1, "the new event is verified once: {runs:?}");

    // An old event changed after it was verified: the head does not look back (it says so), the
    // whole verification finds it.
    let cast = if db.is_postgres() { "::jsonb" } else { "" };
    run(&store, format!(r#"update events set data = '{{"n": 2, "who": "Eve"}}'{cast} where global_position = {}"#, positions[2])).await;
    assert_eq!(head.check(&store).await.unwrap().report.broken, None);
    assert_eq!(chain::verify(&store).await.unwrap().broken, Some(Break::Changed { position: positions[2] }));

    // A new event changed before the head reached it is found by the head.
    store.append("thing-later", ExpectedVersion::Any, vec![NewEvent::new("Counted", json!({ "n": 300 }))]).await.unwrap();
    settled(&store).await;
    chain::chain_all(&store).await.unwrap();
    let newest = store.read_all(Default::default(), 100).await.unwrap().last().unwrap().position;
    run(&store, format!(r#"update events set data = '{{"n": 301}}'{cast} where global_position = {newest}"#)).await;
    let found = head.check(&store).await.unwrap();
    assert_eq!((found.report.broken, found.report.verified), (Some(Break::Changed { position: newest }), 16));
    // Its head link deleted with its event later: named too.
    let top = found.report.head.unwrap().position;
    run(&store, format!("delete from event_chain where global_position = {top}; delete from events where global_position = {top}")).await;
    assert_eq!(head.check(&store).await.unwrap().report.broken, Some(Break::Deleted { position: top }));
}
