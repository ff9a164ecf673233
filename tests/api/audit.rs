//! Auditing over HTTP, on both backends: a scripted history (hosting, an edit, three attempts of
//! which the server submits one at the deadline, a retake and the replay after it) read back as
//! the timeline, the attempt sheets and the standings before and after the retake; time travel
//! equal to the live read model and to a replay stopped at the same position; who may audit what;
//! audit reads recorded; floods refused; the chain verified through the API.

use std::sync::Arc;

use quizroom_api::clock::ShiftedClock;
use quizroom_api::startup::Services;
use quizroom_eventstore::testing::TestDb;
use quizroom_eventstore::{Cursor, backend_tests};
use serde_json::{Value, json};

use crate::helpers::{TestApp, catch_up, open, spawn_app, spawn_app_with};
use crate::hosting::{host_quiz, key_for};

backend_tests! {
    a_scripted_history_is_audited_exactly,
    time_travel_equals_the_live_results_and_a_replay_stopped_there,
}

struct Script {
    app: TestApp,
    quiz_id: i64,
    host: String,
    ids: [String; 4],
    tokens: [String; 4],
    /// The position of the retake.
    retake_at: i64,
}

async fn play(app: &TestApp, token: &str, quiz_id: i64, code: &str, answers: &[(i64, String)]) -> Value {
    let (status, body) = app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(token)).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = app.post("/api/attempt/start", Some(token), json!({ "categoryId": quiz_id })).await;
    assert_eq!(status, 200, "{body}");
    let answers: Vec<Value> = answers.iter().map(|(id, letter)| json!({ "questionId": id, "status": letter })).collect();
    let (status, body) = app.post("/api/question/score", Some(token), json!({ "categoryId": quiz_id, "answers": answers })).await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn settle(app: &TestApp, db: &TestDb) {
    let store = open(&db.url).await;
    catch_up(&store).await;
    quizroom_eventstore::chain::chain_all(&store).await.unwrap();
    store.close().await;
    let _ = app;
}

/// Host (Hedy), edit, Ada and Alan play, Grace is submitted by the server at the deadline, Ada
/// gets a retake and plays again (worse).
async fn script(db: &TestDb) -> Script {
    let clock = Arc::new(ShiftedClock::default());
    let app = spawn_app_with(db, |_| {}, Services { clock: clock.clone(), ..Default::default() }).await;
    let (host, host_id) = app.verified_user("hedy@example.com").await;
    let (ada, ada_id) = app.verified_user("ada@example.com").await;
    let (alan, alan_id) = app.verified_user("alan@example.com").await;
    let (grace, grace_id) = app.verified_user("grace@example.com").await;
    let quiz = host_quiz(&app, &host, &[]).await;
    let quiz_id = quiz["id"].as_i64().unwrap();
    let code = quiz["quizCode"].as_str().unwrap().to_owned();

    // The edit: the first question's answer becomes C.
    let (_, loaded) = app.get_as(&format!("/api/hostQuiz/quiz/{quiz_id}"), Some(&host)).await;
    let mut questions = loaded["questions"].as_array().unwrap().clone();
    questions[0]["answer"] = json!("5");
    let (status, body) = app.post("/api/question/update-category-questions", Some(&host), json!({ "categoryId": quiz_id, "questions": questions })).await;
    assert_eq!(status, 200, "{body}");
    let key = key_for(&app, &host, quiz_id).await;
    assert_eq!(key[0].1, "C");

    assert_eq!(play(&app, &ada, quiz_id, &code, &key).await["points"], 30);
    let mut two_right = key.clone();
    two_right[2].1 = "A".into();
    assert_eq!(play(&app, &alan, quiz_id, &code, &two_right).await["points"], 20);

    // Grace saves one answer and lets the time run out.
    let (status, _) = app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(&grace)).await;
    assert_eq!(status, 200);
    let (_, attempt) = app.post("/api/attempt/start", Some(&grace), json!({ "categoryId": quiz_id })).await;
    let attempt_id = attempt["attemptId"].as_str().unwrap().to_owned();
    let saved = app
        .client
        .put(app.url(&format!("/api/attempt/{attempt_id}/answer")))
        .bearer_auth(&grace)
        .json(&json!({ "questionId": key[1].0, "answer": key[1].1 }))
        .send()
        .await
        .unwrap();
    assert_eq!(saved.status(), 200);
    clock.advance(15 * 60_000 + 2_500);
    let feedback = format!("/api/attempt/feedback?userId={grace_id}&categoryId={quiz_id}");
    for _ in 0..200 {
        if app.get_as(&feedback, Some(&grace)).await.0 == 200 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(app.get_as(&feedback, Some(&grace)).await.0, 200, "the server submitted Grace's attempt");

    // Ada's retake, and her replay.
    let granted = app
        .client
        .delete(app.url("/api/leaderboard/deleteEntry"))
        .bearer_auth(&host)
        .json(&json!({ "userId": ada_id, "categoryId": quiz_id }))
        .send()
        .await
        .unwrap();
    assert_eq!(granted.status(), 200);
    settle(&app, db).await;
    let store = open(&db.url).await;
    let retake_at = store.read_all(Cursor::START, 100_000).await.unwrap().iter().rev().find(|e| e.event_type == "RetakeGranted").unwrap().position;
    store.close().await;
    let mut one_right = key.clone();
    one_right[1].1 = "A".into();
    one_right[2].1 = "A".into();
    assert_eq!(play(&app, &ada, quiz_id, &code, &one_right).await["points"], 10);
    settle(&app, db).await;
    Script { app, quiz_id, host: host_id, ids: [ada_id, alan_id, grace_id, String::new()], tokens: [ada, alan, grace, host], retake_at }
}

async fn grant_auditor(db: &TestDb, email: &str, grant: bool) {
    let store = open(&db.url).await;
    quizroom_api::audit::set_auditor(&store, email, grant, "operator", chrono::Utc::now().timestamp_millis()).await.unwrap();
    store.close().await;
}

fn summary(timeline: &Value) -> Vec<(String, String, String, String)> {
    timeline["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let name = |v: &Value| v["name"].as_str().unwrap_or("-").to_owned();
            (e["kind"].as_str().unwrap().to_owned(), e["eventType"].as_str().unwrap().to_owned(), name(&e["actor"]), name(&e["person"]))
        })
        .collect()
}

async fn a_scripted_history_is_audited_exactly(db: &TestDb) {
    let s = script(db).await;
    let app = &s.app;
    let (ada, alan, grace, host) = (&s.tokens[0], &s.tokens[1], &s.tokens[2], &s.tokens[3]);
    let q = s.quiz_id;

    // The host reads their own quiz's history, oldest first.
    let (status, timeline) = app.get_as(&format!("/api/audit/quizzes/{q}/timeline?order=oldest&limit=500"), Some(host)).await;
    assert_eq!(status, 200, "{timeline}");
    let e = |kind: &str, event: &str, actor: &str, person: &str| (kind.to_owned(), event.to_owned(), actor.to_owned(), person.to_owned());
    let got = summary(&timeline);
    let want = vec![
        e("hosted", "QuizHosted", "Ada Lovelace", "Ada Lovelace"),
        e("tokens", "TokensSpent", "Ada Lovelace", "Ada Lovelace"),
        e("edited", "QuestionsUpdated", "Ada Lovelace", "Ada Lovelace"),
        e("attempt", "JoinedByCode", "Ada Lovelace", "Ada Lovelace"),
        e("attempt", "AttemptStarted", "Ada Lovelace", "Ada Lovelace"),
        e("attempt", "AttemptSubmitted", "Ada Lovelace", "Ada Lovelace"),
        e("attempt", "JoinedByCode", "Ada Lovelace", "Ada Lovelace"),
        e("attempt", "AttemptStarted", "Ada Lovelace", "Ada Lovelace"),
        e("attempt", "AttemptSubmitted", "Ada Lovelace", "Ada Lovelace"),
        e("attempt", "JoinedByCode", "Ada Lovelace", "Ada Lovelace"),
        e("attempt", "AttemptStarted", "Ada Lovelace", "Ada Lovelace"),
        e("attempt", "AnswerRecorded", "Ada Lovelace", "Ada Lovelace"),
        e("attempt", "AttemptSubmitted", "server", "Ada Lovelace"),
        e("retake", "RetakeGranted", "Ada Lovelace", "Ada Lovelace"),
        e("attempt", "AttemptStarted", "Ada Lovelace", "Ada Lovelace"),
        e("attempt", "AttemptSubmitted", "Ada Lovelace", "Ada Lovelace"),
    ];
    assert_eq!(got, want, "{timeline:#}");
    let entries = timeline["entries"].as_array().unwrap();
    let persons: Vec<&str> = entries.iter().map(|e| e["person"]["id"].as_str().unwrap()).collect();
    let [ada_id, alan_id, grace_id, _] = &s.ids;
    assert_eq!(
        &persons[3..],
        [ada_id, ada_id, ada_id, alan_id, alan_id, alan_id, grace_id, grace_id, grace_id, grace_id, ada_id, ada_id, ada_id].map(String::as_str)
    );
    assert!(persons[..3].iter().all(|p| *p == s.host));
    assert!(entries.windows(2).all(|w| w[0]["position"].as_i64() < w[1]["position"].as_i64()));
    assert_eq!(entries[2]["changes"], json!([{ "questionId": entries[2]["changes"][0]["questionId"], "field": "answer", "before": "B", "after": "C" }]));
    assert_eq!(
        entries[12]["summary"],
        "Submitted by the server at the deadline: 1/3 right, 10 points; after the deadline, so only the answers saved in time counted"
    );
    assert!(entries[0]["summary"].as_str().unwrap().starts_with("Hosted \u{201c}Warm-up\u{201d}: 3 questions, 15 minutes, code "), "{}", entries[0]["summary"]);
    assert_eq!(timeline["total"].as_i64(), Some(16));

    // Newest first, page by page, and filtered to one player.
    let (_, first) = app.get_as(&format!("/api/audit/quizzes/{q}/timeline?limit=10"), Some(host)).await;
    assert_eq!(first["entries"][0]["eventType"], "AttemptSubmitted");
    let cursor = first["nextCursor"].as_i64().unwrap();
    let (_, second) = app.get_as(&format!("/api/audit/quizzes/{q}/timeline?limit=10&cursor={cursor}"), Some(host)).await;
    assert_eq!(second["entries"].as_array().unwrap().len(), 6);
    assert_eq!(second["nextCursor"], Value::Null);
    let (_, graces) = app.get_as(&format!("/api/audit/quizzes/{q}/timeline?order=oldest&person={grace_id}"), Some(host)).await;
    assert_eq!(summary(&graces).iter().map(|e| e.1.as_str()).collect::<Vec<_>>(), ["JoinedByCode", "AttemptStarted", "AnswerRecorded", "AttemptSubmitted"]);
    let (_, retakes) = app.get_as(&format!("/api/audit/quizzes/{q}/timeline?kind=retake,edited"), Some(host)).await;
    assert_eq!(summary(&retakes).iter().map(|e| e.1.as_str()).collect::<Vec<_>>(), ["RetakeGranted", "QuestionsUpdated"]);

    // Grace's sheet: what she was served, her one saved answer with its time, the server's submission.
    let grace_attempt = graces["entries"][1]["attemptId"].as_str().unwrap().to_owned();
    let (status, sheet) = app.get_as(&format!("/api/audit/attempts/{grace_attempt}"), Some(host)).await;
    assert_eq!(status, 200, "{sheet}");
    assert_eq!(
        (sheet["reason"].as_str(), sheet["score"].as_i64(), sheet["total"].as_i64(), sheet["quizVersion"].as_i64()),
        (Some("timeout"), Some(1), Some(3), Some(2))
    );
    let questions = sheet["questions"].as_array().unwrap();
    assert_eq!(questions.iter().map(|q| q["key"].as_str().unwrap()).collect::<Vec<_>>(), ["C", "C", "B"]);
    assert_eq!(questions[0]["options"], json!(["3", "4", "5", "6"]));
    assert_eq!((questions[1]["answer"].as_str(), questions[1]["correct"].as_bool(), questions[1]["changes"].as_i64()), (Some("C"), Some(true), Some(1)));
    assert!(questions[1]["answeredAt"].is_string());
    assert_eq!((questions[0]["answer"].clone(), questions[0]["correct"].as_bool()), (Value::Null, Some(false)));
    // Ada's first attempt shows the retake that superseded it.
    let adas: Vec<String> = entries
        .iter()
        .filter(|e| e["person"]["id"] == *ada_id && e["eventType"] == "AttemptStarted")
        .map(|e| e["attemptId"].as_str().unwrap().to_owned())
        .collect();
    let (_, first_sheet) = app.get_as(&format!("/api/audit/attempts/{}", adas[0]), Some(host)).await;
    assert_eq!((first_sheet["points"].as_i64(), first_sheet["retakeGrantedBy"]["id"].as_str()), (Some(30), Some(s.host.as_str())));

    // Standings before and after the retake.
    let standings = |at: String| async move { app.get_as(&format!("/api/audit/quizzes/{q}/standings{at}"), Some(host)).await };
    let (status, before) = standings(format!("?at={}", s.retake_at - 1)).await;
    assert_eq!(status, 200, "{before}");
    let rows = |v: &Value| -> Vec<(String, i64)> {
        v["standings"].as_array().unwrap().iter().map(|r| (r["userId"].as_str().unwrap().to_owned(), r["points"].as_i64().unwrap())).collect()
    };
    assert_eq!(rows(&before), vec![(ada_id.clone(), 30), (alan_id.clone(), 20), (grace_id.clone(), 10)]);
    let (_, after) = standings(format!("?since={}", s.retake_at - 1)).await;
    assert_eq!(rows(&after), vec![(alan_id.clone(), 20), (grace_id.clone(), 10), (ada_id.clone(), 10)]);
    let moves: Vec<(String, Option<i64>, Option<i64>)> = after["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["userId"].as_str().unwrap().to_owned(), m["rankBefore"].as_i64(), m["rankAfter"].as_i64()))
        .collect();
    assert_eq!(moves, vec![(alan_id.clone(), Some(2), Some(1)), (grace_id.clone(), Some(3), Some(2)), (ada_id.clone(), Some(1), Some(3))]);
    assert_eq!(summary(&json!({ "entries": after["changes"] })).iter().map(|e| e.1.as_str()).collect::<Vec<_>>(), ["RetakeGranted", "AttemptSubmitted"]);
    assert_eq!(after["standings"][2]["attempts"], 2);
    assert!(after["moments"].as_array().unwrap().len() >= 6);

    // Who may audit what.
    let (other, mallory_id) = app.verified_user("mallory@example.com").await;
    for path in [
        format!("/api/audit/quizzes/{q}/timeline"),
        format!("/api/audit/quizzes/{q}/standings"),
        format!("/api/audit/quizzes/{q}/export"),
        format!("/api/audit/attempts/{grace_attempt}"),
        format!("/api/audit/people/{grace_id}/timeline"),
        format!("/api/audit/events/{}", entries[12]["position"]),
        "/api/audit/leaderboard".to_owned(),
    ] {
        let (status, body) = app.get_as(&path, Some(&other)).await;
        assert_eq!((status, body["code"].as_str()), (403, Some("not_auditor")), "{path}: {body}");
    }
    // A player sees their own attempt and history, not another player's, nor the quiz's.
    assert_eq!(app.get_as(&format!("/api/audit/attempts/{grace_attempt}"), Some(grace)).await.0, 200);
    assert_eq!(app.get_as(&format!("/api/audit/attempts/{grace_attempt}"), Some(alan)).await.0, 403);
    assert_eq!(app.get_as(&format!("/api/audit/people/{grace_id}/timeline"), Some(grace)).await.0, 200);
    assert_eq!(app.get_as(&format!("/api/audit/people/{grace_id}/timeline"), Some(ada)).await.0, 403);
    assert_eq!(app.get_as(&format!("/api/audit/quizzes/{q}/timeline"), Some(grace)).await.0, 403);
    assert_eq!(app.get_as(&format!("/api/audit/events/{}", entries[12]["position"]), Some(grace)).await.0, 200);
    assert_eq!(app.get_as(&format!("/api/audit/events/{}", entries[12]["position"]), Some(alan)).await.0, 403);
    // No token, an unverified account, guessed ids.
    assert_eq!(app.get_as(&format!("/api/audit/quizzes/{q}/timeline"), None).await.0, 401);
    let (unverified, _) = app.sign_up("unverified@example.com").await;
    assert_eq!(app.get_as(&format!("/api/audit/quizzes/{q}/timeline"), Some(&unverified)).await.0, 403);
    assert_eq!(app.get_as("/api/audit/quizzes/999999/timeline", Some(host)).await.0, 404);
    assert_eq!(app.get_as("/api/audit/attempts/0192a0c4-0000-7000-8000-000000000042", Some(host)).await.0, 404);
    assert_eq!(app.get_as("/api/audit/attempts/..%2F..%2Fetc", Some(host)).await.0, 404);
    assert_eq!(app.get_as("/api/audit/events/99999999", Some(host)).await.0, 404);
    assert_eq!(app.get_as(&format!("/api/audit/quizzes/{q}/timeline?kind=bogus"), Some(host)).await.0, 400);
    assert_eq!(app.get_as(&format!("/api/audit/quizzes/{q}/timeline?limit=0"), Some(host)).await.0, 400);

    // An organisation-wide auditor reads everything, until revoked; every read is on record.
    assert_eq!(app.get_as("/api/audit/me", Some(&other)).await.1["auditor"], false);
    grant_auditor(db, "mallory@example.com", true).await;
    assert_eq!(app.get_as("/api/audit/me", Some(&other)).await.1["auditor"], true);
    let (status, mallorys) = app.get_as(&format!("/api/audit/quizzes/{q}/timeline"), Some(&other)).await;
    assert_eq!((status, mallorys["total"].as_i64()), (200, Some(16)), "{mallorys}");
    let (status, raw) = app.get_as(&format!("/api/audit/events/{}", entries[0]["position"]), Some(&other)).await;
    assert_eq!((status, raw["eventType"].as_str()), (200, Some("QuizHosted")), "{raw}");
    let (status, found) = app.get_as("/api/audit/search?q=grace", Some(&other)).await;
    assert_eq!((status, found["people"][0]["id"].as_str()), (200, Some(grace_id.as_str())), "{found}");
    let (status, board) = app.get_as("/api/audit/leaderboard", Some(&other)).await;
    assert_eq!(status, 200, "{board}");
    grant_auditor(db, "mallory@example.com", false).await;
    assert_eq!(app.get_as(&format!("/api/audit/quizzes/{q}/timeline"), Some(&other)).await.0, 403, "a revoked auditor is refused");
    settle(app, db).await;
    let (status, reads) = app.get_as(&format!("/api/audit/people/{mallory_id}/timeline?kind=audit,account&order=oldest"), Some(&other)).await;
    assert_eq!(status, 200, "{reads}");
    let read: Vec<String> = reads["entries"].as_array().unwrap().iter().map(|e| e["summary"].as_str().unwrap().to_owned()).collect();
    assert!(read.contains(&format!("Looked at quiz-{q} (timeline)")), "{read:?}");
    assert!(read.contains(&"Made an auditor by operator".to_owned()) && read.contains(&"Auditor role revoked by operator".to_owned()), "{read:?}");
    // The host sees their own reads of their quiz, not the auditor's (decision 0036).
    let (_, looked) = app.get_as(&format!("/api/audit/quizzes/{q}/timeline?kind=audit"), Some(host)).await;
    let actors: Vec<&str> = looked["entries"].as_array().unwrap().iter().map(|e| e["actor"]["id"].as_str().unwrap()).collect();
    assert!(!actors.is_empty() && actors.iter().all(|a| *a == s.host), "{looked}");

    // Exports, streamed.
    let response = app.client.get(app.url(&format!("/api/audit/quizzes/{q}/export"))).bearer_auth(host).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let total: usize = response.headers()["x-total-events"].to_str().unwrap().parse().unwrap();
    let lines: Vec<Value> = response.text().await.unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), total);
    assert_eq!(lines[12]["actor"], "server");
    assert!(lines.iter().all(|l| l["position"].is_i64() && l["causationId"].is_string()), "{:#}", lines[0]);
    let csv = app.client.get(app.url(&format!("/api/audit/people/{grace_id}/export?format=csv"))).bearer_auth(grace).send().await.unwrap();
    assert_eq!(csv.status(), 200);
    let csv = csv.text().await.unwrap();
    assert!(csv.starts_with("position,recorded_at,kind,event_type"), "{csv}");
    assert!(csv.contains("[redacted]") && !csv.contains("$argon2"), "secrets are masked: {csv}");

    // The chain, verified through the API.
    let (status, integrity) = app.get_as("/api/audit/integrity", Some(host)).await;
    assert_eq!(status, 200, "{integrity}");
    assert_eq!(integrity["intact"], true);
    let head = &integrity["head"];
    let (status, proof) = app.post("/api/audit/integrity/proof", Some(host), json!({ "position": head["position"], "digest": head["digest"] })).await;
    assert_eq!((status, proof["outcome"].as_str()), (200, Some("unchanged")), "{proof}");
    let (status, _) = app.post("/api/audit/integrity/proof", Some(host), json!({ "position": head["position"], "digest": "xyz" })).await;
    assert_eq!(status, 400);

    // A flood is refused.
    let mut refused = 0;
    for _ in 0..130 {
        if app.get_as(&format!("/api/audit/quizzes/{q}/timeline?limit=1"), Some(host)).await.0 == 429 {
            refused += 1;
        }
    }
    assert!(refused >= 10, "only {refused} of 130 refused");
    let retry = app.client.get(app.url(&format!("/api/audit/quizzes/{q}/timeline"))).bearer_auth(host).send().await.unwrap();
    assert_eq!(retry.status(), 429);
    assert!(retry.headers().contains_key("retry-after"));
    s.app.stop().await.unwrap();
}

async fn time_travel_equals_the_live_results_and_a_replay_stopped_there(db: &TestDb) {
    let s = script(db).await;
    let app = &s.app;
    let host = &s.tokens[3];
    let q = s.quiz_id;
    // At the head: the live read model.
    let (_, results) = app.get_as(&format!("/api/hostQuiz/results/{q}"), Some(host)).await;
    let live: Vec<(String, i64, i64)> = results["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["email"].as_str().unwrap().to_owned(), r["points"].as_i64().unwrap(), r["attempts"].as_i64().unwrap()))
        .collect();
    let (_, now) = app.get_as(&format!("/api/audit/quizzes/{q}/standings"), Some(host)).await;
    let emails = |id: &str| -> String {
        let i = s.ids.iter().position(|x| x == id).unwrap();
        ["ada@example.com", "alan@example.com", "grace@example.com"][i].to_owned()
    };
    let travelled: Vec<(String, i64, i64)> = now["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (emails(r["userId"].as_str().unwrap()), r["points"].as_i64().unwrap(), r["attempts"].as_i64().unwrap()))
        .collect();
    assert_eq!(travelled, live);
    s.app.stop().await.unwrap();

    // Before the retake: the results a replay of the log up to there builds.
    let at = s.retake_at - 1;
    let source = open(&db.url).await;
    let (status, then) = {
        let app = spawn_app(db).await;
        let got = app.get_as(&format!("/api/audit/quizzes/{q}/standings?at={at}"), Some(host)).await;
        app.stop().await.unwrap();
        got
    };
    assert_eq!(status, 200, "{then}");
    let copy = if db.is_postgres() { TestDb::postgres().await.unwrap() } else { TestDb::sqlite() };
    let target = open(&copy.url).await;
    copy_log_until(&source, &target, at, db.is_postgres()).await;
    quizroom_eventstore::replay(&target, &quizroom_projections::projectors()).await.unwrap();
    let replayed = quizroom_projections::attempt::read::results(target.pool(), q).await.unwrap();
    let replayed: Vec<(String, i64, i64)> = replayed.into_iter().map(|r| (r.user_id, r.points, r.attempts)).collect();
    let travelled: Vec<(String, i64, i64)> = then["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["userId"].as_str().unwrap().to_owned(), r["points"].as_i64().unwrap(), r["attempts"].as_i64().unwrap()))
        .collect();
    assert_eq!(travelled, replayed);
    assert_eq!(travelled.len(), 3);
}

/// Copies the log's events up to `until` (positions kept) into the empty store `target`.
async fn copy_log_until(source: &quizroom_eventstore::EventStore, target: &quizroom_eventstore::EventStore, until: i64, pg: bool) {
    let events = source.read_all(Cursor::START, 1_000_000).await.unwrap();
    let overriding = if pg { "overriding system value" } else { "" };
    let (id, json) = if pg { ("::uuid", "::jsonb") } else { ("", "") };
    for e in events.iter().filter(|e| e.position <= until) {
        sqlx::query(
            "insert into streams (stream_id, stream_type, version) values ($1, $2, $3) on conflict (stream_id) do update set version = excluded.version",
        )
        .bind(&e.stream_id)
        .bind(e.stream_type())
        .bind(e.version)
        .execute(target.pool())
        .await
        .unwrap();
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "insert into events (global_position, stream_id, version, event_id, event_type, schema_version, data, metadata, recorded_at) {overriding} \
             values ($1, $2, $3, $4{id}, $5, $6, $7{json}, $8{json}, $9)"
        )))
        .bind(e.position)
        .bind(&e.stream_id)
        .bind(e.version)
        .bind(e.event_id.to_string())
        .bind(&e.event_type)
        .bind(e.schema_version)
        .bind(e.data.to_string())
        .bind(serde_json::to_string(&e.metadata).unwrap())
        .bind(e.recorded_at)
        .execute(target.pool())
        .await
        .unwrap();
    }
}
