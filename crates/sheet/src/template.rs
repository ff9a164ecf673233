//! The template hosts download: the columns with one example row, and, in the workbook, a sheet
//! that says how to fill them in and a sheet with an example row of each question type.

use rust_xlsxwriter::{Format, Workbook, XlsxError};

use crate::COLUMNS;

const EXAMPLE: [&str; 12] =
    ["What is the capital of France?", "Berlin", "Madrid", "Paris", "Rome", "C", "Paris is the capital and largest city of France.", "", "", "", "", ""];

/// Column widths in characters, wide enough for the header and a short question.
const WIDTHS: [f64; 12] = [50.0, 20.0, 20.0, 20.0, 20.0, 22.0, 50.0, 14.0, 20.0, 20.0, 20.0, 20.0];

/// Each type: its name in the Type column, what its cells hold, and an example row (Question,
/// Option A–D, Correct Option Letter, Explanation, Type, Option E–H).
const TYPES: [(&str, &str, [&str; 12]); 14] = [
    ("(empty)", "Four options A–D, one right: Correct Option Letter is its letter.", EXAMPLE),
    (
        "single_choice",
        "2 to 6 options (A–F); Correct Option Letter: the right one, or several (A, C): any of them counts.",
        ["Which of these is a prime?", "4", "6", "7", "9", "C", "", "single_choice", "", "", "", ""],
    ),
    ("true_false", "Correct Option Letter: True or False.", ["Water boils at 100 °C at sea level.", "", "", "", "", "True", "", "true_false", "", "", "", ""]),
    (
        "multi_select",
        "2 to 6 options (A–F); Correct Option Letter: every right one (A, C). Each wrong pick takes back a right one.",
        ["Which are primes?", "2", "3", "4", "9", "A, B", "", "multi_select", "", "", "", ""],
    ),
    (
        "type_answer",
        "The accepted answers in Option A to Option H (case and accents do not matter; * stands for any text).",
        ["The capital of France?", "Paris", "", "", "", "", "", "type_answer", "", "", "", ""],
    ),
    (
        "numeric",
        "Correct Option Letter: the number, optionally ± how far off still counts (or a %), and a unit.",
        ["g in m/s²?", "", "", "", "", "9.81 ± 0.05 m/s²", "", "numeric", "", "", "", ""],
    ),
    (
        "slider",
        "Option A, B, C: the smallest value, the largest and the step; Correct Option Letter: the target ± how far off still scores.",
        ["Year of the first moon landing?", "1950", "2000", "1", "", "1969 ± 10", "", "slider", "", "", "", ""],
    ),
    (
        "ordering",
        "3 to 8 items in Option A to Option H, in the right order (players get them shuffled).",
        ["Smallest first.", "Mouse", "Cat", "Horse", "Whale", "", "", "ordering", "", "", "", ""],
    ),
    (
        "matching",
        "2 to 8 pairs as left = right in Option A to Option H; a cell without = adds a wrong choice.",
        ["Match the capitals.", "France = Paris", "Italy = Rome", "Spain = Madrid", "Berlin", "", "", "matching", "", "", "", ""],
    ),
    (
        "categorize",
        "Items as item = group in Option A to Option H, 2 to 4 groups.",
        ["Odd or even?", "1 = odd", "2 = even", "3 = odd", "4 = even", "", "", "categorize", "", "", "", ""],
    ),
    (
        "gaps",
        "The question marks each gap {{1}}, {{2}}, …; Option A is gap 1, B gap 2, …: a dropdown as [right] | wrong | wrong, or typed words as word | other word.",
        ["Roses are {{1}}, the sky is {{2}}.", "[red] | green | white", "blue", "", "", "", "", "gaps", "", "", "", ""],
    ),
    ("poll", "2 to 6 options (A–F), nothing right: the room's opinion.", ["Tea or coffee?", "Tea", "Coffee", "", "", "", "", "poll", "", "", "", ""]),
    ("word_cloud", "Players type a short text, not scored.", ["One word for today?", "", "", "", "", "", "", "word_cloud", "", "", "", ""]),
    (
        "slide",
        "A page between questions: the Question cell is its text; nothing to answer.",
        ["Part two: the planets", "", "", "", "", "", "", "slide", "", "", "", ""],
    ),
];

const INSTRUCTIONS: [&str; 10] = [
    "Keep the header row (row 1) of the Questions sheet as it is.",
    "Write one question per row, from row 2 on; empty rows are skipped.",
    "Question: the text of the question, up to 1,000 characters.",
    "Option A to Option D: four different answers, up to 300 characters each.",
    "Correct Option Letter: A, B, C or D, the letter of the right answer.",
    "Explanation (Optional): why that answer is right, up to 2,000 characters. It may stay empty.",
    "Up to 1,000 questions per file.",
    "Type values, not formulas: a cell holding a formula is refused.",
    "Save the file as .xlsx (or .xls, .ods, .csv) and upload it.",
    "Other question types: write the type in the Type column; the Types sheet shows a row of each.",
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
    // Each type: a line saying what its cells hold, then its example row under the header.
    let types = workbook.add_worksheet().set_name("Types")?;
    for (column, (name, width)) in (0..).zip(COLUMNS.into_iter().zip(WIDTHS)) {
        types.write_string_with_format(0, column, name, &bold)?;
        types.set_column_width(column, width)?;
    }
    for (row, (name, help, example)) in (1..).step_by(3).zip(TYPES) {
        types.write_string_with_format(row, 0, format!("{name}: {help}"), &bold)?;
        types.write_row(row + 1, 0, example)?;
    }
    workbook.save_to_buffer()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_of_the_types_sheet_reads_as_its_type() {
        let mut writer = csv::Writer::from_writer(Vec::new());
        writer.write_record(COLUMNS).unwrap();
        for (_, _, example) in TYPES {
            writer.write_record(example).unwrap();
        }
        let parsed = crate::parse("types.csv", &writer.into_inner().unwrap()).unwrap();
        assert_eq!(parsed.errors, []);
        let names: Vec<&str> = parsed.questions.iter().map(|q| q.kind.name()).collect();
        let expected: Vec<&str> = TYPES.iter().map(|(name, _, _)| if *name == "(empty)" { "single_choice" } else { name }).collect();
        assert_eq!(names, expected);
    }
}
