//! Migrations that reshape a read model carry its rows over (SQLite and PostgreSQL).

use quizroom_domain::attempt::ScoredAnswer;
use quizroom_domain::question::Response;
use quizroom_domain::quiz::Letter;
use quizroom_eventstore::testing::TestDb;
use quizroom_eventstore::{EventStore, StoreOptions, backend_tests};
use sqlx::Row;
use sqlx::migrate::Migrator;

backend_tests! {
    scored_answers_move_into_the_attempt_row_in_order,
    questions_and_saved_letters_become_definitions_and_responses,
}

/// The database as the migrations before `before` left it.
async fn migrated_up_to(url: &str, before: i64) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    let (url, all) = if url.starts_with("sqlite:") {
        (format!("{url}?mode=rwc"), sqlx::migrate!("./migrations/sqlite"))
    } else {
        (url.to_owned(), sqlx::migrate!("./migrations/postgres"))
    };
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    let earlier = Migrator { migrations: all.migrations.iter().filter(|m| m.version < before).cloned().collect(), ..all };
    earlier.run(&pool).await.unwrap();
    pool
}

async fn scored_answers_move_into_the_attempt_row_in_order(db: &TestDb) {
    let pool = migrated_up_to(&db.url, 6).await;
    for (id, status) in [("a-submitted", "submitted"), ("a-open", "open")] {
        sqlx::query(
            "insert into attempt (attempt_id, user_id, category_id, quiz_version, status, started_at, deadline) \
             values ($1, 'u', 1, 1, $2, 0, 1)",
        )
        .bind(id)
        .bind(status)
        .execute(&pool)
        .await
        .unwrap();
    }
    // Inserted out of order: the position decides.
    for (position, question_id, answer, correct) in [(1, 12, None, 0), (0, 11, Some("B"), 1), (2, 13, Some("C"), 0)] {
        sqlx::query("insert into attempt_feedback (attempt_id, position, question_id, answer, correct) values ('a-submitted', $1, $2, $3, $4)")
            .bind(position as i64)
            .bind(question_id as i64)
            .bind(answer)
            .bind(correct as i64)
            .execute(&pool)
            .await
            .unwrap();
    }
    pool.close().await;

    let store = EventStore::connect(&db.url, StoreOptions::default()).await.unwrap();
    let feedback = |id: &'static str| {
        let store = store.clone();
        async move {
            let row = sqlx::query("select feedback from attempt where attempt_id = $1").bind(id).fetch_one(store.pool()).await.unwrap();
            row.try_get::<Option<String>, _>(0).unwrap()
        }
    };
    let moved: Vec<ScoredAnswer> = serde_json::from_str(&feedback("a-submitted").await.expect("carried over")).unwrap();
    assert_eq!(
        moved,
        vec![
            ScoredAnswer { question_id: 11, response: Some(Response::Choice(Letter::B.index())), correct: true, f: Some(1.0) },
            ScoredAnswer { question_id: 12, response: None, correct: false, f: Some(0.0) },
            ScoredAnswer { question_id: 13, response: Some(Response::Choice(Letter::C.index())), correct: false, f: Some(0.0) },
        ]
    );
    assert_eq!(feedback("a-open").await, None);
    let gone = sqlx::query("select count(*) from attempt_feedback").fetch_one(store.pool()).await;
    assert!(gone.is_err(), "the old table is dropped");
    store.close().await;
}

/// Migration 0017 (question types): a question's four options and letter become its definition,
/// a single choice of four; a saved letter becomes the response choosing that option.
async fn questions_and_saved_letters_become_definitions_and_responses(db: &TestDb) {
    let pool = migrated_up_to(&db.url, 17).await;
    sqlx::query(
        "insert into question (category_id, quiz_version, question_id, position, text, option_a, option_b, option_c, option_d, answer, explanation) \
         values (1, 1, 11, 0, 'Which?', 'a', 'b', 'c', 'd', 'C', 'So.')",
    )
    .execute(&pool)
    .await
    .unwrap();
    for (question_id, answer) in [(11, Some("B")), (12, None), (13, Some("D"))] {
        sqlx::query("insert into attempt_answer (attempt_id, question_id, answer, marked) values ('a', $1, $2, 0)")
            .bind(question_id as i64)
            .bind(answer)
            .execute(&pool)
            .await
            .unwrap();
    }
    pool.close().await;

    let store = EventStore::connect(&db.url, StoreOptions::default()).await.unwrap();
    let questions = quizroom_projections::quiz::read::questions(store.pool(), 1, 1).await.unwrap();
    assert_eq!(questions.len(), 1);
    assert_eq!((questions[0].text.as_str(), questions[0].explanation.as_str()), ("Which?", "So."));
    assert_eq!(questions[0].kind.letters(), Some((["a".into(), "b".into(), "c".into(), "d".into()], Letter::C)));
    let saved = quizroom_projections::attempt::read::saved_answers(store.pool(), "a").await.unwrap();
    let responses: Vec<(i64, Option<Response>)> = saved.into_iter().map(|a| (a.question_id, a.response)).collect();
    assert_eq!(responses, vec![(11, Some(Response::Choice(1))), (12, None), (13, Some(Response::Choice(3)))]);
    store.close().await;
}
