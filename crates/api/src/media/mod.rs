//! Media for questions (issue 30, `docs/media-api.md`): a verified account uploads an image, a
//! sound or a video; the server tells its kind by its bytes alone, keeps an image only as its
//! pixels re-encoded in a phone and a projector size (`quizroom_media::process`), keeps sound and
//! video as uploaded, names each stored file by the SHA-256 of its bytes, and serves a file only
//! through a signed link that expires: whoever was given the link (the uploader, and whoever is
//! served a question showing the file: `attach::served`) may fetch it, and a guessed or altered
//! link is refused. Each account's uploads count against its storage quota (`uploads-{user}`).

mod attach;
mod files;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use quizroom_domain::StreamId;
use quizroom_domain::uploads::{UploadedFile, Uploads, UploadsCommand, UploadsError};
use quizroom_media::{Class, Kind, Limits, PictureError, content_id, is_content_id, process, sniff};
use serde::{Deserialize, Serialize};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::Schema;
use utoipa::{IntoParams, PartialSchema, ToSchema};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

pub use self::attach::{attach, links, served, served_pictures, shown_files};
pub use self::files::MediaFiles;
use crate::error::{ApiError, ApiMultipart, ApiQuery, seconds_to_wait};
use crate::limits::Budget;
use crate::openapi::ErrorBody;
use crate::quiz_form::file_only_form;
use crate::state::AppState;
use crate::tokens::{AuthUser, Keys};

/// Uploads one account may make per minute on a node.
pub const UPLOADS_PER_MINUTE: u32 = 30;
/// A sound or a video file (an image's bound is `quizroom_media::Limits::max_bytes`, 10 MB).
pub const MAX_SOUND_OR_VIDEO: usize = 50 * 1024 * 1024;
/// How long a link to a stored file stays valid, at least (links are signed to the end of the hour
/// and then this long, so every link signed within an hour is the same).
pub const LINK_SECONDS: i64 = 23 * 60 * 60;
const BODY_LIMIT: usize = MAX_SOUND_OR_VIDEO + 64 * 1024;

/// The stored files and the uploads' budget, started with the server (`AppState::feature`, as
/// an `Arc<Media>`).
pub struct Media {
    files: MediaFiles,
    uploads: Budget,
    /// Bytes one account may upload in all.
    quota: u64,
}

impl Media {
    pub fn new(dir: std::path::PathBuf, quota: u64) -> Media {
        Media { files: MediaFiles::new(dir), uploads: Budget::new(UPLOADS_PER_MINUTE), quota }
    }
}

/// Records an upload's files against the account's quota (`uploads-{user}`): refused (413,
/// `quota_full`) when they would take it over; files the account uploaded before cost nothing.
async fn within_quota(state: &AppState, user_id: &str, kind: &str, files: Vec<UploadedFile>, quota: u64) -> Result<(), ApiError> {
    let stream = StreamId::<Uploads>::new(user_id);
    let metadata = crate::commands::metadata(user_id, "upload_media");
    let command = || UploadsCommand::Record { kind: kind.to_owned(), files: files.clone(), quota, now: state.clock.now_ms() };
    match crate::retrying!(crate::commands::decide_and_commit(&state.store, &stream, &metadata, command()))? {
        Ok(_) => Ok(()),
        Err(refused @ UploadsError::QuotaFull { .. }) => Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "quota_full", refused.to_string())),
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(upload).layer(DefaultBodyLimit::max(BODY_LIMIT))).routes(routes!(serve))
}

/// An upload as stored.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Uploaded {
    /// `image`, `audio` or `video`.
    kind: &'static str,
    /// An image's width and height upright, in pixels (null for sound and video).
    width: Option<u32>,
    height: Option<u32>,
    /// An animated GIF.
    animated: bool,
    /// An image's `phone` (at most 1,024 px a side) and `projector` (1,920 px) files; a sound's or
    /// a video's one `original`.
    files: Vec<StoredFile>,
}

/// One stored file and a link to it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoredFile {
    /// `phone`, `projector` or `original`.
    size: &'static str,
    /// The SHA-256 of its bytes, in hexadecimal.
    id: String,
    /// Its media type (`image/jpeg`, `image/png`, `image/gif`, `audio/mpeg`, …).
    #[serde(rename = "type")]
    mime: &'static str,
    width: Option<u32>,
    height: Option<u32>,
    bytes: usize,
    /// `/api/media/{id}?expires=…&signature=…`, valid until `expiresAt`.
    url: String,
    /// Milliseconds since the Unix epoch.
    expires_at: i64,
}

/// The upload form: one field, `file`.
struct UploadForm;

impl PartialSchema for UploadForm {
    fn schema() -> RefOr<Schema> {
        file_only_form()
    }
}

impl ToSchema for UploadForm {}

/// A link to `id` from `now_ms`, and when it expires (ms): the same for every `now_ms` within
/// an hour, valid for 23 to 24 hours.
fn link(keys: &Keys, id: &str, now_ms: i64) -> (String, i64) {
    let expires = (now_ms / 1000 / 3600 + 1) * 3600 + LINK_SECONDS;
    (format!("/api/media/{id}?expires={expires}&signature={}", keys.sign_media(id, expires)), expires * 1000)
}

/// The form's `file` (as received: not copied); any other field is refused.
async fn read_file(mut multipart: axum::extract::Multipart) -> Result<axum::body::Bytes, ApiError> {
    let read_error = |e: axum::extract::multipart::MultipartError| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            too_large(MAX_SOUND_OR_VIDEO)
        } else {
            ApiError::bad_request("bad_form", format!("The form could not be read: {}", e.body_text()))
        }
    };
    let mut file = None;
    while let Some(field) = multipart.next_field().await.map_err(read_error)? {
        if field.name() != Some("file") {
            let name = field.name().unwrap_or_default().to_owned();
            return Err(ApiError::bad_request("bad_form", format!("The form has no field named \"{name}\"")));
        }
        file = Some(field.bytes().await.map_err(read_error)?);
    }
    file.ok_or_else(|| ApiError::bad_request("validation", "Please upload a file"))
}

fn too_large(bytes: usize) -> ApiError {
    ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "too_large", format!("The file is larger than {} MB. Upload a smaller one.", bytes / (1024 * 1024)))
}

fn refused_picture(e: PictureError) -> ApiError {
    match e {
        e @ PictureError::TooLarge { .. } => ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "too_large", e.to_string()),
        e => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "unreadable_media", e.to_string()),
    }
}

/// Uploads an image, a sound or a video for questions.
///
/// The kind is told by the file's bytes, never its name or declared type. An image is decoded
/// within limits, turned upright and re-encoded (which drops its EXIF and anything hidden in the
/// file) as a phone and a projector size; sound and video are kept as uploaded.
#[utoipa::path(post, path = "/media", operation_id = "uploadMedia", tag = "media", security(("bearer" = [])),
    request_body(content = inline(UploadForm), content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Stored, with links valid for a day", body = Uploaded),
        (status = 400, description = "No file, or a form that could not be read", body = ErrorBody),
        (status = 403, description = "The e-mail is not verified", body = ErrorBody),
        (status = 413, description = "Larger than 10 MB (an image) or 50 MB (sound, video) (`too_large`), or more than the account's storage quota allows (`quota_full`, the message says how full)", body = ErrorBody),
        (status = 415, description = "Not an image, sound or video Quizroom accepts (SVG included); the message names what is", body = ErrorBody),
        (status = 422, description = "An image that cannot be read, or too large in pixels or frames; the message says which", body = ErrorBody),
        (status = 429, description = "Too many uploads this minute", body = ErrorBody),
    ),
)]
async fn upload(State(state): State<AppState>, caller: AuthUser, ApiMultipart(multipart): ApiMultipart) -> Result<(StatusCode, Json<Uploaded>), ApiError> {
    let media = state.feature::<std::sync::Arc<Media>>();
    let now = state.clock.now_ms();
    media
        .uploads
        .spend(&caller.user_id, 1, now)
        .map_err(|wait| ApiError::too_many("too_many_uploads", "Too many uploads. Please wait a moment and try again.", seconds_to_wait(wait)))?;
    let bytes = read_file(multipart).await?;
    let kind = sniff(&bytes).map_err(|refused| ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media", refused.to_string()))?;
    let stored = |size: &'static str, id: String, mime: &'static str, dimensions: Option<(u32, u32)>, bytes: usize| {
        let (url, expires_at) = link(&state.keys, &id, now);
        StoredFile { size, id, mime, width: dimensions.map(|d| d.0), height: dimensions.map(|d| d.1), bytes, url, expires_at }
    };
    // What to store: an image's sizes, or a sound or a video as uploaded; each with its id.
    let (kind_name, picture, to_store) = match kind.class() {
        Class::Image => {
            let picture = state.read_upload(move || process(&bytes, kind, &Limits::default())).await?.map_err(refused_picture)?;
            let files: Vec<_> =
                picture.variants.into_iter().map(|v| (content_id(&v.bytes), v.name, v.mime, Some((v.width, v.height)), Bytes::from(v.bytes))).collect();
            ("image", Some((picture.width, picture.height, picture.animated)), files)
        }
        class => {
            if bytes.len() > MAX_SOUND_OR_VIDEO {
                return Err(too_large(MAX_SOUND_OR_VIDEO));
            }
            let kind_name = if class == Class::Audio { "audio" } else { "video" };
            (kind_name, None, vec![(content_id(&bytes), "original", kind.mime(), None, bytes)])
        }
    };
    let counted = to_store.iter().map(|(id, _, _, _, bytes)| UploadedFile { id: id.clone(), bytes: bytes.len() as u64 }).collect();
    within_quota(&state, &caller.user_id, kind_name, counted, media.quota).await?;
    let mut files = Vec::new();
    for (id, size, mime, dimensions, bytes) in to_store {
        media.files.put(&id, &bytes).await.map_err(ApiError::internal)?;
        files.push(stored(size, id, mime, dimensions, bytes.len()));
    }
    let (width, height, animated) = picture.map_or((None, None, false), |(w, h, a)| (Some(w), Some(h), a));
    let uploaded = Uploaded { kind: kind_name, width, height, animated, files };
    tracing::info!(user = %caller.user_id, kind = uploaded.kind, files = uploaded.files.len(), "media uploaded");
    Ok((StatusCode::CREATED, Json(uploaded)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct Link {
    /// Unix seconds after which the link is refused.
    #[param(value_type = i64)]
    expires: Option<String>,
    /// The server's signature of the file and the time.
    signature: Option<String>,
}

fn invalid_link() -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, "invalid_link", "This link to a file is not valid. Open the question again for a new one.")
}

/// A stored file, by a signed link that has not expired.
///
/// Served with its media type told by its bytes, `X-Content-Type-Options: nosniff`, a policy that
/// runs nothing, an ETag (the file's id) and a private cache for as long as the link lives.
#[utoipa::path(get, path = "/media/{id}", operation_id = "getMedia", tag = "media", params(("id" = String, Path, description = "The file's SHA-256, in hexadecimal"), Link),
    responses(
        (status = 200, description = "The file", content_type = "application/octet-stream", body = Vec<u8>),
        (status = 206, description = "The part a `Range: bytes=…` header asked for (one range; several are answered whole), with `Content-Range`", content_type = "application/octet-stream", body = Vec<u8>),
        (status = 304, description = "Not modified (`If-None-Match`)"),
        (status = 400, description = "A query that could not be read (a parameter given twice)", body = ErrorBody),
        (status = 403, description = "A link that is not signed for this file, or has expired", body = ErrorBody),
        (status = 404, description = "No such file", body = ErrorBody),
        (status = 416, description = "A range that starts past the file's end (`Content-Range: bytes */<length>`)", body = ErrorBody),
    ),
)]
async fn serve(State(state): State<AppState>, Path(id): Path<String>, ApiQuery(link): ApiQuery<Link>, headers: HeaderMap) -> Result<Response, ApiError> {
    let not_found = || ApiError::not_found("No such file");
    if !is_content_id(&id) {
        return Err(not_found());
    }
    let expires: i64 = link.expires.as_deref().and_then(|e| e.parse().ok()).ok_or_else(invalid_link)?;
    if !state.keys.media_signed(&id, expires, link.signature.as_deref().unwrap_or_default()) {
        return Err(invalid_link());
    }
    let left = expires - state.clock.now_ms() / 1000;
    if left < 0 {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "link_expired", "This link to a file has expired. Open the question again for a new one."));
    }
    let etag = format!("\"{id}\"");
    let cache = format!("private, max-age={left}, immutable");
    let common = [
        (header::ETAG, etag.clone()),
        (header::CACHE_CONTROL, cache),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_owned()),
        (header::CONTENT_SECURITY_POLICY, "default-src 'none'; sandbox".to_owned()),
    ];
    if headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).is_some_and(|v| v.split(',').any(|t| t.trim() == etag)) {
        return Ok((StatusCode::NOT_MODIFIED, common).into_response());
    }
    let files = &state.feature::<std::sync::Arc<Media>>().files;
    let stored = files.open(&id).await.map_err(ApiError::internal)?.ok_or_else(not_found)?;
    let kind = files.kind(&id, stored.head()).await.map_err(ApiError::internal)?;
    let (len, mime) = (stored.len(), kind.map_or("application/octet-stream", Kind::mime));
    let headers_of = |range: Option<String>| {
        let mut h = vec![(header::CONTENT_TYPE, mime.to_owned()), (header::ACCEPT_RANGES, "bytes".to_owned())];
        h.extend(range.map(|r| (header::CONTENT_RANGE, r)));
        axum::response::AppendHeaders(h)
    };
    let (status, start, end) = match headers.get(header::RANGE).and_then(|v| v.to_str().ok()).map(|r| byte_range(r, len)) {
        None | Some(Range::Whole) => (StatusCode::OK, 0, len.saturating_sub(1)),
        Some(Range::Part(start, end)) => (StatusCode::PARTIAL_CONTENT, start, end),
        Some(Range::Unsatisfiable) => {
            let refused =
                ApiError::new(StatusCode::RANGE_NOT_SATISFIABLE, "range_not_satisfiable", format!("The file has {len} bytes: ask for a range within them"));
            let mut response = refused.into_response();
            response.headers_mut().insert(header::CONTENT_RANGE, format!("bytes */{len}").parse().expect("a header value"));
            return Ok(response);
        }
    };
    let range = (status == StatusCode::PARTIAL_CONTENT).then(|| format!("bytes {start}-{end}/{len}"));
    let (body, length) = if len == 0 { (axum::body::Body::empty(), 0) } else { (stored.body(start, end).await.map_err(ApiError::internal)?, end - start + 1) };
    // Told even when streamed from disk: players seeking in a video need it.
    Ok((status, common, headers_of(range), [(header::CONTENT_LENGTH, length.to_string())], body).into_response())
}

/// What a `Range` header asks of a file of `len` bytes.
#[derive(Debug, PartialEq)]
enum Range {
    /// Bytes `start..=end`.
    Part(u64, u64),
    /// Several ranges, or a header that is not one: the whole file (RFC 9110 allows ignoring it).
    Whole,
    /// A range that starts past the end: 416.
    Unsatisfiable,
}

fn byte_range(header: &str, len: u64) -> Range {
    let Some(spec) = header.trim().strip_prefix("bytes=").filter(|s| !s.contains(',')) else { return Range::Whole };
    let Some((first, last)) = spec.trim().split_once('-') else { return Range::Whole };
    let (first, last) = (first.trim(), last.trim());
    match (first.parse::<u64>().ok(), last.parse::<u64>().ok()) {
        // The last `n` bytes.
        (None, Some(n)) if first.is_empty() => match n {
            0 => Range::Unsatisfiable,
            n => Range::Part(len.saturating_sub(n), len.saturating_sub(1)),
        },
        (Some(start), _) if start >= len => Range::Unsatisfiable,
        (Some(start), None) if last.is_empty() => Range::Part(start, len - 1),
        (Some(start), Some(end)) if end >= start => Range::Part(start, end.min(len - 1)),
        _ => Range::Whole,
    }
}

#[cfg(test)]
mod tests {
    use super::{Range, byte_range};

    #[test]
    fn a_range_header_is_read_as_rfc_9110_says() {
        assert_eq!(byte_range("bytes=0-99", 1000), Range::Part(0, 99));
        assert_eq!(byte_range("bytes=900-", 1000), Range::Part(900, 999));
        assert_eq!(byte_range("bytes=-100", 1000), Range::Part(900, 999));
        assert_eq!(byte_range("bytes=-5000", 1000), Range::Part(0, 999));
        assert_eq!(byte_range("bytes=990-5000", 1000), Range::Part(990, 999));
        assert_eq!(byte_range("bytes=1000-", 1000), Range::Unsatisfiable);
        assert_eq!(byte_range("bytes=-0", 1000), Range::Unsatisfiable);
        assert_eq!(byte_range("bytes=0-1,5-6", 1000), Range::Whole);
        assert_eq!(byte_range("bytes=9-3", 1000), Range::Whole);
        assert_eq!(byte_range("items=0-1", 1000), Range::Whole);
        assert_eq!(byte_range("bytes=0-0", 0), Range::Unsatisfiable);
    }
}
