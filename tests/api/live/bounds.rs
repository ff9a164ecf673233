//! Live games are bounded (issue 26): an account has at most 5 open at once, an address opens at
//! most 20 a minute, a lobby nobody is in ends after half an hour, and a full PIN space answers
//! a clear error.

use std::time::Duration;

use quizroom_eventstore::testing::TestDb;
use serde_json::{Value, json};

use super::open;
use crate::helpers::TestApp;
use crate::hub::first_category;

async fn open_one(app: &TestApp, token: &str, category_id: i64) -> (u16, Value) {
    app.post("/api/live/games", Some(token), json!({ "quizId": category_id })).await
}

/// Waits until the host's view of `game_id` says finished; fails after 10 s.
async fn until_finished(app: &TestApp, token: &str, game_id: &str) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let (_, view) = app.get_as(&format!("/api/live/games/{game_id}"), Some(token)).await;
        if view["phase"] == "finished" {
            return;
        }
        assert!(tokio::time::Instant::now() < deadline, "the empty lobby did not end: {view}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn an_account_and_an_address_open_a_bounded_number_of_games_and_empty_lobbies_end() {
    let db = TestDb::sqlite();
    let game = open(&db, json!({})).await;
    let (app, host) = (&game.app, game.host.as_str());
    let category_id = first_category(app, host).await;
    let mut games = vec![game.game_id.clone()];
    for _ in 1..5 {
        let (status, view) = open_one(app, host, category_id).await;
        assert_eq!(status, 201, "{view}");
        games.push(view["gameId"].as_str().unwrap().to_owned());
    }
    let (status, refused) = open_one(app, host, category_id).await;
    assert_eq!((status, refused["code"].clone()), (409, json!("too_many_games")), "{refused}");
    // Ending one makes room for another.
    let (status, _) = app.post(&format!("/api/live/games/{}/control", games[4]), Some(host), json!({ "action": "end" })).await;
    assert_eq!(status, 200);
    let (status, view) = open_one(app, host, category_id).await;
    assert_eq!(status, 201, "{view}");
    // Parallel openings of one account do not get past the bound.
    let (other, _) = app.verified_user("other@example.com").await;
    let openings = futures::future::join_all((0..8).map(|_| open_one(app, &other, category_id))).await;
    assert_eq!(openings.iter().filter(|(status, _)| *status == 201).count(), 5, "{openings:?}");

    // 15 openings asked for from this address this minute (refused ones count): 5 more and it is
    // held back.
    let mut statuses = Vec::new();
    for n in 0..4 {
        let (token, _) = app.verified_user(&format!("host{n}@example.com")).await;
        for _ in 0..3 {
            statuses.push(open_one(app, &token, category_id).await);
        }
    }
    let refused: Vec<&(u16, Value)> = statuses.iter().filter(|(status, _)| *status != 201).collect();
    assert_eq!(statuses.iter().filter(|(status, _)| *status == 201).count(), 5, "{statuses:?}");
    assert!(refused.iter().all(|(status, body)| *status == 429 && body["code"] == "too_many_games"), "{refused:?}");
    game.clock.advance(60_000);
    let (token, _) = app.verified_user("later@example.com").await;
    assert_eq!(open_one(app, &token, category_id).await.0, 201, "a minute later the address may open games again");

    // Half an hour later, the lobbies nobody joined have ended and freed their PINs.
    game.clock.advance(30 * 60 * 1000);
    for game_id in &games[..4] {
        until_finished(app, host, game_id).await;
    }
    game.app.stop().await.unwrap();
}
