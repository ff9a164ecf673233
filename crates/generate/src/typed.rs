//! Questions of every type from a language model: the JSON schema it answers in, the words that
//! tell it what each type needs, and reading its answer into a [`QuestionKind`].
//!
//! The schema is flat, one object with every type's fields, each nullable or a list that may be
//! empty: OpenAI's strict structured output needs every property required and no `oneOf`, and
//! smaller servers (Ollama, llama.cpp) follow a flat schema more reliably than a union. A question
//! is read by its `type`, from the fields that type uses; the others are ignored.

use quizroom_domain::question::{Gap, Item, Pair, QuestionKind, Tolerance};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::check::{DROP_UNSCORABLE, Proposed};

/// The system message when the request names types.
pub(crate) const SYSTEM_PROMPT: &str = "You write quiz questions of the types asked for, each with a short explanation of its answer. \
Every question fills the fields its type uses and leaves the others empty (an empty list, or null). The types: \
single_choice: `options` (four) and `correct` (the index, from 0, of the one right option); \
true_false: a statement in `question` and `true_or_false`; \
multi_select: `options` (four to six) and `correct` (the indices, from 0, of every right option: at least two); \
type_answer: a question with a short answer, and `accepted` (the answer and its accepted spellings, each at most a few words); \
numeric: a question whose answer is a number, `number`, `tolerance` (how far off still counts, 0 for exact) and `unit` (or null); \
ordering: an instruction in `question` and `items` (three to six) in their right order; \
matching: an instruction in `question` and `pairs` (three to five) of `left` and its matching `right`; \
categorize: an instruction in `question`, `groups` (two to four), `items` (four to eight) and `item_groups` (per item, the index of its group, from 0); \
gaps: an instruction in `question`, `gap_text` holding {{1}}, {{2}}, … where words are missing, and `gaps` in order, each a dropdown \
(`options` and `correct`) or typed (`accepted`, `options` empty). Answer only with JSON matching the schema.";

/// The user message's line naming the types to write.
pub(crate) fn asking_for(types: &[&str]) -> String {
    format!("Write a mix of these question types, about equally many of each: {}.", types.join(", "))
}

fn strings() -> Value {
    json!({ "type": "array", "items": { "type": "string" } })
}

fn integers() -> Value {
    json!({ "type": "array", "items": { "type": "integer" } })
}

fn object(properties: Value) -> Value {
    let required: Vec<&String> = properties.as_object().map(|p| p.keys().collect()).unwrap_or_default();
    json!({ "type": "object", "additionalProperties": false, "required": required, "properties": properties })
}

/// The schema of an answer holding questions of `types`.
pub(crate) fn schema(types: &[&str]) -> Value {
    let gap = object(json!({ "options": strings(), "correct": { "type": ["integer", "null"] }, "accepted": strings() }));
    let pair = object(json!({ "left": { "type": "string" }, "right": { "type": "string" } }));
    let question = object(json!({
        "type": { "type": "string", "enum": types },
        "question": { "type": "string" },
        "options": strings(),
        "correct": integers(),
        "true_or_false": { "type": ["boolean", "null"] },
        "accepted": strings(),
        "number": { "type": ["number", "null"] },
        "tolerance": { "type": ["number", "null"] },
        "unit": { "type": ["string", "null"] },
        "items": strings(),
        "pairs": { "type": "array", "items": pair },
        "groups": strings(),
        "item_groups": integers(),
        "gap_text": { "type": ["string", "null"] },
        "gaps": { "type": "array", "items": gap },
        "explanation": { "type": "string" },
        "passage_index": { "type": "integer" },
    }));
    object(json!({ "questions": { "type": "array", "items": question } }))
}

/// One question of a typed answer. Every field but the type and the question may be missing.
#[derive(Deserialize)]
pub(crate) struct TypedQuestion {
    #[serde(rename = "type")]
    kind: String,
    pub(crate) question: String,
    #[serde(default)]
    options: Vec<String>,
    #[serde(default)]
    correct: Vec<i64>,
    #[serde(default)]
    true_or_false: Option<bool>,
    #[serde(default)]
    accepted: Vec<String>,
    #[serde(default)]
    number: Option<f64>,
    #[serde(default)]
    tolerance: Option<f64>,
    #[serde(default)]
    unit: Option<String>,
    #[serde(default)]
    items: Vec<String>,
    #[serde(default)]
    pairs: Vec<Pair>,
    #[serde(default)]
    groups: Vec<String>,
    #[serde(default)]
    item_groups: Vec<i64>,
    #[serde(default)]
    gap_text: Option<String>,
    #[serde(default)]
    gaps: Vec<TypedGap>,
    #[serde(default)]
    pub(crate) explanation: String,
    #[serde(default)]
    pub(crate) passage_index: Option<i64>,
}

#[derive(Deserialize)]
struct TypedGap {
    #[serde(default)]
    options: Vec<String>,
    #[serde(default)]
    correct: Option<i64>,
    #[serde(default)]
    accepted: Vec<String>,
}

fn index(i: i64) -> Result<usize, &'static str> {
    usize::try_from(i).map_err(|_| DROP_UNSCORABLE)
}

fn indices(list: &[i64]) -> Result<Vec<usize>, &'static str> {
    list.iter().map(|i| index(*i)).collect()
}

impl TypedQuestion {
    /// What it asks, read by its type (the checks then judge whether the key scores).
    pub(crate) fn proposed(&self) -> Proposed {
        Proposed::Kind(self.kind())
    }

    fn kind(&self) -> Result<QuestionKind, &'static str> {
        let options = self.options.clone();
        Ok(match self.kind.as_str() {
            "single_choice" => QuestionKind::SingleChoice { options, right: indices(&self.correct)? },
            "true_false" => QuestionKind::TrueFalse { answer: self.true_or_false.ok_or(DROP_UNSCORABLE)? },
            "multi_select" => QuestionKind::MultiSelect { options, right: indices(&self.correct)?, all_or_nothing: false },
            "type_answer" => QuestionKind::TypeAnswer { accepted: self.accepted.clone(), case_sensitive: false, accents_matter: false },
            "numeric" => QuestionKind::Numeric {
                answer: self.number.ok_or(DROP_UNSCORABLE)?,
                tolerance: Tolerance::Absolute(self.tolerance.filter(|t| t.is_finite() && *t > 0.0).unwrap_or(0.0)),
                unit: self.unit.as_deref().map(str::trim).filter(|u| !u.is_empty()).map(str::to_owned),
            },
            "ordering" => QuestionKind::Ordering { items: self.items.clone(), partial: false },
            "matching" => QuestionKind::Matching { pairs: self.pairs.clone(), distractors: vec![] },
            "categorize" => {
                if self.item_groups.len() != self.items.len() {
                    return Err(DROP_UNSCORABLE);
                }
                let items =
                    self.items.iter().zip(&self.item_groups).map(|(text, group)| Ok::<_, &'static str>(Item { text: text.clone(), group: index(*group)? }));
                QuestionKind::Categorize { groups: self.groups.clone(), items: items.collect::<Result<_, _>>()? }
            }
            "gaps" => {
                let gaps = self.gaps.iter().map(|gap| {
                    Ok::<_, &'static str>(if gap.options.is_empty() {
                        Gap::Typed { accepted: gap.accepted.clone(), case_sensitive: false, accents_matter: false }
                    } else {
                        Gap::Choice { options: gap.options.clone(), right: index(gap.correct.ok_or(DROP_UNSCORABLE)?)? }
                    })
                });
                QuestionKind::Gaps { text: self.gap_text.clone().ok_or(DROP_UNSCORABLE)?, gaps: gaps.collect::<Result<_, _>>()? }
            }
            // A type that is not generated at all is dropped as not asked for.
            "poll" => QuestionKind::Poll { options },
            "word_cloud" => QuestionKind::WordCloud,
            _ => QuestionKind::Slide,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(value: Value) -> Result<QuestionKind, &'static str> {
        serde_json::from_value::<TypedQuestion>(value).unwrap().kind()
    }

    #[test]
    fn each_type_is_read_from_the_fields_it_uses_and_the_rest_is_ignored() {
        let kind = read(json!({ "type": "true_false", "question": "The sea is salty.", "true_or_false": true, "options": ["x"], "number": null }));
        assert_eq!(kind, Ok(QuestionKind::TrueFalse { answer: true }));
        let kind = read(json!({ "type": "numeric", "question": "g?", "number": 9.81, "tolerance": 0.05, "unit": " m/s² " }));
        assert_eq!(kind, Ok(QuestionKind::Numeric { answer: 9.81, tolerance: Tolerance::Absolute(0.05), unit: Some("m/s²".into()) }));
        let kind = read(json!({ "type": "categorize", "question": "Sort.", "groups": ["a", "b"], "items": ["x", "y"], "item_groups": [1, 0] }));
        assert_eq!(
            kind,
            Ok(QuestionKind::Categorize {
                groups: vec!["a".into(), "b".into()],
                items: vec![Item { text: "x".into(), group: 1 }, Item { text: "y".into(), group: 0 }]
            })
        );
        let kind = read(json!({ "type": "gaps", "question": "Fill.", "gap_text": "{{1}} and {{2}}",
            "gaps": [{ "options": ["salt", "sand"], "correct": 0, "accepted": [] }, { "options": [], "correct": null, "accepted": ["pepper"] }] }));
        let Ok(QuestionKind::Gaps { gaps, .. }) = kind else { panic!("{kind:?}") };
        assert_eq!(gaps[0], Gap::Choice { options: vec!["salt".into(), "sand".into()], right: 0 });
        assert!(matches!(&gaps[1], Gap::Typed { accepted, .. } if accepted == &vec!["pepper".to_owned()]));
    }

    #[test]
    fn a_key_that_cannot_be_read_is_unscorable() {
        assert_eq!(read(json!({ "type": "true_false", "question": "?", "true_or_false": null })), Err(DROP_UNSCORABLE));
        assert_eq!(read(json!({ "type": "single_choice", "question": "?", "options": ["a", "b"], "correct": [-1] })), Err(DROP_UNSCORABLE));
        assert_eq!(read(json!({ "type": "categorize", "question": "?", "groups": ["a", "b"], "items": ["x"], "item_groups": [] })), Err(DROP_UNSCORABLE));
        assert_eq!(read(json!({ "type": "gaps", "question": "?", "gaps": [] })), Err(DROP_UNSCORABLE));
    }

    #[test]
    fn the_schema_requires_every_field_and_offers_only_the_types_asked_for() {
        let schema = schema(&["true_false", "numeric"]);
        let question = &schema["properties"]["questions"]["items"];
        assert_eq!(question["properties"]["type"]["enum"], json!(["true_false", "numeric"]));
        assert_eq!(question["required"].as_array().unwrap().len(), question["properties"].as_object().unwrap().len());
        assert_eq!(question["additionalProperties"], false);
    }
}
