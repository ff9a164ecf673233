//! The media files a host uploaded (issue 30): `uploads-{user}`, one stream per account. Each
//! upload records its stored files (content ids and sizes) once per account; a file the account
//! uploaded before costs nothing again. The files count against the account's storage quota: an
//! upload that would take it over is refused, with what is used and what is allowed. Nothing
//! gives room back yet: collecting files no quiz uses is for later (issue 30).

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::{Aggregate, DomainEvent};

/// One stored file of an upload.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UploadedFile {
    /// The SHA-256 of its bytes, in lowercase hexadecimal.
    pub id: String,
    pub bytes: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UploadsCommand {
    /// Record an upload of `kind` (`image`, `audio`, `video`) stored as `files`, within `quota`
    /// bytes in all.
    Record { kind: String, files: Vec<UploadedFile>, quota: u64, now: i64 },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", content = "data")]
pub enum UploadsEvent {
    /// The files new to this account (those it had uploaded before are not repeated).
    MediaUploaded { kind: String, files: Vec<UploadedFile>, at: i64 },
}

impl DomainEvent for UploadsEvent {}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UploadsError {
    #[error("Your media storage is full: {} of {} MB used, and this file needs {} MB more. Use a file you have uploaded before (it costs nothing again), or upload a smaller one.", mb(*used), mb(*quota), mb(*needed))]
    QuotaFull { used: u64, quota: u64, needed: u64 },
}

/// Bytes in megabytes, rounded up to a tenth, as hosts read them.
fn mb(bytes: u64) -> String {
    let tenths = bytes.saturating_mul(10).div_ceil(1_048_576);
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// An account's uploaded files and the bytes they take.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Uploads {
    pub files: HashMap<String, u64>,
    pub bytes: u64,
}

impl Aggregate for Uploads {
    const STREAM: &'static str = "uploads";
    type Command = UploadsCommand;
    type Event = UploadsEvent;
    type Error = UploadsError;

    fn decide(&self, command: UploadsCommand) -> Result<Vec<UploadsEvent>, UploadsError> {
        let UploadsCommand::Record { kind, files, quota, now } = command;
        let mut new: Vec<UploadedFile> = Vec::new();
        for file in files {
            if !self.files.contains_key(&file.id) && !new.iter().any(|f| f.id == file.id) {
                new.push(file);
            }
        }
        if new.is_empty() {
            return Ok(vec![]);
        }
        let needed: u64 = new.iter().map(|f| f.bytes).sum();
        if self.bytes + needed > quota {
            return Err(UploadsError::QuotaFull { used: self.bytes, quota, needed });
        }
        Ok(vec![UploadsEvent::MediaUploaded { kind, files: new, at: now }])
    }

    fn evolve(mut self, event: &UploadsEvent) -> Uploads {
        let UploadsEvent::MediaUploaded { files, .. } = event;
        for file in files {
            if self.files.insert(file.id.clone(), file.bytes).is_none() {
                self.bytes += file.bytes;
            }
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::given;

    fn file(id: &str, bytes: u64) -> UploadedFile {
        UploadedFile { id: id.into(), bytes }
    }

    fn record(files: Vec<UploadedFile>, quota: u64) -> UploadsCommand {
        UploadsCommand::Record { kind: "image".into(), files, quota, now: 7 }
    }

    #[test]
    fn given_room_under_the_quota_when_files_are_uploaded_then_the_new_ones_are_recorded() {
        let before = [UploadsEvent::MediaUploaded { kind: "image".into(), files: vec![file("a", 100)], at: 1 }];
        given::<Uploads>(before.clone()).when(record(vec![file("a", 100), file("b", 50), file("b", 50)], 1_000)).then([UploadsEvent::MediaUploaded {
            kind: "image".into(),
            files: vec![file("b", 50)],
            at: 7,
        }]);
        given::<Uploads>(before).when(record(vec![file("a", 100)], 1_000)).then([]);
    }

    #[test]
    fn given_a_full_quota_when_a_file_would_take_it_over_then_it_is_refused_saying_how_full() {
        let before = [UploadsEvent::MediaUploaded { kind: "video".into(), files: vec![file("a", 9 * 1_048_576)], at: 1 }];
        let refused = UploadsError::QuotaFull { used: 9 * 1_048_576, quota: 10 * 1_048_576, needed: 2 * 1_048_576 };
        given::<Uploads>(before).when(record(vec![file("b", 2 * 1_048_576)], 10 * 1_048_576)).then_error(refused.clone());
        assert!(refused.to_string().starts_with("Your media storage is full: 9.0 of 10.0 MB used, and this file needs 2.0 MB more."), "{refused}");
        assert_eq!((mb(1_048_576), mb(1_048_577), mb(0)), ("1.0".to_owned(), "1.1".to_owned(), "0.0".to_owned()));
    }
}
