//! Question types through the API (issue 29): a host saves a quiz holding one question of each
//! type, a player is served them without answer keys (shuffled lists in a secret order), saves
//! and resumes responses by the positions served, and is scored by the one rule; bad definitions
//! and bad responses are refused naming the question, and nothing saved is lost.

use quizroom_eventstore::backend_tests;
use quizroom_eventstore::testing::TestDb;
use quizroom_projections::quiz::read as quizzes;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};
use crate::hosting::host_quiz;

backend_tests! {
    a_quiz_of_every_type_is_served_without_keys_saved_resumed_and_scored_by_f,
    bad_definitions_and_bad_responses_are_refused_naming_the_question,
    curated_categories_hold_questions_of_other_types_served_without_keys,
    the_templates_example_of_each_type_uploads_and_plays,
}

/// One question of each type, with the answer key.
fn every_type() -> Vec<Value> {
    let defined = |text: &str, definition: Value| json!({ "text": text, "definition": definition, "explanation": "" });
    vec![
        json!({ "text": "What is 2 + 2?", "optionA": "3", "optionB": "4", "optionC": "5", "optionD": "6", "answer": "B" }),
        defined("Water boils at 100 °C at sea level.", json!({ "type": "true_false", "answer": true })),
        defined("Which are primes?", json!({ "type": "multi_select", "options": ["2", "3", "4", "9"], "right": [0, 1] })),
        defined("The capital of France?", json!({ "type": "type_answer", "accepted": ["Paris"] })),
        defined("g in m/s²?", json!({ "type": "numeric", "answer": 9.81, "tolerance": { "kind": "absolute", "value": 0.05 }, "unit": "m/s²" })),
        defined("Year of the moon landing?", json!({ "type": "slider", "min": 1950, "max": 2000, "step": 1, "target": 1969, "margin": 10 })),
        defined("Smallest first.", json!({ "type": "ordering", "items": ["1", "2", "3", "4"] })),
        defined(
            "Match the capitals.",
            json!({ "type": "matching", "pairs": [{ "left": "France", "right": "Paris" }, { "left": "Italy", "right": "Rome" }], "distractors": ["Berlin"] }),
        ),
        defined(
            "Odd or even?",
            json!({ "type": "categorize", "groups": ["odd", "even"], "items": [{ "text": "1", "group": 0 }, { "text": "2", "group": 1 }, { "text": "3", "group": 0 }] }),
        ),
        defined(
            "Fill in.",
            json!({ "type": "gaps", "text": "Roses are {{1}}, the sky is {{2}}.", "gaps": [{ "type": "choice", "options": ["red", "green"], "right": 0 }, { "type": "typed", "accepted": ["blue"] }] }),
        ),
        defined("Tea or coffee?", json!({ "type": "poll", "options": ["tea", "coffee"] })),
        defined("One word for today?", json!({ "type": "word_cloud" })),
    ]
}

/// A hosted quiz whose questions are `questions`; returns its id.
pub(crate) async fn quiz_of(app: &TestApp, host: &str, questions: Vec<Value>) -> i64 {
    let quiz = host_quiz(app, host, &[]).await;
    let id = quiz["id"].as_i64().unwrap();
    let (status, body) = app.post("/api/question/update-category-questions", Some(host), json!({ "categoryId": id, "questions": questions })).await;
    assert_eq!(status, 200, "{body}");
    id
}

/// The served position of `text` in `list`.
pub(crate) fn at(list: &Value, text: &str) -> usize {
    list.as_array().unwrap().iter().position(|t| t == text).unwrap_or_else(|| panic!("{text} not in {list}"))
}

async fn a_quiz_of_every_type_is_served_without_keys_saved_resumed_and_scored_by_f(db: &TestDb) {
    let app = spawn_app(db).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let (player, player_id) = app.verified_user("player@example.com").await;
    let id = quiz_of(&app, &host, every_type()).await;

    // The host reads every type back with its key; A–D keeps PRODUCT.md's shape.
    let (status, loaded) = app.get_as(&format!("/api/question/{id}/with-answers"), Some(&host)).await;
    assert_eq!(status, 200, "{loaded}");
    let saved = loaded["questions"].as_array().unwrap();
    assert_eq!(saved.len(), 12);
    assert_eq!((saved[0]["correctLetter"].as_str(), saved[0].get("type")), (Some("B"), None));
    assert_eq!(saved[4]["type"], "numeric");
    assert_eq!(saved[4]["definition"]["answer"], 9.81);
    let ids: Vec<i64> = saved.iter().map(|q| q["id"].as_i64().unwrap()).collect();

    // Served: no key anywhere, A–D exactly as before, the others with their type.
    let (status, joined) =
        app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={}&email=player@example.com", code_of(&app, &host, id).await), Some(&player)).await;
    assert_eq!(status, 200, "{joined}");
    let (status, served) = app.get_as(&format!("/api/question/{id}"), Some(&player)).await;
    assert_eq!(status, 200, "{served}");
    let served = served["questions"].as_array().unwrap().clone();
    let keys: Vec<&str> = served[0].as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["id", "optionA", "optionB", "optionC", "optionD", "text"]);
    let mut names = Vec::new();
    keys_of(&Value::Array(served.clone()), &mut names);
    for secret in ["accepted", "answer", "target", "margin", "group", "pairs", "tolerance", "definition", "explanation", "partial", "exact"] {
        assert!(!names.contains(&secret.to_owned()), "{secret} served: {served:?}");
    }
    assert!(served[2].get("right").is_none(), "a multi-select's right options are not served");
    assert_eq!(
        served.iter().map(|q| q["type"].as_str().unwrap_or("A–D")).collect::<Vec<_>>(),
        ["A–D", "true_false", "multi_select", "type_answer", "numeric", "slider", "ordering", "matching", "categorize", "gaps", "poll", "word_cloud"]
    );
    assert_eq!((served[5]["min"].as_f64(), served[5]["max"].as_f64(), served[4]["unit"].as_str()), (Some(1950.0), Some(2000.0), Some("m/s²")));
    assert_ne!(served[6]["items"], json!(["1", "2", "3", "4"]), "an ordering is never served in its right order");
    assert_eq!(served[7]["left"], json!(["France", "Italy"]));

    // Answers saved by the served positions; a reload serves them back the same way.
    let (_, attempt) = app.post("/api/attempt/start", Some(&player), json!({ "categoryId": id })).await;
    let attempt_id = attempt["attemptId"].as_str().unwrap().to_owned();
    let items = &served[6]["items"];
    let order: Vec<usize> = ["1", "2", "3", "4"].iter().map(|t| at(items, t)).collect();
    let right = &served[7]["right"];
    let sort = &served[8]["items"];
    let groups: Vec<Value> = sort.as_array().unwrap().iter().map(|t| json!(if t == "2" { 1 } else { 0 })).collect();
    let responses = vec![
        json!({ "answer": "B" }),
        json!({ "response": { "bool": true } }),
        json!({ "response": { "choices": [0] } }),
        json!({ "response": { "text": "  paris " } }),
        json!({ "response": { "number": 9.8 } }),
        json!({ "response": { "number": 1974 } }),
        json!({ "response": { "order": order } }),
        json!({ "response": { "pairs": [at(right, "Paris"), at(right, "Berlin")] } }),
        json!({ "response": { "groups": groups } }),
        json!({ "response": { "gaps": [{ "choice": 0 }, { "text": "Blue" }] } }),
        json!({ "response": { "choice": 1 } }),
        json!({ "response": { "text": "sunny" } }),
    ];
    for (question_id, response) in ids.iter().zip(&responses) {
        let mut body = response.clone();
        body["questionId"] = json!(question_id);
        let (status, saved) = put(&app, &player, &attempt_id, body).await;
        assert_eq!(status, 200, "{saved}");
    }
    let (_, resumed) = app.post("/api/attempt/start", Some(&player), json!({ "categoryId": id })).await;
    assert_eq!(resumed["resumed"], true);
    let back = resumed["answers"].as_array().unwrap();
    let of = |question_id: i64| back.iter().find(|a| a["questionId"] == question_id).unwrap().clone();
    assert_eq!((of(ids[0])["answer"].as_str(), &of(ids[0])["response"]), (Some("B"), &json!({ "choice": 1 })));
    assert_eq!(of(ids[6])["response"], json!({ "order": order }), "served back by the served positions");
    assert_eq!(of(ids[8])["response"], json!({ "groups": groups }));

    // Submitted with nothing sent: the saved answers count, each by its f.
    let (status, result) = app.post("/api/question/score", Some(&player), json!({ "categoryId": id, "answers": [] })).await;
    assert_eq!(status, 200, "{result}");
    // Right: A–D, true/false, typed, numeric, ordering, categorize, gaps (7); multi-select ½,
    // slider 1 − 5/10 = ½, matching ½; poll and word cloud unscored.
    assert_eq!((result["score"].as_i64(), result["total"].as_i64(), result["points"].as_i64()), (Some(7), Some(10), Some(85)), "{result}");
    let feedback = result["feedback"].as_array().unwrap();
    assert_eq!((feedback[0]["correctAnswer"].as_str(), feedback[0]["userAnswer"].as_str()), (Some("B"), Some("B")));
    assert_eq!((feedback[2]["type"].as_str(), feedback[2]["f"].as_f64()), (Some("multi_select"), Some(0.5)));
    assert_eq!(feedback[2]["definition"]["right"], json!([0, 1]), "the key is shown after the submission");
    assert_eq!(feedback[6]["response"], json!({ "order": [0, 1, 2, 3] }), "recorded by the definition's order");
    assert_eq!((feedback[10]["f"].clone(), feedback[10]["isCorrect"].as_bool()), (Value::Null, Some(false)));

    // The host and an auditor read the same: the sheet holds raw responses, f and the rules.
    let (status, fed) = app.get_as(&format!("/api/attempt/feedback?userId={player_id}&categoryId={id}"), Some(&host)).await;
    assert_eq!((status, fed.as_array().map(Vec::len)), (200, Some(12)));
    let (status, sheet) = app.get_as(&format!("/api/audit/attempts/{attempt_id}"), Some(&host)).await;
    assert_eq!(status, 200, "{sheet}");
    assert_eq!((sheet["rules"].as_i64(), sheet["points"].as_i64()), (Some(1), Some(85)));
    assert_eq!(
        (sheet["questions"][4]["type"].as_str(), &sheet["questions"][4]["response"], sheet["questions"][4]["f"].as_f64()),
        (Some("numeric"), &json!({ "number": 9.8 }), Some(1.0))
    );
    assert_eq!((sheet["questions"][0]["answer"].as_str(), sheet["questions"][0]["key"].as_str()), (Some("B"), Some("B")));

    // Insights per type: the answers given most, in words, and how right on average.
    let store = crate::helpers::open(&db.url).await;
    crate::helpers::catch_up(&store).await;
    store.close().await;
    let (status, insights) = app.get_as(&format!("/api/hostQuiz/insights/{id}"), Some(&host)).await;
    assert_eq!(status, 200, "{insights}");
    let figures = insights["questions"].as_array().unwrap();
    assert_eq!(figures.len(), 12);
    let of = |kind: &str| figures.iter().find(|q| q["type"] == kind).unwrap_or_else(|| panic!("{kind} in {insights}")).clone();
    assert_eq!(of("type_answer")["topAnswers"], json!([{ "answer": "paris", "count": 1, "right": true }]));
    assert_eq!((of("multi_select")["meanF"].as_f64(), of("multi_select")["options"][0]["count"].as_i64()), (Some(0.5), Some(1)));
    assert_eq!(of("ordering")["topAnswers"][0]["answer"], "1 → 2 → 3 → 4");
    assert_eq!(of("numeric")["topAnswers"][0]["answer"], "9.8 m/s²");
    assert_eq!((of("poll")["meanF"].clone(), of("poll")["options"][1]["count"].as_i64()), (Value::Null, Some(1)));
    // Every type's time to answer, the share right per place, and the numbers on a line.
    for kind in ["ordering", "numeric", "gaps", "type_answer"] {
        assert!(of(kind)["medianTimeMs"].as_i64().is_some(), "{kind}: {}", of(kind));
    }
    let places: Vec<i64> = of("ordering")["parts"].as_array().unwrap().iter().map(|p| p["right"].as_i64().unwrap()).collect();
    assert_eq!(places, [1, 1, 1, 1]);
    assert_eq!(of("gaps")["parts"].as_array().map(Vec::len), Some(2));
    assert_eq!((of("numeric")["numbers"]["values"].clone(), of("numeric")["parts"].clone()), (json!([{ "value": 9.8, "count": 1 }]), Value::Null));
    assert_eq!(of("slider")["numbers"]["low"].as_f64(), Some(1950.0));
    assert_eq!((of("numeric")["numbers"]["unit"].as_str(), &of("slider")["numbers"]["unit"]), (Some("m/s²"), &Value::Null));
    // The insights' export: the share right per part and the numbers, in words.
    let csv = app.client.get(app.url(&format!("/api/hostQuiz/insights/{id}/export.csv"))).bearer_auth(&host).send().await.unwrap().text().await.unwrap();
    for end in [",Given most,Right per part,Right from … to,Numbers given", ",1: 1; 2: 1; 3: 1; 4: 1,,", r#",,9.76 to 9.86 m/s²,"9.8 m/s² (1, right)""#] {
        assert!(csv.lines().any(|line| line.ends_with(end)), "a line ending {end} in {csv}");
    }
    // The results' CSV: each answer in words, a column per question.
    let csv = app.client.get(app.url(&format!("/api/hostQuiz/results/{id}/export.csv"))).bearer_auth(&host).send().await.unwrap().text().await.unwrap();
    let mut lines = csv.lines();
    assert!(lines.next().unwrap().ends_with(",Accommodations,Question 1,Question 2,Question 3,Question 4,Question 5,Question 6,Question 7,Question 8,Question 9,Question 10,Question 11,Question 12"), "{csv}");
    let row = lines.next().unwrap();
    for words in [",B,True,", ",9.8 m/s²,", ",1 → 2 → 3 → 4,", ",sunny"] {
        assert!(row.contains(words), "{words} in {row}");
    }
    app.stop().await.unwrap();
}

async fn bad_definitions_and_bad_responses_are_refused_naming_the_question(db: &TestDb) {
    let app = spawn_app(db).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let (player, _) = app.verified_user("player@example.com").await;
    let id = quiz_of(&app, &host, every_type()).await;

    // Definitions that cannot be scored: 422 naming the question and the field; nothing changes.
    for (definition, message) in [
        (json!({ "type": "numeric", "answer": null }), None),
        (json!({ "type": "multi_select", "options": ["a", "b"], "right": [] }), Some("Question 2: right: mark at least one option right")),
        (json!({ "type": "ordering", "items": ["only"] }), Some("Question 2: items: an ordering needs 3 to 8, got 1")),
        (
            json!({ "type": "slider", "min": 0, "max": 10, "step": 1, "target": 11, "margin": 1 }),
            Some("Question 2: target: the target 11 is off the slider's range 0 to 10"),
        ),
        (
            json!({ "type": "gaps", "text": "No gap here.", "gaps": [{ "type": "typed", "accepted": ["x"] }] }),
            Some("Question 2: text: the text must mark gap 1 once, as {{1}}"),
        ),
    ] {
        let questions = json!([every_type()[0].clone(), { "text": "Bad?", "definition": definition }]);
        let (status, refused) = app.post("/api/question/update-category-questions", Some(&host), json!({ "categoryId": id, "questions": questions })).await;
        match message {
            Some(message) => assert_eq!((status, refused["error"].as_str()), (422, Some(message)), "{refused}"),
            None => assert_eq!(status, 422, "{refused}"),
        }
    }
    let (_, loaded) = app.get_as(&format!("/api/question/{id}/with-answers"), Some(&host)).await;
    assert_eq!(loaded["questions"].as_array().unwrap().len(), 12, "nothing saved is lost");
    let ids: Vec<i64> = loaded["questions"].as_array().unwrap().iter().map(|q| q["id"].as_i64().unwrap()).collect();

    // A response of the wrong shape: 400 naming the question; what was saved stays.
    app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={}&email=player@example.com", code_of(&app, &host, id).await), Some(&player)).await;
    let (_, attempt) = app.post("/api/attempt/start", Some(&player), json!({ "categoryId": id })).await;
    let attempt_id = attempt["attemptId"].as_str().unwrap().to_owned();
    let (status, _) = put(&app, &player, &attempt_id, json!({ "questionId": ids[4], "response": { "number": 9.81 } })).await;
    assert_eq!(status, 200);
    for (question_id, response, message) in [
        (ids[4], json!({ "text": "ten" }), "Question 5: this question takes a number"),
        (ids[6], json!({ "order": [0, 0, 1, 2] }), "Question 7: put each of the 4 items in the order once"),
        (ids[2], json!({ "choices": [7] }), "Question 3: option 8 does not exist: there are 4"),
        (ids[5], json!({ "number": 3000 }), "Question 6: the slider goes from 1950 to 2000"),
    ] {
        let (status, refused) = put(&app, &player, &attempt_id, json!({ "questionId": question_id, "response": response })).await;
        assert_eq!((status, refused["error"].as_str()), (400, Some(message)), "{refused}");
    }
    let (status, refused) = put(&app, &player, &attempt_id, json!({ "questionId": ids[4], "response": { "colour": "red" } })).await;
    assert_eq!(status, 400, "{refused}");
    let (status, refused) =
        app.post("/api/question/score", Some(&player), json!({ "categoryId": id, "answers": [{ "questionId": ids[1], "response": { "number": 1 } }] })).await;
    assert_eq!((status, refused["error"].as_str()), (400, Some("Question 2: this question takes true or false")), "{refused}");
    // The refused submission left the attempt open with its saved answer.
    let (status, result) = app.post("/api/question/score", Some(&player), json!({ "categoryId": id, "answers": [] })).await;
    assert_eq!((status, result["points"].as_i64()), (200, Some(10)), "{result}");
    app.stop().await.unwrap();
}

pub(crate) async fn put(app: &TestApp, token: &str, attempt_id: &str, body: Value) -> (u16, Value) {
    let response = app.client.put(app.url(&format!("/api/attempt/{attempt_id}/answer"))).bearer_auth(token).json(&body).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn code_of(app: &TestApp, host: &str, id: i64) -> String {
    let (_, loaded) = app.get_as(&format!("/api/hostQuiz/quiz/{id}"), Some(host)).await;
    loaded["category"]["quizCode"].as_str().unwrap().to_owned()
}

/// Every key of every object in `value`.
fn keys_of(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(fields) => fields.iter().for_each(|(k, v)| {
            out.push(k.clone());
            keys_of(v, out);
        }),
        Value::Array(items) => items.iter().for_each(|v| keys_of(v, out)),
        _ => {}
    }
}

#[tokio::test]
async fn a_catalogue_file_may_define_questions_of_any_type() {
    let db = TestDb::sqlite();
    let store = crate::helpers::open(&db.url).await;
    let file = |questions: Value| {
        serde_json::to_vec(&json!({ "slug": "mixed", "name": "Mixed", "description": "", "time_limit": 5, "questions": questions })).unwrap()
    };
    let questions = json!([
        { "key": "q1", "text": "2 + 2?", "options": ["3", "4", "5", "6"], "answer": "B", "explanation": "" },
        { "key": "q2", "text": "g?", "definition": { "type": "numeric", "answer": 9.81 }, "explanation": "" },
    ]);
    quizroom_api::catalogue::publish_files(&store, vec![("mixed.json".into(), file(questions))]).await.unwrap();
    let served = quizzes::questions(store.pool(), 1, 1).await.unwrap();
    assert_eq!(served.iter().map(|q| q.kind.name()).collect::<Vec<_>>(), ["single_choice", "numeric"]);
    for (bad, why) in [
        (
            json!({ "key": "b", "text": "?", "options": ["a", "b", "c", "d"], "answer": "A", "definition": { "type": "word_cloud" }, "explanation": "" }),
            "give either options and answer, or a definition",
        ),
        (json!({ "key": "b", "text": "?", "definition": { "type": "ordering", "items": ["x"] }, "explanation": "" }), "items: an ordering needs 3 to 8, got 1"),
    ] {
        let refused = quizroom_api::catalogue::publish_files(&store, vec![("bad.json".into(), file(json!([bad])))]).await.unwrap_err();
        assert!(format!("{refused:#}").contains(why), "{refused:#}");
    }
}

async fn curated_categories_hold_questions_of_other_types_served_without_keys(db: &TestDb) {
    let app = spawn_app(db).await;
    let (player, _) = app.verified_user("player@example.com").await;
    let (_, categories) = app.get_as("/api/categories", Some(&player)).await;
    let mut served_types = std::collections::BTreeSet::new();
    for name in ["Earth Science", "Classical Music", "Languages & Words", "Oceans & Marine Life"] {
        let id = categories.as_array().unwrap().iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("{name}"))["id"].as_i64().unwrap();
        let (status, _) = app.post("/api/attempt/start", Some(&player), json!({ "categoryId": id })).await;
        assert_eq!(status, 200);
        let (_, served) = app.get_as(&format!("/api/question/{id}"), Some(&player)).await;
        let questions = served["questions"].as_array().unwrap();
        assert!(questions.iter().filter(|q| q.get("type").is_none()).count() >= 20, "{name} keeps its questions A–D");
        served_types.extend(questions.iter().filter_map(|q| q["type"].as_str().map(str::to_owned)));
        let text = served.to_string();
        for secret in ["\"accepted\"", "\"target\"", "\"group\"", "\"pairs\"", "\"margin\""] {
            assert!(!text.contains(secret), "{name}: {secret} served");
        }
    }
    let expected = ["categorize", "gaps", "matching", "ordering", "slider", "true_false", "type_answer"];
    assert_eq!(served_types.into_iter().collect::<Vec<_>>(), expected);
    app.stop().await.unwrap();
}

/// The template's round trip: the workbook downloaded, one row of each type filled in from its
/// Types sheet, uploaded as the host's quiz, and played.
async fn the_templates_example_of_each_type_uploads_and_plays(db: &TestDb) {
    use calamine::{Data, Reader, Xlsx};
    let app = spawn_app(db).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let (player, _) = app.verified_user("player@example.com").await;
    let template = app.client.get(app.url("/api/hostQuiz/template.xlsx")).send().await.unwrap().bytes().await.unwrap().to_vec();
    let mut workbook = Xlsx::new(std::io::Cursor::new(template)).unwrap();
    let types = workbook.worksheet_range("Types").unwrap();
    let rows: Vec<Vec<String>> = types.rows().map(|row| row.iter().map(Data::to_string).collect()).collect();
    // The header, then per type a line of help and its example row.
    let examples: Vec<&Vec<String>> = rows.iter().skip(2).step_by(3).filter(|row| row.iter().any(|cell| !cell.is_empty())).collect();
    let line = |cells: &[String]| cells.iter().map(|c| format!("\"{}\"", c.replace('"', "\"\""))).collect::<Vec<_>>().join(",") + "\n";
    let csv: String = std::iter::once(line(&rows[0])).chain(examples.iter().map(|row| line(row))).collect();
    let fields = [("title", "Every type"), ("timeLimit", "15"), ("validityOption", "24h")];
    let (status, created) = app.multipart("/api/hostQuiz/upload", &host, &fields, Some(("types.csv", csv.into_bytes()))).await;
    assert_eq!(status, 201, "{created}");
    let id = created["quiz"]["id"].as_i64().unwrap();
    assert_eq!(created["quiz"]["questionCount"].as_u64(), Some(examples.len() as u64));

    let (_, loaded) = app.get_as(&format!("/api/question/{id}/with-answers"), Some(&host)).await;
    let names: std::collections::BTreeSet<String> =
        loaded["questions"].as_array().unwrap().iter().map(|q| q["type"].as_str().unwrap_or("single_choice").to_owned()).collect();
    // Every type but a hotspot, whose regions are drawn on its picture in the editor.
    assert_eq!(names.len(), quizroom_domain::question::TYPE_NAMES.len() - 1, "one of each type: {names:?}");

    // Played: joined by code, every question served, and scored out of the scored ones.
    let (status, _) = app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={}", created["quiz"]["quizCode"].as_str().unwrap()), Some(&player)).await;
    assert_eq!(status, 200);
    let (status, _) = app.post("/api/attempt/start", Some(&player), json!({ "categoryId": id })).await;
    assert_eq!(status, 200);
    let (_, served) = app.get_as(&format!("/api/question/{id}"), Some(&player)).await;
    assert_eq!(served["questions"].as_array().map(Vec::len), Some(examples.len()));
    let (status, result) = app.post("/api/question/score", Some(&player), json!({ "categoryId": id, "answers": [] })).await;
    assert_eq!(status, 200, "{result}");
    assert_eq!(result["total"].as_u64(), Some(examples.len() as u64 - 3), "a poll, a word cloud and a slide are not scored: {result}");
    app.stop().await.unwrap();
}
