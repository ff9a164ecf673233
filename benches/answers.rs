//! The live answer writer alone, against a bare multi-row insert of the same rows (issue 28).
//!
//! The writer's group is what `LiveWriter` runs for each group of answers: a write transaction,
//! the stream-version checks as one set operation, the events as one insert, the live projection's
//! two statements, the commit. The baseline is the cheapest way to make the same rows durable: one
//! multi-row `insert … values (…), (…)` of the same columns into a plain table with no index, in a
//! write transaction of its own, through the same connections. Both run in the same process on the
//! same database, group after group in turns, so a slow moment of the machine falls on both.
//!
//!   cargo bench --bench answers                 # both backends
//!   QUIZROOM_BENCH_PLAYERS=4000 QUIZROOM_BENCH_ROUNDS=5 cargo bench --bench answers
//!
//! PostgreSQL comes from QUIZROOM_TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres);
//! it is skipped with a message when unreachable.

use std::time::{Duration, Instant};

use quizroom_domain::game::{GameEvent, GameQuestion, GameSettings, LiveGame, Scoring};
use quizroom_domain::player::{GamePlayer, PlayerEvent};
use quizroom_domain::question::Response;
use quizroom_domain::quiz::Letter;
use quizroom_domain::{DomainEvent, StreamId};
use quizroom_eventstore::testing::TestDb;
use quizroom_eventstore::{EventStore, ExpectedVersion, Metadata, NewEvent, StoreOptions};

fn event<E: DomainEvent>(e: &E) -> NewEvent {
    let (event_type, data) = e.encode();
    NewEvent::new(event_type, data).with_metadata(Metadata {
        actor: Some("player:bench".to_owned()),
        causation_id: Some("live_answer".to_owned()),
        ..Default::default()
    })
}

/// A game of `rounds` questions and `players` joined players; returns the players' stream ids.
async fn game(store: &EventStore, pin: usize, players: usize, rounds: usize) -> Vec<String> {
    let game_id = uuid::Uuid::new_v4().simple().to_string();
    let questions = (0..rounds)
        .map(|i| GameQuestion::four_options(i as i64 + 1, format!("Question {i}"), ["One".into(), "Two".into(), "Three".into(), "Four".into()], Letter::A, ""))
        .collect();
    let settings = GameSettings {
        seconds_per_question: 5,
        scoring: Scoring::Speed,
        streak_bonus: false,
        shuffle_questions: false,
        shuffle_options: false,
        require_sign_in: false,
        auto_advance: false,
    };
    let opened = GameEvent::GameOpened {
        host_id: "bench-host".into(),
        quiz_id: 1,
        quiz_version: 1,
        curated: false,
        title: "Bench".into(),
        questions,
        settings,
        pin: format!("{:06}", 100_000 + pin),
        join_key: String::new(),
        seed: 0,
        at: 0,
    };
    store.append(StreamId::<LiveGame>::new(&game_id).as_str(), ExpectedVersion::NoStream, vec![event(&opened)]).await.unwrap();
    let ids: Vec<String> = (0..players).map(|_| uuid::Uuid::new_v4().simple().to_string()).collect();
    for chunk in ids.chunks(500) {
        let mut tx = store.begin_write().await.unwrap();
        let joins = chunk
            .iter()
            .map(|id| {
                let joined = PlayerEvent::PlayerJoined { game_id: game_id.clone(), nickname: format!("p{id}"), user_id: None, device: None, at: 0 };
                (StreamId::<GamePlayer>::new(id).as_str().to_owned(), ExpectedVersion::NoStream, vec![event(&joined)])
            })
            .collect();
        store.append_batch_in(&mut tx, joins).await.unwrap();
        tx.commit().await.unwrap();
    }
    ids.iter().map(|id| StreamId::<GamePlayer>::new(id).as_str().to_owned()).collect()
}

fn answer(round: usize) -> NewEvent {
    event(&PlayerEvent::AnswerGiven {
        index: round,
        question_id: round as i64 + 1,
        response: Response::Choice(0),
        f: Some(1.0),
        correct: true,
        points: 900,
        streak: 1,
        elapsed_ms: 1200,
        at: 1,
    })
}

/// One group as the live writer writes it; its time.
async fn writer_group(store: &EventStore, streams: &[String], round: usize) -> Duration {
    let appends = streams.iter().map(|s| (s.clone(), round as i64 + 1, vec![answer(round)])).collect();
    let started = Instant::now();
    let mut tx = store.begin_write().await.unwrap();
    let appended = store.append_exact_in(&mut tx, appends).await.unwrap();
    tx.commit().await.unwrap();
    assert!(appended.iter().all(Option::is_some), "every stream was at its version");
    started.elapsed()
}

/// The same rows in one bare multi-row insert; its time.
async fn bare_group(store: &EventStore, streams: &[String], round: usize) -> Duration {
    let pg = store.backend() == quizroom_eventstore::Backend::Postgres;
    let row = |r: usize| {
        let p = |c: usize| if pg { format!("${}", r * 8 + c + 1) } else { "?".to_owned() };
        // PostgreSQL keeps the payloads as jsonb, as the log does.
        let json = if pg { "::jsonb" } else { "" };
        format!("({}, {}, {}, {}, {}, {}{json}, {}{json}, {})", p(0), p(1), p(2), p(3), p(4), p(5), p(6), p(7))
    };
    let values = (0..streams.len()).map(row).collect::<Vec<_>>().join(", ");
    let sql = format!("insert into bench_answers (stream_id, version, event_id, event_type, schema_version, data, metadata, recorded_at) values {values}");
    let rows: Vec<NewEvent> = streams.iter().map(|_| answer(round)).collect();
    let metadata = serde_json::to_string(&rows[0].metadata).unwrap();
    let started = Instant::now();
    let mut tx = store.begin_write().await.unwrap();
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for (stream, e) in streams.iter().zip(&rows) {
        query = query
            .bind(stream.as_str())
            .bind(round as i64 + 2)
            .bind(e.event_id.to_string())
            .bind(e.event_type.as_str())
            .bind(e.schema_version)
            .bind(e.data.to_string())
            .bind(metadata.as_str())
            .bind(1_i64);
    }
    query.execute(&mut *tx).await.unwrap();
    tx.commit().await.unwrap();
    started.elapsed()
}

async fn bench_backend(db: &TestDb, name: &str, players: usize, rounds: usize) {
    println!("\n## {name}: {players} players, {rounds} questions\n");
    println!("| group | writer: answers/s | per group p50 / p99 | bare insert: rows/s | per group p50 / p99 | writer / bare (time) |");
    println!("|---:|---:|---:|---:|---:|---:|");
    let options = StoreOptions { projections: quizroom_projections::transactional(), ..Default::default() };
    let store = EventStore::connect(&db.url, options).await.unwrap();
    let text = match store.backend() {
        quizroom_eventstore::Backend::Postgres => "jsonb",
        quizroom_eventstore::Backend::Sqlite => "text",
    };
    let table = format!(
        "create table if not exists bench_answers (stream_id text not null, version bigint not null, event_id text not null, event_type text not null, \
         schema_version bigint not null, data {text} not null, metadata {text} not null, recorded_at bigint not null)"
    );
    sqlx::raw_sql(sqlx::AssertSqlSafe(table)).execute(store.pool()).await.unwrap();
    for group in [100usize, 500, 1000] {
        let streams = game(&store, group, players, rounds).await;
        let (mut writer, mut bare) = (Vec::new(), Vec::new());
        for round in 0..rounds {
            for chunk in streams.chunks(group) {
                writer.push(writer_group(&store, chunk, round).await);
                bare.push(bare_group(&store, chunk, round).await);
            }
        }
        let total = |d: &[Duration]| d.iter().sum::<Duration>().as_secs_f64();
        let answers = (players * rounds) as f64;
        let (w, b) = (total(&writer), total(&bare));
        println!("| {group} | {:.0} | {} | {:.0} | {} | {:.2} |", answers / w, quantiles(&mut writer), answers / b, quantiles(&mut bare), w / b);
    }
    store.close().await;
}

fn quantiles(d: &mut [Duration]) -> String {
    d.sort_unstable();
    let at = |q: f64| d[((d.len() as f64 - 1.0) * q).round() as usize].as_secs_f64() * 1000.0;
    format!("{:.1} / {:.1} ms", at(0.5), at(0.99))
}

#[tokio::main]
async fn main() {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let number = |name: &str, default: usize| std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(default);
    let (players, rounds) = (number("QUIZROOM_BENCH_PLAYERS", 5000), number("QUIZROOM_BENCH_ROUNDS", 4));
    println!("# The live answer writer against a bare multi-row insert of the same rows");
    let sqlite = TestDb::sqlite();
    bench_backend(&sqlite, "SQLite (WAL, synchronous=full, one writer)", players, rounds).await;
    if let Some(pg) = TestDb::postgres().await {
        bench_backend(&pg, "PostgreSQL", players, rounds).await;
    }
}
