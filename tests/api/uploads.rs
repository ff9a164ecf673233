//! Hostile uploads at once (issue 11): eight spreadsheets that inflate to 100 MB each,
//! sent together, keep the server under 512 MiB and each get a clear answer; a well-formed upload
//! passes afterwards. The same for media (issue 30): pictures that decode to 147 MB of pixels,
//! headers that claim ten billion, videos at the 50 MB bound and bodies over it, under 768 MiB.

use std::io::{Cursor, Read, Write};

use quizroom_eventstore::testing::TestDb;

use crate::helpers::spawn_process;
use crate::hosting::QUIZ_CSV;

/// The server's peak resident memory so far, in MiB (Linux: VmHWM).
fn peak_mib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse::<u64>().ok().map(|kb| kb / 1024)
}

/// The spreadsheet template with its shared strings and styles (the parts kept while a workbook
/// is checked) each padded to 49 MB of white space, which deflates about a thousandfold, and a
/// last entry that takes the whole over the 100 MB a workbook may unpack to: a file of about
/// 100 KB that holds about 100 MB while it is read, and is then refused.
fn hostile_workbook() -> Vec<u8> {
    let template = quizroom_sheet::template_xlsx();
    let mut archive = zip::ZipArchive::new(Cursor::new(template)).unwrap();
    let mut out = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let padding = |megabytes: usize| vec![b' '; megabytes * 1024 * 1024];
    for index in 0..archive.len() {
        let mut entry = archive.by_index(index).unwrap();
        let name = entry.name().unwrap().into_owned();
        if name.ends_with("sharedStrings.xml") || name.ends_with("styles.xml") {
            continue;
        }
        let mut content = Vec::new();
        entry.read_to_end(&mut content).unwrap();
        out.start_file(name, options).unwrap();
        out.write_all(&content).unwrap();
    }
    for (name, megabytes) in [("xl/sharedStrings.xml", 49), ("xl/styles.xml", 49), ("xl/media/pad.bin", 10)] {
        out.start_file(name, options).unwrap();
        out.write_all(&padding(megabytes)).unwrap();
    }
    out.finish().unwrap().into_inner()
}

#[tokio::test]
async fn eight_hostile_uploads_at_once_keep_the_server_under_512_mib() {
    let Some(_) = peak_mib(std::process::id()) else { return }; // not Linux: nothing to read
    let db = TestDb::sqlite();
    let app = spawn_process(&db.url).await;
    let pid = app.pid().unwrap();
    let (host, _) = app.verified_user("host@example.com").await;
    let bomb = hostile_workbook();
    assert!(bomb.len() < 200 * 1024, "the file is small: {} bytes", bomb.len());
    let before = peak_mib(pid).unwrap();

    let fields = [("title", "Bomb"), ("timeLimit", "5"), ("validityOption", "24h")];
    let uploads = (0..8).map(|_| app.multipart("/api/hostQuiz/upload", &host, &fields, Some(("bomb.xlsx", bomb.clone()))));
    let answers = futures::future::join_all(uploads).await;
    let peak = peak_mib(pid).unwrap();
    for (status, body) in &answers {
        assert!((400..500).contains(status), "each gets a clear refusal: {status} {body}");
        assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()), "{body}");
    }
    println!("eight hostile uploads: peak {peak} MiB (before: {before} MiB)");
    assert!(peak < 512, "the server reached {peak} MiB");

    let good = QUIZ_CSV.as_bytes().to_vec();
    let (status, body) = app.multipart("/api/hostQuiz/upload", &host, &fields, Some(("quiz.csv", good))).await;
    assert_eq!(status, 201, "{body}");
    app.stop().await.unwrap();
}

/// A PNG of `side` × `side` pixels of one colour: a few hundred KB that decodes to `side`² × 3
/// bytes, within the 50-megapixel bound, so it is decoded and shrunk.
fn pixel_bomb(side: u32) -> Vec<u8> {
    let image = image::RgbImage::from_pixel(side, side, image::Rgb([40, 90, 200]));
    let mut png = Vec::new();
    image::ImageEncoder::write_image(image::codecs::png::PngEncoder::new(&mut png), image.as_raw(), side, side, image::ExtendedColorType::Rgb8).unwrap();
    png
}

/// A PNG of a few bytes whose header claims 100,000 × 100,000 pixels.
fn header_bomb() -> Vec<u8> {
    let mut png = pixel_bomb(1);
    png[16..24].copy_from_slice(&[0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0]);
    png
}

/// An MP4's `ftyp` box, then `megabytes` of nothing: kept as uploaded.
fn long_video(megabytes: usize) -> Vec<u8> {
    let mut mp4 = b"\0\0\0\x18ftypisom\0\0\x02\0isommp41".to_vec();
    mp4.resize(megabytes * 1024 * 1024, 0);
    mp4
}

#[tokio::test]
async fn eight_hostile_media_uploads_at_once_keep_the_server_bounded() {
    let Some(_) = peak_mib(std::process::id()) else { return };
    let db = TestDb::sqlite();
    let app = spawn_process(&db.url).await;
    let pid = app.pid().unwrap();
    let (host, _) = app.verified_user("host@example.com").await;
    let (bomb, claim, video, oversize) = (pixel_bomb(7_000), header_bomb(), long_video(49), long_video(60));
    assert!(bomb.len() < 1024 * 1024, "a small file: {} bytes", bomb.len());
    let before = peak_mib(pid).unwrap();

    // Two of each at once: pictures that decode to 147 MB of pixels, a header claiming ten
    // billion pixels, videos just under the 50 MB bound, and bodies over it.
    let files = [&bomb, &claim, &video, &oversize, &bomb, &claim, &video, &oversize];
    let uploads = files.iter().map(|bytes| {
        let form = reqwest::multipart::Form::new().part("file", reqwest::multipart::Part::bytes((*bytes).clone()).file_name("upload.bin"));
        app.client.post(app.url("/api/media")).bearer_auth(&host).multipart(form).send()
    });
    let answers = futures::future::join_all(uploads).await;
    let peak = peak_mib(pid).unwrap();
    // A body over the bound is answered 413 as soon as it passes it, and the connection closed:
    // the client may still be sending, and then sees the connection broken instead.
    let statuses: Vec<u16> = answers
        .iter()
        .zip(files)
        .map(|(a, sent)| match a {
            Ok(response) => response.status().as_u16(),
            Err(e) if sent.len() == oversize.len() && e.is_request() => 413,
            Err(e) => panic!("{e}"),
        })
        .collect();
    assert_eq!(statuses, [201, 422, 201, 413, 201, 422, 201, 413], "{answers:?}");
    println!("eight hostile media uploads: peak {peak} MiB (before: {before} MiB)");
    assert!(peak < 768, "the server reached {peak} MiB");

    // The server goes on: a small picture is stored.
    let (status, body) = app.multipart("/api/media", &host, &[], Some(("ok.png", pixel_bomb(64)))).await;
    assert_eq!(status, 201, "{body}");
    app.stop().await.unwrap();
}
