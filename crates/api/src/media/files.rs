//! Stored media files, each named by the SHA-256 of its bytes (`quizroom_media::content_id`), in
//! the data directory (`<data>/media/<first two characters>/<id>`): the same file stored twice is
//! kept once, and a file once written never changes.

use std::io::ErrorKind;
use std::path::PathBuf;

use quizroom_media::{content_id, is_content_id};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

pub struct MediaFiles {
    dir: PathBuf,
}

impl MediaFiles {
    pub fn new(dir: PathBuf) -> MediaFiles {
        MediaFiles { dir }
    }

    /// Where file `id` lives (`id` is a content id: no other name reaches the disk).
    fn path(&self, id: &str) -> PathBuf {
        debug_assert!(is_content_id(id));
        self.dir.join(&id[..2]).join(id)
    }

    /// Stores `bytes` (durably: written, flushed to disk, then renamed into place) and returns
    /// their id; a file already stored is left as it is.
    pub async fn put(&self, bytes: &[u8]) -> std::io::Result<String> {
        let id = content_id(bytes);
        let path = self.path(&id);
        if tokio::fs::try_exists(&path).await? {
            return Ok(id);
        }
        let folder = path.parent().expect("a file's folder");
        tokio::fs::create_dir_all(folder).await?;
        let temporary = folder.join(format!(".{id}.{}", uuid::Uuid::new_v4().simple()));
        let mut file = tokio::fs::File::create(&temporary).await?;
        file.write_all(bytes).await?;
        file.sync_all().await?;
        drop(file);
        tokio::fs::rename(&temporary, &path).await?;
        Ok(id)
    }

    /// The bytes of file `id`, if it is stored.
    pub async fn get(&self, id: &str) -> std::io::Result<Option<Vec<u8>>> {
        self.head(id, u64::MAX).await
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
