//! E-mail addresses, parsed once at the edge: an [`Email`] is trimmed, lower-cased (one account
//! per address whatever its spelling) and has the shape the product asks for. Sign-up, sign-in,
//! the code calls and audience lists all take one.

use std::fmt;

use serde_json::json;

use crate::error::ApiError;

/// The longest address accepted, in characters (RFC 5321's path limit; characters, as the API
/// document's `maxLength` counts).
pub const MAX_EMAIL: usize = 254;

/// A well-formed, normalised e-mail address.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

/// Why a text is not an address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmailError {
    Empty,
    Invalid,
}

impl Email {
    /// `text` trimmed and lower-cased, when it reads `{local}@{domain.tld}` with no spaces and is at
    /// most 254 characters as sent (the schema's `maxLength`, white space around it included).
    pub fn parse(text: &str) -> Result<Email, EmailError> {
        let email = text.trim().to_lowercase();
        if email.is_empty() {
            return Err(EmailError::Empty);
        }
        let Some((local, domain)) = email.split_once('@') else { return Err(EmailError::Invalid) };
        let well_formed = !local.is_empty()
            && text.chars().count() <= MAX_EMAIL
            && !email.chars().any(|c| c.is_whitespace() || c.is_control())
            && !domain.contains('@')
            && domain.split('.').count() >= 2
            && domain.split('.').all(|part| !part.is_empty());
        if well_formed { Ok(Email(email)) } else { Err(EmailError::Invalid) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// E-mails as typed in a list: split on commas (and new lines or semicolons), each parsed.
pub fn parse_list(text: &str) -> Result<Vec<Email>, ApiError> {
    text.split([',', ';', '\n'])
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .map(|e| Email::parse(e).map_err(|_| ApiError::bad_request("validation", format!("Invalid email address: {e}")).with_details(json!({ "email": e }))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_checked_for_the_shape_the_product_asks_for() {
        for good in ["a@b.co", "first.last+tag@school.example.org"] {
            assert!(Email::parse(good).is_ok(), "{good}");
        }
        for bad in ["a", "a@b", "@b.co", "a@b.", "a b@c.de", "a@b@c.de", "a@.co"] {
            assert_eq!(Email::parse(bad), Err(EmailError::Invalid), "{bad}");
        }
        assert_eq!(Email::parse("  "), Err(EmailError::Empty));
        assert_eq!(Email::parse("  Ada@Example.COM ").unwrap().as_str(), "ada@example.com");
    }

    #[test]
    fn an_address_longer_than_the_schema_allows_as_sent_is_invalid() {
        let at_most = format!("a@{}.co", "b".repeat(249));
        assert!(Email::parse(&at_most).is_ok());
        // Schemathesis sent white space around an address of 250 characters: 256 as sent.
        assert_eq!(Email::parse(&format!("   {at_most}   ")), Err(EmailError::Invalid));
    }

    #[test]
    fn a_list_splits_on_commas_semicolons_and_lines_and_names_the_bad_address() {
        let list = parse_list("a@b.co; C@d.org\n, e@f.net").unwrap();
        assert_eq!(list.iter().map(Email::as_str).collect::<Vec<_>>(), ["a@b.co", "c@d.org", "e@f.net"]);
        let refused = parse_list("a@b.co, nope").unwrap_err();
        assert_eq!(refused.message, "Invalid email address: nope");
    }
}
