//! A quiz with 10,000 attempts, over HTTP against the release server, as its host: auditing it
//! (issue 13: the first page of its timeline, its standings as of moments along its history) and
//! its insights (issue 14: the whole report).
//!
//!   cargo bench --bench quiz_history
//!   QUIZROOM_BENCH_ATTEMPTS=10000 cargo bench --bench quiz_history
//!   QUIZROOM_BENCH_PG=1 cargo bench --bench quiz_history      # on PostgreSQL (QUIZROOM_TEST_PG_URL)
//!
//! The history is written straight into the server's log through the event store (players'
//! accounts, joins, attempts with three saved answers each, a retake and a second attempt for
//! every twentieth player), since 10,000 sign-ups over HTTP would measure password hashing; the
//! server's own projectors then index it, as they would have while it was played.

mod support;

use std::time::{Duration, Instant};

use quizroom_domain::DomainEvent;
use quizroom_domain::admission::AdmissionEvent;
use quizroom_domain::attempt::{AttemptEvent, ScoredAnswer, SubmitReason};
use quizroom_domain::question::{RULES_VERSION, Response};
use quizroom_domain::quiz::{Audience, HostedQuiz, Letter, Question, QuizEvent, QuizSource};
use quizroom_domain::user::UserEvent;
use quizroom_eventstore::testing::TestDb;
use quizroom_eventstore::{EventStore, ExpectedVersion, Metadata, NewEvent, StoreOptions};
use serde_json::Value;
use support::{Server, ms, percentile};

const QUIZ_ID: i64 = 1_000_001;
const T0: i64 = 1_800_000_000_000;

fn encode<E: DomainEvent>(events: &[E], actor: &str) -> Vec<NewEvent> {
    events
        .iter()
        .map(|e| {
            let (kind, data) = e.encode();
            NewEvent::new(kind, data).with_metadata(Metadata { actor: Some(actor.to_owned()), causation_id: Some("bench".into()), ..Default::default() })
        })
        .collect()
}

fn questions() -> Vec<Question> {
    (0..3)
        .map(|i| {
            Question::four_options(9_000_001 + i, i.to_string(), format!("Question {i}?"), ["a".into(), "b".into(), "c".into(), "d".into()], Letter::B, "")
        })
        .collect()
}

/// One attempt's events: started, three answers saved, submitted with `right` right answers.
fn attempt(player: &str, at: i64, right: usize) -> Vec<AttemptEvent> {
    let ids: Vec<i64> = questions().iter().map(|q| q.id).collect();
    let letter = |i: usize| Response::Choice(if i < right { Letter::B } else { Letter::C }.index());
    let mut events = vec![AttemptEvent::AttemptStarted {
        user_id: player.to_owned(),
        quiz_id: QUIZ_ID,
        quiz_version: 1,
        question_ids: ids.clone(),
        started_at: at,
        deadline: at + 15 * 60_000,
        accommodation: Default::default(),
        seed: 0,
    }];
    for (i, id) in ids.iter().enumerate() {
        events.push(AttemptEvent::AnswerRecorded { question_id: *id, response: Some(letter(i)), marked: false, at: at + 1000 * (i as i64 + 1) });
    }
    let answers = ids
        .iter()
        .enumerate()
        .map(|(i, id)| ScoredAnswer { question_id: *id, response: Some(letter(i)), correct: i < right, f: Some(if i < right { 1.0 } else { 0.0 }) })
        .collect();
    events.push(AttemptEvent::AttemptSubmitted {
        answers,
        score: right as i64,
        points: 10 * right as i64,
        total: 3,
        rules: RULES_VERSION,
        reason: SubmitReason::Player,
        late: false,
        at: at + 5000,
    });
    events
}

/// Writes the quiz and `attempts` players' histories into the log, 8 writers at once.
async fn write_history(store: &EventStore, host_id: &str, attempts: usize) {
    let hosted = QuizEvent::QuizHosted {
        quiz_id: QUIZ_ID,
        quiz: HostedQuiz {
            host_id: host_id.to_owned(),
            title: "Audited".into(),
            code: "AUDIT1".into(),
            questions: questions(),
            valid_until: T0 + 365 * 86_400_000,
            time_limit_minutes: 15,
            audience: Audience::Open,
            source: QuizSource::Upload,
            created_at: T0,
        },
    };
    store.append(&format!("quiz-{QUIZ_ID}"), ExpectedVersion::NoStream, encode(&[hosted], host_id)).await.unwrap();
    let writers = 8;
    let tasks: Vec<_> = (0..writers)
        .map(|w| {
            let (store, host_id) = (store.clone(), host_id.to_owned());
            tokio::spawn(async move {
                for i in (w..attempts).step_by(writers) {
                    let player = uuid::Uuid::new_v4().to_string();
                    let signed_up = UserEvent::SignedUp {
                        first_name: format!("Player{i}"),
                        last_name: "Bench".into(),
                        email: format!("p{i}@bench.example"),
                        institute_name: None,
                        password_hash: "x".into(),
                    };
                    store.append(&format!("user-{player}"), ExpectedVersion::NoStream, encode(&[signed_up], &player)).await.unwrap();
                    let at = T0 + i as i64 * 1000;
                    let joined = AdmissionEvent::JoinedByCode { quiz_id: QUIZ_ID, user_id: player.clone(), at };
                    store.append(&format!("admission-{QUIZ_ID}-{player}"), ExpectedVersion::NoStream, encode(&[joined], &player)).await.unwrap();
                    let first = format!("attempt-{}", uuid::Uuid::new_v4());
                    store.append(&first, ExpectedVersion::NoStream, encode(&attempt(&player, at, i % 4), &player)).await.unwrap();
                    if i % 20 == 0 {
                        let retake = AttemptEvent::RetakeGranted { by: host_id.clone(), at: at + 10_000 };
                        store.append(&first, ExpectedVersion::Exact(5), encode(&[retake], &host_id)).await.unwrap();
                        let second = format!("attempt-{}", uuid::Uuid::new_v4());
                        store.append(&second, ExpectedVersion::NoStream, encode(&attempt(&player, at + 20_000, 3), &player)).await.unwrap();
                    }
                }
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
}

async fn get(server: &Server, token: &str, path: &str) -> (Duration, Value) {
    let t = Instant::now();
    let response = server.client.get(server.url(path)).bearer_auth(token).send().await.unwrap();
    assert!(response.status().is_success(), "{path}: {}", response.status());
    let body: Value = response.json().await.unwrap();
    (t.elapsed(), body)
}

fn line(what: &str, mut times: Vec<Duration>) {
    times.sort_unstable();
    println!(
        "| {what} | {} | {:.1} ms | {:.1} ms | {:.1} ms |",
        times.len(),
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.99)),
        ms(*times.last().unwrap())
    );
}

#[tokio::main]
async fn main() {
    let attempts: usize = std::env::var("QUIZROOM_BENCH_ATTEMPTS").ok().and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let pg = if std::env::var("QUIZROOM_BENCH_PG").is_ok_and(|v| v == "1") { TestDb::postgres().await } else { None };
    let server = Server::start(pg.as_ref().map(|db| db.url.as_str())).await;
    let url = match &pg {
        Some(db) => db.url.clone(),
        None => format!("sqlite://{}", server.data_dir.join("quizroom.db").display()),
    };
    let backend = if pg.is_some() { "PostgreSQL" } else { "SQLite" };
    let host = server.sign_up("host@bench.example").await;
    let me: Value = server.client.get(server.url("/api/auth/me")).bearer_auth(&host).send().await.unwrap().json().await.unwrap();
    let host_id = me["user"]["id"].as_str().unwrap().to_owned();

    let store = EventStore::connect(&url, StoreOptions { projections: quizroom_projections::transactional(), ..Default::default() }).await.unwrap();
    let t = Instant::now();
    write_history(&store, &host_id, attempts).await;
    let written = t.elapsed();
    let events = store.count().await.unwrap();
    let head = store.head().await.unwrap();
    let t = Instant::now();
    loop {
        let indexed: Vec<i64> =
            sqlx::query_scalar("select cursor_position from checkpoints where name in ('trail', 'insights')").fetch_all(store.pool()).await.unwrap();
        if indexed.len() == 2 && indexed.iter().all(|p| *p >= head) {
            break;
        }
        assert!(t.elapsed() < Duration::from_secs(600), "the trail did not catch up");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let indexed = t.elapsed();
    println!("# A quiz with {attempts} attempts ({backend}, release server)\n");
    println!(
        "{events} events in the log ({} attempts with their joins and accounts) written in {:.1} s; the server's trail and insights projectors had read them {:.1} s later.\n",
        attempts + attempts / 20,
        written.as_secs_f64(),
        indexed.as_secs_f64()
    );

    let quiz = format!("/api/audit/quizzes/{QUIZ_ID}");
    let (_, first) = get(&server, &host, &format!("{quiz}/timeline")).await;
    assert_eq!(first["entries"].as_array().unwrap().len(), 50);
    let total = first["total"].as_i64().unwrap();
    println!("The quiz's timeline holds {total} entries.\n");
    println!("| request | n | p50 | p99 | max |");
    println!("|---|---:|---:|---:|---:|");
    let mut times = Vec::new();
    for _ in 0..20 {
        times.push(get(&server, &host, &format!("{quiz}/timeline")).await.0);
    }
    line("timeline, first page (50 newest)", times);
    let person = first["entries"][0]["person"]["id"].as_str().unwrap().to_owned();
    let mut times = Vec::new();
    for order in ["oldest", "newest"] {
        for _ in 0..5 {
            times.push(get(&server, &host, &format!("{quiz}/timeline?order={order}&person={person}")).await.0);
            times.push(get(&server, &host, &format!("{quiz}/timeline?order={order}&kind=retake")).await.0);
        }
    }
    line("timeline, first page filtered (one player; retakes only)", times);
    let (_, now) = get(&server, &host, &format!("{quiz}/standings")).await;
    let moments: Vec<i64> = now["moments"].as_array().unwrap().iter().map(|m| m["position"].as_i64().unwrap()).collect();
    assert_eq!(now["standingsTotal"].as_i64(), Some(attempts as i64));
    let mut times = Vec::new();
    for _ in 0..3 {
        for q in [4, 2, 1] {
            let at = moments[moments.len() * (q - 1) / 4 + moments.len() / 8];
            times.push(get(&server, &host, &format!("{quiz}/standings?at={at}")).await.0);
        }
        times.push(get(&server, &host, &format!("{quiz}/standings")).await.0);
    }
    line("standings as of a moment (an eighth, three eighths, five eighths in, and now)", times);
    let mut times = Vec::new();
    for _ in 0..3 {
        let (t, diff) = get(&server, &host, &format!("{quiz}/standings?since={}", moments[moments.len() / 2])).await;
        assert!(diff["moves"].is_array());
        times.push(t);
    }
    line("standings now and what changed since the middle", times);
    let mut times = Vec::new();
    for _ in 0..10 {
        let (t, report) = get(&server, &host, &format!("/api/hostQuiz/insights/{QUIZ_ID}")).await;
        assert_eq!(report["summary"]["attemptsSubmitted"].as_i64(), Some((attempts + attempts / 20) as i64));
        times.push(t);
    }
    line("insights, the whole report (summary, questions, histogram, 500 players, days)", times);
    let mut times = Vec::new();
    for _ in 0..3 {
        let t = Instant::now();
        let response = server.client.get(server.url(&format!("/api/hostQuiz/insights/{QUIZ_ID}/export.xlsx"))).bearer_auth(&host).send().await.unwrap();
        assert!(response.status().is_success());
        let bytes = response.bytes().await.unwrap();
        assert!(bytes.len() > 1000);
        times.push(t.elapsed());
    }
    line("insights workbook (.xlsx, every player)", times);
    store.close().await;
}
