//! Reading request input the way the API document describes it (decision 0020): JSON integers
//! also when spelled as integral floats (`2.0`, which JSON Schema counts as an integer), and the
//! patterns the document gives for e-mails and non-blank texts.

use serde::{Deserialize, Deserializer};
use utoipa::openapi::schema::{KnownFormat, Object, ObjectBuilder, OneOfBuilder, Schema, SchemaFormat, Type};

/// A text with at least one character that is not white space (as Rust's `trim` sees it).
pub const NON_BLANK: &str = "[^\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]";

/// An e-mail address as `email::Email` accepts it: `{local}@{domain.tld}`, no white space or control
/// character, one `@`,
/// no empty domain label; spaces around it are trimmed.
pub const EMAIL: &str = "^[\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]*\
[^@\\u0000-\\u001F\\u007F-\\u009F\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]+@\
[^@.\\u0000-\\u001F\\u007F-\\u009F\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]+\
(\\.[^@.\\u0000-\\u001F\\u007F-\\u009F\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]+)+\
[\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]*$";

/// The control characters (Unicode's Cc) that no name, address or title may hold, for patterns.
pub const CONTROL: &str = "\\u0000-\\u001F\\u007F-\\u009F";

/// The control characters a quiz text may not hold: all but tab, line feed and carriage return
/// (a spreadsheet cell or a question may run over lines), for patterns.
pub const STRAY_CONTROL: &str = "\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F";

/// Whether a quiz text (title, question, option, explanation, list name) holds a control
/// character other than tab and line breaks.
pub fn has_stray_control(text: &str) -> bool {
    text.chars().any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
}

/// The schema of a free text of at most `most` characters with no stray control character.
pub fn free_text_schema(most: usize) -> Object {
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(format!("^[^{STRAY_CONTROL}]*$"))).max_length(Some(most)).build()
}

/// Whether `text` holds a control character (a NUL, an escape, a line break…).
pub fn has_control(text: &str) -> bool {
    text.chars().any(char::is_control)
}

/// The schema of a person's name: not blank, no control characters, at most `most` characters.
pub fn name_schema(most: usize) -> Object {
    let blank = "\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000";
    let pattern = format!("^[^{CONTROL}]*[^{blank}{CONTROL}][^{CONTROL}]*$");
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(pattern)).max_length(Some(most)).build()
}

/// The schema of an optional free text: no control characters, at most `most` characters.
pub fn plain_text_schema(most: usize) -> Object {
    let pattern = format!("^[^{CONTROL}]*$");
    ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::SchemaType::from_iter([Type::String, Type::Null]))
        .pattern(Some(pattern))
        .max_length(Some(most))
        .build()
}

/// The schema of an e-mail address field (`schema_with`).
pub fn email_schema() -> Object {
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(EMAIL)).max_length(Some(254)).build()
}

/// The schema of a text that must not be blank (`schema_with`).
pub fn non_blank_schema() -> Object {
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(NON_BLANK)).build()
}

/// The schema of a 6-digit code, spaces around it allowed (`schema_with`).
pub fn code_schema() -> Object {
    ObjectBuilder::new().schema_type(Type::String).pattern(Some("^[\\t\\n\\u000B\\f\\r ]*[0-9]{6}[\\t\\n\\u000B\\f\\r ]*$")).build()
}

/// One white-space character as Rust's `trim` sees it (Unicode White_Space).
pub const WHITE_SPACE: &str = "[\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]";

/// The pattern of a text of at most `most` characters (`most` ≥ 2) once trimmed, and not blank
/// when `non_blank`: what is left after the trim starts and ends with a character that is not
/// white space, so the pattern counts exactly what `trim().chars().count()` counts.
///
/// No control character but tab and line breaks inside (`has_stray_control`), none at the ends
/// (the white space ones there are trimmed).
pub fn trimmed_pattern(non_blank: bool, most: usize) -> String {
    let edge = format!("[^{WHITE_SPACE_CHARS}{CONTROL}]");
    let text = format!("{edge}([^{STRAY_CONTROL}]{{0,{}}}{edge})?", most.saturating_sub(2));
    let text = if non_blank { text } else { format!("({text})?") };
    format!("^{WHITE_SPACE}*{text}{WHITE_SPACE}*$")
}

/// The pattern of a whole number from 1 to `i64::MAX` in digits, as `access::parse_category_id`
/// reads it: spaces around it, a `+` and leading zeros allowed.
pub fn positive_i64_text_pattern() -> String {
    let most = i64::MAX.to_string();
    let digits: Vec<u32> = most.chars().filter_map(|c| c.to_digit(10)).collect();
    // Fewer digits than the largest; then, digit by digit, the largest's prefix and a smaller
    // digit followed by anything; then the largest itself.
    let mut numbers = vec![format!("[1-9][0-9]{{0,{}}}", digits.len() - 2)];
    for (i, digit) in digits.iter().enumerate() {
        let lowest = u32::from(i == 0);
        if *digit > lowest {
            let rest = match digits.len() - 1 - i {
                0 => String::new(),
                n => format!("[0-9]{{{n}}}"),
            };
            numbers.push(format!("{}[{lowest}-{}]{rest}", &most[..i], digit - 1));
        }
    }
    numbers.push(most.clone());
    format!("^{WHITE_SPACE}*\\+?0*({}){WHITE_SPACE}*$", numbers.join("|"))
}

/// The schema of a category id in a JSON body (`schema_with`): a whole number from 1 (also
/// spelled `2.0`), or its digits as text, as `play`'s bodies have always taken it.
pub fn category_id_body_schema() -> Schema {
    OneOfBuilder::new()
        .item(ObjectBuilder::new().schema_type(Type::Integer).format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64))).minimum(Some(1)))
        .item(ObjectBuilder::new().schema_type(Type::String).pattern(Some(positive_i64_text_pattern())))
        .description(Some("The quiz: a whole number from 1, or its digits as text"))
        .build()
        .into()
}

/// A JSON number that is a whole number (`2` or `2.0`, see [`nearly_whole`]) within `i64`.
#[derive(Deserialize)]
#[serde(untagged)]
enum Number {
    Int(i64),
    Float(f64),
}

impl Number {
    fn whole(self) -> Option<i64> {
        match self {
            Number::Int(n) => Some(n),
            Number::Float(f) => nearly_whole(f),
        }
    }
}

/// A JSON value that is a whole number (`2` or `2.0`) within `i64`.
pub fn whole(value: &serde_json::Value) -> Option<i64> {
    value.as_i64().or_else(|| value.as_f64().and_then(|f| Number::Float(f).whole()))
}

/// A float that is a whole number within `i64`, allowing for how a JSON parser reads a long
/// decimal: serde_json reads `1972508272317599.0` as a float a few units in the last place off
/// the whole number, so a float that close to a whole number is that number. (Below 2^40 the
/// allowance is under a thousandth, so `2.5` stays a fraction.)
pub fn nearly_whole(f: f64) -> Option<i64> {
    let n = f.round();
    let close = (f - n).abs() <= f.abs() * f64::EPSILON * 4.0;
    (close && n >= i64::MIN as f64 && n < i64::MAX as f64).then_some(n as i64)
}

/// A whole number within `i64` in a path or query text, also spelled as a float (`2.0`, which
/// JSON Schema counts as an integer and clients send for integer parameters); spaces around it
/// are ignored.
pub fn whole_text(text: &str) -> Option<i64> {
    let text = text.trim();
    text.parse::<i64>().ok().or_else(|| text.parse::<f64>().ok().and_then(|f| Number::Float(f).whole()))
}

/// `deserialize_with` for an `i64` field: a whole number, also spelled `2.0`.
pub fn int<'de, D: Deserializer<'de>>(deserializer: D) -> Result<i64, D::Error> {
    Number::deserialize(deserializer)?.whole().ok_or_else(|| serde::de::Error::custom("expected a whole number"))
}

/// `deserialize_with` for an `Option<i64>` field (with `#[serde(default)]`): absent or `null` is
/// `None`, else a whole number, also spelled `2.0`.
pub fn opt_int<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    match Option::<serde_json::Value>::deserialize(deserializer)? {
        None => Ok(None),
        Some(value) => whole(&value).map(Some).ok_or_else(|| serde::de::Error::custom("expected a whole number")),
    }
}

/// The characters of [`WHITE_SPACE`], to build classes with.
const WHITE_SPACE_CHARS: &str = "\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000";

/// E-mail addresses typed as one text, as `email::parse_list` reads them: separated by commas,
/// semicolons or new lines, each trimmed, empty pieces skipped, at least one address, each
/// `{local}@{domain.tld}` of at most 254 characters without white space, control characters, commas
/// or semicolons
/// (the lookahead measures the address: the run of characters up to the next gap).
pub fn email_list_pattern() -> String {
    let w = WHITE_SPACE_CHARS;
    let gap = format!("[,;{w}]");
    // No control character inside an address (as `Email::parse`).
    let address = format!("(?=[^,;{w}{CONTROL}]{{1,254}}({gap}|$))[^@,;{w}{CONTROL}]+@[^@.,;{w}{CONTROL}]+(\\.[^@.,;{w}{CONTROL}]+)+");
    format!("^{gap}*{address}({gap}*[,;\\n]{gap}*{address})*{gap}*$")
}

/// The schema of e-mail addresses typed as one text (`schema_with`), see [`email_list_pattern`].
pub fn email_list_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(email_list_pattern()))
        .description(Some("E-mail addresses separated by commas, semicolons or new lines"))
        .build()
}

/// A JSON object read into `T`: serde's derived structs also read an array (field by field), which
/// the document's `type: object` rules out, so this reads maps only (as `ApiJson<ObjectBody<T>>`).
pub struct ObjectBody<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ObjectBody<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Only<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for Only<T> {
            type Value = T;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(map))
            }
        }
        deserializer.deserialize_map(Only(std::marker::PhantomData)).map(ObjectBody)
    }
}

/// `deserialize_with` for a `Vec<T>` field whose items are JSON objects (see [`ObjectBody`]).
pub fn objects<'de, D: Deserializer<'de>, T: Deserialize<'de>>(deserializer: D) -> Result<Vec<T>, D::Error> {
    Ok(Vec::<ObjectBody<T>>::deserialize(deserializer)?.into_iter().map(|item| item.0).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Body {
        #[serde(deserialize_with = "int")]
        n: i64,
    }

    #[test]
    fn whole_numbers_are_read_also_when_spelled_as_floats() {
        for (text, n) in [(r#"{"n":2}"#, 2), (r#"{"n":2.0}"#, 2), (r#"{"n":-7.0}"#, -7)] {
            assert_eq!(serde_json::from_str::<Body>(text).unwrap().n, n);
        }
        for text in [r#"{"n":2.5}"#, r#"{"n":1e30}"#, r#"{"n":"2"}"#] {
            assert!(serde_json::from_str::<Body>(text).is_err(), "{text}");
        }
    }

    #[test]
    fn long_whole_numbers_spelled_as_floats_are_read_despite_the_parser_rounding() {
        #[derive(Deserialize)]
        struct Id {
            #[serde(deserialize_with = "int")]
            n: i64,
        }
        for (text, n) in [(r#"{"n":1972508272317599.0}"#, 1_972_508_272_317_599), (r#"{"n":-1972508272317599.0}"#, -1_972_508_272_317_599), (r#"{"n":4.0}"#, 4)]
        {
            assert_eq!(serde_json::from_str::<Id>(text).unwrap().n, n, "{text}");
        }
        for text in [r#"{"n":2.5}"#, r#"{"n":1e30}"#, r#"{"n":1099511627776.5}"#] {
            assert!(serde_json::from_str::<Id>(text).is_err(), "{text}");
        }
        assert_eq!(whole(&serde_json::json!(3.0)), Some(3));
    }

    #[test]
    fn whole_numbers_in_paths_and_queries_are_read_also_when_spelled_as_floats() {
        for (text, n) in [("2", 2), ("2.0", 2), (" 7 ", 7), ("+3", 3), ("-4.0", -4)] {
            assert_eq!(whole_text(text), Some(n), "{text}");
        }
        for text in ["2.5", "1e30", "abc", "", "NaN"] {
            assert_eq!(whole_text(text), None, "{text}");
        }
    }
}
