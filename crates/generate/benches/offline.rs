//! Offline generation of 20 questions from a 50-page PDF (the extraction fixture `long.pdf`:
//! extracting its text and generating, together), and from about 50 pages (~25,000 words) of
//! text alone. Target: under 2 s. Run: `cargo bench -p quizroom-generate --bench offline`.

use std::time::{Duration, Instant};

use quizroom_generate::{GenerateRequest, OfflineGenerator, PassageInput};

const FIXTURES: [&str; 3] =
    [include_str!("../tests/fixtures/water-cycle.txt"), include_str!("../tests/fixtures/roman-republic.txt"), include_str!("../tests/fixtures/http.txt")];

const RUNS: usize = 7;

/// The fixtures' paragraphs, repeated with variations (rotated order, a numbered lead-in, shifted
/// numbers) until the text has ~25,000 words; ~500 words to a page.
fn long_document() -> Vec<PassageInput> {
    let paragraphs: Vec<&str> = FIXTURES.iter().flat_map(|text| text.split("\n\n")).map(str::trim).filter(|p| !p.is_empty()).collect();
    let mut passages = Vec::new();
    let mut words = 0;
    let mut round = 0;
    while words < 25_000 {
        for i in 0..paragraphs.len() {
            let paragraph = paragraphs[(i + round * 7) % paragraphs.len()];
            let varied: String = paragraph
                .split(' ')
                .map(|word| match word.parse::<u64>() {
                    Ok(number) if round > 0 => (number + round as u64).to_string(),
                    _ => word.to_owned(),
                })
                .collect::<Vec<_>>()
                .join(" ");
            let text = format!("Section {round}.{i} continues the lecture. {varied}");
            words += text.split_whitespace().count();
            passages.push(PassageInput { index: passages.len(), page: Some(words as u32 / 500 + 1), text });
        }
        round += 1;
    }
    passages
}

/// Median, min and max of `RUNS` timings of `run`, and what its last run returned.
fn time<T>(mut run: impl FnMut() -> T) -> (Duration, Duration, Duration, T) {
    let mut times: Vec<Duration> = Vec::new();
    let mut last = None;
    for _ in 0..RUNS {
        let started = Instant::now();
        last = Some(run());
        times.push(started.elapsed());
    }
    times.sort();
    (times[RUNS / 2], times[0], times[RUNS - 1], last.expect("at least one run"))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let generator = OfflineGenerator::default();

    let pdf = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../extract/tests/fixtures/long.pdf")).expect("the 50-page PDF fixture");
    let (median, min, max, (pages, questions)) = time(|| {
        let document = quizroom_extract::extract("long.pdf", &pdf).expect("the PDF has text");
        let passages: Vec<PassageInput> = document.passages.iter().map(|p| PassageInput { index: p.index, page: p.page, text: p.text.clone() }).collect();
        let pages = passages.iter().filter_map(|p| p.page).max().unwrap_or(0);
        let request = GenerateRequest { title: "Lecture notes".into(), topics: String::new(), passages, count: 20, types: vec![] };
        (pages, generator.generate_now(&request).expect("the document is long enough").questions.len())
    });
    println!(
        "PDF ({} KB, {pages} pages) extracted and {questions} questions generated: median {:.1} ms over {RUNS} runs (min {:.1}, max {:.1}); target < 2000 ms",
        pdf.len() / 1024,
        ms(median),
        ms(min),
        ms(max),
    );
    assert_eq!(questions, 20);

    let passages = long_document();
    let words: usize = passages.iter().map(|passage| passage.text.split_whitespace().count()).sum();
    let pages = passages.last().and_then(|passage| passage.page).unwrap_or(0);
    let request = GenerateRequest { title: "Lecture notes".into(), topics: String::new(), passages, count: 20, types: vec![] };
    let (median, min, max, generation) = time(|| generator.generate_now(&request).expect("the document is long enough"));
    println!(
        "generation alone: {} questions from {words} words of text ({pages} pages, {} passages): median {:.1} ms (min {:.1}, max {:.1})",
        generation.questions.len(),
        request.passages.len(),
        ms(median),
        ms(min),
        ms(max),
    );
    assert_eq!(generation.questions.len(), 20);
}
