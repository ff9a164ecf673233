//! Durability under a crash, at length: the durability test's run (tests/api/durability.rs) with
//! 20 kills against the release binary, on SQLite and, when it is reachable, PostgreSQL. 32
//! players start attempts, save answers and submit without pause; the server is killed with
//! SIGKILL at random moments with writes in flight and restarted on the same database each time.
//! Printed per backend: the writes acknowledged, how many of them were lost (must be 0: each is
//! looked for in the event log and the read models, and the read models are compared with a
//! replay), the restart time from SIGKILL until `GET /api/health` answers 200, and the CPU the
//! load generator (this process: the players' HTTP clients) and the servers took over the run.
//!
//!   cargo bench --bench durability
//!   QUIZROOM_BENCH_KILLS=5 QUIZROOM_BENCH_PLAYERS=40 cargo bench --bench durability

#[path = "../tests/api/helpers.rs"]
#[allow(dead_code)]
mod helpers;

#[path = "../tests/api/durability/check.rs"]
mod check;
#[path = "../tests/api/durability/crash.rs"]
mod crash;
#[path = "../tests/api/durability/load.rs"]
mod load;
#[path = "../tests/api/durability/node.rs"]
mod node;

use std::path::Path;
use std::time::{Duration, Instant};

use nix::sys::resource::{UsageWho, getrusage};
use quizroom_eventstore::testing::TestDb;

const CATEGORIES: usize = 6;

fn setting(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// User plus system CPU time of `who` so far.
fn cpu(who: UsageWho) -> Duration {
    let usage = getrusage(who).expect("getrusage");
    let time = |t: nix::sys::time::TimeVal| Duration::from_secs(t.tv_sec() as u64) + Duration::from_micros(t.tv_usec() as u64);
    time(usage.user_time()) + time(usage.system_time())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() {
    helpers::install_crypto();
    let kills = setting("QUIZROOM_BENCH_KILLS", 20);
    let players = setting("QUIZROOM_BENCH_PLAYERS", 32);
    let binary = Path::new(env!("CARGO_BIN_EXE_quizroom"));
    println!("# Durability: {players} players, the release server killed with SIGKILL {kills} times\n");
    println!(
        "| backend | acknowledged writes (starts / saves / submissions) | in flight at the kills / cut off | lost | read models = replay \
         | restart min / median / max | load generator CPU | servers' CPU | run time |"
    );
    println!("|---|---:|---:|---:|---|---:|---:|---:|---:|");
    let mut all_lost = Vec::new();
    for postgres in [false, true] {
        let db = if postgres {
            match TestDb::postgres().await {
                Some(db) => db,
                None => {
                    println!("| PostgreSQL | not reachable: not measured | | | | | | | |");
                    continue;
                }
            }
        } else {
            TestDb::sqlite()
        };
        let backend = if postgres { "PostgreSQL" } else { "SQLite" };
        let mut node = node::Node::new(binary, &db.url);
        let (generator_before, servers_before, started) = (cpu(UsageWho::RUSAGE_SELF), cpu(UsageWho::RUSAGE_CHILDREN), Instant::now());
        let run = crash::run(&mut node, players, CATEGORIES, kills).await;
        let (generator, servers, wall) = (cpu(UsageWho::RUSAGE_SELF) - generator_before, cpu(UsageWho::RUSAGE_CHILDREN) - servers_before, started.elapsed());
        let report = check::check(&db.url, &run.players, &run.ledger).await;
        let mut restarts = run.restarts.clone();
        restarts.sort_unstable();
        let lost = report.lost.len() + run.missing.len();
        println!(
            "| {backend} | {} ({} / {} / {}) | {} / {} | {lost} | {} | {:.0} / {:.0} / {:.0} ms | {:.1} s ({:.0}% of one core) | {:.1} s | {:.1} s |",
            report.acknowledged(),
            report.starts,
            report.saves,
            report.submissions,
            run.in_flight_at_kills.iter().sum::<usize>(),
            report.unknown,
            if report.replay_differs.is_empty() { "yes" } else { "NO" },
            ms(restarts[0]),
            ms(restarts[restarts.len() / 2]),
            ms(restarts[restarts.len() - 1]),
            generator.as_secs_f64(),
            100.0 * generator.as_secs_f64() / wall.as_secs_f64(),
            servers.as_secs_f64(),
            wall.as_secs_f64(),
        );
        all_lost.extend(report.lost.iter().chain(&run.missing).map(|l| format!("{backend}: {l}")));
        all_lost.extend(report.replay_differs.iter().map(|d| format!("{backend}: replay differs: {d}")));
        all_lost.extend(report.unexpected.iter().map(|u| format!("{backend}: unexpected refusal: {u}")));
    }
    if !all_lost.is_empty() {
        println!("\nNot kept or not as acknowledged:\n{}", all_lost.join("\n"));
        std::process::exit(1);
    }
}
