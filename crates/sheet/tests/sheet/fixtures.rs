//! Writes the .xlsx fixtures; `tests/fixtures/make.sh` runs this, then has LibreOffice convert
//! them to the other formats.

use rust_xlsxwriter::{ExcelDateTime, Format, Formula, Workbook, Worksheet, XlsxError};

use crate::support::{HEADER, fixture_path};

#[test]
#[ignore = "writes the fixtures: run by tests/fixtures/make.sh"]
fn write_the_xlsx_fixtures() -> Result<(), XlsxError> {
    let mut workbook = Workbook::new();
    write_questions(workbook.add_worksheet().set_name("Questions")?)?;
    workbook.add_worksheet().set_name("Instructions")?.write(0, 0, "Fill in the Questions sheet.")?;
    workbook.save(fixture_path("questions.xlsx"))?;

    let mut workbook = Workbook::new();
    write_formulas(workbook.add_worksheet())?;
    workbook.save(fixture_path("formulas.xlsx"))?;
    Ok(())
}

/// The questions of `support::fixture_questions`, with numbers, a boolean and dates as such,
/// an empty row 4, a lower-case letter, padded text and a column past the template's.
#[expect(clippy::approx_constant, reason = "a question asks for π to two decimals")]
fn write_questions(sheet: &mut Worksheet) -> Result<(), XlsxError> {
    let bold = Format::new().set_bold();
    let date = Format::new().set_num_format("yyyy-mm-dd");
    for (column, name) in (0..).zip(HEADER) {
        sheet.write_with_format(0, column, name, &bold)?;
    }
    sheet.write(0, 7, "Notes")?;
    sheet.write_row(1, 0, ["What is the capital of France?", "Berlin", "Madrid", " Paris ", "Rome", "C"])?;
    sheet.write(1, 6, "Paris is the capital of France.")?;
    sheet.write(1, 7, "a column the template does not have")?;
    sheet.write(2, 0, "How many legs does a spider have?")?;
    sheet.write_row(2, 1, [6, 8, 10, 12])?;
    sheet.write(2, 5, "b")?;
    sheet.write(4, 0, "What is π rounded to two decimals?")?;
    sheet.write_row(4, 1, [3.14, 3.41, 2.72, 1.62])?;
    sheet.write(4, 5, " a ")?;
    sheet.write(4, 6, "π ≈ 3.14159…")?;
    sheet.write(5, 0, "Which of these is a boolean?")?;
    sheet.write_boolean(5, 1, true)?;
    sheet.write_row(5, 2, ["Seven", "Blue", "Tuesday", "A"])?;
    sheet.write(6, 0, "When did the Berlin Wall fall?")?;
    for (column, (year, month, day)) in (1..).zip([(1989, 11, 9), (1961, 8, 13), (1990, 10, 3), (1945, 5, 8)]) {
        sheet.write_datetime_with_format(6, column, ExcelDateTime::from_ymd(year, month, day)?, &date)?;
    }
    sheet.write_row(6, 5, ["A", "On 9 November 1989, after 28 years."])?;
    sheet.write(7, 0, "Which of these, in quotes, is \"right\"?\nPick one.")?;
    sheet.write_row(7, 1, ["one, two", "\"three\"", "four", "five", "D", "Line one\nLine two"])?;
    sheet.write(8, 0, "What is 0.1 + 0.2?")?;
    sheet.write_row(8, 1, [0.1 + 0.2, 0.2, 1_000_000.0, -5.0])?;
    sheet.write(8, 5, "A")?;
    Ok(())
}

/// A question, then a row with a formula among the options, then one whose question is one.
fn write_formulas(sheet: &mut Worksheet) -> Result<(), XlsxError> {
    sheet.write_row(0, 0, HEADER)?;
    sheet.write_row(1, 0, ["What is 1 + 1?", "1", "2", "3", "4", "B"])?;
    sheet.write_row(2, 0, ["What is 2 + 2?", "3", "4", "5"])?;
    sheet.write_formula(2, 4, Formula::new("=1+5").set_result("6"))?;
    sheet.write(2, 5, "B")?;
    sheet.write_formula(3, 0, Formula::new("=\"What is \"&\"3 + 3?\"").set_result("What is 3 + 3?"))?;
    sheet.write_row(3, 1, ["5", "6", "7", "8", "B"])?;
    Ok(())
}
