//! Players' nicknames in live games: 1–20 characters once trimmed, no control characters, nothing
//! offensive and nothing that passes for the host, for Quizroom itself or for another player; a
//! name already taken in the game gets a number ("Ana (2)").
//!
//! Names are compared as they look (issue 26, decision 0034): on their skeleton
//! ([`quizroom_projections::skeleton`]), so that full-width, mathematical, Cyrillic or Greek
//! look-alikes of "Host" or of another player's name are that name. Invisible characters
//! (zero-width spaces and joiners, soft hyphens, bidirectional controls) are dropped from the
//! name as shown, so what the room sees is what was compared; a name that shows as nothing, or
//! holds characters no font shows the same (private use, unassigned), is invalid.

use quizroom_projections::skeleton::{invisible, offensive, skeleton};
use unicode_normalization::char::{is_combining_mark, is_public_assigned};

/// The longest nickname, in characters.
pub const MOST: usize = 20;

/// Names a player may not take: they would pass for the host or for the product.
const RESERVED: &[&str] = &["host", "the host", "quizroom", "admin", "administrator", "moderator", "teacher", "system", "server"];

/// How a pupil names a teacher before the teacher's name.
const TITLES: &[&str] = &["mr", "mrs", "ms", "miss", "mx", "dr", "prof", "sir", "madam"];

/// Why a nickname cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Blank, too long, or holding control characters: what the API document's schema says (400).
    Invalid,
    /// Showing as nothing (invisible or blank-looking characters only), or holding private-use or
    /// unassigned characters: rules no schema can express (422, the same code).
    Unreadable,
    /// Offensive, or passing for the host or Quizroom (422).
    Refused,
}

/// Whether `c` shows nothing on its own: white space, a combining mark, a blank braille cell.
fn blank(c: char) -> bool {
    c.is_whitespace() || is_combining_mark(c) || c == '\u{2800}'
}

/// The nickname as the game shows it (invisible characters dropped, trimmed, inner runs of white
/// space made one space).
pub fn check(nickname: &str) -> Result<String, Refusal> {
    if nickname.chars().any(char::is_control) || nickname.trim().is_empty() || nickname.chars().count() > MOST {
        return Err(Refusal::Invalid);
    }
    if nickname.chars().any(|c| !is_public_assigned(c)) {
        return Err(Refusal::Unreadable);
    }
    let visible: String = nickname.chars().filter(|c| !invisible(*c)).collect();
    let name = visible.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.chars().all(blank) {
        return Err(Refusal::Unreadable);
    }
    let key = skeleton(&name);
    if RESERVED.iter().any(|reserved| key == skeleton(reserved)) || key.starts_with(&skeleton("quizroom")) {
        return Err(Refusal::Refused);
    }
    if offensive(&name) {
        return Err(Refusal::Refused);
    }
    Ok(name)
}

/// Whether `name` (checked) passes for the host whose account is `first` `last`: the full name
/// either way round, the last name, or the first name after a title ("Ms Ana").
pub fn passes_for_host(name: &str, first: &str, last: &str) -> bool {
    let key = skeleton(name);
    let titled = TITLES.iter().find_map(|title| {
        let rest = key.strip_prefix(&skeleton(title))?;
        rest.strip_prefix(". ").or_else(|| rest.strip_prefix(' '))
    });
    let (first, last) = (skeleton(first), skeleton(last));
    let mut forms = vec![format!("{first} {last}"), format!("{last} {first}"), last];
    if titled.is_some() {
        forms.push(first);
    }
    let named = titled.unwrap_or(&key);
    forms.iter().any(|form| !form.trim().is_empty() && named == form.trim())
}

/// `name`, or `name (n)` with the smallest n from 2 that no taken name has (`taken`: the names'
/// skeletons, as `live_player.nickname_key`).
pub fn unique(name: &str, taken: &[String]) -> String {
    let key = skeleton(name);
    if !taken.contains(&key) {
        return name.to_owned();
    }
    (2..).map(|n| format!("{name} ({n})")).find(|candidate| !taken.contains(&skeleton(candidate))).expect("a free number")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nickname_is_trimmed_and_kept_as_typed() {
        assert_eq!(check("  Ana   Lopez "), Ok("Ana Lopez".into()));
        assert_eq!(check("Zoë"), Ok("Zoë".into()));
        assert_eq!(check("Ωmega 🦊"), Ok("Ωmega 🦊".into()));
        assert_eq!(check("Ана"), Ok("Ана".into()), "Cyrillic names are names");
    }

    #[test]
    fn invisible_characters_are_dropped_from_the_name_shown() {
        assert_eq!(check("Ana\u{200B}"), Ok("Ana".into()));
        assert_eq!(check("\u{202E}Ana\u{202C}"), Ok("Ana".into()));
        assert_eq!(check("A\u{AD}na \u{2060} Lopez"), Ok("Ana Lopez".into()));
    }

    #[test]
    fn blank_long_control_or_unshowable_nicknames_are_invalid() {
        for bad in ["", "   ", "a\u{0}b", "tab\there", &"x".repeat(21)] {
            assert_eq!(check(bad), Err(Refusal::Invalid), "{bad:?}");
        }
        assert!(check(&"x".repeat(20)).is_ok());
        // Names that show as nothing.
        for bad in [
            "\u{200B}",
            "\u{200B}\u{200C}\u{200D}",
            "\u{AD}\u{AD}",
            "\u{202E}\u{202C}",
            "\u{3164}",
            "\u{2800}\u{2800}",
            "\u{115F}",
            "\u{FFA0}",
            "\u{301}\u{302}",
            " \u{FEFF} ",
        ] {
            assert_eq!(check(bad), Err(Refusal::Unreadable), "{bad:?}");
        }
        // Characters no font shows the same: private use, unassigned.
        for bad in ["Ana\u{E000}", "\u{F8FF}", "Ana\u{10FFFD}", "Ana\u{0378}"] {
            assert_eq!(check(bad), Err(Refusal::Unreadable), "{bad:?}");
        }
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

    /// Every form of the attack in issue 26 item 6 on "Host", "Quizroom" and offensive words.
    #[test]
    fn look_alike_forms_of_reserved_and_offensive_names_are_refused() {
        for bad in [
            "H\u{43E}st",                                                               // Cyrillic o
            "\u{41D}\u{43E}\u{455}\u{422}",                                             // Cyrillic Н, о, ѕ, Т
            "\u{397}\u{3BF}st",                                                         // Greek capital eta, omicron
            "\u{FF28}\u{FF4F}\u{FF53}\u{FF54}",                                         // full-width
            "\u{1D407}\u{1D428}\u{1D42C}\u{1D42D}",                                     // mathematical bold
            "\u{1D5DB}\u{1D5FC}\u{1D600}\u{1D601}",                                     // mathematical sans-serif bold
            "H\u{200B}ost",                                                             // zero-width space
            "Ho\u{200D}st",                                                             // zero-width joiner
            "Hos\u{AD}t",                                                               // soft hyphen
            "\u{202E}Host\u{202C}",                                                     // right-to-left override
            "\u{202D}Host\u{202C}",                                                     // left-to-right override
            "\u{2066}Host\u{2069}",                                                     // left-to-right isolate
            "\u{2067}Host\u{2069}",                                                     // right-to-left isolate
            "Qu\u{456}zr\u{43E}\u{43E}m",                                               // Cyrillic і, о
            "\u{FF31}uizroom",                                                          // full-width Q
            "\u{1D410}\u{1D42E}\u{1D422}\u{1D433}\u{1D42B}\u{1D428}\u{1D428}\u{1D426}", // mathematical bold
            "Quiz\u{200C}room Team",                                                    // zero-width non-joiner
            "\u{391}dm\u{456}n",                                                        // Greek Alpha, Cyrillic і
            "\u{1D41F}\u{1D42E}\u{1D41C}\u{1D424}",                                     // mathematical bold "fuck"
            "\u{455}h\u{456}t",                                                         // Cyrillic ѕ, і
            "b\u{3B9}tch",                                                              // Greek iota
            "bit\u{200B}ch",                                                            // zero-width space
            "\u{FF50}\u{FF4F}\u{FF52}\u{FF4E}",                                         // full-width
            "n\u{131}gg",                                                               // dotless i
            "c\u{43E}\u{441}k",                                                         // Cyrillic о, с
            "NAZ\u{399}",                                                               // Greek capital iota
            "s\u{AD}e\u{AD}x",                                                          // soft hyphens
        ] {
            assert_eq!(check(bad), Err(Refusal::Refused), "{bad:?}");
        }
        // "tsoH" under a right-to-left override shows as "Host": the override is dropped, and the
        // room sees the harmless "tsoH".
        assert_eq!(check("\u{202E}tsoH\u{202C}"), Ok("tsoH".into()));
    }

    #[test]
    fn the_hosts_own_name_in_any_form_is_refused() {
        for bad in [
            "Maria Lopez",
            "lopez maria",
            "L\u{43E}pez",
            "Ms Lopez",
            "MRS. LOPEZ",
            "Dr Maria",
            "\u{FF2C}opez",
            "Mar\u{200B}ia Lopez",
            "M\u{430}ria L\u{43E}pez",
        ] {
            let name = check(bad).unwrap_or_else(|_| bad.into());
            assert!(passes_for_host(&name, "María", "Lopez") || passes_for_host(&name, "Maria", "Lopez"), "{bad:?}");
        }
        assert!(passes_for_host("Ms Lopez", "Maria", "Lopez"));
        // A pupil may share the host's first name; other names pass.
        for fine in ["Maria", "Ana", "Lopezz", "Mr Smith"] {
            assert!(!passes_for_host(fine, "Maria", "Lopez"), "{fine}");
        }
        assert!(!passes_for_host("Ana", "", ""));
    }

    #[test]
    fn a_taken_name_gets_the_first_free_number() {
        assert_eq!(unique("Ana", &[]), "Ana");
        assert_eq!(unique("Ana", &["ana".into()]), "Ana (2)");
        assert_eq!(unique("Ana", &["ana".into(), "ana (2)".into(), "ana (4)".into()]), "Ana (3)");
    }

    /// A clone of another player's name, in any look-alike form, is that name: it gets a number.
    #[test]
    fn look_alike_clones_of_a_players_name_get_a_number() {
        let taken = vec![skeleton("Ana")];
        for clone in ["ana", "\u{410}na", "\u{391}na", "Ana\u{200B}", "A\u{AD}na", "\u{FF21}na", "\u{1D400}\u{1D427}\u{1D41A}", "\u{2067}Ana\u{2069}"] {
            let name = check(clone).expect("a name");
            assert_eq!(unique(&name, &taken), format!("{name} (2)"), "{clone:?}");
        }
        assert_eq!(unique("Alan", &[skeleton("AIan")]), "Alan (2)", "capital I for small l");
        assert_eq!(unique("Anna", &taken), "Anna");
    }
}
