//! Hardening of the audit reads (issue 26), on both backends: anyone's integrity check is served
//! from the incrementally verified head and verifies only what is new, the whole recomputation is
//! an auditor's, and proofs by non-auditors share one budget; refused reads are recorded where
//! auditors see them and counted; a host sees their own reads of their quiz, not the auditors'.

use quizroom_eventstore::backend_tests;
use quizroom_eventstore::testing::TestDb;
use serde_json::{Value, json};

use crate::helpers::{TestApp, catch_up, open, spawn_app};
use crate::hosting::host_quiz;

backend_tests! {
    the_integrity_check_verifies_only_what_is_new,
    refused_reads_are_recorded_and_counted,
    a_host_sees_their_own_reads_of_their_quiz_not_the_auditors,
    proofs_by_non_auditors_share_a_budget,
}

async fn grant_auditor(db: &TestDb, email: &str) {
    let store = open(&db.url).await;
    quizroom_api::audit::set_auditor(&store, email, true, "operator", chrono::Utc::now().timestamp_millis()).await.unwrap();
    store.close().await;
}

/// Projects and chains everything written so far.
async fn settle(db: &TestDb) {
    let store = open(&db.url).await;
    catch_up(&store).await;
    quizroom_eventstore::chain::chain_all(&store).await.unwrap();
    store.close().await;
}

async fn integrity(app: &TestApp, token: &str, query: &str) -> Value {
    let (status, body) = app.get_as(&format!("/api/audit/integrity{query}"), Some(token)).await;
    assert_eq!(status, 200, "{body}");
    body
}

fn int(v: &Value) -> i64 {
    v.as_i64().unwrap_or_else(|| panic!("not a number: {v}"))
}

async fn the_integrity_check_verifies_only_what_is_new(db: &TestDb) {
    let app = spawn_app(db).await;
    let (host, _) = app.verified_user("hedy@example.com").await;
    let (auditor, _) = app.verified_user("grace@example.com").await;
    host_quiz(&app, &host, &[]).await;
    settle(db).await;

    let first = integrity(&app, &host, "").await;
    assert_eq!((first["mode"].as_str(), &first["intact"]), (Some("incremental"), &Value::Bool(true)), "{first}");
    assert_eq!(int(&first["checked"]), int(&first["verified"]), "the first check of a server verifies the whole chain: {first}");
    assert!(int(&first["verified"]) >= 10, "{first}");

    // New events: the next check verifies those only.
    for n in 0..3 {
        app.verified_user(&format!("later{n}@example.com")).await;
    }
    settle(db).await;
    let second = integrity(&app, &host, "").await;
    let new = int(&second["verified"]) - int(&first["verified"]);
    assert!(new >= 3, "{second}");
    assert_eq!(int(&second["checked"]), new, "only the events chained since: {second}");
    assert!(int(&second["checked"]) < int(&first["checked"]), "{second}");

    // The whole recomputation is an auditor's.
    let (status, body) = app.get_as("/api/audit/integrity?full=true", Some(&host)).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("not_auditor")), "{body}");
    assert_eq!(app.get_as("/api/audit/integrity?full=maybe", Some(&host)).await.0, 400);
    grant_auditor(db, "grace@example.com").await;
    settle(db).await;
    let full = integrity(&app, &auditor, "?full=true").await;
    assert_eq!((full["mode"].as_str(), &full["intact"]), (Some("full"), &Value::Bool(true)), "{full}");
    assert_eq!(int(&full["checked"]), int(&full["verified"]));

    // An old event changed after the head verified it: the head does not look back, as documented;
    // the auditor's full check names it.
    let store = open(&db.url).await;
    let cast = if db.is_postgres() { "::jsonb" } else { "" };
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!(r#"update events set data = '{{"forged": true}}'{cast} where global_position = 2"#)))
        .execute(store.pool())
        .await
        .unwrap();
    store.close().await;
    assert_eq!(integrity(&app, &host, "").await["intact"], true);
    let full = integrity(&app, &auditor, "?full=true").await;
    assert_eq!((&full["intact"], full["broken"]["problem"].as_str(), int(&full["broken"]["position"])), (&Value::Bool(false), Some("changed"), 2), "{full}");
    app.stop().await.unwrap();
}

/// The audit entries (summary, event type, actor id) of `timeline`.
fn audits(timeline: &Value) -> Vec<(String, String, String)> {
    timeline["entries"]
        .as_array()
        .unwrap_or_else(|| panic!("no entries: {timeline}"))
        .iter()
        .filter(|e| e["kind"] == "audit")
        .map(|e| (e["summary"].as_str().unwrap().to_owned(), e["eventType"].as_str().unwrap().to_owned(), e["actor"]["id"].as_str().unwrap_or("-").to_owned()))
        .collect()
}

async fn refused_reads_are_recorded_and_counted(db: &TestDb) {
    let app = spawn_app(db).await;
    let (host, host_id) = app.verified_user("hedy@example.com").await;
    let (mallory, mallory_id) = app.verified_user("mallory@example.com").await;
    let (auditor, _) = app.verified_user("grace@example.com").await;
    let q = host_quiz(&app, &host, &[]).await["id"].as_i64().unwrap();
    grant_auditor(db, "grace@example.com").await;
    settle(db).await;

    for path in [format!("/api/audit/quizzes/{q}/timeline"), format!("/api/audit/people/{host_id}/timeline"), "/api/audit/leaderboard".to_owned()] {
        assert_eq!(app.get_as(&path, Some(&mallory)).await.0, 403, "{path}");
    }
    settle(db).await;
    // Auditors see who tried what, when and why: in the reader's history and the quiz's.
    let (status, history) = app.get_as(&format!("/api/audit/people/{mallory_id}/timeline?kind=audit&order=oldest"), Some(&auditor)).await;
    assert_eq!(status, 200, "{history}");
    let refused: Vec<(String, String)> = audits(&history).into_iter().map(|(summary, event, _)| (summary, event)).collect();
    let refusal = |s: &str| (s.to_owned(), "AuditRefused".to_owned());
    assert_eq!(
        refused,
        [
            refusal(&format!("Refused a look at quiz-{q} (timeline): not an auditor, nor the quiz's host")),
            refusal(&format!("Refused a look at user-{host_id} (timeline): not an auditor, nor that person")),
            refusal("Refused a look at leaderboard (standings): not an auditor"),
        ]
    );
    assert!(history["entries"][0]["at"].is_string());
    let (_, quiz) = app.get_as(&format!("/api/audit/quizzes/{q}/timeline?kind=audit"), Some(&auditor)).await;
    assert!(audits(&quiz).iter().any(|(_, event, actor)| event == "AuditRefused" && *actor == mallory_id), "{quiz}");

    // Refusals count against the reader's budget: a flood of them is cut off, and only what the
    // budget allowed was recorded.
    let mut limited = 0;
    for _ in 0..130 {
        if app.get_as(&format!("/api/audit/quizzes/{q}/timeline"), Some(&mallory)).await.0 == 429 {
            limited += 1;
        }
    }
    assert!(limited >= 10, "only {limited} of 130 refusals were limited");
    settle(db).await;
    let store = open(&db.url).await;
    let recorded: i64 =
        sqlx::query_scalar("select count(*) from events where stream_id = $1").bind(format!("audit-{mallory_id}")).fetch_one(store.pool()).await.unwrap();
    store.close().await;
    assert!(recorded <= 3 + 120, "{recorded} refusals recorded");
    app.stop().await.unwrap();
}

async fn a_host_sees_their_own_reads_of_their_quiz_not_the_auditors(db: &TestDb) {
    let app = spawn_app(db).await;
    let (host, host_id) = app.verified_user("hedy@example.com").await;
    let (auditor, auditor_id) = app.verified_user("grace@example.com").await;
    let q = host_quiz(&app, &host, &[]).await["id"].as_i64().unwrap();
    grant_auditor(db, "grace@example.com").await;
    settle(db).await;

    assert_eq!(app.get_as(&format!("/api/audit/quizzes/{q}/timeline"), Some(&auditor)).await.0, 200);
    assert_eq!(app.get_as(&format!("/api/audit/quizzes/{q}/standings"), Some(&auditor)).await.0, 200);
    assert_eq!(app.get_as(&format!("/api/audit/quizzes/{q}/timeline"), Some(&host)).await.0, 200);
    settle(db).await;

    let (status, seen) = app.get_as(&format!("/api/audit/quizzes/{q}/timeline?kind=audit"), Some(&host)).await;
    assert_eq!(status, 200, "{seen}");
    let actors: Vec<String> = audits(&seen).into_iter().map(|(_, _, actor)| actor).collect();
    assert!(!actors.is_empty() && actors.iter().all(|a| *a == host_id), "the host sees only their own reads: {seen}");
    let (_, everything) = app.get_as(&format!("/api/audit/quizzes/{q}/timeline?kind=audit,hosted"), Some(&host)).await;
    assert!(audits(&everything).iter().all(|(_, _, actor)| *actor == host_id), "{everything}");
    // The auditor's reads stay visible to auditors.
    let (_, audited) = app.get_as(&format!("/api/audit/quizzes/{q}/timeline?kind=audit"), Some(&auditor)).await;
    let actors: Vec<String> = audits(&audited).into_iter().map(|(_, _, actor)| actor).collect();
    assert!(actors.contains(&auditor_id) && actors.contains(&host_id), "{audited}");
    // Nor can the host open the auditor's read as a raw event.
    let position = audited["entries"].as_array().unwrap().iter().find(|e| e["actor"]["id"] == auditor_id.as_str()).unwrap()["position"].as_i64().unwrap();
    assert_eq!(app.get_as(&format!("/api/audit/events/{position}"), Some(&host)).await.0, 403);
    app.stop().await.unwrap();
}

async fn proofs_by_non_auditors_share_a_budget(db: &TestDb) {
    // Each proof recomputes the chain up to its digest: many accounts cannot make the server do
    // that without bound, and an auditor is not held back by them.
    let app = spawn_app(db).await;
    let (auditor, _) = app.verified_user("grace@example.com").await;
    grant_auditor(db, "grace@example.com").await;
    settle(db).await;
    let head = integrity(&app, &auditor, "").await["head"].clone();
    let proof = json!({ "position": head["position"], "digest": head["digest"] });
    for n in 0..10 {
        let (token, _) = app.verified_user(&format!("host{n}@example.com")).await;
        let (status, body) = app.post("/api/audit/integrity/proof", Some(&token), proof.clone()).await;
        assert_eq!((status, body["outcome"].as_str()), (200, Some("unchanged")), "proof {n}: {body}");
    }
    let (token, _) = app.verified_user("one-more@example.com").await;
    let response = app.client.post(app.url("/api/audit/integrity/proof")).bearer_auth(&token).json(&proof).send().await.unwrap();
    assert_eq!(response.status(), 429);
    assert!(response.headers().contains_key("retry-after"));
    let (status, body) = app.post("/api/audit/integrity/proof", Some(&auditor), proof).await;
    assert_eq!((status, body["outcome"].as_str()), (200, Some("unchanged")), "{body}");
    app.stop().await.unwrap();
}
