//! The template hosts download reads back as its example question.

use std::io::{Cursor, Read};

use calamine::{Data, Reader, Xlsx};
use quizroom_domain::quiz::Letter;
use quizroom_sheet::{COLUMNS, Format, template_csv, template_xlsx};

use crate::support::{parsed, question};

fn example() -> quizroom_sheet::SheetQuestion {
    question(2, "What is the capital of France?", ["Berlin", "Madrid", "Paris", "Rome"], Letter::C, "Paris is the capital and largest city of France.")
}

#[test]
fn the_xlsx_template_reads_back_as_its_example_question() {
    let parsed = parsed("template.xlsx", &template_xlsx());
    assert_eq!(parsed.format, Format::Xlsx);
    assert_eq!(parsed.errors, []);
    assert_eq!(parsed.questions, [example()]);
}

#[test]
fn the_csv_template_reads_back_the_same() {
    let parsed = parsed("template.csv", template_csv().as_bytes());
    assert_eq!(parsed.questions, [example()]);
}

#[test]
fn the_csv_template_is_the_header_and_the_example() {
    let template = template_csv();
    let lines: Vec<&str> = template.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], COLUMNS.join(","));
}

#[test]
fn the_xlsx_template_has_a_bold_header_widened_columns_and_instructions() {
    let bytes = template_xlsx();
    let mut workbook = Xlsx::new(Cursor::new(bytes.clone())).unwrap();
    assert_eq!(workbook.sheet_names(), ["Questions", "Instructions", "Types"]);
    let types = workbook.worksheet_range("Types").unwrap();
    let listed: String = types.cells().map(|(_, _, cell)| cell.to_string() + "\n").collect();
    for name in [
        "single_choice",
        "true_false",
        "multi_select",
        "type_answer",
        "numeric",
        "slider",
        "ordering",
        "matching",
        "categorize",
        "gaps",
        "poll",
        "word_cloud",
        "slide",
    ] {
        assert!(listed.contains(&format!("{name}: ")), "the Types sheet explains {name}:\n{listed}");
    }
    let questions = workbook.worksheet_range("Questions").unwrap();
    let header: Vec<String> = questions.rows().next().unwrap().iter().map(Data::to_string).collect();
    assert_eq!(header, COLUMNS);
    let styles = workbook.worksheet_style("Questions").unwrap();
    for column in 0..COLUMNS.len() as u32 {
        let font = styles.get((0, column)).and_then(|style| style.font.as_ref());
        assert!(font.is_some_and(|font| font.is_bold()), "column {column} of the header is bold");
    }
    let instructions = workbook.worksheet_range("Instructions").unwrap();
    let text: String = instructions.cells().map(|(_, _, cell)| cell.to_string() + "\n").collect();
    for needle in ["one question per row", "A, B, C or D", "Optional", "1,000 questions", "header row"] {
        assert!(text.contains(needle), "the instructions mention {needle:?}:\n{text}");
    }
    let mut sheet = String::new();
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    archive.by_name("xl/worksheets/sheet1.xml").unwrap().read_to_string(&mut sheet).unwrap();
    for width in [r#"<col min="1" max="1" width="50"#, r#"<col min="2" max="5" width="20"#, r#"<col min="7" max="7" width="50"#] {
        assert!(sheet.contains(width), "{width} in {sheet}");
    }
}
