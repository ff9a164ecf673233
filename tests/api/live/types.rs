//! Live games of other question types (issue 29): served without keys, lists in the game's secret
//! order and answered by the positions served, judged by the one rule, revealed with the key and
//! the room's counts, and read back in words in the results. Four options A–D stay as they were.

use std::sync::Arc;

use quizroom_api::clock::ShiftedClock;
use quizroom_api::startup::Services;
use quizroom_eventstore::backend_tests;
use quizroom_eventstore::testing::TestDb;
use serde_json::{Value, json};

use super::{Game, next_error, next_view};
use crate::helpers::spawn_app_with;
use crate::hub::{next_of, send};
use crate::question_types::{at, quiz_of};

backend_tests! {
    a_game_of_other_types_is_served_judged_revealed_and_read_in_words,
}

fn questions() -> Vec<Value> {
    let defined = |text: &str, definition: Value| json!({ "text": text, "definition": definition, "explanation": "why" });
    vec![
        defined("Smallest first.", json!({ "type": "ordering", "items": ["1", "2", "3", "4"] })),
        defined("Tea or coffee?", json!({ "type": "poll", "options": ["tea", "coffee"] })),
        defined("g in m/s²?", json!({ "type": "numeric", "answer": 9.81, "tolerance": { "kind": "absolute", "value": 0.05 }, "unit": "m/s²" })),
        json!({ "text": "What is 2 + 2?", "optionA": "3", "optionB": "4", "optionC": "5", "optionD": "6", "answer": "B" }),
        defined("One word for today?", json!({ "type": "word_cloud" })),
    ]
}

async fn open_typed(db: &TestDb) -> Game {
    let clock = Arc::new(ShiftedClock::default());
    let app = spawn_app_with(db, |_| {}, Services { clock: clock.clone(), ..Services::default() }).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let quiz_id = quiz_of(&app, &host, questions()).await;
    let (status, view) = app.post("/api/live/games", Some(&host), json!({ "quizId": quiz_id })).await;
    assert_eq!(status, 201, "{view}");
    Game::of(app, clock, host, &view, vec![String::new(), String::new(), String::new(), "B".into(), String::new()])
}

impl Game {
    async fn respond(&self, socket: &mut crate::hub::Socket, question: usize, response: Value) {
        send(socket, json!({ "type": "answer", "channel": self.channel(), "question": question, "response": response })).await;
    }
}

async fn a_game_of_other_types_is_served_judged_revealed_and_read_in_words(db: &TestDb) {
    let game = open_typed(db).await;
    let (mut ana, _, _) = game.player("Ana").await;
    let (mut ben, _, _) = game.player("Ben").await;
    assert_eq!(game.control("start").await.0, 200);

    // An ordering: its items served in the game's order, never the right one, and no key.
    let question = next_view(&mut ana, "question").await;
    let served = &question["question"]["served"];
    assert_eq!((question["question"]["options"].clone(), served["type"].clone()), (json!([]), json!("ordering")));
    assert_ne!(served["items"], json!(["1", "2", "3", "4"]), "never served in the right order");
    assert_eq!(next_view(&mut ben, "question").await["question"]["served"], *served, "every player is served the same order");
    for key in ["right", "partial", "definition", "explanation"] {
        assert!(!question.to_string().contains(&format!("\"{key}\"")), "{key} shown before the reveal: {question}");
    }
    game.clock.advance(3_000);
    let right: Vec<usize> = ["1", "2", "3", "4"].iter().map(|t| at(&served["items"], t)).collect();
    game.respond(&mut ana, 0, json!({ "order": right })).await;
    let ack = next_of(&mut ana, "answerAck").await;
    assert_eq!(ack, json!({ "type": "answerAck", "channel": game.channel(), "question": 0, "response": { "order": right } }));
    // A response of another shape is refused, saying what the question takes; the player may
    // still answer.
    game.respond(&mut ben, 0, json!({ "choice": 1 })).await;
    let refused = next_error(&mut ben).await;
    assert_eq!((refused["code"].as_str(), refused["error"].as_str()), (Some("bad_message"), Some("this question takes an order of the items")));
    let mut wrong = right.clone();
    wrong.swap(0, 3);
    game.respond(&mut ben, 0, json!({ "order": wrong })).await;
    next_of(&mut ben, "answerAck").await;
    let reveal = next_view(&mut ana, "reveal").await;
    let shown = &reveal["reveal"];
    assert_eq!(
        (shown["type"].as_str(), shown["answered"].as_u64(), shown["right"].as_u64(), shown["partly"].as_u64(), shown["wrong"].as_u64()),
        (Some("ordering"), Some(2), Some(1), Some(0), Some(1))
    );
    assert_eq!(shown["definition"]["items"], json!(["1", "2", "3", "4"]), "the key in the definition's order");
    assert_eq!(shown["explanation"], "why");
    // Per place, how many put the right item there: Ben swapped the first and the last.
    // The presenter's alone: the phones get neither.
    let places = json!([{ "label": "1", "right": 1 }, { "label": "2", "right": 2 }, { "label": "3", "right": 2 }, { "label": "4", "right": 1 }]);
    let host_view = game.app.get_as(&format!("/api/live/games/{}", game.game_id), Some(&game.host)).await.1;
    assert_eq!((host_view["reveal"]["parts"].clone(), host_view["reveal"]["numbers"].clone()), (places, Value::Null));
    assert_eq!((shown["parts"].clone(), shown["numbers"].clone()), (Value::Null, Value::Null));
    assert_eq!(reveal["me"]["lastResult"], json!({ "correct": true, "points": 10, "f": 1.0 }));
    assert_eq!(next_view(&mut ben, "reveal").await["me"]["lastResult"], json!({ "correct": false, "points": 0, "f": 0.0 }));

    // A poll: counted per option, scored for nobody.
    assert_eq!(game.control("next").await.0, 200);
    assert_eq!(game.control("next").await.0, 200);
    let poll = next_view(&mut ana, "question").await;
    assert_eq!(poll["question"]["served"], json!({ "type": "poll", "options": ["tea", "coffee"] }));
    game.clock.advance(3_000);
    game.respond(&mut ana, 1, json!({ "choice": 1 })).await;
    next_of(&mut ana, "answerAck").await;
    // While it runs, the host's presenter sees the answers per option; the players do not.
    let (_, host_view) = game.app.get_as(&format!("/api/live/games/{}", game.game_id), Some(&game.host)).await;
    assert_eq!(host_view["host"]["pollCounts"], json!([0, 1]), "{host_view}");
    assert!(!next_view(&mut ben, "question").await.to_string().contains("pollCounts"));
    game.respond(&mut ben, 1, json!({ "choice": 1 })).await;
    next_of(&mut ben, "answerAck").await;
    let reveal = next_view(&mut ana, "reveal").await;
    assert_eq!((reveal["reveal"]["options"].clone(), reveal["reveal"]["right"].clone()), (json!([0, 2]), json!(0)));
    assert_eq!(reveal["me"]["lastResult"], json!({ "correct": false, "points": 0 }));
    assert_eq!(reveal["me"]["points"], 10, "a poll earns nothing");

    // A number: within the tolerance it is right; the answers given are listed in words.
    assert_eq!(game.control("next").await.0, 200);
    assert_eq!(game.control("next").await.0, 200);
    next_view(&mut ana, "question").await;
    game.clock.advance(3_000);
    game.respond(&mut ana, 2, json!({ "number": 9.8 })).await;
    next_of(&mut ana, "answerAck").await;
    game.respond(&mut ben, 2, json!({ "number": 9 })).await;
    next_of(&mut ben, "answerAck").await;
    let reveal = next_view(&mut ana, "reveal").await;
    assert_eq!(reveal["reveal"]["given"], json!([{ "answer": "9 m/s²", "count": 1 }, { "answer": "9.8 m/s²", "count": 1 }]));
    // On a number line: from the lowest answer to the right stretch's end, the answers by value.
    assert_eq!(reveal["reveal"]["numbers"], Value::Null, "the presenter's alone");
    let host_view = game.app.get_as(&format!("/api/live/games/{}", game.game_id), Some(&game.host)).await.1;
    let line = &host_view["reveal"]["numbers"];
    assert_eq!((line["target"].as_f64(), line["low"].as_f64()), (Some(9.81), Some(9.0)), "{line}");
    let band: Vec<f64> = line["band"].as_array().unwrap().iter().map(|b| b.as_f64().unwrap()).collect();
    assert!((band[0] - 9.76).abs() < 1e-9 && (band[1] - 9.86).abs() < 1e-9 && line["high"].as_f64() == Some(band[1]), "{line}");
    assert_eq!(line["values"], json!([{ "value": 9.0, "count": 1 }, { "value": 9.8, "count": 1 }]));
    assert_eq!(line["unit"], "m/s²", "the answer's unit, for the numbers' captions");
    assert_eq!(reveal["me"]["points"], 20);

    // Four options A–D: exactly as before.
    assert_eq!(game.control("next").await.0, 200);
    assert_eq!(game.control("next").await.0, 200);
    let last = next_view(&mut ana, "question").await;
    assert_eq!((last["question"]["options"].as_array().map(Vec::len), last["question"]["served"].clone()), (Some(4), Value::Null));
    game.clock.advance(3_000);
    game.answer(&mut ana, 3, "B").await;
    assert_eq!(next_of(&mut ana, "answerAck").await["choice"], "B");
    game.answer(&mut ben, 3, "C").await;
    next_of(&mut ben, "answerAck").await;
    let reveal = next_view(&mut ana, "reveal").await;
    assert_eq!(reveal["reveal"], json!({ "answer": "B", "explanation": "", "counts": { "A": 0, "B": 1, "C": 1, "D": 0 } }));
    assert_eq!(reveal["me"]["lastResult"], json!({ "correct": true, "points": 10 }));

    // A word cloud: the room sees its answers only once the host shows them, offensive ones never.
    assert_eq!(game.control("next").await.0, 200);
    assert_eq!(game.control("next").await.0, 200);
    next_view(&mut ana, "question").await;
    game.clock.advance(3_000);
    game.respond(&mut ana, 4, json!({ "text": "Sunny" })).await;
    next_of(&mut ana, "answerAck").await;
    game.respond(&mut ben, 4, json!({ "text": "sh1t" })).await;
    next_of(&mut ben, "answerAck").await;
    let reveal = next_view(&mut ana, "reveal").await;
    assert_eq!((reveal["reveal"]["given"].clone(), reveal["reveal"]["answered"].clone()), (Value::Null, json!(2)));
    let (status, host_view) = game.app.get_as(&format!("/api/live/games/{}", game.game_id), Some(&game.host)).await;
    assert_eq!(status, 200, "{host_view}");
    assert_eq!(host_view["host"]["pendingWords"], json!([{ "answer": "Sunny", "count": 1 }]));
    let (status, shown) = game.control("showAnswers").await;
    assert_eq!(status, 200, "{shown}");
    assert_eq!((shown["reveal"]["given"].clone(), shown["host"]["pendingWords"].clone()), (json!([{ "answer": "Sunny", "count": 1 }]), Value::Null));
    let mut seen = next_view(&mut ana, "reveal").await;
    while seen["reveal"]["given"].is_null() {
        seen = next_view(&mut ana, "reveal").await;
    }
    assert_eq!(seen["reveal"]["given"], json!([{ "answer": "Sunny", "count": 1 }]), "the players' screens show them too");
    let (status, refused) = game.control("showAnswers").await;
    assert_eq!(status, 200, "showing again changes nothing: {refused}");

    // The results read every answer and every key in words.
    assert_eq!(game.control("end").await.0, 200);
    let (status, results) = game.app.get_as(&format!("/api/live/games/{}/results", game.game_id), Some(&game.host)).await;
    assert_eq!(status, 200, "{results}");
    let keys: Vec<&str> = results["questions"].as_array().unwrap().iter().map(|q| q["answer"].as_str().unwrap()).collect();
    assert_eq!(keys, ["1 → 2 → 3 → 4", "", "9.81 m/s²", "B", ""]);
    let ana_row = results["players"].as_array().unwrap().iter().find(|p| p["nickname"] == "Ana").unwrap();
    assert_eq!(ana_row["answers"], json!(["1 → 2 → 3 → 4", "coffee", "9.8 m/s²", "B", "Sunny"]));
    assert_eq!((ana_row["points"].as_i64(), ana_row["correct"].as_i64()), (Some(30), Some(3)));
    game.app.stop().await.unwrap();
}
