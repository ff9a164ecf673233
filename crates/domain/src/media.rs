//! What a question shows beside its text (issue 30): a picture, a sound or a video, named by the
//! stored files' content ids (the SHA-256 of their bytes, `docs/media-api.md`), so the log records
//! exactly which file each version of a question showed, and an auditor sees it as the player did.
//!
//! Accessibility is part of the definition, checked when the question is saved ([`Media::check`]):
//! a picture needs alt text unless the host marks it decorative (WCAG 1.1.1); a sound or a video
//! needs a transcript (1.2.1, 1.2.2). Whether the files exist and are of the kind named is for
//! the server, which holds them, to check before it records the question.

use serde::{Deserialize, Serialize};

use crate::question::QuestionKind;

/// Characters of an image's alt text, at most (screen readers read it whole).
pub const MOST_ALT_CHARS: usize = 300;
/// Characters of a transcript, at most.
pub const MOST_TRANSCRIPT_CHARS: usize = 20_000;

/// Media shown with a question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Media {
    /// A picture, in the sizes a phone and a projector show.
    Image {
        phone: MediaFile,
        projector: MediaFile,
        /// What the picture shows, for those who cannot see it; empty when decorative.
        #[serde(default)]
        alt: String,
        /// Adds nothing a screen reader should read (WCAG 1.1.1's decoration).
        #[serde(default)]
        decorative: bool,
    },
    Audio {
        file: MediaFile,
        transcript: String,
    },
    Video {
        file: MediaFile,
        /// A transcript of what is said and shown (captions in words).
        transcript: String,
    },
}

/// One stored file, as the server found it when the question was saved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MediaFile {
    /// The SHA-256 of its bytes, in lowercase hexadecimal.
    pub id: String,
    /// Its media type, told by its bytes (`image/jpeg`, `audio/mpeg`, …). A host names a file by
    /// its id alone; the server fills this in from the stored file.
    #[serde(rename = "type", default)]
    pub mime: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
}

/// Why media cannot be saved with a question: the field and what is wrong, in words a host reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct MediaError {
    /// `media.alt`, `media.transcript`, `media.file`, …
    pub field: &'static str,
    pub message: String,
}

fn refuse(field: &'static str, message: impl Into<String>) -> Result<(), MediaError> {
    Err(MediaError { field, message: message.into() })
}

/// A content id: 64 lowercase hexadecimal characters.
pub fn is_content_id(id: &str) -> bool {
    id.len() == 64 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

impl Media {
    /// `image`, `audio` or `video`.
    pub fn kind(&self) -> &'static str {
        match self {
            Media::Image { .. } => "image",
            Media::Audio { .. } => "audio",
            Media::Video { .. } => "video",
        }
    }

    /// The files it shows, each once.
    pub fn files(&self) -> Vec<&MediaFile> {
        match self {
            Media::Image { phone, projector, .. } if phone.id == projector.id => vec![phone],
            Media::Image { phone, projector, .. } => vec![phone, projector],
            Media::Audio { file, .. } | Media::Video { file, .. } => vec![file],
        }
    }

    /// Refused when a text it needs for those who cannot see or hear it is missing or too long,
    /// or a file is not named by a content id.
    pub fn check(&self) -> Result<(), MediaError> {
        let field = if matches!(self, Media::Image { .. }) { "media.phone" } else { "media.file" };
        if self.files().iter().any(|f| !is_content_id(&f.id)) {
            return refuse(field, "name an uploaded file by the id the upload gave");
        }
        match self {
            Media::Image { alt, decorative, .. } => {
                if *decorative && !alt.trim().is_empty() {
                    return refuse("media.alt", "a decorative image has no alt text: clear it, or do not mark the image decorative");
                }
                if !*decorative && alt.trim().is_empty() {
                    return refuse("media.alt", "describe the image for those who cannot see it, or mark it decorative");
                }
                if alt.chars().count() > MOST_ALT_CHARS {
                    return refuse("media.alt", format!("at most {MOST_ALT_CHARS} characters; put longer descriptions in the question"));
                }
            }
            Media::Audio { transcript, .. } | Media::Video { transcript, .. } => {
                if transcript.trim().is_empty() {
                    let what = if matches!(self, Media::Audio { .. }) { "sound" } else { "video" };
                    return refuse("media.transcript", format!("give a transcript of the {what} for those who cannot hear it"));
                }
                if transcript.chars().count() > MOST_TRANSCRIPT_CHARS {
                    return refuse("media.transcript", format!("at most {MOST_TRANSCRIPT_CHARS} characters"));
                }
            }
        }
        Ok(())
    }
}

/// Pictures on a question's options or items (issue 30): one entry per entry of the list
/// [`QuestionKind::pictured`] names, in the definition's order, `None` where one shows none;
/// empty when none shows any. Each is a picture, checked as a question's picture is; the option's
/// text stays its label (what a screen reader reads first and what the answer names).
pub fn check_pictures(kind: &QuestionKind, pictures: &[Option<Media>]) -> Result<(), String> {
    if pictures.is_empty() {
        return Ok(());
    }
    let Some(n) = kind.pictured() else {
        return Err(format!("pictures: a {} question has no options or items to show pictures on", kind.name().replace('_', " ")));
    };
    if pictures.len() != n {
        return Err(format!("pictures: give one entry per option or item ({n}), null where one shows no picture"));
    }
    for (i, picture) in pictures.iter().enumerate() {
        match picture {
            None => {}
            Some(Media::Image { .. }) => picture.as_ref().map_or(Ok(()), Media::check).map_err(|e| format!("picture {}: {e}", i + 1))?,
            Some(_) => return Err(format!("picture {}: an option or item shows a picture, not a sound or a video", i + 1)),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(byte: char, mime: &str) -> MediaFile {
        MediaFile { id: byte.to_string().repeat(64), mime: mime.into(), width: None, height: None }
    }

    fn image(alt: &str, decorative: bool) -> Media {
        Media::Image { phone: file('a', "image/jpeg"), projector: file('b', "image/jpeg"), alt: alt.into(), decorative }
    }

    #[test]
    fn given_an_image_with_alt_text_or_marked_decorative_then_it_is_accepted() {
        assert_eq!(image("A map of Europe", false).check(), Ok(()));
        assert_eq!(image("", true).check(), Ok(()));
    }

    #[test]
    fn given_an_image_without_alt_text_then_it_is_refused_unless_decorative() {
        let e = image("  ", false).check().unwrap_err();
        assert_eq!(e.field, "media.alt");
        assert!(e.message.contains("mark it decorative"), "{e}");
        assert_eq!(image("A map", true).check().unwrap_err().field, "media.alt");
        assert_eq!(image(&"x".repeat(MOST_ALT_CHARS + 1), false).check().unwrap_err().field, "media.alt");
        assert_eq!(image(&"é".repeat(MOST_ALT_CHARS), false).check(), Ok(()));
    }

    #[test]
    fn given_sound_or_video_without_a_transcript_then_it_is_refused() {
        let audio = |t: &str| Media::Audio { file: file('c', "audio/mpeg"), transcript: t.into() };
        assert_eq!(audio("Bonjour").check(), Ok(()));
        let e = audio("").check().unwrap_err();
        assert_eq!((e.field, e.message.contains("sound")), ("media.transcript", true));
        let video = Media::Video { file: file('d', "video/mp4"), transcript: " ".into() };
        assert!(video.check().unwrap_err().message.contains("video"));
        assert_eq!(audio(&"x".repeat(MOST_TRANSCRIPT_CHARS + 1)).check().unwrap_err().field, "media.transcript");
    }

    #[test]
    fn given_a_file_not_named_by_a_content_id_then_it_is_refused() {
        let mut bad = image("A map", false);
        if let Media::Image { projector, .. } = &mut bad {
            projector.id = "../../etc/passwd".into();
        }
        assert_eq!(bad.check().unwrap_err().field, "media.phone");
        let upper = Media::Audio { file: MediaFile { id: "A".repeat(64), mime: "audio/mpeg".into(), width: None, height: None }, transcript: "t".into() };
        assert_eq!(upper.check().unwrap_err().field, "media.file");
    }

    #[test]
    fn given_pictures_on_options_then_one_entry_per_option_each_an_accessible_picture() {
        let choice = QuestionKind::SingleChoice { options: vec!["Paris".into(), "Rome".into(), "Oslo".into()], right: vec![0] };
        assert_eq!(check_pictures(&choice, &[]), Ok(()));
        assert_eq!(check_pictures(&choice, &[Some(image("The Eiffel tower", false)), None, Some(image("", true))]), Ok(()));
        let e = check_pictures(&choice, &[None, None]).unwrap_err();
        assert!(e.contains("one entry per option or item (3)"), "{e}");
        let e = check_pictures(&choice, &[None, Some(image("", false)), None]).unwrap_err();
        assert!(e.starts_with("picture 2: media.alt:"), "{e}");
        let sound = Media::Audio { file: file('c', "audio/mpeg"), transcript: "Bonjour".into() };
        let e = check_pictures(&choice, &[None, None, Some(sound)]).unwrap_err();
        assert_eq!(e, "picture 3: an option or item shows a picture, not a sound or a video");
        let e = check_pictures(&QuestionKind::TrueFalse { answer: true }, &[None]).unwrap_err();
        assert_eq!(e, "pictures: a true false question has no options or items to show pictures on");
    }

    #[test]
    fn an_image_recorded_without_alt_or_decorative_reads_as_not_decorative() {
        let json = serde_json::json!({"kind": "image", "phone": {"id": "a".repeat(64), "type": "image/png", "width": 10, "height": 20},
            "projector": {"id": "a".repeat(64), "type": "image/png"}});
        let media: Media = serde_json::from_value(json).unwrap();
        assert_eq!(media.files().len(), 1);
        assert!(media.check().is_err());
        assert_eq!(serde_json::to_value(&media).unwrap()["phone"]["width"], 10);
    }
}
