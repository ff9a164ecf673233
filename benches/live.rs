//! A live game (issue 12): N players join one game by its PIN, connect to the hub and play
//! QUESTIONS questions, each answering at a random moment of the answering time; the host (this
//! program) moves the game on once every player has seen each phase. The server is the release
//! binary, as a separate process, on its embedded SQLite (or on PostgreSQL, on one or two nodes).
//!
//!   cargo bench --bench live                                   # 2,000 players, 10 questions of 20 s
//!   QUIZROOM_BENCH_PLAYERS=19500 cargo bench --bench live      # the figure (see STACK.md on 20,000)
//!   QUIZROOM_BENCH_PLAYERS=19500 QUIZROOM_BENCH_SECONDS=5 cargo bench --bench live   # issue 28: 5-second questions
//!   QUIZROOM_BENCH_MIXED=1 QUIZROOM_BENCH_PLAYERS=19500 QUIZROOM_BENCH_SECONDS=5 cargo bench --bench live   # issue 29: ten questions of ten types
//!   QUIZROOM_BENCH_MEDIA=1 QUIZROOM_BENCH_SECONDS=5 cargo bench --bench live   # issue 30: every question shows a photo each phone fetches
//!   QUIZROOM_BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres QUIZROOM_BENCH_NODES=2 cargo bench --bench live
//!
//! Each player answers at a random moment of the first 80% of the answering time. It prints: how
//! long the joins took; the spread of each question's arrival over the players (last minus first;
//! p99 over players); answer acknowledgements (from sending to `answerAck`, which the server sends
//! once the answer is committed); the reveal and the standings reaching every player (from the
//! moment the phase changed); lost and double-counted answers (the generator's acknowledged
//! answers against the game's results); reveals that disagree with the results (a count, or a
//! player told "no answer" whose answer counts, or the other way round); the server's memory per
//! player; and the CPU taken by the generator and by the server(s).

#[path = "live/pictures.rs"]
mod pictures;
mod support;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures::{SinkExt, StreamExt};
use nix::sys::resource::{Resource, getrlimit, setrlimit};
use pictures::Pictures;
use rand::Rng;
use rand::seq::SliceRandom;
use serde_json::{Value, json};
use support::{Server, generator_cpu, ms, percentile, process_cpu};
use tokio::sync::Semaphore;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

fn env_or(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// Milliseconds since the epoch by this machine's clock (the server's too: same machine).
fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// What every player records, keyed by (phase, question).
#[derive(Default)]
struct Seen {
    arrivals: Mutex<HashMap<(String, i64), Vec<Instant>>>,
    /// Each acknowledgement: its question, when the answer was sent, how long it took.
    acks: Mutex<Vec<(i64, Instant, Duration)>>,
    /// Each question's counts as its reveal showed them (the same for every player: one is kept).
    counts: Mutex<HashMap<i64, HashMap<String, u64>>>,
}

/// The parts of a server message the players read: parsed without building the whole view (the
/// generator plays 19,500 phones on the server's two cores, so its own work shows in the spread).
#[derive(serde::Deserialize)]
struct Incoming<'a> {
    #[serde(rename = "type", borrow)]
    kind: &'a str,
    #[serde(borrow)]
    view: Option<View<'a>>,
    question: Option<i64>,
    choice: Option<&'a str>,
}

#[derive(serde::Deserialize)]
struct View<'a> {
    phase: &'a str,
    question: Option<QuestionView>,
    reveal: Option<RevealView>,
    me: Option<Me>,
}

#[derive(serde::Deserialize)]
struct RevealView {
    /// Four options A–D.
    counts: Option<HashMap<String, u64>>,
    /// Other types.
    answered: Option<u64>,
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct Me {
    /// `null` when the player did not answer (as far as the reveal knows).
    last_result: Option<Value>,
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct QuestionView {
    index: i64,
    opens_at: Option<i64>,
    deadline: Option<i64>,
    /// Another type than four options A–D (`QUIZROOM_BENCH_MIXED`).
    served: Option<Value>,
    /// A picture (`QUIZROOM_BENCH_MEDIA`).
    media: Option<Value>,
}

/// What one player did: the answers the server acknowledged, by question (the letter; none for a
/// response to another type), and the questions whose reveal said they had answered.
#[derive(Default)]
struct Acked {
    answers: HashMap<i64, Option<String>>,
    revealed_answered: HashMap<i64, bool>,
}

async fn play(url: String, game_id: String, seen: Arc<Seen>, ready: tokio::sync::mpsc::UnboundedSender<()>, pictures: Option<Arc<Pictures>>) -> Acked {
    let mut cached = HashMap::new();
    // A phone's small read buffer, as the server's: tungstenite zeroes its whole read buffer
    // (128 KiB by default) before every read, which took a third of the generator's CPU.
    let config = WebSocketConfig::default().read_buffer_size(4 * 1024);
    let (mut socket, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), false).await.expect("connect (is ulimit -n high enough?)");
    let channel = format!("game:{game_id}");
    socket.send(Message::Text(json!({ "type": "subscribe", "channel": channel }).to_string().into())).await.unwrap();
    let mut acked = Acked::default();
    let mut answered_index = -1;
    let mut pending: Option<(tokio::time::Instant, i64, Value)> = None;
    let mut sent_at = Instant::now();
    let mut sent_index = -1;
    let mut first_view = true;
    loop {
        let wake = pending.as_ref().map(|(at, _, _)| *at);
        let message = tokio::select! {
            m = socket.next() => m,
            _ = async { tokio::time::sleep_until(wake.unwrap()).await }, if wake.is_some() => {
                let (_, index, mut answer) = pending.take().unwrap();
                answer["channel"] = json!(channel);
                (sent_at, sent_index) = (Instant::now(), index);
                socket.send(Message::Text(answer.to_string().into())).await.unwrap();
                continue;
            }
        };
        let Some(Ok(Message::Text(text))) = message else {
            if matches!(message, Some(Ok(_))) {
                continue;
            }
            return acked;
        };
        let arrived = Instant::now();
        let message: Incoming = serde_json::from_str(&text).unwrap();
        match (message.kind, message.view) {
            ("game", Some(view)) => {
                let phase = view.phase;
                if first_view {
                    first_view = false;
                    let _ = ready.send(());
                    if phase == "lobby" {
                        continue;
                    }
                }
                let index = view.question.as_ref().map_or(-1, |q| q.index);
                seen.arrivals.lock().unwrap().entry((phase.to_owned(), index)).or_default().push(arrived);
                if phase == "reveal" {
                    acked.revealed_answered.entry(index).or_insert_with(|| view.me.as_ref().is_some_and(|me| me.last_result.is_some()));
                    if let Some(reveal) = view.reveal {
                        let counts = reveal.counts.unwrap_or_else(|| HashMap::from([("answered".to_owned(), reveal.answered.unwrap_or(0))]));
                        seen.counts.lock().unwrap().entry(index).or_insert(counts);
                    }
                }
                if let Some(question) = view.question.filter(|q| phase == "question" && q.index > answered_index) {
                    answered_index = index;
                    if let (Some(pictures), Some(media)) = (&pictures, &question.media) {
                        pictures.seen(&mut cached, index, media, question.opens_at.unwrap(), arrived);
                    }
                    // A random moment of the first 80% of the answering time.
                    let (opens, deadline) = (question.opens_at.unwrap(), question.deadline.unwrap());
                    let at = rand::rng().random_range(opens + 50..(opens + (deadline - opens) * 4 / 5).max(opens + 100));
                    let answer = match &question.served {
                        Some(served) => json!({ "type": "answer", "question": index, "response": response_to(served) }),
                        None => json!({ "type": "answer", "question": index, "choice": (["A", "B", "C", "D"][rand::rng().random_range(0..4)]) }),
                    };
                    let wait = Duration::from_millis((at - now_ms()).max(0) as u64);
                    pending = Some((tokio::time::Instant::now() + wait, index, answer));
                }
                if phase == "finished" {
                    return acked;
                }
            }
            ("answerAck", _) => {
                seen.acks.lock().unwrap().push((sent_index, sent_at, sent_at.elapsed()));
                acked.answers.insert(message.question.unwrap(), message.choice.map(str::to_owned));
            }
            ("error", _) => eprintln!("error: {text}"),
            _ => {}
        }
    }
}

/// A random response of the right shape to a question of another type, by the positions served.
fn response_to(served: &Value) -> Value {
    let mut rng = rand::rng();
    let len = |field: &str| served[field].as_array().map_or(0, Vec::len);
    let shuffled = |n: usize, rng: &mut rand::rngs::ThreadRng| {
        let mut order: Vec<usize> = (0..n).collect();
        order.shuffle(rng);
        order
    };
    match served["type"].as_str().unwrap_or_default() {
        "single_choice" | "poll" => json!({ "choice": rng.random_range(0..len("options")) }),
        "true_false" => json!({ "bool": rng.random_bool(0.5) }),
        "multi_select" => {
            let n = len("options");
            let mut chosen = shuffled(n, &mut rng);
            chosen.truncate(rng.random_range(1..=n));
            json!({ "choices": chosen })
        }
        "numeric" => json!({ "number": 9.81 + rng.random_range(-0.1..0.1) }),
        "slider" => {
            let (min, max, step) = (served["min"].as_f64().unwrap(), served["max"].as_f64().unwrap(), served["step"].as_f64().unwrap());
            json!({ "number": min + step * rng.random_range(0..=((max - min) / step) as i64) as f64 })
        }
        "ordering" => json!({ "order": shuffled(len("items"), &mut rng) }),
        "matching" => {
            let mut right = shuffled(len("right"), &mut rng);
            right.truncate(len("left"));
            json!({ "pairs": right })
        }
        "categorize" => json!({ "groups": (0..len("items")).map(|_| rng.random_range(0..len("groups"))).collect::<Vec<_>>() }),
        _ => json!({ "text": (["Paris", "paris", "Lyon", "Rome"][rng.random_range(0..4)]) }),
    }
}

/// A quiz of ten questions of ten types (`QUIZROOM_BENCH_MIXED`), hosted by `host`; its id.
async fn mixed_quiz(server: &Server, host: &str) -> i64 {
    let csv = "Question,Option A,Option B,Option C,Option D,Correct Option Letter\nWhat is 2 + 2?,3,4,5,6,B\n";
    let form = reqwest::multipart::Form::new()
        .text("title", "Mixed")
        .text("timeLimit", "15")
        .text("validityOption", "24h")
        .part("file", reqwest::multipart::Part::bytes(csv.as_bytes().to_vec()).file_name("quiz.csv"));
    let response = server.client.post(server.url("/api/hostQuiz/upload")).bearer_auth(host).multipart(form).send().await.unwrap();
    assert_eq!(response.status(), 201, "the mixed quiz");
    let quiz_id = response.json::<Value>().await.unwrap()["quiz"]["id"].as_i64().unwrap();
    let defined = |text: &str, definition: Value| json!({ "text": text, "definition": definition, "explanation": "" });
    let questions = json!([
        { "text": "What is 2 + 2?", "optionA": "3", "optionB": "4", "optionC": "5", "optionD": "6", "answer": "B" },
        defined("Water boils at 100 °C at sea level.", json!({ "type": "true_false", "answer": true })),
        defined("Which are primes?", json!({ "type": "multi_select", "options": ["2", "3", "4", "9"], "right": [0, 1] })),
        defined("g in m/s²?", json!({ "type": "numeric", "answer": 9.81, "tolerance": { "kind": "absolute", "value": 0.05 } })),
        defined("How many percent?", json!({ "type": "slider", "min": 0, "max": 100, "step": 1, "target": 40, "margin": 10 })),
        defined("Smallest first.", json!({ "type": "ordering", "items": ["1", "2", "3", "4"] })),
        defined("Match the capitals.", json!({ "type": "matching", "pairs": [{ "left": "France", "right": "Paris" }, { "left": "Italy", "right": "Rome" }, { "left": "Spain", "right": "Madrid" }], "distractors": ["Berlin"] })),
        defined("Odd or even?", json!({ "type": "categorize", "groups": ["odd", "even"], "items": [{ "text": "1", "group": 0 }, { "text": "2", "group": 1 }, { "text": "3", "group": 0 }, { "text": "4", "group": 1 }] })),
        defined("The capital of France?", json!({ "type": "type_answer", "accepted": ["Paris"] })),
        defined("Tea, coffee or water?", json!({ "type": "poll", "options": ["tea", "coffee", "water"] })),
    ]);
    server.post("/api/question/update-category-questions", host, json!({ "categoryId": quiz_id, "questions": questions })).await;
    quiz_id
}

/// Waits until `count` players have seen (phase, index), or `limit` passed; returns how many did.
async fn wait_for(seen: &Seen, phase: &str, index: i64, count: usize, limit: Duration) -> usize {
    let until = Instant::now() + limit;
    loop {
        let got = seen.arrivals.lock().unwrap().get(&(phase.to_owned(), index)).map_or(0, Vec::len);
        if got >= count || Instant::now() > until {
            return got;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// p99 and max of the players' arrivals after `from` (the first arrival when `None`).
fn spread(seen: &Seen, phase: &str, index: i64, from: Option<Instant>) -> (Duration, Duration, usize) {
    let arrivals = seen.arrivals.lock().unwrap();
    let Some(times) = arrivals.get(&(phase.to_owned(), index)) else { return (Duration::ZERO, Duration::ZERO, 0) };
    let start = from.unwrap_or_else(|| *times.iter().min().unwrap());
    let mut gaps: Vec<Duration> = times.iter().map(|t| t.saturating_duration_since(start)).collect();
    gaps.sort_unstable();
    (percentile(&gaps, 0.99), *gaps.last().unwrap(), gaps.len())
}

#[tokio::main]
async fn main() {
    let players = env_or("QUIZROOM_BENCH_PLAYERS", 2_000);
    let questions = env_or("QUIZROOM_BENCH_QUESTIONS", 10);
    let seconds = env_or("QUIZROOM_BENCH_SECONDS", 20);
    let nodes = env_or("QUIZROOM_BENCH_NODES", 1);
    // Room for every socket: the server inherits the limit (at most the hard limit, STACK.md).
    let (_, hard) = getrlimit(Resource::RLIMIT_NOFILE).unwrap();
    setrlimit(Resource::RLIMIT_NOFILE, hard, hard).unwrap();

    let pg = std::env::var("QUIZROOM_BENCH_PG").ok();
    let database = match &pg {
        Some(admin) => {
            let name = format!("qr_bench_{}", uuid::Uuid::new_v4().simple());
            let _ = rustls::crypto::ring::default_provider().install_default();
            sqlx::any::install_default_drivers();
            let pool = sqlx::AnyPool::connect(admin).await.unwrap();
            sqlx::query(sqlx::AssertSqlSafe(format!("create database {name}"))).execute(&pool).await.unwrap();
            let (base, _) = admin.rsplit_once('/').unwrap();
            Some(format!("{base}/{name}"))
        }
        None => None,
    };
    let mut servers = Vec::new();
    for _ in 0..nodes.max(1) {
        servers.push(Server::start(database.as_deref()).await);
    }
    let host_server = &servers[0];
    let host = host_server.sign_up("host@bench.local").await;
    let mixed = std::env::var("QUIZROOM_BENCH_MIXED").is_ok_and(|v| v == "1");
    let pictures = std::env::var("QUIZROOM_BENCH_MEDIA").is_ok_and(|v| v == "1").then(|| Pictures::new(host_server));
    let quiz_id = if mixed {
        mixed_quiz(host_server, &host).await
    } else if pictures.is_some() {
        pictures::picture_quiz(host_server, &host, questions).await
    } else {
        let categories: Value = host_server.client.get(host_server.url("/api/categories")).bearer_auth(&host).send().await.unwrap().json().await.unwrap();
        categories[0]["id"].as_i64().unwrap()
    };
    let view =
        host_server.post("/api/live/games", &host, json!({ "quizId": quiz_id, "secondsPerQuestion": seconds, "scoring": "speed", "streakBonus": true })).await;
    let game_id = view["gameId"].as_str().unwrap().to_owned();
    let pin = view["host"]["pin"].as_str().unwrap().to_owned();
    let questions = questions.min(view["questionCount"].as_u64().unwrap() as usize);
    let rss_before: Vec<u64> = servers.iter().map(Server::rss).collect();
    let server_cpu_before: Vec<f64> = servers.iter().map(|s| process_cpu(s.process.id())).collect();
    let generator_cpu_before = generator_cpu();
    let started = Instant::now();

    println!(
        "# Live game: {players} players, {questions} questions{} of {seconds} s, {} node(s) on {}\n",
        if mixed {
            " of ten types"
        } else if pictures.is_some() {
            " each showing a photo"
        } else {
            ""
        },
        nodes,
        if pg.is_some() { "PostgreSQL" } else { "SQLite" }
    );

    // Joining: POST /api/live/join, then the hub, as a room of phones would (64 at a time), through
    // a proxy (the server trusts 127.0.0.1) from school addresses of 500 players each.
    let seen = Arc::new(Seen::default());
    let (ready_tx, mut ready) = tokio::sync::mpsc::unbounded_channel();
    let joining = Arc::new(Semaphore::new(64));
    let (tokens_tx, mut tokens) = tokio::sync::mpsc::unbounded_channel::<(usize, String)>();
    for i in 0..players {
        let server = &servers[i % servers.len()];
        let (client, url, pin, tokens_tx, joining) = (server.client.clone(), server.url("/api/live/join"), pin.clone(), tokens_tx.clone(), joining.clone());
        tokio::spawn(async move {
            let _place = joining.acquire().await.unwrap();
            // Each phone keeps a client key; rooms of 500 sit behind one school address each.
            let request = client.post(url).header("x-quizroom-client", format!("bench-player-{i:08}")).header("x-forwarded-for", format!("10.0.{}.1", i / 500));
            let response = request.json(&json!({ "pin": pin, "nickname": format!("Player {i}") })).send().await.unwrap();
            assert_eq!(response.status(), 200, "join {i}");
            let joined: Value = response.json().await.unwrap();
            tokens_tx.send((i, joined["token"].as_str().unwrap().to_owned())).unwrap();
        });
    }
    drop(tokens_tx);
    let mut handles = Vec::with_capacity(players);
    while let Some((i, token)) = tokens.recv().await {
        let url = format!("ws://{}/ws?token={token}", servers[i % servers.len()].addr);
        handles.push((i, tokio::spawn(play(url, game_id.clone(), seen.clone(), ready_tx.clone(), pictures.clone()))));
    }
    let joined_http = started.elapsed();
    for _ in 0..players {
        ready.recv().await.unwrap();
    }
    let joined_in = started.elapsed();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_joined: Vec<u64> = servers.iter().map(Server::rss).collect();
    println!(
        "joined: {players} players in {:.1} s (HTTP joins done at {:.1} s), every one subscribed and in the lobby",
        joined_in.as_secs_f64(),
        joined_http.as_secs_f64()
    );
    for (n, (before, after)) in rss_before.iter().zip(&rss_joined).enumerate() {
        let per = servers.len().max(1);
        println!(
            "node {}: memory {:.1} MiB before the joins, {:.1} MiB after: {:.1} KiB per player",
            n + 1,
            *before as f64 / 1048576.0,
            *after as f64 / 1048576.0,
            after.saturating_sub(*before) as f64 / (players / per) as f64 / 1024.0
        );
    }

    let control = |action: &'static str| {
        let (client, url, host) = (host_server.client.clone(), host_server.url(&format!("/api/live/games/{game_id}/control")), host.clone());
        async move {
            let response = client.post(url).bearer_auth(host).json(&json!({ "action": action })).send().await.unwrap();
            assert_eq!(response.status(), 200, "{action}");
        }
    };
    println!("\n| question | question spread p99 (max) | reveal spread p99 (max) | standings after next p99 (max) | ack p99 (max) | reached |");
    println!("|---:|---:|---:|---:|---:|---:|");
    let (mut question_spreads, mut reveal_spreads, mut standing_times, mut picture_rows) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for index in 0..questions as i64 {
        control(if index == 0 { "start" } else { "next" }).await;
        let got = wait_for(&seen, "question", index, players, Duration::from_secs(10)).await;
        let (q99, qmax, _) = spread(&seen, "question", index, None);
        // Everyone answers within the time; the question closes when the last one did.
        wait_for(&seen, "reveal", index, players, Duration::from_secs(seconds as u64 + 15)).await;
        let (r99, rmax, _) = spread(&seen, "reveal", index, None);
        let mut question_acks: Vec<Duration> = seen.acks.lock().unwrap().iter().filter(|a| a.0 == index).map(|a| a.2).collect();
        question_acks.sort_unstable();
        let (a99, amax) = match question_acks.last() {
            Some(last) => (percentile(&question_acks, 0.99), *last),
            None => Default::default(),
        };
        let next = Instant::now();
        control("next").await;
        wait_for(&seen, "standings", index, players, Duration::from_secs(10)).await;
        let (s99, smax, reached) = spread(&seen, "standings", index, Some(next));
        println!(
            "| {} | {:.0} ms ({:.0}) | {:.0} ms ({:.0}) | {:.0} ms ({:.0}) | {:.1} ms ({:.0}) | {got} / {reached} |",
            index + 1,
            ms(q99),
            ms(qmax),
            ms(r99),
            ms(rmax),
            ms(s99),
            ms(smax),
            ms(a99),
            ms(amax)
        );
        if let Some(pictures) = &pictures {
            picture_rows.push(format!("| {} | {} |", index + 1, pictures.report(index)));
        }
        question_spreads.push(q99);
        reveal_spreads.push(r99);
        standing_times.push(s99);
    }
    // After the last question played: the end (the quiz may have more questions than were played).
    control("end").await;
    let mut acked_by_player = Vec::with_capacity(players);
    let until = tokio::time::Instant::now() + Duration::from_secs(30);
    for (i, handle) in handles {
        acked_by_player.push((i, tokio::time::timeout_at(until, handle).await.map(|h| h.unwrap()).unwrap_or_default()));
    }
    let wall = started.elapsed().as_secs_f64();
    let generator_seconds = generator_cpu() - generator_cpu_before;
    let server_cpu: Vec<f64> = servers.iter().zip(&server_cpu_before).map(|(s, before)| process_cpu(s.process.id()) - before).collect();

    // Every acknowledged answer is in the results, once; nothing else is.
    let results: Value =
        host_server.client.get(host_server.url(&format!("/api/live/games/{game_id}/results"))).bearer_auth(&host).send().await.unwrap().json().await.unwrap();
    let recorded: HashMap<String, Vec<Option<String>>> = results["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let answers = p["answers"].as_array().unwrap().iter().map(|a| a.as_str().map(str::to_owned)).collect();
            (p["nickname"].as_str().unwrap().to_owned(), answers)
        })
        .collect();
    let (mut acked_total, mut lost, mut extra, mut reveals, mut wrong_reveals) = (0, 0, 0, 0, 0);
    for (i, acked) in &acked_by_player {
        let answers = recorded.get(&format!("Player {i}")).cloned().unwrap_or_default();
        for (index, choice) in &acked.answers {
            acked_total += 1;
            // A letter as given; a response to another type, read in words, is there.
            let kept = answers.get(*index as usize).cloned().flatten();
            if kept.is_none() || choice.is_some() && kept != *choice {
                lost += 1;
            }
        }
        extra += answers.iter().enumerate().filter(|(index, a)| a.is_some() && !acked.answers.contains_key(&(*index as i64))).count();
        for (index, said) in &acked.revealed_answered {
            reveals += 1;
            if *said != answers.get(*index as usize).is_some_and(Option::is_some) {
                wrong_reveals += 1;
            }
        }
    }
    let revealed_counts = seen.counts.lock().unwrap().clone();
    let counts_disagree: Vec<i64> = results["questions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|q| {
            let index = q["index"].as_i64().unwrap();
            let shown = revealed_counts.get(&index)?;
            let kept: HashMap<String, u64> = match shown.get("answered") {
                Some(_) => HashMap::from([("answered".to_owned(), q["answered"].as_u64().unwrap())]),
                None => serde_json::from_value(q["counts"].clone()).unwrap(),
            };
            (shown != &kept).then_some(index + 1)
        })
        .collect();
    let recorded_total: usize = recorded.values().map(|a| a.iter().filter(|x| x.is_some()).count()).sum();

    let all_acks = seen.acks.lock().unwrap().clone();
    let mut acks: Vec<Duration> = all_acks.iter().map(|a| a.2).collect();
    acks.sort_unstable();
    let all = |v: &mut Vec<Duration>| {
        v.sort_unstable();
        (ms(percentile(v, 0.5)), ms(*v.last().unwrap()))
    };
    if let Some(pictures) = &pictures {
        println!("\n| question | the picture on the phones |\n|---:|---|");
        picture_rows.iter().for_each(|row| println!("{row}"));
        println!("\n{}", pictures.totals());
    }
    println!();
    println!("answers: {acked_total} acknowledged, {recorded_total} in the results; lost {lost}, counted without an acknowledgement {extra}");
    println!(
        "reveals: {wrong_reveals} of {reveals} players' reveal views disagree with the results on whether they answered; questions whose reveal counts differ from the results: {}",
        if counts_disagree.is_empty() { "none".to_owned() } else { format!("{counts_disagree:?}") }
    );
    if !acks.is_empty() {
        println!(
            "answer acknowledgement (durable): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms (target: p99 under 100 ms)",
            ms(percentile(&acks, 0.5)),
            ms(percentile(&acks, 0.99)),
            ms(*acks.last().unwrap())
        );
        slow_acks(&all_acks);
    }
    let (q50, qmax) = all(&mut question_spreads);
    let (r50, rmax) = all(&mut reveal_spreads);
    let (s50, smax) = all(&mut standing_times);
    println!("question spread p99 over the questions: median {q50:.0} ms, worst {qmax:.0} ms (target: under 300 ms)");
    println!(
        "reveal spread p99: median {r50:.0} ms, worst {rmax:.0} ms; standings after next p99: median {s50:.0} ms, worst {smax:.0} ms (target: under 500 ms)"
    );
    println!(
        "CPU over {wall:.0} s: generator {:.0} s ({:.0}% of one core); server {}",
        generator_seconds,
        generator_seconds / wall * 100.0,
        server_cpu.iter().map(|c| format!("{c:.0} s ({:.0}% of one core)", c / wall * 100.0)).collect::<Vec<_>>().join(", ")
    );
    drop(servers);
    if let (Some(admin), Some(url)) = (pg, database) {
        let pool = sqlx::AnyPool::connect(&admin).await.unwrap();
        let name = url.rsplit('/').next().unwrap();
        let _ = sqlx::query(sqlx::AssertSqlSafe(format!("drop database if exists {name} with (force)"))).execute(&pool).await;
    }
}

/// When the acknowledgements over 100 ms were sent: the seconds (from the first answer) that had
/// most of them, to tell a burst (a stall of the writer) from a tail spread over the run.
fn slow_acks(acks: &[(i64, Instant, Duration)]) {
    let Some(first) = acks.iter().map(|a| a.1).min() else { return };
    let mut by_second: HashMap<u64, usize> = HashMap::new();
    for (_, sent, _) in acks.iter().filter(|a| a.2 > Duration::from_millis(100)) {
        *by_second.entry(sent.duration_since(first).as_secs()).or_default() += 1;
    }
    let slow: usize = by_second.values().sum();
    let mut seconds: Vec<_> = by_second.into_iter().collect();
    seconds.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let worst: Vec<String> = seconds.iter().take(8).map(|(second, n)| format!("{n} at {second} s")).collect();
    let first_unix = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().saturating_sub(first.elapsed());
    println!(
        "acknowledgements over 100 ms: {slow} of {}; the seconds with most (from the first answer, at {:.1} s Unix time): {}",
        acks.len(),
        first_unix.as_secs_f64(),
        if worst.is_empty() { "none".to_owned() } else { worst.join(", ") }
    );
}
