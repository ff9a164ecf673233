//! What the tests share: the fixtures and the questions they hold, a check that a call ends in
//! time, and builders for the containers hostile files come in.

use std::io::{Cursor, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use quizroom_domain::quiz::Letter;
use quizroom_sheet::{Parsed, SheetError, SheetQuestion};
use zip::ZipWriter;
use zip::write::SimpleFileOptions;

pub fn fixture_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

pub fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(fixture_path(name)).unwrap_or_else(|error| panic!("fixture {name}: {error}"))
}

/// Runs `f`, failing when it takes more than a minute: not a benchmark (a debug build on a busy
/// machine takes seconds for the largest inputs), a detector of hangs and runaway work.
pub fn quickly<T>(f: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let result = f();
    let elapsed = started.elapsed();
    assert!(elapsed < Duration::from_secs(60), "took {elapsed:?}");
    result
}

/// Parses, expecting the file to be refused.
pub fn refused(file_name: &str, bytes: &[u8]) -> SheetError {
    quickly(|| quizroom_sheet::parse(file_name, bytes)).expect_err("the file should be refused")
}

/// Parses, expecting the file to be read.
pub fn parsed(file_name: &str, bytes: &[u8]) -> Parsed {
    quickly(|| quizroom_sheet::parse(file_name, bytes)).unwrap_or_else(|error| panic!("{file_name}: {error}"))
}

pub fn question(row: usize, text: &str, options: [&str; 4], answer: Letter, explanation: &str) -> SheetQuestion {
    SheetQuestion::four(row, text, options, answer, explanation)
}

/// What every `questions.*` fixture holds, whatever its format.
pub fn fixture_questions() -> Vec<SheetQuestion> {
    vec![
        question(2, "What is the capital of France?", ["Berlin", "Madrid", "Paris", "Rome"], Letter::C, "Paris is the capital of France."),
        question(3, "How many legs does a spider have?", ["6", "8", "10", "12"], Letter::B, ""),
        question(5, "What is π rounded to two decimals?", ["3.14", "3.41", "2.72", "1.62"], Letter::A, "π ≈ 3.14159…"),
        question(6, "Which of these is a boolean?", ["TRUE", "Seven", "Blue", "Tuesday"], Letter::A, ""),
        question(
            7,
            "When did the Berlin Wall fall?",
            ["1989-11-09", "1961-08-13", "1990-10-03", "1945-05-08"],
            Letter::A,
            "On 9 November 1989, after 28 years.",
        ),
        question(8, "Which of these, in quotes, is \"right\"?\nPick one.", ["one, two", "\"three\"", "four", "five"], Letter::D, "Line one\nLine two"),
        question(9, "What is 0.1 + 0.2?", ["0.3", "0.2", "1000000", "-5"], Letter::A, ""),
    ]
}

/// A zip of the given entries, deflated.
pub fn zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, content) in entries {
        writer.start_file(*name, SimpleFileOptions::default()).expect("start entry");
        writer.write_all(content).expect("write entry");
    }
    writer.finish().expect("finish zip").into_inner()
}

/// The template with its first worksheet's XML replaced.
pub fn xlsx_with_sheet(sheet_xml: &[u8]) -> Vec<u8> {
    xlsx_with_entry("xl/worksheets/sheet1.xml", sheet_xml)
}

/// The template with one entry added or replaced.
pub fn xlsx_with_entry(name: &str, content: &[u8]) -> Vec<u8> {
    let template = quizroom_sheet::template_xlsx();
    let mut archive = zip::ZipArchive::new(Cursor::new(template)).expect("the template is a zip");
    let mut entries: Vec<(String, Vec<u8>)> = (0..archive.len())
        .map(|index| {
            let mut entry = archive.by_index(index).expect("entry");
            let mut bytes = Vec::new();
            std::io::copy(&mut entry, &mut bytes).expect("read entry");
            (entry.name().expect("entry name").into_owned(), bytes)
        })
        .filter(|(stored, _)| stored != name)
        .collect();
    entries.push((name.to_owned(), content.to_owned()));
    let borrowed: Vec<(&str, &[u8])> = entries.iter().map(|(n, c)| (n.as_str(), c.as_slice())).collect();
    zip(&borrowed)
}

/// A worksheet whose `<sheetData>` holds `rows`.
pub fn sheet_xml(dimension: &str, rows: &str) -> Vec<u8> {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="{dimension}"/><sheetData>{rows}</sheetData></worksheet>"#
    )
    .into_bytes()
}

/// A row of inline strings, from column A.
pub fn inline_row(row: usize, cells: &[&str]) -> String {
    let cells: String = cells.iter().zip('A'..).map(|(text, column)| format!(r#"<c r="{column}{row}" t="inlineStr"><is><t>{text}</t></is></c>"#)).collect();
    format!(r#"<row r="{row}">{cells}</row>"#)
}

pub use quizroom_sheet::COLUMNS as HEADER;

/// An .ods of the given `<table:table>` content.
pub fn ods(table: &str) -> Vec<u8> {
    ods_with_content(&format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3"><office:body><office:spreadsheet><table:table table:name="Questions">{table}</table:table></office:spreadsheet></office:body></office:document-content>"#
    ))
}

pub fn ods_with_content(content: &str) -> Vec<u8> {
    zip(&[("mimetype", b"application/vnd.oasis.opendocument.spreadsheet"), ("content.xml", content.as_bytes())])
}

/// An .ods row of string cells.
pub fn ods_row(cells: &[&str]) -> String {
    let cells: String =
        cells.iter().map(|text| format!(r#"<table:table-cell office:value-type="string"><text:p>{text}</text:p></table:table-cell>"#)).collect();
    format!("<table:table-row>{cells}</table:table-row>")
}

/// A BIFF record.
pub fn record(kind: u16, data: &[u8]) -> Vec<u8> {
    let mut record = kind.to_le_bytes().to_vec();
    record.extend((data.len() as u16).to_le_bytes());
    record.extend(data);
    record
}

/// A BIFF8 workbook stream with one worksheet whose cell records are `cells`, its strings inline.
pub fn biff8_workbook(cells: &[Vec<u8>]) -> Vec<u8> {
    let bof = |kind: u16| record(0x0809, &[&0x0600u16.to_le_bytes()[..], &kind.to_le_bytes(), &[0; 12]].concat());
    let sheet_name = b"Questions";
    let mut globals = bof(0x0005);
    let boundsheet_at = globals.len();
    let mut boundsheet = vec![0, 0, 0, 0, 0, 0, sheet_name.len() as u8, 0];
    boundsheet.extend(sheet_name);
    globals.extend(record(0x0085, &boundsheet));
    globals.extend(record(0x000A, &[]));
    let sheet_offset = globals.len() as u32;
    globals[boundsheet_at + 4..boundsheet_at + 8].copy_from_slice(&sheet_offset.to_le_bytes());
    let mut stream = globals;
    stream.extend(bof(0x0010));
    for cell in cells {
        stream.extend(cell);
    }
    stream.extend(record(0x000A, &[]));
    stream
}

/// A LABEL record: text in a cell, as Latin-1.
pub fn label(row: u16, column: u16, text: &str) -> Vec<u8> {
    let mut data = [row.to_le_bytes(), column.to_le_bytes(), [0, 0], (text.len() as u16).to_le_bytes()].concat();
    data.push(0);
    data.extend(text.bytes());
    record(0x0204, &data)
}

/// A compound file with the given streams, each in its own run of 512-byte sectors (no mini
/// stream: short streams are padded to 4,096 bytes), its allocation table in the first sectors
/// and its directory right after.
pub fn compound_file(streams: &[(&str, &[u8])]) -> Vec<u8> {
    const SECTOR: usize = 512;
    const END: u32 = 0xFFFF_FFFE;
    let padded: Vec<Vec<u8>> = streams
        .iter()
        .map(|(_, bytes)| {
            let mut bytes = bytes.to_vec();
            bytes.resize(bytes.len().max(4096).next_multiple_of(SECTOR), 0);
            bytes
        })
        .collect();
    let stream_sectors: usize = padded.iter().map(|stream| stream.len() / SECTOR).sum();
    let fat_sectors = (stream_sectors + 1).div_ceil(SECTOR / 4 - 1);
    assert!(fat_sectors <= 109, "the header lists every FAT sector");
    let directory = fat_sectors as u32;
    let mut fat = vec![0xFFFF_FFFDu32; fat_sectors];
    fat.push(END);
    let mut starts = Vec::new();
    for stream in &padded {
        let first = fat.len() as u32;
        starts.push(first);
        fat.extend((1..(stream.len() / SECTOR) as u32).map(|i| first + i));
        fat.push(END);
    }
    fat.resize(fat_sectors * SECTOR / 4, 0xFFFF_FFFF);
    let mut entries = entry("Root Entry", 5, END, 0);
    for ((name, bytes), start) in streams.iter().zip(&starts) {
        entries.extend(entry(name, 2, *start, bytes.len().max(4096) as u64));
    }
    entries.resize(SECTOR, 0);
    let mut header = vec![0u8; SECTOR];
    header[..8].copy_from_slice(b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1");
    header[24..26].copy_from_slice(&0x003Eu16.to_le_bytes());
    header[26..28].copy_from_slice(&3u16.to_le_bytes());
    header[28..30].copy_from_slice(&0xFFFEu16.to_le_bytes());
    header[30..32].copy_from_slice(&9u16.to_le_bytes());
    header[32..34].copy_from_slice(&6u16.to_le_bytes());
    header[44..48].copy_from_slice(&(fat_sectors as u32).to_le_bytes());
    header[48..52].copy_from_slice(&directory.to_le_bytes());
    header[56..60].copy_from_slice(&4096u32.to_le_bytes());
    header[60..64].copy_from_slice(&END.to_le_bytes());
    header[68..72].copy_from_slice(&END.to_le_bytes());
    for (slot, index) in header[76..].chunks_exact_mut(4).zip(0u32..) {
        let id = if (index as usize) < fat_sectors { index } else { 0xFFFF_FFFF };
        slot.copy_from_slice(&id.to_le_bytes());
    }
    let mut file = header;
    file.extend(fat.iter().flat_map(|id| id.to_le_bytes()));
    file.extend(entries);
    for stream in padded {
        file.extend(stream);
    }
    file
}

fn entry(name: &str, kind: u8, start: u32, size: u64) -> Vec<u8> {
    let mut entry = vec![0u8; 128];
    let units: Vec<u8> = name.encode_utf16().chain([0]).flat_map(u16::to_le_bytes).collect();
    entry[..units.len()].copy_from_slice(&units);
    entry[64..66].copy_from_slice(&(units.len() as u16).to_le_bytes());
    entry[66] = kind;
    entry[68..80].fill(0xFF);
    entry[116..120].copy_from_slice(&start.to_le_bytes());
    entry[120..128].copy_from_slice(&size.to_le_bytes());
    entry
}
