//! The chat-completions client against a local server that speaks the protocol, scripted per test.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, Once};
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use quizroom_domain::question::QuestionKind;
use quizroom_generate::{GenerateError, GenerateRequest, Generator, LlmConfig, LlmGenerator, PassageInput};
use serde_json::{Value, json};

/// What the server does for one request.
enum Reply {
    /// Answer with questions written for the request (see [`questions_for`]).
    Good,
    /// Answer with this message content.
    Content(String),
    /// Answer with this status and body, and a `Retry-After` when given.
    Status(u16, Option<&'static str>),
    /// Sleep, then answer well.
    Sleep(Duration),
}

#[derive(Default)]
struct Server {
    script: VecDeque<Reply>,
    requests: Vec<(Option<String>, Value)>,
}

type Shared = Arc<Mutex<Server>>;

async fn chat_completions(State(server): State<Shared>, headers: HeaderMap, Json(body): Json<Value>) -> Response {
    let reply = {
        let mut server = server.lock().unwrap();
        let authorization = headers.get("authorization").map(|value| value.to_str().unwrap().to_owned());
        server.requests.push((authorization, body.clone()));
        server.script.pop_front().unwrap_or(Reply::Good)
    };
    let content = match reply {
        Reply::Good => questions_for(&body).to_string(),
        Reply::Content(content) => content,
        Reply::Status(status, retry_after) => {
            let mut response = (StatusCode::from_u16(status).unwrap(), Json(json!({ "error": { "message": format!("scripted {status}") } }))).into_response();
            if let Some(seconds) = retry_after {
                response.headers_mut().insert("retry-after", seconds.parse().unwrap());
            }
            return response;
        }
        Reply::Sleep(duration) => {
            tokio::time::sleep(duration).await;
            questions_for(&body).to_string()
        }
    };
    Json(json!({ "id": "x", "object": "chat.completion", "choices": [{ "index": 0, "message": { "role": "assistant", "content": content } }] })).into_response()
}

/// As many questions as the prompt asks for, each citing a passage named in the prompt; of the
/// types the schema offers, when it offers types (the last one's key broken).
fn questions_for(body: &Value) -> Value {
    let prompt = body["messages"][1]["content"].as_str().unwrap();
    let offered = &body["response_format"]["json_schema"]["schema"]["properties"]["questions"]["items"]["properties"]["type"]["enum"];
    if let Some(types) = offered.as_array() {
        return typed_questions(prompt, types);
    }
    let count: usize = prompt.strip_prefix("Write ").unwrap().split(' ').next().unwrap().parse().unwrap();
    let passages: Vec<i64> = prompt.split("[passage ").skip(1).map(|rest| rest.split(']').next().unwrap().parse().unwrap()).collect();
    let questions: Vec<Value> = (0..count)
        .map(|n| {
            let passage = passages.get(n % passages.len().max(1)).copied().unwrap_or(0);
            let letter = ["A", "B", "C", "D"][n % 4];
            json!({
                "question": format!("Question {n} about passage {passage} ({})?", prompt.len()),
                "options": ["one", "two", "three", "four"],
                "correct_letter": letter,
                "explanation": "Because the passage says so.",
                "passage_index": passage,
            })
        })
        .collect();
    json!({ "questions": questions })
}

/// Questions of the offered types as a model writes them: every field, those of other types empty.
fn typed_questions(prompt: &str, types: &[Value]) -> Value {
    let count: usize = prompt.strip_prefix("Write ").unwrap().split(' ').next().unwrap().parse().unwrap();
    let questions: Vec<Value> = (0..count)
        .map(|n| {
            let mut question = json!({
                "type": types[n % types.len()], "question": format!("Question {n}?"), "options": [], "correct": [], "true_or_false": null,
                "accepted": [], "number": null, "tolerance": null, "unit": null, "items": [], "pairs": [], "groups": [], "item_groups": [],
                "gap_text": null, "gaps": [], "explanation": "Because.", "passage_index": 0,
            });
            match question["type"].as_str().unwrap() {
                "true_false" => question["true_or_false"] = json!(n % 2 == 0),
                "numeric" => {
                    question["number"] = json!(9.81);
                    question["unit"] = json!("m/s²");
                }
                "ordering" => question["items"] = json!(["Mercury", "Venus", "Earth"]),
                _ => {}
            }
            if n == count - 1 {
                // A key that cannot be scored: an ordering of one item, or no answer at all.
                question["items"] = json!(["Mercury"]);
                question["true_or_false"] = Value::Null;
                question["number"] = Value::Null;
            }
            question
        })
        .collect();
    json!({ "questions": questions })
}

static CRYPTO: Once = Once::new();

async fn spawn(script: Vec<Reply>) -> (String, Shared) {
    CRYPTO.call_once(|| {
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
    let server: Shared = Arc::new(Mutex::new(Server { script: script.into(), requests: Vec::new() }));
    let app = Router::new().route("/v1/chat/completions", post(chat_completions)).with_state(server.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/v1", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, server)
}

fn generator(url: &str) -> LlmGenerator {
    let mut config = LlmConfig::new(url, "test-model", Some("sk-secret".into()));
    config.timeout = Duration::from_secs(5);
    config.max_tries = 3;
    config.base_backoff = Duration::from_millis(10);
    LlmGenerator::new(config).unwrap()
}

fn topics(count: usize) -> GenerateRequest {
    GenerateRequest { title: "Space".into(), topics: "planets, moons".into(), passages: vec![], count, types: vec![] }
}

fn requests(server: &Shared) -> Vec<(Option<String>, Value)> {
    server.lock().unwrap().requests.clone()
}

#[tokio::test]
async fn good_output_becomes_checked_questions_and_the_request_carries_model_messages_schema_and_key() {
    let (url, server) = spawn(vec![]).await;
    let generation = generator(&url).generate(&topics(3)).await.unwrap();
    assert_eq!(generation.generator, "llm");
    assert_eq!(generation.questions.len(), 3);
    assert!(generation.dropped.is_empty());
    let (options, answer) = generation.questions[1].kind.letters().unwrap();
    assert_eq!(options[answer.index()], "two");
    assert!(generation.questions.iter().all(|question| question.source.is_none()));

    let requests = requests(&server);
    assert_eq!(requests.len(), 1);
    let (authorization, body) = &requests[0];
    assert_eq!(authorization.as_deref(), Some("Bearer sk-secret"));
    assert_eq!(body["model"], "test-model");
    assert_eq!(body["messages"][0]["role"], "system");
    assert_eq!(body["messages"][1]["role"], "user");
    assert!(body["messages"][1]["content"].as_str().unwrap().contains("planets, moons"));
    assert_eq!(body["response_format"]["type"], "json_schema");
    assert_eq!(body["response_format"]["json_schema"]["strict"], true);
    assert_eq!(body["response_format"]["json_schema"]["name"], "quiz_questions");
    let item = &body["response_format"]["json_schema"]["schema"]["properties"]["questions"]["items"];
    assert_eq!(item["properties"]["options"]["minItems"], 4);
    assert_eq!(item["properties"]["correct_letter"]["enum"], json!(["A", "B", "C", "D"]));
}

#[tokio::test]
async fn without_a_key_no_authorization_is_sent() {
    let (url, server) = spawn(vec![]).await;
    let generator = LlmGenerator::new(LlmConfig::new(&url, "m", None)).unwrap();
    generator.generate(&topics(1)).await.unwrap();
    assert_eq!(requests(&server)[0].0, None);
}

#[tokio::test]
async fn json_inside_a_fence_is_accepted_for_servers_that_ignore_the_response_format() {
    let fenced = format!(
        "Sure! Here are your questions:\n```json\n{}\n```\nEnjoy.",
        questions_for(&json!({ "messages": [{}, { "content": "Write 2 quiz questions" }] }))
    );
    let (url, _) = spawn(vec![Reply::Content(fenced)]).await;
    assert_eq!(generator(&url).generate(&topics(2)).await.unwrap().questions.len(), 2);
}

#[tokio::test]
async fn output_that_is_not_json_is_asked_for_once_more_then_fails() {
    let (url, server) = spawn(vec![Reply::Content("I cannot do that".into()), Reply::Content("still no".into())]).await;
    let error = generator(&url).generate(&topics(3)).await.unwrap_err();
    assert!(matches!(error, GenerateError::InvalidOutput(_)), "{error}");
    assert!(error.to_string().starts_with("The question generator returned invalid output"));
    assert_eq!(requests(&server).len(), 2);
}

#[tokio::test]
async fn output_of_the_wrong_shape_is_retried_once_and_a_good_second_answer_is_used() {
    let (url, server) = spawn(vec![Reply::Content(r#"{"questions": "three of them"}"#.into()), Reply::Good]).await;
    assert_eq!(generator(&url).generate(&topics(3)).await.unwrap().questions.len(), 3);
    assert_eq!(requests(&server).len(), 2);

    let (url, server) = spawn(vec![Reply::Content(r#"{"items": []}"#.into()), Reply::Content(r#"[1, 2]"#.into())]).await;
    assert!(matches!(generator(&url).generate(&topics(3)).await.unwrap_err(), GenerateError::InvalidOutput(_)));
    assert_eq!(requests(&server).len(), 2);
}

#[tokio::test]
async fn malformed_questions_inside_good_json_are_dropped_with_the_reason() {
    let content = json!({ "questions": [
        { "question": "Good?", "options": ["a", "b", "c", "d"], "correct_letter": "C", "explanation": "e", "passage_index": 0 },
        { "question": "Three options?", "options": ["a", "b", "c"], "correct_letter": "A", "explanation": "e", "passage_index": 0 },
        { "question": "Letter E?", "options": ["a", "b", "c", "d"], "correct_letter": "E", "explanation": "e", "passage_index": 0 },
        { "question": "good?", "options": ["a", "b", "c", "d"], "correct_letter": "A", "explanation": "e", "passage_index": 0 },
    ]});
    let (url, _) = spawn(vec![Reply::Content(content.to_string())]).await;
    let generation = generator(&url).generate(&topics(4)).await.unwrap();
    assert_eq!(generation.questions.len(), 1);
    let reasons: Vec<(&str, usize)> = generation.dropped.iter().map(|drop| (drop.reason.as_str(), drop.count)).collect();
    assert_eq!(
        reasons,
        vec![("It does not have exactly four options", 1), ("It does not have exactly one correct letter A to D", 1), ("It repeats another question", 1),]
    );
}

#[tokio::test]
async fn a_server_slower_than_the_timeout_fails_with_a_timeout() {
    let (url, server) = spawn(vec![Reply::Sleep(Duration::from_secs(3))]).await;
    let mut config = LlmConfig::new(&url, "m", None);
    config.timeout = Duration::from_millis(300);
    let error = LlmGenerator::new(config).unwrap().generate(&topics(2)).await.unwrap_err();
    assert!(matches!(error, GenerateError::LlmTimeout { .. }), "{error}");
    assert_eq!(requests(&server).len(), 1, "a timeout is not retried");
}

#[tokio::test]
async fn too_many_requests_is_retried_after_the_retry_after_delay() {
    let (url, server) = spawn(vec![Reply::Status(429, Some("0")), Reply::Good]).await;
    assert_eq!(generator(&url).generate(&topics(2)).await.unwrap().questions.len(), 2);
    assert_eq!(requests(&server).len(), 2);

    let (url, server) = spawn(vec![Reply::Status(429, Some("1")), Reply::Good]).await;
    let started = Instant::now();
    assert_eq!(generator(&url).generate(&topics(2)).await.unwrap().questions.len(), 2);
    assert!(started.elapsed() >= Duration::from_secs(1), "Retry-After: 1 is honoured");
    assert_eq!(requests(&server).len(), 2);
}

#[tokio::test]
async fn server_errors_are_retried_up_to_the_limit_then_reported() {
    let (url, server) = spawn((0..5).map(|_| Reply::Status(500, None)).collect()).await;
    let error = generator(&url).generate(&topics(2)).await.unwrap_err();
    assert!(matches!(error, GenerateError::LlmStatus { status: 500, .. }), "{error}");
    assert_eq!(error.to_string(), "The question generator answered with HTTP 500: scripted 500");
    assert_eq!(requests(&server).len(), 3);

    let (url, server) = spawn(vec![Reply::Status(503, None), Reply::Status(502, None), Reply::Good]).await;
    assert_eq!(generator(&url).generate(&topics(2)).await.unwrap().questions.len(), 2);
    assert_eq!(requests(&server).len(), 3);
}

#[tokio::test]
async fn other_client_errors_are_not_retried() {
    let (url, server) = spawn(vec![Reply::Status(401, None)]).await;
    let error = generator(&url).generate(&topics(2)).await.unwrap_err();
    assert!(matches!(error, GenerateError::LlmStatus { status: 401, .. }), "{error}");
    assert_eq!(requests(&server).len(), 1);
}

#[tokio::test]
async fn an_unreachable_server_is_reported_after_the_retries() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/v1", listener.local_addr().unwrap());
    drop(listener);
    let _ = spawn(vec![]).await; // installs the crypto provider
    let error = generator(&url).generate(&topics(2)).await.unwrap_err();
    assert!(matches!(error, GenerateError::LlmUnreachable(_)), "{error}");
}

#[tokio::test]
async fn a_long_document_is_split_into_several_requests_with_questions_spread_over_them() {
    let (url, server) = spawn(vec![]).await;
    let passages: Vec<PassageInput> =
        (0..6).map(|index| PassageInput { index, page: Some(index as u32 + 1), text: format!("Passage number {index} says something. ").repeat(75) }).collect();
    let mut config = LlmConfig::new(&url, "m", None);
    config.max_chars_per_request = 6_000;
    let request = GenerateRequest { title: "Long".into(), topics: String::new(), passages: passages.clone(), count: 12, types: vec![] };
    let generation = LlmGenerator::new(config).unwrap().generate(&request).await.unwrap();
    assert_eq!(generation.questions.len(), 12);

    let requests = requests(&server);
    assert!(requests.len() >= 3, "{} requests", requests.len());
    let mut asked = 0;
    for (_, body) in &requests {
        let prompt = body["messages"][1]["content"].as_str().unwrap();
        let passage_text: usize = prompt.split("\n\n[passage ").skip(1).map(|part| part.split_once("]\n").unwrap().1.len()).sum();
        assert!(passage_text <= 6_000, "{passage_text} characters in one request");
        asked += prompt.strip_prefix("Write ").unwrap().split(' ').next().unwrap().parse::<usize>().unwrap();
    }
    assert_eq!(asked, 12);
    for question in &generation.questions {
        let source = question.source.as_ref().expect("document questions cite a passage");
        let passage = &passages[source.passage];
        assert_eq!(source.page, passage.page);
        assert!(passage.text.starts_with(source.excerpt.trim_end_matches('…')));
    }
}

#[tokio::test]
async fn nothing_to_generate_from_is_refused_without_a_request() {
    let (url, server) = spawn(vec![]).await;
    let error = generator(&url).generate(&GenerateRequest { count: 5, ..GenerateRequest::default() }).await.unwrap_err();
    assert!(matches!(error, GenerateError::NothingToGenerate));
    assert!(requests(&server).is_empty());
}

#[tokio::test]
async fn asked_for_types_the_model_gets_the_typed_schema_and_its_questions_are_read_by_type() {
    let (url, server) = spawn(vec![]).await;
    let request = GenerateRequest { types: vec!["true_false".into(), "numeric".into(), "ordering".into()], ..topics(4) };
    let generation = generator(&url).generate(&request).await.unwrap();
    let kinds: Vec<&str> = generation.questions.iter().map(|q| q.kind.name()).collect();
    assert_eq!(kinds, vec!["true_false", "numeric", "ordering"], "the fourth question's key cannot be scored");
    assert_eq!(generation.dropped[0].reason, quizroom_generate::check::DROP_UNSCORABLE);
    assert!(matches!(&generation.questions[1].kind, QuestionKind::Numeric { answer, unit: Some(unit), .. } if *answer == 9.81 && unit == "m/s²"));

    let (_, body) = &requests(&server)[0];
    let prompt = body["messages"][1]["content"].as_str().unwrap();
    assert!(prompt.contains("true_false, numeric, ordering"), "{prompt}");
    assert!(body["messages"][0]["content"].as_str().unwrap().contains("ordering: an instruction"));
    let item = &body["response_format"]["json_schema"]["schema"]["properties"]["questions"]["items"];
    assert_eq!(item["properties"]["type"]["enum"], json!(["true_false", "numeric", "ordering"]));
}

#[tokio::test]
async fn a_question_of_a_type_not_asked_for_is_dropped() {
    let content = json!({ "questions": [
        { "type": "true_false", "question": "The Sun is a star.", "true_or_false": true, "explanation": "", "passage_index": 0 },
        { "type": "gaps", "question": "Fill.", "gap_text": "{{1}}", "gaps": [{ "options": [], "correct": null, "accepted": ["x"] }], "passage_index": 0 },
    ] });
    let (url, _) = spawn(vec![Reply::Content(content.to_string())]).await;
    let generation = generator(&url).generate(&GenerateRequest { types: vec!["true_false".into()], ..topics(2) }).await.unwrap();
    assert_eq!(generation.questions.len(), 1);
    assert_eq!(generation.dropped[0].reason, quizroom_generate::check::DROP_UNASKED_TYPE);
}
