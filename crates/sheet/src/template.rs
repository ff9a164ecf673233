//! The template hosts download: the seven columns with one example row, and, in the workbook, a
//! sheet that says how to fill them in.

use rust_xlsxwriter::{Format, Workbook, XlsxError};

use crate::COLUMNS;

const EXAMPLE: [&str; 7] = ["What is the capital of France?", "Berlin", "Madrid", "Paris", "Rome", "C", "Paris is the capital and largest city of France."];

/// Column widths in characters, wide enough for the header and a short question.
const WIDTHS: [f64; 7] = [50.0, 20.0, 20.0, 20.0, 20.0, 22.0, 50.0];

const INSTRUCTIONS: [&str; 9] = [
    "Keep the header row (row 1) of the Questions sheet as it is.",
    "Write one question per row, from row 2 on; empty rows are skipped.",
    "Question: the text of the question, up to 1,000 characters.",
    "Option A to Option D: four different answers, up to 300 characters each.",
    "Correct Option Letter: A, B, C or D, the letter of the right answer.",
    "Explanation (Optional): why that answer is right, up to 2,000 characters. It may stay empty.",
    "Up to 1,000 questions per file.",
    "Type values, not formulas: a cell holding a formula is refused.",
    "Save the file as .xlsx (or .xls, .ods, .csv) and upload it.",
];

/// The template workbook: sheet `Questions` with the header in bold and one example row, and
/// sheet `Instructions`.
pub fn template_xlsx() -> Vec<u8> {
    write_template().expect("the template is a fixed workbook that always writes")
}

/// The template as CSV: the header and the example row.
pub fn template_csv() -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let written = writer.write_record(COLUMNS).and_then(|()| writer.write_record(EXAMPLE));
    written.expect("writing to memory cannot fail");
    let bytes = writer.into_inner().expect("writing to memory cannot fail");
    String::from_utf8(bytes).expect("the template is UTF-8")
}

fn write_template() -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let bold = Format::new().set_bold();
    let questions = workbook.add_worksheet().set_name("Questions")?;
    for (column, (name, width)) in (0..).zip(COLUMNS.into_iter().zip(WIDTHS)) {
        questions.write_string_with_format(0, column, name, &bold)?;
        questions.set_column_width(column, width)?;
    }
    questions.write_row(1, 0, EXAMPLE)?;
    questions.set_freeze_panes(1, 0)?;
    let instructions = workbook.add_worksheet().set_name("Instructions")?;
    instructions.set_column_width(0, 100)?;
    instructions.write_string_with_format(0, 0, "How to fill in the Questions sheet", &bold)?;
    for (row, line) in (2..).zip(INSTRUCTIONS) {
        instructions.write_string(row, 0, line)?;
    }
    workbook.save_to_buffer()
}
