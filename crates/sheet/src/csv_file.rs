//! CSV: UTF-8 text (a byte order mark is dropped), separated by commas, or by semicolons as Excel
//! writes it where the comma is the decimal mark, with fields quoted as in RFC 4180. A cell that
//! starts with `=` is a formula, as Excel would read it.

use std::ops::ControlFlow;

use csv::{ReaderBuilder, StringRecord};

use crate::SheetError;
use crate::detect::strip_bom;
use crate::rows::{SheetRow, Sink, WIDTH};

pub(crate) fn read(bytes: &[u8], sink: &mut Sink) -> Result<(), SheetError> {
    let text = std::str::from_utf8(strip_bom(bytes)).map_err(|_| SheetError::NotUtf8)?;
    let mut reader = ReaderBuilder::new().has_headers(false).flexible(true).delimiter(separator(text)).from_reader(text.as_bytes());
    let mut record = StringRecord::new();
    let mut number = 0;
    while reader.read_record(&mut record).map_err(|_| SheetError::Unreadable)? {
        let start = record.position().map_or(0, |position| position.byte() as usize);
        number += 1 + empty_lines_before(text.as_bytes(), start);
        if record.iter().take(WIDTH).all(|field| field.trim().is_empty()) {
            continue;
        }
        if let ControlFlow::Break(()) = sink(row(number, &record)) {
            break;
        }
    }
    Ok(())
}

fn row(number: usize, record: &StringRecord) -> SheetRow {
    let mut row = SheetRow::new(number);
    for (cell, field) in row.cells.iter_mut().zip(record) {
        field.clone_into(cell);
    }
    row.formula = record.iter().take(WIDTH).any(|field| field.starts_with('='));
    row
}

/// A semicolon when the first line has semicolons and no commas, else a comma.
fn separator(text: &str) -> u8 {
    let first = text.lines().find(|line| !line.trim().is_empty()).unwrap_or_default();
    if first.contains(';') && !first.contains(',') { b';' } else { b',' }
}

/// The empty lines the reader skipped before the record it reports at `start`, which Excel
/// shows as empty rows. `start` is where the previous record ended: after the `\r` of a `\r\n`.
fn empty_lines_before(text: &[u8], start: usize) -> usize {
    let rest = text.get(start..).unwrap_or_default();
    let ends_line_break = start.checked_sub(1).and_then(|end| text.get(end)) == Some(&b'\r');
    line_breaks(if ends_line_break { rest.strip_prefix(b"\n").unwrap_or(rest) } else { rest })
}

/// How many line breaks `rest` starts with.
fn line_breaks(mut rest: &[u8]) -> usize {
    let mut count = 0;
    while let [b'\r', b'\n', tail @ ..] | [b'\n' | b'\r', tail @ ..] = rest {
        count += 1;
        rest = tail;
    }
    count
}
