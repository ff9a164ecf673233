//! Media on questions (issue 30): a host names uploaded files by the ids the upload gave; before
//! a question is recorded the server checks that each is stored and of the kind named, and takes
//! its type and size from the file itself ([`attach`]), so the log records exactly what the
//! question shows. A question is served with a signed link to each of its files ([`served`]),
//! made only for whoever is served the question; links signed within the same hour are the same,
//! so a room of players shares one cached copy.

use std::sync::Arc;

use quizroom_domain::media::{Media, MediaFile};
use quizroom_hub::MediaLinks;
use quizroom_media::{Class, dimensions, sniff};
use serde_json::{Value, json};

use super::files::HEAD_BYTES;
use super::{Media as MediaFeature, link};
use crate::error::ApiError;
use crate::question_form::{QuestionProblem, questions_refused};
use crate::state::AppState;
use crate::tokens::Keys;

/// Fills in each named file's type and size from the stored file, for the media of each question
/// in order; refused (422, every problem in `details.errors`, each naming its question) when a file
/// is not stored or not of the kind named.
pub async fn attach(state: &AppState, questions: Vec<&mut Option<Media>>) -> Result<(), ApiError> {
    let feature = state.feature::<std::sync::Arc<MediaFeature>>();
    let mut problems = Vec::new();
    for (i, media) in questions.into_iter().enumerate() {
        let Some(media) = media.as_mut() else { continue };
        if let Err(problem) = fill_in(feature, media).await? {
            problems.push(QuestionProblem::Rule(format!("Question {}: {problem}", i + 1)));
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(questions_refused(problems)) }
}

async fn fill_in(feature: &MediaFeature, media: &mut Media) -> Result<Result<(), String>, ApiError> {
    let (wanted, files): (Class, Vec<(&'static str, &mut MediaFile)>) = match media {
        Media::Image { phone, projector, .. } => (Class::Image, vec![("media.phone", phone), ("media.projector", projector)]),
        Media::Audio { file, .. } => (Class::Audio, vec![("media.file", file)]),
        Media::Video { file, .. } => (Class::Video, vec![("media.file", file)]),
    };
    for (field, file) in files {
        // A stored picture is small; a sound or a video is told by its start (an MP3's ID3 tag
        // may be longer: then by the whole file).
        let mut bytes = feature.files.head(&file.id, if wanted == Class::Image { u64::MAX } else { HEAD_BYTES }).await.map_err(ApiError::internal)?;
        if bytes.as_ref().is_some_and(|b| b.len() as u64 == HEAD_BYTES && sniff(b).is_err()) {
            bytes = feature.files.get(&file.id).await.map_err(ApiError::internal)?.map(Vec::from);
        }
        let Some(bytes) = bytes else { return Ok(Err(format!("{field}: no such file; upload it again"))) };
        let Ok(kind) = sniff(&bytes) else { return Ok(Err(format!("{field}: the file cannot be shown; upload it again"))) };
        if kind.class() != wanted {
            return Ok(Err(format!("{field}: the file is {}, not {}", class_name(kind.class()), class_name(wanted))));
        }
        file.mime = kind.mime().to_owned();
        (file.width, file.height) = dimensions(&bytes, kind).unzip();
    }
    Ok(Ok(()))
}

fn class_name(class: Class) -> &'static str {
    match class {
        Class::Image => "a picture",
        Class::Audio => "a sound",
        Class::Video => "a video",
    }
}

/// The media as a client is served it: as recorded, each file with a `url` signed at `now_ms`.
pub fn served(state: &AppState, media: Option<&Media>, now_ms: i64) -> Option<Value> {
    media.map(|media| signed(&state.keys, media, now_ms))
}

/// [`served`] for the hub's live games.
pub fn links(keys: Arc<Keys>) -> MediaLinks {
    Arc::new(move |media, now_ms| signed(&keys, media, now_ms))
}

fn signed(keys: &Keys, media: &Media, now_ms: i64) -> Value {
    let mut value = serde_json::to_value(media).expect("media serialise");
    for field in ["phone", "projector", "file"] {
        if let Some(file) = value.get_mut(field).and_then(Value::as_object_mut) {
            let id = file.get("id").and_then(Value::as_str).unwrap_or_default().to_owned();
            let (url, expires_at) = link(keys, &id, now_ms);
            file.insert("url".into(), json!(url));
            file.insert("expiresAt".into(), json!(expires_at));
        }
    }
    value
}
