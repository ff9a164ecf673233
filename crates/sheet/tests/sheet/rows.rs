//! The header and the rules every row follows, with the row numbers the host sees.

use quizroom_domain::quiz::Letter;
use quizroom_sheet::{COLUMNS, RowError, SheetError};
use rust_xlsxwriter::Workbook;

use crate::support::{HEADER, parsed, question, refused};

const CSV_HEADER: &str = "Question,Option A,Option B,Option C,Option D,Correct Option Letter,Explanation (Optional)\n";

fn csv(rows: &str) -> Vec<u8> {
    format!("{CSV_HEADER}{rows}").into_bytes()
}

fn errors(rows: &str) -> Vec<String> {
    parsed("questions.csv", &csv(rows)).errors.into_iter().map(|error| error.message).collect()
}

#[test]
fn each_broken_rule_names_its_row() {
    let rows = "Fine?,a,b,c,d,A,\n\
                Missing an option?,a,b,,d,A,\n\
                ,a,b,c,d,A,\n\
                Bad letter?,a,b,c,d,E,\n\
                No letter?,a,b,c,d,,\n\
                Same options?,a,b, B ,d,A,\n\
                fine?,w,x,y,z,B,\n";
    assert_eq!(
        errors(rows),
        [
            "Row 3 is missing one or more required fields",
            "Row 4 is missing one or more required fields",
            "Row 5: the correct option letter must be A, B, C or D",
            "Row 6: the correct option letter must be A, B, C or D",
            "Row 7 has two options that are the same",
            "Row 8 repeats the question in row 2",
        ]
    );
}

#[test]
fn letters_in_any_case_and_with_spaces_are_read() {
    let parsed = parsed("questions.csv", &csv("One?,a,b,c,d, b \nTwo?,a,b,c,d,d\n"));
    assert_eq!(parsed.errors, []);
    assert_eq!(parsed.questions.iter().map(|q| q.kind.letters().unwrap().1).collect::<Vec<_>>(), [Letter::B, Letter::D]);
}

#[test]
fn fields_over_their_length_are_row_errors() {
    let long = |n: usize| "é".repeat(n);
    let rows = format!(
        "{q},a,b,c,d,A,\nOption?,a,{o},c,d,A,\nExplained?,a,b,c,d,A,{e}\nAt the limits{q1},{o1},b,c,d,A,{e1}\n",
        q = long(1001),
        o = long(301),
        e = long(2001),
        q1 = long(1000 - "At the limits".len()),
        o1 = long(300),
        e1 = long(2000),
    );
    assert_eq!(
        errors(&rows),
        [
            "Row 2: the question is longer than 1,000 characters",
            "Row 3: option B is longer than 300 characters",
            "Row 4: the explanation is longer than 2,000 characters",
        ]
    );
}

#[test]
fn the_header_matches_in_any_case_and_the_explanation_column_may_be_short_or_missing() {
    for header in [
        "question , OPTION A,option b,Option C,Option D,correct option letter,explanation\n",
        "Question,Option A,Option B,Option C,Option D,Correct Option Letter\n",
    ] {
        let parsed = parsed("questions.csv", format!("{header}Why?,a,b,c,d,A\n").as_bytes());
        assert_eq!(parsed.questions.len(), 1, "{header}");
    }
}

#[test]
fn a_sheet_whose_first_row_is_not_the_header_is_refused_naming_the_columns() {
    let error = refused("questions.csv", b"My quiz\nQuestion,Option A,Option B,Option C,Option D,Correct Option Letter\n");
    assert_eq!(error, SheetError::NoHeader);
    assert_eq!(error.status(), 422);
    assert!(COLUMNS[..quizroom_sheet::REQUIRED_COLUMNS].iter().all(|column| error.to_string().contains(column)), "{error}");
}

#[test]
fn a_header_without_questions_is_no_questions() {
    assert_eq!(refused("questions.csv", &csv("\n,,,,,,\n")), SheetError::NoQuestions);
    assert_eq!(refused("questions.csv", b"\n\n"), SheetError::NoQuestions);
}

#[test]
fn rows_with_only_errors_are_still_read_so_the_host_sees_them() {
    let parsed = parsed("questions.csv", &csv("Why?,a,b,,d,A\n"));
    assert_eq!(parsed.questions, []);
    assert_eq!(parsed.errors, [RowError { row: 2, message: "Row 2 is missing one or more required fields".into() }]);
}

#[test]
fn more_than_a_thousand_questions_are_refused() {
    let rows = |count: usize| (1..=count).map(|i| format!("Question {i}?,a,b,c,d,A\n")).collect::<String>();
    assert_eq!(parsed("questions.csv", &csv(&rows(1000))).questions.len(), 1000);
    let error = refused("questions.csv", &csv(&rows(1001)));
    assert_eq!(error, SheetError::TooManyQuestions);
    assert_eq!(error.to_string(), "The file has more than 1,000 questions.");
}

#[test]
fn empty_rows_above_and_between_count_in_the_row_numbers() {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.write_row(2, 0, HEADER).unwrap();
    sheet.write_row(5, 0, ["Why?", "a", "b", "c", "d", "A"]).unwrap();
    sheet.write_row(6, 0, ["Which?", "a", "b", "c", "d"]).unwrap();
    let parsed = parsed("questions.xlsx", &workbook.save_to_buffer().unwrap());
    assert_eq!(parsed.questions, [question(6, "Why?", ["a", "b", "c", "d"], Letter::A, "")]);
    assert_eq!(parsed.errors, [RowError { row: 7, message: "Row 7: the correct option letter must be A, B, C or D".into() }]);
}

#[test]
fn the_sheet_named_questions_is_read_wherever_it_is() {
    let mut workbook = Workbook::new();
    workbook.add_worksheet().set_name("Read me first").unwrap().write(0, 0, "Instructions").unwrap();
    let sheet = workbook.add_worksheet().set_name("questions").unwrap();
    sheet.write_row(0, 0, HEADER).unwrap();
    sheet.write_row(1, 0, ["Why?", "a", "b", "c", "d", "A"]).unwrap();
    assert_eq!(parsed("quiz.xlsx", &workbook.save_to_buffer().unwrap()).questions.len(), 1);
}

#[test]
fn numbers_read_as_a_spreadsheet_shows_them() {
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.write_row(0, 0, HEADER).unwrap();
    sheet.write(1, 0, 42).unwrap();
    sheet.write_row(1, 1, [1.0, 3.5, 1e-7, 123_456_789_012.0]).unwrap();
    sheet.write(1, 5, "A").unwrap();
    let parsed = parsed("quiz.xlsx", &workbook.save_to_buffer().unwrap());
    assert_eq!(parsed.questions[0].text, "42");
    assert_eq!(parsed.questions[0].kind.letters().unwrap().0, ["1", "3.5", "0.0000001", "123456789012"]);
}

#[test]
fn control_characters_in_a_cell_are_refused_but_line_breaks_are_text() {
    // (A .csv with a control character is not read as text at all; a workbook keeps them.)
    let mut workbook = Workbook::new();
    let sheet = workbook.add_worksheet();
    sheet.write_row(0, 0, HEADER).unwrap();
    sheet.write_row(1, 0, ["Bell\u{7}?", "a", "b", "c", "d", "A"]).unwrap();
    sheet.write_row(2, 0, ["Fine?", "a", "b\u{1b}", "c", "d", "A"]).unwrap();
    sheet.write_row(3, 0, ["Two\nlines?", "a", "b", "c", "d", "A", "Tab\there"]).unwrap();
    let parsed = parsed("questions.xlsx", &workbook.save_to_buffer().unwrap());
    let messages: Vec<String> = parsed.errors.into_iter().map(|e| e.message).collect();
    assert_eq!(messages, ["Row 2: a cell holds a control character", "Row 3: a cell holds a control character"]);
    assert_eq!(parsed.questions.len(), 1);
}

#[test]
fn rows_of_other_types_are_read_and_their_errors_name_the_row_and_the_type() {
    let header = COLUMNS.join(",");
    let csv = format!(
        "{header}\n\
         What is 2 + 2?,3,4,5,6,B,,,,,,\n\
         g in m/s²?,,,,,9.81 ± 0.05 m/s²,,numeric,,,,\n\
         How many legs?,,,,,ten,,numeric,,,,\n\
         Primes?,2,3,4,9,\"A, B\",,Multi-select,,,,\n\
         Smallest first,1,,,,,,ordering,,,,\n\
         Essay?,,,,,,,essay,,,,\n\
         Four options only?,a,b,c,d,A,,,e,,,\n"
    );
    let parsed = quizroom_sheet::parse("typed.csv", csv.as_bytes()).unwrap();
    let names: Vec<(usize, &str)> = parsed.questions.iter().map(|q| (q.row, q.kind.name())).collect();
    assert_eq!(names, [(2, "single_choice"), (3, "numeric"), (5, "multi_select")]);
    let messages: Vec<&str> = parsed.errors.iter().map(|e| e.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "Row 4: a numeric answer needs a number, got 'ten'",
            "Row 6: an ordering needs 3 to 8, got 1",
            "Row 7: the type 'essay' is not one of single_choice, true_false, multi_select, type_answer, numeric, slider, ordering, matching, categorize, gaps, poll, word_cloud, slide, hotspot",
            "Row 8: Option E to Option H are for rows with a Type; a row without one has four options",
        ]
    );
}

#[test]
fn a_workbook_of_seven_columns_with_more_to_the_right_is_read_as_it_always_was() {
    let csv = "Question,Option A,Option B,Option C,Option D,Correct Option Letter,Explanation (Optional),Notes\nWhat is 2 + 2?,3,4,5,6,B,,anything\n";
    let parsed = quizroom_sheet::parse("old.csv", csv.as_bytes()).unwrap();
    assert_eq!((parsed.questions.len(), parsed.errors.len()), (1, 0));
    assert_eq!(parsed.questions[0].kind.letters().unwrap().1, Letter::B);
}
