//! Generating over HTTP: from a document and from topics, the 5-token charge and its refund when a
//! generation fails, refused files that cost nothing, publishing once after review, and the
//! chat-completions generator against a local server that speaks the protocol.

use std::sync::{Arc, Mutex};

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use quizroom_api::startup::Services;
use quizroom_eventstore::backend_tests;
use quizroom_eventstore::testing::TestDb;
use serde_json::{Value, json};

use crate::helpers::{catch_up, open, spawn_app, spawn_app_with};

backend_tests! {
    a_host_generates_from_a_document_reviews_and_publishes_it_once,
    a_failed_generation_refunds_its_tokens_and_topics_use_the_catalogue,
    unreadable_files_and_bad_forms_are_refused_before_any_token_is_spent,
    the_chat_completions_generator_is_used_when_configured,
    a_generation_a_crash_cut_off_is_refunded_once,
    racing_requests_spend_the_tokens_once_and_publish_once,
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/crates/extract/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

fn assert_checked(questions: &[Value]) {
    let mut seen = std::collections::HashSet::new();
    for q in questions {
        let options: Vec<&str> = ["optionA", "optionB", "optionC", "optionD"].iter().map(|k| q[*k].as_str().unwrap()).collect();
        assert!(options.iter().all(|o| !o.trim().is_empty()), "{q}");
        let distinct: std::collections::HashSet<String> = options.iter().map(|o| o.to_lowercase()).collect();
        assert_eq!(distinct.len(), 4, "{q}");
        assert!(["A", "B", "C", "D"].contains(&q["answer"].as_str().unwrap()), "{q}");
        assert!(seen.insert(q["question"].as_str().unwrap().to_lowercase()), "repeated: {q}");
    }
}

fn settings(title: &str, questions: Vec<Value>) -> Value {
    json!({ "title": title, "questions": questions, "validityOption": "48h", "timeLimit": 12, "audienceType": "open" })
}

async fn a_host_generates_from_a_document_reviews_and_publishes_it_once(db: &TestDb) {
    let app = spawn_app(db).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let (player, _) = app.verified_user("player@example.com").await;
    assert_eq!(app.balance(&host).await, 5);

    let fields = [("title", "Photosynthesis"), ("numberOfQuestions", "5"), ("validityOption", "24h")];
    let (status, generated) = app.multipart("/api/generate/file", &host, &fields, Some(("notes.pdf", fixture("photosynthesis.pdf")))).await;
    assert_eq!(status, 201, "{generated}");
    assert_eq!(generated["generator"], "offline");
    assert_eq!((generated["requested"].as_i64(), generated["tokensSpent"].as_i64(), generated["balance"].as_i64()), (Some(5), Some(5), Some(0)));
    assert_eq!(generated["document"]["kind"], "pdf");
    let questions = generated["questions"].as_array().unwrap().clone();
    assert!((3..=5).contains(&questions.len()), "{generated}");
    assert_checked(&questions);
    for q in &questions {
        assert!(q["source"]["excerpt"].as_str().is_some_and(|e| !e.is_empty()) && q["source"]["page"].as_i64().is_some(), "{q}");
    }
    assert!(generated["dropped"].is_array());
    assert_eq!(app.balance(&host).await, 0);

    // Reading it back: the host sees it as generated; nobody else sees it at all.
    let id = generated["generationId"].as_str().unwrap().to_owned();
    let (status, read) = app.get_as(&format!("/api/generate/{id}"), Some(&host)).await;
    assert_eq!(status, 200, "{read}");
    assert_eq!((read["status"].as_str(), read["title"].as_str()), (Some("generated"), Some("Photosynthesis")));
    assert_eq!(read["questions"].as_array().unwrap(), &questions);
    let (status, other) = app.get_as(&format!("/api/generate/{id}"), Some(&player)).await;
    assert_eq!((status, &other), (404, &json!({ "error": "No such generation", "code": "not_found" })));
    let (status, _) = app.get_as("/api/generate/not-a-uuid", Some(&host)).await;
    assert_eq!(status, 404);

    // The review: the first question edited (its answer given as an option's text), the second deleted.
    let mut reviewed = questions.clone();
    reviewed.remove(1);
    reviewed[0]["question"] = json!("Which pigment absorbs the light?");
    reviewed[0]["answer"] = json!(reviewed[0]["optionC"].as_str().unwrap().to_uppercase());
    let publish = format!("/api/generate/{id}/publish");
    // Invalid input is 400; a rule no schema can express (an answer that is none of the options,
    // an expiry date in the past) is 422.
    let refusals = [
        (json!({ "questions": reviewed.clone() }), 400, "Please enter a quiz title"),
        (settings("Photosynthesis", vec![]), 400, "Please keep at least one question to publish the quiz"),
        (
            settings("Photosynthesis", vec![json!({ "question": "Q?", "optionA": "a", "optionB": "b", "optionC": "c", "optionD": "", "answer": "A" })]),
            400,
            "Question 1 is missing one or more required fields",
        ),
        (
            settings("Photosynthesis", vec![json!({ "question": "Q?", "optionA": "a", "optionB": "b", "optionC": "c", "optionD": "d", "answer": "E" })]),
            422,
            "Question 1: the answer must be A, B, C or D, or the text of an option",
        ),
        (
            json!({ "title": "T", "questions": reviewed.clone(), "validityOption": "custom", "customDate": "2000-01-01" }),
            422,
            "Please select a valid date for quiz expiry",
        ),
        (json!({ "title": "T", "questions": reviewed.clone(), "audienceType": "emails" }), 400, "Please provide email addresses for quiz participants"),
    ];
    for (body, expected, message) in refusals {
        let (status, refused) = app.post(&publish, Some(&host), body).await;
        assert_eq!((status, &refused), (expected, &json!({ "error": message, "code": "validation" })));
    }
    let (status, refused) = app.post(&publish, Some(&player), settings("Mine now", reviewed.clone())).await;
    assert_eq!((status, refused["code"].as_str()), (404, Some("not_found")));

    let (status, created) = app.post(&publish, Some(&host), settings("Photosynthesis", reviewed.clone())).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["message"], "Quiz created successfully");
    let quiz = &created["quiz"];
    assert_eq!((quiz["questionCount"].as_u64(), quiz["timeLimit"].as_i64()), (Some(reviewed.len() as u64), Some(12)));
    let quiz_id = quiz["id"].as_i64().unwrap();

    // Once only, whoever races; and publishing cost nothing more.
    let (status, again) = app.post(&publish, Some(&host), settings("Photosynthesis", reviewed.clone())).await;
    assert_eq!(status, 409, "{again}");
    assert_eq!((again["code"].as_str(), again["details"]["quizId"].as_i64()), (Some("already_published"), Some(quiz_id)));
    assert_eq!(app.balance(&host).await, 0);
    let (_, read) = app.get_as(&format!("/api/generate/{id}"), Some(&host)).await;
    assert_eq!((read["status"].as_str(), read["quizId"].as_i64()), (Some("published"), Some(quiz_id)));

    // It is a hosted quiz like any other: in My Quizzes, with the edits, playable by code.
    let (_, mine) = app.get_as("/api/hostQuiz/myQuizzes", Some(&host)).await;
    assert!(mine["data"].as_array().unwrap().iter().any(|q| q["id"].as_i64() == Some(quiz_id)), "{mine}");
    let (_, with_answers) = app.get_as(&format!("/api/question/{quiz_id}/with-answers"), Some(&host)).await;
    let first = &with_answers["questions"][0];
    assert_eq!((first["text"].as_str(), first["correctLetter"].as_str()), (Some("Which pigment absorbs the light?"), Some("C")));
    let code = quiz["quizCode"].as_str().unwrap();
    let (status, joined) = app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(&player)).await;
    assert_eq!(status, 200, "{joined}");
    let (status, _) = app.post("/api/attempt/start", Some(&player), json!({ "categoryId": quiz_id })).await;
    assert_eq!(status, 200);
    let answers: Vec<Value> =
        with_answers["questions"].as_array().unwrap().iter().map(|q| json!({ "questionId": q["id"], "status": q["correctLetter"] })).collect();
    let (status, scored) = app.post("/api/question/score", Some(&player), json!({ "categoryId": quiz_id, "answers": answers })).await;
    assert_eq!(status, 200, "{scored}");
    assert_eq!(scored["score"].as_u64(), Some(reviewed.len() as u64), "{scored}");

    // With no tokens left, the next generation is refused before anything runs.
    let (status, refused) = app.post("/api/generate/keyword", Some(&host), json!({ "keyword": "planets" })).await;
    assert_eq!(status, 402, "{refused}");
    assert_eq!(refused["error"], "Generating a quiz costs 5 tokens and you have 0. Buy tokens on the pricing page.");
    assert_eq!(refused["details"], json!({ "balance": 0, "needed": 5, "pricing": "/pricing" }));
    app.stop().await.unwrap();
}

async fn a_failed_generation_refunds_its_tokens_and_topics_use_the_catalogue(db: &TestDb) {
    let app = spawn_app(db).await;
    let (host, _) = app.verified_user("host@example.com").await;

    let (status, failed) = app.post("/api/generate/keyword", Some(&host), json!({ "keyword": "zqxv wkpj", "numberOfQuestions": 5 })).await;
    assert_eq!(status, 422, "{failed}");
    assert_eq!(failed["code"], "generation_failed");
    assert_eq!(failed["error"], "No questions could be found for these topics: try other words or paste some text about them");
    assert_eq!((failed["details"]["refunded"].as_i64(), failed["details"]["balance"].as_i64()), (Some(5), Some(5)));
    assert_eq!(app.balance(&host).await, 5);
    let id = failed["details"]["generationId"].as_str().unwrap();
    let (_, read) = app.get_as(&format!("/api/generate/{id}"), Some(&host)).await;
    assert_eq!((read["status"].as_str(), read["error"].as_str()), (Some("failed"), failed["error"].as_str()));
    let (status, refused) = app.post(&format!("/api/generate/{id}/publish"), Some(&host), settings("T", vec![])).await;
    assert_eq!(status, 400, "{refused}");
    let question = json!({ "question": "Q?", "optionA": "a", "optionB": "b", "optionC": "c", "optionD": "d", "answer": "A" });
    let (status, refused) = app.post(&format!("/api/generate/{id}/publish"), Some(&host), settings("T", vec![question])).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("generation_failed")), "{refused}");

    // The refunded tokens pay for the next one; topics pick questions from the catalogue.
    let (status, generated) =
        app.post("/api/generate/keyword", Some(&host), json!({ "keyword": "planets, the solar system", "numberOfQuestions": "4", "title": "Space" })).await;
    assert_eq!(status, 201, "{generated}");
    let questions = generated["questions"].as_array().unwrap();
    assert!((1..=4).contains(&questions.len()), "{generated}");
    assert_checked(questions);
    assert!(questions.iter().all(|q| q["source"].is_null()));
    assert_eq!(app.balance(&host).await, 0);
    app.stop().await.unwrap();
}

async fn unreadable_files_and_bad_forms_are_refused_before_any_token_is_spent(db: &TestDb) {
    let app = spawn_app(db).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let validation = |message: &str| json!({ "error": message, "code": "validation" });

    let (status, body) = app.post("/api/generate/keyword", None, json!({ "keyword": "planets" })).await;
    assert_eq!((status, body["error"].as_str()), (401, Some("No authentication token found")));
    let (status, body) = app.post("/api/generate/keyword", Some(&host), json!({ "keyword": "   " })).await;
    assert_eq!((status, body), (400, validation("Please either enter text content or upload a file")));
    let (status, body) = app.multipart("/api/generate/file", &host, &[("title", "Notes")], None).await;
    assert_eq!((status, body), (400, validation("Please either enter text content or upload a file")));
    let past = [("validityOption", "custom"), ("customDate", "2001-02-03")];
    let (status, body) = app.multipart("/api/generate/file", &host, &past, Some(("notes.pdf", fixture("photosynthesis.pdf")))).await;
    assert_eq!((status, body), (422, validation("Please select a valid date for quiz expiry")));

    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    let (status, body) = app.multipart("/api/generate/file", &host, &[], Some(("slides.png", png))).await;
    assert_eq!((status, body["error"].as_str()), (415, Some("Invalid file type. Please upload PDF, Word, or text files only.")));
    // Just over the limit, so the whole body is read and the answer is not cut off mid-upload.
    let huge = "Plants make sugar from light. ".repeat(10 * 1024 * 1024 / 30 + 100).into_bytes();
    let (status, body) = app.multipart("/api/generate/file", &host, &[], Some(("notes.txt", huge))).await;
    assert_eq!((status, body["error"].as_str()), (413, Some("File is too large. Please upload a file smaller than 10MB.")));
    for (name, said) in [("scanned.pdf", "no text layer"), ("encrypted.pdf", "password-protected"), ("truncated.pdf", "damaged")] {
        let (status, body) = app.multipart("/api/generate/file", &host, &[], Some((name, fixture(name)))).await;
        assert_eq!((status, body["code"].as_str()), (422, Some("unreadable_file")), "{name}: {body}");
        assert!(body["error"].as_str().unwrap().contains(said), "{name}: {body}");
    }
    assert_eq!(app.balance(&host).await, 5);
    app.stop().await.unwrap();
}

/// A chat-completions server: answers well while `good` is set, else with HTTP 400.
async fn spawn_llm(good: Arc<Mutex<bool>>) -> String {
    async fn complete(axum::extract::State(good): axum::extract::State<Arc<Mutex<bool>>>, Json(body): Json<Value>) -> Response {
        if !*good.lock().unwrap() {
            return (StatusCode::BAD_REQUEST, Json(json!({ "error": { "message": "model not found" } }))).into_response();
        }
        assert_eq!(body["model"], "test-model");
        let questions: Vec<Value> = (0..3)
            .map(|n| {
                let letter = ["A", "B", "C"][n];
                json!({
                    "question": format!("Which planet is number {n}?"),
                    "options": ["Mercury", "Venus", "Earth", "Mars"],
                    "correct_letter": letter,
                    "explanation": "By distance from the Sun.",
                    "passage_index": 0,
                })
            })
            .collect();
        let content = json!({ "questions": questions }).to_string();
        Json(json!({ "id": "x", "object": "chat.completion", "choices": [{ "index": 0, "message": { "role": "assistant", "content": content } }] }))
            .into_response()
    }
    let router = axum::Router::new().route("/v1/chat/completions", axum::routing::post(complete)).with_state(good);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/v1", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    url
}

async fn the_chat_completions_generator_is_used_when_configured(db: &TestDb) {
    let good = Arc::new(Mutex::new(true));
    let url = spawn_llm(good.clone()).await;
    let app = spawn_app_with(
        db,
        |config| {
            config.llm_url = Some(url);
            config.llm_model = Some("test-model".into());
            config.welcome_tokens = 10;
        },
        Services::default(),
    )
    .await;
    let (host, _) = app.verified_user("host@example.com").await;
    let (status, generated) = app.post("/api/generate/keyword", Some(&host), json!({ "keyword": "planets", "numberOfQuestions": 3 })).await;
    assert_eq!(status, 201, "{generated}");
    assert_eq!(generated["generator"], "llm");
    assert_eq!(generated["questions"].as_array().unwrap().len(), 3);
    assert_eq!(generated["balance"], 5);

    *good.lock().unwrap() = false;
    let (status, failed) = app.post("/api/generate/keyword", Some(&host), json!({ "keyword": "planets" })).await;
    assert_eq!(status, 502, "{failed}");
    assert_eq!(failed["code"], "generator_failed");
    assert!(failed["error"].as_str().unwrap().starts_with("The question generator answered with HTTP 400"), "{failed}");
    assert_eq!((failed["details"]["refunded"].as_i64(), failed["details"]["balance"].as_i64()), (Some(5), Some(5)));
    assert_eq!(app.balance(&host).await, 5);
    app.stop().await.unwrap();
}

async fn a_generation_a_crash_cut_off_is_refunded_once(db: &TestDb) {
    use quizroom_api::commands::execute;
    use quizroom_domain::StreamId;
    use quizroom_domain::generation::{Generation, GenerationCommand, GenerationSource, Status};
    use quizroom_domain::wallet::{Wallet, WalletCommand};
    use quizroom_eventstore::Metadata;

    let store = open(&db.url).await;
    let meta = Metadata::default();
    let stream = StreamId::<Generation>::new(uuid::Uuid::new_v4());
    let wallet_stream = StreamId::<Wallet>::new("u1");
    execute(&store, &wallet_stream, &meta, || WalletCommand::Grant { amount: 5, reason: "welcome".into() }).await.unwrap();
    let request = || GenerationCommand::Request {
        host_id: "u1".into(),
        title: "Cut off".into(),
        source: GenerationSource::Topics { text: "planets".into() },
        prompt: String::new(),
        count: 10,
        types: vec![],
        cost: 5,
    };
    execute(&store, &stream, &meta, request).await.unwrap();
    let spend = || WalletCommand::Spend { amount: 5, purpose: "generate_quiz".into(), reference: stream.to_string() };
    execute(&store, &wallet_stream, &meta, spend).await.unwrap();
    catch_up(&store).await;

    let now = chrono::Utc::now().timestamp_millis();
    let sweep = quizroom_api::generate::refund_abandoned;
    assert_eq!(sweep(&store, now).await.unwrap(), 0, "a generation may still be running");
    assert_eq!(sweep(&store, now + 16 * 60_000).await.unwrap(), 1);
    catch_up(&store).await;
    assert_eq!(sweep(&store, now + 16 * 60_000).await.unwrap(), 0);

    let mut conn = store.pool().acquire().await.unwrap();
    let (wallet, _) = quizroom_api::commands::load(&store, &mut conn, &wallet_stream).await.unwrap();
    let (generation, _) = quizroom_api::commands::load(&store, &mut conn, &stream).await.unwrap();
    assert_eq!((wallet.balance, generation.status), (5, Status::Failed));
    drop(conn);
    store.close().await;
}

async fn racing_requests_spend_the_tokens_once_and_publish_once(db: &TestDb) {
    let app = spawn_app(db).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let body = json!({ "keyword": "planets, the solar system", "numberOfQuestions": 3 });
    let answers = futures::future::join_all((0..4).map(|_| app.post("/api/generate/keyword", Some(&host), body.clone()))).await;
    let mut statuses: Vec<u16> = answers.iter().map(|(status, _)| *status).collect();
    statuses.sort();
    assert_eq!(statuses, [201, 402, 402, 402], "{answers:?}");
    let generated = &answers.iter().find(|(status, _)| *status == 201).unwrap().1;
    let publish = format!("/api/generate/{}/publish", generated["generationId"].as_str().unwrap());
    let reviewed = settings("Space", generated["questions"].as_array().unwrap().clone());
    let answers = futures::future::join_all((0..4).map(|_| app.post(&publish, Some(&host), reviewed.clone()))).await;
    let mut statuses: Vec<u16> = answers.iter().map(|(status, _)| *status).collect();
    statuses.sort();
    assert_eq!(statuses, [201, 409, 409, 409], "{answers:?}");
    let (_, mine) = app.get_as("/api/hostQuiz/myQuizzes", Some(&host)).await;
    assert_eq!(mine["data"].as_array().unwrap().len(), 1, "{mine}");
    assert_eq!(app.balance(&host).await, 0);
    app.stop().await.unwrap();
}
