//! Uploading and serving media (issue 30, `docs/media-api.md`) on both backends: a phone photo
//! comes back upright without its EXIF in two sizes behind signed links; what is not an accepted
//! kind, too large, a decompression bomb, an unverified account, a flood, and a guessed, altered
//! or expired link are each refused with their reason.

use std::sync::Arc;

use image::codecs::jpeg::JpegEncoder;
use image::{ImageEncoder, Rgb, RgbImage};
use quizroom_api::clock::ShiftedClock;
use quizroom_api::startup::Services;
use quizroom_eventstore::backend_tests;
use quizroom_eventstore::testing::TestDb;

use crate::helpers::{TestApp, spawn_app_with};

backend_tests! {
    a_photo_is_stored_upright_without_exif_and_served_by_a_signed_link,
    what_is_not_an_accepted_image_sound_or_video_is_refused_with_its_reason,
    a_link_that_is_guessed_altered_or_expired_is_refused,
    an_account_over_its_storage_quota_is_refused_and_a_file_it_has_costs_nothing,
    a_sound_is_served_in_the_parts_a_player_seeks,
}

/// `frames` frames of silence as an MP3 (MPEG-1 layer III, 128 kbit/s, 417 bytes each), the
/// first byte of the last frame's padding `tag` (to tell files apart).
fn silence(frames: usize, tag: u8) -> Vec<u8> {
    let mut mp3: Vec<u8> = (0..frames).flat_map(|_| [[0xFF, 0xFB, 0x90, 0x64].as_slice(), &[0; 413]].concat()).collect();
    *mp3.last_mut().unwrap() = tag;
    mp3
}

async fn an_account_over_its_storage_quota_is_refused_and_a_file_it_has_costs_nothing(db: &TestDb) {
    let app = spawn_app_with(db, |c| c.media_quota_mb = 1, Services::default()).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let (other, _) = app.verified_user("other@example.com").await;
    // 1,500 frames: 625,500 bytes, over half the quota.
    let (status, _) = upload(&app, &host, "a.mp3", silence(1_500, 1)).await;
    assert_eq!(status, 201);
    let (status, again) = upload(&app, &host, "a-again.mp3", silence(1_500, 1)).await;
    assert_eq!(status, 201, "the same file again costs nothing: {again}");
    let (status, refused) = upload(&app, &host, "b.mp3", silence(1_500, 2)).await;
    assert_eq!((status, refused["code"].as_str()), (413, Some("quota_full")), "{refused}");
    assert_eq!(
        refused["error"],
        "Your media storage is full: 0.6 of 1.0 MB used, and this file needs 0.6 MB more. Use a file you have uploaded before (it costs nothing again), or upload a smaller one."
    );
    // Another account has its own quota.
    assert_eq!(upload(&app, &other, "b.mp3", silence(1_500, 2)).await.0, 201);
    app.stop().await.unwrap();
}

async fn a_sound_is_served_in_the_parts_a_player_seeks(db: &TestDb) {
    let app = spawn_app_with(db, |_| {}, Services::default()).await;
    let (host, _) = app.verified_user("host@example.com").await;
    // Small (from memory) and over the 2 MB kept in memory (from disk as it is sent).
    for frames in [100, 6_000] {
        let sound = silence(frames, 3);
        let (status, uploaded) = upload(&app, &host, "a.mp3", sound.clone()).await;
        assert_eq!(status, 201, "{uploaded}");
        let url = app.url(uploaded["files"][0]["url"].as_str().unwrap());
        let len = sound.len();
        let get = |range: &'static str| app.client.get(&url).header("range", range).send();
        let part = get("bytes=100-199").await.unwrap();
        assert_eq!(part.status(), 206);
        assert_eq!(part.headers()["content-range"].to_str().unwrap(), format!("bytes 100-199/{len}"));
        assert_eq!(part.headers()["accept-ranges"], "bytes");
        assert_eq!(part.bytes().await.unwrap().to_vec(), sound[100..200]);
        let tail = get("bytes=-10").await.unwrap();
        assert_eq!((tail.status().as_u16(), tail.bytes().await.unwrap().to_vec()), (206, sound[len - 10..].to_vec()));
        let past = app.client.get(&url).header("range", format!("bytes={len}-")).send().await.unwrap();
        assert_eq!((past.status().as_u16(), past.headers()["content-range"].to_str().unwrap()), (416, format!("bytes */{len}").as_str()));
        // Several ranges, or none: the whole file.
        let whole = get("bytes=0-1,5-6").await.unwrap();
        assert_eq!((whole.status().as_u16(), whole.bytes().await.unwrap().len()), (200, len));
        let whole = app.client.get(&url).send().await.unwrap();
        assert_eq!((whole.status().as_u16(), whole.headers()["content-type"].to_str().unwrap()), (200, "audio/mpeg"));
        assert_eq!(whole.bytes().await.unwrap().to_vec(), sound);
    }
    // An ID3 tag (a cover picture, say) longer than the first megabyte read to tell a large
    // file's kind: served as the sound it is, and a question may show it.
    let tag = 1_500_000usize;
    let syncsafe = [21, 14, 7, 0].map(|shift| ((tag >> shift) & 0x7F) as u8);
    let tagged = [b"ID3\x03\0\0".as_slice(), &syncsafe, &vec![0; tag], &silence(3_000, 4)].concat();
    let (status, uploaded) = upload(&app, &host, "cover.mp3", tagged).await;
    assert_eq!(status, 201, "{uploaded}");
    let whole = app.client.get(app.url(uploaded["files"][0]["url"].as_str().unwrap())).send().await.unwrap();
    assert_eq!(whole.headers()["content-type"].to_str().unwrap(), "audio/mpeg");
    let question = serde_json::json!({ "text": "Which bird sings?", "definition": { "type": "true_false", "answer": true },
        "media": { "kind": "audio", "file": { "id": uploaded["files"][0]["id"] }, "transcript": "Birdsong" } });
    crate::question_types::quiz_of(&app, &host, vec![question]).await;
    app.stop().await.unwrap();
}

/// A 1,600 × 1,200 JPEG stored sideways (EXIF orientation 6) with a GPS-like note in its EXIF.
pub(crate) fn sideways_photo() -> Vec<u8> {
    let image = RgbImage::from_fn(1600, 1200, |x, _| if x < 800 { Rgb([220, 20, 20]) } else { Rgb([20, 20, 220]) });
    let mut exif = b"II\x2a\0\x08\0\0\0\x02\0".to_vec();
    exif.extend_from_slice(&[0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0]);
    exif.extend_from_slice(&[0x0E, 0x01, 2, 0, 8, 0, 0, 0, 38, 0, 0, 0, 0, 0, 0, 0]);
    exif.extend_from_slice(b"GPS-N51\0");
    let mut bytes = Vec::new();
    let mut encoder = JpegEncoder::new_with_quality(&mut bytes, 90);
    encoder.set_exif_metadata(exif).unwrap();
    encoder.write_image(image.as_raw(), 1600, 1200, image::ExtendedColorType::Rgb8).unwrap();
    bytes
}

async fn upload(app: &TestApp, token: &str, name: &str, bytes: Vec<u8>) -> (u16, serde_json::Value) {
    app.multipart("/api/media", token, &[], Some((name, bytes))).await
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

async fn a_photo_is_stored_upright_without_exif_and_served_by_a_signed_link(db: &TestDb) {
    let app = spawn_app_with(db, |_| {}, Services::default()).await;
    let (host, _) = app.verified_user("host@example.com").await;
    // Named and declared as something else: its bytes decide.
    let (status, uploaded) = upload(&app, &host, "notes.txt", sideways_photo()).await;
    assert_eq!(status, 201, "{uploaded}");
    assert_eq!((uploaded["kind"].as_str(), uploaded["width"].as_u64(), uploaded["height"].as_u64()), (Some("image"), Some(1200), Some(1600)));
    let files = uploaded["files"].as_array().unwrap();
    let sizes: Vec<(&str, u64, u64, &str)> =
        files.iter().map(|f| (f["size"].as_str().unwrap(), f["width"].as_u64().unwrap(), f["height"].as_u64().unwrap(), f["type"].as_str().unwrap())).collect();
    assert_eq!(sizes, [("phone", 768, 1024, "image/jpeg"), ("projector", 1200, 1600, "image/jpeg")]);

    // Anyone holding the link may fetch it, signed in or not: the link is the permission.
    let url = files[1]["url"].as_str().unwrap();
    assert!(url.starts_with(&format!("/api/media/{}?expires=", files[1]["id"].as_str().unwrap())), "{url}");
    let response = app.client.get(app.url(url)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "image/jpeg");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["content-security-policy"], "default-src 'none'; sandbox");
    assert!(headers["cache-control"].to_str().unwrap().starts_with("private, max-age="), "{:?}", headers["cache-control"]);
    let etag = headers["etag"].to_str().unwrap().to_owned();
    assert_eq!(etag, format!("\"{}\"", files[1]["id"].as_str().unwrap()));
    let bytes = response.bytes().await.unwrap();
    assert_eq!(bytes.len() as u64, files[1]["bytes"].as_u64().unwrap());
    assert_eq!(quizroom_media::content_id(&bytes), files[1]["id"].as_str().unwrap(), "named by the SHA-256 of its bytes");
    assert!(!contains(&bytes, b"GPS-N51") && !contains(&bytes, b"Exif\0"), "the EXIF is gone");
    assert_eq!(image::load_from_memory(&bytes).unwrap().width(), 1200);

    // Again with its ETag: not modified. The same photo uploaded again is the same files.
    let again = app.client.get(app.url(url)).header("if-none-match", &etag).send().await.unwrap();
    assert_eq!(again.status(), 304);
    let (status, twice) = upload(&app, &host, "photo.jpg", sideways_photo()).await;
    assert_eq!((status, &twice["files"][1]["id"]), (201, &files[1]["id"]));
    app.stop().await.unwrap();
}

async fn what_is_not_an_accepted_image_sound_or_video_is_refused_with_its_reason(db: &TestDb) {
    let app = spawn_app_with(db, |_| {}, Services::default()).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let svg = b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>".to_vec();
    let (status, refused) = upload(&app, &host, "map.png", svg).await;
    assert_eq!((status, refused["code"].as_str()), (415, Some("unsupported_media")), "{refused}");
    assert!(refused["error"].as_str().unwrap().starts_with("SVG images are not accepted"), "{refused}");
    let (status, refused) = upload(&app, &host, "doc.pdf", b"%PDF-1.7 ...".to_vec()).await;
    assert_eq!(status, 415, "{refused}");

    // A PNG of a few bytes that claims 100,000 × 100,000 pixels: refused by its header.
    let bomb = {
        let mut png = Vec::new();
        let image = image::RgbImage::new(1, 1);
        image::codecs::png::PngEncoder::new(&mut png).write_image(image.as_raw(), 1, 1, image::ExtendedColorType::Rgb8).unwrap();
        // The IHDR's width and height (bytes 16–23); the CRC no longer matches, which a decoder
        // reading only the header must not need.
        png[16..24].copy_from_slice(&[0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0]);
        png
    };
    let (status, refused) = upload(&app, &host, "bomb.png", bomb).await;
    assert_eq!(status, 422, "{refused}");
    // An image over 10 MB, sound over 50 MB: too large. A cut-short image: unreadable.
    let mut big = sideways_photo();
    big.resize(11 * 1024 * 1024, 0);
    let (status, refused) = upload(&app, &host, "big.jpg", big).await;
    assert_eq!((status, refused["error"].as_str()), (413, Some("The image is larger than 10 MB. Upload a smaller one.")));
    let photo = sideways_photo();
    let (status, refused) = upload(&app, &host, "cut.jpg", photo[..photo.len() / 3].to_vec()).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("unreadable_media")), "{refused}");
    // Sound is kept as uploaded.
    let mp3 = [b"ID3\x03\0\0\0\0\0\x02\0\0".as_slice(), &[0xFF, 0xFB, 0x90, 0x64], &[0; 400]].concat();
    let (status, sound) = upload(&app, &host, "a.mp3", mp3.clone()).await;
    assert_eq!((status, sound["kind"].as_str(), sound["files"][0]["type"].as_str()), (201, Some("audio"), Some("audio/mpeg")), "{sound}");
    assert_eq!(sound["files"][0]["id"].as_str().unwrap(), quizroom_media::content_id(&mp3));
    // No file, another field.
    assert_eq!(app.multipart("/api/media", &host, &[("title", "x")], None).await.0, 400);
    assert_eq!(app.multipart("/api/media", &host, &[], None).await.0, 400);

    // Not signed in; signed in but not verified.
    let form = reqwest::multipart::Form::new().part("file", reqwest::multipart::Part::bytes(sideways_photo()));
    assert_eq!(app.client.post(app.url("/api/media")).multipart(form).send().await.unwrap().status(), 401);
    let (unverified, _) = app.sign_up("new@example.com").await;
    assert_eq!(upload(&app, &unverified, "a.jpg", sideways_photo()).await.0, 403);

    // A flood from one account: refused with how long to wait; another account is not held up.
    let (flooder, _) = app.verified_user("flood@example.com").await;
    let mut statuses = Vec::new();
    for _ in 0..quizroom_api::media::UPLOADS_PER_MINUTE + 1 {
        statuses.push(upload(&app, &flooder, "x.pdf", b"%PDF".to_vec()).await.0);
    }
    assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 1, "{statuses:?}");
    assert_eq!(upload(&app, &host, "x.pdf", b"%PDF".to_vec()).await.0, 415);
    app.stop().await.unwrap();
}

async fn a_link_that_is_guessed_altered_or_expired_is_refused(db: &TestDb) {
    let clock = Arc::new(ShiftedClock::default());
    let app = spawn_app_with(db, |_| {}, Services { clock: clock.clone(), ..Default::default() }).await;
    let (host, _) = app.verified_user("host@example.com").await;
    let (_, uploaded) = upload(&app, &host, "photo.jpg", sideways_photo()).await;
    let (id, url) = (uploaded["files"][0]["id"].as_str().unwrap().to_owned(), uploaded["files"][0]["url"].as_str().unwrap().to_owned());
    let expires: i64 = url.split("expires=").nth(1).unwrap().split('&').next().unwrap().parse().unwrap();
    let signature = url.split("signature=").nth(1).unwrap().to_owned();
    let status = |path: String| {
        let request = app.client.get(app.url(&path));
        async move { request.send().await.unwrap().status().as_u16() }
    };
    assert_eq!(status(url.clone()).await, 200);
    // The id alone, another file's id with this signature, a later expiry, a changed signature.
    let other = quizroom_media::content_id(b"another file");
    let flipped = format!("{}{}", if signature.starts_with('0') { '1' } else { '0' }, &signature[1..]);
    for path in [
        format!("/api/media/{id}"),
        format!("/api/media/{other}?expires={expires}&signature={signature}"),
        format!("/api/media/{id}?expires={}&signature={signature}", expires + 3600),
        format!("/api/media/{id}?expires={expires}&signature={flipped}"),
        format!("/api/media/{id}?expires=soon&signature={signature}"),
    ] {
        assert_eq!(status(path.clone()).await, 403, "{path}");
    }
    // Not a file name this server gives: no such file, whatever the link says.
    for bad in ["..%2F..%2Fjwt-secret", "ABC", &id.to_uppercase()] {
        assert_eq!(status(format!("/api/media/{bad}?expires={expires}&signature={signature}")).await, 404, "{bad}");
    }
    // A day later the link has expired.
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    let response = app.client.get(app.url(&url)).send().await.unwrap();
    assert_eq!(response.status(), 403);
    assert_eq!(response.json::<serde_json::Value>().await.unwrap()["code"], "link_expired");
    app.stop().await.unwrap();
}
