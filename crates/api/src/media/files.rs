//! Stored media files, each named by the SHA-256 of its bytes (`quizroom_media::content_id`), in
//! the data directory (`<data>/media/<first two characters>/<id>`): the same file stored twice is
//! kept once, and a file once written never changes. So small files read are kept in memory
//! (pictures: a room of 19,500 phones fetching the same picture opens it once, not once a phone,
//! which the open-files limit would not allow), up to [`CACHE_BYTES`], those asked for again
//! kept longest.

use std::collections::{HashMap, VecDeque};
use std::io::ErrorKind;
use std::path::PathBuf;
use std::sync::Mutex;

use axum::body::Bytes;

use quizroom_media::{Kind, content_id, is_content_id, sniff};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Bytes read from the start of a file too large to keep in memory, to tell its kind by.
pub const HEAD_BYTES: u64 = 1 << 20;

/// A stored file opened to be served.
pub enum Stored {
    Memory(Bytes),
    /// Its path, its length, and its first bytes (to tell its kind by).
    Disk {
        path: PathBuf,
        len: u64,
        head: Vec<u8>,
    },
}

impl Stored {
    pub fn len(&self) -> u64 {
        match self {
            Stored::Memory(bytes) => bytes.len() as u64,
            Stored::Disk { len, .. } => *len,
        }
    }

    /// Its first bytes (all of a file in memory).
    pub fn head(&self) -> &[u8] {
        match self {
            Stored::Memory(bytes) => bytes,
            Stored::Disk { head, .. } => head,
        }
    }

    /// Bytes `start..=end` as a response body.
    pub async fn body(self, start: u64, end: u64) -> std::io::Result<axum::body::Body> {
        use tokio::io::AsyncSeekExt;
        Ok(match self {
            Stored::Memory(bytes) => axum::body::Body::from(bytes.slice(start as usize..=end as usize)),
            Stored::Disk { path, .. } => {
                let mut file = tokio::fs::File::open(path).await?;
                file.seek(std::io::SeekFrom::Start(start)).await?;
                axum::body::Body::from_stream(tokio_util::io::ReaderStream::new(file.take(end - start + 1)))
            }
        })
    }
}

/// Bytes of files kept in memory, at most; a file larger than [`CACHE_FILE_BYTES`] is not kept.
pub const CACHE_BYTES: usize = 64 * 1024 * 1024;
pub const CACHE_FILE_BYTES: usize = 2 * 1024 * 1024;

/// Small files read lately. When full, the file kept longest goes first unless it was asked for
/// since it was kept or last spared (then it is spared once more: a second chance), so a picture
/// a room keeps asking for stays while files asked for once make way.
#[derive(Default)]
struct Cache {
    /// Each file, and whether it was asked for since it was kept or last spared.
    files: HashMap<String, (Bytes, bool)>,
    order: VecDeque<String>,
    bytes: usize,
}

impl Cache {
    fn keep(&mut self, id: &str, bytes: &Bytes) {
        if bytes.len() > CACHE_FILE_BYTES || self.files.contains_key(id) {
            return;
        }
        while self.bytes + bytes.len() > CACHE_BYTES {
            let Some(oldest) = self.order.pop_front() else { break };
            match self.files.get_mut(&oldest) {
                Some((_, asked)) if *asked => {
                    *asked = false;
                    self.order.push_back(oldest);
                }
                _ => self.bytes -= self.files.remove(&oldest).map_or(0, |(b, _)| b.len()),
            }
        }
        self.bytes += bytes.len();
        self.files.insert(id.to_owned(), (bytes.clone(), false));
        self.order.push_back(id.to_owned());
    }

    /// File `id` if it is kept, noted as asked for.
    fn get(&mut self, id: &str) -> Option<Bytes> {
        self.files.get_mut(id).map(|(bytes, asked)| {
            *asked = true;
            bytes.clone()
        })
    }
}

pub struct MediaFiles {
    dir: PathBuf,
    cache: Mutex<Cache>,
    /// Held while a file is read whole from disk.
    reading: tokio::sync::Mutex<()>,
    /// The kinds of files whose first [`HEAD_BYTES`] do not tell it, once read whole.
    kinds: Mutex<HashMap<String, Kind>>,
    /// Held while a file is read whole to tell its kind.
    telling: tokio::sync::Mutex<()>,
}

/// Kinds remembered at most (then forgotten all at once); each is read again when asked.
const MOST_KINDS: usize = 10_000;

impl MediaFiles {
    pub fn new(dir: PathBuf) -> MediaFiles {
        MediaFiles { dir, cache: Mutex::default(), reading: tokio::sync::Mutex::new(()), kinds: Mutex::default(), telling: tokio::sync::Mutex::new(()) }
    }

    /// Where file `id` lives (`id` is a content id: no other name reaches the disk).
    fn path(&self, id: &str) -> PathBuf {
        assert!(is_content_id(id), "a media file is named by its content id");
        self.dir.join(&id[..2]).join(id)
    }

    /// Stores `bytes` as file `id` (their `content_id`; durably: written, flushed to disk, then
    /// renamed into place); a file already stored is left as it is.
    pub async fn put(&self, id: &str, bytes: &[u8]) -> std::io::Result<()> {
        debug_assert_eq!(content_id(bytes), id);
        let path = self.path(id);
        if tokio::fs::try_exists(&path).await? {
            return Ok(());
        }
        let folder = path.parent().expect("a file's folder");
        tokio::fs::create_dir_all(folder).await?;
        let temporary = folder.join(format!(".{id}.{}", uuid::Uuid::new_v4().simple()));
        let mut file = tokio::fs::File::create(&temporary).await?;
        file.write_all(bytes).await?;
        file.sync_all().await?;
        drop(file);
        tokio::fs::rename(&temporary, &path).await?;
        Ok(())
    }

    /// The bytes of file `id`, if it is stored (from memory when it was read lately).
    pub async fn get(&self, id: &str) -> std::io::Result<Option<Bytes>> {
        if let Some(bytes) = self.cache.lock().expect("media cache").get(id) {
            return Ok(Some(bytes));
        }
        // One read from disk at a time: a room asking for the same picture at once reads it once.
        let _reading = self.reading.lock().await;
        if let Some(bytes) = self.cache.lock().expect("media cache").get(id) {
            return Ok(Some(bytes));
        }
        let bytes = match tokio::fs::read(self.path(id)).await {
            Ok(bytes) => Bytes::from(bytes),
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        self.cache.lock().expect("media cache").keep(id, &bytes);
        Ok(Some(bytes))
    }

    /// File `id` to serve, if it is stored: a small one from memory, a large one from disk as it
    /// is sent (a 50 MB video is never read whole to send a part of it).
    pub async fn open(&self, id: &str) -> std::io::Result<Option<Stored>> {
        if let Some(bytes) = self.cache.lock().expect("media cache").get(id) {
            return Ok(Some(Stored::Memory(bytes)));
        }
        let len = match tokio::fs::metadata(self.path(id)).await {
            Ok(meta) => meta.len(),
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        if len <= CACHE_FILE_BYTES as u64 {
            return Ok(self.get(id).await?.map(Stored::Memory));
        }
        Ok(self.head(id, HEAD_BYTES).await?.map(|head| Stored::Disk { path: self.path(id), len, head }))
    }

    /// The kind of file `id`, told by its bytes: by `head` (its first bytes, or all of it), or,
    /// when that many do not tell it (an MP3 whose ID3 tag, with a cover picture say, passes
    /// [`HEAD_BYTES`]), by the whole file, read once and remembered. `None`: no kind accepted.
    pub async fn kind(&self, id: &str, head: &[u8]) -> std::io::Result<Option<Kind>> {
        if let Ok(kind) = sniff(head) {
            return Ok(Some(kind));
        }
        if (head.len() as u64) < HEAD_BYTES {
            return Ok(None);
        }
        if let Some(kind) = self.kinds.lock().expect("media kinds").get(id) {
            return Ok(Some(*kind));
        }
        // One whole read at a time: those who asked meanwhile find the kind remembered.
        let _telling = self.telling.lock().await;
        if let Some(kind) = self.kinds.lock().expect("media kinds").get(id) {
            return Ok(Some(*kind));
        }
        let Some(whole) = self.get(id).await? else { return Ok(None) };
        let Ok(kind) = sniff(&whole) else { return Ok(None) };
        let mut kinds = self.kinds.lock().expect("media kinds");
        if kinds.len() >= MOST_KINDS {
            kinds.clear();
        }
        kinds.insert(id.to_owned(), kind);
        Ok(Some(kind))
    }

    /// The first `at_most` bytes of file `id`, if it is stored.
    pub async fn head(&self, id: &str, at_most: u64) -> std::io::Result<Option<Vec<u8>>> {
        let file = match tokio::fs::File::open(self.path(id)).await {
            Ok(file) => file,
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        let mut bytes = Vec::new();
        file.take(at_most).read_to_end(&mut bytes).await?;
        Ok(Some(bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_keeps_small_files_up_to_its_bound_the_longest_kept_first_out_unless_asked_for() {
        let mut cache = Cache::default();
        let file = |n: usize| Bytes::from(vec![0u8; n]);
        cache.keep("big", &file(CACHE_FILE_BYTES + 1));
        assert!(cache.files.is_empty(), "a large file is read from disk each time");
        let each = CACHE_FILE_BYTES;
        for i in 0..CACHE_BYTES / each {
            cache.keep(&format!("f{i}"), &file(each));
        }
        assert_eq!(cache.bytes, CACHE_BYTES);
        cache.keep("f0", &file(each));
        assert_eq!(cache.bytes, CACHE_BYTES, "a file kept is kept once");
        cache.keep("new", &file(each));
        assert!(!cache.files.contains_key("f0") && cache.files.contains_key("f1") && cache.files.contains_key("new"));
        assert_eq!(cache.bytes, CACHE_BYTES);
        // Asked for since it was kept: spared once, the next one goes instead.
        assert!(cache.get("f1").is_some());
        cache.keep("newer", &file(each));
        assert!(cache.files.contains_key("f1") && !cache.files.contains_key("f2") && cache.files.contains_key("newer"));
        assert_eq!(cache.bytes, CACHE_BYTES);
    }
}
