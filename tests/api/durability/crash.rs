//! One run: players writing without pause while the server is killed (SIGKILL) `kills` times at
//! random moments with writes in flight, each time restarted on the same database and address;
//! then every player once more (resume or start, save, submit), and a graceful stop.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use rand::Rng;

use super::load::{Kind, Load, Player, Sent, carry_on, play, players};
use super::node::Node;

/// Acknowledged writes to wait for after each start before killing again (a random number in
/// this range, so the kills fall at different points of the players' work).
const WRITES_BETWEEN_KILLS: std::ops::Range<usize> = 50..300;
/// A hang guard on that wait (the writes come within a second or two on an idle machine).
const PROGRESS_GUARD: Duration = Duration::from_secs(120);

pub struct Run {
    pub players: Vec<Player>,
    /// Every write, each player's in the order it sent them.
    pub ledger: Vec<Sent>,
    /// Acknowledged answers a player found missing when it resumed its attempt.
    pub missing: Vec<String>,
    /// From SIGKILL until health answered 200 again, per kill.
    pub restarts: Vec<Duration>,
    /// Requests in flight at each kill.
    pub in_flight_at_kills: Vec<usize>,
}

/// Plays on `node` (started here) with `count` players over `categories` categories, killing it
/// `kills` times; the node is stopped at the end.
pub async fn run(node: &mut Node, count: usize, categories: usize, kills: usize) -> Run {
    node.start().await;
    let load = Arc::new(Load::new(node.base_url()));
    let mut ledger = Vec::new();
    let players = players(&load, count, categories, &mut ledger).await;
    let tasks: Vec<_> = players
        .iter()
        .map(|player| {
            let (load, player) = (load.clone(), player.clone());
            let first = ledger.iter().rev().find(|s| s.player == player.index && s.kind == Kind::Start);
            let attempt_id = first.and_then(|s| s.acknowledged()).and_then(|v| v["attemptId"].as_str()).map(str::to_owned);
            tokio::spawn(async move { play(&load, &player, attempt_id).await })
        })
        .collect();

    let mut restarts = Vec::new();
    let mut in_flight_at_kills = Vec::new();
    for kill in 1..=kills {
        writes_go_on(&load, kill).await;
        // A random moment, then the next one with a write in flight.
        let moment = Duration::from_millis(rand::rng().random_range(0..250));
        tokio::time::sleep(moment).await;
        let waited = Instant::now();
        while load.in_flight.load(Ordering::SeqCst) == 0 && waited.elapsed() < PROGRESS_GUARD {
            tokio::task::yield_now().await;
        }
        in_flight_at_kills.push(load.in_flight.load(Ordering::SeqCst));
        let killed = Instant::now();
        node.kill();
        node.start().await;
        restarts.push(killed.elapsed());
    }
    writes_go_on(&load, kills + 1).await;

    load.stop.store(true, Ordering::SeqCst);
    let mut missing = Vec::new();
    for task in tasks {
        let played = tokio::time::timeout(PROGRESS_GUARD, task).await.expect("a player did not stop").unwrap();
        ledger.extend(played.ledger);
        missing.extend(played.missing);
    }
    carry_on(&load, &players, &mut ledger).await;
    node.stop().await;
    Run { players, ledger, missing, restarts, in_flight_at_kills }
}

/// Waits until the players have had some more writes acknowledged (`WRITES_BETWEEN_KILLS`).
async fn writes_go_on(load: &Load, round: usize) {
    let until = load.acknowledged.load(Ordering::SeqCst) + rand::rng().random_range(WRITES_BETWEEN_KILLS);
    let waited = Instant::now();
    while load.acknowledged.load(Ordering::SeqCst) < until {
        assert!(waited.elapsed() < PROGRESS_GUARD, "round {round}: the players wrote nothing for {PROGRESS_GUARD:?} after a restart");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}
