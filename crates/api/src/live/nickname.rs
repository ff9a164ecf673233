//! Players' nicknames in live games: 1–20 characters once trimmed, no control characters, nothing
//! offensive and nothing that passes for the host or for Quizroom itself; a name already taken in
//! the game gets a number ("Ana (2)").

/// The longest nickname, in characters.
pub const MOST: usize = 20;

/// Names a player may not take: they would pass for the host or for the product.
const RESERVED: &[&str] = &["host", "the host", "quizroom", "admin", "administrator", "moderator", "teacher", "system", "server"];

/// Stems refused anywhere in a name (compared without spaces, digits or punctuation, and with
/// the usual letter-for-digit swaps undone), in the manner of the peers' filters.
const OFFENSIVE: &[&str] = &[
    "fuck", "shit", "cunt", "bitch", "bastard", "asshole", "dick", "cock", "pussy", "wank", "whore", "slut", "nigg", "fag",
    "retard", "rape", "nazi", "hitler", "penis", "vagina", "porn", "sex", "twat", "bollock", "prick", "kkk",
];

/// Why a nickname cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Blank, too long, or holding control characters (400).
    Invalid,
    /// Offensive, or passing for the host or Quizroom (422).
    Refused,
}

/// The nickname as the game shows it (trimmed, inner runs of white space made one space).
pub fn check(nickname: &str) -> Result<String, Refusal> {
    if nickname.chars().any(char::is_control) {
        return Err(Refusal::Invalid);
    }
    let name = nickname.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() || name.chars().count() > MOST {
        return Err(Refusal::Invalid);
    }
    let lower = name.to_lowercase();
    if RESERVED.contains(&lower.as_str()) || lower.starts_with("quizroom") {
        return Err(Refusal::Refused);
    }
    let folded: String = lower
        .chars()
        .filter_map(|c| match c {
            '0' => Some('o'),
            '1' | '!' | '|' => Some('i'),
            '3' => Some('e'),
            '4' | '@' => Some('a'),
            '5' | '$' => Some('s'),
            '7' => Some('t'),
            c if c.is_alphabetic() => Some(c),
            _ => None,
        })
        .collect();
    if OFFENSIVE.iter().any(|stem| folded.contains(stem)) {
        return Err(Refusal::Refused);
    }
    Ok(name)
}

/// `name`, or `name (n)` with the smallest n from 2 that no taken name has (`taken`: names folded
/// to lower case, as `live_player.nickname_key`).
pub fn unique(name: &str, taken: &[String]) -> String {
    let key = name.to_lowercase();
    if !taken.contains(&key) {
        return name.to_owned();
    }
    (2..).map(|n| format!("{name} ({n})")).find(|candidate| !taken.contains(&candidate.to_lowercase())).expect("a free number")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nickname_is_trimmed_and_kept_as_typed() {
        assert_eq!(check("  Ana   Lopez "), Ok("Ana Lopez".into()));
        assert_eq!(check("Zoë"), Ok("Zoë".into()));
    }

    #[test]
    fn blank_long_or_control_nicknames_are_invalid() {
        for bad in ["", "   ", "a\u{0}b", "tab\there", &"x".repeat(21)] {
            assert_eq!(check(bad), Err(Refusal::Invalid), "{bad:?}");
        }
        assert!(check(&"x".repeat(20)).is_ok());
    }

    #[test]
    fn offensive_or_impersonating_nicknames_are_refused() {
        for bad in ["Host", "QUIZROOM", "Quizroom Team", "admin", "f.u.c.k you", "sh1t", "b i t c h", "Hitler99"] {
            assert_eq!(check(bad), Err(Refusal::Refused), "{bad}");
        }
        // Reserved names are whole names only.
        assert!(check("Hostess").is_ok());
        assert!(check("Ana").is_ok());
    }

    #[test]
    fn a_taken_name_gets_the_first_free_number() {
        assert_eq!(unique("Ana", &[]), "Ana");
        assert_eq!(unique("Ana", &["ana".into()]), "Ana (2)");
        assert_eq!(unique("Ana", &["ana".into(), "ana (2)".into(), "ana (4)".into()]), "Ana (3)");
    }
}
