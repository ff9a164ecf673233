//! What a file is, by its bytes: its first bytes (the "magic numbers" of each format), never its
//! name or the type a browser declared. Only the kinds browsers play everywhere are accepted;
//! everything else, SVG included (an SVG image may carry scripts), is refused with a message that
//! says what is accepted.

use std::fmt;

/// An accepted kind of file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Jpeg,
    Png,
    Gif,
    Webp,
    Avif,
    Mp3,
    /// Ogg holding Opus or Vorbis sound.
    Ogg,
    /// MPEG-4 sound (`.m4a`).
    M4a,
    Mp4,
    Webm,
}

/// Image, sound or video.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    Image,
    Audio,
    Video,
}

impl Kind {
    /// The media type it is served with.
    pub fn mime(self) -> &'static str {
        match self {
            Kind::Jpeg => "image/jpeg",
            Kind::Png => "image/png",
            Kind::Gif => "image/gif",
            Kind::Webp => "image/webp",
            Kind::Avif => "image/avif",
            Kind::Mp3 => "audio/mpeg",
            Kind::Ogg => "audio/ogg",
            Kind::M4a => "audio/mp4",
            Kind::Mp4 => "video/mp4",
            Kind::Webm => "video/webm",
        }
    }

    pub fn class(self) -> Class {
        match self {
            Kind::Jpeg | Kind::Png | Kind::Gif | Kind::Webp | Kind::Avif => Class::Image,
            Kind::Mp3 | Kind::Ogg | Kind::M4a => Class::Audio,
            Kind::Mp4 | Kind::Webm => Class::Video,
        }
    }
}

/// Why a file is not accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    Empty,
    /// An SVG (or other XML) image: it may carry scripts and links.
    Svg,
    /// Anything else: a document, a program, a format browsers do not all play.
    Unknown,
}

/// What is accepted, in the words every refusal ends with.
pub const ACCEPTED: &str = "JPEG, PNG, WebP, GIF or AVIF images; MP3, Ogg or M4A sound; MP4 or WebM video";

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::Empty => write!(f, "The file is empty. Upload {ACCEPTED}."),
            Refused::Svg => write!(f, "SVG images are not accepted, as they can hold scripts. Upload {ACCEPTED}."),
            Refused::Unknown => write!(f, "This file is not an image, sound or video Quizroom accepts. Upload {ACCEPTED}."),
        }
    }
}

impl std::error::Error for Refused {}

/// What `bytes` hold, from their first bytes alone.
pub fn sniff(bytes: &[u8]) -> Result<Kind, Refused> {
    if bytes.is_empty() {
        return Err(Refused::Empty);
    }
    let at = |offset: usize, magic: &[u8]| bytes.get(offset..offset + magic.len()) == Some(magic);
    if at(0, b"\xFF\xD8\xFF") {
        return Ok(Kind::Jpeg);
    }
    if at(0, b"\x89PNG\r\n\x1A\n") {
        return Ok(Kind::Png);
    }
    if at(0, b"GIF87a") || at(0, b"GIF89a") {
        return Ok(Kind::Gif);
    }
    if at(0, b"RIFF") && at(8, b"WEBP") {
        return Ok(Kind::Webp);
    }
    if at(4, b"ftyp") {
        return iso_media(bytes);
    }
    if at(0, b"OggS") {
        // The first page starts the first stream: its first packet (after the 27-byte header
        // and the segment table) names the codec, Opus or Vorbis sound (not Theora video, even
        // with a Vorbis sound stream after it).
        let packet = bytes.get(26).map(|segments| 27 + usize::from(*segments));
        return match packet {
            Some(start) if at(start, b"OpusHead") || at(start, b"\x01vorbis") => Ok(Kind::Ogg),
            _ => Err(Refused::Unknown),
        };
    }
    if at(0, b"\x1A\x45\xDF\xA3") {
        // Matroska's EBML header names its document type: only WebM plays in every browser.
        return if contains(&bytes[..bytes.len().min(64)], b"webm") { Ok(Kind::Webm) } else { Err(Refused::Unknown) };
    }
    if at(0, b"ID3") {
        // An ID3 tag, then the first frame: a tag alone may front other sound (AAC, FLAC).
        return id3_size(bytes).and_then(|size| bytes.get(size..)).filter(|rest| mp3_frame(rest)).map(|_| Kind::Mp3).ok_or(Refused::Unknown);
    }
    if mp3_frame(bytes) {
        return Ok(Kind::Mp3);
    }
    if looks_like_svg(bytes) {
        return Err(Refused::Svg);
    }
    Err(Refused::Unknown)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// The length of an ID3v2 tag (its header, its syncsafe size and a footer if it has one).
fn id3_size(bytes: &[u8]) -> Option<usize> {
    let header = bytes.get(..10)?;
    if !(2..=4).contains(&header[3]) || header[6..10].iter().any(|b| b & 0x80 != 0) {
        return None;
    }
    let size = header[6..10].iter().fold(0usize, |size, b| (size << 7) | usize::from(*b));
    let footer = if header[5] & 0x10 != 0 { 10 } else { 0 };
    Some(10 + size + footer)
}

/// An ISO base media file (`ftyp` box first): AVIF, M4A sound or MP4 video, by its brands.
fn iso_media(bytes: &[u8]) -> Result<Kind, Refused> {
    let size = u32::from_be_bytes(bytes[0..4].try_into().expect("four bytes")) as usize;
    if size < 16 {
        // A 64-bit size (1), a box to the end (0) or a box too short for its brands.
        return Err(Refused::Unknown);
    }
    let ftyp = bytes.get(8..size.clamp(16, 4096).min(bytes.len())).ok_or(Refused::Unknown)?;
    let major = ftyp.get(0..4).ok_or(Refused::Unknown)?;
    // The major brand, then the compatible brands after the minor version.
    let brands: Vec<&[u8]> = std::iter::once(major).chain(ftyp.get(8..).unwrap_or_default().chunks_exact(4)).collect();
    let has = |brand: &[u8; 4]| brands.iter().any(|b| *b == brand);
    if has(b"avif") || has(b"avis") {
        return Ok(Kind::Avif);
    }
    match major {
        b"M4A " | b"M4B " => Ok(Kind::M4a),
        b"isom" | b"iso2" | b"iso4" | b"iso5" | b"iso6" | b"mp41" | b"mp42" | b"avc1" | b"dash" | b"M4V " | b"mmp4" | b"MSNV" => Ok(Kind::Mp4),
        _ => Err(Refused::Unknown),
    }
}

/// An MPEG audio layer III frame header with a valid bitrate and sample rate (a file without an
/// ID3 tag starts with one).
fn mp3_frame(bytes: &[u8]) -> bool {
    let [a, b, c, ..] = bytes else { return false };
    *a == 0xFF && b & 0xE0 == 0xE0 && (b >> 1) & 0b11 == 0b01 && (b >> 3) & 0b11 != 0b01 && !matches!(c >> 4, 0 | 15) && (c >> 2) & 0b11 != 0b11
}

/// An XML or SVG document (after a byte order mark and spaces).
fn looks_like_svg(bytes: &[u8]) -> bool {
    let start = &bytes[..bytes.len().min(1024)];
    let start = start.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(start);
    let trimmed = start.iter().position(|b| !b.is_ascii_whitespace()).map_or(&[][..], |i| &start[i..]);
    let lower: Vec<u8> = trimmed.iter().map(u8::to_ascii_lowercase).collect();
    lower.starts_with(b"<?xml") || lower.starts_with(b"<svg") || contains(&lower, b"<svg")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ftyp(major: &[u8; 4], compatible: &[&[u8; 4]]) -> Vec<u8> {
        let size = 16 + 4 * compatible.len();
        let mut box_ = (size as u32).to_be_bytes().to_vec();
        box_.extend_from_slice(b"ftyp");
        box_.extend_from_slice(major);
        box_.extend_from_slice(&[0, 0, 0, 0]);
        for brand in compatible {
            box_.extend_from_slice(*brand);
        }
        box_.extend_from_slice(&[0; 32]);
        box_
    }

    #[test]
    fn given_the_first_bytes_of_each_accepted_kind_then_it_is_told_by_them() {
        let cases: [(&[u8], Kind); 8] = [
            (b"\xFF\xD8\xFF\xE0\0\x10JFIF", Kind::Jpeg),
            (b"\x89PNG\r\n\x1A\n\0\0\0\rIHDR", Kind::Png),
            (b"GIF89a\x01\0\x01\0", Kind::Gif),
            (b"RIFF\x24\0\0\0WEBPVP8 ", Kind::Webp),
            (b"OggS\0\x02\0\0\0\0\0\0\0\0\x01\0\0\0\0\0\0\0\0\0\0\0\x01\x13OpusHead", Kind::Ogg),
            (b"\x1A\x45\xDF\xA3\x9F\x42\x86\x81\x01\x42\x82\x84webm", Kind::Webm),
            (b"ID3\x03\0\0\0\0\0\x02\0\0\xFF\xFB\x90\x64", Kind::Mp3),
            (b"\xFF\xFB\x90\x64\0\0", Kind::Mp3),
        ];
        for (bytes, kind) in cases {
            assert_eq!(sniff(bytes), Ok(kind), "{bytes:?}");
        }
        assert_eq!(sniff(&ftyp(b"isom", &[b"isom", b"avc1"])), Ok(Kind::Mp4));
        assert_eq!(sniff(&ftyp(b"M4A ", &[b"M4A ", b"mp42"])), Ok(Kind::M4a));
        assert_eq!(sniff(&ftyp(b"mif1", &[b"avif", b"mif1"])), Ok(Kind::Avif));
        assert_eq!((Kind::M4a.class(), Kind::Webm.mime()), (Class::Audio, "video/webm"));
    }

    #[test]
    fn given_anything_else_then_it_is_refused_saying_what_is_accepted() {
        assert_eq!(sniff(b""), Err(Refused::Empty));
        for svg in
            [&b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"[..], b"\xEF\xBB\xBF  <?xml version='1.0'?><svg/>", b"<!-- x --><SVG>"]
        {
            assert_eq!(sniff(svg), Err(Refused::Svg));
        }
        for other in [
            &b"%PDF-1.7"[..],
            b"PK\x03\x04",
            b"MZ\x90\0",
            b"<html><body>",
            b"OggS\0\x02\0\0\0\0\0\0\0\0\x01\0\0\0\0\0\0\0\0\0\0\0\x01\x2a\x80theora",
            b"\x1A\x45\xDF\xA3\x9F\x42\x86\x81\x01\x42\x82\x88matroska",
            b"\xFF\xFF\xFF\xFF",
            b"\0\0\0\x14ftypqt  \0\0\0\0qt  ",
        ] {
            assert_eq!(sniff(other), Err(Refused::Unknown), "{other:?}");
        }
        assert!(Refused::Svg.to_string().ends_with(&format!("Upload {ACCEPTED}.")));
        // Theora video first, Vorbis sound after it: video, refused.
        let mut theora = b"OggS\0\x02\0\0\0\0\0\0\0\0\x01\0\0\0\0\0\0\0\0\0\0\0\x01\x2a\x80theora".to_vec();
        theora.extend_from_slice(&[0; 40]);
        theora.extend_from_slice(b"OggS\0\x02\0\0\0\0\0\0\0\0\x02\0\0\0\0\0\0\0\0\0\0\0\x01\x1e\x01vorbis");
        assert_eq!(sniff(&theora), Err(Refused::Unknown));
        // An ID3 tag in front of something that is no MP3 frame; ftyp boxes too short.
        assert_eq!(sniff(b"ID3\x03\0\0\0\0\0\x02\0\0fLaC"), Err(Refused::Unknown));
        for short in [&b"\0\0\0\x01ftypisom"[..], b"\0\0\0\x08ftyp", b"\0\0\0\0ftypisom\0\0\0\0"] {
            assert_eq!(sniff(short), Err(Refused::Unknown), "{short:?}");
        }
    }
}
