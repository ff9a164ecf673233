//! Reads the hosting template — a spreadsheet of questions — into questions and row errors, and
//! writes the template. Files come from strangers, so every reader is bounded: a file is at most
//! [`MAX_FILE_BYTES`], what a zip may unpack to is capped while it is inflated, only the first
//! twelve columns are kept, and reading stops once a sheet holds more than [`MAX_QUESTIONS`] rows.
//!
//! - [`parse`]: detect the format from the content (`detect`), read the chosen sheet's rows with
//!   the format's reader, and check them row by row (`rows`).
//! - Readers: `xlsx` (calamine's streaming cell reader, behind `archive`'s checks), `ods`
//!   (our own pass over `content.xml` with `xml`), `xls` (our own BIFF8 reader over `cfb`),
//!   and `csv_file` (the csv crate). calamine's ods and xls readers are not used: they build the
//!   whole sheet in memory, sized by what the file declares, and the xls one trusts the file's
//!   record lengths and sector chains.
//! - [`template_xlsx`] and [`template_csv`]: the template hosts download (`template`).
//! - [`workbook`]: reports written as workbooks (the hosts' insights export).

mod archive;
mod cell;
mod cfb;
mod csv_file;
mod detect;
mod error;
mod ods;
mod rows;
mod template;
mod types;
mod workbook;
mod xls;
mod xlsx;
mod xml;

use quizroom_domain::question::QuestionKind;
use quizroom_domain::quiz::Letter;
use serde::Serialize;

pub use error::SheetError;
pub use template::{template_csv, template_xlsx};
pub use workbook::{Cell, Sheet, workbook};

/// The largest file accepted, in bytes.
pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
/// The most questions one file may hold.
pub const MAX_QUESTIONS: usize = 1000;
/// The template's header row, in order: the seven columns of questions A–D (a file with only
/// these is read as it always was), then the `Type` column and the options the other types need.
pub const COLUMNS: [&str; 12] = [
    "Question",
    "Option A",
    "Option B",
    "Option C",
    "Option D",
    "Correct Option Letter",
    "Explanation (Optional)",
    "Type",
    "Option E",
    "Option F",
    "Option G",
    "Option H",
];
/// The columns every file has (the header of questions A–D).
pub const REQUIRED_COLUMNS: usize = 7;

/// The most shared strings a workbook may hold: calamine reserves room up front for as many as
/// an .xlsx announces.
const MAX_SHARED_STRINGS: u64 = 1_000_000;

/// A spreadsheet format, as detected from the file's content.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Xlsx,
    Xls,
    Ods,
    Csv,
}

impl Format {
    /// `"xlsx"`, `"xls"`, `"ods"` or `"csv"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Xlsx => "xlsx",
            Format::Xls => "xls",
            Format::Ods => "ods",
            Format::Csv => "csv",
        }
    }
}

/// A question read from one row of the sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetQuestion {
    /// The row number the host sees in the spreadsheet (the header is row 1).
    pub row: usize,
    pub text: String,
    /// Four options and a letter, or the row's `Type` with what it holds.
    pub kind: QuestionKind,
    /// Empty when the row has none.
    pub explanation: String,
}

impl SheetQuestion {
    /// A question of four options A–D with one right.
    pub fn four(row: usize, text: &str, options: [&str; 4], answer: Letter, explanation: &str) -> SheetQuestion {
        let kind = QuestionKind::from_letters(options.map(str::to_owned), answer);
        SheetQuestion { row, text: text.to_owned(), kind, explanation: explanation.to_owned() }
    }
}

/// Why one row was not taken as a question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RowError {
    pub row: usize,
    /// A sentence for the host, starting with `Row {row}`.
    pub message: String,
}

/// What a readable file holds: its questions and the rows that could not be taken.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    pub format: Format,
    pub questions: Vec<SheetQuestion>,
    pub errors: Vec<RowError>,
}

/// Reads an uploaded template. `file_name` is only consulted where the content leaves the format
/// open (plain text is CSV when it is named `.csv` or looks like CSV). The sheet named
/// `Questions` is read when there is one, else the first sheet.
///
/// An error means the file cannot be read at all; problems with single rows are in
/// [`Parsed::errors`].
pub fn parse(file_name: &str, bytes: &[u8]) -> Result<Parsed, SheetError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(SheetError::TooLarge);
    }
    let format = detect::format(file_name, bytes)?;
    let mut collector = rows::Collector::default();
    let mut sink = |row| collector.push(row);
    match format {
        Format::Xlsx => xlsx::read(bytes, &mut sink)?,
        Format::Xls => xls::read(bytes, &mut sink)?,
        Format::Ods => ods::read(bytes, &mut sink)?,
        Format::Csv => csv_file::read(bytes, &mut sink)?,
    }
    let (questions, errors) = collector.finish()?;
    Ok(Parsed { format, questions, errors })
}
