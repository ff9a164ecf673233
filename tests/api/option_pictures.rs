//! Pictures on options and items (issue 30, `docs/media-api.md`) on both backends: a host puts a
//! picture on options of a question A–D, on an ordering's items and on a matching's left items;
//! the host reads them back in the definition's order, a player is served each with the option or
//! item it belongs to (shuffled items carry their pictures along), feedback and the audit show
//! them, and a live game serves them beside the options. Pictures that do not line up with the
//! options, lack alt text, are sounds, or were uploaded by another account are refused naming the
//! question and the picture, and nothing saved is lost.

use std::collections::HashMap;
use std::io::Cursor;
use std::sync::Arc;

use image::{ImageFormat, Rgb, RgbImage};
use quizroom_api::clock::ShiftedClock;
use quizroom_api::startup::Services;
use quizroom_domain::game::MEDIA_GET_READY_MS;
use quizroom_eventstore::backend_tests;
use quizroom_eventstore::testing::TestDb;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, spawn_app_with};
use crate::live::{Game, next_view};
use crate::question_types::{at, quiz_of};

backend_tests! {
    pictures_on_options_and_items_are_kept_and_served_with_the_option_or_item_they_show,
    pictures_that_do_not_line_up_lack_alt_text_or_are_not_the_hosts_are_refused_naming_the_picture,
    a_live_question_serves_its_option_pictures_beside_the_options_after_the_longer_get_ready,
}

/// A plain PNG of one colour: each colour a different file.
fn swatch(r: u8, g: u8, b: u8) -> Vec<u8> {
    let mut bytes = Cursor::new(Vec::new());
    RgbImage::from_pixel(64, 48, Rgb([r, g, b])).write_to(&mut bytes, ImageFormat::Png).unwrap();
    bytes.into_inner()
}

/// Uploads `bytes` as `token`: the picture as a question names it (without its alt text).
async fn picture(app: &TestApp, token: &str, bytes: Vec<u8>) -> Value {
    let (status, body) = app.multipart("/api/media", token, &[], Some(("swatch.png", bytes))).await;
    assert_eq!(status, 201, "{body}");
    let id = |size: &str| body["files"].as_array().unwrap().iter().find(|f| f["size"] == size).map(|f| f["id"].clone()).unwrap();
    json!({ "kind": "image", "phone": { "id": id("phone") }, "projector": { "id": id("projector") } })
}

fn described(picture: &Value, alt: &str) -> Value {
    let mut p = picture.clone();
    p["alt"] = json!(alt);
    p
}

fn decorative(picture: &Value) -> Value {
    let mut p = picture.clone();
    p["decorative"] = json!(true);
    p
}

fn flags(pictures: Value) -> Value {
    json!({ "text": "Which is the flag of France?", "optionA": "France", "optionB": "Italy", "optionC": "Chad", "optionD": "Peru",
        "answer": "A", "pictures": pictures })
}

/// The phone file's id of each picture in `pictures` (`None` where none).
fn phone_ids(pictures: &Value) -> Vec<Option<String>> {
    pictures.as_array().unwrap().iter().map(|p| p["phone"]["id"].as_str().map(str::to_owned)).collect()
}

async fn pictures_on_options_and_items_are_kept_and_served_with_the_option_or_item_they_show(db: &TestDb) {
    let app = spawn_app(db).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let (player, _) = app.verified_user("player@example.com").await;
    let [red, green, blue] = [swatch(200, 0, 0), swatch(0, 200, 0), swatch(0, 0, 200)];
    let (red, green, blue) = (picture(&app, &host, red).await, picture(&app, &host, green).await, picture(&app, &host, blue).await);
    let ordering = json!({ "text": "From warm to cold", "definition": { "type": "ordering", "items": ["Red", "Green", "Blue"] },
        "pictures": [described(&red, "A red square"), described(&green, "A green square"), described(&blue, "A blue square")] });
    let matching = json!({ "text": "Match the colours", "definition": { "type": "matching",
            "pairs": [{ "left": "Sky", "right": "Blue" }, { "left": "Grass", "right": "Green" }], "distractors": ["Pink"] },
        "pictures": [null, described(&green, "Grass")] });
    let a_to_d = flags(json!([described(&blue, "  Blue, white and red bands "), null, decorative(&red), null]));
    let id = quiz_of(&app, &host, vec![a_to_d, ordering, matching]).await;

    // The host reads them back in the definition's order, types and sizes from the stored files.
    let (status, loaded) = app.get_as(&format!("/api/question/{id}/with-answers"), Some(&host)).await;
    assert_eq!(status, 200, "{loaded}");
    let options = &loaded["questions"][0]["pictures"];
    assert_eq!(phone_ids(options), [blue["phone"]["id"].as_str().map(str::to_owned), None, red["phone"]["id"].as_str().map(str::to_owned), None]);
    assert_eq!((options[0]["alt"].as_str(), options[2]["decorative"].as_bool()), (Some("Blue, white and red bands"), Some(true)));
    assert_eq!(
        (options[0]["phone"]["type"].as_str(), options[0]["phone"]["width"].as_u64()),
        (Some("image/jpeg"), Some(64)),
        "an opaque picture is kept as JPEG"
    );
    assert!(options[0]["phone"]["url"].as_str().is_some());
    assert_eq!(loaded["questions"][2]["pictures"][0], Value::Null);

    // Saved again as loaded: nothing changes.
    let reloaded = crate::question_media::saved_again(&app, &host, id, &loaded).await;
    assert_eq!(phone_ids(&reloaded["questions"][1]["pictures"]), phone_ids(&loaded["questions"][1]["pictures"]));

    // A player is served each picture with its option or item: the ordering's items shuffled,
    // each with its own picture; the options A–D and the matching's left items in order.
    let (_, quiz) = app.get_as(&format!("/api/hostQuiz/quiz/{id}"), Some(&host)).await;
    let code = quiz["category"]["quizCode"].as_str().unwrap();
    app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}&email=player@example.com"), Some(&player)).await;
    let (status, served) = app.get_as(&format!("/api/question/{id}"), Some(&player)).await;
    assert_eq!(status, 200, "{served}");
    assert_eq!(phone_ids(&served["questions"][0]["pictures"]), phone_ids(options));
    let items = &served["questions"][1]["items"];
    let alts: HashMap<&str, &str> = [("Red", "A red square"), ("Green", "A green square"), ("Blue", "A blue square")].into();
    for (item, alt) in alts {
        assert_eq!(served["questions"][1]["pictures"][at(items, item)]["alt"], alt, "{item} keeps its picture: {served}");
    }
    assert_eq!(served["questions"][2]["pictures"][1]["alt"], "Grass");
    let url = served["questions"][0]["pictures"][0]["phone"]["url"].as_str().unwrap();
    let file = app.client.get(app.url(url)).send().await.unwrap();
    assert_eq!((file.status().as_u16(), file.headers()["content-type"].to_str().unwrap()), (200, "image/jpeg"));

    // Feedback shows them in the definition's order.
    let (_, attempt) = app.post("/api/attempt/start", Some(&player), json!({ "categoryId": id })).await;
    assert!(attempt["attemptId"].as_str().is_some(), "{attempt}");
    let (status, result) = app.post("/api/question/score", Some(&player), json!({ "categoryId": id, "answers": [] })).await;
    assert_eq!(status, 200, "{result}");
    assert_eq!(phone_ids(&result["feedback"][1]["pictures"]), phone_ids(&loaded["questions"][1]["pictures"]));
    app.stop().await.unwrap();
}

async fn pictures_that_do_not_line_up_lack_alt_text_or_are_not_the_hosts_are_refused_naming_the_picture(db: &TestDb) {
    let app = spawn_app(db).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let (other, _) = app.verified_user("other@example.com").await;
    let red = picture(&app, &host, swatch(200, 0, 0)).await;
    let theirs = picture(&app, &other, swatch(0, 0, 200)).await;
    let (status, sound) = app.multipart("/api/media", &host, &[], Some(("a.mp3", crate::question_media::mp3()))).await;
    assert_eq!(status, 201, "{sound}");
    let sound = json!({ "kind": "audio", "file": { "id": sound["files"][0]["id"] }, "transcript": "Bonjour" });
    let id = quiz_of(&app, &host, vec![flags(json!([described(&red, "A red square"), null, null, null]))]).await;
    let save = |questions: Vec<Value>| {
        let body = json!({ "categoryId": id, "questions": questions });
        let app = &app;
        let host = host.clone();
        async move { app.post("/api/question/update-category-questions", Some(&host), body).await }
    };
    let true_false = json!({ "text": "Red?", "definition": { "type": "true_false", "answer": true }, "pictures": [described(&red, "Red")] });
    let cases = [
        (flags(json!([described(&red, "Red"), null])), "Question 1: pictures: give one entry per option or item (4), null where one shows no picture"),
        (
            flags(json!([null, described(&red, " "), null, null])),
            "Question 1: picture 2: media.alt: describe the image for those who cannot see it, or mark it decorative",
        ),
        (flags(json!([null, null, sound, null])), "Question 1: picture 3: an option or item shows a picture, not a sound or a video"),
        (flags(json!("red")), "Question 1: pictures: a list with one entry per option or item"),
        (true_false, "Question 1: pictures: a true false question has no options or items to show pictures on"),
        // Another account's file, its id seen in a link: not the host's to show.
        (flags(json!([null, null, null, described(&theirs, "Blue")])), "Question 1: picture 4: media.phone: no such file among your uploads; upload it again"),
    ];
    for (question, message) in cases {
        let (status, refused) = save(vec![question]).await;
        assert_eq!((status, refused["error"].as_str()), (422, Some(message)), "{refused}");
    }
    // The same for a question's own media.
    let mut borrowed = flags(Value::Null);
    borrowed["media"] = described(&theirs, "Blue");
    let (status, refused) = save(vec![borrowed]).await;
    assert_eq!((status, refused["error"].as_str()), (422, Some("Question 1: media.phone: no such file among your uploads; upload it again")));
    // All null: none.
    assert_eq!(save(vec![flags(json!([null, null, null, null]))]).await.0, 200);
    let (_, loaded) = app.get_as(&format!("/api/question/{id}/with-answers"), Some(&host)).await;
    assert!(loaded["questions"][0].get("pictures").is_none(), "{loaded}");
    app.stop().await.unwrap();
}

async fn a_live_question_serves_its_option_pictures_beside_the_options_after_the_longer_get_ready(db: &TestDb) {
    let clock = Arc::new(ShiftedClock::default());
    let app = spawn_app_with(db, |_| {}, Services { clock: clock.clone(), ..Services::default() }).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let red = picture(&app, &host, swatch(200, 0, 0)).await;
    let quiz_id = quiz_of(&app, &host, vec![flags(json!([null, described(&red, "A red square"), null, null]))]).await;
    let (status, view) = app.post("/api/live/games", Some(&host), json!({ "quizId": quiz_id, "shuffleOptions": true })).await;
    assert_eq!(status, 201, "{view}");
    let game = Game::of(app, clock, host, &view, vec!["A".into()]);
    let (mut ana, _, _) = game.player("Ana").await;
    assert_eq!(game.control("start").await.0, 200);

    let seen = next_view(&mut ana, "question").await;
    let question = &seen["question"];
    assert!(question.get("pictures").is_none(), "options A–D carry their own pictures: {question}");
    for option in question["options"].as_array().unwrap() {
        let expected = if option["letter"] == "B" { json!("A red square") } else { Value::Null };
        assert_eq!(option["picture"]["alt"], expected, "each option with its picture, in this phone's order: {question}");
    }
    let url = question["options"].as_array().unwrap().iter().find(|o| o["letter"] == "B").unwrap()["picture"]["projector"]["url"].as_str().unwrap();
    assert_eq!(game.app.client.get(game.app.url(url)).send().await.unwrap().status(), 200);
    let opens = question["opensAt"].as_i64().unwrap() - question["startedAt"].as_i64().unwrap();
    assert_eq!(opens, MEDIA_GET_READY_MS, "the get-ready waits for the pictures");
    game.app.stop().await.unwrap();
}
