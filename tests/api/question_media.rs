//! Media on questions (issue 30, `docs/media-api.md`) on both backends: a host saves questions
//! showing a picture and a sound by the ids the upload gave; the server takes each file's type
//! and size from the stored file, the host reads them back, a player who joined is served them
//! with links that fetch the files, and the read model names the files each version showed.
//! Media that is not stored, of another kind, or without alt text or a transcript is refused
//! naming its question, and nothing saved is lost.

use quizroom_eventstore::backend_tests;
use quizroom_eventstore::testing::TestDb;
use quizroom_projections::quiz::read as quizzes;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};
use crate::media::sideways_photo;
use crate::question_types::{at, put, quiz_of};

backend_tests! {
    a_question_shows_its_picture_and_sound_to_the_players_served_it,
    media_not_stored_of_another_kind_or_without_its_texts_is_refused_naming_the_question,
    a_hotspot_is_fitted_to_its_picture_served_without_its_regions_and_judged_by_point_or_by_name,
}

/// A few bytes an MP3 is told by: an ID3 tag, then an MPEG frame.
pub(crate) fn mp3() -> Vec<u8> {
    [b"ID3\x03\0\0\0\0\0\x02\0\0".as_slice(), &[0xFF, 0xFB, 0x90, 0x64], &[0; 400]].concat()
}

/// Saves quiz `id`'s questions again as the host loaded them (`loaded`, links and all, the A–D
/// ones' right letter as their answer) and loads them once more.
pub(crate) async fn saved_again(app: &TestApp, host: &str, id: i64, loaded: &Value) -> Value {
    let again: Vec<Value> = loaded["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| {
            let mut q = q.clone();
            if let Some(letter) = q.get("correctLetter").cloned() {
                q["answer"] = letter;
            }
            q
        })
        .collect();
    let (status, body) = app.post("/api/question/update-category-questions", Some(host), json!({ "categoryId": id, "questions": again })).await;
    assert_eq!(status, 200, "{body}");
    app.get_as(&format!("/api/question/{id}/with-answers"), Some(host)).await.1
}

/// Uploads `bytes`; the files' ids by size (`phone`, `projector`, `original`).
async fn uploaded(app: &TestApp, token: &str, bytes: Vec<u8>) -> Value {
    let (status, body) = app.multipart("/api/media", token, &[], Some(("file", bytes))).await;
    assert_eq!(status, 201, "{body}");
    let mut ids = serde_json::Map::new();
    for file in body["files"].as_array().unwrap() {
        ids.insert(file["size"].as_str().unwrap().to_owned(), file["id"].clone());
    }
    Value::Object(ids)
}

fn pictured(ids: &Value, alt: &str) -> Value {
    json!({ "text": "Which flag is this?", "optionA": "France", "optionB": "Italy", "optionC": "Chad", "optionD": "Peru", "answer": "A",
        "media": { "kind": "image", "phone": { "id": ids["phone"] }, "projector": { "id": ids["projector"] }, "alt": alt } })
}

fn sounded(ids: &Value, transcript: &str) -> Value {
    json!({ "text": "Is this French?", "definition": { "type": "true_false", "answer": true },
        "media": { "kind": "audio", "file": { "id": ids["original"] }, "transcript": transcript } })
}

async fn a_question_shows_its_picture_and_sound_to_the_players_served_it(db: &TestDb) {
    let app = spawn_app(db).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let (player, _) = app.verified_user("player@example.com").await;
    let picture = uploaded(&app, &host, sideways_photo()).await;
    let sound = uploaded(&app, &host, mp3()).await;
    let id = quiz_of(&app, &host, vec![pictured(&picture, "  A flag of red and blue halves "), sounded(&sound, "Bonjour !")]).await;

    // The host reads them back: type and size from the stored files, the alt text trimmed.
    let (status, loaded) = app.get_as(&format!("/api/question/{id}/with-answers"), Some(&host)).await;
    assert_eq!(status, 200, "{loaded}");
    let media = &loaded["questions"][0]["media"];
    assert_eq!(
        (media["kind"].as_str(), media["alt"].as_str(), media["decorative"].as_bool()),
        (Some("image"), Some("A flag of red and blue halves"), Some(false))
    );
    assert_eq!(
        (media["phone"]["type"].as_str(), media["phone"]["width"].as_u64(), media["phone"]["height"].as_u64()),
        (Some("image/jpeg"), Some(768), Some(1024))
    );
    assert_eq!(media["projector"]["id"], picture["projector"]);
    let sound_media = &loaded["questions"][1]["media"];
    assert_eq!((sound_media["file"]["type"].as_str(), sound_media["transcript"].as_str()), (Some("audio/mpeg"), Some("Bonjour !")));
    assert!(sound_media["file"].get("width").is_none());

    // Saved again as loaded (links and all): nothing changes.
    let reloaded = saved_again(&app, &host, id, &loaded).await;
    assert_eq!(reloaded["questions"][0]["media"]["phone"]["id"], picture["phone"]);

    // A player who joined is served the media with links that fetch the files.
    let (_, quiz) = app.get_as(&format!("/api/hostQuiz/quiz/{id}"), Some(&host)).await;
    let code = quiz["category"]["quizCode"].as_str().unwrap();
    let (status, _) = app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}&email=player@example.com"), Some(&player)).await;
    assert_eq!(status, 200);
    let (status, served) = app.get_as(&format!("/api/question/{id}"), Some(&player)).await;
    assert_eq!(status, 200, "{served}");
    let served_media = &served["questions"][0]["media"];
    assert_eq!(served_media["alt"], "A flag of red and blue halves");
    let phone = app.client.get(app.url(served_media["phone"]["url"].as_str().unwrap())).send().await.unwrap();
    assert_eq!((phone.status().as_u16(), phone.headers()["content-type"].to_str().unwrap()), (200, "image/jpeg"));
    let sound_url = served["questions"][1]["media"]["file"]["url"].as_str().unwrap();
    assert_eq!(app.client.get(app.url(sound_url)).send().await.unwrap().bytes().await.unwrap().to_vec(), mp3());
    // Links signed within the hour are the same, so a room shares one cached copy.
    let (_, served_again) = app.get_as(&format!("/api/question/{id}"), Some(&player)).await;
    assert_eq!(served_again["questions"][0]["media"]["phone"]["url"], served_media["phone"]["url"]);

    // Someone who did not join is served nothing (media links included).
    let (stranger, _) = app.verified_user("stranger@example.com").await;
    let (status, refused) = app.get_as(&format!("/api/question/{id}"), Some(&stranger)).await;
    assert_eq!(status, 404, "{refused}");

    // The read model names each version's files.
    let store = crate::helpers::open(&db.url).await;
    let category = quizzes::category(store.pool(), id).await.unwrap().unwrap();
    let rows = quizzes::questions(store.pool(), id, category.quiz_version).await.unwrap();
    assert_eq!(rows[0].media.as_ref().map(|m| m.files()[0].id.clone()), picture["phone"].as_str().map(str::to_owned));
    app.stop().await.unwrap();
}

async fn media_not_stored_of_another_kind_or_without_its_texts_is_refused_naming_the_question(db: &TestDb) {
    let app = spawn_app(db).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let picture = uploaded(&app, &host, sideways_photo()).await;
    let sound = uploaded(&app, &host, mp3()).await;
    let id = quiz_of(&app, &host, vec![pictured(&picture, "A flag")]).await;
    let save = |questions: Vec<Value>| {
        let body = json!({ "categoryId": id, "questions": questions });
        let app = &app;
        let host = host.clone();
        async move { app.post("/api/question/update-category-questions", Some(&host), body).await }
    };
    let unknown = json!({ "phone": "0".repeat(64), "projector": "0".repeat(64) });
    let cases = [
        (vec![pictured(&picture, "A flag"), pictured(&unknown, "A flag")], "Question 2: media.phone: no such file among your uploads; upload it again"),
        (
            vec![pictured(&json!({ "phone": sound["original"], "projector": picture["projector"] }), "A flag")],
            "Question 1: media.phone: the file is a sound, not a picture",
        ),
        (vec![sounded(&json!({ "original": picture["phone"] }), "Bonjour")], "Question 1: media.file: the file is a picture, not a sound"),
        (vec![pictured(&picture, " ")], "Question 1: media.alt: describe the image for those who cannot see it, or mark it decorative"),
        (vec![sounded(&sound, "")], "Question 1: media.transcript: give a transcript of the sound for those who cannot hear it"),
        (
            vec![pictured(&json!({ "phone": "../../../etc/passwd", "projector": picture["projector"] }), "A flag")],
            "Question 1: media.phone: name an uploaded file by the id the upload gave",
        ),
    ];
    for (questions, message) in cases {
        let (status, refused) = save(questions).await;
        assert_eq!((status, refused["error"].as_str()), (422, Some(message)), "{refused}");
    }
    let mut hologram = pictured(&picture, "A flag");
    hologram["media"]["kind"] = json!("hologram");
    let (status, refused) = save(vec![hologram]).await;
    assert_eq!(status, 422, "{refused}");
    assert!(refused["error"].as_str().unwrap().starts_with("Question 1: media: unknown variant `hologram`"), "{refused}");

    // A decorative picture needs no alt text, and may not have one.
    let mut decorative = pictured(&picture, "");
    decorative["media"]["decorative"] = json!(true);
    assert_eq!(save(vec![decorative.clone()]).await.0, 200);
    decorative["media"]["alt"] = json!("A flag");
    assert_eq!(save(vec![decorative]).await.0, 422);

    // Nothing refused was saved: the decorative picture stands.
    let (_, loaded) = app.get_as(&format!("/api/question/{id}/with-answers"), Some(&host)).await;
    assert_eq!(loaded["questions"].as_array().unwrap().len(), 1);
    assert_eq!(loaded["questions"][0]["media"]["decorative"], true);
    app.stop().await.unwrap();
}

/// A hotspot on the sideways photo (1,200 × 1,600 upright): Paris a circle, Lyon a rectangle,
/// Nice a triangle.
fn hotspot(ids: &Value) -> Value {
    json!({ "text": "Where is Paris?", "definition": { "type": "hotspot", "regions": [
            { "name": "Paris", "right": true, "shape": { "kind": "circle", "x": 0.5, "y": 0.2, "r": 0.1 } },
            { "name": "Lyon", "shape": { "kind": "rect", "x": 0.5, "y": 0.5, "w": 0.2, "h": 0.1 } },
            { "name": "Nice", "shape": { "kind": "polygon", "points": [[0.8, 0.8], [0.95, 0.8], [0.9, 0.95]] } } ] },
        "media": { "kind": "image", "phone": { "id": ids["phone"] }, "projector": { "id": ids["projector"] }, "alt": "A map of France" } })
}

async fn a_hotspot_is_fitted_to_its_picture_served_without_its_regions_and_judged_by_point_or_by_name(db: &TestDb) {
    let app = spawn_app(db).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let (player, _) = app.verified_user("player@example.com").await;
    let picture = uploaded(&app, &host, sideways_photo()).await;

    // Without a picture: refused.
    let mut bare = hotspot(&picture);
    bare["media"] = Value::Null;
    let quiz = quiz_of(&app, &host, vec![pictured(&picture, "A flag")]).await;
    let (status, refused) = app.post("/api/question/update-category-questions", Some(&host), json!({ "categoryId": quiz, "questions": [bare] })).await;
    assert_eq!((status, refused["error"].as_str()), (422, Some("Question 1: a hotspot question needs a picture to point at")));

    let id = quiz_of(&app, &host, vec![hotspot(&picture), hotspot(&picture)]).await;
    let (_, loaded) = app.get_as(&format!("/api/question/{id}/with-answers"), Some(&host)).await;
    let aspect = loaded["questions"][0]["definition"]["aspect"].as_f64().unwrap();
    assert!((aspect - 1600.0 / 1200.0).abs() < 1e-9, "fitted to the upright picture: {aspect}");

    let (_, quiz) = app.get_as(&format!("/api/hostQuiz/quiz/{id}"), Some(&host)).await;
    let code = quiz["category"]["quizCode"].as_str().unwrap();
    app.get_as(&format!("/api/hostQuiz/checkQuiz?quizCode={code}&email=player@example.com"), Some(&player)).await;
    let (_, served) = app.get_as(&format!("/api/question/{id}"), Some(&player)).await;
    let first = &served["questions"][0];
    assert_eq!(first["type"], "hotspot");
    let mut names: Vec<&str> = first["regions"].as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
    names.sort_unstable();
    assert_eq!(names, ["Lyon", "Nice", "Paris"]);
    for secret in ["shape", "right", "aspect", "\"x\""] {
        assert!(!first.to_string().contains(secret), "{secret} served: {first}");
    }

    // A point 0.07 of the height below Paris's centre (under a tenth of the width, the picture
    // being taller than wide) is inside its circle. The other question: Paris chosen by its name.
    let (_, attempt) = app.post("/api/attempt/start", Some(&player), json!({ "categoryId": id })).await;
    let attempt_id = attempt["attemptId"].as_str().unwrap();
    let ids: Vec<i64> = served["questions"].as_array().unwrap().iter().map(|q| q["id"].as_i64().unwrap()).collect();
    let (status, saved) = put(&app, &player, attempt_id, json!({ "questionId": ids[0], "response": { "point": [0.5, 0.27] } })).await;
    assert_eq!(status, 200, "{saved}");
    let paris = at(&served["questions"][1]["regions"], "Paris");
    assert_eq!(put(&app, &player, attempt_id, json!({ "questionId": ids[1], "response": { "region": paris } })).await.0, 200);
    // Off the picture, a region that does not exist, another shape: refused, nothing lost.
    for wrong in [json!({ "point": [1.5, 0.2] }), json!({ "region": 3 }), json!({ "choice": 0 })] {
        let (status, refused) = put(&app, &player, attempt_id, json!({ "questionId": ids[0], "response": wrong })).await;
        assert_eq!(status, 400, "{refused}");
    }
    let (status, result) = app.post("/api/question/score", Some(&player), json!({ "categoryId": id, "answers": [] })).await;
    assert_eq!(status, 200, "{result}");
    assert_eq!(result["score"].as_i64(), Some(2), "{result}");
    let feedback = result["feedback"].as_array().unwrap();
    assert_eq!(feedback[1]["response"], json!({ "region": 0 }), "recorded by the definition's order");
    assert!(feedback[0]["media"]["phone"]["url"].as_str().is_some(), "the feedback shows the picture: {}", feedback[0]);

    // By the saved definition: just inside and just outside the circle below its centre.
    let judged = quizroom_domain::question::QuestionKind::Hotspot {
        regions: serde_json::from_value(loaded["questions"][0]["definition"]["regions"].clone()).unwrap(),
        aspect,
    };
    use quizroom_domain::question::Response;
    assert_eq!(judged.judge(&Response::Point([0.5, 0.274])), Ok(Some(1.0)));
    assert_eq!(judged.judge(&Response::Point([0.5, 0.276])), Ok(Some(0.0)));
    app.stop().await.unwrap();
}
