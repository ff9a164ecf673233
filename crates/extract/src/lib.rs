//! Text extraction from uploaded lecture documents, for generating quizzes from them.
//!
//! [`extract`] takes a file's name and bytes, recognises its kind by content (the name's extension
//! only decides between plain text and Markdown, and refuses text under other names), and returns
//! a [`Document`]: the text cut into paragraph-sized [`Passage`]s with their location, so that a
//! generated question can cite the passage it came from.
//!
//! Layout: `pdf` (pdf-extract, page by page, each page behind `catch_unwind`), `docx` (zip +
//! quick-xml with a cap on inflated bytes), `doc` (Word 97-2003: compound file, FIB, piece table),
//! `text` (plain text and Markdown), `passages` (normalising and cutting text into passages).
//! Every input is hostile: sizes, page counts, inflated bytes and XML depth are bounded, and no
//! panic escapes [`extract`].

mod doc;
mod docx;
mod passages;
mod pdf;
mod text;

use std::panic::{AssertUnwindSafe, catch_unwind};

pub use passages::{MAX_PASSAGE_CHARS, MIN_PASSAGE_CHARS};

/// The largest upload accepted, in bytes (10 MB, as the product promises).
pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;

/// What kind of document a file was recognised as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Pdf,
    Docx,
    Doc,
    Text,
    Markdown,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Pdf => "pdf",
            Kind::Docx => "docx",
            Kind::Doc => "doc",
            Kind::Text => "text",
            Kind::Markdown => "markdown",
        }
    }
}

/// A paragraph-sized piece of a document's text: at most about [`MAX_PASSAGE_CHARS`]
/// characters, split at sentence ends, with tiny fragments merged into their neighbours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Passage {
    /// Position in the document, from 0, without gaps.
    pub index: usize,
    /// The 1-based page the passage starts on; only PDFs have pages.
    pub page: Option<u32>,
    pub text: String,
}

/// The text of a document, in reading order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    pub kind: Kind,
    /// The document's own title where it has one (PDF metadata, a Word title or first heading,
    /// a Markdown `#` heading).
    pub title: Option<String>,
    /// Never empty.
    pub passages: Vec<Passage>,
}

impl Document {
    /// The whole text, passages separated by a blank line.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for p in &self.passages {
            if !out.is_empty() {
                out.push_str("\n\n");
            }
            out.push_str(&p.text);
        }
        out
    }

    pub fn word_count(&self) -> usize {
        self.passages.iter().map(|p| p.text.split_whitespace().count()).sum()
    }
}

/// Why a file gave no text. The messages are shown to the uploader as they are.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExtractError {
    #[error("File is too large. Please upload a file smaller than 10MB.")]
    TooLarge,
    #[error("Invalid file type. Please upload PDF, Word, or text files only.")]
    UnsupportedType,
    #[error("This PDF has no text layer (it looks scanned). Upload a PDF with selectable text, or a Word or text file.")]
    NoTextLayer,
    #[error("This file is password-protected. Remove the password and upload it again.")]
    Encrypted,
    /// The file claims a supported kind but cannot be read; the detail says what was wrong.
    #[error("This file is damaged and could not be read ({0}). Save or export it again and upload the new copy.")]
    Damaged(String),
    #[error("This document contains no text to make questions from.")]
    Empty,
    #[error("This document has more than {max} pages. Upload a shorter document.")]
    TooManyPages { max: usize },
    /// A legacy Word feature this reader does not handle; the detail names it.
    #[error("This Word file uses a feature that cannot be read ({0}). Save it as .docx or PDF and upload it again.")]
    UnsupportedWordFeature(String),
}

impl ExtractError {
    /// The HTTP status to answer with: 413 too large, 415 wrong type, 422 otherwise.
    pub fn status(&self) -> u16 {
        match self {
            ExtractError::TooLarge => 413,
            ExtractError::UnsupportedType => 415,
            _ => 422,
        }
    }
}

/// Reads the text of an uploaded file. Bounded in time and memory for any input; never panics.
pub fn extract(file_name: &str, bytes: &[u8]) -> Result<Document, ExtractError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(ExtractError::TooLarge);
    }
    // The readers are written not to panic; this is the guard for the third-party parsers and
    // for whatever was missed, so one bad upload cannot take a request thread down with it.
    match catch_unwind(AssertUnwindSafe(|| extract_inner(file_name, bytes))) {
        Ok(result) => result,
        Err(_) => Err(ExtractError::Damaged("the reader failed on this file".into())),
    }
}

fn extract_inner(file_name: &str, bytes: &[u8]) -> Result<Document, ExtractError> {
    let ext = extension(file_name);
    let head = &bytes[..bytes.len().min(1024)];
    if head.windows(5).any(|w| w == b"%PDF-") {
        return pdf::extract(bytes);
    }
    if bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06") {
        return docx::extract(bytes, ext.as_deref());
    }
    if bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
        return doc::extract(bytes, ext.as_deref());
    }
    match ext.as_deref() {
        None | Some("txt" | "text") => text::extract(bytes, false),
        Some("md" | "markdown") => text::extract(bytes, true),
        _ => Err(ExtractError::UnsupportedType),
    }
}

/// The lowercased extension, if the name has one.
fn extension(file_name: &str) -> Option<String> {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    let (stem, ext) = base.rsplit_once('.')?;
    if stem.is_empty() || ext.is_empty() {
        return None;
    }
    Some(ext.to_ascii_lowercase())
}

/// A piece of a document before it is cut into passages.
#[derive(Debug, Clone)]
pub(crate) struct Block {
    pub page: Option<u32>,
    pub text: String,
    /// Headings start a new passage.
    pub heading: bool,
    /// Where a later page begins inside `text` (byte offset, page), for PDF paragraphs that run
    /// across a page break; `text` must then be whitespace-collapsed already.
    pub page_starts: Vec<(usize, u32)>,
}

impl Block {
    pub fn new(page: Option<u32>, text: String, heading: bool) -> Block {
        Block { page, text, heading, page_starts: Vec::new() }
    }
}

pub(crate) fn document(kind: Kind, title: Option<String>, blocks: Vec<Block>) -> Result<Document, ExtractError> {
    let passages = passages::build(blocks);
    if passages.is_empty() {
        return Err(ExtractError::Empty);
    }
    let title = title.map(|t| passages::collapse_whitespace(&t)).filter(|t| !t.is_empty());
    Ok(Document { kind, title, passages })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_are_lowercased_and_dotfiles_have_none() {
        assert_eq!(extension("Notes.MD").as_deref(), Some("md"));
        assert_eq!(extension("dir.x/notes").as_deref(), None);
        assert_eq!(extension(".bashrc"), None);
        assert_eq!(extension("a.tar.gz").as_deref(), Some("gz"));
    }
}
