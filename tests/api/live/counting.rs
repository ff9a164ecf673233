//! The reveal waits for the answers it reveals (issue 28): with the answer writer held back, a
//! question whose time is up is not revealed (the host is told the answers are being counted)
//! until every answer received in time is durable; then the reveal's counts, each player's result
//! and the results agree. The same when the host skips the question or ends the game meanwhile.

use std::time::Duration;

use futures::StreamExt;
use quizroom_api::live::writer::WriteGate;
use quizroom_api::startup::Services;
use quizroom_eventstore::backend_tests;
use quizroom_eventstore::testing::TestDb;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use super::{Game, next_view, open_on};
use crate::hub::{Socket, connect, next_of, send};

backend_tests! {
    the_reveal_waits_for_every_answer_received_in_time,
}

/// Returns once the server has read everything sent on `socket` before (answers take their
/// receive time as they are read).
async fn read_so_far(socket: &mut Socket) {
    send(socket, json!({ "type": "ping" })).await;
    next_of(socket, "pong").await;
}

/// Fails if a view in `phase` arrives on `socket` within `within`.
async fn no_view(socket: &mut Socket, phase: &str, within: Duration) {
    let until = tokio::time::Instant::now() + within;
    while let Ok(Some(Ok(Message::Text(text)))) = tokio::time::timeout_at(until, socket.next()).await {
        let message: Value = serde_json::from_str(&text).unwrap();
        assert!(!(message["type"] == "game" && message["view"]["phase"] == phase), "a {phase} view came early: {message}");
    }
}

/// The host's next answer count that says the answers are being counted.
async fn counting(host: &mut Socket) -> Value {
    loop {
        let count = next_of(host, "answers").await;
        if count["counting"] == true {
            return count;
        }
    }
}

async fn results_of(game: &Game) -> Value {
    let (status, results) = game.app.get_as(&format!("/api/live/games/{}/results", game.game_id), Some(&game.host)).await;
    assert_eq!(status, 200, "{results}");
    results
}

/// From a reveal: moves on to question `index`, where `player` answers it right while the writer is
/// held back, and the host calls `action` meanwhile; the writer catches up 400 ms later. Returns
/// the host's answer.
async fn while_held(game: &Game, gate: &WriteGate, player: &mut Socket, index: usize, action: &str) -> (u16, Value) {
    gate.close();
    assert_eq!(game.control("next").await.0, 200);
    assert_eq!(game.control("next").await.0, 200);
    next_view(player, "question").await;
    game.clock.advance(3_000);
    game.answer(player, index, &game.key[index]).await;
    read_so_far(player).await;
    let opener = async {
        tokio::time::sleep(Duration::from_millis(400)).await;
        gate.open();
    };
    tokio::join!(game.control(action), opener).0
}

async fn the_reveal_waits_for_every_answer_received_in_time(db: &TestDb) {
    let gate = WriteGate::closed();
    let services = Services { answer_gate: Some(gate.clone()), ..Default::default() };
    let game = open_on(db, |_| {}, services, json!({ "secondsPerQuestion": 5 })).await;
    let mut host = connect(&game.app, &game.host).await;
    game.subscribe(&mut host).await;
    let (mut ana, _, _) = game.player("Ana").await;
    let (mut ben, _, _) = game.player("Ben").await;
    let (mut cy, _, _) = game.player("Cy").await;
    assert_eq!(game.control("start").await.0, 200);
    next_view(&mut ana, "question").await;
    game.clock.advance(3_000);

    // Two of three answer in time; the writer is held back, so neither is durable yet.
    game.answer(&mut ana, 0, &game.key[0]).await;
    game.answer(&mut ben, 0, game.wrong(0)).await;
    // A second answer while the first is being written is refused: one player, one answer in flight.
    game.answer(&mut ana, 0, game.wrong(0)).await;
    assert_eq!(next_of(&mut ana, "error").await["code"], "already_answered");
    read_so_far(&mut ana).await;
    read_so_far(&mut ben).await;
    game.clock.advance(5_000 + 1_000);
    let count = counting(&mut host).await;
    assert_eq!((count["answered"].clone(), count["players"].clone()), (json!(0), json!(3)), "{count}");
    let (_, view) = game.app.get_as(&format!("/api/live/games/{}", game.game_id), Some(&game.host)).await;
    assert_eq!((view["phase"].clone(), view["host"]["counting"].clone()), (json!("question"), json!(true)), "{view}");
    // Time is up for anyone else.
    game.answer(&mut cy, 0, &game.key[0]).await;
    assert_eq!(next_of(&mut cy, "error").await["code"], "too_late");
    no_view(&mut ana, "reveal", Duration::from_millis(600)).await;

    // The writer catches up: both are acknowledged and the reveal counts them.
    gate.open();
    next_of(&mut ana, "answerAck").await;
    let reveal = next_view(&mut ana, "reveal").await;
    assert_eq!(reveal["reveal"]["counts"][game.key[0].as_str()], 1, "{reveal}");
    assert_eq!(reveal["reveal"]["counts"][game.wrong(0)], 1, "{reveal}");
    assert_eq!(reveal["me"]["lastResult"], json!({ "correct": true, "points": 10 }));
    assert_eq!((reveal["me"]["points"].clone(), reveal["me"]["rank"].clone()), (json!(10), json!(1)));
    assert_eq!(next_view(&mut ben, "reveal").await["me"]["lastResult"], json!({ "correct": false, "points": 0 }));
    assert_eq!(next_view(&mut cy, "reveal").await["me"]["lastResult"], Value::Null);
    let host_reveal = next_view(&mut host, "reveal").await;
    assert_eq!(host_reveal["host"]["counting"], false);
    let results = results_of(&game).await;
    assert_eq!(results["questions"][0]["answered"], 2, "{results}");
    assert_eq!(results["questions"][0]["counts"], reveal["reveal"]["counts"]);

    // The host skips the next question while an answer to it is being written: the reveal the
    // host gets back counts it too.
    let (status, skipped) = while_held(&game, &gate, &mut ana, 1, "skip").await;
    assert_eq!(status, 200, "{skipped}");
    assert_eq!((skipped["phase"].clone(), skipped["reveal"]["counts"][game.key[1].as_str()].clone()), (json!("reveal"), json!(1)), "{skipped}");
    assert_eq!(next_view(&mut ana, "reveal").await["me"]["lastResult"], json!({ "correct": true, "points": 10 }));

    // The game ends while an answer to the third question is being written: the podium and the
    // results count it.
    let (status, ended) = while_held(&game, &gate, &mut ben, 2, "end").await;
    assert_eq!(status, 200, "{ended}");
    let podium: Vec<(Value, Value)> = ended["podium"].as_array().unwrap().iter().map(|r| (r["nickname"].clone(), r["points"].clone())).collect();
    assert_eq!(podium, [(json!("Ana"), json!(20)), (json!("Ben"), json!(10)), (json!("Cy"), json!(0))]);
    let results = results_of(&game).await;
    let points: Vec<(Value, Value)> = results["players"].as_array().unwrap().iter().map(|p| (p["nickname"].clone(), p["points"].clone())).collect();
    assert_eq!(points, podium, "{results}");
    game.app.stop().await.unwrap();
}
