//! Media for questions (issue 30): what an uploaded file is, told by its bytes and never by its
//! name or declared type ([`sniff`]), and an image made safe to show ([`picture`]): decoded within
//! size and memory limits, turned upright by its EXIF orientation and re-encoded in the sizes
//! phones and projectors show, which drops EXIF (a phone photo's GPS position), comments and
//! anything appended to the file. A stored file is named by the SHA-256 of its bytes
//! ([`content_id`]), so the same file uploaded twice is kept once.

pub mod picture;
pub mod sniff;

pub use picture::{Limits, Picture, PictureError, Variant, dimensions, process};
pub use sniff::{Class, Kind, Refused, sniff};

use sha2::{Digest, Sha256};

/// A stored file's name: the SHA-256 of its bytes, in lowercase hexadecimal (64 characters).
pub fn content_id(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// Whether `id` is a name [`content_id`] gives (so a path made from it stays inside its folder).
pub fn is_content_id(id: &str) -> bool {
    id.len() == 64 && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}
