//! Insights and progress over HTTP, on both backends: a scripted set of attempts (one submitted by
//! the server at the deadline, a retake, an edit of the quiz between attempts) gives exactly the
//! expected figures; `replay` rebuilds the insights tables identical; only the host reads a quiz's
//! insights and only the player their progress; the workbook is read back and checked.

use std::sync::Arc;

use quizroom_api::clock::ShiftedClock;
use quizroom_api::startup::Services;
use quizroom_eventstore::backend_tests;
use quizroom_eventstore::testing::TestDb;
use serde_json::{Value, json};

use crate::helpers::{TestApp, answer_key, catch_up, dump, open, spawn_app_with};
use crate::hosting::{host_quiz, key_for};

backend_tests! {
    a_scripted_quiz_gives_exactly_the_expected_insights_and_progress,
}

async fn join_and_start(app: &TestApp, token: &str, quiz_id: i64, code: &str) -> String {
    let (status, body) = app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(token)).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = app.post("/api/attempt/start", Some(token), json!({ "categoryId": quiz_id })).await;
    assert_eq!(status, 200, "{body}");
    body["attemptId"].as_str().unwrap().to_owned()
}

async fn save(app: &TestApp, token: &str, attempt: &str, question: i64, letter: &str) {
    let saved = app
        .client
        .put(app.url(&format!("/api/attempt/{attempt}/answer")))
        .bearer_auth(token)
        .json(&json!({ "questionId": question, "answer": letter }))
        .send()
        .await
        .unwrap();
    assert_eq!(saved.status(), 200);
}

async fn submit(app: &TestApp, token: &str, quiz_id: i64, answers: &[(i64, &str)]) -> Value {
    let answers: Vec<Value> = answers.iter().map(|(id, letter)| json!({ "questionId": id, "status": letter })).collect();
    let (status, body) = app.post("/api/question/score", Some(token), json!({ "categoryId": quiz_id, "answers": answers })).await;
    assert_eq!(status, 200, "{body}");
    body
}

async fn settle(db: &TestDb) {
    let store = open(&db.url).await;
    catch_up(&store).await;
    store.close().await;
}

async fn a_scripted_quiz_gives_exactly_the_expected_insights_and_progress(db: &TestDb) {
    let clock = Arc::new(ShiftedClock::default());
    let app = spawn_app_with(db, |_| {}, Services { clock: clock.clone(), ..Default::default() }).await;
    let (host, _) = app.verified_user("hedy@example.com").await;
    let (ada, _) = app.verified_user("ada@example.com").await;
    let (alan, _) = app.verified_user("alan@example.com").await;
    let (grace, grace_id) = app.verified_user("grace@example.com").await;
    let quiz = host_quiz(&app, &host, &[]).await;
    let q = quiz["id"].as_i64().unwrap();
    let code = quiz["quizCode"].as_str().unwrap().to_owned();
    let ids: Vec<i64> = key_for(&app, &host, q).await.iter().map(|(id, _)| *id).collect();

    // Ada, all right on version 1 (keys B, C, B).
    join_and_start(&app, &ada, q, &code).await;
    assert_eq!(submit(&app, &ada, q, &[(ids[0], "B"), (ids[1], "C"), (ids[2], "B")]).await["score"], 3);
    // The host moves the first key to C.
    let (_, loaded) = app.get_as(&format!("/api/hostQuiz/quiz/{q}"), Some(&host)).await;
    let mut questions = loaded["questions"].as_array().unwrap().clone();
    questions[0]["answer"] = json!("5");
    let (status, _) = app.post("/api/question/update-category-questions", Some(&host), json!({ "categoryId": q, "questions": questions })).await;
    assert_eq!(status, 200);
    // Alan saves his answers as he goes, then submits them: two right.
    let attempt = join_and_start(&app, &alan, q, &code).await;
    for (id, letter) in [(ids[0], "C"), (ids[1], "A"), (ids[2], "B")] {
        save(&app, &alan, &attempt, id, letter).await;
    }
    assert_eq!(submit(&app, &alan, q, &[(ids[0], "C"), (ids[1], "A"), (ids[2], "B")]).await["score"], 2);
    // Grace saves one answer and the server submits at the deadline.
    let attempt = join_and_start(&app, &grace, q, &code).await;
    save(&app, &grace, &attempt, ids[1], "C").await;
    clock.advance(15 * 60_000 + 2_500);
    let feedback = format!("/api/attempt/feedback?userId={grace_id}&categoryId={q}");
    for _ in 0..200 {
        if app.get_as(&feedback, Some(&grace)).await.0 == 200 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    // Ada's retake, and her second go on version 2: the first key has moved, so two right.
    let ada_id = app.get_as("/api/auth/me", Some(&ada)).await.1["user"]["id"].as_str().unwrap().to_owned();
    let granted =
        app.client.delete(app.url("/api/leaderboard/deleteEntry")).bearer_auth(&host).json(&json!({ "userId": ada_id, "categoryId": q })).send().await.unwrap();
    assert_eq!(granted.status(), 200);
    join_and_start(&app, &ada, q, &code).await;
    assert_eq!(submit(&app, &ada, q, &[(ids[0], "A"), (ids[1], "C"), (ids[2], "B")]).await["score"], 2);
    settle(db).await;

    let (status, r) = app.get_as(&format!("/api/hostQuiz/insights/{q}"), Some(&host)).await;
    assert_eq!(status, 200, "{r}");
    assert_eq!(
        r["summary"],
        json!({ "participants": 3, "attemptsStarted": 4, "attemptsSubmitted": 4, "completionRate": 1.0, "averageScore": 66.7,
                "medianScore": 66.7, "averageTimeMs": r["summary"]["averageTimeMs"], "submittedByServer": 1 })
    );
    let figures: Vec<(i64, f64, i64, i64, Vec<i64>, String)> = r["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| {
            let counts = q["options"].as_array().unwrap().iter().map(|o| o["count"].as_i64().unwrap()).collect();
            (
                q["number"].as_i64().unwrap(),
                q["correctShare"].as_f64().unwrap(),
                q["seen"].as_i64().unwrap(),
                q["skipped"].as_i64().unwrap(),
                counts,
                q["key"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        figures,
        vec![
            (1, 0.5, 4, 1, vec![1, 1, 1, 0], "C".to_owned()),
            (2, 0.75, 4, 0, vec![1, 0, 3, 0], "C".to_owned()),
            (3, 0.75, 4, 1, vec![0, 3, 0, 0], "B".to_owned()),
        ],
        "hardest first, each answer as scored against the version served"
    );
    assert!(r["questions"].as_array().unwrap().iter().all(|q| q["medianTimeMs"].is_i64() && q["suspectKey"].is_null()), "{r:#}");
    let histogram: Vec<i64> = r["histogram"].as_array().unwrap().iter().map(|b| b["count"].as_i64().unwrap()).collect();
    assert_eq!(histogram, vec![0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1]);
    let players: Vec<(String, i64, String, bool)> = r["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (p["email"].as_str().unwrap().to_owned(), p["score"].as_i64().unwrap(), p["reason"].as_str().unwrap().to_owned(), p["retaken"].as_bool().unwrap())
        })
        .collect();
    assert_eq!(players[0], ("ada@example.com".to_owned(), 3, "player".to_owned(), true));
    assert_eq!(players[3], ("grace@example.com".to_owned(), 1, "timeout".to_owned(), false));
    assert_eq!(r["playersTotal"], 4);
    assert_eq!(r["days"].as_array().unwrap().iter().map(|d| d["attempts"].as_i64().unwrap()).sum::<i64>(), 4);

    // Only the host.
    let (other, _) = app.verified_user("mallory@example.com").await;
    for path in [format!("/api/hostQuiz/insights/{q}"), format!("/api/hostQuiz/insights/{q}/export.xlsx"), format!("/api/hostQuiz/insights/{q}/export.csv")] {
        assert_eq!(app.get_as(&path, Some(&other)).await.0, 403, "{path}");
        assert_eq!(app.get_as(&path, Some(&ada)).await.0, 403, "{path}");
        assert_eq!(app.get_as(&path, None).await.0, 401, "{path}");
    }
    assert_eq!(app.get_as("/api/hostQuiz/insights/999999", Some(&host)).await.0, 404);
    let (unverified, _) = app.sign_up("unverified@example.com").await;
    assert_eq!(app.get_as(&format!("/api/hostQuiz/insights/{q}"), Some(&unverified)).await.0, 403);
    assert_eq!(app.get_as("/api/play/progress", Some(&unverified)).await.0, 403);

    // The workbook, read back.
    let response = app.client.get(app.url(&format!("/api/hostQuiz/insights/{q}/export.xlsx"))).bearer_auth(&host).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-disposition"].to_str().unwrap().contains("Warm-up-insights.xlsx"));
    let bytes = response.bytes().await.unwrap().to_vec();
    let mut book: calamine::Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).unwrap();
    use calamine::{DataType, Reader};
    assert_eq!(book.sheet_names(), ["Summary", "Questions", "Players", "Scores", "Days", "Live games"]);
    let summary = book.worksheet_range("Summary").unwrap();
    assert_eq!(summary.get_value((1, 0)).map(|c| c.to_string()).as_deref(), Some("Participants"));
    assert_eq!(summary.get_value((1, 1)).and_then(|c| c.get_float()), Some(3.0));
    let sheet = book.worksheet_range("Questions").unwrap();
    assert_eq!(sheet.get_value((1, 2)).map(|c| c.to_string()).as_deref(), Some("C"), "the hardest question first, its key now");
    assert_eq!(sheet.get_value((1, 3)).and_then(|c| c.get_float()), Some(50.0));
    let players = book.worksheet_range("Players").unwrap();
    assert_eq!(players.height(), 5);
    let csv = app.client.get(app.url(&format!("/api/hostQuiz/insights/{q}/export.csv"))).bearer_auth(&host).send().await.unwrap().text().await.unwrap();
    assert!(csv.starts_with("Summary\nFigure,Value\nParticipants,3\n"), "{csv}");
    assert!(csv.contains("\nQuestions\n") && csv.contains("\nLive games\n"), "{csv}");

    // Ada's progress: the hosted quiz (second on its board) and a curated category played twice.
    let category = app.get_as("/api/categories", Some(&ada)).await.1[0]["id"].as_i64().unwrap();
    let key = answer_key(&db.url, category).await;
    for right in [true, false] {
        let (status, _) = app.post("/api/attempt/start", Some(&ada), json!({ "categoryId": category })).await;
        assert_eq!(status, 200);
        let answers: Vec<Value> =
            key.iter().map(|(id, l)| json!({ "questionId": id, "status": if right { l.as_str() } else if l == "A" { "B" } else { "A" } })).collect();
        let (status, body) = app.post("/api/question/score", Some(&ada), json!({ "categoryId": category, "answers": answers })).await;
        assert_eq!(status, 200, "{body}");
    }
    settle(db).await;
    let (status, p) = app.get_as("/api/play/progress", Some(&ada)).await;
    assert_eq!(status, 200, "{p}");
    let hosted = p["quizzes"].as_array().unwrap().iter().find(|x| x["quizId"] == q).unwrap();
    assert_eq!(
        (hosted["kind"].as_str(), hosted["attempts"].as_i64(), hosted["score"].as_i64(), hosted["rank"].as_i64(), hosted["players"].as_i64()),
        (Some("hosted"), Some(2), Some(2), Some(2), Some(3))
    );
    let c = &p["categories"][0];
    assert_eq!(
        (c["quizId"].as_i64(), c["first"].as_f64(), c["best"].as_f64(), c["latest"].as_f64(), c["accuracy"].as_f64()),
        (Some(category), Some(100.0), Some(100.0), Some(0.0), Some(0.5))
    );
    assert_eq!(c["trend"], json!([100.0, 0.0]));
    assert!(p["streak"]["current"].as_i64().unwrap() >= 1 && p["streak"]["daysPlayed"].as_i64().unwrap() >= 1, "{p}");
    // Someone else's progress is their own: nothing of Ada's.
    let (_, theirs) = app.get_as("/api/play/progress", Some(&other)).await;
    assert_eq!((theirs["quizzes"].as_array().map(Vec::len), theirs["streak"]["current"].as_i64()), (Some(0), Some(0)));
    app.stop().await.unwrap();

    // Replay rebuilds the insights tables identical.
    let store = open(&db.url).await;
    let tables = ["insight_start", "insight_submission", "insight_retake", "insight_save"];
    let mut live = Vec::new();
    // Sorted whole: `dump` orders by the first column only.
    let sorted = |mut rows: Vec<Vec<String>>| {
        rows.sort();
        rows
    };
    for t in tables {
        live.push(sorted(dump(store.pool(), t).await));
    }
    assert!(live.iter().all(|rows| !rows.is_empty()));
    quizroom_eventstore::replay(&store, &quizroom_projections::projectors()).await.unwrap();
    for (t, rows) in tables.iter().zip(live) {
        assert_eq!(sorted(dump(store.pool(), t).await), rows, "{t} differs after replay");
    }
}
