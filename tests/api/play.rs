//! Playing over HTTP: the catalogue, attempts with the server's clock, scoring, feedback,
//! leaderboards, and the cheats the server must refuse.

use std::sync::Arc;

use quizroom_api::clock::{ShiftedClock, SystemClock};
use quizroom_api::scoring::{Scorer, Submission};
use quizroom_api::startup::Services;
use quizroom_domain::attempt::{AttemptError, SubmitReason};
use quizroom_domain::question::Response;
use quizroom_domain::quiz::Letter;
use quizroom_eventstore::testing::TestDb;
use quizroom_eventstore::{Cursor, EventStore, StoreOptions, backend_tests};
use serde_json::{Value, json};

use crate::helpers::{TestApp, answer_key, open, spawn_app, spawn_app_with};

backend_tests! {
    the_catalogue_is_published_once_however_often_the_server_starts,
    a_quiz_is_scored_by_the_server_and_its_leaderboard_keeps_the_best,
    submissions_written_together_are_each_scored_as_if_alone,
}

fn wrong(letter: &str) -> &'static str {
    if letter == "A" { "B" } else { "A" }
}

async fn first_category(app: &TestApp, token: &str) -> (i64, i64) {
    let (status, categories) = app.get_as("/api/categories", Some(token)).await;
    assert_eq!(status, 200, "{categories}");
    let first = &categories[0];
    (first["id"].as_i64().unwrap(), first["timeLimit"].as_i64().unwrap())
}

async fn the_catalogue_is_published_once_however_often_the_server_starts(db: &TestDb) {
    let app = spawn_app(db).await;
    let (token, _) = app.verified_user("cat@example.com").await;
    let (status, categories) = app.get_as("/api/categories", Some(&token)).await;
    assert_eq!(status, 200);
    let categories = categories.as_array().unwrap().clone();
    assert!(categories.len() >= 24, "{} categories", categories.len());
    assert!(categories.iter().all(|c| c["questionCount"].as_i64().unwrap() >= 20));
    let names: Vec<&str> = categories.iter().map(|c| c["name"].as_str().unwrap()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    app.stop().await.unwrap();

    let store = EventStore::connect(&db.url, StoreOptions::default()).await.unwrap();
    let events = store.count().await.unwrap();
    let again = spawn_app(db).await;
    let (_, categories_again) = again.get_as("/api/categories", Some(&token)).await;
    assert_eq!(categories_again.as_array().unwrap(), &categories);
    assert_eq!(store.count().await.unwrap(), events, "an unchanged catalogue published again");
    again.stop().await.unwrap();
}

async fn a_quiz_is_scored_by_the_server_and_its_leaderboard_keeps_the_best(db: &TestDb) {
    let app = spawn_app(db).await;
    let (token, user_id) = app.verified_user("player@example.com").await;
    let (category_id, time_limit) = first_category(&app, &token).await;
    let key = answer_key(&db.url, category_id).await;

    let (status, attempt) = app.post("/api/attempt/start", Some(&token), json!({ "categoryId": category_id })).await;
    assert_eq!(status, 200, "{attempt}");
    assert_eq!(attempt["resumed"], false);
    assert_eq!(attempt["timeLimit"], time_limit);
    let remaining = attempt["remainingMs"].as_i64().unwrap();
    assert!(remaining > time_limit * 60_000 - 5_000 && remaining <= time_limit * 60_000, "{remaining}");
    let attempt_id = attempt["attemptId"].as_str().unwrap().to_owned();

    // Questions come without answers or explanations.
    let (status, served) = app.get_as(&format!("/api/question/{category_id}"), Some(&token)).await;
    assert_eq!(status, 200);
    assert_eq!(served["time_limit"], time_limit);
    let questions = served["questions"].as_array().unwrap();
    assert_eq!(questions.len(), key.len());
    for q in questions {
        let mut fields: Vec<&str> = q.as_object().unwrap().keys().map(String::as_str).collect();
        fields.sort();
        assert_eq!(fields, ["id", "optionA", "optionB", "optionC", "optionD", "text"]);
    }

    // Answers are saved as they are chosen; three right, one wrong, one marked for review.
    let save = |question_id: i64, answer: &str, marked: bool| json!({ "questionId": question_id, "answer": answer, "marked": marked });
    for (i, (question_id, right)) in key.iter().take(5).enumerate() {
        let answer = if i == 3 { wrong(right) } else { right.as_str() };
        let response = app
            .client
            .put(app.url(&format!("/api/attempt/{attempt_id}/answer")))
            .bearer_auth(&token)
            .json(&save(*question_id, answer, i == 4))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
    }
    // A restarted server loses nothing acknowledged: the attempt resumes with its answers and clock.
    app.stop().await.unwrap();
    let app = spawn_app(db).await;
    let (_, resumed) = app.post("/api/attempt/start", Some(&token), json!({ "categoryId": category_id })).await;
    assert_eq!(resumed["attemptId"], attempt_id.as_str());
    assert_eq!(resumed["resumed"], true);
    assert_eq!(resumed["deadline"], attempt["deadline"]);
    assert_eq!(resumed["answers"].as_array().unwrap().len(), 5);
    assert_eq!(resumed["answers"][4]["marked"], true);

    // Submitted: the marked question counts as incomplete whatever its letter.
    let mut answers: Vec<Value> = key
        .iter()
        .take(5)
        .enumerate()
        .map(|(i, (id, right))| {
            let status = match i {
                3 => wrong(right).to_owned(),
                4 => "incomplete".to_owned(),
                _ => right.clone(),
            };
            json!({ "questionId": id, "status": status })
        })
        .collect();
    answers.extend(key.iter().skip(5).map(|(id, _)| json!({ "questionId": id, "status": "incomplete" })));
    let (status, result) = app.post("/api/question/score", Some(&token), json!({ "userId": user_id, "categoryId": category_id, "answers": answers })).await;
    assert_eq!(status, 200, "{result}");
    assert_eq!(result["score"], 3);
    assert_eq!(result["points"], 30);
    assert_eq!(result["total"], key.len() as i64);
    assert_eq!(result["message"], "Keep learning! You'll do better next time.");
    let feedback = result["feedback"].as_array().unwrap();
    assert_eq!(feedback.len(), key.len());
    assert_eq!(feedback[0]["isCorrect"], true);
    assert_eq!(feedback[0]["correctAnswer"], key[0].1.as_str());
    assert_eq!(feedback[3]["isCorrect"], false);
    assert_eq!(feedback[3]["userAnswer"], wrong(&key[3].1));
    assert_eq!(feedback[4]["userAnswer"], Value::Null);
    assert!(!feedback[0]["explanation"].as_str().unwrap().is_empty());
    let (_, later) = app.get_as(&format!("/api/attempt/feedback?userId={user_id}&categoryId={category_id}"), Some(&token)).await;
    assert_eq!(later.as_array().unwrap(), feedback);

    // Submitting again counts once: the same result, nothing new.
    let everything_right: Vec<Value> = key.iter().map(|(id, right)| json!({ "questionId": id, "status": right })).collect();
    let (_, twice) = app.post("/api/question/score", Some(&token), json!({ "categoryId": category_id, "answers": everything_right })).await;
    assert_eq!(twice["points"], 30);
    assert_eq!(twice["attemptId"], result["attemptId"]);

    let (_, board) = app.get_json(&format!("/api/leaderboard/category?category_id={category_id}")).await;
    assert_eq!(board, json!([{ "userId": user_id, "firstName": "Ada", "lastName": "Lovelace", "points": 30 }]));

    assert_eq!(result["practice"], false);

    // A curated category can be played again, as practice: the first completed attempt is the
    // one that counts, so reading the feedback and replaying buys no place (decision 0021).
    let (_, second) = app.post("/api/attempt/start", Some(&token), json!({ "categoryId": category_id })).await;
    assert_eq!(second["resumed"], false);
    assert_ne!(second["attemptId"], attempt_id.as_str());
    let one_right = vec![json!({ "questionId": key[0].0, "status": key[0].1 })];
    let (_, worse) = app.post("/api/question/score", Some(&token), json!({ "categoryId": category_id, "answers": one_right })).await;
    assert_eq!((worse["points"].clone(), worse["practice"].clone()), (json!(10), json!(true)));
    let (_, board) = app.get_json(&format!("/api/leaderboard/category?category_id={category_id}")).await;
    assert_eq!(board[0]["points"], 30);
    let (_, third) = app.post("/api/attempt/start", Some(&token), json!({ "categoryId": category_id })).await;
    let (_, better) = app.post("/api/question/score", Some(&token), json!({ "categoryId": category_id, "answers": everything_right })).await;
    assert_eq!(better["points"], key.len() as i64 * 10, "{third}");
    assert_eq!(better["practice"], true);
    assert_eq!(better["message"], "Excellent work! You've mastered this quiz.");
    let (_, board) = app.get_json(&format!("/api/leaderboard/category?category_id={category_id}")).await;
    assert_eq!(board[0]["points"], 30);
    let (_, global) = app.get_json("/api/leaderboard").await;
    assert_eq!(global[0]["points"], 30);
    assert_eq!(global[0]["userId"], user_id.as_str());
    app.stop().await.unwrap();
}

/// `right` answers right, the rest wrong.
fn answers_with(key: &[(i64, String)], right: usize) -> Vec<(i64, Option<Response>)> {
    let choice = |letter: &str| Some(Response::Choice(Letter::parse(letter).unwrap().index()));
    key.iter().enumerate().map(|(i, (id, letter))| (*id, choice(if i < right { letter } else { wrong(letter) }))).collect()
}

async fn submissions_written_together_are_each_scored_as_if_alone(db: &TestDb) {
    let app = spawn_app(db).await;
    let mut players = Vec::new();
    for i in 0..5 {
        players.push(app.verified_user(&format!("group{i}@example.com")).await);
    }
    let (category_id, _) = first_category(&app, &players[0].0).await;
    let key = answer_key(&db.url, category_id).await;
    let mut attempts = Vec::new();
    for (token, _) in &players {
        let (status, attempt) = app.post("/api/attempt/start", Some(token), json!({ "categoryId": category_id })).await;
        assert_eq!(status, 200, "{attempt}");
        attempts.push(attempt["attemptId"].as_str().unwrap().to_owned());
    }

    // One group: player i gets i right; player 0 twice; an attempt that does not exist.
    let store = open(&db.url).await;
    let scorer = Scorer { store: store.clone(), quizzes: Default::default(), clock: Arc::new(SystemClock) };
    let submission =
        |attempt_id: &str, right: usize| Submission { attempt_id: attempt_id.to_owned(), answers: answers_with(&key, right), reason: SubmitReason::Player };
    let mut group: Vec<Submission> = attempts.iter().enumerate().map(|(i, id)| submission(id, i)).collect();
    group.insert(2, submission(&attempts[0], key.len()));
    group.push(submission(&uuid::Uuid::new_v4().to_string(), 1));
    let outcomes = scorer.submit_all(group).await;
    let scores: Vec<Result<i64, AttemptError>> = outcomes.into_iter().map(|o| o.expect("no store error").map(|(submitted, _)| submitted.score)).collect();
    assert_eq!(scores, vec![Ok(0), Ok(1), Err(AttemptError::AlreadySubmitted), Ok(2), Ok(3), Ok(4), Err(AttemptError::NotStarted)]);

    // The five submissions went in one transaction.
    quizroom_eventstore::testing::settled(&store).await;
    let submitted: Vec<_> = store.read_all(Cursor::START, 100_000).await.unwrap().into_iter().filter(|e| e.event_type == "AttemptSubmitted").collect();
    assert_eq!(submitted.len(), 5);
    assert!(submitted.windows(2).all(|w| w[0].tx_id == w[1].tx_id && w[1].position == w[0].position + 1), "{submitted:?}");

    // Read models as if each had been alone: results, feedback, the leaderboard.
    let (_, board) = app.get_json(&format!("/api/leaderboard/category?category_id={category_id}")).await;
    let points: Vec<i64> = board.as_array().unwrap().iter().map(|row| row["points"].as_i64().unwrap()).collect();
    assert_eq!(points, vec![40, 30, 20, 10, 0]);
    let (token, user_id) = &players[3];
    let (status, feedback) = app.get_as(&format!("/api/attempt/feedback?userId={user_id}&categoryId={category_id}"), Some(token)).await;
    assert_eq!(status, 200, "{feedback}");
    let correct: Vec<bool> = feedback.as_array().unwrap().iter().map(|f| f["isCorrect"].as_bool().unwrap()).collect();
    assert_eq!(correct, (0..key.len()).map(|i| i < 3).collect::<Vec<_>>());

    // Through HTTP at once (the server's queue groups what arrives together): each gets its own.
    let mut replays = Vec::new();
    for (token, _) in &players {
        let (status, attempt) = app.post("/api/attempt/start", Some(token), json!({ "categoryId": category_id })).await;
        assert_eq!((status, attempt["resumed"].clone()), (200, json!(false)), "{attempt}");
    }
    let app_ref = &app;
    for (i, (token, _)) in players.iter().enumerate() {
        let answers: Vec<Value> =
            answers_with(&key, i + 1).iter().map(|(id, l)| json!({ "questionId": id, "status": l.as_ref().unwrap().letter().unwrap().as_str() })).collect();
        let body = json!({ "categoryId": category_id, "answers": answers });
        replays.push(async move { app_ref.post("/api/question/score", Some(token), body).await });
    }
    let results = futures::future::join_all(replays).await;
    for (i, (status, result)) in results.iter().enumerate() {
        assert_eq!(*status, 200, "{result}");
        assert_eq!(result["score"], i as i64 + 1);
        assert_eq!(result["feedback"].as_array().unwrap().len(), key.len());
        assert_eq!(result["practice"], true, "a replay is practice");
    }
    // The first completed attempts still count (decision 0021).
    let (_, board) = app.get_json(&format!("/api/leaderboard/category?category_id={category_id}")).await;
    let points: Vec<i64> = board.as_array().unwrap().iter().map(|row| row["points"].as_i64().unwrap()).collect();
    assert_eq!(points, vec![40, 30, 20, 10, 0]);
    store.close().await;
    app.stop().await.unwrap();
}

#[tokio::test]
async fn the_server_submits_the_saved_answers_when_the_time_is_up() {
    let db = TestDb::sqlite();
    let clock = Arc::new(ShiftedClock::default());
    let app = spawn_app_with(&db, |_| {}, Services { clock: clock.clone(), ..Default::default() }).await;
    let (token, user_id) = app.verified_user("slow@example.com").await;
    let (category_id, time_limit) = first_category(&app, &token).await;
    let key = answer_key(&db.url, category_id).await;
    let (_, attempt) = app.post("/api/attempt/start", Some(&token), json!({ "categoryId": category_id })).await;
    let attempt_id = attempt["attemptId"].as_str().unwrap();
    let url = app.url(&format!("/api/attempt/{attempt_id}/answer"));
    let saved = app.client.put(&url).bearer_auth(&token).json(&json!({ "questionId": key[0].0, "answer": key[0].1 })).send().await.unwrap();
    assert_eq!(saved.status(), 200);

    clock.advance(time_limit * 60_000 + 2_500);
    let late = app.client.put(&url).bearer_auth(&token).json(&json!({ "questionId": key[1].0, "answer": key[1].1 })).send().await.unwrap();
    assert_eq!(late.status(), 409);
    let feedback_url = format!("/api/attempt/feedback?userId={user_id}&categoryId={category_id}");
    let mut feedback = Value::Null;
    for _ in 0..100 {
        let (status, body) = app.get_as(&feedback_url, Some(&token)).await;
        if status == 200 {
            feedback = body;
            break;
        }
        assert_eq!(status, 404);
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let correct: Vec<bool> = feedback.as_array().expect("submitted by the server").iter().map(|f| f["isCorrect"].as_bool().unwrap()).collect();
    assert_eq!(correct.iter().filter(|c| **c).count(), 1);
    assert!(correct[0]);
    // The player's own late submission of everything right changes nothing.
    let all: Vec<Value> = key.iter().map(|(id, right)| json!({ "questionId": id, "status": right })).collect();
    let (status, result) = app.post("/api/question/score", Some(&token), json!({ "categoryId": category_id, "answers": all })).await;
    assert_eq!((status, result["points"].clone()), (200, json!(10)));
    app.stop().await.unwrap();
}

#[tokio::test]
async fn cheats_and_bad_requests_are_refused() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (token, user_id) = app.verified_user("cheat@example.com").await;
    let (other_token, other_id) = app.verified_user("victim@example.com").await;
    let (category_id, _) = first_category(&app, &token).await;
    let key = answer_key(&db.url, category_id).await;

    // No submission without a started attempt, and none for somebody else.
    let answers = vec![json!({ "questionId": key[0].0, "status": key[0].1 })];
    assert_eq!(
        app.post("/api/question/score", Some(&token), json!({ "categoryId": category_id, "answers": answers })).await,
        (409, json!({ "error": "Start the quiz before submitting it", "code": "no_attempt" }))
    );
    let (_, attempt) = app.post("/api/attempt/start", Some(&token), json!({ "categoryId": category_id })).await;
    let forbidden = json!({ "error": "You can only act for your own account", "code": "forbidden" });
    assert_eq!(
        app.post("/api/question/score", Some(&token), json!({ "userId": other_id, "categoryId": category_id, "answers": answers })).await,
        (403, forbidden.clone())
    );
    // Someone else's attempt does not exist for the caller.
    let url = app.url(&format!("/api/attempt/{}/answer", attempt["attemptId"].as_str().unwrap()));
    let response = app.client.put(&url).bearer_auth(&other_token).json(&json!({ "questionId": key[0].0, "answer": "A" })).send().await.unwrap();
    assert_eq!(response.status(), 404);
    let response = app.client.put(&url).bearer_auth(&token).json(&json!({ "questionId": key[0].0, "answer": "E" })).send().await.unwrap();
    assert_eq!(response.status(), 400);
    // A question outside the attempt's quiz breaks a rule no schema can express: 422.
    let response = app.client.put(&url).bearer_auth(&token).json(&json!({ "questionId": 999_999, "answer": "A" })).send().await.unwrap();
    assert_eq!(response.status(), 422);

    // Points come from submissions only.
    let (_, result) = app.post("/api/question/score", Some(&token), json!({ "categoryId": category_id, "answers": answers })).await;
    assert_eq!(result["points"], 10, "{result}");
    let (status, forged) =
        app.post("/api/leaderboard/updateScore", Some(&token), json!({ "userId": user_id, "categoryId": category_id, "points": 1000 })).await;
    assert_eq!(status, 422, "{forged}");
    assert_eq!(forged["code"], "points_not_earned");
    assert_eq!(
        app.post("/api/leaderboard/updateScore", Some(&token), json!({ "categoryId": category_id, "points": 10 })).await,
        (200, json!({ "success": true, "points": 10 }))
    );
    assert_eq!(
        app.post("/api/leaderboard/updateScore", Some(&token), json!({ "userId": other_id, "categoryId": category_id, "points": 10 })).await,
        (403, forbidden)
    );
    assert_eq!(app.post("/api/leaderboard/updateScore", Some(&other_token), json!({ "categoryId": category_id, "points": 10 })).await.0, 404);
    let (_, board) = app.get_json(&format!("/api/leaderboard/category?category_id={category_id}")).await;
    assert_eq!(board.as_array().unwrap().len(), 1);
    assert_eq!(board[0]["points"], 10);

    // Feedback is the player's own.
    let (status, _) = app.get_as(&format!("/api/attempt/feedback?userId={user_id}&categoryId={category_id}"), Some(&other_token)).await;
    assert_eq!(status, 403);
    assert_eq!(app.get_as(&format!("/api/attempt/feedback?userId={other_id}&categoryId={category_id}"), Some(&other_token)).await.0, 404);

    // Ids and categories.
    assert_eq!(app.get_as("/api/question/abc", Some(&token)).await, (400, json!({ "error": "Invalid category ID format.", "code": "invalid_category" })));
    assert_eq!(app.get_as("/api/question/999999", Some(&token)).await, (404, json!({ "error": "No questions found for this category.", "code": "not_found" })));
    assert_eq!(app.post("/api/attempt/start", Some(&token), json!({ "categoryId": 999_999 })).await.0, 404);
    assert_eq!(app.get_json("/api/leaderboard/category").await, (400, json!({ "error": "No category specified", "code": "invalid_category" })));
    assert_eq!(app.get_as("/api/categories", None).await.0, 401);
    app.stop().await.unwrap();
}

#[tokio::test]
async fn an_edited_catalogue_file_publishes_a_revision_that_keeps_question_ids() {
    let db = TestDb::sqlite();
    let store = crate::helpers::open(&db.url).await;
    let original = std::fs::read("content/categories/01-world-geography.json").unwrap();
    let report = quizroom_api::catalogue::publish_files(&store, vec![("geo.json".into(), original.clone())]).await.unwrap();
    assert_eq!((report.new, report.revised, report.unchanged), (1, 0, 0));
    let ids = |store: EventStore| async move {
        let rows: Vec<(i64, String)> = sqlx::query_as("select question_id, text from question where category_id = 1 and quiz_version = (select quiz_version from category where category_id = 1) order by position")
            .fetch_all(store.pool()).await.unwrap();
        rows
    };
    let before = ids(store.clone()).await;

    let mut file: Value = serde_json::from_slice(&original).unwrap();
    file["questions"][0]["text"] = json!("Which city is the capital of Australia?");
    file["questions"].as_array_mut().unwrap().push(json!({
        "key": "added-by-the-revision-test", "text": "Which ocean lies between Africa and Australia?",
        "options": ["Atlantic", "Arctic", "Indian", "Southern"], "answer": "C", "explanation": "The Indian Ocean lies between Africa and Australia."
    }));
    let edited = serde_json::to_vec(&file).unwrap();
    let report = quizroom_api::catalogue::publish_files(&store, vec![("geo.json".into(), edited.clone())]).await.unwrap();
    assert_eq!((report.new, report.revised, report.unchanged), (0, 1, 0));
    let after = ids(store.clone()).await;
    assert_eq!(after.len(), before.len() + 1);
    assert_eq!(after[0].0, before[0].0, "an edited question keeps its id");
    assert_eq!(after[0].1, "Which city is the capital of Australia?");
    assert!(after.last().unwrap().0 > before.iter().map(|q| q.0).max().unwrap());
    let report = quizroom_api::catalogue::publish_files(&store, vec![("geo.json".into(), edited)]).await.unwrap();
    assert_eq!((report.new, report.revised, report.unchanged), (0, 0, 1));
    let mut twice = file.clone();
    twice["questions"][1]["key"] = twice["questions"][0]["key"].clone();
    let refused = quizroom_api::catalogue::publish_files(&store, vec![("twice.json".into(), serde_json::to_vec(&twice).unwrap())]).await.unwrap_err();
    assert!(format!("{refused:#}").starts_with("catalogue file twice.json is not valid: question "), "{refused:#}");
    assert!(format!("{refused:#}").ends_with(" is not well formed: its key is used twice"), "{refused:#}");
    let broken = quizroom_api::catalogue::publish_files(&store, vec![("bad.json".into(), b"{ \"slug\": 1 }".to_vec())]).await.unwrap_err();
    assert!(format!("{broken:#}").starts_with("catalogue file bad.json is not valid: "), "{broken:#}");
}
