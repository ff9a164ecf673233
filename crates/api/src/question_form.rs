//! A question as a host typed or edited it (the quiz editor, the generation review): four options
//! and a letter, as PRODUCT.md has them, or a `definition` of any type (issue 29); checked field
//! by field first (400), then by the rules no schema can express (422), each message naming the
//! question by its place.

use axum::http::StatusCode;
use quizroom_domain::media::Media;
use quizroom_domain::question::QuestionKind;
use quizroom_domain::quiz::{HOTSPOT_NEEDS_PICTURE, Letter, Question};
use serde::Deserialize;
use serde_json::{Value, json};
use utoipa::openapi::extensions::Extensions;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::{RefOr, schema};

use crate::error::ApiError;
use crate::input::{free_text_schema, has_stray_control, opt_int, trimmed_pattern};

/// A question before its id is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct DraftQuestion {
    pub text: String,
    pub kind: QuestionKind,
    pub explanation: String,
    /// As the host named it: its files' types and sizes are filled in from the stored files by
    /// `media::attach` before the question is recorded.
    pub media: Option<Media>,
    /// Pictures on its options or items, named as `media` is; empty for none.
    pub pictures: Vec<Option<Media>>,
}

impl DraftQuestion {
    /// A question of four options A–D with one right.
    pub fn four(text: String, options: [String; 4], answer: Letter, explanation: String) -> DraftQuestion {
        DraftQuestion { text, kind: QuestionKind::from_letters(options, answer), explanation, media: None, pictures: Vec::new() }
    }

    /// The question, a hotspot fitted to its picture's shape (once `media::attach` read it).
    pub fn with_id(&self, id: i64) -> Question {
        let mut kind = self.kind.clone();
        kind.fit_to(self.media.as_ref());
        Question {
            id,
            key: format!("q{id}"),
            text: self.text.clone(),
            kind,
            explanation: self.explanation.clone(),
            media: self.media.clone(),
            pictures: self.pictures.clone(),
        }
    }
}

/// The most characters of a question's text and of an option, once trimmed, and of an explanation.
const MAX_TEXT: usize = 1000;
const MAX_OPTION: usize = 300;
const MAX_EXPLANATION: usize = 2000;

/// A question as the host edited it: its text (not blank, at most 1,000 characters once trimmed;
/// a generated question names it `question`), and either four different options (each at most
/// 300) with the answer, or a `definition` of any type; an explanation.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EditedQuestion {
    /// The question's id, to keep it (an id that is not the quiz's gets a new one).
    #[serde(default, deserialize_with = "opt_int")]
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
    definition: Option<Value>,
    #[serde(default)]
    explanation: String,
    #[serde(default)]
    media: Option<Value>,
    #[serde(default)]
    pictures: Option<Value>,
}

impl utoipa::PartialSchema for EditedQuestion {
    fn schema() -> RefOr<Schema> {
        let text = |most| ObjectBuilder::new().schema_type(Type::String).pattern(Some(trimmed_pattern(true, most)));
        // Four options and an answer, or a definition: `anyOf`, which utoipa's model lacks.
        let either = json!([
            { "required": ["optionA", "optionB", "optionC", "optionD", "answer"] },
            { "required": ["definition"] },
        ]);
        ObjectBuilder::new()
            .property(
                "id",
                ObjectBuilder::new()
                    .schema_type(schema::SchemaType::from_iter([Type::Integer, Type::Null]))
                    .format(Some(schema::SchemaFormat::KnownFormat(schema::KnownFormat::Int64)))
                    .description(Some("The question's id, to keep it (an id that is not the quiz's gets a new one)")),
            )
            .property("text", text(MAX_TEXT).description(Some("Not blank, at most 1,000 characters once trimmed (a generated question names it `question`)")))
            .required("text")
            .property("optionA", text(MAX_OPTION))
            .property("optionB", text(MAX_OPTION))
            .property("optionC", text(MAX_OPTION))
            .property("optionD", text(MAX_OPTION))
            .property(
                "answer",
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .description(Some("With the four options: a letter from A to D (any case), or the text of one of the options (422 otherwise)")),
            )
            .property(
                "definition",
                ObjectBuilder::new().schema_type(Type::Object).description(Some(
                    "In place of the four options and the answer, a question of any type with its answer key, `type` naming it: \
                     `single_choice` {options, right: [indices]}, `true_false` {answer}, `multi_select` {options, right, all_or_nothing}, \
                     `type_answer` {accepted, case_sensitive, accents_matter}, `numeric` {answer, tolerance: {kind: absolute|relative, \
                     value}, unit}, `slider` {min, max, step, target, margin, exact}, `ordering` {items (in the right order), partial}, \
                     `matching` {pairs: [{left, right}], distractors}, `categorize` {groups, items: [{text, group}]}, `gaps` {text with \
                     {{1}}…, gaps: [{type: choice, options, right} | {type: typed, accepted, …}]}, `poll` {options}, `word_cloud`, `slide`, `hotspot` {regions: [{name, right, shape: {kind: circle, x, y, r} | \
                     {kind: rect, x, y, w, h} | {kind: polygon, points: [[x, y], …]}}]} (in units of the question's picture, which \
                     it needs). \
                     A definition that cannot be read or scored is refused (422) with its field named",
                )),
            )
            .property("explanation", free_text_schema(MAX_EXPLANATION))
            .property(
                "media",
                ObjectBuilder::new().schema_type(schema::SchemaType::from_iter([Type::Object, Type::Null])).description(Some(
                    "A picture, a sound or a video shown with the question, by the ids `POST /api/media` gave (other fields, such as \
                     `url`, are ignored): `{kind: image, phone: {id}, projector: {id}, alt, decorative}` (alt text unless decorative), \
                     `{kind: audio | video, file: {id}, transcript}`. A file that is not stored, or not of the kind named, and a missing \
                     alt text or transcript are refused (422) with the field named (`docs/media-api.md`)",
                )),
            )
            .property(
                "pictures",
                ObjectBuilder::new().schema_type(schema::SchemaType::from_iter([Type::Array, Type::Null])).description(Some(
                    "Pictures on the options (four options A–D, single choice, multi-select, poll), the items (ordering, categorize) \
                     or the pairs' left items (matching): one entry per option or item in the definition's order, each `null` or a \
                     picture named as `media` is (`{kind: image, phone: {id}, projector: {id}, alt, decorative}`). The option's text \
                     stays its label. Refused (422) with the picture named when the count differs or a picture is not accessible",
                )),
            )
            .description(Some("A question as the host edited it: four options and the answer, or a definition of any type"))
            .extensions(Some(Extensions::from_iter([("anyOf", either)])))
            .into()
    }
}

impl utoipa::ToSchema for EditedQuestion {}

/// Why an edited question is refused; the message names it by its place (from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QuestionProblem {
    /// A field the document's schema rules out (missing, blank or too long): 400.
    Invalid(String),
    /// A rule no schema can express (two options the same, an answer that is none of them, a
    /// definition that cannot be scored): 422.
    Rule(String),
}

impl From<QuestionProblem> for String {
    fn from(problem: QuestionProblem) -> String {
        match problem {
            QuestionProblem::Invalid(message) | QuestionProblem::Rule(message) => message,
        }
    }
}

/// The answer to refused questions: every message in `details.errors`, the first as the error;
/// 400 when a field is invalid, else 422.
pub fn questions_refused(problems: Vec<QuestionProblem>) -> ApiError {
    let invalid = problems.iter().any(|p| matches!(p, QuestionProblem::Invalid(_)));
    let messages: Vec<String> = problems.into_iter().map(String::from).collect();
    let status = if invalid { StatusCode::BAD_REQUEST } else { StatusCode::UNPROCESSABLE_ENTITY };
    let first = messages.first().cloned().unwrap_or_default();
    ApiError::new(status, "validation", first).with_details(json!({ "errors": messages }))
}

/// The answer as a letter: a letter A–D in any case, or the text of one of the options.
pub fn answer_letter(answer: &str, options: &[String; 4]) -> Option<Letter> {
    Letter::parse(answer).or_else(|| {
        let answer = answer.trim().to_lowercase();
        Letter::ALL.into_iter().find(|l| !answer.is_empty() && options[l.index()].trim().to_lowercase() == answer)
    })
}

/// Every text of a definition (options, items, accepted answers, …), to bound and clean them as
/// the options of a question A–D are.
fn texts(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| texts(v, out)),
        Value::Object(fields) => fields.iter().filter(|(k, _)| k.as_str() != "type" && k.as_str() != "kind").for_each(|(_, v)| texts(v, out)),
        _ => {}
    }
}

/// A definition as the host sent it, read and checked. The document's schema says only that it
/// is an object (its shapes are in the field's description), so whatever is wrong inside it is a
/// rule broken (422), never invalid input: a text too long or holding a control character, a
/// shape that is not one of the types', a definition that cannot be scored.
fn definition(n: usize, value: &Value) -> Result<QuestionKind, QuestionProblem> {
    let mut strings = Vec::new();
    texts(value, &mut strings);
    if strings.iter().any(|t| t.chars().count() > MAX_TEXT) {
        return Err(QuestionProblem::Rule(format!("Question {n} is too long")));
    }
    if strings.iter().any(|t| has_stray_control(t)) {
        return Err(QuestionProblem::Rule(format!("Question {n} holds a control character")));
    }
    let kind: QuestionKind = serde_json::from_value(value.clone()).map_err(|e| QuestionProblem::Rule(format!("Question {n}: {e}")))?;
    kind.check().map_err(|e| QuestionProblem::Rule(format!("Question {n}: {e}")))?;
    Ok(kind)
}

/// Checks an edited question: its fields first (what the schema says), then the rules.
pub fn checked_question(n: usize, q: &EditedQuestion) -> Result<DraftQuestion, QuestionProblem> {
    let text = q.text.trim().to_owned();
    let explanation = q.explanation.trim().to_owned();
    if q.explanation.chars().count() > MAX_EXPLANATION || text.chars().count() > MAX_TEXT {
        return Err(QuestionProblem::Invalid(format!("Question {n} is too long")));
    }
    if has_stray_control(&text) || has_stray_control(&q.explanation) {
        return Err(QuestionProblem::Invalid(format!("Question {n} holds a control character")));
    }
    if let Some(value) = &q.definition {
        if text.is_empty() {
            return Err(QuestionProblem::Invalid(format!("Question {n} is missing one or more required fields")));
        }
        let (kind, media) = (definition(n, value)?, named_media(n, q.media.as_ref())?);
        if matches!(kind, QuestionKind::Hotspot { .. }) && !matches!(media, Some(Media::Image { .. })) {
            return Err(QuestionProblem::Rule(format!("Question {n}: {HOTSPOT_NEEDS_PICTURE}")));
        }
        let pictures = named_pictures(n, q.pictures.as_ref(), &kind)?;
        return Ok(DraftQuestion { text, kind, explanation, media, pictures });
    }
    let options = [&q.option_a, &q.option_b, &q.option_c, &q.option_d].map(|o| o.trim().to_owned());
    if text.is_empty() || options.iter().any(String::is_empty) {
        return Err(QuestionProblem::Invalid(format!("Question {n} is missing one or more required fields")));
    }
    if options.iter().any(|o| o.chars().count() > MAX_OPTION) {
        return Err(QuestionProblem::Invalid(format!("Question {n} is too long")));
    }
    if options.iter().any(|o| has_stray_control(o)) {
        return Err(QuestionProblem::Invalid(format!("Question {n} holds a control character")));
    }
    let mut distinct: Vec<String> = options.iter().map(|o| o.to_lowercase()).collect();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != 4 {
        return Err(QuestionProblem::Rule(format!("Question {n} has two options that are the same")));
    }
    let answer = answer_letter(&q.answer, &options)
        .ok_or_else(|| QuestionProblem::Rule(format!("Question {n}: the answer must be A, B, C or D, or the text of an option")))?;
    let four = DraftQuestion::four(text, options, answer, explanation);
    let pictures = named_pictures(n, q.pictures.as_ref(), &four.kind)?;
    Ok(DraftQuestion { media: named_media(n, q.media.as_ref())?, pictures, ..four })
}

/// The media a host named, read and checked by the rules that need no stored file (alt text,
/// transcript, ids that are content ids); `null` or absent: none.
fn named_media(n: usize, value: Option<&Value>) -> Result<Option<Media>, QuestionProblem> {
    let Some(value) = value.filter(|v| !v.is_null()) else { return Ok(None) };
    let media = read_media(value).map_err(|e| QuestionProblem::Rule(format!("Question {n}: {e}")))?;
    media.check().map_err(|e| QuestionProblem::Rule(format!("Question {n}: {e}")))?;
    Ok(Some(media))
}

/// Media as a host named them, their texts trimmed; not yet checked.
fn read_media(value: &Value) -> Result<Media, String> {
    let mut strings = Vec::new();
    texts(value, &mut strings);
    if strings.iter().any(|t| has_stray_control(t)) {
        return Err("media holds a control character".into());
    }
    let mut media: Media = serde_json::from_value(value.clone()).map_err(|e| format!("media: {e}"))?;
    match &mut media {
        Media::Image { alt, .. } => *alt = alt.trim().to_owned(),
        Media::Audio { transcript, .. } | Media::Video { transcript, .. } => *transcript = transcript.trim().to_owned(),
    }
    Ok(media)
}

/// The pictures a host named on a question's options or items, read and checked by the rules
/// that need no stored file (`media::check_pictures`); `null`, absent or all `null`: none.
fn named_pictures(n: usize, value: Option<&Value>, kind: &QuestionKind) -> Result<Vec<Option<Media>>, QuestionProblem> {
    let refused = |e: String| QuestionProblem::Rule(format!("Question {n}: {e}"));
    let Some(value) = value.filter(|v| !v.is_null()) else { return Ok(Vec::new()) };
    let Some(entries) = value.as_array() else { return Err(refused("pictures: a list with one entry per option or item".into())) };
    let mut pictures = Vec::with_capacity(entries.len());
    for (i, entry) in entries.iter().enumerate() {
        let picture = if entry.is_null() { None } else { Some(read_media(entry).map_err(|e| refused(format!("picture {}: {e}", i + 1)))?) };
        pictures.push(picture);
    }
    if pictures.iter().all(Option::is_none) {
        return Ok(Vec::new());
    }
    quizroom_domain::media::check_pictures(kind, &pictures).map_err(refused)?;
    Ok(pictures)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn question(options: [&str; 4], answer: &str) -> EditedQuestion {
        let [a, b, c, d] = options.map(String::from);
        EditedQuestion {
            id: None,
            text: "Q?".into(),
            option_a: a,
            option_b: b,
            option_c: c,
            option_d: d,
            answer: answer.into(),
            definition: None,
            explanation: String::new(),
            media: None,
            pictures: None,
        }
    }

    #[test]
    fn a_missing_field_is_invalid_input_and_a_broken_rule_is_told_apart() {
        assert!(checked_question(1, &question(["a", "b", "c", "d"], "b")).is_ok());
        assert!(matches!(checked_question(1, &question(["a", " ", "c", "d"], "A")), Err(QuestionProblem::Invalid(_))));
        assert!(matches!(checked_question(1, &question(["a", "A ", "c", "d"], "A")), Err(QuestionProblem::Rule(_))));
        assert!(matches!(checked_question(1, &question(["a", "b", "c", "d"], "e")), Err(QuestionProblem::Rule(_))));
        let refused = questions_refused(vec![QuestionProblem::Rule("r".into()), QuestionProblem::Invalid("i".into())]);
        assert_eq!((refused.status, refused.message.as_str()), (StatusCode::BAD_REQUEST, "r"));
        assert_eq!(questions_refused(vec![QuestionProblem::Rule("r".into())]).status, StatusCode::UNPROCESSABLE_ENTITY);
    }

    fn defined(definition: Value) -> EditedQuestion {
        EditedQuestion { definition: Some(definition), ..question(["", "", "", ""], "") }
    }

    #[test]
    fn a_definition_of_any_type_is_read_and_one_that_cannot_be_scored_names_its_field() {
        let numeric = checked_question(2, &defined(json!({ "type": "numeric", "answer": 9.81, "tolerance": { "kind": "absolute", "value": 0.1 } }))).unwrap();
        assert_eq!(numeric.kind.name(), "numeric");
        assert_eq!(
            checked_question(3, &defined(json!({ "type": "multi_select", "options": ["a", "b"], "right": [] }))),
            Err(QuestionProblem::Rule("Question 3: right: mark at least one option right".into()))
        );
        // Anything wrong inside a definition breaks a rule: its schema says only "an object".
        assert!(
            matches!(checked_question(4, &defined(json!({ "type": "numeric", "answer": "ten" }))), Err(QuestionProblem::Rule(m)) if m.starts_with("Question 4: "))
        );
        assert!(matches!(checked_question(5, &defined(json!({ "type": "poll", "options": ["a", "b\u{7}"] }))), Err(QuestionProblem::Rule(_))));
        assert!(matches!(checked_question(6, &defined(json!({ "type": "hologram" }))), Err(QuestionProblem::Rule(_))));
        assert!(matches!(checked_question(7, &defined(json!({}))), Err(QuestionProblem::Rule(m)) if m.contains("missing field `type`")));
    }
}
