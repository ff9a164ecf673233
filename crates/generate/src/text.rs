//! Small text helpers shared by the checks and the generators: normalising for comparison,
//! cutting text at word boundaries, splitting sentences and words, and a stable hash (the
//! offline generator must give the same output for the same input on every platform and run).

/// Lower-cased letters and digits, single spaces: two texts that differ only in case,
/// punctuation or spacing normalise to the same string.
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        if c.is_alphanumeric() {
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            out.extend(c.to_lowercase());
        } else {
            space = true;
        }
    }
    out
}

/// At most `max` characters, cut at a word boundary with an ellipsis when cut.
pub fn truncate_words(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let cut: String = text.chars().take(max).collect();
    let cut = match cut.rfind(char::is_whitespace) {
        Some(at) if at > max / 2 => &cut[..at],
        _ => cut.as_str(),
    };
    format!("{}…", cut.trim_end_matches(|c: char| !c.is_alphanumeric()))
}

/// FNV-1a, 64 bits: stable across runs and platforms, unlike `DefaultHasher`.
pub fn stable_hash(text: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// Abbreviations after which a full stop does not end a sentence.
const ABBREVIATIONS: &[&str] = &["e.g", "i.e", "etc", "mr", "mrs", "ms", "dr", "st", "vs", "no", "fig", "approx", "c", "ca", "prof", "jr", "sr"];

/// Splits text into sentences at `.`, `!` or `?` followed by white space and a capital letter,
/// a digit or a quote, except after a known abbreviation or a single initial.
pub fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for i in 0..chars.len() {
        let (at, c) = chars[i];
        if !matches!(c, '.' | '!' | '?') {
            continue;
        }
        // Allow closing quotes or brackets after the stop.
        let mut j = i + 1;
        while j < chars.len() && matches!(chars[j].1, '"' | '\'' | '”' | '’' | ')') {
            j += 1;
        }
        if j >= chars.len() || !chars[j].1.is_whitespace() {
            continue;
        }
        let mut k = j;
        while k < chars.len() && chars[k].1.is_whitespace() {
            k += 1;
        }
        if k < chars.len() && !(chars[k].1.is_uppercase() || chars[k].1.is_ascii_digit() || matches!(chars[k].1, '"' | '“' | '(')) {
            continue;
        }
        if c == '.' {
            let word = text[start..at].rsplit(|ch: char| ch.is_whitespace()).next().unwrap_or("");
            let word = word.trim_start_matches(|ch: char| !ch.is_alphanumeric()).to_lowercase();
            if ABBREVIATIONS.contains(&word.as_str()) || (word.chars().count() == 1 && word.chars().all(char::is_alphabetic)) {
                continue;
            }
        }
        let end = if j < chars.len() { chars[j].0 } else { text.len() };
        let sentence = text[start..end].trim();
        if !sentence.is_empty() {
            out.push(sentence);
        }
        start = end;
    }
    let rest = text[start..].trim();
    if !rest.is_empty() {
        out.push(rest);
    }
    out
}

/// Common English words that never make a good answer or topic match.
pub const STOPWORDS: &[&str] = &[
    "a",
    "about",
    "above",
    "after",
    "again",
    "against",
    "all",
    "almost",
    "also",
    "although",
    "always",
    "am",
    "among",
    "an",
    "and",
    "another",
    "any",
    "are",
    "around",
    "as",
    "at",
    "be",
    "became",
    "because",
    "become",
    "becomes",
    "been",
    "before",
    "being",
    "below",
    "between",
    "both",
    "but",
    "by",
    "called",
    "can",
    "could",
    "did",
    "do",
    "does",
    "doing",
    "down",
    "during",
    "each",
    "either",
    "even",
    "every",
    "few",
    "for",
    "from",
    "further",
    "had",
    "has",
    "have",
    "having",
    "he",
    "her",
    "here",
    "hers",
    "him",
    "his",
    "how",
    "however",
    "i",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "itself",
    "just",
    "known",
    "less",
    "like",
    "made",
    "make",
    "makes",
    "many",
    "may",
    "me",
    "might",
    "more",
    "most",
    "much",
    "must",
    "my",
    "near",
    "never",
    "no",
    "nor",
    "not",
    "now",
    "of",
    "off",
    "often",
    "on",
    "once",
    "one",
    "only",
    "or",
    "other",
    "others",
    "our",
    "out",
    "over",
    "own",
    "same",
    "several",
    "she",
    "should",
    "since",
    "so",
    "some",
    "such",
    "than",
    "that",
    "the",
    "their",
    "them",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "through",
    "thus",
    "to",
    "too",
    "two",
    "under",
    "until",
    "up",
    "upon",
    "us",
    "used",
    "uses",
    "using",
    "usually",
    "very",
    "was",
    "we",
    "were",
    "what",
    "when",
    "where",
    "whether",
    "which",
    "while",
    "who",
    "whom",
    "whose",
    "why",
    "will",
    "with",
    "within",
    "without",
    "would",
    "yet",
    "you",
    "your",
    "three",
    "four",
    "first",
    "second",
    "new",
    "way",
    "ways",
    "part",
    "parts",
    "still",
    "well",
    "quiz",
    "questions",
    "question",
    "about",
    "on",
    "topic",
    "topics",
    "basics",
];

pub fn is_stopword(word: &str) -> bool {
    STOPWORDS.contains(&word)
}

/// Lower-cased content words (letters and digits, at least two characters, not stop words).
pub fn content_words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric()).filter(|word| word.chars().count() >= 2).map(str::to_lowercase).filter(|word| !is_stopword(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_split_at_stops_but_not_after_abbreviations_or_decimals() {
        let text = "Water boils at 100 °C at sea level. It covers about 71 percent of the surface, e.g. the oceans. Dr. Smith agreed! Is 3.5 km far? Yes";
        assert_eq!(
            sentences(text),
            vec![
                "Water boils at 100 °C at sea level.",
                "It covers about 71 percent of the surface, e.g. the oceans.",
                "Dr. Smith agreed!",
                "Is 3.5 km far?",
                "Yes"
            ]
        );
    }

    #[test]
    fn normalising_ignores_case_punctuation_and_spacing() {
        assert_eq!(normalise("  What IS   the Sun? "), "what is the sun");
        assert_eq!(truncate_words("one two three four", 10), "one two…");
    }
}
