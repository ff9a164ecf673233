//! `replay` rebuilds read models equal to the live ones.

use std::collections::BTreeMap;

use quizroom_domain::DomainEvent;
use quizroom_domain::player::PlayerEvent;
use quizroom_eventstore::testing::TestDb;
use quizroom_eventstore::{Cursor, ExpectedVersion, NewEvent, backend_tests};

use crate::helpers::{catch_up, dump, open, random_wallet_workload, read_model_tables};

backend_tests! {
    read_models_rebuilt_by_replay_equal_the_live_ones,
    players_whose_names_are_one_name_today_survive_replay,
}

async fn read_models_rebuilt_by_replay_equal_the_live_ones(db: &TestDb) {
    let store = open(&db.url).await;
    random_wallet_workload(&store, 400, 8).await;
    catch_up(&store).await;

    let mut live = BTreeMap::new();
    for table in read_model_tables() {
        live.insert(table, dump(store.pool(), table).await);
    }
    assert!(live["wallet_entry"].len() > 100, "the workload recorded too little: {}", live["wallet_entry"].len());

    // The live balances agree with the log itself.
    let events = store.read_all(Cursor::START, 1_000_000).await.unwrap();
    let mut balances: BTreeMap<String, i64> = BTreeMap::new();
    for e in &events {
        let event: quizroom_domain::wallet::WalletEvent = quizroom_projections::decode(e).unwrap();
        *balances.entry(e.stream_id["wallet-".len()..].to_owned()).or_default() += event.delta();
    }
    let from_log: Vec<Vec<String>> = balances.into_iter().map(|(u, b)| vec![u, b.to_string()]).collect();
    assert_eq!(live["wallet"], from_log);
    assert!(from_log.iter().all(|row| row[1].parse::<i64>().unwrap() >= 0), "a balance went negative");

    let report = quizroom_eventstore::replay(&store, &quizroom_projections::projectors()).await.unwrap();
    assert_eq!(report.events, events.len() as u64);
    for (table, rows) in &live {
        assert_eq!(&dump(store.pool(), table).await, rows, "{table} differs after replay");
    }
    // Replaying twice changes nothing either.
    quizroom_eventstore::replay(&store, &quizroom_projections::projectors()).await.unwrap();
    assert_eq!(dump(store.pool(), "wallet_entry").await, live["wallet_entry"]);
}

/// Players who joined one game before names were compared as they look (decision 0034) may hold
/// names that are one name today ("Ana", "Аna", "Ana" with a zero-width space): replay keeps each
/// of them, and a join today still finds the name taken once.
async fn players_whose_names_are_one_name_today_survive_replay(db: &TestDb) {
    let store = open(&db.url).await;
    let game_id = uuid::Uuid::new_v4().to_string();
    for nickname in ["Ana", "\u{410}na", "Ana\u{200B}"] {
        let joined = PlayerEvent::PlayerJoined { game_id: game_id.clone(), nickname: nickname.into(), user_id: None, device: None, at: 1 };
        let (event_type, data) = joined.encode();
        let stream = format!("player-{}", uuid::Uuid::new_v4());
        store.append(&stream, ExpectedVersion::NoStream, vec![NewEvent::new(event_type, data)]).await.unwrap();
    }
    let before = dump(store.pool(), "live_player").await;
    assert_eq!(before.len(), 3);
    for _ in 0..2 {
        quizroom_eventstore::replay(&store, &quizroom_projections::projectors()).await.unwrap();
        assert_eq!(dump(store.pool(), "live_player").await, before);
    }
    let mut conn = store.pool().acquire().await.unwrap();
    let key = quizroom_projections::live::nickname_key("Ana");
    assert_eq!(quizroom_projections::live::read::names_like(&mut conn, &game_id, &key).await.unwrap(), vec![key]);
}
