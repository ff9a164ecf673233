//! Hosting over HTTP: uploading a quiz, joining by code, the one-attempt rule and retakes, the
//! host's own calls (and everyone else refused from them), audiences and expiry, tokens.

use std::sync::Arc;

use quizroom_api::clock::ShiftedClock;
use quizroom_api::startup::Services;
use quizroom_eventstore::backend_tests;
use quizroom_eventstore::testing::TestDb;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, spawn_app_with};

backend_tests! {
    a_host_creates_a_quiz_players_join_by_code_and_retakes_are_granted,
    tokens_are_spent_once_per_quiz_even_when_uploads_race,
}

pub(crate) const QUIZ_CSV: &str = "Question,Option A,Option B,Option C,Option D,Correct Option Letter,Explanation (Optional)\n\
What is 2 + 2?,3,4,5,6,b,Two and two make four.\n\
Which planet is largest?,Mars,Venus,Jupiter,Earth,C,\n\
\"Which word means \"\"fast\"\", in short?\",Slow,Quick,Late,Heavy,B,\"Quick, as in rapid.\"\n";

/// Creates a quiz from QUIZ_CSV with the given extra fields; returns the created quiz.
pub(crate) async fn host_quiz(app: &TestApp, token: &str, extra: &[(&str, &str)]) -> Value {
    let mut fields = vec![("title", "Warm-up"), ("timeLimit", "15"), ("validityOption", "24h")];
    fields.extend_from_slice(extra);
    let (status, body) = app.multipart("/api/hostQuiz/upload", token, &fields, Some(("quiz.csv", QUIZ_CSV.as_bytes().to_vec()))).await;
    assert_eq!(status, 201, "{body}");
    body["quiz"].clone()
}

/// The right letter of each question the player is served, read through the host's call.
pub(crate) async fn key_for(app: &TestApp, host_token: &str, category_id: i64) -> Vec<(i64, String)> {
    let (status, body) = app.get_as(&format!("/api/question/{category_id}/with-answers"), Some(host_token)).await;
    assert_eq!(status, 200, "{body}");
    body["questions"].as_array().unwrap().iter().map(|q| (q["id"].as_i64().unwrap(), q["correctLetter"].as_str().unwrap().to_owned())).collect()
}

async fn play(app: &TestApp, token: &str, category_id: i64, answers: &[(i64, String)]) -> (u16, Value) {
    let (status, started) = app.post("/api/attempt/start", Some(token), json!({ "categoryId": category_id })).await;
    if status != 200 {
        return (status, started);
    }
    let answers: Vec<Value> = answers.iter().map(|(id, letter)| json!({ "questionId": id, "status": letter })).collect();
    app.post("/api/question/score", Some(token), json!({ "categoryId": category_id, "answers": answers })).await
}

async fn delete(app: &TestApp, path: &str, token: &str, body: Value) -> (u16, Value) {
    let response = app.client.delete(app.url(path)).bearer_auth(token).json(&body).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn a_host_creates_a_quiz_players_join_by_code_and_retakes_are_granted(db: &TestDb) {
    let app = spawn_app(db).await;
    let (host, host_id) = app.verified_user("host@example.com").await;
    let (player, player_id) = app.verified_user("player@example.com").await;
    let (other, _) = app.verified_user("other@example.com").await;
    let before = app.balance(&host).await;

    let quiz = host_quiz(&app, &host, &[]).await;
    let id = quiz["id"].as_i64().unwrap();
    let code = quiz["quizCode"].as_str().unwrap();
    assert_eq!(quiz["questionCount"], 3);
    assert_eq!(quiz["timeLimit"], 15);
    assert_eq!(quiz["link"], format!("/host/attemptQuiz?code={code}"));
    assert!(code.len() == 6 && code.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()), "{code}");
    assert_eq!(app.balance(&host).await, before - 1);

    // Joining: the code in any case and with spaces.
    let typed = format!(" {} ", code.to_lowercase());
    let (status, check) = app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={typed}&email=player@example.com"), Some(&player)).await;
    assert_eq!(status, 200, "{check}");
    assert_eq!((check["quizDetails"]["id"].as_i64(), check["expired"].as_bool()), (Some(id), Some(false)));
    let (status, _) = app.get_as("/api/hostQuiz/checkQuiz?quizCode=ZZZZZZ", Some(&player)).await;
    assert_eq!(status, 404);

    // Questions are served without answers; the player plays once.
    let (status, served) = app.get_as(&format!("/api/question/{id}"), Some(&player)).await;
    assert_eq!(status, 200, "{served}");
    assert_eq!(served["time_limit"], 15);
    assert!(served["questions"].as_array().unwrap().iter().all(|q| q.get("answer").is_none() && q.get("explanation").is_none()));
    let key = key_for(&app, &host, id).await;
    assert_eq!(key.iter().map(|(_, l)| l.as_str()).collect::<Vec<_>>(), ["B", "C", "B"]);
    let (status, result) = play(&app, &player, id, &key).await;
    assert_eq!((status, result["score"].as_i64()), (200, Some(3)), "{result}");
    let (status, again) = app.post("/api/attempt/start", Some(&player), json!({ "categoryId": id })).await;
    assert_eq!((status, again["code"].as_str()), (409, Some("already_attempted")), "{again}");
    let (status, _) = app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(&player)).await;
    assert_eq!(status, 409);

    // Only the host lists, reads, edits, sees results of, exports or grants retakes.
    for path in [
        format!("/api/hostQuiz/quiz/{id}"),
        format!("/api/question/{id}/with-answers"),
        format!("/api/hostQuiz/results/{id}"),
        format!("/api/hostQuiz/results/{id}/export.csv"),
        format!("/api/attempt/feedback?userId={player_id}&categoryId={id}"),
    ] {
        let (status, body) = app.get_as(&path, Some(&other)).await;
        assert_eq!(status, 403, "{path}: {body}");
    }
    let (_, others) = app.get_as("/api/hostQuiz/myQuizzes", Some(&other)).await;
    assert_eq!(others["data"], json!([]));
    let (status, _) = app.get_as(&format!("/api/hostQuiz/myQuizzes?userId={host_id}"), Some(&other)).await;
    assert_eq!(status, 403);
    let edit =
        json!({ "categoryId": id, "questions": [{ "text": "Mine now?", "optionA": "a", "optionB": "b", "optionC": "c", "optionD": "d", "answer": "A" }] });
    let (status, _) = app.post("/api/question/update-category-questions", Some(&other), edit).await;
    assert_eq!(status, 403);
    let (status, _) = delete(&app, "/api/leaderboard/deleteEntry", &other, json!({ "userId": player_id, "categoryId": id })).await;
    assert_eq!(status, 403);

    // The host's views.
    let (status, mine) = app.get_as("/api/hostQuiz/myQuizzes", Some(&host)).await;
    assert_eq!(status, 200, "{mine}");
    let card = &mine["data"][0];
    assert_eq!((card["id"].as_i64(), card["participants"].as_i64(), card["status"].as_str()), (Some(id), Some(1), Some("active")));
    assert_eq!(card["audience_name"], "Open to all");
    let (status, loaded) = app.get_as(&format!("/api/hostQuiz/quiz/{id}"), Some(&host)).await;
    assert_eq!(status, 200, "{loaded}");
    assert_eq!(loaded["category"]["quizCode"], code);
    assert_eq!(loaded["questions"][0]["answer"], "4");
    assert_eq!(loaded["questions"][2]["text"], "Which word means \"fast\", in short?");
    let (status, results) = app.get_as(&format!("/api/hostQuiz/results/{id}"), Some(&host)).await;
    assert_eq!(status, 200, "{results}");
    assert_eq!((results["participants"].as_i64(), results["data"][0]["points"].as_i64()), (Some(1), Some(30)));
    assert_eq!(results["data"][0]["email"], "player@example.com");
    let csv = app.client.get(app.url(&format!("/api/hostQuiz/results/{id}/export.csv"))).bearer_auth(&host).send().await.unwrap();
    assert_eq!(csv.status(), 200);
    assert!(csv.headers()["content-disposition"].to_str().unwrap().starts_with("attachment"));
    let csv = csv.text().await.unwrap();
    assert!(csv.starts_with("Rank,First name,Last name,Email,Score,Total,Points"), "{csv}");
    assert!(csv.contains("1,Ada,Lovelace,player@example.com,3,3,30,"), "{csv}");
    let (status, feedback) = app.get_as(&format!("/api/attempt/feedback?userId={player_id}&categoryId={id}"), Some(&host)).await;
    assert_eq!((status, feedback.as_array().map(Vec::len)), (200, Some(3)));

    // An edit makes a new version; the past score stands.
    let mut questions = loaded["questions"].as_array().unwrap().clone();
    questions[0]["answer"] = json!("C");
    questions.push(json!({ "text": "New one?", "optionA": "w", "optionB": "x", "optionC": "y", "optionD": "z", "answer": "z", "explanation": "" }));
    let (status, updated) = app.post("/api/question/update-category-questions", Some(&host), json!({ "categoryId": id, "questions": questions })).await;
    assert_eq!((status, updated["message"].as_str()), (200, Some("Successfully updated questions!")), "{updated}");
    let new_key = key_for(&app, &host, id).await;
    assert_eq!(new_key.iter().map(|(_, l)| l.as_str()).collect::<Vec<_>>(), ["C", "C", "B", "D"]);
    assert_eq!(new_key[0].0, key[0].0, "an edited question keeps its id");
    let (_, results) = app.get_as(&format!("/api/hostQuiz/results/{id}"), Some(&host)).await;
    assert_eq!(results["data"][0]["points"], 30, "an edit does not change past scores");
    let (_, feedback) = app.get_as(&format!("/api/attempt/feedback?userId={player_id}&categoryId={id}"), Some(&host)).await;
    assert_eq!((feedback[0]["correctAnswer"].as_str(), feedback[0]["isCorrect"].as_bool()), (Some("B"), Some(true)));
    let bad = json!({ "categoryId": id, "questions": [{ "text": "", "optionA": "a", "optionB": "b", "optionC": "c", "optionD": "d", "answer": "A" }] });
    let (status, refused) = app.post("/api/question/update-category-questions", Some(&host), bad).await;
    assert_eq!((status, refused["error"].as_str()), (400, Some("Question 1 is missing one or more required fields")));

    // A retake: the entry leaves the results and the player plays again, on the new version.
    let (status, missing) = delete(&app, "/api/leaderboard/deleteEntry", &host, json!({ "categoryId": id })).await;
    assert_eq!((status, missing["error"].as_str()), (400, Some("Cannot perform action: Missing required user or category information.")));
    let (status, granted) = delete(&app, "/api/leaderboard/deleteEntry", &host, json!({ "userId": player_id, "categoryId": id })).await;
    assert_eq!(status, 200, "{granted}");
    let (_, results) = app.get_as(&format!("/api/hostQuiz/results/{id}"), Some(&host)).await;
    assert_eq!(results["participants"], 0);
    let (status, _) = app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(&player)).await;
    assert_eq!(status, 200);
    let (status, second) = play(&app, &player, id, &new_key).await;
    assert_eq!((status, second["score"].as_i64(), second["total"].as_i64()), (200, Some(4), Some(4)), "{second}");
    let (_, results) = app.get_as(&format!("/api/hostQuiz/results/{id}"), Some(&host)).await;
    assert_eq!((results["data"][0]["points"].as_i64(), results["data"][0]["attempts"].as_i64()), (Some(40), Some(2)));
    assert_eq!(app.balance(&host).await, before - 1, "playing and editing cost nothing");
    app.stop().await.unwrap();
}

async fn tokens_are_spent_once_per_quiz_even_when_uploads_race(db: &TestDb) {
    let app = spawn_app(db).await;
    let (host, _) = app.verified_user("racer@example.com").await;
    let tokens = app.balance(&host).await;
    assert!(tokens >= 1);
    const FIELDS: &[(&str, &str)] = &[("title", "Race"), ("validityOption", "48h")];
    let uploads = (0..tokens + 3).map(|_| app.multipart("/api/hostQuiz/upload", &host, FIELDS, Some(("quiz.csv", QUIZ_CSV.as_bytes().to_vec()))));
    let outcomes = futures::future::join_all(uploads).await;
    let created = outcomes.iter().filter(|(s, _)| *s == 201).count() as i64;
    let refused: Vec<&Value> = outcomes.iter().filter(|(s, _)| *s == 402).map(|(_, b)| b).collect();
    assert_eq!(created, tokens, "{outcomes:?}");
    assert_eq!(refused.len(), 3, "{outcomes:?}");
    assert_eq!(refused[0]["details"]["pricing"], "/pricing");
    assert!(refused[0]["error"].as_str().unwrap().contains("pricing page"));
    assert_eq!(app.balance(&host).await, 0);
    let (_, mine) = app.get_as("/api/hostQuiz/myQuizzes", Some(&host)).await;
    assert_eq!(mine["data"].as_array().unwrap().len() as i64, tokens);
    let codes: std::collections::HashSet<&str> = mine["data"].as_array().unwrap().iter().map(|q| q["quizCode"].as_str().unwrap()).collect();
    assert_eq!(codes.len() as i64, tokens, "every quiz has its own code");
    app.stop().await.unwrap();
}

#[tokio::test]
async fn listed_audiences_and_expiry_refuse_players_at_every_step() {
    let db = TestDb::sqlite();
    let clock = Arc::new(ShiftedClock::default());
    let app = spawn_app_with(&db, |_| {}, Services { clock: clock.clone(), ..Default::default() }).await;
    let (host, _) = app.verified_user("teacher@example.com").await;
    let (invited, _) = app.verified_user("invited@example.com").await;
    let (outsider, _) = app.verified_user("outsider@example.com").await;
    let fields = [("audienceType", "emails"), ("emails", " Invited@Example.com, second@example.com "), ("audienceName", "Class 7B")];
    let quiz = host_quiz(&app, &host, &fields).await;
    let id = quiz["id"].as_i64().unwrap();
    let code = quiz["quizCode"].as_str().unwrap().to_owned();
    assert_eq!(quiz["audience"]["name"], "Class 7B");
    let (_, lists) = app.get_as("/api/audience", Some(&host)).await;
    assert_eq!(lists[0]["name"], "Class 7B");
    assert_eq!(lists[0]["emails"], json!(["invited@example.com", "second@example.com"]));

    // The outsider is refused at joining, and by id the quiz is as missing as one that does not
    // exist: reading questions, starting and submitting (decision 0021).
    let (status, body) = app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(&outsider)).await;
    assert_eq!((status, body["error"].as_str()), (403, Some("This quiz is only open to invited participants.")));
    let missing = (404, json!({ "error": "No questions found for this category.", "code": "not_found" }));
    assert_eq!(app.get_as(&format!("/api/question/{id}"), Some(&outsider)).await, missing);
    let (status, _) = play(&app, &outsider, id, &[]).await;
    assert_eq!(status, 404);
    assert_eq!(app.post("/api/question/score", Some(&outsider), json!({ "categoryId": id, "answers": [] })).await, missing);

    // The invited player joins by the code, starts and saves one right answer; then the quiz
    // expires mid-attempt.
    let key = key_for(&app, &host, id).await;
    assert_eq!(app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(&invited)).await.0, 200);
    let (status, started) = app.post("/api/attempt/start", Some(&invited), json!({ "categoryId": id })).await;
    assert_eq!(status, 200, "{started}");
    let attempt_id = started["attemptId"].as_str().unwrap();
    let url = app.url(&format!("/api/attempt/{attempt_id}/answer"));
    let saved = app.client.put(&url).bearer_auth(&invited).json(&json!({ "questionId": key[0].0, "answer": key[0].1 })).send().await.unwrap();
    assert_eq!(saved.status(), 200);
    clock.advance(24 * 60 * 60 * 1000 + 5_000);

    let (status, body) = app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(&invited)).await;
    assert_eq!((status, body["expired"].as_bool()), (410, Some(true)), "{body}");
    assert_eq!(body["message"], "This quiz has expired and is no longer available.");
    let (status, _) = app.get_as(&format!("/api/question/{id}"), Some(&invited)).await;
    assert_eq!(status, 410);
    let (status, _) = app.post("/api/question/score", Some(&outsider), json!({ "categoryId": id, "answers": [] })).await;
    assert_eq!(status, 404);
    // The attempt's deadline was the expiry: only the answer saved before it counts.
    let all: Vec<Value> = key.iter().map(|(id, l)| json!({ "questionId": id, "status": l })).collect();
    let (status, result) = app.post("/api/question/score", Some(&invited), json!({ "categoryId": id, "answers": all })).await;
    assert_eq!((status, result["score"].as_i64()), (200, Some(1)), "{result}");
    let (_, mine) = app.get_as("/api/hostQuiz/myQuizzes", Some(&host)).await;
    assert_eq!(mine["data"][0]["status"], "completed");
    app.stop().await.unwrap();
}

#[tokio::test]
async fn uploads_are_checked_and_explained() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (host, _) = app.verified_user("checker@example.com").await;
    let csv = || Some(("quiz.csv", QUIZ_CSV.as_bytes().to_vec()));
    let upload = |fields: Vec<(&'static str, &'static str)>, file: Option<(&'static str, Vec<u8>)>| {
        let (app, host) = (&app, host.clone());
        async move { app.multipart("/api/hostQuiz/upload", &host, &fields, file).await }
    };

    let (status, body) = upload(vec![], csv()).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("Please provide a quiz title and upload a file")));
    let (status, body) = upload(vec![("title", "T")], None).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("Please provide a quiz title and upload a file")));
    // A date in the past breaks a rule no schema can express: 422; no date at all is invalid input.
    let (status, body) = upload(vec![("title", "T"), ("validityOption", "custom"), ("customDate", "2001-01-01")], csv()).await;
    assert_eq!((status, body["error"].as_str()), (422, Some("Please select a valid date for quiz expiry")));
    let (status, body) = upload(vec![("title", "T"), ("validityOption", "custom")], csv()).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("Please select a valid date for quiz expiry")));
    let (status, body) = upload(vec![("title", "T"), ("audienceType", "emails"), ("emails", " , ")], csv()).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("Please provide email addresses for quiz participants")));
    let (status, body) = upload(vec![("title", "T"), ("audienceType", "emails"), ("emails", "a@b.co, not-an-email")], csv()).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("Invalid email address: not-an-email")));
    let (status, body) = upload(vec![("title", "T"), ("audienceType", "list")], csv()).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("Please select an audience list")));
    let (status, _) = upload(vec![("title", "T"), ("audienceType", "list"), ("audienceListId", "someone-elses")], csv()).await;
    assert_eq!(status, 404);

    // Row errors: the preview lists them all, the upload refuses with the first.
    let broken = "Question,Option A,Option B,Option C,Option D,Correct Option Letter,Explanation (Optional)\n\
                  Good?,a,b,c,d,A,\n\
                  ,a,b,c,d,A,\n\
                  Bad letter?,a,b,c,d,E,\n";
    let (status, preview) = app.multipart("/api/hostQuiz/preview", &host, &[], Some(("rows.csv", broken.as_bytes().to_vec()))).await;
    assert_eq!(status, 200, "{preview}");
    assert_eq!(preview["questions"].as_array().unwrap().len(), 1);
    let rows: Vec<i64> = preview["errors"].as_array().unwrap().iter().map(|e| e["row"].as_i64().unwrap()).collect();
    assert_eq!(rows, [3, 4]);
    assert_eq!(preview["errors"][0]["message"], "Row 3 is missing one or more required fields");
    let (status, body) = upload(vec![("title", "T")], Some(("rows.csv", broken.as_bytes().to_vec()))).await;
    assert_eq!((status, body["code"].as_str()), (422, Some("sheet_errors")), "{body}");
    assert_eq!(body["error"], "Error with Excel file: Row 3 is missing one or more required fields");
    let header_only = "Question,Option A,Option B,Option C,Option D,Correct Option Letter,Explanation (Optional)\n";
    let (status, body) = upload(vec![("title", "T")], Some(("empty.csv", header_only.as_bytes().to_vec()))).await;
    assert_eq!((status, body["error"].as_str()), (422, Some("No questions found in the uploaded file. Please check the format and try again.")));
    let (status, body) = upload(vec![("title", "T")], Some(("photo.xlsx", b"\x89PNG\r\n\x1a\nnot a sheet".to_vec()))).await;
    assert_eq!(status, 415, "{body}");
    let (status, body) = upload(vec![("title", "T")], Some(("huge.csv", vec![b'a'; 10 * 1024 * 1024 + 1]))).await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(app.balance(&host).await, 5, "nothing refused cost a token");

    // The template is a real workbook that parses to its example question.
    let template = app.client.get(app.url("/api/hostQuiz/template.xlsx")).send().await.unwrap();
    assert_eq!(template.status(), 200);
    let bytes = template.bytes().await.unwrap().to_vec();
    let (status, preview) = app.multipart("/api/hostQuiz/preview", &host, &[], Some(("template.xlsx", bytes))).await;
    assert_eq!((status, preview["questions"].as_array().map(Vec::len)), (200, Some(1)), "{preview}");
    let csv_template = app.client.get(app.url("/api/hostQuiz/template.csv")).send().await.unwrap().text().await.unwrap();
    assert!(csv_template.starts_with("Question,Option A,Option B,Option C,Option D,Correct Option Letter,Explanation (Optional)"));
    app.stop().await.unwrap();
}

#[tokio::test]
async fn audience_lists_belong_to_their_owner() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (owner, _) = app.verified_user("owner@example.com").await;
    let (other, _) = app.verified_user("nosy@example.com").await;
    let (status, list) = app.post("/api/audience", Some(&owner), json!({ "name": "Team", "emails": "a@x.io, B@x.io, a@x.io" })).await;
    assert_eq!(status, 201, "{list}");
    assert_eq!((list["count"].as_i64(), list["emails"].clone()), (Some(2), json!(["a@x.io", "b@x.io"])));
    let id = list["id"].as_str().unwrap();
    let (status, body) = app.post("/api/audience", Some(&owner), json!({ "name": "", "emails": "a@x.io" })).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("Please provide a list name")));
    let (status, body) = app.post("/api/audience", Some(&owner), json!({ "name": "X", "emails": ["ok@x.io", "nope"] })).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("Invalid email address: nope")));

    let put = |token: &str, body: Value| app.client.put(app.url(&format!("/api/audience/{id}"))).bearer_auth(token.to_owned()).json(&body).send();
    assert_eq!(put(&other, json!({ "name": "Mine" })).await.unwrap().status(), 404);
    let renamed = put(&owner, json!({ "name": "Team A", "emails": ["c@x.io"] })).await.unwrap();
    assert_eq!(renamed.status(), 200);
    assert_eq!(renamed.json::<Value>().await.unwrap()["emails"], json!(["c@x.io"]));
    let (_, lists) = app.get_as("/api/audience", Some(&other)).await;
    assert_eq!(lists, json!([]));
    let (status, _) = delete(&app, &format!("/api/audience/{id}"), &other, json!({})).await;
    assert_eq!(status, 404);
    let (status, _) = delete(&app, &format!("/api/audience/{id}"), &owner, json!({})).await;
    assert_eq!(status, 200);
    let (_, lists) = app.get_as("/api/audience", Some(&owner)).await;
    assert_eq!(lists, json!([]));
    app.stop().await.unwrap();
}
