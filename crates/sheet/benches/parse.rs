//! parse() on a 1,000-question .xlsx (the most a file may hold, at realistic lengths), beside two
//! baselines timed on the same file in the same run: inflating every zip entry, and calamine
//! reading the whole sheet into a range. The same questions as CSV are timed too.
//!
//!   cargo bench -p quizroom-sheet --bench parse
//!
//! The target for parse() on the .xlsx is under 300 ms.

use std::io::{Cursor, Read};
use std::time::{Duration, Instant};

use calamine::{Reader, Xlsx};
use rust_xlsxwriter::Workbook;

const RUNS: usize = 25;
const QUESTIONS: usize = 1000;
const WORDS: [&str; 16] = [
    "which", "planet", "river", "largest", "famous", "painter", "century", "element", "capital", "ocean", "mountain", "invented", "language", "ancient",
    "symphony", "border",
];

fn main() {
    let rows = rows();
    let xlsx = xlsx(&rows);
    let csv = csv(&rows);
    println!("{QUESTIONS} questions: {} KB as .xlsx, {} KB as .csv; {RUNS} runs each", xlsx.len() / 1024, csv.len() / 1024);
    time("parse() .xlsx", || check(quizroom_sheet::parse("bench.xlsx", &xlsx)));
    time("baseline: inflate every zip entry", || inflate_all(&xlsx));
    time("baseline: calamine worksheet_range", || read_range(&xlsx));
    time("parse() .csv", || check(quizroom_sheet::parse("bench.csv", &csv)));
}

fn time(name: &str, mut run: impl FnMut()) {
    let mut times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            run();
            started.elapsed()
        })
        .collect();
    times.sort_unstable();
    println!("{name:<38} median {:>10.2?}   min {:>10.2?}", times[RUNS / 2], times[0]);
}

fn check(parsed: Result<quizroom_sheet::Parsed, quizroom_sheet::SheetError>) {
    let parsed = parsed.expect("the benchmark file reads");
    assert_eq!((parsed.questions.len(), parsed.errors.len()), (QUESTIONS, 0));
}

fn inflate_all(xlsx: &[u8]) {
    let mut archive = zip::ZipArchive::new(Cursor::new(xlsx)).expect("zip");
    let mut content = Vec::new();
    for index in 0..archive.len() {
        content.clear();
        archive.by_index(index).expect("entry").read_to_end(&mut content).expect("inflate");
    }
}

fn read_range(xlsx: &[u8]) {
    let mut workbook = Xlsx::new(Cursor::new(xlsx)).expect("workbook");
    let range = workbook.worksheet_range("Questions").expect("sheet");
    assert_eq!(range.height(), QUESTIONS + 1);
}

/// Words picked by a fixed linear congruential sequence, so every run reads the same file.
struct Text(u64);

impl Text {
    fn words(&mut self, count: usize) -> String {
        (0..count)
            .map(|_| {
                self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                WORDS[(self.0 >> 60) as usize]
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The header and 1,000 questions of about 120 characters, options of 20 to 50 and explanations
/// of about 300.
fn rows() -> Vec<[String; 7]> {
    let mut text = Text(7);
    // The seven columns of questions A–D, as most hosts' files have them.
    let header: [String; 7] = std::array::from_fn(|i| quizroom_sheet::COLUMNS[i].to_owned());
    let questions = (1..=QUESTIONS).map(|n| {
        let options = [3, 4, 5, 6].map(|words| format!("{} {n}", text.words(words)));
        let [a, b, c, d] = options;
        let letter = ["A", "B", "C", "D"][n % 4].to_owned();
        [format!("Question {n}: {}?", text.words(16)), a, b, c, d, letter, text.words(40)]
    });
    std::iter::once(header).chain(questions).collect()
}

fn xlsx(rows: &[[String; 7]]) -> Vec<u8> {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet().set_name("Questions").expect("name");
    for (index, row) in (0..).zip(rows) {
        sheet.write_row(index, 0, row).expect("row");
    }
    workbook.save_to_buffer().expect("workbook")
}

fn csv(rows: &[[String; 7]]) -> Vec<u8> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for row in rows {
        writer.write_record(row).expect("row");
    }
    writer.into_inner().expect("csv")
}
