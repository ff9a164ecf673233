//! Reading request input the way the API document describes it (decision 0020): JSON integers
//! also when spelled as integral floats (`2.0`, which JSON Schema counts as an integer), and the
//! patterns the document gives for e-mails and non-blank texts.

use serde::{Deserialize, Deserializer};
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};

/// A text with at least one character that is not white space (as Rust's `trim` sees it).
pub const NON_BLANK: &str = "[^\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]";

/// An e-mail address as `email::Email` accepts it: `{local}@{domain.tld}`, no white space, one `@`,
/// no empty domain label; spaces around it are trimmed.
pub const EMAIL: &str = "^[\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]*\
[^@\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]+@\
[^@.\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]+\
(\\.[^@.\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]+)+\
[\\t\\n\\u000B\\f\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]*$";

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

/// A JSON number that is a whole number (`2` or `2.0`) within `i64`.
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
            Number::Float(f) if f.fract() == 0.0 && f >= i64::MIN as f64 && f < i64::MAX as f64 => Some(f as i64),
            Number::Float(_) => None,
        }
    }
}

/// `deserialize_with` for an `i64` field: a whole number, also spelled `2.0`.
pub fn int<'de, D: Deserializer<'de>>(deserializer: D) -> Result<i64, D::Error> {
    Number::deserialize(deserializer)?.whole().ok_or_else(|| serde::de::Error::custom("expected a whole number"))
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
}
