//! The API document made from the code (decision 0020). That it documents every route, and only
//! routes that exist, is checked against the running server in `tests/api/server.rs`; here: its
//! error answers all have the API's error body.

use serde_json::Value;

fn document() -> Value {
    serde_json::from_str(&quizroom_api::openapi::DOCUMENT).expect("the document is JSON")
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
