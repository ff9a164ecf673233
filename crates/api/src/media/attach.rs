//! Media on questions (issue 30): a host names uploaded files by the ids the upload gave; before
//! a question is recorded the server checks that each is stored and of the kind named, and takes
//! its type and size from the file itself ([`attach`]), so the log records exactly what the
//! question shows. A question is served with a signed link to each of its files ([`served`]),
//! made only for whoever is served the question; links signed within the same hour are the same,
//! so a room of players shares one cached copy.

use std::collections::HashSet;
use std::sync::Arc;

use quizroom_domain::StreamId;
use quizroom_domain::media::{Media, MediaFile};
use quizroom_domain::uploads::Uploads;
use quizroom_hub::MediaLinks;
use quizroom_media::{Class, dimensions};
use serde_json::{Value, json};

use super::files::HEAD_BYTES;
use super::{Media as MediaFeature, link};
use crate::error::ApiError;
use crate::question_form::{DraftQuestion, QuestionProblem, questions_refused};
use crate::state::AppState;
use crate::tokens::Keys;

/// Bytes read from the start of a stored picture to tell its kind and size: the server wrote it
/// from pixels alone, so its header comes first.
const PICTURE_HEAD_BYTES: u64 = 64 * 1024;

/// Fills in each named file's type and size from the stored file, for the media and the option
/// pictures of each question in order; refused (422, every problem in `details.errors`, each
/// naming its question) when a file is not stored, not of the kind named, or neither uploaded by
/// `user_id` nor among the `kept` files (those the quiz already shows): a host names only files
/// they were given by their own uploads, never a file they only saw in another host's quiz.
pub async fn attach<'a>(
    state: &AppState,
    user_id: &str,
    kept: &HashSet<String>,
    questions: impl IntoIterator<Item = &'a mut DraftQuestion>,
) -> Result<(), ApiError> {
    let feature = state.feature::<std::sync::Arc<MediaFeature>>();
    let mut questions: Vec<&mut DraftQuestion> = questions.into_iter().collect();
    if questions.iter().all(|q| q.media.is_none() && q.pictures.is_empty()) {
        return Ok(());
    }
    let recorded = state.store.read_stream(StreamId::<Uploads>::new(user_id).as_str(), 1).await.map_err(ApiError::internal)?;
    let (uploads, _) = crate::commands::fold::<Uploads>(&recorded).map_err(ApiError::internal)?;
    let named = |id: &str| uploads.files.contains_key(id) || kept.contains(id);
    let mut problems = Vec::new();
    for (i, q) in questions.iter_mut().enumerate() {
        let pictures = q.pictures.iter_mut().enumerate().filter_map(|(j, p)| p.as_mut().map(|p| (format!("picture {}: ", j + 1), p)));
        for (place, media) in q.media.as_mut().map(|m| (String::new(), m)).into_iter().chain(pictures) {
            if let Err(problem) = fill_in(feature, media, &named).await? {
                problems.push(QuestionProblem::Rule(format!("Question {}: {place}{problem}", i + 1)));
            }
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(questions_refused(problems)) }
}

/// The ids of every file `questions` show (their media and their option pictures).
pub fn shown_files<'a>(questions: impl IntoIterator<Item = (Option<&'a Media>, &'a [Option<Media>])>) -> HashSet<String> {
    let mut ids = HashSet::new();
    for (media, pictures) in questions {
        for m in media.into_iter().chain(pictures.iter().flatten()) {
            ids.extend(m.files().into_iter().map(|f| f.id.clone()));
        }
    }
    ids
}

async fn fill_in(feature: &MediaFeature, media: &mut Media, named: &impl Fn(&str) -> bool) -> Result<Result<(), String>, ApiError> {
    let (wanted, files): (Class, Vec<(&'static str, &mut MediaFile)>) = match media {
        Media::Image { phone, projector, .. } => (Class::Image, vec![("media.phone", phone), ("media.projector", projector)]),
        Media::Audio { file, .. } => (Class::Audio, vec![("media.file", file)]),
        Media::Video { file, .. } => (Class::Video, vec![("media.file", file)]),
    };
    for (field, file) in files {
        if !named(&file.id) {
            return Ok(Err(format!("{field}: no such file among your uploads; upload it again")));
        }
        // A stored picture is one the server wrote (no EXIF before its size); a sound or a video
        // is told by its start (`MediaFiles::kind`).
        let bytes = feature.files.head(&file.id, if wanted == Class::Image { PICTURE_HEAD_BYTES } else { HEAD_BYTES }).await.map_err(ApiError::internal)?;
        let Some(bytes) = bytes else { return Ok(Err(format!("{field}: no such file; upload it again"))) };
        let Some(kind) = feature.files.kind(&file.id, &bytes).await.map_err(ApiError::internal)? else {
            return Ok(Err(format!("{field}: the file cannot be shown; upload it again")));
        };
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

/// Pictures on options or items as a client is served them (in the order given), each with signed
/// links; `None` when none shows a picture.
pub fn served_pictures<'a>(state: &AppState, pictures: impl IntoIterator<Item = Option<&'a Media>>, now_ms: i64) -> Option<Vec<Option<Value>>> {
    let pictures: Vec<Option<Value>> = pictures.into_iter().map(|p| served(state, p, now_ms)).collect();
    pictures.iter().any(Option::is_some).then_some(pictures)
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
