//! Pictures in the live benchmark (issue 30, `QUIZROOM_BENCH_MEDIA=1`): every question shows the
//! same photo; each phone fetches its phone-sized file by the signed link in the question's view
//! as soon as the view arrives, as a browser does, and keeps it (the link is the same all hour and
//! the file `immutable`, so a phone fetches it once, as a browser's cache would). It records how
//! long each fetch took and whether it ended before the answer window opened.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::sync::Semaphore;

use crate::support::{Server, ms, percentile};

/// One phone's fetch of a question's picture.
struct Load {
    index: i64,
    took: Duration,
    late: bool,
    bytes: usize,
}

pub struct Pictures {
    client: reqwest::Client,
    base: String,
    /// Fetches in flight at once from the generator (a room's phones each have their own
    /// connection; the generator shares a pool).
    fetching: Semaphore,
    loads: Mutex<Vec<Load>>,
    /// Fetches that failed, and the first one's reason.
    failed: Mutex<(usize, Option<String>)>,
}

/// A 1,600 × 1,200 photo-like JPEG (a gradient with grain), made here.
fn photo() -> Vec<u8> {
    let image = image::RgbImage::from_fn(1600, 1200, |x, y| {
        let grain = ((x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503)) >> 7) % 24;
        image::Rgb([(x / 7 + grain) as u8, (y / 5 + grain) as u8, ((x + y) / 11 + grain) as u8])
    });
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 90).encode_image(&image).unwrap();
    bytes
}

/// A quiz of `questions` questions A–D, each showing the same photo, hosted by `host`; its id.
pub async fn picture_quiz(server: &Server, host: &str, questions: usize) -> i64 {
    let form = reqwest::multipart::Form::new().part("file", reqwest::multipart::Part::bytes(photo()).file_name("photo.jpg"));
    let uploaded: Value = server.client.post(server.url("/api/media")).bearer_auth(host).multipart(form).send().await.unwrap().json().await.unwrap();
    let id = |size: &str| uploaded["files"].as_array().unwrap().iter().find(|f| f["size"] == size).unwrap()["id"].clone();
    let mut csv = "Question,Option A,Option B,Option C,Option D,Correct Option Letter\n".to_owned();
    for n in 1..=questions {
        csv.push_str(&format!("Picture {n}?,a,b,c,d,B\n"));
    }
    let form = reqwest::multipart::Form::new()
        .text("title", "Pictures")
        .text("timeLimit", "15")
        .text("validityOption", "24h")
        .part("file", reqwest::multipart::Part::bytes(csv.into_bytes()).file_name("quiz.csv"));
    let created: Value = server.client.post(server.url("/api/hostQuiz/upload")).bearer_auth(host).multipart(form).send().await.unwrap().json().await.unwrap();
    let quiz_id = created["quiz"]["id"].as_i64().unwrap();
    let media = json!({ "kind": "image", "phone": { "id": id("phone") }, "projector": { "id": id("projector") }, "alt": "A photo" });
    let pictured: Vec<Value> = (1..=questions)
        .map(|n| json!({ "text": format!("Picture {n}?"), "optionA": "a", "optionB": "b", "optionC": "c", "optionD": "d", "answer": "B", "media": media }))
        .collect();
    server.post("/api/question/update-category-questions", host, json!({ "categoryId": quiz_id, "questions": pictured })).await;
    quiz_id
}

impl Pictures {
    pub fn new(server: &Server) -> Arc<Pictures> {
        let client = reqwest::Client::builder().pool_max_idle_per_host(256).build().unwrap();
        Arc::new(Pictures { client, base: server.url(""), fetching: Semaphore::new(256), loads: Mutex::new(Vec::new()), failed: Mutex::new((0, None)) })
    }

    /// A phone saw question `index` showing `media` (its view arrived at `arrived`; answers open
    /// at `opens_at`): it fetches the picture unless `cache` (the phone's) has it.
    pub fn seen(self: &Arc<Self>, cache: &mut HashMap<String, ()>, index: i64, media: &Value, opens_at: i64, arrived: Instant) {
        let Some(url) = media["phone"]["url"].as_str() else { return };
        if cache.insert(url.to_owned(), ()).is_some() {
            return;
        }
        let (pictures, url) = (self.clone(), format!("{}{url}", self.base.trim_end_matches('/')));
        tokio::spawn(async move {
            let _place = pictures.fetching.acquire().await.unwrap();
            let fetched = match pictures.client.get(url).send().await {
                Ok(response) if response.status().is_success() => response.bytes().await.map(|b| b.len()).map_err(|e| e.to_string()),
                Ok(response) => Err(format!("status {}", response.status())),
                Err(e) => Err(format!("{e:?}")),
            };
            let bytes = match fetched {
                Ok(bytes) => bytes,
                Err(why) => {
                    let mut failed = pictures.failed.lock().unwrap();
                    failed.0 += 1;
                    failed.1.get_or_insert(why);
                    return;
                }
            };
            let late = crate::now_ms() > opens_at;
            pictures.loads.lock().unwrap().push(Load { index, took: arrived.elapsed(), late, bytes });
        });
    }

    /// Question `index`'s fetches, in words: how many phones, p99 and slowest, how many late.
    pub fn report(&self, index: i64) -> String {
        let loads = self.loads.lock().unwrap();
        let mut took: Vec<Duration> = loads.iter().filter(|l| l.index == index).map(|l| l.took).collect();
        if took.is_empty() {
            return "cached".to_owned();
        }
        took.sort_unstable();
        let late = loads.iter().filter(|l| l.index == index && l.late).count();
        format!("{} fetched, p99 {:.0} ms (max {:.0}), {late} after the window opened", took.len(), ms(percentile(&took, 0.99)), ms(*took.last().unwrap()))
    }

    /// Every fetch: how many, the bytes sent, and how many failed.
    pub fn totals(&self) -> String {
        let loads = self.loads.lock().unwrap();
        let bytes: usize = loads.iter().map(|l| l.bytes).sum();
        let late = loads.iter().filter(|l| l.late).count();
        format!(
            "pictures: {} fetched ({:.1} KB each), {:.1} MB sent in all; {late} ended after the answer window opened; {} failed{}",
            loads.len(),
            loads.first().map_or(0.0, |l| l.bytes as f64 / 1000.0),
            bytes as f64 / 1e6,
            self.failed.lock().unwrap().0,
            self.failed.lock().unwrap().1.as_ref().map_or(String::new(), |why| format!(" (the first: {why})"))
        )
    }
}
