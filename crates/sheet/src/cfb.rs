//! The compound file (OLE) container of .xls files ([MS-CFB]): just enough to find a stream by
//! name and read it. Every chain of sectors is followed for at most as many steps as the file has
//! sectors, so a loop in the allocation table ends in an error, and nothing is allocated beyond
//! the file's own size.
//!
//! [MS-CFB]: https://learn.microsoft.com/en-us/openspecs/windows_protocols/ms-cfb/

/// The file is not a readable compound file.
#[derive(Debug)]
pub(crate) struct CfbError;

const MAGIC: &[u8] = b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1";
const HEADER_BYTES: usize = 512;
const MINI_SECTOR_BYTES: usize = 64;
/// Streams shorter than this live in the mini stream.
const MINI_STREAM_CUTOFF: u64 = 4096;
/// Sector numbers from here on are markers (end of chain, free, …), not sectors; any of them
/// ends a chain.
const MAX_SECTOR: u32 = 0xFFFF_FFFA;
const ENTRY_BYTES: usize = 128;
const STREAM_ENTRY: u8 = 2;

pub(crate) struct Compound<'a> {
    bytes: &'a [u8],
    sector_bytes: usize,
    fat: Vec<u32>,
    mini_fat: Vec<u32>,
    mini_stream: Vec<u8>,
    entries: Vec<Entry>,
}

struct Entry {
    name: String,
    kind: u8,
    start: u32,
    size: u64,
}

impl<'a> Compound<'a> {
    pub fn open(bytes: &'a [u8]) -> Result<Compound<'a>, CfbError> {
        if bytes.len() < HEADER_BYTES || !bytes.starts_with(MAGIC) {
            return Err(CfbError);
        }
        let sector_bytes = match u16_at(bytes, 30)? {
            9 => 512,
            12 => 4096,
            _ => return Err(CfbError),
        };
        let mut compound = Compound { bytes, sector_bytes, fat: Vec::new(), mini_fat: Vec::new(), mini_stream: Vec::new(), entries: Vec::new() };
        compound.fat = compound.fat_sectors()?.into_iter().try_fold(Vec::new(), |mut fat, id| {
            fat.extend(words(compound.sector(id)?));
            Ok(fat)
        })?;
        let directory = compound.chain_bytes(u32_at(bytes, 48)?, None)?;
        compound.entries = directory.chunks_exact(ENTRY_BYTES).map(|raw| entry(raw, sector_bytes)).collect();
        let root = compound.entries.first().ok_or(CfbError)?;
        let (root_start, root_size) = (root.start, root.size);
        compound.mini_stream = compound.chain_bytes(root_start, Some(root_size))?;
        compound.mini_fat = words(&compound.chain_bytes(u32_at(bytes, 60)?, None)?).collect();
        Ok(compound)
    }

    /// Whether the file has a stream or storage of this name, in any case.
    pub fn contains(&self, name: &str) -> bool {
        self.entries.iter().any(|entry| entry.name.eq_ignore_ascii_case(name))
    }

    /// The content of the stream of this name (in any case), if there is one.
    pub fn stream(&self, name: &str) -> Result<Option<Vec<u8>>, CfbError> {
        let Some(entry) = self.entries.iter().find(|entry| entry.kind == STREAM_ENTRY && entry.name.eq_ignore_ascii_case(name)) else {
            return Ok(None);
        };
        if entry.size < MINI_STREAM_CUTOFF {
            self.mini_chain_bytes(entry.start, entry.size).map(Some)
        } else {
            self.chain_bytes(entry.start, Some(entry.size)).map(Some)
        }
    }

    /// The sectors holding the allocation table: 109 listed in the header, the rest in a chain of
    /// sectors of their own.
    fn fat_sectors(&self) -> Result<Vec<u32>, CfbError> {
        let mut ids: Vec<u32> = words(&self.bytes[76..HEADER_BYTES]).collect();
        let mut next = u32_at(self.bytes, 68)?;
        for _ in 0..=self.sector_count() {
            if next >= MAX_SECTOR {
                ids.retain(|&id| id < MAX_SECTOR);
                return if ids.len() <= self.sector_count() { Ok(ids) } else { Err(CfbError) };
            }
            let sector = self.sector(next)?;
            let (listed, link) = sector.split_at(sector.len() - 4);
            ids.extend(words(listed));
            next = u32_at(link, 0)?;
        }
        Err(CfbError)
    }

    /// The sectors of the chain from `start`, joined and cut to `size` (the whole chain when
    /// `None`).
    fn chain_bytes(&self, start: u32, size: Option<u64>) -> Result<Vec<u8>, CfbError> {
        let limit = self.limit(size, self.bytes.len())?;
        let mut content = Vec::with_capacity(size.map_or(0, |_| limit));
        let mut id = start;
        for _ in 0..=self.sector_count() {
            if id >= MAX_SECTOR || content.len() >= limit {
                return finish(content, limit, size);
            }
            content.extend_from_slice(self.sector(id)?);
            id = *self.fat.get(id as usize).ok_or(CfbError)?;
        }
        Err(CfbError)
    }

    /// The same in the mini stream, whose sectors are 64 bytes.
    fn mini_chain_bytes(&self, start: u32, size: u64) -> Result<Vec<u8>, CfbError> {
        let limit = self.limit(Some(size), self.mini_stream.len())?;
        let mut content = Vec::with_capacity(limit);
        let mut id = start;
        for _ in 0..=self.mini_stream.len() / MINI_SECTOR_BYTES {
            if id >= MAX_SECTOR || content.len() >= limit {
                return finish(content, limit, Some(size));
            }
            let at = (id as usize).saturating_mul(MINI_SECTOR_BYTES);
            let sector = self.mini_stream.get(at..at.saturating_add(MINI_SECTOR_BYTES));
            let sector = sector.ok_or(CfbError)?;
            content.extend_from_slice(sector);
            id = *self.mini_fat.get(id as usize).ok_or(CfbError)?;
        }
        Err(CfbError)
    }

    /// A declared size as a length, refused when larger than what holds it.
    fn limit(&self, size: Option<u64>, available: usize) -> Result<usize, CfbError> {
        match size {
            None => Ok(usize::MAX),
            Some(size) => usize::try_from(size).ok().filter(|&size| size <= available).ok_or(CfbError),
        }
    }

    fn sector(&self, id: u32) -> Result<&'a [u8], CfbError> {
        let start = (id as usize).checked_add(1).and_then(|n| n.checked_mul(self.sector_bytes));
        let start = start.ok_or(CfbError)?;
        self.bytes.get(start..start.saturating_add(self.sector_bytes)).ok_or(CfbError)
    }

    fn sector_count(&self) -> usize {
        self.bytes.len() / self.sector_bytes
    }
}

/// The chain's bytes cut to the declared size; a chain shorter than that is broken.
fn finish(mut content: Vec<u8>, limit: usize, size: Option<u64>) -> Result<Vec<u8>, CfbError> {
    if size.is_some() && content.len() < limit {
        return Err(CfbError);
    }
    content.truncate(limit);
    Ok(content)
}

fn entry(raw: &[u8], sector_bytes: usize) -> Entry {
    let name_units = usize::from(u16::from_le_bytes([raw[64], raw[65]]) / 2).clamp(1, 32) - 1;
    let units = raw[..name_units * 2].chunks_exact(2).map(|pair| u16::from_le_bytes([pair[0], pair[1]]));
    let size = u64::from_le_bytes(raw[120..128].try_into().unwrap_or_default());
    Entry {
        name: char::decode_utf16(units).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)).collect(),
        kind: raw[66],
        start: u32::from_le_bytes([raw[116], raw[117], raw[118], raw[119]]),
        // Version 3 files (512-byte sectors) may leave garbage in the high half.
        size: if sector_bytes == 512 { size & 0xFFFF_FFFF } else { size },
    }
}

/// Little-endian 32-bit words.
fn words(bytes: &[u8]) -> impl Iterator<Item = u32> + '_ {
    bytes.chunks_exact(4).map(|word| u32::from_le_bytes([word[0], word[1], word[2], word[3]]))
}

fn u16_at(bytes: &[u8], at: usize) -> Result<u16, CfbError> {
    let pair = bytes.get(at..at + 2).ok_or(CfbError)?;
    Ok(u16::from_le_bytes([pair[0], pair[1]]))
}

fn u32_at(bytes: &[u8], at: usize) -> Result<u32, CfbError> {
    words(bytes.get(at..at + 4).ok_or(CfbError)?).next().ok_or(CfbError)
}
