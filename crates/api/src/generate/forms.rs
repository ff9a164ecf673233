//! The requests' schemas: the topics body's fields, the multipart form of a document, the
//! publish body (the reviewed questions and the hosting settings with their conditions), and a
//! generation's id in a path.

use std::borrow::Cow;

use serde::Deserialize;
use serde_json::{Map, Value, json};
use utoipa::openapi::RefOr;
use utoipa::openapi::extensions::Extensions;
use utoipa::openapi::schema::{
    AdditionalProperties, Array, ArrayBuilder, KnownFormat, Object, ObjectBuilder, OneOfBuilder, Schema, SchemaFormat, SchemaType, Type,
};
use utoipa::{PartialSchema, ToSchema};

use super::MAX_TOPICS_CHARS;
use crate::input::{NON_BLANK, trimmed_pattern};
use crate::quiz_form::{MAX_TITLE, with_settings_schema};

fn text_schema(pattern: String, description: &str) -> Object {
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(pattern)).description(Some(description)).build()
}

pub(super) fn title_schema() -> Object {
    text_schema(trimmed_pattern(false, MAX_TITLE), "The quiz title: at most 200 characters once trimmed")
}

pub(super) fn topics_schema() -> Object {
    text_schema(trimmed_pattern(true, MAX_TOPICS_CHARS), "Topics, or free text to write questions from: not blank, at most 100,000 characters once trimmed")
}

const COUNT_DESCRIPTION: &str = "How many questions: a whole number from 1 (at most 50 are written), as a number or as text; anything else asks for 10";

/// `numberOfQuestions` in JSON: any value (what is not a whole number from 1 asks for 10).
pub(super) fn question_count_schema() -> Object {
    ObjectBuilder::new().schema_type(SchemaType::AnyValue).description(Some(COUNT_DESCRIPTION)).examples([20]).build()
}

const TYPES_DESCRIPTION: &str = "The question types to write, among single_choice, true_false, multi_select, type_answer, numeric, \
ordering, matching, categorize and gaps (400 for another name); none: four options A–D. The generator writes the types its source \
supports, spread over the count";

/// `types` in JSON: a list of type names (a text of names separated by commas is read too).
pub(super) fn types_schema() -> Array {
    let name = ObjectBuilder::new().schema_type(Type::String).enum_values(Some(quizroom_generate::GENERATED_TYPES));
    ArrayBuilder::new().schema_type(SchemaType::from_iter([Type::Array, Type::Null])).items(name).description(Some(TYPES_DESCRIPTION)).build()
}

/// A generation's id in a path: a UUID (any other text is answered as not found).
pub(super) struct GenerationId;

impl PartialSchema for GenerationId {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new().schema_type(Type::String).format(Some(SchemaFormat::Custom("uuid".into()))).build().into()
    }
}

impl ToSchema for GenerationId {}

/// The multipart form of `POST /api/generate/file` (its schema: the handler reads the fields as
/// they stream in).
pub(super) struct FileForm;

impl PartialSchema for FileForm {
    fn schema() -> RefOr<Schema> {
        let text = |description: &str| ObjectBuilder::new().schema_type(Type::String).description(Some(description));
        let file = ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary)))
            .min_length(Some(1))
            .description(Some("A PDF, Word (.docx, .doc), text (.txt) or Markdown (.md) file of at most 10 MB, not empty"));
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .property("file", file)
            .required("file")
            .property("title", title_schema())
            .property("prompt", text("What to focus on"))
            .property("numberOfQuestions", text(COUNT_DESCRIPTION))
            .property("types", text("The question types, separated by commas (see `KeywordRequest.types`)"))
            .property(
                "validityOption",
                text("How long the published quiz will stay open (checked now, so a bad date costs nothing)").enum_values(Some(["24h", "48h", "custom"])),
            )
            // No `if`/`then` for it: schemathesis cannot check a conditional against a file's bytes,
            // so a `custom` validity without a date that is one answers 422, as a past date does.
            .property(
                "customDate",
                text("For `custom`: the last day (`YYYY-MM-DD`) or an RFC 3339 time, not in the past; a `custom` validity without one answers 422"),
            )
            .additional_properties(Some(AdditionalProperties::<Schema>::FreeForm(false)))
            .build()
            .into()
    }
}

impl ToSchema for FileForm {
    fn name() -> Cow<'static, str> {
        "GenerateFileForm".into()
    }
}

/// A reviewed question as `publish` takes it (a generated question as `GET` gives it will do):
/// four options and the answer, or a `definition` of any type.
fn publish_question_schema() -> ObjectBuilder {
    // The limits of `quiz_form::checked_question`.
    let text = |most: usize| ObjectBuilder::new().schema_type(Type::String).pattern(Some(trimmed_pattern(true, most)));
    let mut question = ObjectBuilder::new()
        .schema_type(Type::Object)
        .property("question", text(1000).description(Some("Not blank, at most 1,000 characters once trimmed (also accepted as `text`)")));
    for option in ["optionA", "optionB", "optionC", "optionD"] {
        question = question.property(option, text(300).description(Some("Not blank, at most 300 characters once trimmed; the four differ (422)")));
    }
    let answer = ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(NON_BLANK))
        .description(Some("A letter from A to D (any case), or the text of one of the options (422 otherwise)"));
    let explanation = crate::input::free_text_schema(2000);
    let definition = ObjectBuilder::new().schema_type(Type::Object).description(Some(
        "In place of the four options and the answer, a question of any type with its key, as the quiz editor sends it (422 if it cannot be scored)",
    ));
    // Four options and an answer, or a definition: `anyOf`, which utoipa's model lacks.
    let either = json!([
        { "required": ["optionA", "optionB", "optionC", "optionD", "answer"] },
        { "required": ["definition"] },
    ]);
    question
        .property("answer", answer)
        .property("definition", definition)
        .property("explanation", explanation)
        .required("question")
        .extensions(Some(Extensions::from_iter([("anyOf", either)])))
}

/// The body of `POST /api/generate/{generationId}/publish`: the title, the reviewed questions
/// and the quiz's settings (those of the hosting upload).
#[derive(Deserialize)]
#[serde(transparent)]
pub(super) struct PublishBody(pub(super) Map<String, Value>);

impl PartialSchema for PublishBody {
    fn schema() -> RefOr<Schema> {
        let questions = ArrayBuilder::new()
            .items(publish_question_schema())
            .min_items(Some(1))
            .max_items(Some(quizroom_generate::MAX_QUESTION_COUNT))
            .description(Some("The questions kept, 1 to 50"));
        let minutes = ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(1)).maximum(Some(180));
        // `quiz_form` reads the text as a whole number, also spelled `15.0`.
        let digits = ObjectBuilder::new().schema_type(Type::String).pattern(Some("^\\+?0*([1-9]|[1-9][0-9]|1[0-7][0-9]|180)(\\.0*)?$"));
        let body = ObjectBuilder::new()
            .schema_type(Type::Object)
            .property("title", text_schema(trimmed_pattern(true, MAX_TITLE), "Not blank, at most 200 characters once trimmed"))
            .required("title")
            .property("questions", questions)
            .required("questions");
        // The settings as the upload has them; `timeLimit` is also taken as its digits.
        with_settings_schema(body)
            .property("timeLimit", OneOfBuilder::new().item(minutes).item(digits).description(Some("Minutes per attempt, 1 to 180 (default 30)")))
            .build()
            .into()
    }
}

impl ToSchema for PublishBody {
    fn name() -> Cow<'static, str> {
        "PublishRequest".into()
    }
}
