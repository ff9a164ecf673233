//! .xlsx through calamine's streaming cell reader, so the sheet is never built whole in memory:
//! cells come in file order, only the first seven columns are kept, and reading stops when the
//! rows say so. Formulas are seen through the cell's formula metadata; `TRUE()` and `FALSE()`
//! are how LibreOffice saves a typed boolean, so they are values.
//!
//! Before calamine opens the file, [`Archive::inflate`] bounds what it can inflate, and the
//! tables it builds in full on opening are checked ([`check_tables`]). calamine is not hardened
//! against every malformed file (a debug build panics on some overflowing cell references), so a
//! panic inside it reads as an unreadable file rather than taking the caller down.

use std::io::Cursor;
use std::ops::ControlFlow;
use std::panic::{self, AssertUnwindSafe};

use calamine::{DataRef, Reader, Sheet, SheetType, Xlsx, XlsxFormulaMetadata};

use crate::archive::{Archive, Entry};
use crate::rows::{SheetRow, Sink, WIDTH, sheet_to_read};
use crate::{MAX_SHARED_STRINGS, SheetError, cell};

/// The most cell formats a workbook may have, as in Excel.
const MAX_CELL_FORMATS: u64 = 64_000;
/// The longest value in the styles, in bytes: Excel's font names and number formats are at most
/// 255 characters. With [`MAX_CELL_FORMATS`], the styles calamine builds stay under 100 MB.
const MAX_STYLE_VALUE_BYTES: usize = 512;

pub(crate) fn read(bytes: &[u8], sink: &mut Sink) -> Result<(), SheetError> {
    check_tables(&Archive::open(bytes)?.inflate(is_table)?)?;
    panic::catch_unwind(AssertUnwindSafe(|| read_cells(bytes, sink))).unwrap_or(Err(SheetError::Unreadable))
}

fn read_cells(bytes: &[u8], sink: &mut Sink) -> Result<(), SheetError> {
    let unreadable = |_| SheetError::Unreadable;
    let mut workbook = Xlsx::new(Cursor::new(bytes)).map_err(unreadable)?;
    let Some(name) = worksheet_to_read(workbook.sheets_metadata()) else {
        return Ok(());
    };
    let mut cells = workbook.worksheet_cells_reader(&name).map_err(unreadable)?;
    let mut row: Option<SheetRow> = None;
    while let Some(cell) = cells.next_cell_with_formula_metadata().map_err(unreadable)? {
        let (index, column) = (cell.pos.0 as usize, cell.pos.1 as usize);
        if let Some(done) = row.take_if(|row| row.number != index + 1)
            && let ControlFlow::Break(()) = sink(done)
        {
            return Ok(());
        }
        if column >= WIDTH {
            continue;
        }
        let current = row.get_or_insert_with(|| SheetRow::new(index + 1));
        current.cells[column] = text(&cell.value);
        current.formula |= holds_formula(cell.formula.as_ref());
    }
    if let Some(done) = row {
        _ = sink(done); // the last row: there is nothing left to stop
    }
    Ok(())
}

/// The worksheet named `Questions`, else the first worksheet (chart sheets have no cells).
fn worksheet_to_read(sheets: &[Sheet]) -> Option<String> {
    let worksheets: Vec<&str> = sheets.iter().filter(|sheet| sheet.typ == SheetType::WorkSheet).map(|sheet| sheet.name.as_str()).collect();
    sheet_to_read(&worksheets).map(|index| worksheets[index].to_owned())
}

fn holds_formula(formula: Option<&XlsxFormulaMetadata>) -> bool {
    match formula {
        None => false,
        Some(XlsxFormulaMetadata::Normal { formula }) => cell::typed_boolean(formula).is_none(),
        Some(_) => true,
    }
}

fn text(value: &DataRef) -> String {
    match value {
        DataRef::Empty => String::new(),
        DataRef::String(text) | DataRef::DateTimeIso(text) | DataRef::DurationIso(text) => text.clone(),
        DataRef::SharedString(text) => (*text).to_owned(),
        DataRef::Float(number) => cell::number(*number),
        DataRef::Int(number) => number.to_string(),
        DataRef::Bool(value) => cell::boolean(*value),
        DataRef::DateTime(date_time) => cell::date_time(date_time),
        DataRef::Error(error) => error.to_string(),
    }
}

/// calamine builds the workbook's tables in full when it opens it: it reserves room for as many
/// shared strings as the file announces, and copies a style's font and number format into every
/// cell format that uses them. These checks keep what a forged table can make it allocate to
/// tens of megabytes.
fn check_tables(tables: &[Entry]) -> Result<(), SheetError> {
    for Entry { name, content: xml } in tables {
        let too_much = if is_shared_strings(name) {
            announced_counts(xml).any(|count| count > MAX_SHARED_STRINGS) || elements(xml, b"si") > MAX_SHARED_STRINGS
        } else {
            elements(xml, b"xf") > MAX_CELL_FORMATS || longest_value(xml) > MAX_STYLE_VALUE_BYTES
        };
        if too_much {
            return Err(SheetError::TooMuchData);
        }
    }
    Ok(())
}

/// The parts holding the tables calamine builds on opening, wherever the workbook puts them.
fn is_table(name: &str) -> bool {
    is_shared_strings(name) || name.to_ascii_lowercase().ends_with("styles.xml")
}

fn is_shared_strings(name: &str) -> bool {
    name.to_ascii_lowercase().ends_with("sharedstrings.xml")
}

/// The values of every `uniqueCount="…"` in the XML, read as calamine reads them.
fn announced_counts(xml: &[u8]) -> impl Iterator<Item = u64> {
    const NAME: &[u8] = b"uniqueCount";
    xml.windows(NAME.len()).enumerate().filter(|(_, window)| *window == NAME).map(|(at, _)| {
        let rest = &xml[at + NAME.len()..];
        let rest = rest.trim_ascii_start().strip_prefix(b"=").unwrap_or_default().trim_ascii_start();
        let digits = rest.get(1..).unwrap_or_default();
        digits.iter().take_while(|byte| byte.is_ascii_digit()).fold(0u64, |count, digit| count.saturating_mul(10).saturating_add(u64::from(digit - b'0')))
    })
}

/// How many elements of this local name (any prefix) the XML opens.
fn elements(xml: &[u8], name: &[u8]) -> u64 {
    let opened = xml.split(|&byte| byte == b'<').skip(1).filter(|tag| {
        let qualified = tag.split(|&byte| byte.is_ascii_whitespace() || byte == b'/' || byte == b'>').next().unwrap_or_default();
        qualified.rsplit(|&byte| byte == b':').next() == Some(name)
    });
    opened.count() as u64
}

/// The longest stretch of the XML between markup characters: a bound on every attribute value
/// and text in it.
fn longest_value(xml: &[u8]) -> usize {
    let values = xml.split(|&byte| matches!(byte, b'<' | b'>' | b'"' | b'\''));
    values.map(<[u8]>::len).max().unwrap_or(0)
}
