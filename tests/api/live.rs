//! Live games with real WebSocket clients: a whole game, reconnecting, and what a cheater tries.

use std::sync::Arc;
use std::time::Duration;

use quizroom_api::clock::ShiftedClock;
use quizroom_api::startup::Services;
use quizroom_eventstore::testing::TestDb;
use serde_json::{Value, json};

use crate::helpers::{TestApp, answer_key, spawn_app_with};
use crate::hub::{Socket, connect, first_category, next_of, send};

/// The next `game` message whose view is in `phase` (skipping others); fails after 10 s.
pub(crate) async fn next_view(socket: &mut Socket, phase: &str) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let message = tokio::time::timeout_at(deadline, next_of(socket, "game")).await.unwrap_or_else(|_| panic!("no {phase} view"));
        if message["view"]["phase"] == phase {
            return message["view"].clone();
        }
    }
}

/// The next error about `channel`.
async fn next_error(socket: &mut Socket) -> Value {
    next_of(socket, "error").await
}

pub(crate) struct Game {
    pub(crate) app: TestApp,
    clock: Arc<ShiftedClock>,
    pub(crate) host: String,
    pub(crate) game_id: String,
    pub(crate) pin: String,
    /// The key of the game's link (the host's view only).
    pub(crate) link_key: String,
    key: Vec<String>,
}

/// A server with a movable clock, a verified host and a host-paced game on the first curated
/// category (10 points per right answer).
pub(crate) async fn open(db: &TestDb, settings: Value) -> Game {
    open_with(db, |_| {}, settings).await
}

/// [`open`] on a server with `configure` applied to its configuration.
pub(crate) async fn open_with(db: &TestDb, configure: impl FnOnce(&mut quizroom_api::Config), settings: Value) -> Game {
    open_on(db, configure, Services::default(), settings).await
}

/// [`open_with`] on a server with `services` (its clock is replaced by a movable one).
async fn open_on(db: &TestDb, configure: impl FnOnce(&mut quizroom_api::Config), services: Services, settings: Value) -> Game {
    let clock = Arc::new(ShiftedClock::default());
    let app = spawn_app_with(db, configure, Services { clock: clock.clone(), ..services }).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let category_id = first_category(&app, &host).await;
    let mut body = json!({ "quizId": category_id });
    body.as_object_mut().unwrap().extend(settings.as_object().unwrap().clone());
    let (status, view) = app.post("/api/live/games", Some(&host), body).await;
    assert_eq!(status, 201, "{view}");
    assert_eq!(view["phase"], "lobby");
    let key = answer_key(&db.url, category_id).await.into_iter().map(|(_, letter)| letter).collect();
    Game::of(app, clock, host, &view, key)
}

impl Game {
    /// The game the host opened (`view`, the answer to `POST /api/live/games`), whose questions'
    /// right letters are `key` (empty for other types).
    pub(crate) fn of(app: TestApp, clock: Arc<ShiftedClock>, host: String, view: &Value, key: Vec<String>) -> Game {
        Game {
            game_id: view["gameId"].as_str().unwrap().to_owned(),
            pin: view["host"]["pin"].as_str().unwrap().to_owned(),
            link_key: view["host"]["joinKey"].as_str().unwrap().to_owned(),
            app,
            clock,
            host,
            key,
        }
    }

    /// Joins as `nickname` (a guest unless `token`), returning the answer.
    async fn join(&self, nickname: &str, token: Option<&str>) -> (u16, Value) {
        self.app.post("/api/live/join", token, json!({ "pin": self.pin, "nickname": nickname })).await
    }

    /// Joins with `body` (a PIN, a nickname, a link key) as the client `client` (its
    /// `X-Quizroom-Client` key), returning the answer.
    pub(crate) async fn join_as(&self, client: Option<&str>, body: Value) -> (u16, Value) {
        let mut request = self.app.client.post(self.app.url("/api/live/join")).json(&body);
        if let Some(client) = client {
            request = request.header("x-quizroom-client", client);
        }
        let response = request.send().await.unwrap();
        (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
    }

    /// The host's controls.
    pub(crate) async fn kick(&self, player_id: &str) -> (u16, Value) {
        self.app.post(&format!("/api/live/games/{}/kick", self.game_id), Some(&self.host), json!({ "playerId": player_id })).await
    }

    /// Joins and subscribes; returns the player's socket, id and token.
    pub(crate) async fn player(&self, nickname: &str) -> (Socket, String, String) {
        let (status, joined) = self.join(nickname, None).await;
        assert_eq!(status, 200, "{joined}");
        let token = joined["token"].as_str().unwrap().to_owned();
        let mut socket = connect(&self.app, &token).await;
        self.subscribe(&mut socket).await;
        (socket, joined["playerId"].as_str().unwrap().to_owned(), token)
    }

    async fn subscribe(&self, socket: &mut Socket) {
        send(socket, json!({ "type": "subscribe", "channel": self.channel() })).await;
    }

    fn channel(&self) -> String {
        format!("game:{}", self.game_id)
    }

    pub(crate) async fn control(&self, action: &str) -> (u16, Value) {
        self.app.post(&format!("/api/live/games/{}/control", self.game_id), Some(&self.host), json!({ "action": action })).await
    }

    async fn answer(&self, socket: &mut Socket, question: usize, choice: &str) {
        send(socket, json!({ "type": "answer", "channel": self.channel(), "question": question, "choice": choice })).await;
    }

    fn wrong(&self, index: usize) -> &'static str {
        if self.key[index] == "A" { "B" } else { "A" }
    }
}

#[tokio::test]
async fn a_whole_game_is_played_question_by_question_on_the_servers_clock() {
    let db = TestDb::sqlite();
    let game = open(&db, json!({})).await;
    let mut host = connect(&game.app, &game.host).await;
    game.subscribe(&mut host).await;
    assert_eq!(next_view(&mut host, "lobby").await["players"], 0);

    let (mut ana, ana_id, _) = game.player("Ana").await;
    let lobby = next_view(&mut ana, "lobby").await;
    assert_eq!(lobby["me"]["nickname"], "Ana");
    assert_eq!(lobby["host"], Value::Null, "a player never sees the host's part");
    // A taken name gets a number.
    let (mut ben, _, _) = game.player("ana").await;
    assert_eq!(next_view(&mut ben, "lobby").await["me"]["nickname"], "ana (2)");
    let lobby = next_view(&mut host, "lobby").await;
    let lobby = if lobby["players"] == 2 { lobby } else { next_view(&mut host, "lobby").await };
    assert_eq!(lobby["players"], 2);
    assert_eq!(lobby["host"]["names"].as_array().unwrap().len(), 2);

    let (status, view) = game.control("start").await;
    assert_eq!(status, 200, "{view}");
    let question = next_view(&mut ana, "question").await;
    assert_eq!(question["question"]["index"], 0);
    assert_eq!(question["question"]["options"].as_array().unwrap().len(), 4);
    assert_eq!(question["reveal"], Value::Null, "no key before the reveal");
    assert!(!question.to_string().contains("explanation"), "no explanation before the reveal: {question}");
    let opens = question["question"]["opensAt"].as_i64().unwrap();
    assert_eq!(opens - question["question"]["startedAt"].as_i64().unwrap(), 3_000);

    // Before the get-ready is over, answers are refused.
    game.answer(&mut ana, 0, &game.key[0]).await;
    assert_eq!(next_error(&mut ana).await["code"], "not_open");
    game.clock.advance(3_000);
    game.answer(&mut ana, 0, &game.key[0]).await;
    assert_eq!(next_of(&mut ana, "answerAck").await, json!({ "type": "answerAck", "channel": game.channel(), "question": 0, "choice": game.key[0] }));
    let count = next_of(&mut host, "answers").await;
    assert_eq!((count["answered"].clone(), count["players"].clone()), (json!(1), json!(2)));
    // The first answer counts; a second is refused.
    game.answer(&mut ana, 0, game.wrong(0)).await;
    assert_eq!(next_error(&mut ana).await["code"], "already_answered");
    // Everyone answered: the question closes before its deadline.
    game.answer(&mut ben, 0, game.wrong(0)).await;
    next_of(&mut ben, "answerAck").await;
    let reveal = next_view(&mut ana, "reveal").await;
    assert_eq!(reveal["reveal"]["answer"], game.key[0].as_str());
    assert_eq!(reveal["reveal"]["counts"][game.key[0].as_str()], 1);
    assert_eq!(reveal["reveal"]["counts"][game.wrong(0)], 1);
    assert_eq!(reveal["me"]["lastResult"], json!({ "correct": true, "points": 10 }));
    assert_eq!((reveal["me"]["points"].clone(), reveal["me"]["rank"].clone()), (json!(10), json!(1)));
    assert_eq!(next_view(&mut ben, "reveal").await["me"]["lastResult"], json!({ "correct": false, "points": 0 }));

    // Next: the standings, then the next question; nobody answers it and its time runs out.
    assert_eq!(game.control("next").await.0, 200);
    let standings = next_view(&mut ana, "standings").await;
    assert_eq!(standings["standings"][0], json!({ "rank": 1, "playerId": ana_id, "nickname": "Ana", "points": 10 }));
    assert_eq!(game.control("start").await.0, 409, "start fits the lobby only");
    assert_eq!(game.control("next").await.0, 200);
    let second = next_view(&mut ana, "question").await;
    assert_eq!(second["question"]["index"], 1);
    assert_eq!(second["me"]["answer"], Value::Null);
    game.clock.advance(3_000 + 20_000 + 1);
    next_view(&mut ana, "reveal").await;
    game.answer(&mut ana, 1, &game.key[1]).await;
    assert_eq!(next_error(&mut ana).await["code"], "not_open", "the question has closed");

    // The host ends the game: the podium.
    let (status, end) = game.control("end").await;
    assert_eq!((status, end["phase"].clone()), (200, json!("finished")));
    let finished = next_view(&mut ben, "finished").await;
    assert_eq!(finished["podium"][0]["nickname"], "Ana");
    assert_eq!(finished["podium"][1]["nickname"], "ana (2)");
    assert_eq!(finished["me"]["rank"], 2);
    assert_eq!(game.control("next").await.1["code"], "game_finished");
    let (status, refused) = game.join("Late", None).await;
    assert_eq!((status, refused["code"].clone()), (404, json!("game_not_found")), "a finished game's PIN leads nowhere");
    game.app.stop().await.unwrap();
}

#[tokio::test]
async fn an_answer_after_the_deadline_is_too_late_and_a_pause_stops_the_clock() {
    let db = TestDb::sqlite();
    let game = open(&db, json!({ "secondsPerQuestion": 5, "scoring": "speed" })).await;
    let (mut ana, _, _) = game.player("Ana").await;
    let (_ben, _, _) = game.player("Ben").await;
    game.control("start").await;
    next_view(&mut ana, "question").await;
    game.clock.advance(3_000);
    // Paused, the clock stands still and answers wait.
    let (_, paused) = game.control("pause").await;
    assert_eq!((paused["question"]["paused"].clone(), paused["question"]["deadline"].clone()), (json!(true), Value::Null));
    game.clock.advance(60_000);
    game.answer(&mut ana, 0, &game.key[0]).await;
    assert_eq!(next_error(&mut ana).await["code"], "not_open");
    let (_, resumed) = game.control("resume").await;
    let remaining = resumed["question"]["remainingMs"].as_i64().unwrap();
    assert!((4_000..=5_000).contains(&remaining), "{remaining}");
    // A right answer at once earns nearly all the speed points.
    game.answer(&mut ana, 0, &game.key[0]).await;
    next_of(&mut ana, "answerAck").await;
    game.clock.advance(5_001);
    let reveal = next_view(&mut ana, "reveal").await;
    assert!(reveal["me"]["points"].as_i64().unwrap() > 900, "{reveal}");
    game.app.stop().await.unwrap();
}

/// The domain decides an answer's refusal; the hub and the HTTP API only say it (decision 0040):
/// an answer to a paused question, before its deadline or after it, is refused over the hub with
/// the code and words the HTTP API gives the domain's refusal, and writes nothing.
#[tokio::test]
async fn a_paused_questions_answer_is_refused_with_one_code_over_the_hub_and_over_http() {
    let db = TestDb::sqlite();
    let game = open(&db, json!({ "secondsPerQuestion": 5 })).await;
    let (mut ana, ana_id, _) = game.player("Ana").await;
    game.control("start").await;
    next_view(&mut ana, "question").await;
    game.clock.advance(3_000);
    game.control("pause").await;
    let over_http = quizroom_api::refusals::player_refused(quizroom_domain::player::PlayerError::NotOpen);
    for wait in [0, 60_000] {
        game.clock.advance(wait);
        game.answer(&mut ana, 0, &game.key[0]).await;
        let over_hub = next_error(&mut ana).await;
        assert_eq!((over_hub["code"].clone(), over_hub["error"].clone()), (json!(over_http.code), json!(over_http.message)), "{wait}");
        assert_eq!(over_http.code, "not_open");
    }
    let store = crate::helpers::open(&db.url).await;
    let stream = quizroom_domain::StreamId::<quizroom_domain::player::GamePlayer>::new(&ana_id);
    let recorded = store.read_stream(stream.as_str(), 1).await.unwrap();
    assert_eq!(recorded.iter().map(|e| e.event_type.as_str()).collect::<Vec<_>>(), ["PlayerJoined"], "nothing but the join is written");
    game.app.stop().await.unwrap();
}

/// Waits until the game's PIN leads nowhere (the game ended); fails after 10 s.
async fn until_pin_is_free(game: &Game) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let (status, answer) = game.join("Late", None).await;
        if status == 404 {
            assert_eq!(answer["code"], "game_not_found");
            return;
        }
        assert!(tokio::time::Instant::now() < deadline, "the idle game did not end: {status} {answer}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_game_in_which_nothing_happened_for_a_day_ends_and_frees_its_pin() {
    const DAY: i64 = 24 * 3600 * 1000;
    let db = TestDb::sqlite();
    let game = open(&db, json!({})).await;
    let (mut ana, _, _) = game.player("Ana").await;
    game.control("start").await;
    next_view(&mut ana, "question").await;
    game.control("pause").await;
    // Paused for almost a day: still the same game.
    game.clock.advance(DAY - 1_000);
    let (status, _) = game.join("Ben", None).await;
    assert_eq!(status, 200);
    game.clock.advance(1_000);
    assert_eq!(next_view(&mut ana, "finished").await["me"]["nickname"], "Ana");
    until_pin_is_free(&game).await;

    game.app.stop().await.unwrap();
}

#[tokio::test]
async fn a_game_left_in_its_lobby_while_the_server_was_down_ends_once_it_is_back() {
    let db = TestDb::sqlite();
    let Game { app, clock, host, game_id, pin, link_key, key } = open(&db, json!({})).await;
    app.stop().await.unwrap();
    clock.advance(24 * 3600 * 1000);
    let app = spawn_app_with(&db, |_| {}, Services { clock: clock.clone(), ..Default::default() }).await;
    let game = Game { app, clock, host, game_id, pin, link_key, key };
    until_pin_is_free(&game).await;
    game.app.stop().await.unwrap();
}

#[tokio::test]
async fn a_player_who_reconnects_is_back_with_their_name_points_and_the_clock() {
    let db = TestDb::sqlite();
    let game = open(&db, json!({})).await;
    let (mut ana, ana_id, token) = game.player("Ana").await;
    let (_ben, _, _) = game.player("Ben").await;
    game.control("start").await;
    next_view(&mut ana, "question").await;
    game.clock.advance(3_000);
    game.answer(&mut ana, 0, &game.key[0]).await;
    next_of(&mut ana, "answerAck").await;
    drop(ana);

    game.clock.advance(2_000);
    let mut again = connect(&game.app, &token).await;
    game.subscribe(&mut again).await;
    let view = next_view(&mut again, "question").await;
    assert_eq!(view["me"]["playerId"], ana_id.as_str());
    assert_eq!(view["me"]["answer"], game.key[0].as_str());
    let remaining = view["question"]["remainingMs"].as_i64().unwrap();
    assert!((15_000..=18_000).contains(&remaining), "{remaining}");
    game.clock.advance(20_000);
    assert_eq!(next_view(&mut again, "reveal").await["me"]["points"], 10);
    game.app.stop().await.unwrap();
}

#[tokio::test]
async fn strangers_cheaters_and_removed_players_are_refused() {
    let db = TestDb::sqlite();
    let game = open(&db, json!({})).await;
    let (stranger, _) = game.app.verified_user("stranger@example.com").await;
    let (mut ana, ana_id, ana_token) = game.player("Ana").await;
    next_view(&mut ana, "lobby").await;

    // Nicknames.
    for (nickname, status, code) in [("", 400, "invalid_nickname"), ("Host", 422, "nickname_refused"), ("sh1t", 422, "nickname_refused")] {
        let (got, body) = game.join(nickname, None).await;
        assert_eq!((got, body["code"].clone()), (status, json!(code)), "{nickname}: {body}");
    }
    // A PIN that leads nowhere.
    let wrong = if game.pin == "999999" { "999998" } else { "999999" };
    let (status, body) = game.app.post("/api/live/join", None, json!({ "pin": wrong, "nickname": "Eve" })).await;
    assert_eq!((status, body["code"].clone()), (404, json!("game_not_found")));

    // Only the host sees and runs the game; to anyone else it does not exist.
    let path = format!("/api/live/games/{}", game.game_id);
    assert_eq!(game.app.get_as(&path, Some(&stranger)).await.0, 404);
    assert_eq!(game.app.get_as(&path, None).await.0, 401);
    let (status, _) = game.app.post(&format!("{path}/control"), Some(&stranger), json!({ "action": "start" })).await;
    assert_eq!(status, 404);
    let mut outsider = connect(&game.app, &stranger).await;
    game.subscribe(&mut outsider).await;
    assert_eq!(next_error(&mut outsider).await["code"], "not_found");
    game.answer(&mut outsider, 0, "A").await;
    assert_eq!(next_error(&mut outsider).await["code"], "forbidden");

    // A player token reaches its own game only.
    send(&mut ana, json!({ "type": "subscribe", "channel": "quiz:1" })).await;
    assert_eq!(next_error(&mut ana).await["code"], "forbidden");
    send(&mut ana, json!({ "type": "subscribe", "channel": "game:another" })).await;
    assert_eq!(next_error(&mut ana).await["code"], "not_found");
    // And it is no session for the HTTP API.
    assert_eq!(game.app.get_as("/api/auth/me", Some(&ana_token)).await.0, 401);

    // A locked lobby.
    let (_, locked) = game.control("lock").await;
    assert_eq!(locked["locked"], true);
    let (status, body) = game.join("Late", None).await;
    assert_eq!((status, body["code"].clone()), (409, json!("lobby_locked")));
    game.control("unlock").await;

    // A removed player is told, and its answers no longer count.
    let (status, view) = game.app.post(&format!("{path}/kick"), Some(&game.host), json!({ "playerId": ana_id })).await;
    assert_eq!((status, view["players"].clone()), (200, json!(0)));
    assert_eq!(next_of(&mut ana, "kicked").await["channel"], game.channel());
    let (status, _) = game.app.post(&format!("{path}/kick"), Some(&game.host), json!({ "playerId": "nobody" })).await;
    assert_eq!(status, 404);
    let (status, body) = game.control("start").await;
    assert_eq!((status, body["error"].clone()), (409, json!("No one has joined yet")));
    let mut back = connect(&game.app, &ana_token).await;
    game.subscribe(&mut back).await;
    next_of(&mut back, "kicked").await;
    game.app.stop().await.unwrap();
}

#[tokio::test]
async fn a_game_for_signed_in_players_refuses_guests_and_takes_a_player_back() {
    let db = TestDb::sqlite();
    let game = open(&db, json!({ "requireSignIn": true })).await;
    let (status, body) = game.join("Guest", None).await;
    assert_eq!((status, body["code"].clone()), (401, json!("sign_in_required")));
    let (ada, _) = game.app.verified_user("ada@example.com").await;
    let (status, first) = game.join("Ada", Some(&ada)).await;
    assert_eq!(status, 200, "{first}");
    // Joining again with the same account is the same player, under the same name.
    let (_, again) = game.join("Someone else", Some(&ada)).await;
    assert_eq!((again["playerId"].clone(), again["nickname"].clone()), (first["playerId"].clone(), json!("Ada")));
    // The signed-in player's own session reaches the game as that player too.
    let mut socket = connect(&game.app, &ada).await;
    game.subscribe(&mut socket).await;
    assert_eq!(next_view(&mut socket, "lobby").await["me"]["playerId"], first["playerId"]);
    game.app.stop().await.unwrap();
}

#[tokio::test]
async fn the_pin_cannot_be_guessed() {
    let db = TestDb::sqlite();
    let game = open(&db, json!({})).await;
    let mut limited = None;
    for pin in 100_000..100_040 {
        let pin = if pin.to_string() == game.pin { 100_050 } else { pin };
        let response = game.app.client.post(game.app.url("/api/live/join")).json(&json!({ "pin": pin.to_string(), "nickname": "Eve" })).send().await.unwrap();
        if response.status() == 429 {
            limited = Some(response.headers()["retry-after"].to_str().unwrap().parse::<u64>().unwrap());
            break;
        }
        assert_eq!(response.status(), 404);
    }
    assert!(limited.is_some_and(|wait| wait > 0), "wrong PINs are limited");
    game.app.stop().await.unwrap();
}

#[tokio::test]
async fn the_host_finds_a_games_results_per_player_and_question_and_players_their_history() {
    let db = TestDb::sqlite();
    let game = open(&db, json!({})).await;
    let (ada, _) = game.app.verified_user("ada@example.com").await;
    let (_, joined) = game.join("Ada", Some(&ada)).await;
    let mut ada_socket = connect(&game.app, joined["token"].as_str().unwrap()).await;
    game.subscribe(&mut ada_socket).await;
    let (mut ben, _, _) = game.player("=Ben").await;
    game.control("start").await;
    next_view(&mut ben, "question").await;
    game.clock.advance(3_000);
    game.answer(&mut ada_socket, 0, &game.key[0]).await;
    next_of(&mut ada_socket, "answerAck").await;
    game.answer(&mut ben, 0, game.wrong(0)).await;
    next_of(&mut ben, "answerAck").await;
    next_view(&mut ben, "reveal").await;
    game.control("end").await;

    let category_id = first_category(&game.app, &game.host).await;
    let (status, games) = game.app.get_as(&format!("/api/live/games?quizId={category_id}"), Some(&game.host)).await;
    assert_eq!(status, 200, "{games}");
    assert_eq!((games[0]["gameId"].clone(), games[0]["players"].clone()), (json!(game.game_id), json!(2)));
    assert!(games[0]["finishedAt"].is_string());
    // Someone else's list of the same quiz is empty.
    assert_eq!(game.app.get_as(&format!("/api/live/games?quizId={category_id}"), Some(&ada)).await.1, json!([]));

    let path = format!("/api/live/games/{}/results", game.game_id);
    let (status, results) = game.app.get_as(&path, Some(&game.host)).await;
    assert_eq!(status, 200, "{results}");
    let players = results["players"].as_array().unwrap();
    assert_eq!((players[0]["nickname"].clone(), players[0]["points"].clone(), players[0]["signedIn"].clone()), (json!("Ada"), json!(10), json!(true)));
    assert_eq!(players[0]["answers"][0], game.key[0].as_str());
    assert_eq!(players[1]["answers"][1], Value::Null);
    let first = &results["questions"][0];
    assert_eq!((first["answered"].clone(), first["correct"].clone(), first["answer"].clone()), (json!(2), json!(1), json!(game.key[0])));
    assert_eq!(first["counts"][game.wrong(0)], 1);
    assert!(first["medianMs"].is_i64());
    assert_eq!(results["questions"][1]["answered"], 0);
    assert_eq!(game.app.get_as(&path, Some(&ada)).await.0, 404, "only the host reads the results");

    let csv = game.app.client.get(game.app.url(&format!("{path}.csv"))).bearer_auth(&game.host).send().await.unwrap();
    assert_eq!(csv.status(), 200);
    let text = csv.text().await.unwrap();
    let mut lines = text.lines();
    assert!(lines.next().unwrap().starts_with("Rank,Nickname,Signed in,Points,Correct,Answered,Q1,Q2"));
    assert!(lines.next().unwrap().starts_with(&format!("1,Ada,yes,10,1,1,{}", game.key[0])));
    assert!(lines.next().unwrap().starts_with("2,'=Ben,no,0,0,1,"), "a formula-like name is defused");

    let (status, history) = game.app.get_as("/api/live/history", Some(&ada)).await;
    assert_eq!(status, 200);
    assert_eq!(
        history,
        json!([{
            "gameId": game.game_id, "title": results["title"], "playedAt": results["openedAt"], "finished": true,
            "nickname": "Ada", "points": 10, "correct": 1, "rank": 1, "players": 2,
        }])
    );
    game.app.stop().await.unwrap();
}

#[tokio::test]
async fn a_whole_class_joins_at_once_from_one_address_but_a_flood_of_guesses_is_held_back() {
    let db = TestDb::sqlite();
    let game = open(&db, json!({})).await;
    let join = |pin: String, nickname: String| {
        let (client, url) = (game.app.client.clone(), game.app.url("/api/live/join"));
        async move { client.post(url).json(&json!({ "pin": pin, "nickname": nickname })).send().await.unwrap().status().as_u16() }
    };
    // 60 players behind one school address, all at once: everyone is in.
    let class = futures::future::join_all((0..60).map(|i| join(game.pin.clone(), format!("Student {i}")))).await;
    assert!(class.iter().all(|s| *s == 200), "{class:?}");
    // 200 guesses at once: a few dozen are tried, the rest are held back.
    let wrong = |i: u32| if (100_000 + i).to_string() == game.pin { "999999".to_owned() } else { (100_000 + i).to_string() };
    let flood = futures::future::join_all((0..200).map(|i| join(wrong(i), "Eve".into()))).await;
    let tried = flood.iter().filter(|s| **s == 404).count();
    assert!(tried <= 30 + quizroom_api::limits::PIN_PLACES, "{tried} guesses were tried");
    assert_eq!(flood.iter().filter(|s| **s == 429).count(), 200 - tried);
    // Held back, even the right PIN waits.
    assert_eq!(join(game.pin.clone(), "Late".into()).await, 429);
    game.app.stop().await.unwrap();
}

/// Joins that arrive together are written together (`live::joiner`): one name asked for by many
/// at once still gives each their own.
async fn many_join_at_once_under_one_name(db: &TestDb) {
    let game = open(db, json!({})).await;
    let joins = (0..40).map(|_| game.join("Sam", None));
    let joined = futures::future::join_all(joins).await;
    let mut names: Vec<String> = joined
        .iter()
        .map(|(status, body)| {
            assert_eq!(*status, 200, "{body}");
            body["nickname"].as_str().unwrap().to_owned()
        })
        .collect();
    names.sort();
    names.dedup();
    let mut expected: Vec<String> = std::iter::once("Sam".to_owned()).chain((2..=40).map(|n| format!("Sam ({n})"))).collect();
    expected.sort();
    assert_eq!(names, expected);
    game.app.stop().await.unwrap();
}

#[tokio::test]
async fn many_join_at_once_under_one_name_on_sqlite() {
    many_join_at_once_under_one_name(&TestDb::sqlite()).await;
}

#[tokio::test]
async fn many_join_at_once_under_one_name_on_postgres() {
    let Some(db) = TestDb::postgres().await else { return };
    many_join_at_once_under_one_name(&db).await;
}

/// Names are compared as they look (issue 26 item 6): a look-alike of a player's name (Cyrillic,
/// full-width, mathematical, with invisible characters) is that name and gets the next number;
/// the host's own name in any form, and a name that shows as nothing, are refused.
async fn look_alike_names_are_one_name(db: &TestDb) {
    let game = open(db, json!({})).await;
    let clones = [
        ("Ana", "Ana"),
        ("\u{410}na", "\u{410}na (2)"),
        ("Ana\u{200B}", "Ana (3)"),
        ("\u{FF21}\u{FF4E}\u{FF41}", "\u{FF21}\u{FF4E}\u{FF41} (4)"),
        ("\u{1D400}\u{1D427}\u{1D41A}", "\u{1D400}\u{1D427}\u{1D41A} (5)"),
        ("\u{2067}A\u{AD}na\u{2069}", "Ana (6)"),
    ];
    for (typed, shown) in clones {
        let (status, joined) = game.join(typed, None).await;
        assert_eq!((status, joined["nickname"].clone()), (200, json!(shown)), "{typed:?}: {joined}");
    }
    // The host signed up as Ada Lovelace.
    for host in ["Ada Lovelace", "lovelace ada", "L\u{43E}velace", "Ms Lovelace", "\u{FF2C}ovelace", "H\u{43E}st", "\u{1D410}uizroom"] {
        let (status, body) = game.join(host, None).await;
        assert_eq!((status, body["code"].clone()), (422, json!("nickname_refused")), "{host:?}: {body}");
    }
    for nothing in ["\u{200B}\u{200D}", "\u{202E}\u{202C}", "\u{3164}", "\u{2800}"] {
        let (status, body) = game.join(nothing, None).await;
        assert_eq!((status, body["code"].clone()), (422, json!("invalid_nickname")), "{nothing:?}: {body}");
    }
    game.app.stop().await.unwrap();
}

#[tokio::test]
async fn look_alike_names_are_one_name_on_sqlite() {
    look_alike_names_are_one_name(&TestDb::sqlite()).await;
}

#[tokio::test]
async fn look_alike_names_are_one_name_on_postgres() {
    let Some(db) = TestDb::postgres().await else { return };
    look_alike_names_are_one_name(&db).await;
}

mod bounds;
mod counting;
mod fairness;
mod media;
mod types;
