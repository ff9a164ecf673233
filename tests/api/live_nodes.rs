//! Live games across server processes: a game that goes on after its server was killed with
//! SIGKILL and restarted, and a game whose players are split over two nodes of one PostgreSQL
//! database, one of which then fails. Real time here (processes have no movable clock), so the
//! games use the shortest question time.

use std::time::Duration;

use quizroom_eventstore::testing::TestDb;
use serde_json::{Value, json};

use crate::helpers::{TestApp, answer_key, spawn_process};
use crate::hub::{Socket, connect, first_category, next_of, send};

async fn next_view(socket: &mut Socket, phase: &str) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let message = tokio::time::timeout_at(deadline, next_of(socket, "game")).await.unwrap_or_else(|_| panic!("no {phase} view"));
        if message["view"]["phase"] == phase {
            return message["view"].clone();
        }
    }
}

/// Waits until the question of `view` takes answers (its get-ready is over).
async fn until_open(view: &Value) {
    let wait = view["question"]["opensAt"].as_i64().unwrap() - view["serverNow"].as_i64().unwrap();
    tokio::time::sleep(Duration::from_millis(wait.max(0) as u64 + 50)).await;
}

struct Live {
    host: String,
    game_id: String,
    pin: String,
    key: Vec<String>,
}

impl Live {
    async fn open(app: &TestApp, db_url: &str) -> Live {
        let (host, _) = app.verified_user("host@example.com").await;
        let category_id = first_category(app, &host).await;
        let (status, view) = app.post("/api/live/games", Some(&host), json!({ "quizId": category_id, "secondsPerQuestion": 5 })).await;
        assert_eq!(status, 201, "{view}");
        let key = answer_key(db_url, category_id).await.into_iter().map(|(_, letter)| letter).collect();
        Live { host, game_id: view["gameId"].as_str().unwrap().to_owned(), pin: view["host"]["pin"].as_str().unwrap().to_owned(), key }
    }

    fn channel(&self) -> String {
        format!("game:{}", self.game_id)
    }

    /// Joins through `app` and subscribes; returns the socket and the player's token.
    async fn player(&self, app: &TestApp, nickname: &str) -> (Socket, String) {
        let (status, joined) = app.post("/api/live/join", None, json!({ "pin": self.pin, "nickname": nickname })).await;
        assert_eq!(status, 200, "{joined}");
        let token = joined["token"].as_str().unwrap().to_owned();
        (self.watch(app, &token).await, token)
    }

    async fn watch(&self, app: &TestApp, token: &str) -> Socket {
        let mut socket = connect(app, token).await;
        send(&mut socket, json!({ "type": "subscribe", "channel": self.channel() })).await;
        socket
    }

    async fn control(&self, app: &TestApp, action: &str) -> Value {
        let (status, view) = app.post(&format!("/api/live/games/{}/control", self.game_id), Some(&self.host), json!({ "action": action })).await;
        assert_eq!(status, 200, "{action}: {view}");
        view
    }

    /// Answers and waits for the acknowledgement: from then on the answer must survive anything.
    async fn answer(&self, socket: &mut Socket, question: usize, choice: &str) {
        send(socket, json!({ "type": "answer", "channel": self.channel(), "question": question, "choice": choice })).await;
        assert_eq!(next_of(socket, "answerAck").await["question"], question);
    }

    fn wrong(&self, index: usize) -> &'static str {
        if self.key[index] == "A" { "B" } else { "A" }
    }
}

async fn a_killed_server_carries_on_the_game_with_every_acknowledged_answer(db: &TestDb) {
    let mut app = spawn_process(&db.url).await;
    let live = Live::open(&app, &db.url).await;
    let (mut ana, ana_token) = live.player(&app, "Ana").await;
    let (mut ben, ben_token) = live.player(&app, "Ben").await;
    let (_cy, _) = live.player(&app, "Cy").await;
    live.control(&app, "start").await;
    until_open(&next_view(&mut ana, "question").await).await;
    live.answer(&mut ana, 0, &live.key[0]).await;
    live.answer(&mut ben, 0, live.wrong(0)).await;

    // Killed mid-question, with two answers acknowledged; then started again on the same log.
    app.kill();
    drop((ana, ben));
    let app = spawn_process(&db.url).await;
    let mut ana = live.watch(&app, &ana_token).await;
    let view = next_of(&mut ana, "game").await["view"].clone();
    assert_eq!(view["me"]["nickname"], "Ana", "{view}");
    // The question goes on (or its time ran out during the restart and it closes now).
    if view["phase"] == "question" {
        assert_eq!(view["me"]["answer"], live.key[0].as_str(), "the acknowledged answer is there");
    }
    let reveal = if view["phase"] == "reveal" { view } else { next_view(&mut ana, "reveal").await };
    assert_eq!(reveal["reveal"]["counts"][live.key[0].as_str()], 1, "{reveal}");
    assert_eq!(reveal["reveal"]["counts"][live.wrong(0)], 1);
    assert_eq!(reveal["me"]["points"], 10);
    let mut ben = live.watch(&app, &ben_token).await;
    assert_eq!(next_of(&mut ben, "game").await["view"]["me"]["lastResult"], json!({ "correct": false, "points": 0 }));

    // And the host carries on.
    live.control(&app, "next").await;
    let next = live.control(&app, "next").await;
    assert_eq!((next["phase"].clone(), next["question"]["index"].clone()), (json!("question"), json!(1)));
    until_open(&next_view(&mut ben, "question").await).await;
    live.answer(&mut ben, 1, &live.key[1]).await;
    app.stop().await.unwrap();
}

#[tokio::test]
async fn a_killed_server_carries_on_the_game_with_every_acknowledged_answer_on_sqlite() {
    a_killed_server_carries_on_the_game_with_every_acknowledged_answer(&TestDb::sqlite()).await;
}

#[tokio::test]
async fn a_killed_server_carries_on_the_game_with_every_acknowledged_answer_on_postgres() {
    let Some(db) = TestDb::postgres().await else { return };
    a_killed_server_carries_on_the_game_with_every_acknowledged_answer(&db).await;
}

#[tokio::test]
async fn players_split_over_two_nodes_play_one_game_and_it_survives_a_node() {
    let Some(db) = TestDb::postgres().await else { return };
    let mut first = spawn_process(&db.url).await;
    let second = spawn_process(&db.url).await;
    let live = Live::open(&first, &db.url).await;
    let (mut ana, _) = live.player(&first, "Ana").await;
    let (mut ben, _) = live.player(&second, "Ben").await;
    let mut host_on_second = live.watch(&second, &live.host).await;
    next_view(&mut host_on_second, "lobby").await;

    // Started through the first node: both nodes' players get the same question.
    live.control(&first, "start").await;
    let on_first = next_view(&mut ana, "question").await;
    let on_second = next_view(&mut ben, "question").await;
    assert_eq!(on_first["question"]["deadline"], on_second["question"]["deadline"]);
    assert_eq!(on_first["question"]["text"], on_second["question"]["text"]);
    until_open(&on_first).await;
    live.answer(&mut ana, 0, &live.key[0]).await;
    live.answer(&mut ben, 0, &live.key[0]).await;
    // Everyone answered: the question closes early, and every answer counts on both nodes.
    let reveal = next_view(&mut ben, "reveal").await;
    assert_eq!(reveal["reveal"]["counts"][live.key[0].as_str()], 2, "{reveal}");
    assert_eq!(next_view(&mut ana, "reveal").await["reveal"]["counts"][live.key[0].as_str()], 2);

    // The first node fails in the middle of the next question: the second one's clock closes it.
    live.control(&second, "next").await;
    live.control(&second, "next").await;
    until_open(&next_view(&mut ben, "question").await).await;
    first.kill();
    live.answer(&mut ben, 1, &live.key[1]).await;
    let reveal = loop {
        let view = next_view(&mut host_on_second, "reveal").await;
        if view["question"]["index"] == 1 {
            break view;
        }
    };
    assert_eq!(reveal["reveal"]["counts"][live.key[1].as_str()], 1);
    let (status, results) = second.get_as(&format!("/api/live/games/{}/results", live.game_id), Some(&live.host)).await;
    assert_eq!(status, 200);
    assert_eq!(results["players"][0]["points"], 20);
    second.stop().await.unwrap();
}

#[tokio::test]
async fn joins_on_two_nodes_under_one_name_each_get_their_own() {
    let Some(db) = TestDb::postgres().await else { return };
    let first = spawn_process(&db.url).await;
    let second = spawn_process(&db.url).await;
    let live = Live::open(&first, &db.url).await;
    // Each node writes its joins in groups; the groups of the two nodes race for the same names.
    let joins = (0..40).map(|i| {
        let app = if i % 2 == 0 { &first } else { &second };
        app.post("/api/live/join", None, json!({ "pin": live.pin, "nickname": "Sam" }))
    });
    let mut names: Vec<String> = futures::future::join_all(joins)
        .await
        .into_iter()
        .map(|(status, joined)| {
            assert_eq!(status, 200, "{joined}");
            joined["nickname"].as_str().unwrap().to_owned()
        })
        .collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 40, "{names:?}");
    first.stop().await.unwrap();
    second.stop().await.unwrap();
}
