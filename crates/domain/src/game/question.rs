//! A live game's questions as the game records them, with their answer keys and media.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::media::Media;
use crate::question::{QuestionKind, RecordedKind};
use crate::quiz::Letter;

/// A question as the game serves it, with its answer key (never sent to players before the
/// reveal). Recorded before question types (issue 29) it held four `options` and the right
/// `answer` letter; such an event is read as a single choice of four and never rewritten.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "RecordedGameQuestion")]
pub struct GameQuestion {
    pub id: i64,
    pub text: String,
    /// Shared with the question being played ([`OpenQuestion`]), which every answer reads.
    pub kind: Arc<QuestionKind>,
    pub explanation: String,
    /// A picture, a sound or a video shown with it (issue 30).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub media: Option<Media>,
    /// Pictures on its options or items, as the quiz's question has them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pictures: Vec<Option<Media>>,
}

#[derive(Deserialize)]
struct RecordedGameQuestion {
    id: i64,
    text: String,
    #[serde(flatten)]
    recorded: RecordedKind,
    #[serde(default)]
    explanation: String,
    #[serde(default)]
    media: Option<Media>,
    #[serde(default)]
    pictures: Vec<Option<Media>>,
}

impl TryFrom<RecordedGameQuestion> for GameQuestion {
    type Error = &'static str;

    fn try_from(r: RecordedGameQuestion) -> Result<GameQuestion, Self::Error> {
        let kind = r.recorded.read().ok_or("a game's question needs its kind, or four options and an answer")?;
        Ok(GameQuestion { id: r.id, text: r.text, kind: Arc::new(kind), explanation: r.explanation, media: r.media, pictures: r.pictures })
    }
}

impl GameQuestion {
    pub fn new(id: i64, text: impl Into<String>, kind: QuestionKind, explanation: impl Into<String>) -> GameQuestion {
        GameQuestion { id, text: text.into(), kind: Arc::new(kind), explanation: explanation.into(), media: None, pictures: Vec::new() }
    }

    /// Whether it shows media (on itself or on its options), which devices must load before its
    /// answer window opens.
    pub fn shows_media(&self) -> bool {
        self.media.is_some() || self.pictures.iter().any(Option::is_some)
    }

    /// Whether it shows pictures (its own, or on its options), which phones load: once every
    /// phone has them, its answers may open early ([`super::GameCommand::OpenEarly`]).
    pub fn shows_pictures(&self) -> bool {
        matches!(self.media, Some(Media::Image { .. })) || self.pictures.iter().any(Option::is_some)
    }

    /// A question of four options A–D with one right.
    pub fn four_options(id: i64, text: impl Into<String>, options: [String; 4], answer: Letter, explanation: impl Into<String>) -> GameQuestion {
        GameQuestion::new(id, text, QuestionKind::from_letters(options, answer), explanation)
    }
}
