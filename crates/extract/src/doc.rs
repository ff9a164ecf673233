//! Legacy Word 97-2003 `.doc`: a compound (OLE) file whose `WordDocument` stream starts with
//! the FIB, and whose table stream (`0Table` or `1Table`) holds the piece table (the CLX) that
//! maps character positions to runs of bytes, each either "compressed" (one cp1252 byte per
//! character) or UTF-16LE. Only the main document text (`ccpText`) is read: footnotes, headers,
//! comments and text boxes are not, nor paragraph styles (so no headings or title). Field codes
//! are dropped and field results kept. Encrypted (RC4 or XOR-obfuscated) files are refused, as are
//! Word 6/95 files (a different FIB) and the encrypted OOXML packages Word stores in the same
//! container.

use std::io::{Cursor, Read};

use crate::{Block, ExtractError, Kind, MAX_FILE_BYTES, document};

const F_ENCRYPTED: u16 = 0x0100;
const F_WHICH_TBL_STM: u16 = 0x0200;
/// The first nFib of Word 97 (older files use another FIB layout).
const NFIB_WORD97: u16 = 0x00C1;

pub fn extract(bytes: &[u8], ext: Option<&str>) -> Result<crate::Document, ExtractError> {
    let claims_word = matches!(ext, Some("doc" | "dot" | "docx" | "docm"));
    let mut cfb = match cfb::CompoundFile::open(Cursor::new(bytes)) {
        Ok(c) => c,
        Err(e) if claims_word => {
            return Err(ExtractError::Damaged(format!("not a readable Word file: {e}")));
        }
        Err(_) => return Err(ExtractError::UnsupportedType),
    };
    if !cfb.is_stream("/WordDocument") {
        // Password-protected .docx (and .xlsx...) are stored as an OLE file with these streams.
        let encrypted_ooxml = cfb.is_stream("/EncryptionInfo") && cfb.is_stream("/EncryptedPackage");
        return Err(if encrypted_ooxml && claims_word { ExtractError::Encrypted } else { ExtractError::UnsupportedType });
    }
    let word = read_stream(&mut cfb, "/WordDocument")?;
    let fib = Fib::parse(&word)?;
    let table_name = if fib.flags & F_WHICH_TBL_STM != 0 { "/1Table" } else { "/0Table" };
    if !cfb.is_stream(table_name) {
        return Err(ExtractError::Damaged(format!("the {} stream is missing", &table_name[1..])));
    }
    let table = read_stream(&mut cfb, table_name)?;
    let text = main_text(&word, &table, &fib)?;
    document(Kind::Doc, None, paragraphs(&text))
}

fn read_stream(cfb: &mut cfb::CompoundFile<Cursor<&[u8]>>, name: &str) -> Result<Vec<u8>, ExtractError> {
    let stream = cfb.open_stream(name).map_err(|e| ExtractError::Damaged(format!("cannot open {name}: {e}")))?;
    let mut out = Vec::new();
    // A stream cannot honestly be larger than the file that holds it.
    stream.take(MAX_FILE_BYTES as u64 + 1).read_to_end(&mut out).map_err(|e| ExtractError::Damaged(format!("cannot read {name}: {e}")))?;
    Ok(out)
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at.checked_add(2)?)?.try_into().ok()?))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at.checked_add(4)?)?.try_into().ok()?))
}

fn damaged(what: &str) -> ExtractError {
    ExtractError::Damaged(what.to_string())
}

struct Fib {
    flags: u16,
    /// Characters in the main document.
    ccp_text: u32,
    fc_clx: u32,
    lcb_clx: u32,
}

impl Fib {
    fn parse(w: &[u8]) -> Result<Fib, ExtractError> {
        if u16_at(w, 0) != Some(0xA5EC) {
            return Err(damaged("the Word document header is invalid"));
        }
        let n_fib = u16_at(w, 2).ok_or_else(|| damaged("short header"))?;
        let flags = u16_at(w, 0x0A).ok_or_else(|| damaged("short header"))?;
        if flags & F_ENCRYPTED != 0 {
            return Err(ExtractError::Encrypted);
        }
        if n_fib < NFIB_WORD97 {
            return Err(ExtractError::UnsupportedWordFeature("the Word 6/95 file format".into()));
        }
        // FibBase (32 bytes), then csw + fibRgW, cslw + fibRgLw, cbRgFcLcb + fibRgFcLcbBlob.
        let csw = usize::from(u16_at(w, 32).ok_or_else(|| damaged("short header"))?);
        let lw_at = 32 + 2 + csw * 2;
        let cslw = usize::from(u16_at(w, lw_at).ok_or_else(|| damaged("short header"))?);
        let rg_lw = lw_at + 2;
        let fc_lcb_count_at = rg_lw + cslw * 4;
        let cb_rg_fc_lcb = usize::from(u16_at(w, fc_lcb_count_at).ok_or_else(|| damaged("short header"))?);
        if cslw < 4 || cb_rg_fc_lcb < 34 {
            return Err(damaged("the Word document header is too short"));
        }
        let ccp_text = u32_at(w, rg_lw + 3 * 4).ok_or_else(|| damaged("short header"))?;
        let rg_fc_lcb = fc_lcb_count_at + 2;
        // fcClx is the 34th fc/lcb pair of FibRgFcLcb97.
        let fc_clx = u32_at(w, rg_fc_lcb + 33 * 8).ok_or_else(|| damaged("short header"))?;
        let lcb_clx = u32_at(w, rg_fc_lcb + 33 * 8 + 4).ok_or_else(|| damaged("short header"))?;
        Ok(Fib { flags, ccp_text, fc_clx, lcb_clx })
    }
}

/// The main document's characters, decoded through the piece table.
fn main_text(word: &[u8], table: &[u8], fib: &Fib) -> Result<String, ExtractError> {
    let clx_start = fib.fc_clx as usize;
    let clx = clx_start
        .checked_add(fib.lcb_clx as usize)
        .and_then(|end| table.get(clx_start..end))
        .ok_or_else(|| damaged("the piece table lies outside the table stream"))?;
    let plc = piece_table(clx)?;
    let pieces = (plc.len() - 4) / 12;
    let cp = |i: usize| u32_at(plc, i * 4).unwrap_or(0);
    let ccp_text = fib.ccp_text;
    // Every character takes at least one byte of the WordDocument stream.
    if ccp_text as usize > word.len() {
        return Err(damaged("the character count exceeds the document size"));
    }
    let mut out = String::with_capacity(ccp_text as usize);
    for i in 0..pieces {
        let (start, end) = (cp(i), cp(i + 1));
        if start >= ccp_text {
            break;
        }
        if end < start {
            return Err(damaged("the piece table is out of order"));
        }
        let end = end.min(ccp_text);
        let count = (end - start) as usize;
        let pcd = 4 * (pieces + 1) + i * 8;
        let fc = u32_at(plc, pcd + 2).ok_or_else(|| damaged("short piece table"))?;
        let compressed = fc & 0x4000_0000 != 0;
        let offset = (fc & 0x3FFF_FFFF) as usize;
        if compressed {
            let at = offset / 2;
            let bytes = word.get(at..at + count).ok_or_else(|| damaged("a text piece lies outside the document"))?;
            out.extend(bytes.iter().map(|&b| cp1252(b)));
        } else {
            let bytes = word.get(offset..offset + count * 2).ok_or_else(|| damaged("a text piece lies outside the document"))?;
            let units = bytes.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]]));
            out.extend(char::decode_utf16(units).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)));
        }
    }
    Ok(out)
}

/// Skips the Prc entries of the CLX and returns the PlcPcd of its Pcdt.
fn piece_table(mut clx: &[u8]) -> Result<&[u8], ExtractError> {
    loop {
        match clx.first() {
            Some(0x01) => {
                let cb = usize::from(u16_at(clx, 1).ok_or_else(|| damaged("short piece table"))?);
                clx = clx.get(3 + cb..).ok_or_else(|| damaged("short piece table"))?;
            }
            Some(0x02) => {
                let lcb = u32_at(clx, 1).ok_or_else(|| damaged("short piece table"))? as usize;
                let plc = clx.get(5..5 + lcb).ok_or_else(|| damaged("short piece table"))?;
                if plc.len() < 16 || !(plc.len() - 4).is_multiple_of(12) {
                    return Err(damaged("the piece table has an invalid size"));
                }
                return Ok(plc);
            }
            _ => return Err(damaged("the piece table is invalid")),
        }
    }
}

/// Windows-1252, as used by compressed pieces.
fn cp1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž', '\u{8F}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™',
        'š', '›', 'œ', '\u{9D}', 'ž', 'Ÿ',
    ];
    match b {
        0x80..=0x9F => HIGH[usize::from(b - 0x80)],
        _ => char::from(b),
    }
}

/// Splits Word's character stream into paragraphs: 0x0D ends a paragraph, 0x07 a table cell,
/// 0x0C a page or section; fields (0x13 code 0x14 result 0x15) keep only their result; anchors
/// of pictures and notes and other control characters are dropped.
fn paragraphs(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut para = String::new();
    // One entry per open field: true once its separator has been seen (showing the result).
    let mut fields: Vec<bool> = Vec::new();
    for c in text.chars() {
        match c {
            '\u{13}' => fields.push(false),
            '\u{14}' => {
                if let Some(top) = fields.last_mut() {
                    *top = true;
                }
            }
            '\u{15}' => {
                fields.pop();
            }
            _ if fields.iter().any(|shown| !shown) => {}
            '\r' | '\u{07}' | '\u{0C}' => {
                if !para.trim().is_empty() {
                    blocks.push(Block::new(None, std::mem::take(&mut para), false));
                }
                para.clear();
            }
            '\u{0B}' | '\t' | '\u{A0}' => para.push(' '),
            '\u{1E}' => para.push('-'),
            c if c.is_control() => {}
            c => para.push(c),
        }
    }
    if !para.trim().is_empty() {
        blocks.push(Block::new(None, para, false));
    }
    blocks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_keep_their_result_and_controls_split_paragraphs() {
        let blocks = paragraphs("See \u{13} HYPERLINK \"x\" \u{14}the site\u{15} now\rCell\u{07}\u{1E}x\u{1F}y\u{01}\r");
        let texts: Vec<&str> = blocks.iter().map(|b| b.text.as_str()).collect();
        assert_eq!(texts, vec!["See the site now", "Cell", "-xy"]);
    }

    #[test]
    fn cp1252_maps_the_high_range() {
        assert_eq!(cp1252(0x93), '“');
        assert_eq!(cp1252(0xE9), 'é');
    }
}
