//! A live game of a question showing a picture (issue 30): every client is served the picture
//! with the same signed links (one cached copy for the room), the presenter too, and the answer
//! window opens after the longer get-ready that gives every device time to load it, or as soon
//! as every player's device says it has it (after the ordinary get-ready).

use std::sync::Arc;

use quizroom_api::clock::ShiftedClock;
use quizroom_api::startup::Services;
use quizroom_domain::game::{GET_READY_MS, MEDIA_GET_READY_MS};
use quizroom_eventstore::backend_tests;
use quizroom_eventstore::testing::TestDb;
use serde_json::json;

use super::{Game, next_error, next_view};
use crate::helpers::spawn_app_with;
use crate::hub::{connect, next_of, send};
use crate::media::sideways_photo;
use crate::question_types::quiz_of;

backend_tests! {
    a_picture_question_is_served_to_every_device_and_opens_once_they_had_time_to_load_it,
    answers_open_early_once_every_players_device_has_the_picture,
    a_live_hotspot_is_answered_by_point_or_name_and_the_presenter_sees_each_regions_count,
}

/// A game of one question A–D showing a picture (`A` right), in its lobby.
async fn picture_game(db: &TestDb) -> Game {
    let clock = Arc::new(ShiftedClock::default());
    let app = spawn_app_with(db, |_| {}, Services { clock: clock.clone(), ..Services::default() }).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let (_, uploaded) = app.multipart("/api/media", &host, &[], Some(("flag.jpg", sideways_photo()))).await;
    let [phone, projector] = [0, 1].map(|i| uploaded["files"][i]["id"].clone());
    let question = json!({ "text": "Which flag?", "optionA": "France", "optionB": "Italy", "optionC": "Chad", "optionD": "Peru", "answer": "A",
        "media": { "kind": "image", "phone": { "id": phone }, "projector": { "id": projector }, "alt": "Red and blue halves" } });
    let quiz_id = quiz_of(&app, &host, vec![question]).await;
    let (status, view) = app.post("/api/live/games", Some(&host), json!({ "quizId": quiz_id })).await;
    assert_eq!(status, 201, "{view}");
    Game::of(app, clock, host, &view, vec!["A".into()])
}

async fn a_picture_question_is_served_to_every_device_and_opens_once_they_had_time_to_load_it(db: &TestDb) {
    let game = picture_game(db).await;
    let (mut ana, _, _) = game.player("Ana").await;
    let (mut ben, _, _) = game.player("Ben").await;
    assert_eq!(game.control("start").await.0, 200);

    let seen = next_view(&mut ana, "question").await;
    let media = &seen["question"]["media"];
    assert_eq!((media["kind"].as_str(), media["alt"].as_str()), (Some("image"), Some("Red and blue halves")));
    assert_eq!(next_view(&mut ben, "question").await["question"]["media"], *media, "every device is served the same links");
    let picture = game.app.client.get(game.app.url(media["phone"]["url"].as_str().unwrap())).send().await.unwrap();
    assert_eq!(picture.status(), 200);
    let opens = seen["question"]["opensAt"].as_i64().unwrap() - seen["question"]["startedAt"].as_i64().unwrap();
    assert_eq!(opens, MEDIA_GET_READY_MS, "the get-ready waits for the picture");

    // Once open, answers are taken as for any question.
    game.clock.advance(MEDIA_GET_READY_MS);
    game.answer(&mut ana, 0, "A").await;
    assert_eq!(next_of(&mut ana, "answerAck").await["question"], 0);
    game.app.stop().await.unwrap();
}

async fn answers_open_early_once_every_players_device_has_the_picture(db: &TestDb) {
    let game = picture_game(db).await;
    let (mut ana, _, _) = game.player("Ana").await;
    let (mut ben, _, _) = game.player("Ben").await;
    assert_eq!(game.control("start").await.0, 200);
    let started = next_view(&mut ana, "question").await["question"]["startedAt"].as_i64().unwrap();
    let loaded = json!({ "type": "loaded", "channel": game.channel(), "question": 0 });

    // Ana's phone has the picture, Ben's not yet: past the ordinary get-ready, still closed.
    send(&mut ana, loaded.clone()).await;
    game.clock.advance(GET_READY_MS + 200);
    game.answer(&mut ana, 0, "A").await;
    assert_eq!(next_error(&mut ana).await["code"], "not_open");

    // Ben's has it too: the answers open now, with the whole answer time.
    send(&mut ben, loaded.clone()).await;
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    let opened = loop {
        let view = tokio::time::timeout_at(deadline, next_view(&mut ben, "question")).await.expect("answers opened early");
        if view["question"]["opensAt"].as_i64() != Some(started + MEDIA_GET_READY_MS) {
            break view;
        }
    };
    let opens_at = opened["question"]["opensAt"].as_i64().unwrap();
    assert!((started + GET_READY_MS..started + MEDIA_GET_READY_MS).contains(&opens_at), "{opened}");
    assert_eq!(opened["question"]["deadline"].as_i64().unwrap() - opens_at, 20_000, "{opened}");
    game.answer(&mut ana, 0, "A").await;
    assert_eq!(next_of(&mut ana, "answerAck").await["question"], 0);

    // Only the game's players say so: the host is refused, and a channel that is no game too.
    let mut host = connect(&game.app, &game.host).await;
    send(&mut host, loaded).await;
    assert_eq!(next_error(&mut host).await["code"], "forbidden");
    send(&mut host, json!({ "type": "loaded", "channel": "quiz:1", "question": 0 })).await;
    assert_eq!(next_error(&mut host).await["code"], "unknown_channel");
    game.app.stop().await.unwrap();
}

async fn a_live_hotspot_is_answered_by_point_or_name_and_the_presenter_sees_each_regions_count(db: &TestDb) {
    let clock = Arc::new(ShiftedClock::default());
    let app = spawn_app_with(db, |_| {}, Services { clock: clock.clone(), ..Services::default() }).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let (_, uploaded) = app.multipart("/api/media", &host, &[], Some(("map.jpg", sideways_photo()))).await;
    let [phone, projector] = [0, 1].map(|i| uploaded["files"][i]["id"].clone());
    let question = json!({ "text": "Where is the capital?", "definition": { "type": "hotspot", "regions": [
            { "name": "North", "right": true, "shape": { "kind": "rect", "x": 0.0, "y": 0.0, "w": 1.0, "h": 0.5 } },
            { "name": "South", "shape": { "kind": "rect", "x": 0.0, "y": 0.5, "w": 1.0, "h": 0.5 } } ] },
        "media": { "kind": "image", "phone": { "id": phone }, "projector": { "id": projector }, "alt": "A map" } });
    let quiz_id = quiz_of(&app, &host, vec![question]).await;
    let (_, view) = app.post("/api/live/games", Some(&host), json!({ "quizId": quiz_id })).await;
    let game = Game::of(app, clock, host, &view, vec![]);
    let mut presenter = connect(&game.app, &game.host).await;
    send(&mut presenter, json!({ "type": "subscribe", "channel": game.channel() })).await;
    let (mut ana, _, _) = game.player("Ana").await;
    let (mut ben, _, _) = game.player("Ben").await;
    let (mut cy, _, _) = game.player("Cy").await;
    assert_eq!(game.control("start").await.0, 200);
    let seen = next_view(&mut ana, "question").await;
    let names = seen["question"]["served"]["regions"].clone();
    assert!(!seen.to_string().contains("\"right\""), "no key before the reveal: {seen}");
    game.clock.advance(MEDIA_GET_READY_MS);

    // Ana taps the north, Ben the south, Cy chooses the north by its name.
    let answer = |response: serde_json::Value| json!({ "type": "answer", "channel": game.channel(), "question": 0, "response": response });
    send(&mut ana, answer(json!({ "point": [0.5, 0.2] }))).await;
    next_of(&mut ana, "answerAck").await;
    send(&mut ben, answer(json!({ "point": [0.5, 0.9] }))).await;
    next_of(&mut ben, "answerAck").await;
    send(&mut cy, answer(json!({ "region": crate::question_types::at(&names, "North") }))).await;
    next_of(&mut cy, "answerAck").await;

    let reveal = next_view(&mut presenter, "reveal").await["reveal"].clone();
    assert_eq!((reveal["right"].as_u64(), reveal["wrong"].as_u64()), (Some(2), Some(1)), "{reveal}");
    assert_eq!(reveal["options"], json!([2, 1]), "per region, in the definition's order: {reveal}");
    let phone = next_view(&mut ben, "reveal").await;
    assert_eq!(phone["reveal"]["options"], serde_json::Value::Null, "the counts are the presenter's: {phone}");
    assert_eq!(phone["me"]["lastResult"]["correct"], false);
    game.app.stop().await.unwrap();
}
