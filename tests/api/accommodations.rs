//! Accommodations on both backends (issue 15): the host grants players of a hosted quiz extra
//! time and read-aloud by e-mail; the server's deadline honours the extra time, the server submits
//! at the extended deadline, a player without it keeps the quiz's limit, and the results say what
//! applied. Only the host may grant them; bad input is refused and changes nothing.

use std::sync::Arc;
use std::time::Duration;

use quizroom_api::clock::ShiftedClock;
use quizroom_api::startup::Services;
use quizroom_eventstore::backend_tests;
use quizroom_eventstore::testing::TestDb;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, spawn_app_with};
use crate::hosting::{host_quiz, key_for};

backend_tests! {
    extra_time_moves_the_server_deadline_and_the_results_show_it,
}

const MINUTE: i64 = 60_000;

async fn put(app: &TestApp, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
    let mut request = app.client.put(app.url(path)).json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn join_and_start(app: &TestApp, token: &str, quiz_id: i64, code: &str) -> Value {
    let (status, body) = app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(token)).await;
    assert_eq!(status, 200, "{body}");
    let (status, attempt) = app.post("/api/attempt/start", Some(token), json!({ "categoryId": quiz_id })).await;
    assert_eq!(status, 200, "{attempt}");
    attempt
}

fn millis(text: &Value) -> i64 {
    chrono::DateTime::parse_from_rfc3339(text.as_str().unwrap()).unwrap().timestamp_millis()
}

async fn save(app: &TestApp, token: &str, attempt: &Value, question_id: i64, answer: &str) -> u16 {
    let path = format!("/api/attempt/{}/answer", attempt["attemptId"].as_str().unwrap());
    put(app, &path, Some(token), json!({ "questionId": question_id, "answer": answer })).await.0
}

/// Waits for the server's own submission of the player's attempt (the auto-submitter).
async fn submitted(app: &TestApp, token: &str, user_id: &str, quiz_id: i64) -> bool {
    let feedback = format!("/api/attempt/feedback?userId={user_id}&categoryId={quiz_id}");
    for _ in 0..100 {
        if app.get_as(&feedback, Some(token)).await.0 == 200 {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

async fn extra_time_moves_the_server_deadline_and_the_results_show_it(db: &TestDb) {
    let clock = Arc::new(ShiftedClock::default());
    let app = spawn_app_with(db, |_| {}, Services { clock: clock.clone(), ..Default::default() }).await;
    let (host, _) = app.verified_user("host@school.org").await;
    let (slow, slow_id) = app.verified_user("slow@school.org").await;
    let (usual, usual_id) = app.verified_user("usual@school.org").await;
    let (free, _) = app.verified_user("free@school.org").await;
    let quiz = host_quiz(&app, &host, &[]).await;
    let (quiz_id, code) = (quiz["id"].as_i64().unwrap(), quiz["quizCode"].as_str().unwrap().to_owned());
    let path = format!("/api/hostQuiz/quiz/{quiz_id}/accommodations");
    assert_eq!(app.get_as(&path, Some(&host)).await, (200, json!({ "accommodations": [] })));

    let granted = json!({ "accommodations": [
        { "email": " Slow@School.org ", "extraTime": "x2", "readAloud": true },
        { "email": "free@school.org", "extraTime": "unlimited" },
        { "email": "nobody@school.org", "extraTime": "none", "readAloud": false },
    ] });
    let expected = json!({ "accommodations": [
        { "email": "free@school.org", "extraTime": "unlimited", "readAloud": false },
        { "email": "slow@school.org", "extraTime": "x2", "readAloud": true },
    ] });
    assert_eq!(put(&app, &path, Some(&host), granted).await, (200, expected.clone()));
    assert_eq!(app.get_as(&path, Some(&host)).await, (200, expected));

    // The server fixes each deadline from the quiz's 15 minutes and the player's extra time.
    let slow_attempt = join_and_start(&app, &slow, quiz_id, &code).await;
    let usual_attempt = join_and_start(&app, &usual, quiz_id, &code).await;
    let free_attempt = join_and_start(&app, &free, quiz_id, &code).await;
    let span = |a: &Value| millis(&a["deadline"]) - millis(&a["startedAt"]);
    assert_eq!(span(&slow_attempt), 30 * MINUTE);
    assert_eq!(slow_attempt["accommodation"], json!({ "extraTime": "x2", "readAloud": true }));
    assert_eq!(span(&usual_attempt), 15 * MINUTE);
    assert_eq!(usual_attempt["accommodation"], json!({ "extraTime": "none", "readAloud": false }));
    // Unlimited: until the quiz expires (24 hours after it was hosted).
    assert!(span(&free_attempt) > 23 * 60 * MINUTE, "{free_attempt}");
    assert_eq!(free_attempt["accommodation"]["extraTime"], "unlimited");
    // Resuming keeps the deadline fixed at the start.
    let (_, resumed) = app.post("/api/attempt/start", Some(&slow), json!({ "categoryId": quiz_id })).await;
    assert_eq!((resumed["resumed"].as_bool(), &resumed["deadline"]), (Some(true), &slow_attempt["deadline"]));

    // Past the quiz's limit: the usual player is out of time, the player with extra time is not.
    let key = key_for(&app, &host, quiz_id).await;
    clock.advance(15 * MINUTE + 2_500);
    assert_eq!(save(&app, &usual, &usual_attempt, key[0].0, &key[0].1).await, 409, "no extra time without the accommodation");
    assert!(submitted(&app, &usual, &usual_id, quiz_id).await, "the server submitted the usual attempt at its deadline");
    assert_eq!(save(&app, &slow, &slow_attempt, key[0].0, &key[0].1).await, 200);
    assert!(!submitted(&app, &slow, &slow_id, quiz_id).await, "the attempt with extra time is still open");

    // Past the extended deadline the server submits what was saved.
    clock.advance(15 * MINUTE);
    assert_eq!(save(&app, &slow, &slow_attempt, key[1].0, &key[1].1).await, 409);
    assert!(submitted(&app, &slow, &slow_id, quiz_id).await, "the server submitted at the extended deadline");

    let (status, results) = app.get_as(&format!("/api/hostQuiz/results/{quiz_id}"), Some(&host)).await;
    assert_eq!(status, 200, "{results}");
    let slow_row = results["data"].as_array().unwrap().iter().find(|r| r["email"] == "slow@school.org").unwrap();
    assert_eq!((slow_row["points"].as_i64(), slow_row["reason"].as_str()), (Some(10), Some("timeout")));
    assert_eq!(slow_row["accommodation"], json!({ "extraTime": "x2", "readAloud": true }));
    let usual_row = results["data"].as_array().unwrap().iter().find(|r| r["email"] == "usual@school.org").unwrap();
    assert_eq!(usual_row["accommodation"], json!({ "extraTime": "none", "readAloud": false }));
    let csv = app.client.get(app.url(&format!("/api/hostQuiz/results/{quiz_id}/export.csv"))).bearer_auth(&host).send().await.unwrap().text().await.unwrap();
    assert!(csv.lines().next().unwrap().contains(",Accommodations,Question 1"), "{csv}");
    assert!(csv.lines().any(|l| l.contains("slow@school.org") && l.contains(",extra time \u{d7}2; read aloud,")), "{csv}");
    app.stop().await.unwrap();
}

#[tokio::test]
async fn only_the_host_grants_accommodations_and_bad_input_changes_nothing() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (host, _) = app.verified_user("host@school.org").await;
    let (other, _) = app.verified_user("other@school.org").await;
    let quiz = host_quiz(&app, &host, &[]).await;
    let quiz_id = quiz["id"].as_i64().unwrap();
    let path = format!("/api/hostQuiz/quiz/{quiz_id}/accommodations");
    let one = json!({ "accommodations": [{ "email": "a@school.org", "extraTime": "x1.5" }] });
    assert_eq!(put(&app, &path, Some(&host), one.clone()).await.0, 200);
    let kept = app.get_as(&path, Some(&host)).await;

    // Another host, no token, a curated category, a guessed quiz, a malformed id.
    assert_eq!(app.get_as(&path, Some(&other)).await.0, 403);
    assert_eq!(put(&app, &path, Some(&other), json!({ "accommodations": [] })).await.0, 403);
    assert_eq!(app.get_as(&path, None).await.0, 401);
    assert_eq!(put(&app, &path, None, one.clone()).await.0, 401);
    assert_eq!(app.get_as("/api/hostQuiz/quiz/1/accommodations", Some(&host)).await.0, 403, "a curated category has no host");
    assert_eq!(put(&app, "/api/hostQuiz/quiz/987654/accommodations", Some(&host), one.clone()).await.0, 404);
    assert_eq!(app.get_as("/api/hostQuiz/quiz/abc/accommodations", Some(&host)).await.0, 400);
    // An unverified account is refused before anything else.
    let (unverified, _) = app.sign_up("late@school.org").await;
    assert_eq!(app.get_as(&path, Some(&unverified)).await.0, 403);

    // Bad input: each refused with a clear message, and the accommodations stay as they were.
    let refusals = [
        (json!({ "accommodations": [{ "email": "not-an-address", "extraTime": "x2" }] }), 400, "Invalid email address: not-an-address"),
        (
            json!({ "accommodations": [{ "email": "a@school.org", "extraTime": "x2" }, { "email": "A@school.org", "readAloud": true }] }),
            422,
            "a@school.org is listed more than once",
        ),
    ];
    for (body, status_then, message) in refusals {
        let (status, refused) = put(&app, &path, Some(&host), body).await;
        assert_eq!((status, refused["error"].as_str()), (status_then, Some(message)), "{refused}");
    }
    for body in [
        json!({ "accommodations": [{ "email": "a@school.org", "extraTime": "x3" }] }),
        json!({ "accommodations": [{ "email": "a@school.org", "extraTime": "x2", "grantedBy": "host" }] }),
        json!({ "accommodations": "a@school.org" }),
        json!([]),
        json!({}),
    ] {
        let (status, refused) = put(&app, &path, Some(&host), body.clone()).await;
        assert!(status == 400 || status == 422, "{body} → {status} {refused}");
        assert!(refused["error"].is_string(), "{refused}");
    }
    let many: Vec<Value> = (0..2_001).map(|i| json!({ "email": format!("p{i}@school.org"), "readAloud": true })).collect();
    let (status, refused) = put(&app, &path, Some(&host), json!({ "accommodations": many })).await;
    assert_eq!((status, refused["error"].as_str()), (400, Some("A quiz holds accommodations for at most 2,000 players")));
    assert_eq!(app.get_as(&path, Some(&host)).await, kept);

    // Granted to an address only: someone else's account gains nothing from it.
    let (player, _) = app.verified_user("b@school.org").await;
    let (_, check) = app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={}", quiz["quizCode"].as_str().unwrap()), Some(&player)).await;
    assert!(check.is_object());
    let (_, attempt) = app.post("/api/attempt/start", Some(&player), json!({ "categoryId": quiz_id, "accommodation": { "extraTime": "unlimited" } })).await;
    assert_eq!(attempt["accommodation"], json!({ "extraTime": "none", "readAloud": false }), "{attempt}");
    app.stop().await.unwrap();
}

#[tokio::test]
async fn an_audience_list_carries_accommodations_to_every_quiz_open_to_it() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (host, _) = app.verified_user("host@school.org").await;
    let (other, _) = app.verified_user("other@school.org").await;
    let (ann, _) = app.verified_user("ann@school.org").await;
    let (bob, _) = app.verified_user("bob@school.org").await;
    let (status, list) = app.post("/api/audience", Some(&host), json!({ "name": "Class 7B", "emails": "ann@school.org, bob@school.org" })).await;
    assert_eq!(status, 201, "{list}");
    let path = format!("/api/audience/{}/accommodations", list["id"].as_str().unwrap());
    let both = json!({ "accommodations": [
        { "email": "ann@school.org", "extraTime": "x1.5" },
        { "email": "bob@school.org", "extraTime": "x2" },
    ] });
    let (status, set) = put(&app, &path, Some(&host), both).await;
    assert_eq!(status, 200, "{set}");
    assert_eq!(app.get_as(&path, Some(&host)).await, (200, set));

    // Only members, only the owner.
    let stranger = json!({ "accommodations": [{ "email": "zed@school.org", "readAloud": true }] });
    let (status, refused) = put(&app, &path, Some(&host), stranger.clone()).await;
    assert_eq!((status, refused["error"].as_str()), (422, Some("zed@school.org is not on this list")));
    assert_eq!(put(&app, &path, Some(&other), stranger).await.0, 404);
    assert_eq!(app.get_as(&path, Some(&other)).await.0, 404);
    assert_eq!(app.get_as("/api/audience/no-such-list/accommodations", Some(&host)).await.0, 404);

    // A quiz open to the list: the list's grant applies, unless the quiz grants the player its own.
    let fields = [("audienceType", "list"), ("audienceListId", list["id"].as_str().unwrap())];
    let quiz = host_quiz(&app, &host, &fields).await;
    let (quiz_id, code) = (quiz["id"].as_i64().unwrap(), quiz["quizCode"].as_str().unwrap().to_owned());
    let own = json!({ "accommodations": [{ "email": "bob@school.org", "readAloud": true }] });
    assert_eq!(put(&app, &format!("/api/hostQuiz/quiz/{quiz_id}/accommodations"), Some(&host), own).await.0, 200);
    let ann_attempt = join_and_start(&app, &ann, quiz_id, &code).await;
    assert_eq!(ann_attempt["accommodation"], json!({ "extraTime": "x1.5", "readAloud": false }));
    assert_eq!(millis(&ann_attempt["deadline"]) - millis(&ann_attempt["startedAt"]), 15 * MINUTE * 3 / 2);
    let bob_attempt = join_and_start(&app, &bob, quiz_id, &code).await;
    assert_eq!(bob_attempt["accommodation"], json!({ "extraTime": "none", "readAloud": true }));

    // A member who leaves the list leaves their accommodation behind.
    let (status, _) = put(&app, &format!("/api/audience/{}", list["id"].as_str().unwrap()), Some(&host), json!({ "emails": "bob@school.org" })).await;
    assert_eq!(status, 200);
    assert_eq!(app.get_as(&path, Some(&host)).await.1, json!({ "accommodations": [{ "email": "bob@school.org", "extraTime": "x2", "readAloud": false }] }));
    app.stop().await.unwrap();
}
