//! A killed server loses nothing it acknowledged: the real `quizroom` binary, 32 players starting
//! attempts, saving answers and submitting without pause, the server killed with SIGKILL three
//! times at random moments while writes are in flight and restarted on the same database; then
//! every acknowledged write is in the event log and in the read models, the read models equal a
//! replay of the log, and the players carry on. `benches/durability.rs` runs the same with 20
//! kills against the release binary.

mod check;
mod crash;
mod load;
mod node;

use std::path::Path;

use quizroom_eventstore::backend_tests;
use quizroom_eventstore::testing::TestDb;

backend_tests! {
    a_killed_server_loses_no_acknowledged_write,
}

const PLAYERS: usize = 32;
const CATEGORIES: usize = 6;
const KILLS: usize = 3;

async fn a_killed_server_loses_no_acknowledged_write(db: &TestDb) {
    crate::helpers::install_crypto();
    let mut node = node::Node::new(Path::new(env!("CARGO_BIN_EXE_quizroom")), &db.url);
    let run = crash::run(&mut node, PLAYERS, CATEGORIES, KILLS).await;
    assert_eq!(run.restarts.len(), KILLS);
    // The kills met writes in flight (with 32 players writing, nearly every kill does).
    assert!(run.in_flight_at_kills.iter().sum::<usize>() > 0, "no kill met a write in flight: the test proved nothing");
    assert!(run.missing.is_empty(), "acknowledged answers missing on resuming:\n{}", run.missing.join("\n"));

    let report = check::check(&db.url, &run.players, &run.ledger).await;
    assert!(report.lost.is_empty(), "{} acknowledged writes lost:\n{}", report.lost.len(), report.lost.join("\n"));
    assert!(report.replay_differs.is_empty(), "the read models differ from a replay:\n{}", report.replay_differs.join("\n"));
    assert!(report.unexpected.is_empty(), "unexpected refusals:\n{}", report.unexpected.join("\n"));
    // Every player saved and submitted (the carry-on round alone does that), and there was load.
    assert!(report.submissions >= PLAYERS && report.saves >= 2 * PLAYERS, "{report:?}");
    eprintln!(
        "durability ({}): {} acknowledged writes ({} starts, {} saves, {} submissions), {} cut off by a kill (e.g. {:?}), \
         {} found no server, in flight at the kills {:?}, restarts {:?}",
        if db.is_postgres() { "PostgreSQL" } else { "SQLite" },
        report.acknowledged(),
        report.starts,
        report.saves,
        report.submissions,
        report.unknown,
        report.unknown_example,
        report.not_connected,
        run.in_flight_at_kills,
        run.restarts,
    );
}
