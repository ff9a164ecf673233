//! Files that are not what they claim, broken, or built to exhaust memory or time: each gets a
//! clear error, quickly, with bounded memory.

use quizroom_sheet::{MAX_FILE_BYTES, SheetError};

use crate::support::{
    HEADER, biff8_workbook, compound_file, fixture, inline_row, label, ods, ods_row, ods_with_content, parsed, record, refused, sheet_xml, xlsx_with_entry,
    xlsx_with_sheet, zip,
};

fn assert_refused(file_name: &str, bytes: &[u8], expected: SheetError, status: u16) {
    let error = refused(file_name, bytes);
    assert_eq!(error, expected, "{file_name}");
    assert_eq!(error.status(), status, "{file_name}");
}

#[test]
fn a_file_over_ten_megabytes_is_too_large() {
    let error = refused("questions.csv", &vec![b'a'; MAX_FILE_BYTES + 1]);
    assert_eq!(error.status(), 413);
    assert_eq!(error.to_string(), "File is too large. Please upload a file smaller than 10MB.");
}

#[test]
fn an_empty_file_is_refused() {
    assert_refused("questions.xlsx", b"", SheetError::Empty, 422);
}

#[test]
fn other_kinds_of_files_renamed_as_spreadsheets_are_not_spreadsheets() {
    let docx = zip(&[("[Content_Types].xml", b"<Types/>"), ("word/document.xml", b"<w:document/>")]);
    let odt = zip(&[("mimetype", b"application/vnd.oasis.opendocument.text"), ("content.xml", b"<x/>")]);
    let random: Vec<u8> = (0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
    for (name, bytes) in [
        ("pixel.xlsx", fixture("pixel.png")),
        ("letter.xlsx", fixture("letter.pdf")),
        ("letter.xlsx", docx),
        ("letter.ods", odt),
        ("noise.xls", random),
        ("plain.xlsx", b"Question,Option A\nWhy?,a\n".to_vec()),
        ("pixel.csv", fixture("pixel.png")),
        ("notes.txt", b"Just some notes and nothing more\n".to_vec()),
    ] {
        let error = refused(name, &bytes);
        assert_eq!(error, SheetError::NotASpreadsheet, "{name}");
        assert_eq!(error.status(), 415);
        assert_eq!(error.to_string(), "This file is not a spreadsheet. Upload the template as .xlsx, .xls, .ods or .csv.");
    }
}

#[test]
fn a_csv_file_that_is_not_utf8_is_refused_with_a_hint() {
    let latin1 = b"Question,Option A,Option B,Option C,Option D,Correct Option Letter\nCaf\xe9?,a,b,c,d,A\n";
    assert_refused("questions.csv", latin1, SheetError::NotUtf8, 422);
}

#[test]
fn broken_and_truncated_files_are_unreadable() {
    let mut broken_zip = b"PK\x03\x04".to_vec();
    broken_zip.extend((0..2000u32).map(|i| (i * 7919 % 251) as u8));
    assert_refused("broken.xlsx", &broken_zip, SheetError::Unreadable, 422);
    for name in ["questions.xlsx", "questions.xls", "questions.ods"] {
        let bytes = fixture(name);
        for cut in [bytes.len() / 2, bytes.len() - 100] {
            let error = refused(name, &bytes[..cut]);
            assert!(matches!(error, SheetError::Unreadable | SheetError::NotASpreadsheet), "{name} cut at {cut}: {error:?}");
        }
    }
}

#[test]
fn a_damaged_zip_entry_is_unreadable() {
    let mut bytes = fixture("questions.xlsx");
    let sheet = bytes.windows(4).rposition(|window| window == b"PK\x03\x04").unwrap();
    for byte in &mut bytes[sheet + 60..sheet + 90] {
        *byte ^= 0x5A;
    }
    assert_refused("questions.xlsx", &bytes, SheetError::Unreadable, 422);
}

/// Whitespace that deflates about a thousandfold.
fn padding(megabytes: usize) -> Vec<u8> {
    vec![b' '; megabytes * 1024 * 1024]
}

#[test]
fn a_zip_bomb_is_refused_while_it_inflates() {
    let mut sheet = sheet_xml("A1:G2", &inline_row(1, &HEADER));
    sheet.splice(100..100, padding(60));
    let bomb = xlsx_with_sheet(&sheet);
    assert!(bomb.len() < 200 * 1024, "the bomb is small: {} bytes", bomb.len());
    assert_refused("bomb.xlsx", &bomb, SheetError::TooMuchData, 422);

    let content = padding(60);
    let ods_bomb = zip(&[("mimetype", b"application/vnd.oasis.opendocument.spreadsheet"), ("content.xml", &content)]);
    assert_refused("bomb.ods", &ods_bomb, SheetError::TooMuchData, 422);
}

#[test]
fn entries_that_together_unpack_to_too_much_are_refused() {
    let part = padding(40);
    let bytes = xlsx_with_entry("xl/media/a.bin", &part);
    let bytes = {
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
        let mut entries = Vec::new();
        for index in 0..archive.len() {
            let mut entry = archive.by_index(index).unwrap();
            let mut content = Vec::new();
            std::io::copy(&mut entry, &mut content).unwrap();
            entries.push((entry.name().unwrap().into_owned(), content));
        }
        entries.push(("xl/media/b.bin".into(), part.clone()));
        entries.push(("xl/media/c.bin".into(), part));
        let borrowed: Vec<(&str, &[u8])> = entries.iter().map(|(n, c)| (n.as_str(), c.as_slice())).collect();
        zip(&borrowed)
    };
    assert_refused("bomb.xlsx", &bytes, SheetError::TooMuchData, 422);
}

#[test]
fn a_zip_entry_that_lies_about_its_size_is_refused() {
    let mut sheet = sheet_xml("A1:G2", &inline_row(1, &HEADER));
    sheet.splice(100..100, padding(60));
    let mut bomb = xlsx_with_sheet(&sheet);
    // Declare 1,000 bytes for every entry, in the local and the central headers.
    for (signature, offset) in [(b"PK\x03\x04", 22), (b"PK\x01\x02", 24)] {
        let starts: Vec<usize> = bomb.windows(4).enumerate().filter(|(_, w)| w == signature).map(|(i, _)| i).collect();
        for start in starts {
            bomb[start + offset..start + offset + 4].copy_from_slice(&1000u32.to_le_bytes());
        }
    }
    let error = refused("bomb.xlsx", &bomb);
    assert!(matches!(error, SheetError::TooMuchData | SheetError::Unreadable), "{error:?}");
}

#[test]
fn a_zip_of_thousands_of_entries_is_refused() {
    let names: Vec<String> = (0..10_001).map(|i| format!("xl/media/{i}.bin")).collect();
    let mut entries: Vec<(&str, &[u8])> = names.iter().map(|name| (name.as_str(), b"".as_slice())).collect();
    entries.push(("xl/workbook.xml", b"<workbook/>"));
    assert_refused("many.xlsx", &zip(&entries), SheetError::TooMuchData, 422);
}

#[test]
fn a_forged_shared_string_count_is_refused() {
    let strings = br#"<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount = '0099999999999999'><si><t>x</t></si></sst>"#;
    assert_refused("forged.xlsx", &xlsx_with_entry("xl/sharedStrings.xml", strings), SheetError::TooMuchData, 422);
}

fn question_rows(first: usize, count: usize) -> String {
    (first..first + count).map(|row| inline_row(row, &[&format!("Question {row}?"), "a", "b", "c", "d", "A"])).collect()
}

#[test]
fn an_xlsx_sheet_declaring_a_million_rows_reads_only_its_real_rows() {
    let empty_rows: String = (3..=1_048_576).map(|row| format!(r#"<row r="{row}"/>"#)).collect();
    let rows = format!("{}{}{empty_rows}", inline_row(1, &HEADER), question_rows(2, 1));
    let parsed = parsed("million.xlsx", &xlsx_with_sheet(&sheet_xml("A1:G1048576", &rows)));
    assert_eq!(parsed.questions.len(), 1);
}

#[test]
fn an_xlsx_sheet_of_a_million_empty_cells_reads_only_its_real_rows() {
    let empty_cells: String = (3..=1_000_000).map(|row| format!(r#"<row r="{row}"><c r="A{row}" s="0"/></row>"#)).collect();
    let rows = format!("{}{}{empty_cells}", inline_row(1, &HEADER), question_rows(2, 1));
    assert_eq!(parsed("empty.xlsx", &xlsx_with_sheet(&sheet_xml("A1:A1000000", &rows))).questions.len(), 1);
}

#[test]
fn an_xlsx_sheet_of_a_hundred_thousand_questions_stops_early() {
    let rows = format!("{}{}", inline_row(1, &HEADER), question_rows(2, 100_000));
    assert_refused("many.xlsx", &xlsx_with_sheet(&sheet_xml("A1:F100001", &rows)), SheetError::TooManyQuestions, 422);
}

#[test]
fn an_xlsx_sheet_with_wild_cell_references_does_not_crash() {
    let rows = r#"<row r="1"><c r="XFD1048576"><v>1</v></c><c r="A4294967296"><v>1</v></c><c r="AAAAAAAAAAAAAA1"><v>1</v></c></row>"#;
    for dimension in ["B2:A1", "A1:XFD1048576", "ZZZZZZZZZZ99999999999"] {
        let result = crate::support::quickly(|| quizroom_sheet::parse("wild.xlsx", &xlsx_with_sheet(&sheet_xml(dimension, rows))));
        assert!(matches!(result, Err(SheetError::Unreadable | SheetError::NoHeader | SheetError::NoQuestions)), "{dimension}: {result:?}");
    }
}

#[test]
fn an_ods_run_of_a_million_empty_rows_only_moves_the_row_number_on() {
    let table = format!(
        "{}<table:table-row table:number-rows-repeated=\"1000000\"><table:table-cell table:number-columns-repeated=\"1024\"/></table:table-row>{}",
        ods_row(&HEADER),
        ods_row(&["Why?", "a", "b", "c", "d", "A"]),
    );
    let parsed = parsed("million.ods", &ods(&table));
    assert_eq!(parsed.questions.len(), 1);
    assert_eq!(parsed.questions[0].row, 1_000_002);
}

#[test]
fn an_ods_row_with_content_repeated_a_million_times_stops_early() {
    let repeated = ods_row(&["Why?", "a", "b", "c", "d", "A"]).replace("<table:table-row>", "<table:table-row table:number-rows-repeated=\"1000000\">");
    assert_refused("million.ods", &ods(&format!("{}{repeated}", ods_row(&HEADER))), SheetError::TooManyQuestions, 422);
}

#[test]
fn ods_cells_repeated_across_every_column_of_many_rows_stay_cheap() {
    let wide = r#"<table:table-row><table:table-cell office:value-type="string" table:number-columns-repeated="2000000000"><text:p>x</text:p></table:table-cell></table:table-row>"#;
    let table = format!("{}{}", ods_row(&HEADER), wide.repeat(900));
    let parsed = parsed("wide.ods", &ods(&table));
    assert_eq!(parsed.errors.len(), 900);
}

#[test]
fn an_ods_cell_asking_for_billions_of_spaces_is_capped() {
    let cell = r#"<table:table-cell office:value-type="string"><text:p>Why<text:s text:c="2000000000"/>?</text:p></table:table-cell>"#;
    let spaces = cell.repeat(20_000);
    let row = ods_row(&["a", "b", "c", "d", "A"]).replace("<table:table-row>", &format!("<table:table-row>{cell}"));
    let table = format!("{}{row}<table:table-row>{spaces}</table:table-row>", ods_row(&HEADER));
    let parsed = parsed("spaces.ods", &ods(&table));
    assert_eq!(parsed.errors[0].message, "Row 2: the question is longer than 1,000 characters");
}

#[test]
fn malformed_ods_content_is_unreadable() {
    for content in [
        "<office:document-content><table:table table:name=\"Q\"><table:table-row><table:table-cell>",
        "<!DOCTYPE x [<!ENTITY a \"aaaaaaaaaa\">]><table:table table:name=\"Q\"><table:table-row>\
         <table:table-cell><text:p>&a;</text:p></table:table-cell></table:table-row></table:table>",
        "<table:table table:name=\"Q\"><table:table-row></table:table></table:table-row>",
        "<table:table table:name=\"&bogus;\"></table:table>",
    ] {
        assert_refused("bad.ods", &ods_with_content(content), SheetError::Unreadable, 422);
    }
}

#[test]
fn an_encrypted_ods_is_password_protected() {
    let manifest =
        br#"<manifest:manifest><manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data/></manifest:file-entry></manifest:manifest>"#;
    let bytes =
        zip(&[("mimetype", b"application/vnd.oasis.opendocument.spreadsheet"), ("META-INF/manifest.xml", manifest), ("content.xml", b"\x8f\x12garbage")]);
    assert_refused("secret.ods", &bytes, SheetError::PasswordProtected, 422);
}

fn question_labels(row: u16, text: &str) -> Vec<Vec<u8>> {
    [text, "a", "b", "c", "d", "A"].iter().zip(0..).map(|(cell, column)| label(row, column, cell)).collect()
}

fn header_labels() -> Vec<Vec<u8>> {
    HEADER.iter().zip(0..).map(|(name, column)| label(0, column, name)).collect()
}

fn xls(cells: &[Vec<u8>]) -> Vec<u8> {
    compound_file(&[("Workbook", &biff8_workbook(cells))])
}

#[test]
fn a_hand_built_xls_reads() {
    let cells = [header_labels(), question_labels(3, "Why?")].concat();
    let parsed = parsed("built.xls", &xls(&cells));
    assert_eq!(parsed.questions.len(), 1);
    assert_eq!(parsed.questions[0].row, 4);
}

#[test]
fn an_xls_sheet_of_sixty_five_thousand_questions_stops_early() {
    let mut cells = header_labels();
    for row in 1..=u16::MAX {
        cells.push(label(row, 0, &format!("Q{row}?")));
        cells.extend((1..5).map(|column| label(row, column, ["a", "b", "c", "d"][usize::from(column) - 1])));
        cells.push(label(row, 5, "A"));
    }
    assert_refused("many.xls", &xls(&cells), SheetError::TooManyQuestions, 422);
}

#[test]
fn xls_records_out_of_range_or_too_short_do_not_crash() {
    let mulrk_far_right = record(0x00BD, &[&1u16.to_le_bytes()[..], &65530u16.to_le_bytes(), &[0; 12], &65535u16.to_le_bytes()].concat());
    let far_cells = [header_labels(), vec![mulrk_far_right, label(65535, 65535, "x")], question_labels(2, "Why?")].concat();
    assert_eq!(parsed("far.xls", &xls(&far_cells)).questions.len(), 1);
    for short in [record(0x0203, &[0, 0]), record(0x00FD, &[1, 0, 0, 0]), record(0x0006, &[1]), record(0x0205, &[1, 0, 0, 0, 0, 0])] {
        let cells = [header_labels(), vec![short]].concat();
        assert_refused("short.xls", &xls(&cells), SheetError::Unreadable, 422);
    }
    let mut overlong = biff8_workbook(&header_labels());
    let at = overlong.len() - 2;
    overlong[at..].copy_from_slice(&60000u16.to_le_bytes());
    assert_refused("overlong.xls", &compound_file(&[("Workbook", &overlong)]), SheetError::Unreadable, 422);
}

#[test]
fn old_encrypted_and_other_compound_files_get_their_own_errors() {
    let biff5 = [record(0x0809, &[0x00, 0x05, 0x05, 0x00]), record(0x000A, &[])].concat();
    assert_refused("old.xls", &compound_file(&[("Workbook", &biff5)]), SheetError::OldExcelFormat, 415);
    assert_refused("old.xls", &compound_file(&[("Book", &biff5)]), SheetError::OldExcelFormat, 415);
    let mut encrypted = biff8_workbook(&[]);
    encrypted.splice(20..20, record(0x002F, &[1, 0, 1, 0]));
    assert_refused("secret.xls", &compound_file(&[("Workbook", &encrypted)]), SheetError::PasswordProtected, 422);
    assert_refused("secret.xlsx", &compound_file(&[("EncryptedPackage", &[0; 64])]), SheetError::PasswordProtected, 422);
    assert_refused("letter.xls", &compound_file(&[("WordDocument", &[0; 64])]), SheetError::NotASpreadsheet, 415);
}

#[test]
fn a_compound_file_with_looping_or_oversized_chains_is_unreadable() {
    let good = xls(&header_labels());
    let fat_entry = |bytes: &mut Vec<u8>, sector: usize, next: u32| {
        let at = 512 + sector * 4;
        bytes[at..at + 4].copy_from_slice(&next.to_le_bytes());
    };
    let mut directory_loop = good.clone();
    fat_entry(&mut directory_loop, 1, 1);
    let mut huge_stream = good.clone();
    let size_at = 512 + 512 + 128 + 120;
    huge_stream[size_at..size_at + 4].copy_from_slice(&u32::MAX.to_le_bytes());
    let mut difat_loop = good.clone();
    difat_loop[68..72].copy_from_slice(&1u32.to_le_bytes());
    difat_loop[1024 + 508..1024 + 512].copy_from_slice(&1u32.to_le_bytes());
    for (name, bytes) in [("directory", directory_loop), ("size", huge_stream), ("difat", difat_loop)] {
        assert_refused(name, &bytes, SheetError::Unreadable, 422);
    }
}

#[test]
fn csv_files_of_ten_megabytes_of_separators_or_one_field_stay_quick() {
    let commas = vec![b','; MAX_FILE_BYTES - 1];
    assert_refused("commas.csv", &commas, SheetError::NoQuestions, 422);
    let mut one_field = vec![b'"'];
    one_field.extend(vec![b'x'; MAX_FILE_BYTES - 2]);
    assert_refused("field.csv", &one_field, SheetError::NoHeader, 422);
    let lines = vec![b'\n'; MAX_FILE_BYTES];
    assert_refused("lines.csv", &lines, SheetError::NoQuestions, 422);
}

#[test]
fn forged_style_and_string_tables_are_refused_before_calamine_copies_them() {
    let many_formats = format!("<styleSheet><cellXfs>{}</cellXfs></styleSheet>", "<xf numFmtId=\"0\"/>".repeat(64_001));
    let long_name =
        format!("<styleSheet><fonts><font><name val=\"{}\"/></font></fonts><cellXfs><xf fontId=\"0\"/></cellXfs></styleSheet>", "x".repeat(100_000));
    for styles in [many_formats, long_name] {
        assert_refused("styles.xlsx", &xlsx_with_entry("xl/styles.xml", styles.as_bytes()), SheetError::TooMuchData, 422);
    }
    let strings = format!("<sst>{}</sst>", "<x:si/>".repeat(1_000_001));
    assert_refused("strings.xlsx", &xlsx_with_entry("xl/sharedStrings.xml", strings.as_bytes()), SheetError::TooMuchData, 422);
}

#[test]
fn an_ods_sheet_of_many_empty_row_elements_reads_only_its_real_rows() {
    let table = format!("{}{}{}", ods_row(&HEADER), "<table:table-row/>".repeat(250_000), ods_row(&["Why?", "a", "b", "c", "d", "A"]));
    assert_eq!(parsed("rows.ods", &ods(&table)).questions[0].row, 250_002);
}
