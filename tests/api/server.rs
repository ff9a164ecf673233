//! Server basics: health, OpenAPI, the error format, request ids, the web app, shutdown.

use quizroom_eventstore::testing::TestDb;
use quizroom_eventstore::{EventStore, ExpectedVersion, NewEvent, StoreOptions, backend_tests};
use serde_json::json;

use crate::helpers::{spawn_app, spawn_app_with_web, temp_dir};

backend_tests! {
    health_names_the_backend_and_the_head_of_the_log,
}

async fn health_names_the_backend_and_the_head_of_the_log(db: &TestDb) {
    let app = spawn_app(db).await;
    let store = EventStore::connect(&db.url, StoreOptions::default()).await.unwrap();
    let (status, body) = app.get_json("/api/health").await;
    assert_eq!(status, 200);
    let backend = if db.is_postgres() { "postgres" } else { "sqlite" };
    let head = store.head().await.unwrap();
    assert!(head > 0, "the curated catalogue is published at start");
    assert_eq!(body, json!({ "status": "ok", "backend": backend, "head": head, "version": env!("CARGO_PKG_VERSION") }));

    let appended = store.append("thing-1", ExpectedVersion::NoStream, vec![NewEvent::new("Happened", json!({}))]).await.unwrap();
    let (_, body) = app.get_json("/api/health").await;
    assert_eq!(body["head"], json!(appended.events[0].position));
    app.stop().await.unwrap();
}

#[tokio::test]
async fn unknown_api_paths_answer_in_the_json_error_format_with_a_request_id() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let response = app.client.get(app.url("/api/no-such-thing")).send().await.unwrap();
    assert_eq!(response.status(), 404);
    let id = response.headers()["x-request-id"].to_str().unwrap().to_owned();
    assert_eq!(id.len(), 36, "a uuid request id: {id}");
    assert_eq!(response.json::<serde_json::Value>().await.unwrap(), json!({ "error": "No such API endpoint", "code": "not_found" }));
    // A client's own request id is kept.
    let response = app.client.get(app.url("/api/health")).header("x-request-id", "abc-123").send().await.unwrap();
    assert_eq!(response.headers()["x-request-id"], "abc-123");
    app.stop().await.unwrap();
}

/// Every route the server has: kept here so a route missing from the document fails this test.
const ROUTES: &[(&str, &str)] = &[
    ("get", "/api/health"),
    ("get", "/api/openapi.json"),
    ("post", "/api/auth/signup"),
    ("post", "/api/auth/signin"),
    ("post", "/api/auth/signout-all"),
    ("post", "/api/auth/verify"),
    ("post", "/api/auth/resend-verification"),
    ("post", "/api/auth/forgot-password"),
    ("post", "/api/auth/reset-password"),
    ("get", "/api/auth/me"),
    ("get", "/api/wallet"),
    ("post", "/api/wallet/purchase"),
    ("get", "/api/dev/mailbox"),
    ("get", "/api/categories"),
    ("get", "/api/question/{categoryId}"),
    ("post", "/api/question/score"),
    ("post", "/api/attempt/start"),
    ("put", "/api/attempt/{attemptId}/answer"),
    ("get", "/api/attempt/feedback"),
    ("get", "/api/leaderboard"),
    ("get", "/api/leaderboard/category"),
    ("post", "/api/leaderboard/updateScore"),
    ("delete", "/api/leaderboard/deleteEntry"),
    ("get", "/api/hostQuiz/template.xlsx"),
    ("get", "/api/hostQuiz/template.csv"),
    ("post", "/api/hostQuiz/preview"),
    ("post", "/api/hostQuiz/upload"),
    ("get", "/api/hostQuiz/checkQuiz"),
    ("get", "/api/hostQuiz/myQuizzes"),
    ("get", "/api/hostQuiz/quiz/{categoryId}"),
    ("get", "/api/hostQuiz/quiz/{categoryId}/accommodations"),
    ("put", "/api/hostQuiz/quiz/{categoryId}/accommodations"),
    ("get", "/api/hostQuiz/results/{categoryId}"),
    ("get", "/api/hostQuiz/results/{categoryId}/export.csv"),
    ("get", "/api/question/{categoryId}/with-answers"),
    ("post", "/api/question/update-category-questions"),
    ("get", "/api/audience"),
    ("post", "/api/audience"),
    ("put", "/api/audience/{listId}"),
    ("delete", "/api/audience/{listId}"),
    ("get", "/api/audience/{listId}/accommodations"),
    ("put", "/api/audience/{listId}/accommodations"),
    ("post", "/api/generate/keyword"),
    ("post", "/api/generate/file"),
    ("get", "/api/generate/{generationId}"),
    ("post", "/api/generate/{generationId}/publish"),
    ("post", "/api/live/games"),
    ("get", "/api/live/games"),
    ("get", "/api/live/games/{gameId}"),
    ("post", "/api/live/games/{gameId}/control"),
    ("post", "/api/live/games/{gameId}/kick"),
    ("get", "/api/live/games/{gameId}/results"),
    ("get", "/api/live/games/{gameId}/results.csv"),
    ("post", "/api/live/join"),
    ("get", "/api/live/history"),
    ("get", "/api/audit/me"),
    ("get", "/api/audit/integrity"),
    ("post", "/api/audit/integrity/proof"),
    ("get", "/api/audit/search"),
    ("get", "/api/audit/quizzes/{quizId}/timeline"),
    ("get", "/api/audit/quizzes/{quizId}/standings"),
    ("get", "/api/audit/quizzes/{quizId}/export"),
    ("get", "/api/audit/people/{userId}/timeline"),
    ("get", "/api/audit/people/{userId}/export"),
    ("get", "/api/audit/events/{position}"),
    ("get", "/api/audit/attempts/{attemptId}"),
    ("get", "/api/audit/leaderboard"),
    ("get", "/api/hostQuiz/insights/{categoryId}"),
    ("get", "/api/hostQuiz/insights/{categoryId}/export.xlsx"),
    ("get", "/api/hostQuiz/insights/{categoryId}/export.csv"),
    ("get", "/api/play/progress"),
    ("post", "/api/media"),
    ("get", "/api/media/{id}"),
];

#[tokio::test]
async fn the_openapi_document_describes_every_route_and_only_routes_that_exist() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (status, doc) = app.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    assert_eq!(doc["openapi"], "3.1.0");
    let mut documented: Vec<(String, String)> = Vec::new();
    for (path, operations) in doc["paths"].as_object().unwrap() {
        for method in operations.as_object().unwrap().keys() {
            documented.push((method.clone(), path.clone()));
        }
    }
    documented.sort();
    let mut routes: Vec<(String, String)> = ROUTES.iter().map(|(m, p)| (m.to_string(), p.to_string())).collect();
    routes.sort();
    assert_eq!(documented, routes);
    for (method, path) in ROUTES {
        let url = app.url(
            &path
                .replace("{categoryId}", "1")
                .replace("{attemptId}", "00000000-0000-0000-0000-000000000000")
                .replace("{listId}", "x")
                .replace("{generationId}", "00000000-0000-0000-0000-000000000000")
                .replace("{gameId}", "00000000-0000-0000-0000-000000000000")
                .replace("{quizId}", "1")
                .replace("{userId}", "x")
                .replace("{position}", "1")
                .replace("{id}", &"0".repeat(64)),
        );
        let request = match *method {
            "get" => app.client.get(url),
            "put" => app.client.put(url).json(&json!({})),
            "delete" => app.client.delete(url).json(&json!({})),
            _ => app.client.post(url).json(&json!({})),
        };
        let status = request.send().await.unwrap().status().as_u16();
        assert!(![404, 405].contains(&status), "{method} {path} is documented but answers {status}");
    }
    app.stop().await.unwrap();
}

#[tokio::test]
async fn the_built_web_app_is_served_with_its_routes_falling_back_to_index() {
    let web = temp_dir();
    std::fs::write(web.join("index.html"), "<!doctype html><title>Quizroom</title>").unwrap();
    std::fs::create_dir_all(web.join("assets")).unwrap();
    std::fs::write(web.join("assets/app.js"), "console.log(1)").unwrap();
    let db = TestDb::sqlite();
    let app = spawn_app_with_web(&db, &web).await;
    for path in ["/", "/play/categories", "/host/viewQuiz/12", "/dev/mailbox"] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        // Every answer carries the security headers (issue 11; see protect.rs for HSTS and the
        // mailbox refused to other machines).
        let headers = response.headers().clone();
        assert_eq!(headers["content-security-policy"], quizroom_api::protect::CONTENT_SECURITY_POLICY, "{path}");
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(headers["referrer-policy"], "strict-origin-when-cross-origin");
        assert!(headers.get("strict-transport-security").is_none(), "no HSTS over plain HTTP");
        let body = response.text().await.unwrap();
        assert!(body.contains("<title>Quizroom</title>"), "{path}: {body}");
    }
    let api = app.client.get(app.url("/api/health")).send().await.unwrap();
    assert_eq!(api.headers()["content-security-policy"], quizroom_api::protect::CONTENT_SECURITY_POLICY);
    assert_eq!(api.headers()["cache-control"], "no-store");
    let js = app.client.get(app.url("/assets/app.js")).send().await.unwrap();
    assert_eq!(js.headers()["content-type"], "text/javascript");
    assert!(js.headers().get("cache-control").is_none(), "the web app's files keep their caching");
    // API paths never fall through to the app.
    assert_eq!(app.get_json("/api/nothing").await.0, 404);
    app.stop().await.unwrap();
    std::fs::remove_dir_all(web).unwrap();
}

#[tokio::test]
async fn a_request_in_flight_when_shutdown_begins_still_gets_its_answer() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    // A connection that has sent half a request is in flight; shutdown waits for it.
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut socket = tokio::net::TcpStream::connect(app.addr).await.unwrap();
    socket.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    let stopping = tokio::spawn(app.stop());
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    assert!(!stopping.is_finished(), "the server stopped before answering");
    socket.write_all(b"Connection: close\r\n\r\n").await.unwrap();
    let mut answer = String::new();
    socket.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    stopping.await.unwrap().unwrap();
}

/// Answers that carry session or player tokens, results and exports are never kept by a browser
/// or proxy cache (issue 26 item 16): every API answer says `Cache-Control: no-store`.
#[tokio::test]
async fn answers_with_tokens_results_and_exports_are_never_stored() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let cache = |response: &reqwest::Response| response.headers().get("cache-control").map(|v| v.to_str().unwrap().to_owned());
    let get = |path: String| app.client.get(app.url(&path)).bearer_auth(&host).send();

    let sign_in = app.client.post(app.url("/api/auth/signin")).json(&json!({ "email": "host@example.com", "password": "correct horse" })).send().await.unwrap();
    assert_eq!((sign_in.status().as_u16(), cache(&sign_in)), (200, Some("no-store".into())));

    let category = crate::hub::first_category(&app, &host).await;
    let (status, game) = app.post("/api/live/games", Some(&host), json!({ "quizId": category })).await;
    assert_eq!(status, 201, "{game}");
    let join = app.client.post(app.url("/api/live/join")).json(&json!({ "pin": game["host"]["pin"], "nickname": "Ana" })).send().await.unwrap();
    assert_eq!((join.status().as_u16(), cache(&join)), (200, Some("no-store".into())));
    let id = game["gameId"].as_str().unwrap();

    let quiz = crate::hosting::host_quiz(&app, &host, &[]).await;
    let q = quiz["id"].as_i64().unwrap();
    for path in [
        format!("/api/live/games/{id}/results"),
        format!("/api/live/games/{id}/results.csv"),
        format!("/api/hostQuiz/results/{q}/export.csv"),
        format!("/api/hostQuiz/insights/{q}/export.xlsx"),
        "/api/auth/me".into(),
    ] {
        let response = get(path.clone()).await.unwrap();
        assert_eq!((response.status().as_u16(), cache(&response)), (200, Some("no-store".into())), "{path}");
    }
    // Refusals too: nothing under /api is stored.
    assert_eq!(cache(&app.client.get(app.url("/api/nothing")).send().await.unwrap()), Some("no-store".into()));
    app.stop().await.unwrap();
}
