//! Generating questions of the types a host asks for (issue 29), over HTTP on both backends: the
//! typed shapes of the answer and of a reload, publishing reviewed typed questions, and the
//! refusals (an unknown type costs nothing; types the source cannot give are refunded).

use quizroom_eventstore::backend_tests;
use quizroom_eventstore::testing::TestDb;
use serde_json::{Value, json};

use crate::helpers::spawn_app;

backend_tests! {
    a_host_generates_the_types_asked_for_reviews_them_and_publishes_a_typed_quiz,
    an_unknown_type_costs_nothing_and_types_the_source_cannot_give_are_refunded,
}

fn settings(title: &str, questions: Vec<Value>) -> Value {
    json!({ "title": title, "questions": questions, "validityOption": "48h", "timeLimit": 12, "audienceType": "open" })
}

async fn a_host_generates_the_types_asked_for_reviews_them_and_publishes_a_typed_quiz(db: &TestDb) {
    let app = spawn_app(db).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let (player, _) = app.verified_user("player@example.com").await;

    let types = json!(["true_false", "type_answer", "numeric", "matching"]);
    let body = json!({ "keyword": "World History", "title": "History", "numberOfQuestions": 8, "types": types });
    let (status, generated) = app.post("/api/generate/keyword", Some(&host), body).await;
    assert_eq!(status, 201, "{generated}");
    let questions = generated["questions"].as_array().unwrap().clone();
    assert_eq!(questions.len(), 8, "{generated}");
    let mut kinds = std::collections::BTreeSet::new();
    for q in &questions {
        // Typed questions carry their type and definition and none of the A–D fields.
        let kind = q["type"].as_str().unwrap_or_else(|| panic!("no type: {q}"));
        assert_eq!(q["definition"]["type"], kind, "{q}");
        assert!(q.get("optionA").is_none() && q.get("answer").is_none(), "{q}");
        assert!(q["source"].is_null() && q["question"].as_str().is_some_and(|t| !t.is_empty()), "{q}");
        kinds.insert(kind.to_owned());
    }
    assert_eq!(kinds.into_iter().collect::<Vec<_>>(), ["matching", "numeric", "true_false", "type_answer"], "a mix of the four");

    // A reload gives the same questions.
    let id = generated["generationId"].as_str().unwrap().to_owned();
    let (_, read) = app.get_as(&format!("/api/generate/{id}"), Some(&host)).await;
    assert_eq!(read["questions"].as_array().unwrap(), &questions);

    // The review: a true/false statement flipped, a typed answer given a second spelling, one
    // question deleted; a definition that cannot be scored is refused naming its question.
    let mut reviewed: Vec<Value> =
        questions.iter().map(|q| json!({ "question": q["question"], "definition": q["definition"], "explanation": q["explanation"] })).collect();
    reviewed.pop();
    let statement = reviewed.iter().position(|q| q["definition"]["type"] == "true_false").unwrap();
    let flipped = !reviewed[statement]["definition"]["answer"].as_bool().unwrap();
    reviewed[statement]["definition"]["answer"] = json!(flipped);
    let typed = reviewed.iter().position(|q| q["definition"]["type"] == "type_answer").unwrap();
    reviewed[typed]["definition"]["accepted"].as_array_mut().unwrap().push(json!("Another spelling"));
    let publish = format!("/api/generate/{id}/publish");
    let mut broken = reviewed.clone();
    broken[typed]["definition"]["accepted"] = json!([]);
    let (status, refused) = app.post(&publish, Some(&host), settings("History", broken)).await;
    assert_eq!((status, refused["error"].as_str()), (422, Some(format!("Question {}: accepted: give at least one accepted answer", typed + 1).as_str())));
    let (status, created) = app.post(&publish, Some(&host), settings("History", reviewed.clone())).await;
    assert_eq!(status, 201, "{created}");
    let quiz_id = created["quiz"]["id"].as_i64().unwrap();
    assert_eq!(created["quiz"]["questionCount"].as_u64(), Some(7));

    // The quiz holds the reviewed definitions, and plays like any hosted quiz.
    let (_, loaded) = app.get_as(&format!("/api/question/{quiz_id}/with-answers"), Some(&host)).await;
    let saved = loaded["questions"].as_array().unwrap();
    assert_eq!(saved.len(), 7);
    assert_eq!(saved[statement]["definition"]["answer"], json!(flipped));
    assert_eq!(saved[typed]["definition"]["accepted"].as_array().unwrap().last().unwrap(), "Another spelling");
    let code = created["quiz"]["quizCode"].as_str().unwrap();
    let (status, _) = app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(&player)).await;
    assert_eq!(status, 200);
    let (status, _) = app.post("/api/attempt/start", Some(&player), json!({ "categoryId": quiz_id })).await;
    assert_eq!(status, 200);
    let answer = json!([{ "questionId": saved[typed]["id"], "response": { "text": "another SPELLING" } }]);
    let (status, scored) = app.post("/api/question/score", Some(&player), json!({ "categoryId": quiz_id, "answers": answer })).await;
    assert_eq!(status, 200, "{scored}");
    assert_eq!((scored["score"].as_u64(), scored["points"].as_u64()), (Some(1), Some(10)), "{scored}");
    app.stop().await.unwrap();
}

async fn an_unknown_type_costs_nothing_and_types_the_source_cannot_give_are_refunded(db: &TestDb) {
    let app = spawn_app(db).await;
    let (host, _) = app.verified_user("host@example.com").await;

    let (status, refused) = app.post("/api/generate/keyword", Some(&host), json!({ "keyword": "World History", "types": ["true_false", "hologram"] })).await;
    assert_eq!(status, 400, "{refused}");
    assert!(refused["error"].as_str().unwrap().starts_with("Unknown question type 'hologram': choose from single_choice, true_false"), "{refused}");
    let (status, refused) = app.post("/api/generate/keyword", Some(&host), json!({ "keyword": "World History", "types": "poll" })).await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("validation")), "{refused}");
    let (status, refused) = app.post("/api/generate/keyword", Some(&host), json!({ "keyword": "World History", "types": [true] })).await;
    assert_eq!((status, refused["error"].as_str()), (400, Some("types must be a list of question type names")));
    let pdf = std::fs::read(format!("{}/crates/extract/tests/fixtures/photosynthesis.pdf", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let (status, refused) = app.multipart("/api/generate/file", &host, &[("types", "slide")], Some(("notes.pdf", pdf.clone()))).await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("validation")), "{refused}");
    assert_eq!(app.balance(&host).await, 5);

    // The offline generator writes neither multi-select nor categorize: refunded, with the reason.
    let (status, failed) = app.post("/api/generate/keyword", Some(&host), json!({ "keyword": "World History", "types": ["multi_select", "categorize"] })).await;
    assert_eq!((status, failed["code"].as_str()), (422, Some("generation_failed")), "{failed}");
    assert_eq!(failed["error"], "No questions of these types could be written from this source: choose other question types");
    assert_eq!(app.balance(&host).await, 5);

    // A document with the types as a form field.
    let fields = [("title", "Photosynthesis"), ("numberOfQuestions", "4"), ("types", "true_false,gaps")];
    let (status, generated) = app.multipart("/api/generate/file", &host, &fields, Some(("notes.pdf", pdf))).await;
    assert_eq!(status, 201, "{generated}");
    let kinds: Vec<&str> = generated["questions"].as_array().unwrap().iter().map(|q| q["type"].as_str().unwrap()).collect();
    assert!(!kinds.is_empty() && kinds.iter().all(|k| ["true_false", "gaps"].contains(k)), "{generated}");
    assert!(generated["questions"].as_array().unwrap().iter().all(|q| q["source"]["excerpt"].is_string()), "{generated}");
    app.stop().await.unwrap();
}
