//! Reports as workbooks: named sheets of a bold, frozen header row and rows of text and numbers
//! (the hosts' insights export).

use rust_xlsxwriter::{Format, Workbook, XlsxError};

/// A cell of a report.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Text(String),
    Number(f64),
    Empty,
}

impl From<&str> for Cell {
    fn from(text: &str) -> Cell {
        Cell::Text(text.to_owned())
    }
}

impl From<String> for Cell {
    fn from(text: String) -> Cell {
        Cell::Text(text)
    }
}

impl From<i64> for Cell {
    fn from(n: i64) -> Cell {
        Cell::Number(n as f64)
    }
}

impl From<f64> for Cell {
    fn from(n: f64) -> Cell {
        Cell::Number(n)
    }
}

impl<T: Into<Cell>> From<Option<T>> for Cell {
    fn from(value: Option<T>) -> Cell {
        value.map_or(Cell::Empty, Into::into)
    }
}

/// One sheet of a report.
#[derive(Debug, Clone)]
pub struct Sheet {
    /// At most 31 characters, none of `[]:*?/\`.
    pub name: String,
    pub header: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
}

/// The workbook of `sheets`, in order.
pub fn workbook(sheets: &[Sheet]) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    for sheet in sheets {
        let out = book.add_worksheet().set_name(&sheet.name)?;
        for (column, name) in (0..).zip(&sheet.header) {
            out.write_string_with_format(0, column, name, &bold)?;
            out.set_column_width(column, (name.len() as f64 + 4.0).max(12.0))?;
        }
        out.set_freeze_panes(1, 0)?;
        for (row, cells) in (1..).zip(&sheet.rows) {
            for (column, cell) in (0..).zip(cells) {
                match cell {
                    // A formula-like text is written as text: the cell writer never evaluates it.
                    Cell::Text(text) => out.write_string(row, column, text)?,
                    Cell::Number(n) => out.write_number(row, column, *n)?,
                    Cell::Empty => out,
                };
            }
        }
    }
    book.save_to_buffer()
}
