//! The holes an outside probe found in accounts (issue 11), each closed: unverified accounts act
//! for no one, a reset or "sign out everywhere" ends sessions on every node, the code calls tell
//! nothing about an address and are limited per account and per client address with a growing
//! wait, sign-in limits slow a guesser without locking out the owner, and account fields are
//! bounded and clean.

use std::net::{IpAddr, Ipv4Addr};
use std::time::Instant;

use quizroom_eventstore::backend_tests;
use quizroom_eventstore::testing::TestDb;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, spawn_process};
use crate::hosting::QUIZ_CSV;

backend_tests! {
    a_password_reset_ends_every_earlier_session_on_every_node,
}

/// A client whose requests come from `address` (any of 127.0.0.0/8 reaches the server).
fn client_from(address: [u8; 4]) -> reqwest::Client {
    reqwest::Client::builder().local_address(IpAddr::V4(Ipv4Addr::from(address))).build().unwrap()
}

async fn post_from(app: &TestApp, client: &reqwest::Client, path: &str, body: Value) -> (u16, Option<String>, Value) {
    let response = client.post(app.url(path)).json(&body).send().await.unwrap();
    let status = response.status().as_u16();
    let retry_after = response.headers().get("retry-after").map(|v| v.to_str().unwrap().to_owned());
    (status, retry_after, response.json().await.unwrap_or(Value::Null))
}

async fn reset_code(app: &TestApp, email: &str) -> String {
    assert_eq!(app.post("/api/auth/forgot-password", None, json!({ "email": email })).await.0, 200);
    app.code_mailed_to(email, "reset").await
}

#[tokio::test]
async fn an_unverified_account_is_refused_everything_that_acts_for_an_address() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (host, _) = app.verified_user("host@school.org").await;
    // Dave's address is on the audience; someone who does not own it signs up with it.
    let fields = [("title", "Invited"), ("timeLimit", "5"), ("validityOption", "24h"), ("audienceType", "emails"), ("emails", "dave@school.org")];
    let sheet = QUIZ_CSV.as_bytes().to_vec();
    let (status, quiz) = app.multipart("/api/hostQuiz/upload", &host, &fields, Some(("quiz.csv", sheet))).await;
    assert_eq!(status, 201, "{quiz}");
    let quiz = &quiz["quiz"];
    let (quiz_id, code) = (quiz["id"].as_i64().unwrap(), quiz["quizCode"].as_str().unwrap().to_owned());
    let (squatter, _) = app.sign_up("dave@school.org").await;

    let unverified = json!({ "error": "Please verify your email address first.", "code": "email_unverified" });
    let gets = [
        format!("/api/hostQuiz/checkQuiz?quizCode={code}"),
        format!("/api/question/{quiz_id}"),
        "/api/categories".to_owned(),
        "/api/hostQuiz/myQuizzes".to_owned(),
    ];
    for path in gets {
        assert_eq!(app.get_as(&path, Some(&squatter)).await, (403, unverified.clone()), "GET {path}");
    }
    let posts = [
        ("/api/attempt/start", json!({ "categoryId": quiz_id })),
        ("/api/question/score", json!({ "categoryId": quiz_id, "answers": [] })),
        ("/api/wallet/purchase", json!({ "quantity": 1 })),
        ("/api/generate/keyword", json!({ "keyword": "planets" })),
    ];
    for (path, body) in posts {
        assert_eq!(app.post(path, Some(&squatter), body).await, (403, unverified.clone()), "POST {path}");
    }
    // Who am I and the (empty) wallet still answer, so the app can send the account to verification.
    assert_eq!(app.get_as("/api/auth/me", Some(&squatter)).await.0, 200);
    assert_eq!(app.get_as("/api/wallet", Some(&squatter)).await.0, 200);

    // The real Dave takes the address back with a reset code mailed to it: verified, his password,
    // and the squatter's session is over.
    let reset_code = reset_code(&app, "dave@school.org").await;
    let reset = json!({ "email": "dave@school.org", "code": reset_code, "newPassword": "daves own pass" });
    assert_eq!(app.post("/api/auth/reset-password", None, reset).await.0, 200);
    assert_eq!(app.get_as("/api/auth/me", Some(&squatter)).await.0, 401);
    let (status, signed_in) = app.post("/api/auth/signin", None, json!({ "email": "dave@school.org", "password": "daves own pass" })).await;
    assert_eq!(status, 200, "{signed_in}");
    assert_eq!(signed_in["user"]["isVerified"], true);
    let dave = signed_in["token"].as_str().unwrap();
    assert_eq!(app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}"), Some(dave)).await.0, 200);
    assert_eq!(app.balance(dave).await, 5, "the welcome tokens come with the verification");
    app.stop().await.unwrap();
}

async fn a_password_reset_ends_every_earlier_session_on_every_node(db: &TestDb) {
    // Two nodes of a cluster on one database.
    let (a, b) = (spawn_process(&db.url).await, spawn_process(&db.url).await);
    let (token, _) = a.verified_user("reset@example.com").await;
    let (_, other_device) = a.post("/api/auth/signin", None, json!({ "email": "reset@example.com", "password": "correct horse" })).await;
    let other_device = other_device["token"].as_str().unwrap().to_owned();
    assert_eq!(b.get_as("/api/categories", Some(&token)).await.0, 200);

    let code = reset_code(&a, "reset@example.com").await;
    let reset = json!({ "email": "reset@example.com", "code": code, "newPassword": "a new password" });
    assert_eq!(a.post("/api/auth/reset-password", None, reset).await.0, 200);
    let ended = (401, json!({ "error": "Your session has ended. Please sign in again.", "code": "session_ended" }));
    for node in [&a, &b] {
        assert_eq!(node.get_as("/api/categories", Some(&token)).await, ended);
        assert_eq!(node.get_as("/api/auth/me", Some(&other_device)).await, ended);
    }
    let (status, fresh) = b.post("/api/auth/signin", None, json!({ "email": "reset@example.com", "password": "a new password" })).await;
    assert_eq!(status, 200);
    let fresh = fresh["token"].as_str().unwrap().to_owned();
    assert_eq!(a.get_as("/api/categories", Some(&fresh)).await.0, 200);

    // Sign out everywhere: this session and every other one end, on both nodes.
    let (_, second) = a.post("/api/auth/signin", None, json!({ "email": "reset@example.com", "password": "a new password" })).await;
    let second = second["token"].as_str().unwrap().to_owned();
    assert_eq!(b.post("/api/auth/signout-all", Some(&fresh), json!({})).await, (200, json!({ "message": "Signed out on every device" })));
    for node in [&a, &b] {
        assert_eq!(node.get_as("/api/auth/me", Some(&fresh)).await, ended);
        assert_eq!(node.get_as("/api/auth/me", Some(&second)).await, ended);
    }
    assert_eq!(a.post("/api/auth/signout-all", None, json!({})).await.0, 401);
    a.stop().await.unwrap();
    b.stop().await.unwrap();
}

#[tokio::test]
async fn verify_answers_alike_for_wrong_codes_unknown_and_verified_addresses_and_shows_no_profile() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    app.verified_user("known@example.com").await;
    app.sign_up("pending@example.com").await;
    let code = app.code_mailed_to("pending@example.com", "verification").await;
    let wrong = if code == "123456" { "654321" } else { "123456" };
    let wrong_code = (422, json!({ "error": "Invalid verification code", "code": "invalid_code" }));
    for email in ["known@example.com", "nobody@example.com", "pending@example.com"] {
        assert_eq!(app.post("/api/auth/verify", None, json!({ "email": email, "code": wrong })).await, wrong_code, "{email}");
    }
    // Even the old right code of a verified address shows nothing.
    let old = app.code_mailed_to("known@example.com", "verification").await;
    assert_eq!(app.post("/api/auth/verify", None, json!({ "email": "known@example.com", "code": old })).await, wrong_code);

    // resend-verification: the same answer for a verified, an unknown, a pending address, and
    // for one asked again too soon.
    let sent = (200, json!({ "message": "A new verification code has been sent to your email" }));
    for email in ["known@example.com", "nobody@example.com", "pending@example.com", "pending@example.com"] {
        assert_eq!(app.post("/api/auth/resend-verification", None, json!({ "email": email })).await, sent, "{email}");
    }
    app.stop().await.unwrap();
}

/// The median time of `n` calls of `call`.
async fn median_ms<F: std::future::Future<Output = (u16, Value)>>(n: usize, mut call: impl FnMut(usize) -> F) -> f64 {
    let mut times = Vec::new();
    for i in 0..n {
        let started = Instant::now();
        call(i).await;
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    times[n / 2]
}

#[tokio::test]
async fn known_and_unknown_addresses_take_the_same_time_on_the_code_calls() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    for i in 0..6 {
        app.verified_user(&format!("known{i}@example.com")).await;
    }
    let reset = |email: String| json!({ "email": email, "code": "123456", "newPassword": "whatever pass" });
    // Each address tried once (the code limit is per address), from its own client address.
    let known = median_ms(5, |i| {
        let body = reset(format!("known{i}@example.com"));
        let client = client_from([127, 0, 1, i as u8 + 1]);
        let app = &app;
        async move {
            let (status, _, body) = post_from(app, &client, "/api/auth/reset-password", body).await;
            (status, body)
        }
    })
    .await;
    let unknown = median_ms(5, |i| {
        let body = reset(format!("unknown{i}@example.com"));
        let client = client_from([127, 0, 2, i as u8 + 1]);
        let app = &app;
        async move {
            let (status, _, body) = post_from(app, &client, "/api/auth/reset-password", body).await;
            (status, body)
        }
    })
    .await;
    // Both hash the new password (tens of milliseconds); before, only a known address did.
    let (fast, slow) = (known.min(unknown), known.max(unknown));
    assert!(slow < fast * 3.0 + 5.0, "known {known:.1} ms, unknown {unknown:.1} ms");
    let forgot = |email: String| json!({ "email": email });
    let known = median_ms(5, |i| app.post("/api/auth/forgot-password", None, forgot(format!("known{i}@example.com")))).await;
    let unknown = median_ms(5, |i| app.post("/api/auth/forgot-password", None, forgot(format!("unknown{i}@example.com")))).await;
    let (fast, slow) = (known.min(unknown), known.max(unknown));
    assert!(slow < fast * 3.0 + 5.0, "known {known:.1} ms, unknown {unknown:.1} ms");
    app.stop().await.unwrap();
}

#[tokio::test]
async fn a_class_verifying_at_once_from_one_address_is_not_refused_for_each_others_right_codes() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    // 30 pupils, more than the address's 20 free tries, send their right codes at the same moment.
    let emails: Vec<String> = (0..30).map(|i| format!("pupil{i}@example.com")).collect();
    let mut codes = Vec::new();
    for email in &emails {
        app.sign_up(email).await;
        codes.push(app.code_mailed_to(email, "verification").await);
    }
    let answers =
        futures::future::join_all(emails.iter().zip(&codes).map(|(email, code)| app.post("/api/auth/verify", None, json!({ "email": email, "code": code }))))
            .await;
    for (status, body) in answers {
        assert_eq!(status, 200, "{body}");
    }
    app.stop().await.unwrap();
}

#[tokio::test]
async fn code_guessing_is_held_back_per_address_typed_and_per_client_with_a_growing_wait() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    app.sign_up("guess@example.com").await;
    let code = app.code_mailed_to("guess@example.com", "verification").await;
    let wrong = |i: u32| format!("{:06}", (code.parse::<u32>().unwrap() + 1 + i) % 1_000_000);
    let client = client_from([127, 0, 3, 1]);
    for i in 0..5 {
        let (status, _, _) = post_from(&app, &client, "/api/auth/verify", json!({ "email": "guess@example.com", "code": wrong(i) })).await;
        assert_eq!(status, 422);
    }
    let (status, retry_after, body) = post_from(&app, &client, "/api/auth/verify", json!({ "email": "guess@example.com", "code": code })).await;
    assert_eq!((status, body["code"].as_str()), (429, Some("too_many_attempts")));
    let wait: u64 = retry_after.expect("every 429 says when to come back").parse().unwrap();
    assert!((55..=60).contains(&wait), "{wait}");

    // An unknown address is held back the same way (the answer tells nothing).
    for i in 0..5 {
        assert_eq!(post_from(&app, &client, "/api/auth/verify", json!({ "email": "ghost@example.com", "code": wrong(i) })).await.0, 422);
    }
    assert_eq!(post_from(&app, &client, "/api/auth/verify", json!({ "email": "ghost@example.com", "code": wrong(9) })).await.0, 429);

    // One client address spraying many accounts is held back too, on the reset call as well.
    let sprayer = client_from([127, 0, 3, 2]);
    let mut refused = None;
    for i in 0..40 {
        let body = json!({ "email": format!("victim{i}@example.com"), "code": "000000", "newPassword": "whatever pass" });
        let (status, retry_after, _) = post_from(&app, &sprayer, "/api/auth/reset-password", body).await;
        if status == 429 {
            refused = Some((i, retry_after.unwrap()));
            break;
        }
        assert_eq!(status, 422);
    }
    let (tries, _) = refused.expect("a client address is held back");
    assert_eq!(tries, 20, "free tries per client address");
    app.stop().await.unwrap();
}

#[tokio::test]
async fn a_password_guesser_is_slowed_without_locking_out_the_owner() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    app.verified_user("owner@example.com").await;
    let guesser = client_from([127, 0, 4, 1]);
    let owner = client_from([127, 0, 4, 2]);
    let guess = json!({ "email": "owner@example.com", "password": "guess guess" });
    for _ in 0..5 {
        assert_eq!(post_from(&app, &guesser, "/api/auth/signin", guess.clone()).await.0, 401);
    }
    let (status, retry_after, body) = post_from(&app, &guesser, "/api/auth/signin", guess.clone()).await;
    assert_eq!(status, 429, "{body}");
    let first_wait: u64 = retry_after.unwrap().parse().unwrap();
    assert!((25..=30).contains(&first_wait), "{first_wait}");
    // The owner, from their own address, signs in at once.
    let right = json!({ "email": "owner@example.com", "password": "correct horse" });
    assert_eq!(post_from(&app, &owner, "/api/auth/signin", right).await.0, 200);
    app.stop().await.unwrap();
}

#[tokio::test]
async fn account_fields_are_bounded_and_free_of_control_characters() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let sign_up = |first: &str, email: &str, institute: Option<&str>, password: &str| json!({ "firstName": first, "lastName": "Lovelace", "email": email, "password": password, "instituteName": institute });
    let refused = |field: &str, error: &str| (400, json!({ "error": error, "code": "invalid_input", "details": { "field": field } }));
    let huge = "A".repeat(1_500_000);
    let cases = [
        (sign_up(&huge, "a@example.com", None, "correct horse"), refused("firstName", "First name must be at most 50 characters")),
        (sign_up(&"B".repeat(51), "a@example.com", None, "correct horse"), refused("firstName", "First name must be at most 50 characters")),
        (sign_up("Ada\u{0}", "a@example.com", None, "correct horse"), refused("firstName", "First name must not contain control characters")),
        (sign_up("Ada", "a\u{0}@example.com", None, "correct horse"), refused("email", "Please enter a valid email")),
        (sign_up("Ada", "a@example.com", Some(&"I".repeat(101)), "correct horse"), refused("instituteName", "Institute name must be at most 100 characters")),
        (sign_up("Ada", "a@example.com", Some("Line\nbreak"), "correct horse"), refused("instituteName", "Institute name must not contain control characters")),
        (sign_up("Ada", "a@example.com", None, &"p".repeat(1025)), refused("password", "Password must be at most 1024 characters")),
    ];
    for (body, expected) in cases {
        let (status, answer) = app.post("/api/auth/signup", None, body).await;
        assert_eq!((status, answer), expected);
    }
    let (status, answer) = app.post("/api/auth/signup", None, sign_up(&"C".repeat(50), "ok@example.com", Some("École 1"), "correct horse")).await;
    assert_eq!(status, 201, "{answer}");
    app.stop().await.unwrap();
}

#[tokio::test]
async fn every_too_many_answer_says_when_to_come_back() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    app.verified_user("limits@example.com").await;
    let client = client_from([127, 0, 5, 1]);
    let mut answers = Vec::new();
    for _ in 0..7 {
        let (status, retry_after, _) = post_from(&app, &client, "/api/auth/signin", json!({ "email": "limits@example.com", "password": "nope nope" })).await;
        answers.push((status, retry_after.is_some()));
    }
    assert!(answers.iter().all(|(status, has_wait)| *status != 429 || *has_wait), "{answers:?}");
    assert!(answers.iter().any(|(status, _)| *status == 429));
    app.stop().await.unwrap();
}

#[tokio::test]
async fn quiz_texts_refuse_control_characters_but_keep_line_breaks() {
    let db = TestDb::sqlite();
    let app = spawn_app(&db).await;
    let (host, _) = app.verified_user("texts@example.com").await;
    let csv = QUIZ_CSV.as_bytes().to_vec();
    let fields = |title: &'static str| [("title", title), ("timeLimit", "5"), ("validityOption", "24h")];
    let (status, body) = app.multipart("/api/hostQuiz/upload", &host, &fields("Quiz\u{1}night"), Some(("quiz.csv", csv.clone()))).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("The title must not contain control characters")));
    let (status, quiz) = app.multipart("/api/hostQuiz/upload", &host, &fields("Quiz night"), Some(("quiz.csv", csv))).await;
    assert_eq!(status, 201, "{quiz}");
    let id = quiz["quiz"]["id"].as_i64().unwrap();

    let (status, body) = app.post("/api/audience", Some(&host), json!({ "name": "7B\u{0}", "emails": "a@example.com" })).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("A list name must not contain control characters")));

    let edit = |text: &str, explanation: &str| json!({ "categoryId": id, "questions": [{ "text": text, "optionA": "w", "optionB": "x", "optionC": "y", "optionD": "z", "answer": "A", "explanation": explanation }] });
    let (status, body) = app.post("/api/question/update-category-questions", Some(&host), edit("Bell\u{7}?", "")).await;
    assert_eq!((status, body["error"].as_str()), (400, Some("Question 1 holds a control character")));
    let (status, _) = app.post("/api/question/update-category-questions", Some(&host), edit("Which?", "x\u{1b}[31m")).await;
    assert_eq!(status, 400);
    // Tabs and line breaks are text, not control: a question may run over lines.
    let (status, body) = app.post("/api/question/update-category-questions", Some(&host), edit("Line one\nline\ttwo?", "Because\r\nso.")).await;
    assert_eq!(status, 200, "{body}");
    app.stop().await.unwrap();
}
