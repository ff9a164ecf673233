//! Who reaches a quiz, and what counts (issue 11): the clock runs whenever questions are read, a
//! hosted quiz is reached through its code only and looks missing to everyone else, restricted
//! boards are for the host and the audience, code guessing is held back, and points from hosted
//! quizzes stay on their own boards.

use quizroom_eventstore::testing::TestDb;
use quizroom_eventstore::{Cursor, EventStore, StoreOptions};
use serde_json::{Value, json};

use crate::helpers::spawn_app;
use crate::hosting::{host_quiz, key_for};
use crate::hub::{connect, first_category, next_of, send};

#[tokio::test]
async fn reading_the_questions_starts_the_clock() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (token, _) = app.verified_user("reader@example.com").await;
    let category_id = first_category(&app, &token).await;
    let (status, served) = app.get_as(&format!("/api/question/{category_id}"), Some(&token)).await;
    assert_eq!(status, 200, "{served}");
    // The attempt was started by the read: starting now resumes it, its clock already running.
    let (_, attempt) = app.post("/api/attempt/start", Some(&token), json!({ "categoryId": category_id })).await;
    assert_eq!(attempt["resumed"], true, "{attempt}");
    assert!(attempt["remainingMs"].as_i64().unwrap() <= served["time_limit"].as_i64().unwrap() * 60_000);
    // Reading again resumes the same attempt (no second clock).
    assert_eq!(app.get_as(&format!("/api/question/{category_id}"), Some(&token)).await.0, 200);
    let (_, again) = app.post("/api/attempt/start", Some(&token), json!({ "categoryId": category_id })).await;
    assert_eq!(again["attemptId"], attempt["attemptId"]);
    app.stop().await.unwrap();
}

async fn join_events(db: &TestDb) -> Vec<Value> {
    let store = EventStore::connect(&db.url, StoreOptions::default()).await.unwrap();
    let events = store.read_all(Cursor::START, 100_000).await.unwrap();
    store.close().await;
    events.into_iter().filter(|e| e.event_type == "JoinedByCode").map(|e| e.data).collect()
}

#[tokio::test]
async fn a_hosted_quiz_is_reached_through_its_code_and_looks_missing_to_everyone_else() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let (player, player_id) = app.verified_user("player@example.com").await;
    let open = host_quiz(&app, &host, &[]).await;
    let restricted = host_quiz(&app, &host, &[("audienceType", "emails"), ("emails", "someone@example.com")]).await;
    let (open_id, code) = (open["id"].as_i64().unwrap(), open["quizCode"].as_str().unwrap().to_owned());
    let restricted_id = restricted["id"].as_i64().unwrap();

    // By id alone, an open quiz, a restricted one and a missing one all answer alike.
    let missing = (404, json!({ "error": "No questions found for this category.", "code": "not_found" }));
    for id in [open_id, restricted_id, restricted_id + 1000] {
        assert_eq!(app.get_as(&format!("/api/question/{id}"), Some(&player)).await, missing, "{id}");
        assert_eq!(app.post("/api/attempt/start", Some(&player), json!({ "categoryId": id })).await, missing, "{id}");
    }
    // The code lets the player in, and the join is recorded once.
    assert_eq!(app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(&player)).await.0, 200);
    assert_eq!(app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(&player)).await.0, 200);
    assert_eq!(app.get_as(&format!("/api/question/{open_id}"), Some(&player)).await.0, 200);
    let joins = join_events(&db).await;
    assert_eq!(joins.len(), 1, "{joins:?}");
    assert_eq!((joins[0]["quiz_id"].as_i64(), joins[0]["user_id"].as_str()), (Some(open_id), Some(player_id.as_str())));
    // The host needs no code for their own quiz.
    assert_eq!(app.get_as(&format!("/api/question/{restricted_id}"), Some(&host)).await.0, 200);
    app.stop().await.unwrap();
}

#[tokio::test]
async fn guessing_quiz_codes_is_held_back_and_told_when_to_come_back() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let (guesser, _) = app.verified_user("guesser@example.com").await;
    let code = host_quiz(&app, &host, &[]).await["quizCode"].as_str().unwrap().to_owned();
    for i in 0..10 {
        let (status, _) = app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode=ZZZZ{i:02}"), Some(&guesser)).await;
        assert_eq!(status, 404);
    }
    let response = app.client.get(app.url("/api/hostQuiz/checkQuiz?quizCode=ZZZZ99")).bearer_auth(&guesser).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 429);
    let wait: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((25..=30).contains(&wait), "{wait}");
    // Even the right code waits: a guesser cannot tell a hit while held back.
    assert_eq!(app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(&guesser)).await.0, 429);
    // Another player is not held back, and finding a quiz costs nothing.
    let (player, _) = app.verified_user("player@example.com").await;
    for _ in 0..15 {
        assert_eq!(app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(&player)).await.0, 200);
    }
    app.stop().await.unwrap();
}

#[tokio::test]
async fn a_restricted_quizs_board_is_for_its_host_and_audience_only() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let (invited, invited_id) = app.verified_user("invited@example.com").await;
    let (outsider, _) = app.verified_user("outsider@example.com").await;
    let quiz = host_quiz(&app, &host, &[("audienceType", "emails"), ("emails", "invited@example.com")]).await;
    let (id, code) = (quiz["id"].as_i64().unwrap(), quiz["quizCode"].as_str().unwrap().to_owned());
    let key = key_for(&app, &host, id).await;
    assert_eq!(app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(&invited)).await.0, 200);
    assert_eq!(app.post("/api/attempt/start", Some(&invited), json!({ "categoryId": id })).await.0, 200);
    let answers: Vec<Value> = key.iter().map(|(q, l)| json!({ "questionId": q, "status": l })).collect();
    assert_eq!(app.post("/api/question/score", Some(&invited), json!({ "categoryId": id, "answers": answers })).await.0, 200);

    let board = format!("/api/leaderboard/category?category_id={id}");
    let missing = format!("/api/leaderboard/category?category_id={}", id + 1000);
    assert_eq!(app.get_json(&missing).await, (200, json!([])));
    assert_eq!(app.get_json(&board).await, (200, json!([])), "no token: as empty as a missing quiz's");
    assert_eq!(app.get_as(&board, Some(&outsider)).await, (200, json!([])));
    for member in [&invited, &host] {
        let (status, rows) = app.get_as(&board, Some(member)).await;
        assert_eq!((status, rows[0]["userId"].as_str()), (200, Some(invited_id.as_str())));
    }
    // The hub's channel: the outsider is told what a missing quiz tells; the invited player sees it.
    let mut socket = connect(&app, &outsider).await;
    send(&mut socket, json!({ "type": "subscribe", "channel": format!("quiz:{id}") })).await;
    let refused = next_of(&mut socket, "error").await;
    assert_eq!(refused["code"], "not_found", "{refused}");
    let mut socket = connect(&app, &invited).await;
    send(&mut socket, json!({ "type": "subscribe", "channel": format!("quiz:{id}") })).await;
    let ranking = next_of(&mut socket, "leaderboard").await;
    assert!(ranking.to_string().contains(&invited_id), "{ranking}");
    app.stop().await.unwrap();
}

#[tokio::test]
async fn points_of_hosted_quizzes_stay_on_their_own_boards() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (host, host_id) = app.verified_user("buyer@example.com").await;
    let (player, player_id) = app.verified_user("player@example.com").await;
    // The host plays their own quiz with its known key.
    let quiz = host_quiz(&app, &host, &[]).await;
    let id = quiz["id"].as_i64().unwrap();
    let key = key_for(&app, &host, id).await;
    assert_eq!(app.post("/api/attempt/start", Some(&host), json!({ "categoryId": id })).await.0, 200);
    let answers: Vec<Value> = key.iter().map(|(q, l)| json!({ "questionId": q, "status": l })).collect();
    let (status, result) = app.post("/api/question/score", Some(&host), json!({ "categoryId": id, "answers": answers })).await;
    assert_eq!(status, 200, "{result}");
    assert!(result["points"].as_i64().unwrap() > 0);
    // A player plays a curated category.
    let category_id = first_category(&app, &player).await;
    assert_eq!(app.post("/api/attempt/start", Some(&player), json!({ "categoryId": category_id })).await.0, 200);
    assert_eq!(app.post("/api/question/score", Some(&player), json!({ "categoryId": category_id, "answers": [] })).await.0, 200);

    let (_, global) = app.get_json("/api/leaderboard").await;
    let ids: Vec<&str> = global.as_array().unwrap().iter().map(|r| r["userId"].as_str().unwrap()).collect();
    assert!(!ids.contains(&host_id.as_str()), "a hosted quiz's points bought a global place: {global}");
    assert!(ids.contains(&player_id.as_str()), "{global}");
    // On its own board the host's points are there.
    let (_, own) = app.get_as(&format!("/api/leaderboard/category?category_id={id}"), Some(&host)).await;
    assert_eq!(own[0]["userId"], host_id.as_str());
    app.stop().await.unwrap();
}
