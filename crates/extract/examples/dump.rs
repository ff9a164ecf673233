//! Prints what `extract` makes of files, and how long it took:
//! `cargo run --release -p quizroom-extract --example dump -- FILE...`

use std::time::Instant;

fn main() {
    for path in std::env::args().skip(1) {
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        let started = Instant::now();
        let result = quizroom_extract::extract(&path, &bytes);
        let took = started.elapsed();
        match result {
            Ok(doc) => {
                println!(
                    "{path}: {} bytes, {}, title {:?}, {} passages, {} words, {took:?}",
                    bytes.len(),
                    doc.kind.as_str(),
                    doc.title,
                    doc.passages.len(),
                    doc.word_count()
                );
                if std::env::var_os("DUMP").is_some() {
                    for p in &doc.passages {
                        println!("--- #{} page {:?} ({} chars)\n{}", p.index, p.page, p.text.len(), p.text);
                    }
                }
            }
            Err(e) => println!("{path}: {} bytes, error {} ({e}), {took:?}", bytes.len(), e.status()),
        }
    }
}
