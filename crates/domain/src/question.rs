//! What a question asks and how its answers are judged (issue 29): every type the peers offer,
//! each judged by one rule. A response is judged to a correctness fraction `f` in 0…1 (none for
//! the unscored types: poll, word cloud, slide); points follow from `f` alone ([`points`]), so
//! self-paced play, live games, insights and the audit all score alike.
//!
//! A question's definition is checked when it is saved ([`QuestionKind::check`]: a definition that
//! cannot be scored is refused with the field named) and a response when it is given
//! ([`QuestionKind::judge`]: a response of the wrong shape is refused, never scored as wrong).

mod check;
mod describe;
pub mod hotspot;
mod judge;
mod serve;
mod tally;
pub mod text;

use serde::{Deserialize, Serialize};

use crate::game::Scoring;
use crate::quiz::Letter;

pub use check::DefinitionError;
pub use judge::ResponseError;
pub use serve::{Served, shuffled};
pub use tally::{MOST_NUMBERS, NumberTally};

/// The version of the judging rules in this module, recorded with every judged answer: a rule
/// changed later never rewrites a score given under an earlier one.
pub const RULES_VERSION: i64 = 1;

/// Every type's name, as [`QuestionKind::name`] gives it, in the order the types are listed.
pub const TYPE_NAMES: [&str; 14] = [
    "single_choice",
    "true_false",
    "multi_select",
    "type_answer",
    "numeric",
    "slider",
    "ordering",
    "matching",
    "categorize",
    "gaps",
    "poll",
    "word_cloud",
    "slide",
    "hotspot",
];

/// Options of a choice question (single choice, multi-select, poll, a gap's dropdown), at most.
pub const MOST_OPTIONS: usize = 6;
/// Accepted answers of a typed answer, at most.
pub const MOST_ACCEPTED: usize = 10;
/// Characters of a typed response (and of each accepted answer), at most.
pub const MOST_TEXT_CHARS: usize = 200;
/// Items of an ordering: at least and at most.
pub const ORDERING_ITEMS: (usize, usize) = (3, 8);
/// Pairs of a matching question: at least and at most; distractors at most.
pub const MATCHING_PAIRS: (usize, usize) = (2, 8);
pub const MOST_DISTRACTORS: usize = 4;
/// Groups of a categorize question: at least and at most; items at most.
pub const CATEGORIZE_GROUPS: (usize, usize) = (2, 4);
pub const MOST_CATEGORIZE_ITEMS: usize = 20;
/// Gaps of a cloze text, at most.
pub const MOST_GAPS: usize = 10;

/// A question's type with what it needs to be asked and judged. Options, items and pairs are kept
/// in their right order; a player's view shuffles them, never the definition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum QuestionKind {
    /// One option (A–F); any of the `right` ones counts.
    SingleChoice {
        options: Vec<String>,
        right: Vec<usize>,
    },
    TrueFalse {
        answer: bool,
    },
    /// A set of options: `(right chosen − wrong chosen) / right options`, at least 0, unless
    /// `all_or_nothing`.
    MultiSelect {
        options: Vec<String>,
        right: Vec<usize>,
        #[serde(default)]
        all_or_nothing: bool,
    },
    /// A typed text matching one of the `accepted` answers (`*` a wildcard, `\*` a star).
    TypeAnswer {
        accepted: Vec<String>,
        #[serde(default)]
        case_sensitive: bool,
        #[serde(default)]
        accents_matter: bool,
    },
    /// A number within `tolerance` of `answer`, optionally in `unit` (shown, not typed).
    Numeric {
        answer: f64,
        #[serde(default)]
        tolerance: Tolerance,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<String>,
    },
    /// A number on `min..=max` in steps of `step`: `1 − |x − target| / margin`, at least 0; or,
    /// when `exact`, 1 within `margin` of the target and 0 outside.
    Slider {
        min: f64,
        max: f64,
        step: f64,
        target: f64,
        margin: f64,
        #[serde(default)]
        exact: bool,
    },
    /// Items in their right order: all or nothing, unless `partial` (the share of items in their
    /// right place).
    Ordering {
        items: Vec<String>,
        #[serde(default)]
        partial: bool,
    },
    /// Each left item matched to a right one: the share of right pairs. The choices offered are
    /// the pairs' right items and then the `distractors`.
    Matching {
        pairs: Vec<Pair>,
        #[serde(default)]
        distractors: Vec<String>,
    },
    /// Each item placed in a group: the share of items placed right.
    Categorize {
        groups: Vec<String>,
        items: Vec<Item>,
    },
    /// A text with gaps, marked `{{1}}`, `{{2}}`, … in order: the share of gaps filled right.
    Gaps {
        text: String,
        gaps: Vec<Gap>,
    },
    /// One option, unscored.
    Poll {
        options: Vec<String>,
    },
    /// A short text, unscored (shown to a live room only once the host approves it).
    WordCloud,
    /// A content page between questions: nothing to answer.
    Slide,
    /// A point on the question's picture: right inside a `right` region (issue 30). Keyboard and
    /// screen-reader players choose a region by its name instead.
    Hotspot {
        regions: Vec<hotspot::Region>,
        /// The picture's height per unit of width (set from the picture when saved).
        #[serde(default = "hotspot::default_aspect")]
        aspect: f64,
    },
}

/// How far from a numeric answer a response may be.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Tolerance {
    /// Within this much either side.
    Absolute(f64),
    /// Within this share of the answer either side (0.05: 5%).
    Relative(f64),
}

impl Default for Tolerance {
    fn default() -> Self {
        Tolerance::Absolute(0.0)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pair {
    pub left: String,
    pub right: String,
}

/// An item of a categorize question and the group it belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    pub text: String,
    pub group: usize,
}

/// One gap of a cloze text, judged as the question type it resembles.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Gap {
    /// A dropdown of options, one right.
    Choice { options: Vec<String>, right: usize },
    /// A typed word, judged as a typed answer.
    Typed {
        accepted: Vec<String>,
        #[serde(default)]
        case_sensitive: bool,
        #[serde(default)]
        accents_matter: bool,
    },
}

/// What a player gives, as given (recorded raw, so an auditor can judge it again).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Response {
    /// An option's index (single choice, poll).
    Choice(usize),
    Bool(bool),
    /// Options' indices (multi-select).
    Choices(Vec<usize>),
    /// Typed text (typed answer, word cloud).
    Text(String),
    /// A number (numeric, slider).
    Number(f64),
    /// The items' indices in the order the player put them (ordering).
    Order(Vec<usize>),
    /// Per left item, the index of the right item chosen, if any (matching).
    Pairs(Vec<Option<usize>>),
    /// Per item, the index of the group chosen, if any (categorize).
    Groups(Vec<Option<usize>>),
    /// Per gap, what was filled in, if anything (gaps).
    Gaps(Vec<Option<GapResponse>>),
    /// A point on the picture, `[x, y]` in units of it (hotspot).
    Point([f64; 2]),
    /// A region chosen by its name, by its index (hotspot, without a pointer).
    Region(usize),
}

fn whole_numbers(value: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match value {
        Value::Number(n) => match n.as_f64() {
            Some(x) if n.is_f64() && x.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&x) => Value::from(x as u64),
            _ => Value::Number(n),
        },
        Value::Array(items) => Value::Array(items.into_iter().map(whole_numbers).collect()),
        Value::Object(fields) => Value::Object(fields.into_iter().map(|(k, v)| (k, whole_numbers(v))).collect()),
        other => other,
    }
}

/// A response as an event recorded it: today's shape, or a letter A–D from before question types
/// (read as that option's index).
pub(crate) enum RecordedResponse {
    Letter(Letter),
    Response(Response),
}

/// Read by what the JSON holds (a string is a letter, an object a response), never buffered and
/// tried twice as `#[serde(untagged)]` would: every answer event of a replay goes through here.
impl<'de> Deserialize<'de> for RecordedResponse {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Recorded;
        impl<'de> serde::de::Visitor<'de> for Recorded {
            type Value = RecordedResponse;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a letter A–D or a response")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<RecordedResponse, E> {
                Letter::deserialize(serde::de::value::StrDeserializer::<E>::new(s)).map(RecordedResponse::Letter)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<RecordedResponse, A::Error> {
                Response::deserialize(serde::de::value::MapAccessDeserializer::new(map)).map(RecordedResponse::Response)
            }
        }
        d.deserialize_any(Recorded)
    }
}

impl From<RecordedResponse> for Response {
    fn from(recorded: RecordedResponse) -> Response {
        match recorded {
            RecordedResponse::Letter(letter) => Response::Choice(letter.index()),
            RecordedResponse::Response(response) => response,
        }
    }
}

impl Response {
    /// A response as a client sent it (JSON), whole numbers written as decimals (`2.0`, which
    /// JSON's integers allow) taken as integers, so an index reads as an index.
    pub fn read(value: serde_json::Value) -> Result<Response, serde_json::Error> {
        serde_json::from_value(whole_numbers(value))
    }

    /// The letter of an option A–D chosen (a single choice's response as the A–D screens show it).
    pub fn letter(&self) -> Option<Letter> {
        match self {
            Response::Choice(i) => Letter::ALL.get(*i).copied(),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GapResponse {
    Choice(usize),
    Text(String),
}

/// A question's kind as an event recorded it, flattened into the recorded question: its `kind`,
/// or, recorded before question types, its four `options` and the right `answer` letter (read as
/// a single choice of four). Quizzes, live games and generations record questions alike.
#[derive(Deserialize)]
pub(crate) struct RecordedKind {
    #[serde(default)]
    kind: Option<QuestionKind>,
    #[serde(default)]
    options: Option<[String; 4]>,
    #[serde(default)]
    answer: Option<Letter>,
}

impl RecordedKind {
    /// The kind it records; `None` with neither a kind nor four options and an answer.
    pub(crate) fn read(self) -> Option<QuestionKind> {
        match (self.kind, self.options, self.answer) {
            (Some(kind), _, _) => Some(kind),
            (None, Some(options), Some(answer)) => Some(QuestionKind::from_letters(options, answer)),
            (None, _, _) => None,
        }
    }
}

impl QuestionKind {
    /// Today's four-option question (A–D) as a single choice.
    pub fn from_letters(options: [String; 4], answer: Letter) -> QuestionKind {
        QuestionKind::SingleChoice { options: options.into(), right: vec![answer.index()] }
    }

    /// The four options and the right letter of a single choice of four options with one right.
    pub fn letters(&self) -> Option<([String; 4], Letter)> {
        match self {
            QuestionKind::SingleChoice { options, right } if right.len() == 1 => {
                let options: [String; 4] = options.clone().try_into().ok()?;
                Some((options, Letter::ALL[right[0]]))
            }
            _ => None,
        }
    }

    /// Whether its answers are scored (a poll, a word cloud and a slide are not).
    pub fn scored(&self) -> bool {
        !matches!(self, QuestionKind::Poll { .. } | QuestionKind::WordCloud | QuestionKind::Slide)
    }

    /// Whether a player answers it at all (a slide is only shown).
    pub fn answerable(&self) -> bool {
        !matches!(self, QuestionKind::Slide)
    }

    /// How many entries its list that may show pictures has (issue 30): a choice's options, an
    /// ordering's or a categorize question's items, a matching's left items; `None` for a type
    /// without such a list.
    pub fn pictured(&self) -> Option<usize> {
        match self {
            QuestionKind::SingleChoice { options, .. } | QuestionKind::MultiSelect { options, .. } | QuestionKind::Poll { options } => Some(options.len()),
            QuestionKind::Ordering { items, .. } => Some(items.len()),
            QuestionKind::Categorize { items, .. } => Some(items.len()),
            QuestionKind::Matching { pairs, .. } => Some(pairs.len()),
            _ => None,
        }
    }

    /// A hotspot's picture height per width taken from `media` (the picture it is asked on), so
    /// circles stay round; nothing for other types or without a picture.
    pub fn fit_to(&mut self, media: Option<&crate::media::Media>) {
        if let (QuestionKind::Hotspot { aspect, .. }, Some(crate::media::Media::Image { projector, .. })) = (self, media)
            && let (Some(w), Some(h)) = (projector.width, projector.height)
            && w > 0
        {
            *aspect = f64::from(h) / f64::from(w);
        }
    }

    /// The type's name as the API and the spreadsheet write it (one of [`TYPE_NAMES`]).
    pub fn name(&self) -> &'static str {
        match self {
            QuestionKind::SingleChoice { .. } => "single_choice",
            QuestionKind::TrueFalse { .. } => "true_false",
            QuestionKind::MultiSelect { .. } => "multi_select",
            QuestionKind::TypeAnswer { .. } => "type_answer",
            QuestionKind::Numeric { .. } => "numeric",
            QuestionKind::Slider { .. } => "slider",
            QuestionKind::Ordering { .. } => "ordering",
            QuestionKind::Matching { .. } => "matching",
            QuestionKind::Categorize { .. } => "categorize",
            QuestionKind::Gaps { .. } => "gaps",
            QuestionKind::Poll { .. } => "poll",
            QuestionKind::WordCloud => "word_cloud",
            QuestionKind::Slide => "slide",
            QuestionKind::Hotspot { .. } => "hotspot",
        }
    }
}

/// Points for an answer judged `f` (0…1): self-paced play gives `round(10 × f)`; a live game
/// multiplies `f` by its scoring mode (correctness: 10; speed: `1,000 × (1 − t / 2T)` for an
/// answer `elapsed` ms into `duration` ms). The one rule every flow scores by.
pub fn points(scoring: Option<Scoring>, f: f64, elapsed: i64, duration: i64) -> i64 {
    let f = f.clamp(0.0, 1.0);
    let most = match scoring {
        None | Some(Scoring::Correctness) => crate::attempt::POINTS_PER_CORRECT as f64,
        Some(Scoring::Speed) => {
            let share = elapsed.clamp(0, duration.max(1)) as f64 / duration.max(1) as f64;
            crate::player::MOST_POINTS as f64 * (1.0 - share / 2.0)
        }
    };
    (most * f).round() as i64
}

/// Whether an answer judged `f` is fully right: only these grow a streak.
pub fn fully_right(f: f64) -> bool {
    f >= 1.0
}

#[cfg(test)]
mod tests;
