//! The API document made from the code (decision 0020). That it documents every route, and only
//! routes that exist, is checked against the running server in `tests/api/server.rs`; here: its
//! error answers all have the API's error body.

use serde_json::Value;

fn document() -> Value {
    serde_json::from_str(&quizroom_api::app::DOCUMENT).expect("the document is JSON")
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

/// Whether an operation needs a bearer token: it has security requirements, and none is the empty
/// one (`security((), ("bearer" = []))` makes the token optional).
fn needs_token(operation: &Value) -> bool {
    operation["security"]
        .as_array()
        .is_some_and(|requirements| !requirements.is_empty() && requirements.iter().all(|r| r.as_object().is_some_and(|r| !r.is_empty())))
}

/// Whether an operation takes a JSON body.
fn takes_json(operation: &Value) -> bool {
    operation["requestBody"]["content"]["application/json"].is_object()
}

/// Checks that exactly the operations `applies` picks document `status` with `description` and
/// the error body; returns how many do.
fn exactly_where(applies: fn(&Value) -> bool, status: &str, description: &str) -> usize {
    let document = document();
    let mut count = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let response = &operation["responses"][status];
            let documented = response["description"] == description;
            if applies(operation) {
                count += 1;
                assert!(documented, "{method} {path} does not document {status} {description}: {response}");
                assert_eq!(response["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/ErrorBody", "{method} {path} {status}");
            } else {
                assert!(!documented, "{method} {path} documents {status} {description} and should not");
            }
        }
    }
    count
}

/// The 401 of a call that needs a token is made once, from its security requirement (decision
/// 0045): every such operation documents it, and no other operation does. One where the token is
/// optional says what its 401 means.
#[test]
fn exactly_the_operations_that_need_a_token_answer_no_valid_token() {
    let needing = exactly_where(needs_token, "401", "No valid token");
    assert!(needing > 50, "only {needing} operations need a token; is the check broken?");
    for (path, item) in document()["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if operation["security"].is_array() {
                assert!(operation["responses"]["401"].is_object(), "{method} {path} takes a token and does not say what an invalid one answers");
            }
        }
    }
}

/// The 413 and 415 of a JSON body are made once, from the request body (decision 0045).
#[test]
fn exactly_the_operations_that_take_json_refuse_a_large_or_non_json_body() {
    let taking = exactly_where(takes_json, "413", "The body is too large");
    assert_eq!(exactly_where(takes_json, "415", "The body is not JSON"), taking);
    assert!(taking > 20, "only {taking} operations take JSON; is the check broken?");
}
