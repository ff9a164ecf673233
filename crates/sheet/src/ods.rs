//! .ods: the table to read, found in `content.xml` by its start tag, as a stream of rows.
//! OpenDocument writes runs of equal rows and cells once, with `table:number-rows-repeated` and
//! `table:number-columns-repeated` (LibreOffice ends a sheet with a run of a million empty rows),
//! so a run of empty rows only moves the row number on, cells are kept for the first seven
//! columns only, a cell's text is capped, and a repeated row with content is handed over once per
//! row until the rows say stop. calamine's ods reader expands those runs in memory, so it is not
//! used.
//!
//! A cell's value follows its `office:value-type` (numbers and booleans read as in every format,
//! dates as written, anything else as the text shown); a cell with `table:formula` is a formula,
//! unless that is only `TRUE()` or `FALSE()`, LibreOffice's way of saving a typed boolean.

use std::borrow::Cow;
use std::ops::ControlFlow;

use crate::archive::Archive;
use crate::rows::{SheetRow, Sink, WIDTH, sheet_to_read};
use crate::xml::{Event, Tag, XmlError, XmlReader};
use crate::{SheetError, cell};

/// The most text kept from one cell, in bytes: past any length a field may have, so a cell cut
/// here is still refused as too long.
const MAX_CELL_BYTES: usize = 16 * 1024;

pub(crate) fn read(bytes: &[u8], sink: &mut Sink) -> Result<(), SheetError> {
    let parts = Archive::open(bytes)?.inflate(|name| part(name).is_some())?;
    let find = |wanted: &str| parts.iter().find(|entry| part(&entry.name) == Some(wanted));
    // An encrypted document lists how each part is encrypted in its manifest.
    if let Some(manifest) = find(MANIFEST)
        && String::from_utf8_lossy(&manifest.content).contains("encryption-data")
    {
        return Err(SheetError::PasswordProtected);
    }
    let content = find(CONTENT).ok_or(SheetError::Unreadable)?;
    let xml = std::str::from_utf8(&content.content).map_err(|_| SheetError::Unreadable)?;
    let tables = tables(xml).map_err(|_| SheetError::Unreadable)?;
    let names: Vec<&str> = tables.iter().map(|(_, name)| name.as_ref()).collect();
    let Some(index) = sheet_to_read(&names) else {
        return Ok(());
    };
    read_table(&xml[tables[index].0..], sink).map_err(|_| SheetError::Unreadable)
}

const CONTENT: &str = "content.xml";
const MANIFEST: &str = "META-INF/manifest.xml";

/// Which of the parts read this entry is, by its name in any case.
fn part(name: &str) -> Option<&'static str> {
    [CONTENT, MANIFEST].into_iter().find(|part| part.eq_ignore_ascii_case(name))
}

/// Where each table starts, and its name, in document order. Found by searching for the tag
/// rather than reading every element on the way, so choosing a table costs next to nothing.
fn tables(xml: &str) -> Result<Vec<(usize, Cow<'_, str>)>, XmlError> {
    let mut tables = Vec::new();
    for (at, tag) in xml.match_indices("<table:table") {
        // Only `<table:table` itself, not `<table:table-row` and its kin.
        let rest = &xml[at + tag.len()..];
        if !rest.starts_with(|c: char| c.is_ascii_whitespace() || c == '>' || c == '/') {
            continue;
        }
        if let Event::Start(tag) = next(&mut XmlReader::new(&xml[at..]))? {
            tables.push((at, attribute(&tag, "table:name")?.unwrap_or_default()));
        }
    }
    Ok(tables)
}

/// Hands over the rows with content of the table whose start tag `xml` begins with.
fn read_table(xml: &str, sink: &mut Sink) -> Result<(), XmlError> {
    let mut reader = XmlReader::new(xml);
    if let Event::Start(tag) = next(&mut reader)?
        && tag.empty
    {
        return Ok(());
    }
    let mut number = 1usize;
    loop {
        match next(&mut reader)? {
            Event::Start(tag) if tag.name == "table:table-row" => {
                let repeats = repeats(attribute(&tag, "table:number-rows-repeated")?);
                let mut row = read_row(&mut reader, &tag)?;
                if row.is_empty() {
                    number = number.saturating_add(repeats);
                    continue;
                }
                for _ in 0..repeats {
                    row.number = number;
                    number = number.saturating_add(1);
                    if let ControlFlow::Break(()) = sink(row.clone()) {
                        return Ok(());
                    }
                }
            }
            Event::Start(tag) if tag.name == "table:table" => skip(&mut reader, &tag)?,
            Event::End("table:table") => return Ok(()),
            // Row groups, header rows and column definitions: rows inside are read as they come.
            _ => {}
        }
    }
}

fn read_row(reader: &mut XmlReader, tag: &Tag) -> Result<SheetRow, XmlError> {
    let mut row = SheetRow::default();
    if tag.empty {
        return Ok(row);
    }
    let mut column = 0usize;
    loop {
        match next(reader)? {
            Event::Start(tag) if matches!(tag.name, "table:table-cell" | "table:covered-table-cell") => {
                let cell = read_cell(reader, &tag, column < WIDTH)?;
                let end = column.saturating_add(cell.repeats);
                for slot in row.cells.iter_mut().take(end).skip(column) {
                    slot.clone_from(&cell.text);
                }
                row.formula |= cell.formula && column < WIDTH;
                column = end;
            }
            Event::Start(tag) => skip(reader, &tag)?,
            Event::End("table:table-row") => return Ok(row),
            Event::End(_) => return Err(XmlError),
            Event::Text(_) => {}
        }
    }
}

struct OdsCell {
    text: String,
    formula: bool,
    repeats: usize,
}

/// The cell's value as text (when `keep`, else empty), whether it is a formula, and how many
/// columns it fills.
fn read_cell(reader: &mut XmlReader, tag: &Tag, keep: bool) -> Result<OdsCell, XmlError> {
    let mut kind = None;
    let mut value = None;
    let mut repeats = None;
    let mut formula = None;
    for attribute in tag.attributes() {
        let (name, text) = attribute?;
        match name {
            "office:value-type" => kind = Some(text),
            "office:value" | "office:date-value" | "office:boolean-value" => value = Some(text),
            "table:number-columns-repeated" => repeats = Some(text),
            "table:formula" => formula = Some(text),
            _ => {}
        }
    }
    let shown = if tag.empty { String::new() } else { read_text(reader, keep)? };
    let typed_boolean = formula.as_deref().and_then(cell::typed_boolean);
    let text = match (keep, kind.as_deref(), value) {
        (false, ..) => String::new(),
        _ if let Some(value) = typed_boolean => cell::boolean(value),
        (true, Some("float" | "percentage" | "currency"), Some(value)) => value.trim().parse().map_or(shown, cell::number),
        (true, Some("boolean"), Some(value)) => cell::boolean(value.trim() == "true"),
        (true, Some("date"), Some(value)) => value.into_owned(),
        (true, ..) => shown,
    };
    let formula = formula.is_some() && typed_boolean.is_none();
    Ok(OdsCell { text, formula, repeats: self::repeats(repeats) })
}

/// The text the cell shows: its paragraphs joined by line breaks, without annotations.
fn read_text(reader: &mut XmlReader, keep: bool) -> Result<String, XmlError> {
    let mut text = CellText { text: String::new(), keep, cut: false };
    let mut depth = 1usize;
    let mut paragraphs = 0;
    loop {
        match next(reader)? {
            Event::Start(tag) if tag.name == "office:annotation" => skip(reader, &tag)?,
            Event::Start(tag) => {
                match tag.name {
                    "text:p" | "text:h" => {
                        if paragraphs > 0 {
                            text.push('\n', 1);
                        }
                        paragraphs += 1;
                    }
                    "text:s" => text.push(' ', repeats(attribute(&tag, "text:c")?)),
                    "text:tab" => text.push('\t', 1),
                    "text:line-break" => text.push('\n', 1),
                    _ => {}
                }
                if !tag.empty {
                    depth += 1;
                }
            }
            Event::End(_) => {
                depth -= 1;
                if depth == 0 {
                    return Ok(text.text);
                }
            }
            // Text outside paragraphs is the file's indentation.
            Event::Text(piece) if depth > 1 => piece.chars().for_each(|c| text.push(c, 1)),
            Event::Text(_) => {}
        }
    }
}

/// A cell's text, cut at [`MAX_CELL_BYTES`]. A cut text ends with `…`, so it still reads as too
/// long, even when what was cut was spaces.
struct CellText {
    text: String,
    /// Whether the text is wanted at all: cells right of the template's columns are not.
    keep: bool,
    cut: bool,
}

impl CellText {
    /// Appends `count` times `c`, as far as there is room.
    fn push(&mut self, c: char, count: usize) {
        if !self.keep || self.cut {
            return;
        }
        let room = MAX_CELL_BYTES.saturating_sub(self.text.len()) / c.len_utf8();
        self.text.extend(std::iter::repeat_n(c, count.min(room)));
        if count > room {
            self.text.push('…');
            self.cut = true;
        }
    }
}

/// A repeat count; anything but a positive number counts once.
fn repeats(value: Option<Cow<str>>) -> usize {
    value.and_then(|value| value.trim().parse().ok()).unwrap_or(1).max(1)
}

fn attribute<'a>(tag: &Tag<'a>, name: &str) -> Result<Option<Cow<'a, str>>, XmlError> {
    for attribute in tag.attributes() {
        let (key, value) = attribute?;
        if key == name {
            return Ok(Some(value));
        }
    }
    Ok(None)
}

/// Reads past the element `tag` opened.
fn skip(reader: &mut XmlReader, tag: &Tag) -> Result<(), XmlError> {
    let mut depth = usize::from(!tag.empty);
    while depth > 0 {
        match next(reader)? {
            Event::Start(tag) if !tag.empty => depth += 1,
            Event::End(_) => depth -= 1,
            _ => {}
        }
    }
    Ok(())
}

/// The next event; the document ending here is an error.
fn next<'a>(reader: &mut XmlReader<'a>) -> Result<Event<'a>, XmlError> {
    reader.next()?.ok_or(XmlError)
}
