//! .xls (BIFF8, Excel 97 to 2003): our own reader of the few records a sheet of questions needs.
//! calamine's reader trusts record lengths and the container's chains, and sizes the sheet from
//! the cells' positions, so it is not used on files from strangers.
//!
//! The `Workbook` stream comes out of the compound file ([`Compound`]). Its globals give the
//! shared strings, the number formats (to tell dates from numbers) and where each sheet's records
//! start; the chosen sheet's cells are gathered by row for the first seven columns (a sheet has
//! at most 65,536 rows) and handed over in order. A FORMULA record is a formula, unless it is
//! only a boolean. Files from
//! before Excel 97 and encrypted ones are refused with errors of their own.

use std::collections::BTreeMap;
use std::ops::ControlFlow;

use calamine::{ExcelDateTime, ExcelDateTimeType};

use crate::cfb::Compound;
use crate::rows::{SheetRow, Sink, WIDTH, sheet_to_read};
use crate::{MAX_SHARED_STRINGS, SheetError, cell};

// Record types ([MS-XLS] 2.3).
const BOF: u16 = 0x0809;
const EOF: u16 = 0x000A;
const CONTINUE: u16 = 0x003C;
const FILEPASS: u16 = 0x002F;
const DATEMODE: u16 = 0x0022;
const FORMAT: u16 = 0x041E;
const XF: u16 = 0x00E0;
const BOUNDSHEET: u16 = 0x0085;
const SST: u16 = 0x00FC;
const NUMBER: u16 = 0x0203;
const RK: u16 = 0x027E;
const MULRK: u16 = 0x00BD;
const LABELSST: u16 = 0x00FD;
const LABEL: u16 = 0x0204;
const RSTRING: u16 = 0x00D6;
const BOOLERR: u16 = 0x0205;
const FORMULA: u16 = 0x0006;
/// The BOF record types of BIFF2 to BIFF4.
const OLD_BOFS: [u16; 3] = [0x0009, 0x0209, 0x0409];
const BIFF8: u16 = 0x0600;

pub(crate) fn read(bytes: &[u8], sink: &mut Sink) -> Result<(), SheetError> {
    let compound = Compound::open(bytes).map_err(|_| SheetError::Unreadable)?;
    let Some(stream) = compound.stream("Workbook").map_err(|_| SheetError::Unreadable)? else {
        return Err(without_workbook(&compound));
    };
    let globals = Globals::read(&stream)?;
    let names: Vec<&str> = globals.sheets.iter().map(|sheet| sheet.name.as_str()).collect();
    let Some(index) = sheet_to_read(&names) else {
        return Ok(());
    };
    for (row_index, cells) in read_sheet(&stream, globals.sheets[index].offset)? {
        let mut row = SheetRow::new(usize::from(row_index) + 1);
        for (slot, cell) in row.cells.iter_mut().zip(cells) {
            row.formula |= matches!(cell, XlsCell::Formula);
            *slot = globals.text(cell)?;
        }
        if let ControlFlow::Break(()) = sink(row) {
            break;
        }
    }
    Ok(())
}

/// A compound file without a `Workbook` stream: an encrypted .xlsx, a workbook from before
/// Excel 97 (`Book`), or another kind of document.
fn without_workbook(compound: &Compound) -> SheetError {
    if compound.contains("EncryptedPackage") {
        SheetError::PasswordProtected
    } else if compound.contains("Book") {
        SheetError::OldExcelFormat
    } else {
        SheetError::NotASpreadsheet
    }
}

/// What the workbook's first records say about all its sheets.
struct Globals {
    strings: Vec<String>,
    /// For each cell format (XF), whether its number format shows a date or time.
    date_formats: Vec<bool>,
    is_1904: bool,
    sheets: Vec<SheetEntry>,
}

struct SheetEntry {
    name: String,
    /// Where the sheet's BOF record is in the stream.
    offset: usize,
}

impl Globals {
    fn read(stream: &[u8]) -> Result<Globals, SheetError> {
        let mut records = Records { stream };
        check_version(records.next().transpose()?)?;
        let mut globals = Globals { strings: Vec::new(), date_formats: Vec::new(), is_1904: false, sheets: Vec::new() };
        let mut custom_formats = BTreeMap::new();
        let mut xf_formats = Vec::new();
        let mut shared_strings: Vec<&[u8]> = Vec::new();
        let mut previous = BOF;
        for record in records {
            let (kind, data) = record?;
            match kind {
                FILEPASS => return Err(SheetError::PasswordProtected),
                DATEMODE => globals.is_1904 = u16_at(data, 0)? == 1,
                FORMAT => {
                    let code = unicode_string(data.get(2..).unwrap_or_default())?;
                    custom_formats.insert(u16_at(data, 0)?, is_date_format(&code));
                }
                XF => xf_formats.push(u16_at(data, 2)?),
                BOUNDSHEET => {
                    if let Some(sheet) = sheet_entry(data)? {
                        globals.sheets.push(sheet);
                    }
                }
                SST => shared_strings = vec![data],
                CONTINUE if previous == SST => shared_strings.push(data),
                EOF => break,
                _ => {}
            }
            if kind != CONTINUE {
                previous = kind;
            }
        }
        globals.date_formats = xf_formats.into_iter().map(|format| custom_formats.get(&format).copied().unwrap_or(is_builtin_date(format))).collect();
        globals.strings = read_shared_strings(shared_strings)?;
        Ok(globals)
    }

    fn text(&self, cell: XlsCell) -> Result<String, SheetError> {
        Ok(match cell {
            XlsCell::Empty | XlsCell::Formula => String::new(),
            XlsCell::Text(text) => text,
            XlsCell::Shared(index) => self.strings.get(index).cloned().ok_or(SheetError::Unreadable)?,
            XlsCell::Number { value, format } => {
                if self.date_formats.get(usize::from(format)).copied().unwrap_or(false) {
                    let date = ExcelDateTime::new(value, ExcelDateTimeType::DateTime, self.is_1904);
                    cell::date_time(&date)
                } else {
                    cell::number(value)
                }
            }
            XlsCell::Bool(value) => cell::boolean(value),
            XlsCell::Error(code) => error_text(code).to_owned(),
        })
    }
}

/// The stream must open with a BIFF8 BOF record.
fn check_version(first: Option<(u16, &[u8])>) -> Result<(), SheetError> {
    match first {
        Some((BOF, data)) if u16_at(data, 0)? == BIFF8 => Ok(()),
        Some((BOF, _)) => Err(SheetError::OldExcelFormat),
        Some((kind, _)) if OLD_BOFS.contains(&kind) => Err(SheetError::OldExcelFormat),
        _ => Err(SheetError::Unreadable),
    }
}

/// A BOUNDSHEET8 record: where the sheet starts, its kind, its name. Only worksheets count.
fn sheet_entry(data: &[u8]) -> Result<Option<SheetEntry>, SheetError> {
    let offset = u32_at(data, 0)? as usize;
    let kind = *data.get(5).ok_or(SheetError::Unreadable)?;
    let count = usize::from(*data.get(6).ok_or(SheetError::Unreadable)?);
    let flags = *data.get(7).ok_or(SheetError::Unreadable)?;
    let name = characters(data.get(8..).unwrap_or_default(), count, flags & 1 != 0)?;
    Ok((kind == 0).then_some(SheetEntry { name, offset }))
}

/// One cell of the first seven columns, as the record holds it.
#[derive(Debug, Clone, Default)]
enum XlsCell {
    #[default]
    Empty,
    Text(String),
    Shared(usize),
    Number {
        value: f64,
        /// The cell's XF, which says how the number is shown.
        format: u16,
    },
    Bool(bool),
    Error(u8),
    Formula,
}

type Row = [XlsCell; WIDTH];

/// The cells of the sheet whose BOF is at `offset`, by row; records of charts embedded in the
/// sheet are skipped.
fn read_sheet(stream: &[u8], offset: usize) -> Result<BTreeMap<u16, Row>, SheetError> {
    let mut records = Records { stream: stream.get(offset..).ok_or(SheetError::Unreadable)? };
    match records.next().transpose()? {
        Some((BOF, _)) => {}
        _ => return Err(SheetError::Unreadable),
    }
    let mut rows = BTreeMap::new();
    let mut nested = 0usize;
    for record in records {
        match record? {
            (BOF, _) => nested += 1,
            (EOF, _) if nested == 0 => break,
            (EOF, _) => nested -= 1,
            _ if nested > 0 => {}
            (kind, data) => read_cells(kind, data, &mut rows)?,
        }
    }
    Ok(rows)
}

/// The cells a record holds, put in their rows.
fn read_cells(kind: u16, data: &[u8], rows: &mut BTreeMap<u16, Row>) -> Result<(), SheetError> {
    let mut put = |column: usize, cell: XlsCell| -> Result<(), SheetError> {
        if column < WIDTH {
            rows.entry(u16_at(data, 0)?).or_default()[column] = cell;
        }
        Ok(())
    };
    let column = || u16_at(data, 2).map(usize::from);
    let format = || u16_at(data, 4);
    match kind {
        NUMBER => put(column()?, XlsCell::Number { value: f64_at(data, 6)?, format: format()? }),
        RK => put(column()?, XlsCell::Number { value: rk_number(u32_at(data, 6)?), format: format()? }),
        MULRK => {
            let first = column()?;
            let count = data.len().saturating_sub(6) / 6;
            for i in 0..count {
                let at = 4 + 6 * i;
                let value = rk_number(u32_at(data, at + 2)?);
                put(first + i, XlsCell::Number { value, format: u16_at(data, at)? })?;
            }
            Ok(())
        }
        LABELSST => put(column()?, XlsCell::Shared(u32_at(data, 6)? as usize)),
        LABEL | RSTRING => put(column()?, XlsCell::Text(unicode_string(data.get(6..).unwrap_or_default())?)),
        BOOLERR => {
            let value = *data.get(6).ok_or(SheetError::Unreadable)?;
            let is_error = *data.get(7).ok_or(SheetError::Unreadable)? != 0;
            put(column()?, if is_error { XlsCell::Error(value) } else { XlsCell::Bool(value != 0) })
        }
        FORMULA => put(column()?, typed_boolean(data).map_or(XlsCell::Formula, XlsCell::Bool)),
        _ => Ok(()),
    }
}

/// A FORMULA record that is only `TRUE` or `FALSE`: LibreOffice saves a typed boolean as the
/// constant's token, and `TRUE()` is one function call. That is a value, not a formula to refuse.
fn typed_boolean(data: &[u8]) -> Option<bool> {
    let length = usize::from(u16_at(data, 20).ok()?);
    match data.get(22..)?.get(..length)? {
        [0x1D, value] => Some(*value != 0),
        [0x21 | 0x41 | 0x61, function, 0] if matches!(function, 0x22 | 0x23) => Some(*function == 0x22),
        _ => None,
    }
}

/// An RK number: 30 bits of an integer or of a float's high half, maybe to divide by 100.
fn rk_number(rk: u32) -> f64 {
    let value = if rk & 2 != 0 { f64::from((rk as i32) >> 2) } else { f64::from_bits(u64::from(rk & 0xFFFF_FFFC) << 32) };
    if rk & 1 != 0 { value / 100.0 } else { value }
}

fn error_text(code: u8) -> &'static str {
    match code {
        0x00 => "#NULL!",
        0x07 => "#DIV/0!",
        0x0F => "#VALUE!",
        0x17 => "#REF!",
        0x1D => "#NAME?",
        0x24 => "#NUM!",
        _ => "#N/A",
    }
}

/// Number formats 14 to 22, 27 to 36, 45 to 47 and 50 to 58 are built-in dates and times.
fn is_builtin_date(format: u16) -> bool {
    matches!(format, 14..=22 | 27..=36 | 45..=47 | 50..=58)
}

/// Whether a number format code shows a date or time: a `d`, `m`, `y`, `h` or `s` outside
/// quotes, escapes and brackets (but `[h]`, `[mm]`, `[ss]` are elapsed time), in its first
/// section.
fn is_date_format(code: &str) -> bool {
    let mut chars = code.chars();
    while let Some(c) = chars.next() {
        match c.to_ascii_lowercase() {
            ';' => return false,
            '"' => _ = chars.by_ref().find(|&c| c == '"'),
            '\\' | '_' | '*' => _ = chars.next(),
            '[' => {
                let inside: String = chars.by_ref().take_while(|&c| c != ']').collect();
                if !inside.is_empty() && inside.chars().all(|c| "hmsHMS".contains(c)) {
                    return true;
                }
            }
            'd' | 'm' | 'y' | 'h' | 's' => return true,
            _ => {}
        }
    }
    false
}

/// The shared string table: each string may run on into the CONTINUE records after it.
fn read_shared_strings(parts: Vec<&[u8]>) -> Result<Vec<String>, SheetError> {
    let mut pieces = Pieces { parts, part: 0, at: 0 };
    let mut strings = Vec::new();
    if pieces.parts.is_empty() {
        return Ok(strings);
    }
    pieces.skip(8)?; // the counts, which need not be trusted
    while !pieces.is_done() {
        if strings.len() as u64 >= MAX_SHARED_STRINGS {
            return Err(SheetError::TooMuchData);
        }
        strings.push(pieces.rich_string()?);
    }
    Ok(strings)
}

/// A record's data and its CONTINUE records, read as one.
struct Pieces<'a> {
    parts: Vec<&'a [u8]>,
    part: usize,
    at: usize,
}

impl Pieces<'_> {
    /// An XLUnicodeRichExtendedString; only its characters are kept.
    fn rich_string(&mut self) -> Result<String, SheetError> {
        let count = usize::from(self.u16()?);
        let flags = self.byte()?;
        let runs = if flags & 0x8 != 0 { usize::from(self.u16()?) } else { 0 };
        let extension = if flags & 0x4 != 0 { self.u32()? as usize } else { 0 };
        let text = self.characters(count, flags & 1 != 0)?;
        self.skip(runs * 4)?;
        self.skip(extension)?;
        Ok(text)
    }

    /// `count` characters; where they run on into the next record, it starts with a byte
    /// saying how wide the rest are.
    fn characters(&mut self, count: usize, mut wide: bool) -> Result<String, SheetError> {
        let mut units = Vec::with_capacity(count);
        while units.len() < count {
            if self.at == self.current().len() {
                self.part += 1;
                self.at = 0;
                if self.part == self.parts.len() {
                    return Err(SheetError::Unreadable);
                }
                wide = self.byte()? & 1 != 0;
            }
            let rest = &self.current()[self.at..];
            let width = if wide { 2 } else { 1 };
            let take = (count - units.len()).min(rest.len() / width);
            if take == 0 {
                return Err(SheetError::Unreadable);
            }
            units.extend(code_units(&rest[..take * width], wide));
            self.at += take * width;
        }
        Ok(decode(&units))
    }

    fn byte(&mut self) -> Result<u8, SheetError> {
        while self.at == self.current().len() {
            self.part += 1;
            self.at = 0;
            if self.part >= self.parts.len() {
                return Err(SheetError::Unreadable);
            }
        }
        self.at += 1;
        Ok(self.current()[self.at - 1])
    }

    fn u16(&mut self) -> Result<u16, SheetError> {
        Ok(u16::from_le_bytes([self.byte()?, self.byte()?]))
    }

    fn u32(&mut self) -> Result<u32, SheetError> {
        Ok(u32::from_le_bytes([self.byte()?, self.byte()?, self.byte()?, self.byte()?]))
    }

    fn skip(&mut self, mut count: usize) -> Result<(), SheetError> {
        while count > 0 {
            if self.at == self.current().len() {
                self.part += 1;
                self.at = 0;
                if self.part >= self.parts.len() {
                    return Err(SheetError::Unreadable);
                }
            }
            let step = count.min(self.current().len() - self.at);
            self.at += step;
            count -= step;
        }
        Ok(())
    }

    fn is_done(&self) -> bool {
        self.parts[self.part..].iter().enumerate().all(|(i, part)| if i == 0 { self.at == part.len() } else { part.is_empty() })
    }

    fn current(&self) -> &[u8] {
        self.parts.get(self.part).copied().unwrap_or_default()
    }
}

/// An XLUnicodeString: a 16-bit count, a flags byte, the characters.
fn unicode_string(data: &[u8]) -> Result<String, SheetError> {
    let count = usize::from(u16_at(data, 0)?);
    let flags = *data.get(2).ok_or(SheetError::Unreadable)?;
    characters(data.get(3..).unwrap_or_default(), count, flags & 1 != 0)
}

/// `count` characters at the start of `data`, of one byte each (Latin-1) or two (UTF-16).
fn characters(data: &[u8], count: usize, wide: bool) -> Result<String, SheetError> {
    let length = if wide { count * 2 } else { count };
    let bytes = data.get(..length).ok_or(SheetError::Unreadable)?;
    Ok(decode(&code_units(bytes, wide)))
}

fn code_units(bytes: &[u8], wide: bool) -> Vec<u16> {
    if wide { bytes.chunks_exact(2).map(|pair| u16::from_le_bytes([pair[0], pair[1]])).collect() } else { bytes.iter().map(|&byte| u16::from(byte)).collect() }
}

fn decode(units: &[u16]) -> String {
    char::decode_utf16(units.iter().copied()).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)).collect()
}

/// The records of a stream, each as its type and data.
struct Records<'a> {
    stream: &'a [u8],
}

impl<'a> Iterator for Records<'a> {
    type Item = Result<(u16, &'a [u8]), SheetError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.stream.is_empty() {
            return None;
        }
        let record = u16_at(self.stream, 2).and_then(|length| {
            let end = 4 + usize::from(length);
            let data = self.stream.get(4..end).ok_or(SheetError::Unreadable)?;
            Ok((u16_at(self.stream, 0)?, data, end))
        });
        Some(match record {
            Ok((kind, data, end)) => {
                self.stream = &self.stream[end..];
                Ok((kind, data))
            }
            Err(error) => {
                self.stream = &[];
                Err(error)
            }
        })
    }
}

fn u16_at(data: &[u8], at: usize) -> Result<u16, SheetError> {
    let bytes = data.get(at..at + 2).ok_or(SheetError::Unreadable)?;
    Ok(u16::from_le_bytes([bytes[0], bytes[1]]))
}

fn u32_at(data: &[u8], at: usize) -> Result<u32, SheetError> {
    let bytes = data.get(at..at + 4).ok_or(SheetError::Unreadable)?;
    Ok(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
}

fn f64_at(data: &[u8], at: usize) -> Result<f64, SheetError> {
    let bytes = data.get(at..at + 8).ok_or(SheetError::Unreadable)?;
    Ok(f64::from_le_bytes(bytes.try_into().map_err(|_| SheetError::Unreadable)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_formats_with_date_parts_outside_quotes_and_brackets_are_dates() {
        for code in ["yyyy-mm-dd", "d/m/yy h:mm", "[h]:mm:ss", "[$-409]mmmm d, yyyy", "hh\\h"] {
            assert!(is_date_format(code), "{code}");
        }
        for code in ["General", "0.00", "#,##0 \"days\"", "[Red]0%", "0.00E+00", "\\d0", "0;[Red]-0 \"d\""] {
            assert!(!is_date_format(code), "{code}");
        }
    }

    #[test]
    fn rk_numbers_decode_integers_floats_and_hundredths() {
        assert_eq!(rk_number((42 << 2) | 2), 42.0);
        assert_eq!(rk_number((1234 << 2) | 3), 12.34);
        assert_eq!(rk_number((-5i32 << 2) as u32 | 2), -5.0);
        assert_eq!(rk_number((1.5f64.to_bits() >> 32) as u32), 1.5);
    }
}
