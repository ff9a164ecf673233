//! The same questions read from every format, as Excel and LibreOffice save them.

use quizroom_sheet::{Format, RowError};

use crate::support::{fixture, fixture_questions, parsed};

fn reads_the_fixture_questions(name: &str, format: Format) {
    let parsed = parsed(name, &fixture(name));
    assert_eq!(parsed.format, format);
    assert_eq!(parsed.errors, []);
    assert_eq!(parsed.questions, fixture_questions());
}

#[test]
fn an_xlsx_file_reads_as_its_questions() {
    reads_the_fixture_questions("questions.xlsx", Format::Xlsx);
}

#[test]
fn an_xlsx_file_saved_by_libreoffice_reads_the_same() {
    reads_the_fixture_questions("questions-libreoffice.xlsx", Format::Xlsx);
}

#[test]
fn an_xls_file_reads_the_same() {
    reads_the_fixture_questions("questions.xls", Format::Xls);
}

#[test]
fn an_ods_file_reads_the_same() {
    reads_the_fixture_questions("questions.ods", Format::Ods);
}

#[test]
fn a_csv_file_reads_the_same() {
    reads_the_fixture_questions("questions.csv", Format::Csv);
}

#[test]
fn a_csv_file_with_a_byte_order_mark_reads_the_same() {
    let bytes = [b"\xEF\xBB\xBF".as_slice(), &fixture("questions.csv")].concat();
    assert_eq!(parsed("questions.csv", &bytes).questions, fixture_questions());
}

#[test]
fn the_format_comes_from_the_content_not_the_name() {
    assert_eq!(parsed("questions.xls", &fixture("questions.xlsx")).format, Format::Xlsx);
    assert_eq!(parsed("questions.xlsx", &fixture("questions.ods")).format, Format::Ods);
    assert_eq!(parsed("questions", &fixture("questions.xls")).format, Format::Xls);
    assert_eq!(parsed("questions.txt", &fixture("questions.csv")).format, Format::Csv);
}

fn formula_errors() -> Vec<RowError> {
    [3, 4].map(|row| RowError { row, message: format!("Row {row}: a cell holds a formula; paste its value instead") }).to_vec()
}

#[test]
fn a_formula_in_any_format_is_a_row_error() {
    for name in ["formulas.xlsx", "formulas.xls", "formulas.ods"] {
        let parsed = parsed(name, &fixture(name));
        assert_eq!(parsed.errors, formula_errors(), "{name}");
        assert_eq!(parsed.questions.len(), 1, "{name}");
        assert_eq!(parsed.questions[0].text, "What is 1 + 1?", "{name}");
    }
}

#[test]
fn a_csv_cell_starting_with_an_equals_sign_is_a_formula() {
    let csv = "Question,Option A,Option B,Option C,Option D,Correct Option Letter\n\
               What is 1 + 1?,1,2,3,4,B\n\
               What is 2 + 2?,3,4,5,=1+5,B\n\
               \"=\"\"What is \"\"&\"\"3 + 3?\"\"\",5,6,7,8,B\n";
    let parsed = parsed("formulas.csv", csv.as_bytes());
    assert_eq!(parsed.errors, formula_errors());
    assert_eq!(parsed.questions.len(), 1);
}

#[test]
fn a_semicolon_separated_csv_reads_like_a_comma_separated_one() {
    let csv = "Question;Option A;Option B;Option C;Option D;Correct Option Letter\n\
               \"Which one; really?\";1,5;2;3;4;a\n";
    let parsed = parsed("questions.csv", csv.as_bytes());
    assert_eq!(parsed.errors, []);
    assert_eq!(parsed.questions[0].text, "Which one; really?");
    assert_eq!(parsed.questions[0].kind.letters().unwrap().0[0], "1,5");
}

#[test]
fn csv_rows_are_numbered_as_a_spreadsheet_shows_them() {
    let csv = "\r\n\r\nQuestion,Option A,Option B,Option C,Option D,Correct Option Letter\r\n\r\n\
               \"Two\r\nlines?\",1,2,3,4,A\r\n,,,,,\r\n\r\nLast?,1,2,3,4,X\r\n";
    let parsed = parsed("questions.csv", csv.as_bytes());
    assert_eq!(parsed.questions[0].row, 5);
    assert_eq!(parsed.questions[0].text, "Two\r\nlines?");
    assert_eq!(parsed.errors, [RowError { row: 8, message: "Row 8: the correct option letter must be A, B, C or D".into() }]);
}
