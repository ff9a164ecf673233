//! The quiz-settings form that hosting an upload and publishing a generation share: the form's
//! fields (multipart or JSON), read once into typed [`QuizSettings`] (expiry, time limit,
//! audience), their schema for the API document, and the checks of a question as a host typed
//! or edited it.
//!
//! What the document's schema can say is answered 400 when broken (a missing or blank field, a
//! value out of range, a field the form does not have); the rules no schema can express (an
//! expiry date in the past, two options that are the same, an answer that is none of them)
//! answer 422 (DESIGN's error statuses).

use std::collections::HashMap;

use axum::extract::Multipart;
use axum::http::StatusCode;
use quizroom_domain::quiz::QuizSource;
use serde_json::{Value, json};
use utoipa::openapi::RefOr;
use utoipa::openapi::extensions::Extensions;
use utoipa::openapi::schema::{AdditionalProperties, Object, ObjectBuilder, Schema, Type};

use crate::email::{Email, parse_list};
use crate::error::ApiError;
use crate::input::{NON_BLANK, email_list_pattern};
pub use crate::question_form::{DraftQuestion, EditedQuestion, QuestionProblem, checked_question, questions_refused};

/// Time limit bounds in minutes, and the limit when the form gives none.
pub const TIME_LIMIT_RANGE: std::ops::RangeInclusive<i64> = 1..=180;
pub const DEFAULT_TIME_LIMIT: i64 = 30;
pub const MAX_TITLE: usize = 200;
/// The file plus the form's other fields.
pub const UPLOAD_BODY_LIMIT: usize = quizroom_sheet::MAX_FILE_BYTES + 256 * 1024;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// The fields of the hosting upload form (`POST /api/hostQuiz/upload`).
pub const UPLOAD_FIELDS: &[&str] = &["file", "title", "validityOption", "customDate", "timeLimit", "audienceType", "emails", "audienceName", "audienceListId"];
const INVALID_DATE: &str = "Please select a valid date for quiz expiry";

pub fn validation(message: impl Into<String>) -> ApiError {
    ApiError::bad_request("validation", message)
}

pub fn too_large() -> ApiError {
    ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "too_large", "File is too large. Please upload a file smaller than 10MB.")
}

/// The upload form: every text field, and the file.
#[derive(Default)]
pub struct UploadForm {
    fields: HashMap<String, String>,
    pub file: Option<(String, Vec<u8>)>,
}

impl UploadForm {
    /// A text field, trimmed; empty when the form does not have it.
    pub fn field(&self, name: &str) -> &str {
        self.fields.get(name).map_or("", |v| v.trim())
    }

    /// A field exactly as sent, for the fields the document gives as a fixed set of values, a
    /// number or a date (where spaces around the value are not part of it).
    pub fn raw(&self, name: &str) -> Option<&str> {
        self.fields.get(name).map(String::as_str)
    }

    /// The settings of a JSON body (strings and numbers) as form fields.
    pub fn from_json(body: &serde_json::Map<String, Value>) -> UploadForm {
        UploadForm { fields: body.iter().filter_map(|(k, v)| Some((k.clone(), scalar_text(v)?))).collect(), file: None }
    }
}

/// A JSON string or number as a form field's text.
pub fn scalar_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Reads a multipart form whose fields are all among `fields`: another field is refused (400),
/// as the document's `additionalProperties: false` says.
pub async fn read_form_of(mut multipart: Multipart, fields: &[&str]) -> Result<UploadForm, ApiError> {
    let mut form = UploadForm::default();
    let read_error = |e: axum::extract::multipart::MultipartError| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            too_large()
        } else {
            ApiError::bad_request("bad_form", format!("The form could not be read: {}", e.body_text()))
        }
    };
    while let Some(field) = multipart.next_field().await.map_err(read_error)? {
        let name = field.name().unwrap_or_default().to_owned();
        if !fields.contains(&name.as_str()) {
            return Err(ApiError::bad_request("bad_form", format!("The form has no field named \"{name}\"")).with_details(json!({ "field": name })));
        }
        if name == "file" {
            let file_name = field.file_name().unwrap_or_default().to_owned();
            let bytes = field.bytes().await.map_err(read_error)?;
            if bytes.len() > quizroom_sheet::MAX_FILE_BYTES {
                return Err(too_large());
            }
            form.file = Some((file_name, bytes.to_vec()));
        } else {
            let value = field.text().await.map_err(read_error)?;
            form.fields.insert(name, value);
        }
    }
    Ok(form)
}

/// The expiry the form asks for: 24 or 48 hours from now, or a custom date (the end of that day,
/// UTC) or time. A custom date that is missing or not a date is invalid input (400); one in the
/// past breaks a rule (422).
pub fn valid_until(form: &UploadForm, now: i64) -> Result<i64, ApiError> {
    match form.raw("validityOption") {
        None | Some("24h") => Ok(now + DAY_MS),
        Some("48h") => Ok(now + 2 * DAY_MS),
        Some("custom") => {
            let text = form.raw("customDate").unwrap_or_default();
            let until = if let Ok(date) = chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d") {
                date.and_hms_milli_opt(23, 59, 59, 999).map(|t| t.and_utc().timestamp_millis())
            } else {
                chrono::DateTime::parse_from_rfc3339(text).ok().map(|t| t.timestamp_millis())
            };
            let until = until.ok_or_else(|| validation(INVALID_DATE))?;
            if until < now {
                return Err(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "validation", INVALID_DATE));
            }
            Ok(until)
        }
        Some(other) => Err(validation(format!("Unknown validity option: {other}"))),
    }
}

/// Minutes from 1 to 180 (a whole number, also spelled `15.0`); 30 when the form gives none.
fn time_limit(form: &UploadForm) -> Result<i64, ApiError> {
    let Some(text) = form.raw("timeLimit") else { return Ok(DEFAULT_TIME_LIMIT) };
    let whole = |m: f64| (m.fract() == 0.0 && m.abs() <= 1e15).then_some(m as i64);
    let minutes = text.parse::<i64>().ok().or_else(|| text.parse::<f64>().ok().and_then(whole));
    minutes
        .filter(|m| TIME_LIMIT_RANGE.contains(m))
        .ok_or_else(|| validation("The time limit is a whole number of minutes from 1 to 180").with_details(json!({ "field": "timeLimit" })))
}

/// Who the quiz is for, before it is recorded.
pub enum AudienceChoice {
    Open,
    /// New list from typed e-mails, saved under `name`.
    NewList {
        name: String,
        emails: Vec<Email>,
    },
    /// One of the caller's saved lists.
    Saved {
        list_id: String,
    },
}

fn audience_choice(form: &UploadForm, now: i64) -> Result<AudienceChoice, ApiError> {
    match form.raw("audienceType") {
        None | Some("open") => Ok(AudienceChoice::Open),
        Some("emails") => {
            let emails = parse_list(form.field("emails"))?;
            if emails.is_empty() {
                return Err(validation("Please provide email addresses for quiz participants"));
            }
            let name = match form.field("audienceName") {
                "" => format!("Quiz participants {}", chrono::DateTime::from_timestamp_millis(now).unwrap_or_default().format("%Y-%m-%d")),
                name => name.to_owned(),
            };
            Ok(AudienceChoice::NewList { name, emails })
        }
        Some("list") => match form.field("audienceListId") {
            "" => Err(validation("Please select an audience list")),
            id => Ok(AudienceChoice::Saved { list_id: id.to_owned() }),
        },
        Some(other) => Err(validation(format!("Unknown audience type: {other}"))),
    }
}

/// The settings of a new quiz, as the form gives them.
pub struct QuizSettings {
    /// When the quiz closes (milliseconds since the epoch).
    pub valid_until: i64,
    /// Minutes per attempt.
    pub time_limit: i64,
    pub audience: AudienceChoice,
}

impl QuizSettings {
    /// Reads the settings, checking the expiry first, then the time limit, then the audience.
    pub fn read(form: &UploadForm, now: i64) -> Result<QuizSettings, ApiError> {
        let valid_until = valid_until(form, now)?;
        let time_limit = time_limit(form)?;
        let audience = audience_choice(form, now)?;
        Ok(QuizSettings { valid_until, time_limit, audience })
    }
}

/// `form` with the settings' fields (`validityOption`, `customDate`, `timeLimit`, `audienceType`,
/// `emails`, `audienceName`, `audienceListId`) and the conditions between them: a `custom`
/// validity needs a `customDate`, an `emails` audience its `emails`, a `list` audience its
/// `audienceListId` (`if`/`then`, which utoipa's model lacks, so they go in as they are written).
pub fn with_settings_schema(form: ObjectBuilder) -> ObjectBuilder {
    let text = || ObjectBuilder::new().schema_type(Type::String);
    let conditions = json!([
        {
            "if": { "required": ["validityOption"], "properties": { "validityOption": { "const": "custom" } } },
            "then": {
                "required": ["customDate"],
                "properties": { "customDate": { "anyOf": [{ "format": "date" }, { "format": "date-time" }] } },
            },
        },
        {
            "if": { "required": ["audienceType"], "properties": { "audienceType": { "const": "emails" } } },
            "then": { "required": ["emails"], "properties": { "emails": { "pattern": email_list_pattern() } } },
        },
        {
            "if": { "required": ["audienceType"], "properties": { "audienceType": { "const": "list" } } },
            "then": { "required": ["audienceListId"], "properties": { "audienceListId": { "pattern": NON_BLANK } } },
        },
    ]);
    form.property("validityOption", text().enum_values(Some(["24h", "48h", "custom"])).description(Some("How long the quiz stays open (default `24h`)")))
        .property(
            "customDate",
            text().description(Some("For `custom`: the last day (`YYYY-MM-DD`, open to its end in UTC) or an RFC 3339 time; not in the past (422)")),
        )
        .property(
            "timeLimit",
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(*TIME_LIMIT_RANGE.start()))
                .maximum(Some(*TIME_LIMIT_RANGE.end()))
                .description(Some("Minutes per attempt (default 30)")),
        )
        .property("audienceType", text().enum_values(Some(["open", "emails", "list"])).description(Some("Who may take the quiz (default `open`)")))
        .property("emails", text().description(Some("For `emails`: the addresses, separated by commas, semicolons or new lines")))
        .property("audienceName", text().description(Some("For `emails`: the name the new list is saved under (default `Quiz participants {date}`)")))
        .property("audienceListId", text().description(Some("For `list`: one of the caller's saved lists")))
        .extensions(Some(Extensions::from_iter([("allOf", conditions)])))
}

/// The schema of a file field of a multipart form (OpenAPI 3.1 spells a file's bytes this way).
pub fn file_schema() -> Object {
    ObjectBuilder::new().schema_type(Type::String).content_media_type("application/octet-stream").build()
}

/// A multipart form of one field, `file`, and no other.
pub fn file_only_form() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .property("file", file_schema())
        .required("file")
        .additional_properties(Some(AdditionalProperties::FreeForm(false)))
        .build()
        .into()
}

/// What a quiz is made of before its ids and code are drawn.
pub struct QuizDraft {
    pub title: String,
    pub questions: Vec<DraftQuestion>,
    pub valid_until: i64,
    pub time_limit: i64,
    pub source: QuizSource,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(fields: &[(&str, &str)]) -> UploadForm {
        UploadForm { fields: fields.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(), file: None }
    }

    const NOW: i64 = 1_700_000_000_000;

    #[test]
    fn the_expiry_is_invalid_input_when_unreadable_and_a_broken_rule_when_past() {
        assert_eq!(valid_until(&form(&[]), NOW).unwrap(), NOW + DAY_MS);
        assert_eq!(valid_until(&form(&[("validityOption", "48h")]), NOW).unwrap(), NOW + 2 * DAY_MS);
        assert!(valid_until(&form(&[("validityOption", "custom"), ("customDate", "2100-01-01T00:00:00Z")]), NOW).is_ok());
        for bad in [
            &[("validityOption", "")][..],
            &[("validityOption", " 24h")],
            &[("validityOption", "custom")],
            &[("validityOption", "custom"), ("customDate", "2100-13-01")],
        ] {
            assert_eq!(valid_until(&form(bad), NOW).unwrap_err().status, StatusCode::BAD_REQUEST, "{bad:?}");
        }
        let past = valid_until(&form(&[("validityOption", "custom"), ("customDate", "2001-01-01")]), NOW).unwrap_err();
        assert_eq!((past.status, past.message.as_str()), (StatusCode::UNPROCESSABLE_ENTITY, INVALID_DATE));
    }

    #[test]
    fn the_time_limit_is_a_whole_number_of_minutes_from_1_to_180() {
        assert_eq!(time_limit(&form(&[])).unwrap(), DEFAULT_TIME_LIMIT);
        for (text, minutes) in [("1", 1), ("15", 15), ("15.0", 15), ("180", 180)] {
            assert_eq!(time_limit(&form(&[("timeLimit", text)])).unwrap(), minutes);
        }
        for text in ["", "0", "181", "1.5", "abc", "NaN", " 15"] {
            assert!(time_limit(&form(&[("timeLimit", text)])).is_err(), "{text}");
        }
    }
}
