//! Joins that no one can lock a class out of (issue 26, decision 0032): wrong PINs and quiz codes
//! are counted per client with a far larger ceiling per network, the game's link joins without
//! the PIN's limit, a trusted proxy's forwarded address is the client's, a device has one seat
//! per game and a removed device stays out.

use futures::StreamExt;
use quizroom_api::client::Cidr;
use quizroom_eventstore::testing::TestDb;
use serde_json::{Value, json};

use crate::hosting::host_quiz;
use crate::live::{Game, open, open_with};

/// A client key as the web app makes one.
fn client(name: &str) -> String {
    format!("test-client-{name:0>16}")
}

/// A PIN that is not the game's.
fn wrong_pin(game: &Game, i: u32) -> String {
    let pin = (100_000 + i).to_string();
    if pin == game.pin { "999999".into() } else { pin }
}

#[tokio::test]
async fn one_client_guessing_pins_never_keeps_the_others_at_its_address_out() {
    let db = TestDb::sqlite();
    let game = open(&db, json!({})).await;
    let guesser = client("guesser");
    let mut statuses = Vec::new();
    for i in 0..100 {
        let (status, body) = game.join_as(Some(&guesser), json!({ "pin": wrong_pin(&game, i), "nickname": "Eve" })).await;
        statuses.push((status, body["code"].as_str().unwrap_or_default().to_owned()));
    }
    assert_eq!(statuses.iter().filter(|(s, _)| *s == 404).count(), 30, "the guesser's free tries");
    assert!(statuses[30..].iter().all(|(s, code)| *s == 429 && code == "too_many_attempts"), "{statuses:?}");
    // The guesser is held back, the right PIN included...
    assert_eq!(game.join_as(Some(&guesser), json!({ "pin": game.pin, "nickname": "Eve" })).await.0, 429);
    // ...but 30 others behind the same address join with the PIN, and 30 more by the link.
    for i in 0..30 {
        let (status, body) = game.join_as(Some(&client(&format!("pin{i}"))), json!({ "pin": game.pin, "nickname": format!("Pupil {i}") })).await;
        assert_eq!(status, 200, "{body}");
        assert!(body.get("key").is_none() && !body.to_string().contains(&game.link_key), "the link key is the host's");
    }
    for i in 0..30 {
        let body = json!({ "pin": game.pin, "key": game.link_key, "nickname": format!("Linked {i}") });
        let (status, answer) = game.join_as(Some(&client(&format!("link{i}"))), body).await;
        assert_eq!(status, 200, "{answer}");
    }
    // The link lets even the held-back guesser in; a key that does not fit is refused plainly.
    let (status, _) = game.join_as(Some(&guesser), json!({ "pin": game.pin, "key": game.link_key, "nickname": "Eve" })).await;
    assert_eq!(status, 200);
    let forged = json!({ "pin": game.pin, "key": "0".repeat(32), "nickname": "Mallory" });
    let (status, body) = game.join_as(Some(&client("forger")), forged).await;
    assert_eq!((status, body["code"].clone(), body["error"].clone()), (404, json!("game_not_found"), json!("This game link is not valid")));
    let (_, view) = game.app.get_as(&format!("/api/live/games/{}", game.game_id), Some(&game.host)).await;
    assert_eq!(view["players"], 61);
    game.app.stop().await.unwrap();
}

#[tokio::test]
async fn one_players_wrong_quiz_codes_never_keep_the_others_at_its_address_out() {
    let db = TestDb::sqlite();
    let app = crate::helpers::spawn_app(&db).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let code = host_quiz(&app, &host, &[]).await["quizCode"].as_str().unwrap().to_owned();
    // One pupil with a few accounts (or a few pupils mistyping): 100 codes that lead nowhere.
    for account in 0..4 {
        let (guesser, _) = app.verified_user(&format!("guesser{account}@example.com")).await;
        for i in 0..25 {
            let (status, _) = app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode=ZZZZ{i:02}"), Some(&guesser)).await;
            assert!(status == 404 || status == 429, "{status}");
        }
        assert_eq!(app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(&guesser)).await.0, 429);
    }
    // 30 others behind the same address join by the right code.
    let pupils = futures::future::join_all((0..30).map(|i| {
        let (app, email) = (&app, format!("pupil{i}@example.com"));
        async move { app.verified_user(&email).await }
    }))
    .await;
    for (pupil, _) in &pupils {
        let (status, body) = app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(pupil)).await;
        assert_eq!(status, 200, "{body}");
    }
    app.stop().await.unwrap();
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_forwarded_address_is_the_client() {
    let db = TestDb::sqlite();
    let proxy: Cidr = "127.0.0.1".parse().unwrap();
    let game = open_with(&db, move |config| config.trusted_proxies = vec![proxy], json!({})).await;
    let from = |address: &str, pin: &str, nickname: &str| {
        let request = game.app.client.post(game.app.url("/api/live/join")).header("x-forwarded-for", format!("203.0.113.9, {address}"));
        let body = json!({ "pin": pin, "nickname": nickname });
        async move { request.json(&body).send().await.unwrap().status().as_u16() }
    };
    for i in 0..30 {
        assert_eq!(from("198.51.100.7", &wrong_pin(&game, i), "Eve").await, 404);
    }
    assert_eq!(from("198.51.100.7", &game.pin, "Eve").await, 429, "the forwarded client is held back");
    assert_eq!(from("198.51.100.8", &game.pin, "Ana").await, 200, "another client behind the same proxy is not");
    // IPv6 clients are counted per /64: another address of the same /64 is the same client.
    for i in 0..30 {
        assert_eq!(from("2001:db8:1:2::1", &wrong_pin(&game, i), "Eve").await, 404);
    }
    assert_eq!(from("2001:db8:1:2:ffff::9", &game.pin, "Eve").await, 429);
    assert_eq!(from("2001:db8:1:3::1", &game.pin, "Ben").await, 200);
    game.app.stop().await.unwrap();

    // Without a trusted proxy, the header is the client's own text: ignored.
    let game = open(&TestDb::sqlite(), json!({})).await;
    for i in 0..30 {
        let request = game.app.client.post(game.app.url("/api/live/join")).header("x-forwarded-for", format!("198.51.100.{i}"));
        let response = request.json(&json!({ "pin": wrong_pin(&game, i), "nickname": "Eve" })).send().await.unwrap();
        assert_eq!(response.status(), 404);
    }
    let request = game.app.client.post(game.app.url("/api/live/join")).header("x-forwarded-for", "198.51.100.200");
    assert_eq!(request.json(&json!({ "pin": game.pin, "nickname": "Eve" })).send().await.unwrap().status(), 429);
    game.app.stop().await.unwrap();
}

#[tokio::test]
async fn a_device_has_one_seat_a_game_and_a_removed_device_stays_out() {
    let db = TestDb::sqlite();
    let game = open(&db, json!({})).await;
    let phone = client("phone");
    let (status, first) = game.join_as(Some(&phone), json!({ "pin": game.pin, "nickname": "Ana" })).await;
    assert_eq!(status, 200, "{first}");
    // A flood of joins from one client: all the same seat.
    let flood = futures::future::join_all((0..150).map(|i| game.join_as(Some(&phone), json!({ "pin": game.pin, "nickname": format!("Ana{i}") })))).await;
    assert!(flood.iter().all(|(status, body)| *status == 200 && body["playerId"] == first["playerId"] && body["nickname"] == "Ana"), "{flood:?}");
    let (_, view) = game.app.get_as(&format!("/api/live/games/{}", game.game_id), Some(&game.host)).await;
    assert_eq!(view["players"], 1);

    // Removed: back under another name from the same device, and by the link, is refused.
    let (status, _) = game.kick(first["playerId"].as_str().unwrap()).await;
    assert_eq!(status, 200);
    for body in [json!({ "pin": game.pin, "nickname": "Someone" }), json!({ "pin": game.pin, "key": game.link_key, "nickname": "Other" })] {
        let (status, answer) = game.join_as(Some(&phone), body).await;
        assert_eq!((status, answer["code"].clone()), (403, json!("kicked")), "{answer}");
    }
    // Another device is in.
    assert_eq!(game.join_as(Some(&client("tablet")), json!({ "pin": game.pin, "nickname": "Ben" })).await.0, 200);
    game.app.stop().await.unwrap();
}

#[tokio::test]
async fn seats_from_one_network_are_bounded_however_many_client_keys_it_makes_up() {
    let db = TestDb::sqlite();
    let game = open(&db, json!({})).await;
    let most = quizroom_api::limits::SEATS_ADDRESS.free as usize;
    let joins = (0..most + 20).map(|i| {
        let key = client(&format!("seat{i}"));
        let body = json!({ "pin": game.pin, "key": game.link_key, "nickname": format!("Seat {i}") });
        let game = &game;
        async move { game.join_as(Some(&key), body).await }
    });
    let answers: Vec<(u16, Value)> = futures::stream::iter(joins).buffer_unordered(64).collect().await;
    assert_eq!(answers.iter().filter(|(s, _)| *s == 200).count(), most);
    let refused: Vec<&Value> = answers.iter().filter(|(s, _)| *s == 429).map(|(_, body)| body).collect();
    assert_eq!(refused.len(), 20);
    assert!(refused.iter().all(|body| body["code"] == "too_many_players"), "{refused:?}");
    game.app.stop().await.unwrap();
}
