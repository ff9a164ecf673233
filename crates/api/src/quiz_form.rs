//! The quiz-settings form that hosting an upload and publishing a generation share: the form's
//! fields (multipart or JSON), read once into typed [`QuizSettings`] (expiry, time limit,
//! audience), and the checks of a question as a host typed or edited it.

use std::collections::HashMap;

use axum::extract::Multipart;
use axum::http::StatusCode;
use quizroom_domain::quiz::{Letter, Question, QuizSource};
use serde::Deserialize;
use serde_json::Value;

use crate::email::{Email, parse_list};
use crate::error::ApiError;

/// Time limit bounds in minutes, and what anything else becomes.
pub const TIME_LIMIT_RANGE: std::ops::RangeInclusive<i64> = 1..=180;
pub const DEFAULT_TIME_LIMIT: i64 = 30;
pub const MAX_TITLE: usize = 200;
/// The file plus the form's other fields.
pub const UPLOAD_BODY_LIMIT: usize = quizroom_sheet::MAX_FILE_BYTES + 256 * 1024;
const DAY_MS: i64 = 24 * 60 * 60 * 1000;

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
    pub fn field(&self, name: &str) -> &str {
        self.fields.get(name).map_or("", |v| v.trim())
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

pub async fn read_form(mut multipart: Multipart) -> Result<UploadForm, ApiError> {
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
/// UTC) or time, not in the past.
pub fn valid_until(form: &UploadForm, now: i64) -> Result<i64, ApiError> {
    match form.field("validityOption") {
        "" | "24h" => Ok(now + DAY_MS),
        "48h" => Ok(now + 2 * DAY_MS),
        "custom" => {
            let text = form.field("customDate");
            let until = if let Ok(date) = chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d") {
                date.and_hms_milli_opt(23, 59, 59, 999).map(|t| t.and_utc().timestamp_millis())
            } else {
                chrono::DateTime::parse_from_rfc3339(text).ok().map(|t| t.timestamp_millis())
            };
            until.filter(|until| *until >= now).ok_or_else(|| validation("Please select a valid date for quiz expiry"))
        }
        other => Err(validation(format!("Unknown validity option: {other}"))),
    }
}

/// Minutes from 1 to 180; anything else is the default 30.
fn time_limit(text: &str) -> i64 {
    text.trim().parse::<i64>().ok().filter(|m| TIME_LIMIT_RANGE.contains(m)).unwrap_or(DEFAULT_TIME_LIMIT)
}

/// Who the quiz is for, before it is recorded.
pub enum AudienceChoice {
    Open,
    /// New list from typed e-mails, saved under `name`.
    NewList { name: String, emails: Vec<Email> },
    /// One of the caller's saved lists.
    Saved { list_id: String },
}

fn audience_choice(form: &UploadForm, now: i64) -> Result<AudienceChoice, ApiError> {
    match form.field("audienceType") {
        "" | "open" => Ok(AudienceChoice::Open),
        "emails" => {
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
        "list" => match form.field("audienceListId") {
            "" => Err(validation("Please select an audience list")),
            id => Ok(AudienceChoice::Saved { list_id: id.to_owned() }),
        },
        other => Err(validation(format!("Unknown audience type: {other}"))),
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
    /// Reads the settings, checking the expiry first, then the audience; a time limit out of
    /// range becomes the default.
    pub fn read(form: &UploadForm, now: i64) -> Result<QuizSettings, ApiError> {
        let valid_until = valid_until(form, now)?;
        let audience = audience_choice(form, now)?;
        Ok(QuizSettings { valid_until, time_limit: time_limit(form.field("timeLimit")), audience })
    }
}

/// A question before its id is drawn.
#[derive(Debug, Clone)]
pub struct DraftQuestion {
    pub text: String,
    pub options: [String; 4],
    pub answer: Letter,
    pub explanation: String,
}

impl DraftQuestion {
    pub fn with_id(&self, id: i64) -> Question {
        Question {
            id,
            key: format!("q{id}"),
            text: self.text.clone(),
            options: self.options.clone(),
            answer: self.answer,
            explanation: self.explanation.clone(),
        }
    }
}

/// What a quiz is made of before its ids and code are drawn.
pub struct QuizDraft {
    pub title: String,
    pub questions: Vec<DraftQuestion>,
    pub valid_until: i64,
    pub time_limit: i64,
    pub source: QuizSource,
}

/// A question as the host edited it; a generated one names its text `question`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EditedQuestion {
    pub id: Option<i64>,
    #[serde(default, alias = "question")]
    text: String,
    #[serde(default)]
    option_a: String,
    #[serde(default)]
    option_b: String,
    #[serde(default)]
    option_c: String,
    #[serde(default)]
    option_d: String,
    #[serde(default)]
    answer: String,
    #[serde(default)]
    explanation: String,
}

/// The answer as a letter: a letter A–D in any case, or the text of one of the options.
pub fn answer_letter(answer: &str, options: &[String; 4]) -> Option<Letter> {
    Letter::parse(answer).or_else(|| {
        let answer = answer.trim().to_lowercase();
        Letter::ALL.into_iter().find(|l| !answer.is_empty() && options[l.index()].trim().to_lowercase() == answer)
    })
}

/// Checks an edited question; the message names it by its place (from 1).
pub fn checked_question(n: usize, q: &EditedQuestion) -> Result<DraftQuestion, String> {
    let options = [&q.option_a, &q.option_b, &q.option_c, &q.option_d].map(|o| o.trim().to_owned());
    let text = q.text.trim().to_owned();
    if text.is_empty() || options.iter().any(String::is_empty) {
        return Err(format!("Question {n} is missing one or more required fields"));
    }
    let mut distinct: Vec<String> = options.iter().map(|o| o.to_lowercase()).collect();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != 4 {
        return Err(format!("Question {n} has two options that are the same"));
    }
    let answer = answer_letter(&q.answer, &options).ok_or_else(|| format!("Question {n}: the answer must be A, B, C or D, or the text of an option"))?;
    if text.chars().count() > 1000 || options.iter().any(|o| o.chars().count() > 300) || q.explanation.chars().count() > 2000 {
        return Err(format!("Question {n} is too long"));
    }
    Ok(DraftQuestion { text, options, answer, explanation: q.explanation.trim().to_owned() })
}

