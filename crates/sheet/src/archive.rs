//! The zip container of .xlsx and .ods files, checked before anything reads it for real: every
//! entry is inflated once while the bytes that actually come out are counted (a declared size can
//! lie), and the file is refused when one entry, or all of them together, unpack to too much.

use std::io::{self, Cursor, Read};

use zip::ZipArchive;

use crate::SheetError;

/// The most one entry may unpack to. The worksheet of 1,000 questions at their longest is about
/// 20 MB of XML.
const MAX_ENTRY_BYTES: u64 = 50 * 1024 * 1024;
/// The most all entries together may unpack to.
const MAX_TOTAL_BYTES: u64 = 100 * 1024 * 1024;
/// The most entries; a workbook has a dozen or so.
const MAX_ENTRIES: usize = 10_000;

/// An entry, inflated.
pub(crate) struct Entry {
    pub name: String,
    pub content: Vec<u8>,
}

pub(crate) struct Archive<'a> {
    zip: ZipArchive<Cursor<&'a [u8]>>,
}

impl<'a> Archive<'a> {
    pub fn open(bytes: &'a [u8]) -> Result<Archive<'a>, SheetError> {
        let zip = ZipArchive::new(Cursor::new(bytes)).map_err(|_| SheetError::Unreadable)?;
        if zip.len() > MAX_ENTRIES {
            return Err(SheetError::TooMuchData);
        }
        Ok(Archive { zip })
    }

    /// Whether an entry of this name is there, in any case.
    pub fn contains(&self, name: &str) -> bool {
        self.index_of(name).is_some()
    }

    /// Inflates every entry once, counting what comes out, and refuses an archive that unpacks to
    /// more than [`MAX_ENTRY_BYTES`] in one entry or more than [`MAX_TOTAL_BYTES`] in all. The
    /// entries whose names `keep` picks come back, read, with their names.
    pub fn inflate(&mut self, keep: impl Fn(&str) -> bool) -> Result<Vec<Entry>, SheetError> {
        let mut total = 0;
        let mut kept = Vec::new();
        for index in 0..self.zip.len() {
            let entry = self.zip.by_index(index).map_err(|_| SheetError::Unreadable)?;
            let name = entry.name().ok().filter(|name| keep(name)).map(String::from);
            let mut entry = entry.take(MAX_ENTRY_BYTES + 1);
            let size = match name {
                Some(name) => {
                    let mut content = Vec::new();
                    entry.read_to_end(&mut content).map_err(|_| SheetError::Unreadable)?;
                    let size = content.len() as u64;
                    kept.push(Entry { name, content });
                    size
                }
                None => io::copy(&mut entry, &mut io::sink()).map_err(|_| SheetError::Unreadable)?,
            };
            total += size;
            if size > MAX_ENTRY_BYTES || total > MAX_TOTAL_BYTES {
                return Err(SheetError::TooMuchData);
            }
        }
        Ok(kept)
    }

    /// The first `limit` bytes of the entry of this name (in any case), if there is one.
    pub fn read(&mut self, name: &str, limit: u64) -> Result<Option<Vec<u8>>, SheetError> {
        let Some(index) = self.index_of(name) else {
            return Ok(None);
        };
        let entry = self.zip.by_index(index).map_err(|_| SheetError::Unreadable)?;
        let mut content = Vec::new();
        entry.take(limit).read_to_end(&mut content).map_err(|_| SheetError::Unreadable)?;
        Ok(Some(content))
    }

    fn index_of(&self, name: &str) -> Option<usize> {
        self.zip.file_names().position(|stored| stored.is_ok_and(|stored| stored.eq_ignore_ascii_case(name)))
    }
}
