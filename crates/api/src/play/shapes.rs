//! Questions of every type as a player is served them, and responses as a player sends them
//! (issue 29). A question of four options with one right keeps the shape of PRODUCT.md exactly
//! (`optionA`…`optionD`, answered by a letter); every other type carries `type` and the fields it
//! needs beside them, never its answer key. Shuffled lists (an ordering's items, a matching's
//! right items, a categorize question's items) are served in the attempt's secret order and
//! answered by the positions served (`quizroom_domain::question::serve`).

use quizroom_domain::question::{QuestionKind, Response};
use quizroom_domain::quiz::Letter;
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

use crate::error::ApiError;

/// A question as a player sees it: no answer key, no explanation.
#[derive(Serialize, ToSchema)]
#[schema(as = PlayQuestion)]
#[serde(rename_all = "camelCase")]
pub struct PlayQuestion {
    id: i64,
    text: String,
    /// A question of four options with one right (no `type`): its options A to D.
    #[serde(skip_serializing_if = "Option::is_none")]
    option_a: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    option_b: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    option_c: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    option_d: Option<String>,
    /// Every other question: its type (`single_choice`, `true_false`, `multi_select`,
    /// `type_answer`, `numeric`, `slider`, `ordering`, `matching`, `categorize`, `gaps`, `poll`,
    /// `word_cloud`, `slide`, `hotspot`).
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
    /// Single choice, multi-select, poll: the options, in the host's order (answered by index).
    #[serde(skip_serializing_if = "Option::is_none")]
    options: Option<Vec<String>>,
    /// Ordering and categorize: the items, shuffled (answered by the positions served).
    #[serde(skip_serializing_if = "Option::is_none")]
    items: Option<Vec<String>>,
    /// Matching: the items to match, in order.
    #[serde(skip_serializing_if = "Option::is_none")]
    left: Option<Vec<String>>,
    /// Matching: what they may be matched to, shuffled, distractors among them.
    #[serde(skip_serializing_if = "Option::is_none")]
    right: Option<Vec<String>>,
    /// Categorize: the groups.
    #[serde(skip_serializing_if = "Option::is_none")]
    groups: Option<Vec<String>>,
    /// Gaps: the text, each gap marked `{{1}}`, `{{2}}`, ….
    #[serde(skip_serializing_if = "Option::is_none")]
    cloze: Option<String>,
    /// Gaps: per gap, `{"type":"choice","options":[…]}` (a dropdown) or `{"type":"typed"}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Object>>)]
    gaps: Option<Vec<serde_json::Value>>,
    /// Slider: its range and step.
    #[serde(skip_serializing_if = "Option::is_none")]
    min: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<f64>,
    /// Numeric: the unit the answer is in.
    #[serde(skip_serializing_if = "Option::is_none")]
    unit: Option<String>,
    /// Multi-select: how many options are right is not told; `true` that several may be chosen.
    #[serde(skip_serializing_if = "Option::is_none")]
    several: Option<bool>,
    /// Hotspot: the regions' names, shuffled, for a player without a pointer (answered by the
    /// position served; a point on the picture is answered as `{"point": [x, y]}`).
    #[serde(skip_serializing_if = "Option::is_none")]
    regions: Option<Vec<String>>,
    /// A picture, a sound or a video (issue 30): as the host saved it, each file with a signed
    /// `url` (`docs/media-api.md`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    media: Option<Value>,
    /// Pictures on its options or items (issue 30): one entry per option or item in the order
    /// they are served (`optionA`…`optionD`, `options`, `items`, or the matching's `left`),
    /// `null` where one shows none, each file with a signed `url`; absent when none shows any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Option<Object>>>)]
    pictures: Option<Vec<Option<Value>>>,
}

impl PlayQuestion {
    /// Question `id` as served in an attempt drawn with `seed`.
    pub fn new(id: i64, text: &str, kind: &QuestionKind, seed: i64) -> PlayQuestion {
        let mut q = PlayQuestion {
            id,
            text: text.to_owned(),
            option_a: None,
            option_b: None,
            option_c: None,
            option_d: None,
            kind: None,
            options: None,
            items: None,
            left: None,
            right: None,
            groups: None,
            cloze: None,
            gaps: None,
            min: None,
            max: None,
            step: None,
            unit: None,
            several: None,
            regions: None,
            media: None,
            pictures: None,
        };
        if let Some(([a, b, c, d], _)) = kind.letters() {
            (q.option_a, q.option_b, q.option_c, q.option_d) = (Some(a), Some(b), Some(c), Some(d));
            return q;
        }
        let Some(s) = kind.served(seed, id) else { return q };
        q.kind = Some(kind.name());
        (q.options, q.items, q.left, q.right, q.groups, q.cloze, q.gaps) = (s.options, s.items, s.left, s.right, s.groups, s.cloze, s.gaps);
        (q.min, q.max, q.step, q.unit, q.several, q.regions) = (s.min, s.max, s.step, s.unit, s.several, s.regions);
        q
    }

    /// With its media and its option pictures as served (`media::served`, `media::served_pictures`).
    pub fn with_media(self, media: Option<Value>, pictures: Option<Vec<Option<Value>>>) -> PlayQuestion {
        PlayQuestion { media, pictures, ..self }
    }
}

/// An answer as sent: `response` (any type, by served positions) or else `answer`, a letter A–D
/// (blank or `incomplete`: none). `None`: no answer.
pub fn given(answer: Option<&str>, response: Option<Value>) -> Result<Option<Response>, ApiError> {
    if let Some(response) = response.filter(|r| !r.is_null()) {
        return Response::read(response).map(Some).map_err(|e| ApiError::bad_request("invalid_answer", format!("The response is not one Quizroom reads: {e}")));
    }
    match answer.map(str::trim).filter(|a| !a.is_empty() && !a.eq_ignore_ascii_case("incomplete")) {
        None => Ok(None),
        Some(a) => Letter::parse(a)
            .map(|letter| Some(Response::Choice(letter.index())))
            .ok_or_else(|| ApiError::bad_request("invalid_answer", "An answer is a letter from A to D").with_details(json!({ "answer": a }))),
    }
}

/// The letter of a response that chose option A–D of a question of four options.
pub fn letter_of(kind: &QuestionKind, response: Option<&Response>) -> Option<&'static str> {
    kind.letters()?;
    response.and_then(Response::letter).map(Letter::as_str)
}
