//! Which format a file is, from its content: the first bytes tell a zip (.xlsx or .ods, told apart
//! by their entries) from a compound file (.xls) from text (.csv). The name only matters for
//! text: plain text named .xlsx, .xls or .ods is not what it claims, and text under another name
//! is taken as CSV when it is named .csv or its first line has a separator.

use crate::archive::Archive;
use crate::{Format, SheetError};

const ZIP_MAGIC: &[u8] = b"PK\x03\x04";
const OLE_MAGIC: &[u8] = b"\xD0\xCF\x11\xE0";
const ODS_MIMETYPE: &[u8] = b"application/vnd.oasis.opendocument.spreadsheet";
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

pub(crate) fn format(file_name: &str, bytes: &[u8]) -> Result<Format, SheetError> {
    if bytes.is_empty() {
        Err(SheetError::Empty)
    } else if bytes.starts_with(ZIP_MAGIC) {
        zip_format(bytes)
    } else if bytes.starts_with(OLE_MAGIC) {
        Ok(Format::Xls)
    } else {
        text_format(file_name, bytes)
    }
}

/// The bytes without a leading UTF-8 byte order mark.
pub(crate) fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes)
}

/// An OpenDocument file names its kind in a `mimetype` entry; an Office Open XML workbook has
/// `xl/workbook.xml`. Anything else (a .docx, an .odt, a plain zip) is not a spreadsheet.
fn zip_format(bytes: &[u8]) -> Result<Format, SheetError> {
    let mut archive = Archive::open(bytes)?;
    match archive.read("mimetype", ODS_MIMETYPE.len() as u64 + 1)? {
        Some(mimetype) if mimetype == ODS_MIMETYPE => Ok(Format::Ods),
        Some(_) => Err(SheetError::NotASpreadsheet),
        None if archive.contains("xl/workbook.xml") => Ok(Format::Xlsx),
        None => Err(SheetError::NotASpreadsheet),
    }
}

fn text_format(file_name: &str, bytes: &[u8]) -> Result<Format, SheetError> {
    let text = strip_bom(bytes);
    let extension = file_name.rsplit_once('.').map(|(_, extension)| extension.to_ascii_lowercase());
    let named_csv = extension.as_deref() == Some("csv");
    let named_workbook = matches!(extension.as_deref(), Some("xlsx" | "xls" | "ods"));
    if named_workbook || !looks_like_text(text) {
        return Err(SheetError::NotASpreadsheet);
    }
    match std::str::from_utf8(text) {
        Ok(text) if named_csv || has_separator(text) => Ok(Format::Csv),
        Err(_) if named_csv => Err(SheetError::NotUtf8),
        _ => Err(SheetError::NotASpreadsheet),
    }
}

/// No control characters but tabs, line breaks and form feeds: text in some encoding, not binary.
fn looks_like_text(bytes: &[u8]) -> bool {
    bytes.iter().all(|&byte| byte >= 0x20 || matches!(byte, b'\t' | b'\n' | b'\r' | 0x0c))
}

fn has_separator(text: &str) -> bool {
    text.lines().find(|line| !line.trim().is_empty()).is_some_and(|line| line.contains([',', ';']))
}
