//! Any bytes, as a file under a few names: parse() answers with questions or an error, never a
//! panic, a hang or a runaway allocation.
//!
//! A mutated zip rarely gets past its checksums, so the bytes are also tried as one XML part of a
//! workbook, stored in a zip that is otherwise sound: after a first byte that picks the part, the
//! rest is an .ods's `content.xml`, or the template's worksheet, shared strings, styles or
//! workbook.

#![no_main]

use std::io::{Cursor, Read, Write};
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

const XLSX_PARTS: [&str; 4] =
    ["xl/worksheets/sheet1.xml", "xl/sharedStrings.xml", "xl/styles.xml", "xl/workbook.xml"];
const ODS_MIMETYPE: &[u8] = b"application/vnd.oasis.opendocument.spreadsheet";

fuzz_target!(
    init: {
        // parse() contains the panics of calamine, which is not hardened against every malformed
        // file (with overflow checks, as here, it panics on some cell references): only a panic
        // that escapes parse() is a crash, and libfuzzer-sys aborts when one reaches it.
        std::panic::set_hook(Box::new(|panic| eprintln!("panic: {panic}")));
    },
    |bytes: &[u8]| {
        for name in ["questions.xlsx", "questions.csv", "questions"] {
            _ = quizroom_sheet::parse(name, bytes);
        }
        if let Some((&part, xml)) = bytes.split_first() {
            let file = match XLSX_PARTS.get(usize::from(part % 5)) {
                Some(name) => xlsx_with(name, xml),
                None => stored_zip(&[("mimetype", ODS_MIMETYPE), ("content.xml", xml)]),
            };
            _ = quizroom_sheet::parse("questions.xlsx", &file);
        }
    }
);

/// The template with one part replaced.
fn xlsx_with(name: &str, content: &[u8]) -> Vec<u8> {
    let mut entries: Vec<(&str, &[u8])> = template_entries()
        .iter()
        .filter(|(entry, _)| entry != name)
        .map(|(entry, bytes)| (entry.as_str(), bytes.as_slice()))
        .collect();
    entries.push((name, content));
    stored_zip(&entries)
}

fn template_entries() -> &'static [(String, Vec<u8>)] {
    static ENTRIES: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        let mut archive = ZipArchive::new(Cursor::new(quizroom_sheet::template_xlsx())).unwrap();
        (0..archive.len())
            .map(|index| {
                let mut entry = archive.by_index(index).unwrap();
                let mut bytes = Vec::new();
                entry.read_to_end(&mut bytes).unwrap();
                (entry.name().unwrap().into_owned(), bytes)
            })
            .collect()
    })
}

fn stored_zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, content) in entries {
        writer.start_file(*name, options).unwrap();
        writer.write_all(content).unwrap();
    }
    writer.finish().unwrap().into_inner()
}
