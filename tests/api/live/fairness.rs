//! A live game stays fair (issue 26): nobody scores on the boards with keys read through a live
//! game, and nothing a player reads while a question is open tells whether their answer is right.

use std::time::Duration;

use quizroom_eventstore::testing::TestDb;
use serde_json::{Value, json};

use super::{Game, next_view, open};
use crate::helpers::TestApp;
use crate::hub::{Socket, connect, first_category, next_of, send};

/// Starts `user`'s attempt on the category; returns its questions' ids.
async fn start(app: &TestApp, token: &str, category_id: i64) {
    let (status, started) = app.post("/api/attempt/start", Some(token), json!({ "categoryId": category_id })).await;
    assert_eq!(status, 200, "{started}");
}

/// Submits every question of the category answered with `key`.
async fn submit_with(app: &TestApp, token: &str, category_id: i64, key: &[(i64, String)]) -> Value {
    let answers: Vec<Value> = key.iter().map(|(id, letter)| json!({ "questionId": id, "status": letter })).collect();
    let (status, result) = app.post("/api/question/score", Some(token), json!({ "categoryId": category_id, "answers": answers })).await;
    assert_eq!(status, 200, "{result}");
    result
}

async fn keys_read_through_a_live_game_buy_no_place_on_the_boards(db: &TestDb) {
    let game = open(db, json!({})).await;
    let app = &game.app;
    let category_id = first_category(app, &game.host).await;
    let key = crate::helpers::answer_key(&db.url, category_id).await;
    // The host reads every key from the lobby on, before anyone joined.
    let (status, results) = app.get_as(&format!("/api/live/games/{}/results", game.game_id), Some(&game.host)).await;
    assert_eq!(status, 200, "{results}");
    let read: Vec<&str> = results["questions"].as_array().unwrap().iter().map(|q| q["answer"].as_str().unwrap()).collect();
    assert_eq!(read, key.iter().map(|(_, l)| l.as_str()).collect::<Vec<_>>());
    // A signed-in player of the game sees each key at its reveal; one of them had started the
    // category before joining and submits after.
    let (ada, _) = app.verified_user("ada@example.com").await;
    start(app, &ada, category_id).await;
    let (status, joined) = game.join("Ada", Some(&ada)).await;
    assert_eq!(status, 200, "{joined}");
    // Someone who never was in a live game on it plays it too.
    let (cy, cy_id) = app.verified_user("cy@example.com").await;

    start(app, &game.host, category_id).await;
    let host_result = submit_with(app, &game.host, category_id, &key).await;
    assert_eq!((host_result["score"].clone(), host_result["practice"].clone()), (json!(key.len()), json!(true)));
    let ada_result = submit_with(app, &ada, category_id, &key).await;
    assert_eq!(ada_result["practice"], true, "started before the game, submitted after: {ada_result}");
    start(app, &cy, category_id).await;
    assert_eq!(submit_with(app, &cy, category_id, &key).await["practice"], false);

    let (_, board) = app.get_json(&format!("/api/leaderboard/category?category_id={category_id}")).await;
    assert_eq!(board.as_array().unwrap().iter().map(|e| e["userId"].clone()).collect::<Vec<_>>(), vec![json!(cy_id)]);
    let (_, global) = app.get_json("/api/leaderboard").await;
    assert_eq!(global.as_array().unwrap().len(), 1, "{global}");
    assert_eq!(global[0]["userId"], cy_id.as_str());
    game.app.stop().await.unwrap();
}

#[tokio::test]
async fn keys_read_through_a_live_game_buy_no_place_on_the_boards_on_sqlite() {
    keys_read_through_a_live_game_buy_no_place_on_the_boards(&TestDb::sqlite()).await;
}

#[tokio::test]
async fn keys_read_through_a_live_game_buy_no_place_on_the_boards_on_postgres() {
    let Some(db) = TestDb::postgres().await else { return };
    keys_read_through_a_live_game_buy_no_place_on_the_boards(&db).await;
}

/// Everything the player and their account can read of their own standing: their `me` from a
/// new subscription, and the history and progress calls.
async fn standing(game: &Game, socket: &mut Socket, token: &str) -> (Value, Value, Value) {
    send(socket, json!({ "type": "subscribe", "channel": game.channel() })).await;
    let view = next_of(socket, "game").await["view"].clone();
    let me = json!({ "points": view["me"]["points"], "streak": view["me"]["streak"], "rank": view["me"]["rank"], "lastResult": view["me"]["lastResult"] });
    let (_, history) = game.app.get_as("/api/live/history", Some(token)).await;
    let (_, progress) = game.app.get_as("/api/play/progress", Some(token)).await;
    (me, history, progress["liveGames"].clone())
}

/// Waits until the read model holds the player's answer to `question` (the host's results list it).
async fn recorded(game: &Game, question: usize) {
    let path = format!("/api/live/games/{}/results", game.game_id);
    for _ in 0..200 {
        let (_, results) = game.app.get_as(&path, Some(&game.host)).await;
        if results["players"].as_array().is_some_and(|p| p.iter().any(|p| p["nickname"] == "Ada" && !p["answers"][question].is_null())) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the answer to question {question} never reached the read model");
}

async fn nothing_read_during_a_question_depends_on_the_answer_just_given(db: &TestDb) {
    let game = open(db, json!({ "scoring": "speed", "streakBonus": true })).await;
    let (ada, _) = game.app.verified_user("ada@example.com").await;
    let (status, joined) = game.join("Ada", Some(&ada)).await;
    assert_eq!(status, 200, "{joined}");
    let mut socket = connect(&game.app, joined["token"].as_str().unwrap()).await;
    game.subscribe(&mut socket).await;
    // A second player, so that Ada's answer does not close the question.
    let (mut ben, _, _) = game.player("Ben").await;
    assert_eq!(game.control("start").await.0, 200);
    for question in 0..2 {
        next_view(&mut ben, "question").await;
        if question == 0 {
            game.clock.advance(3_000);
        }
        let before = standing(&game, &mut socket, &ada).await;
        game.answer(&mut socket, question, &game.key[question]).await;
        next_of(&mut socket, "answerAck").await;
        recorded(&game, question).await;
        assert_eq!(standing(&game, &mut socket, &ada).await, before, "question {question}: the same figures as before the answer");
        // At the reveal they count.
        assert_eq!(game.control("skip").await.0, 200);
        let reveal = next_view(&mut socket, "reveal").await;
        assert!(reveal["me"]["points"].as_i64().unwrap() > before.0["points"].as_i64().unwrap());
        let (me, history, progress) = standing(&game, &mut socket, &ada).await;
        assert_eq!(me["points"], reveal["me"]["points"]);
        assert_eq!(me["streak"], question as i64 + 1);
        assert_eq!(history[0]["points"], me["points"], "{history}");
        assert_eq!(history[0]["correct"], question as i64 + 1);
        assert_eq!(progress[0]["points"], me["points"], "{progress}");
        assert_eq!(game.control("next").await.0, 200);
        assert_eq!(game.control("next").await.0, 200);
        game.clock.advance(3_000);
    }
    game.app.stop().await.unwrap();
}

#[tokio::test]
async fn nothing_read_during_a_question_depends_on_the_answer_just_given_on_sqlite() {
    nothing_read_during_a_question_depends_on_the_answer_just_given(&TestDb::sqlite()).await;
}

#[tokio::test]
async fn nothing_read_during_a_question_depends_on_the_answer_just_given_on_postgres() {
    let Some(db) = TestDb::postgres().await else { return };
    nothing_read_during_a_question_depends_on_the_answer_just_given(&db).await;
}
