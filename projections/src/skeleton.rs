//! Names as they look, not as they are spelled (issue 26, decision 0034): "Ana", "Аna" (a Cyrillic
//! A), "Ana" with a zero-width space and "𝐀𝐧𝐚" all show the same to a room, so they compare the
//! same. A [`skeleton`] is the text in Unicode NFKC (full-width and mathematical letters become
//! plain ones), without invisible characters, white space made single spaces, then the confusable
//! skeleton of Unicode TR39 (each look-alike made its prototype) in lower case, twice (before and
//! after lower case), with `l` made `i` (a capital I and a small l look alike in most fonts, and I
//! and i are one letter in lower case).
//!
//! A skeleton is for comparing, never for showing. The skeleton of `name + " (2)"` is the skeleton
//! of `name` followed by `" (2)"`, so the names a game numbers ("Ana", "Ana (2)") stay one range of
//! keys.

use unicode_normalization::UnicodeNormalization;

/// Whether `c` shows as nothing and changes nothing a reader sees of the letters around it:
/// Unicode's default-ignorable code points (zero-width spaces and joiners, the soft hyphen, the
/// bidirectional controls and isolates, variation selectors, fillers), as TR39 drops them.
pub fn invisible(c: char) -> bool {
    let mut buffer = [0; 4];
    unicode_security::skeleton(c.encode_utf8(&mut buffer)).next().is_none()
}

/// The text as it looks, for comparing (see the module).
pub fn skeleton(text: &str) -> String {
    let plain: String = text.nfkc().filter(|c| !invisible(*c)).collect();
    let spaced = plain.split_whitespace().collect::<Vec<_>>().join(" ");
    // Before lower case too: a capital look-alike (Cyrillic Т for T) need not have a small one.
    let lower: String = unicode_security::skeleton(&spaced).flat_map(char::to_lowercase).collect();
    unicode_security::skeleton(&lower).flat_map(char::to_lowercase).map(|c| if c == 'l' { 'i' } else { c }).collect()
}

/// Stems refused anywhere in a text a room is shown from its players (a nickname, a word cloud's
/// answer), compared on skeletons without spaces, digits or punctuation, and with the usual
/// letter-for-digit swaps undone, in the manner of the peers' filters.
const OFFENSIVE: &[&str] = &[
    "fuck", "shit", "cunt", "bitch", "bastard", "asshole", "dick", "cock", "pussy", "wank", "whore", "slut", "nigg", "fag", "retard", "rape", "nazi", "hitler",
    "penis", "vagina", "porn", "sex", "twat", "bollock", "prick", "kkk",
];

/// Whether `text` holds an offensive stem however it is spelled ("Sh1t", "ſhit", "s h i t").
pub fn offensive(text: &str) -> bool {
    let folded = letters(&skeleton(text));
    OFFENSIVE.iter().any(|stem| folded.contains(&letters(&skeleton(stem))))
}

/// The letters of a skeleton, with the usual letter-for-digit swaps undone.
fn letters(key: &str) -> String {
    key.chars()
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
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn look_alikes_have_one_skeleton() {
        let ana = skeleton("Ana");
        for same in [
            "ana",
            "ANA",
            " Ana ",
            "\u{410}na",                   // Cyrillic capital A
            "Ana\u{200B}",                 // zero-width space
            "A\u{200D}na",                 // zero-width joiner
            "A\u{AD}na",                   // soft hyphen
            "\u{202D}Ana\u{202C}",         // left-to-right override
            "\u{2067}Ana\u{2069}",         // right-to-left isolate
            "\u{FF21}\u{FF4E}\u{FF41}",    // full-width
            "\u{1D400}\u{1D427}\u{1D41A}", // mathematical bold
            "\u{391}na",                   // Greek capital alpha
        ] {
            assert_eq!(skeleton(same), ana, "{same:?}");
        }
        assert_eq!(skeleton("Host"), skeleton("H\u{43E}\u{455}t"), "Cyrillic o and dze");
        assert_eq!(skeleton("HOST"), skeleton("\u{41D}\u{41E}\u{405}\u{422}"), "Cyrillic capitals");
        assert_eq!(skeleton("Alan"), skeleton("AIan"), "capital I for small l");
        assert_ne!(skeleton("Ana"), skeleton("Anna"));
        assert_ne!(skeleton("Zoë"), skeleton("Zoe"));
    }

    #[test]
    fn a_numbered_name_keeps_the_names_skeleton_in_front() {
        for name in ["Ana", "\u{1D400}na", "Zoë", "Ωmega", "l1"] {
            for n in [2, 10, 19] {
                assert!(skeleton(&format!("{name} ({n})")).starts_with(&format!("{} (", skeleton(name))), "{name} ({n})");
            }
        }
    }

    #[test]
    fn invisible_characters_are_the_default_ignorable_ones() {
        for c in ['\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{FEFF}', '\u{AD}', '\u{202E}', '\u{2066}', '\u{FE0F}', '\u{3164}'] {
            assert!(invisible(c), "{c:?}");
        }
        for c in ['a', ' ', '1', 'é', '\u{301}', '🦊'] {
            assert!(!invisible(c), "{c:?}");
        }
    }
}
