//! Migrations that reshape a read model carry its rows over (SQLite and PostgreSQL).

use quizroom_domain::attempt::ScoredAnswer;
use quizroom_domain::quiz::Letter;
use quizroom_eventstore::testing::TestDb;
use quizroom_eventstore::{EventStore, StoreOptions, backend_tests};
use sqlx::Row;
use sqlx::migrate::Migrator;

backend_tests! {
    scored_answers_move_into_the_attempt_row_in_order,
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
            ScoredAnswer { question_id: 11, answer: Some(Letter::B), correct: true },
            ScoredAnswer { question_id: 12, answer: None, correct: false },
            ScoredAnswer { question_id: 13, answer: Some(Letter::C), correct: false },
        ]
    );
    assert_eq!(feedback("a-open").await, None);
    let gone = sqlx::query("select count(*) from attempt_feedback").fetch_one(store.pool()).await;
    assert!(gone.is_err(), "the old table is dropped");
    store.close().await;
}
