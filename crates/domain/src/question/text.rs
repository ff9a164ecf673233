//! Typed answers compared as a teacher means them, and numbers read as the player's language
//! writes them.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// `text` as it is compared: Unicode NFKC (full-width letters, ligatures and compatibility forms
/// become their plain letters), spaces trimmed and collapsed to one, accents folded away unless
/// they matter, and lower case unless case matters.
pub fn normalize(text: &str, case_sensitive: bool, accents_matter: bool) -> String {
    let nfkc: String = text.nfkc().collect();
    let spaced = nfkc.split_whitespace().collect::<Vec<_>>().join(" ");
    let folded = if accents_matter { spaced } else { spaced.nfd().filter(|c| !is_combining_mark(*c)).nfc().collect() };
    if case_sensitive { folded } else { folded.to_lowercase() }
}

/// A piece of an accepted answer: literal text, or a `*` (any text, none too).
#[derive(Debug, PartialEq)]
enum Piece {
    Literal(char),
    Any,
}

/// The pieces of an accepted answer: `*` is a wildcard (as in Moodle), `\*` a star.
fn pieces(pattern: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'*') => {
                chars.next();
                out.push(Piece::Literal('*'));
            }
            '*' => out.push(Piece::Any),
            c => out.push(Piece::Literal(c)),
        }
    }
    out
}

/// Whether `given` matches the accepted answer `accepted`, both normalised alike.
pub fn matches(accepted: &str, given: &str, case_sensitive: bool, accents_matter: bool) -> bool {
    let pattern = pieces(&normalize(accepted, case_sensitive, accents_matter));
    let given: Vec<char> = normalize(given, case_sensitive, accents_matter).chars().collect();
    // Glob matching with one backtrack point (the last `*`): linear in practice, never exponential.
    let (mut p, mut g) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while g < given.len() {
        match pattern.get(p) {
            Some(Piece::Literal(c)) if *c == given[g] => {
                p += 1;
                g += 1;
            }
            Some(Piece::Any) => {
                star = Some((p, g));
                p += 1;
            }
            _ => match star {
                Some((sp, sg)) => {
                    p = sp + 1;
                    g = sg + 1;
                    star = Some((sp, sg + 1));
                }
                None => return false,
            },
        }
    }
    pattern[p..].iter().all(|piece| *piece == Piece::Any)
}

/// Why a typed number was not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("“{0}” is not a number")]
pub struct NotANumber(pub String);

/// A number as a player types it: spaces (thin and no-break too) between digit groups are
/// ignored; the decimal separator is a point, or a comma where `decimal_comma` (the player's
/// language writes `3,5`). The other sign groups thousands (`1,000.5`; `1.000,5`), and only in
/// groups of three; where the language writes a decimal comma, a lone point that does not group
/// thousands (`3.5`) is read as a decimal point. Infinite values are refused.
pub fn parse_number(text: &str, decimal_comma: bool) -> Result<f64, NotANumber> {
    let refuse = || NotANumber(text.trim().to_owned());
    let compact: String = text.chars().filter(|c| !c.is_whitespace() && *c != '\u{202F}').map(|c| if c == '\u{2212}' { '-' } else { c }).collect();
    let (mut decimal, mut group) = if decimal_comma { (',', '.') } else { ('.', ',') };
    if decimal_comma && !compact.contains(',') && !groups_thousands(&compact, '.') {
        (decimal, group) = ('.', ',');
    }
    let (whole, fraction) = compact.split_once(decimal).unwrap_or((&compact, ""));
    if fraction.contains([decimal, group]) || (whole.contains(group) && !groups_thousands(whole, group)) {
        return Err(refuse());
    }
    let plain = format!("{}.{fraction}", whole.replace(group, ""));
    let digits = plain.trim_start_matches(['-', '+']);
    if digits == "." || !digits.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return Err(refuse());
    }
    plain.parse::<f64>().ok().filter(|n| n.is_finite()).ok_or_else(refuse)
}

/// Whether `number` (a sign, then digits) groups its digits by `separator` in threes: `12.345.678`.
fn groups_thousands(number: &str, separator: char) -> bool {
    let groups: Vec<&str> = number.trim_start_matches(['-', '+']).split(separator).collect();
    groups.len() > 1
        && (1..=3).contains(&groups[0].len())
        && groups[1..].iter().all(|g| g.len() == 3)
        && groups.iter().all(|g| g.chars().all(|c| c.is_ascii_digit()))
}
