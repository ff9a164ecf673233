//! The `quizroom` binary: migrate, replay, events, and its messages for bad configuration.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

use quizroom_eventstore::{EventStore, ExpectedVersion, NewEvent, StoreOptions};
use serde_json::{Value, json};

use crate::helpers::{catch_up, dump, open, random_wallet_workload, read_model_tables, temp_dir};

fn quizroom(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_quizroom"));
    command.args(args).current_dir(dir).env_remove("DATABASE_URL").env_remove("QUIZROOM_DATA_DIR");
    command
}

fn run(dir: &Path, args: &[&str]) -> (bool, String, String) {
    let out = quizroom(dir, args).output().unwrap();
    (out.status.success(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[tokio::test]
async fn with_no_configuration_the_binary_keeps_its_log_in_sqlite_under_data_and_replays_it() {
    let dir = temp_dir();
    let (ok, out, err) = run(&dir, &["migrate"]);
    assert!(ok, "{err}");
    assert_eq!(out, "migrations applied (sqlite)\n");
    let file = dir.join("data/quizroom.db");
    assert!(file.is_file());

    let url = format!("sqlite://{}", file.display());
    let store = open(&url).await;
    random_wallet_workload(&store, 60, 2).await;
    catch_up(&store).await;
    let mut before = Vec::new();
    for table in read_model_tables() {
        before.push(dump(store.pool(), table).await);
    }
    let count = store.count().await.unwrap() as usize;
    store.close().await;

    let (ok, out, err) = run(&dir, &["replay"]);
    assert!(ok, "{err}");
    assert!(out.starts_with(&format!("replayed {count} events in ")) && out.ends_with(" events/s)\n"), "{out}");
    let store = EventStore::connect(&url, StoreOptions::default()).await.unwrap();
    for (table, rows) in read_model_tables().into_iter().zip(before) {
        assert_eq!(dump(store.pool(), table).await, rows, "{table}");
    }

    let (ok, out, _) = run(&dir, &["events"]);
    assert!(ok);
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), count);
    let first = &lines[0];
    assert_eq!(first["position"], 1);
    assert_eq!(first["version"], 1);
    assert!(first["stream_id"].as_str().unwrap().starts_with("wallet-"));
    assert!(first["recorded_at"].as_str().unwrap().ends_with('Z'));
    assert!(first["metadata"]["actor"].as_str().unwrap().starts_with("user-"));
    for key in ["event_id", "event_type", "schema_version", "data"] {
        assert!(first.get(key).is_some(), "{key} missing");
    }

    let stream = first["stream_id"].as_str().unwrap();
    let (_, out, _) = run(&dir, &["events", "--stream", stream]);
    let versions: Vec<i64> = out.lines().map(|l| serde_json::from_str::<Value>(l).unwrap()["version"].as_i64().unwrap()).collect();
    assert_eq!(versions, (1..=versions.len() as i64).collect::<Vec<_>>());

    let (_, out, _) = run(&dir, &["events", "--from", "10"]);
    assert_eq!(out.lines().count(), count - 9);
    std::fs::remove_dir_all(dir).unwrap();
}

#[tokio::test]
async fn events_follow_prints_events_committed_after_it_started() {
    let dir = temp_dir();
    let url = format!("sqlite://{}", dir.join("data/quizroom.db").display());
    assert!(run(&dir, &["migrate"]).0);
    let mut follower = quizroom(&dir, &["events", "--follow"]).stdout(Stdio::piped()).spawn().unwrap();
    let store = EventStore::connect(&url, StoreOptions::default()).await.unwrap();
    store.append("note-1", ExpectedVersion::NoStream, vec![NewEvent::new("Noted", json!({ "n": 1 }))]).await.unwrap();
    let stdout = follower.stdout.take().unwrap();
    let line = tokio::task::spawn_blocking(move || {
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        line
    });
    let line = tokio::time::timeout(std::time::Duration::from_secs(20), line).await.unwrap().unwrap();
    follower.kill().unwrap();
    follower.wait().unwrap();
    let event: Value = serde_json::from_str(&line).unwrap();
    assert_eq!((event["stream_id"].as_str(), event["data"].clone()), (Some("note-1"), json!({ "n": 1 })));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn an_unreachable_database_is_named_without_its_password_and_fails_the_start() {
    let dir = temp_dir();
    let out = quizroom(&dir, &["serve", "--addr", "127.0.0.1:0"]).env("DATABASE_URL", "postgres://quiz:s3cret@127.0.0.1:1/quizroom").output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("error: cannot open the database at postgres://quiz:***@127.0.0.1:1/quizroom: "), "{err}");
    assert!(err.contains("Connection refused"), "{err}");
    assert!(!err.contains("s3cret"), "{err}");
}

#[test]
fn an_unusable_data_directory_is_reported() {
    let dir = temp_dir();
    std::fs::write(dir.join("file"), "").unwrap();
    let (ok, _, err) = run(&dir, &["migrate", "--data-dir", "file/sub"]);
    assert!(!ok);
    assert!(err.starts_with("error: cannot create the data directory file/sub: "), "{err}");
}

#[tokio::test]
async fn replay_names_the_position_of_an_event_it_cannot_read_and_keeps_the_read_models() {
    let dir = temp_dir();
    assert!(run(&dir, &["migrate"]).0);
    let url = format!("sqlite://{}", dir.join("data/quizroom.db").display());
    let store = open(&url).await;
    random_wallet_workload(&store, 20, 1).await;
    let wallets = dump(store.pool(), "wallet").await;
    // A log written by some other program: no projection ran for this event.
    let bare = EventStore::connect(&url, StoreOptions::default()).await.unwrap();
    let stolen = bare.append("wallet-0", ExpectedVersion::Any, vec![NewEvent::new("TokensStolen", json!({ "amount": 1 }))]).await.unwrap();
    let position = stolen.events[0].position;
    let (ok, _, err) = run(&dir, &["replay"]);
    assert!(!ok);
    assert_eq!(
        err,
        format!(
            "error: replay failed; the read models were left as they were: projection wallet refused the events: \
             event at position {position} (TokensStolen): unknown event type TokensStolen\n"
        )
    );
    assert_eq!(dump(store.pool(), "wallet").await, wallets);
}

#[tokio::test]
async fn verify_names_the_first_break_and_proves_a_saved_digest_and_the_operator_grants_auditors() {
    let dir = temp_dir();
    assert!(run(&dir, &["migrate"]).0);
    let url = format!("sqlite://{}", dir.join("data/quizroom.db").display());
    let store = open(&url).await;
    random_wallet_workload(&store, 40, 2).await;
    let (kind, data) = quizroom_domain::DomainEvent::encode(&quizroom_domain::user::UserEvent::SignedUp {
        first_name: "Ada".into(),
        last_name: "Lovelace".into(),
        email: "ada@example.com".into(),
        institute_name: None,
        password_hash: "x".into(),
    });
    store.append(&format!("user-{}", uuid::Uuid::new_v4()), ExpectedVersion::NoStream, vec![NewEvent::new(kind, data)]).await.unwrap();
    store.close().await;

    let (ok, out, err) = run(&dir, &["verify"]);
    assert!(ok, "{err}");
    assert!(out.starts_with("verified up to position ") && out.contains(", digest "), "{out}");
    let saved = out.split(", digest ").nth(1).unwrap().split_whitespace().next().unwrap().to_owned();

    // The operator grants and revokes the auditor role; each is recorded and checked.
    let (ok, out, err) = run(&dir, &["auditor", "grant", "ADA@example.com"]);
    assert!(ok, "{err}");
    assert_eq!(out, "ADA@example.com is now an auditor\n");
    let (ok, _, err) = run(&dir, &["auditor", "grant", "ada@example.com"]);
    assert!(!ok && err.contains("already an auditor"), "{err}");
    assert!(run(&dir, &["auditor", "revoke", "ada@example.com"]).0);
    let (ok, _, err) = run(&dir, &["auditor", "grant", "nobody@example.com"]);
    assert!(!ok && err.contains("no account with the e-mail nobody@example.com"), "{err}");

    // Events added since leave the saved digest proven.
    let (ok, out, err) = run(&dir, &["verify", "--digest", &saved]);
    assert!(ok && out.starts_with("unchanged: the "), "{out}{err}");

    let store = open(&url).await;
    sqlx::query("update events set data = '{\"amount\": 1000}' where global_position = 3").execute(store.pool()).await.unwrap();
    store.close().await;
    let (ok, _, err) = run(&dir, &["verify"]);
    assert!(!ok, "a changed event must fail verification");
    assert!(err.contains("the log is broken: the event at position 3 was changed after it was chained"), "{err}");
    let (ok, _, err) = run(&dir, &["verify", "--digest", &saved]);
    assert!(!ok && err.contains("changed since the digest was saved"), "{err}");
    let (ok, _, err) = run(&dir, &["verify", "--digest", "nonsense"]);
    assert!(!ok && err.contains("--digest must be POSITION:HASH"), "{err}");
}

#[tokio::test]
async fn verify_names_events_deleted_with_their_links_exactly() {
    let dir = temp_dir();
    assert!(run(&dir, &["migrate"]).0);
    let url = format!("sqlite://{}", dir.join("data/quizroom.db").display());
    let store = open(&url).await;
    random_wallet_workload(&store, 40, 2).await;
    store.close().await;
    let (ok, out, err) = run(&dir, &["verify"]);
    assert!(ok, "{err}");
    let last: i64 = out.trim_start_matches("verified up to position ").split(',').next().unwrap().parse().unwrap();
    let delete =
        |positions: &str| format!("delete from event_chain where global_position in ({positions}); delete from events where global_position in ({positions})");

    // The last two events and their links: the chainer's checkpoint still says they were chained.
    let store = open(&url).await;
    sqlx::raw_sql(sqlx::AssertSqlSafe(delete(&format!("{}, {last}", last - 1)))).execute(store.pool()).await.unwrap();
    store.close().await;
    let (ok, out, err) = run(&dir, &["verify"]);
    assert!(!ok, "deleted last events must fail verification: {out}");
    assert!(out.starts_with(&format!("verified up to position {}, ", last - 2)), "{out}");
    assert!(err.contains(&format!("the log is broken: the events chained after position {}, up to position {last}, were deleted", last - 2)), "{err}");

    // One in the middle with its link: named at its own position, not the next one's.
    let store = open(&url).await;
    sqlx::raw_sql(sqlx::AssertSqlSafe(delete("7"))).execute(store.pool()).await.unwrap();
    store.close().await;
    let (ok, out, err) = run(&dir, &["verify"]);
    assert!(!ok && out.starts_with("verified up to position 6, "), "{out}");
    assert!(err.contains("the log is broken: the event at position 7 was deleted, and its link in the chain with it"), "{err}");
}
