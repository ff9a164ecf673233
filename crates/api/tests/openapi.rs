//! The API document made from the code (decision 0020): it documents every operation the
//! hand-kept document of the first version did, each with its error answers in the API's format.

use std::collections::BTreeSet;

use serde_json::Value;

/// Every operation `/api/openapi.json` documented before it was generated.
const DOCUMENTED_BEFORE: &[(&str, &str)] = &[
    ("GET", "/api/health"),
    ("GET", "/api/openapi.json"),
    ("POST", "/api/auth/signup"),
    ("POST", "/api/auth/signin"),
    ("POST", "/api/auth/verify"),
    ("POST", "/api/auth/resend-verification"),
    ("POST", "/api/auth/forgot-password"),
    ("POST", "/api/auth/reset-password"),
    ("GET", "/api/auth/me"),
    ("GET", "/api/wallet"),
    ("POST", "/api/wallet/purchase"),
    ("GET", "/api/dev/mailbox"),
    ("GET", "/api/categories"),
    ("GET", "/api/question/{categoryId}"),
    ("POST", "/api/attempt/start"),
    ("PUT", "/api/attempt/{attemptId}/answer"),
    ("POST", "/api/question/score"),
    ("GET", "/api/attempt/feedback"),
    ("GET", "/api/leaderboard"),
    ("GET", "/api/leaderboard/category"),
    ("POST", "/api/leaderboard/updateScore"),
    ("GET", "/api/hostQuiz/template.xlsx"),
    ("GET", "/api/hostQuiz/template.csv"),
    ("POST", "/api/hostQuiz/preview"),
    ("POST", "/api/hostQuiz/upload"),
    ("GET", "/api/hostQuiz/checkQuiz"),
    ("GET", "/api/hostQuiz/myQuizzes"),
    ("GET", "/api/hostQuiz/quiz/{categoryId}"),
    ("GET", "/api/hostQuiz/results/{categoryId}"),
    ("GET", "/api/hostQuiz/results/{categoryId}/export.csv"),
    ("GET", "/api/question/{categoryId}/with-answers"),
    ("POST", "/api/question/update-category-questions"),
    ("DELETE", "/api/leaderboard/deleteEntry"),
    ("GET", "/api/audience"),
    ("POST", "/api/audience"),
    ("PUT", "/api/audience/{listId}"),
    ("DELETE", "/api/audience/{listId}"),
    ("POST", "/api/generate/keyword"),
    ("POST", "/api/generate/file"),
    ("GET", "/api/generate/{generationId}"),
    ("POST", "/api/generate/{generationId}/publish"),
];

fn document() -> Value {
    serde_json::from_str(&quizroom_api::openapi::DOCUMENT).expect("the document is JSON")
}

fn operations(document: &Value) -> BTreeSet<(String, String)> {
    let mut found = BTreeSet::new();
    for (path, item) in document["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("a path item").keys() {
            found.insert((method.to_uppercase(), path.clone()));
        }
    }
    found
}

#[test]
fn every_operation_documented_before_is_still_documented() {
    let found = operations(&document());
    let missing: Vec<_> = DOCUMENTED_BEFORE.iter().filter(|(m, p)| !found.contains(&(m.to_string(), p.to_string()))).collect();
    assert!(missing.is_empty(), "no longer documented: {missing:?}");
}

#[test]
fn every_error_answer_has_the_error_body() {
    let document = document();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            for (status, response) in operation["responses"].as_object().unwrap() {
                if status.starts_with('4') || status.starts_with('5') {
                    let schema = &response["content"]["application/json"]["schema"]["$ref"];
                    assert_eq!(schema, "#/components/schemas/ErrorBody", "{method} {path} {status}");
                }
            }
        }
    }
}

#[test]
fn print_the_document() {
    if std::env::var("QUIZROOM_PRINT_OPENAPI").is_ok() {
        println!("{}", serde_json::to_string_pretty(&document()).unwrap());
    }
}
