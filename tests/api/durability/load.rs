//! The players of the durability test and benchmark, and the ledger of what they wrote.
//!
//! Each player plays one curated category over and over: starts (or resumes) an attempt, saves
//! answers, submits, starts the next one. A player sends one request at a time, so its ledger is
//! in the order the server saw its writes. Every write is entered with what became of it:
//! acknowledged (a 2xx answer read in full), refused (any other status), not connected (the
//! server was down) or unknown (the connection broke after the request was sent: it may or may
//! not have been committed). After a broken connection the
//! player resumes its attempt, and checks that every answer it had acknowledged came back.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use futures::StreamExt;
use rand::Rng;
use serde_json::{Value, json};

/// A request's hang guard: only a stuck server reaches it.
const REQUEST_GUARD: Duration = Duration::from_secs(60);
/// Sign-ups and verifications at once: fewer than the free tries per client address of the code
/// limits, which count a try before it is made.
const SIGN_UPS_AT_ONCE: usize = 8;
pub const LETTERS: [&str; 4] = ["A", "B", "C", "D"];

/// What the players share: the server's address and the counters the killer watches.
pub struct Load {
    pub base: String,
    pub client: reqwest::Client,
    pub stop: AtomicBool,
    /// Requests sent and not answered yet.
    pub in_flight: AtomicUsize,
    /// Writes acknowledged so far.
    pub acknowledged: AtomicUsize,
}

impl Load {
    pub fn new(base: String) -> Load {
        let client = reqwest::Client::builder().no_proxy().timeout(REQUEST_GUARD).pool_max_idle_per_host(64).build().unwrap();
        Load { base, client, stop: AtomicBool::new(false), in_flight: AtomicUsize::new(0), acknowledged: AtomicUsize::new(0) }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Sends a write and says what became of it.
    async fn send(&self, request: reqwest::RequestBuilder) -> Outcome {
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        let answered = async {
            let response = request.send().await?;
            let status = response.status();
            Ok::<_, reqwest::Error>((status, response.bytes().await?))
        }
        .await;
        self.in_flight.fetch_sub(1, Ordering::SeqCst);
        match answered {
            Ok((status, body)) => {
                let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
                if status.is_success() {
                    self.acknowledged.fetch_add(1, Ordering::SeqCst);
                    Outcome::Acknowledged(body)
                } else {
                    Outcome::Refused(status.as_u16(), body)
                }
            }
            // Never reached the server: cannot have been committed.
            Err(e) if e.is_connect() => Outcome::NotConnected,
            Err(e) => Outcome::Unknown(root_cause(&e)),
        }
    }

    async fn post(&self, path: &str, token: &str, body: Value) -> Outcome {
        self.send(self.client.post(self.url(path)).bearer_auth(token).json(&body)).await
    }

    /// A request the test itself depends on (setting up): a 2xx answer or a panic.
    async fn expect(&self, request: reqwest::RequestBuilder, what: &str) -> Value {
        let response = request.send().await.unwrap_or_else(|e| panic!("{what}: {e}"));
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        assert!(status.is_success(), "{what}: {status} {body}");
        body
    }
}

/// The innermost error of `e`'s chain (reqwest's own message names only the URL).
fn root_cause(e: &(dyn std::error::Error + 'static)) -> String {
    let mut cause = e;
    while let Some(source) = cause.source() {
        cause = source;
    }
    cause.to_string()
}

/// What a write was.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// `POST /api/attempt/start`.
    Start,
    /// `PUT /api/attempt/{id}/answer`.
    Save { question_id: i64, answer: &'static str },
    /// `POST /api/question/score`.
    Submit,
}

/// What became of a write.
#[derive(Debug, Clone)]
pub enum Outcome {
    Acknowledged(Value),
    Refused(u16, Value),
    /// The connection could not be made (the server was down).
    NotConnected,
    /// The connection broke after the request was sent: it may have been committed.
    Unknown(String),
}

/// One write as the ledger keeps it.
#[derive(Debug, Clone)]
pub struct Sent {
    pub player: usize,
    /// The attempt the player wrote to (a save), or believed open (a start or a submission).
    pub attempt_id: Option<String>,
    pub kind: Kind,
    pub outcome: Outcome,
}

impl Sent {
    pub fn acknowledged(&self) -> Option<&Value> {
        match &self.outcome {
            Outcome::Acknowledged(body) => Some(body),
            _ => None,
        }
    }
}

/// A verified account playing one category.
#[derive(Debug, Clone)]
pub struct Player {
    pub index: usize,
    pub token: String,
    pub user_id: String,
    pub category_id: i64,
    pub questions: Vec<i64>,
}

/// `count` verified players (signed up, code read from the development mailbox, verified), each
/// on one of the first `categories` curated categories, with the ids of that category's questions
/// A–D (served once an attempt is running; the start is the player's first write, in `ledger`).
pub async fn players(load: &Load, count: usize, categories: usize, ledger: &mut Vec<Sent>) -> Vec<Player> {
    let accounts: Vec<(String, String)> =
        futures::stream::iter(0..count).map(|i| verified_account(load, format!("player{i}@durability.example"))).buffered(SIGN_UPS_AT_ONCE).collect().await;
    let listed = load.expect(load.client.get(load.url("/api/categories")).bearer_auth(&accounts[0].0), "categories").await;
    let ids: Vec<i64> = listed.as_array().unwrap().iter().take(categories).map(|c| c["id"].as_i64().unwrap()).collect();
    let mut players = Vec::new();
    for (index, (token, user_id)) in accounts.into_iter().enumerate() {
        let category_id = ids[index % ids.len()];
        let started = load.post("/api/attempt/start", &token, json!({ "categoryId": category_id })).await;
        let Outcome::Acknowledged(attempt) = &started else { panic!("player {index} could not start: {started:?}") };
        let attempt_id = attempt["attemptId"].as_str().unwrap().to_owned();
        ledger.push(Sent { player: index, attempt_id: Some(attempt_id), kind: Kind::Start, outcome: started });
        let request = load.client.get(load.url(&format!("/api/question/{category_id}"))).bearer_auth(&token);
        let served = load.expect(request, "questions").await;
        // The load answers with letters: the category's questions of four options A–D.
        let questions = served["questions"].as_array().unwrap().iter().filter(|q| q.get("type").is_none()).map(|q| q["id"].as_i64().unwrap()).collect();
        players.push(Player { index, token, user_id, category_id, questions });
    }
    players
}

/// Signs up `email` and verifies it with the mailed code; the token and user id.
async fn verified_account(load: &Load, email: String) -> (String, String) {
    let body = json!({ "firstName": "Dura", "lastName": "Bility", "email": email, "password": "correct horse battery" });
    let signed_up = load.expect(load.client.post(load.url("/api/auth/signup")).json(&body), "sign-up").await;
    let token = signed_up["token"].as_str().unwrap().to_owned();
    let user_id = signed_up["user"]["id"].as_str().unwrap().to_owned();
    // Mail is queued and delivered behind the request: a hang guard only.
    let asked = std::time::Instant::now();
    while asked.elapsed() < REQUEST_GUARD {
        let mailbox = load.expect(load.client.get(load.url("/api/dev/mailbox")), "mailbox").await;
        let mail = mailbox["messages"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["to"] == email.as_str() && m["subject"].as_str().is_some_and(|s| s.to_lowercase().contains("verif")));
        if let Some(mail) = mail {
            let code = crate::helpers::six_digits(mail["body"].as_str().unwrap());
            let request = load.client.post(load.url("/api/auth/verify")).json(&json!({ "email": email, "code": code }));
            let verified = load.expect(request, "verify").await;
            // A verification may hand out a fresh token; the sign-up one serves otherwise.
            let token = verified["token"].as_str().map_or(token, str::to_owned);
            return (token, user_id);
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("no verification mail to {email} within {REQUEST_GUARD:?}");
}

/// A player's view of its attempt: what it knows was saved, and saves whose fate it does not know.
#[derive(Default)]
struct Attempt {
    id: String,
    /// The last acknowledged answer per question.
    saved: BTreeMap<i64, &'static str>,
    /// Answers sent after the last acknowledged one that were not acknowledged, per question.
    maybe: BTreeMap<i64, Vec<&'static str>>,
    /// Answers to save before submitting.
    to_save: usize,
}

/// What a player found wrong while playing (an acknowledged answer missing from its resumed
/// attempt), and its ledger.
pub struct Played {
    pub ledger: Vec<Sent>,
    pub missing: Vec<String>,
}

/// Plays until `load.stop`, starting from `attempt_id` when given.
pub async fn play(load: &Load, player: &Player, attempt_id: Option<String>) -> Played {
    let mut played = Played { ledger: Vec::new(), missing: Vec::new() };
    let mut attempt = attempt_id.map(|id| Attempt { id, to_save: rand::rng().random_range(2..8), ..Default::default() });
    // Whether to (re)start before writing: after a submission or a broken connection.
    let mut must_start = attempt.is_none();
    while !load.stop.load(Ordering::SeqCst) {
        let sent = match (&mut attempt, must_start) {
            (None, _) | (Some(_), true) => {
                let sent = start(load, player, &mut attempt, &mut played.missing).await;
                must_start = sent.acknowledged().is_none();
                sent
            }
            (Some(current), false) if current.saved.len() >= current.to_save => {
                let sent = submit(load, player, current).await;
                must_start = true;
                // Cut off, it may not have been submitted: the start then resumes it (and checks it).
                if sent.acknowledged().is_some() {
                    attempt = None;
                }
                sent
            }
            (Some(current), false) => {
                let sent = save(load, player, current).await;
                must_start = sent.acknowledged().is_none();
                sent
            }
        };
        if sent.acknowledged().is_none() {
            // The server is down or restarting: a short pause before trying again.
            let pause = Duration::from_millis(rand::rng().random_range(5..30));
            tokio::time::sleep(pause).await;
        }
        played.ledger.push(sent);
    }
    played
}

/// Starts or resumes the player's attempt; on resuming the attempt it was playing, checks that
/// every acknowledged answer came back.
async fn start(load: &Load, player: &Player, attempt: &mut Option<Attempt>, missing: &mut Vec<String>) -> Sent {
    let outcome = load.post("/api/attempt/start", &player.token, json!({ "categoryId": player.category_id })).await;
    let believed = attempt.as_ref().map(|a| a.id.clone());
    if let Outcome::Acknowledged(view) = &outcome {
        let id = view["attemptId"].as_str().unwrap_or_default().to_owned();
        let answers: BTreeMap<i64, Option<String>> = view["answers"]
            .as_array()
            .map(|list| list.iter().map(|a| (a["questionId"].as_i64().unwrap_or(0), a["answer"].as_str().map(str::to_owned))).collect())
            .unwrap_or_default();
        if let Some(current) = attempt.as_ref().filter(|a| a.id == id) {
            for (question_id, answer) in &current.saved {
                let mut allowed = vec![Some(answer.to_string())];
                allowed.extend(current.maybe.get(question_id).into_iter().flatten().map(|a| Some(a.to_string())));
                let found = answers.get(question_id).cloned().flatten();
                if !allowed.contains(&found) {
                    missing
                        .push(format!("player {} resumed attempt {id}: question {question_id} acknowledged as {answer}, came back as {found:?}", player.index));
                }
            }
        }
        // The server's answers are the player's from here on (all of them committed).
        let saved = answers.into_iter().filter_map(|(q, a)| Some((q, letter(&a?)?))).collect();
        let to_save = rand::rng().random_range(2..8);
        *attempt = Some(Attempt { id, saved, maybe: BTreeMap::new(), to_save });
    }
    Sent { player: player.index, attempt_id: believed, kind: Kind::Start, outcome }
}

fn letter(text: &str) -> Option<&'static str> {
    LETTERS.iter().find(|l| **l == text).copied()
}

/// Saves a random answer to a random question.
async fn save(load: &Load, player: &Player, attempt: &mut Attempt) -> Sent {
    let (question_id, answer) = {
        let mut rng = rand::rng();
        (player.questions[rng.random_range(0..player.questions.len())], LETTERS[rng.random_range(0..4)])
    };
    let body = json!({ "questionId": question_id, "answer": answer, "marked": false });
    let request = load.client.put(load.url(&format!("/api/attempt/{}/answer", attempt.id))).bearer_auth(&player.token).json(&body);
    let outcome = load.send(request).await;
    if matches!(outcome, Outcome::Acknowledged(_)) {
        attempt.saved.insert(question_id, answer);
        attempt.maybe.remove(&question_id);
    } else {
        attempt.maybe.entry(question_id).or_default().push(answer);
    }
    Sent { player: player.index, attempt_id: Some(attempt.id.clone()), kind: Kind::Save { question_id, answer }, outcome }
}

/// Submits the attempt with the answers it saved.
async fn submit(load: &Load, player: &Player, attempt: &Attempt) -> Sent {
    let answers: Vec<Value> = attempt.saved.iter().map(|(q, a)| json!({ "questionId": q, "status": a })).collect();
    let body = json!({ "userId": player.user_id, "categoryId": player.category_id, "answers": answers });
    let outcome = load.post("/api/question/score", &player.token, body).await;
    Sent { player: player.index, attempt_id: Some(attempt.id.clone()), kind: Kind::Submit, outcome }
}

/// After the last restart, each player once more: resume or start, save, submit. Every step must
/// be acknowledged; the writes join the ledger.
pub async fn carry_on(load: &Load, players: &[Player], ledger: &mut Vec<Sent>) {
    let rounds = players.iter().map(|player| async move {
        let mut attempt = None;
        let mut missing = Vec::new();
        let started = start(load, player, &mut attempt, &mut missing).await;
        assert!(started.acknowledged().is_some(), "player {} could not start after the restarts: {:?}", player.index, started.outcome);
        assert!(missing.is_empty(), "{missing:?}");
        let current = attempt.as_mut().unwrap();
        let saved = save(load, player, current).await;
        assert!(saved.acknowledged().is_some(), "player {} could not save after the restarts: {:?}", player.index, saved.outcome);
        let submitted = submit(load, player, current).await;
        let result = submitted.acknowledged().unwrap_or_else(|| panic!("player {} could not submit: {:?}", player.index, submitted.outcome));
        assert_eq!(result["attemptId"].as_str(), Some(current.id.as_str()), "player {} submitted another attempt", player.index);
        vec![started, saved, submitted]
    });
    for writes in futures::future::join_all(rounds).await {
        ledger.extend(writes);
    }
}
