//! Cuts extracted blocks (paragraphs and headings) into passages: paragraph-sized, cited pieces.
//!
//! Long paragraphs are split at sentence ends so that no passage is much over
//! [`MAX_PASSAGE_CHARS`]; short neighbours are merged until a passage has at least
//! [`MIN_PASSAGE_CHARS`]; a heading always starts a new passage (and stays with the text under it).

use std::ops::Range;

use crate::{Block, Passage};

/// A passage is cut at a sentence end before it grows past this many characters.
pub const MAX_PASSAGE_CHARS: usize = 1200;
/// Blocks are merged while the passage is shorter than this.
pub const MIN_PASSAGE_CHARS: usize = 200;

/// Collapses every run of whitespace to one space and trims the ends.
pub fn collapse_whitespace(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for word in s.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

struct Current {
    page: Option<u32>,
    text: String,
    only_headings: bool,
}

pub fn build(blocks: Vec<Block>) -> Vec<Passage> {
    let mut out: Vec<(Option<u32>, String)> = Vec::new();
    let mut cur: Option<Current> = None;
    for block in blocks {
        let text = collapse_whitespace(&block.text);
        if text.is_empty() {
            continue;
        }
        // Offsets of later pages hold only in text that needed no collapsing.
        let page_starts: &[(usize, u32)] = if text == block.text { &block.page_starts } else { &[] };
        for range in split_long(&text) {
            let page = page_starts.iter().rev().find(|(at, _)| *at <= range.start).map_or(block.page, |&(_, p)| Some(p));
            let piece = &text[range];
            let merge = match &cur {
                None => false,
                Some(c) if block.heading => c.only_headings && c.text.len() + piece.len() < MAX_PASSAGE_CHARS,
                Some(c) => (c.only_headings || c.text.len() < MIN_PASSAGE_CHARS) && c.text.len() + 1 + piece.len() <= MAX_PASSAGE_CHARS,
            };
            if merge {
                let c = cur.as_mut().expect("merge implies a current passage");
                c.text.push('\n');
                c.text.push_str(piece);
                c.only_headings &= block.heading;
            } else {
                if let Some(c) = cur.take() {
                    out.push((c.page, c.text));
                }
                cur = Some(Current { page, text: piece.to_string(), only_headings: block.heading });
            }
        }
    }
    if let Some(c) = cur {
        // A tiny last fragment (a closing line, a page number) joins the passage before it.
        match out.last_mut() {
            Some(last) if c.text.len() < 40 && last.1.len() + 1 + c.text.len() <= MAX_PASSAGE_CHARS => {
                last.1.push('\n');
                last.1.push_str(&c.text);
            }
            _ => out.push((c.page, c.text)),
        }
    }
    out.into_iter().enumerate().map(|(index, (page, text))| Passage { index, page, text }).collect()
}

/// Splits whitespace-collapsed text longer than [`MAX_PASSAGE_CHARS`] at sentence ends (or, for
/// a sentence that is itself too long, at a space) into byte ranges that fit.
fn split_long(text: &str) -> Vec<Range<usize>> {
    if text.len() <= MAX_PASSAGE_CHARS {
        let whole = 0..text.len();
        return vec![whole];
    }
    let mut pieces = Vec::new();
    let mut current: Option<Range<usize>> = None;
    for sentence in sentences(text) {
        if let Some(c) = &current
            && sentence.end - c.start > MAX_PASSAGE_CHARS
        {
            pieces.push(c.clone());
            current = None;
        }
        if sentence.len() > MAX_PASSAGE_CHARS {
            pieces.extend(hard_split(text, sentence));
            continue;
        }
        match &mut current {
            Some(c) => c.end = sentence.end,
            None => current = Some(sentence),
        }
    }
    pieces.extend(current);
    pieces
}

/// Sentences of whitespace-collapsed text: a cut after `.`, `!` or `?` (and closing quotes or
/// brackets) followed by a space and an upper-case letter, a digit or an opening quote.
fn sentences(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for i in 1..chars.len().saturating_sub(1) {
        let (pos, c) = chars[i];
        if c != ' ' {
            continue;
        }
        let mut j = i - 1;
        while j > 0 && matches!(chars[j].1, '"' | '\'' | ')' | ']' | '”' | '’') {
            j -= 1;
        }
        let ends = matches!(chars[j].1, '.' | '!' | '?');
        let next = chars[i + 1].1;
        if ends && (next.is_uppercase() || next.is_ascii_digit() || matches!(next, '"' | '“' | '‘' | '(')) {
            out.push(start..pos);
            start = pos + 1;
        }
    }
    out.push(start..text.len());
    out
}

/// Cuts `range` of `text` at the last space before the limit (or at a character boundary if
/// there is none).
fn hard_split(text: &str, mut range: Range<usize>) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    while range.len() > MAX_PASSAGE_CHARS {
        let mut cut = range.start + MAX_PASSAGE_CHARS;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        let at = text[range.start..cut].rfind(' ').filter(|&i| i > 0).map_or(cut, |i| range.start + i);
        out.push(range.start..at);
        range.start = if text[at..].starts_with(' ') { at + 1 } else { at };
    }
    if !range.is_empty() {
        out.push(range);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn para(text: &str) -> Block {
        Block::new(None, text.into(), false)
    }

    #[test]
    fn long_paragraphs_are_split_at_sentence_ends_within_the_limit() {
        let sentence = "The enzyme rubisco fixes carbon dioxide in the stroma of the chloroplast. ";
        let text = sentence.repeat(60);
        let passages = build(vec![para(&text)]);
        assert!(passages.len() >= 4);
        for p in &passages {
            assert!(p.text.len() <= MAX_PASSAGE_CHARS, "{}", p.text.len());
            assert!(p.text.starts_with("The enzyme") && p.text.ends_with("chloroplast."));
        }
    }

    #[test]
    fn a_sentence_without_ends_is_cut_at_spaces() {
        let text = "word ".repeat(1000);
        let passages = build(vec![para(&text)]);
        assert!(passages.iter().all(|p| p.text.len() <= MAX_PASSAGE_CHARS && !p.text.is_empty()));
        assert_eq!(passages.iter().map(|p| p.text.split(' ').count()).sum::<usize>(), 1000);
    }

    #[test]
    fn pieces_of_a_paragraph_that_crosses_pages_get_the_page_they_start_on() {
        let first = "Sentence on the first page goes here. ".repeat(40);
        let text = format!("{first}{}", "Then the second page continues it. ".repeat(40));
        let text = text.trim_end().to_string();
        let block = Block { page: Some(3), text, heading: false, page_starts: vec![(first.len(), 4)] };
        let passages = build(vec![block]);
        assert_eq!(passages.first().unwrap().page, Some(3));
        assert_eq!(passages.last().unwrap().page, Some(4));
        assert!(passages.iter().all(|p| p.text.len() <= MAX_PASSAGE_CHARS));
    }

    #[test]
    fn short_paragraphs_merge_and_headings_start_passages() {
        let blocks = vec![
            Block::new(None, "Title".into(), true),
            Block::new(None, "Section".into(), true),
            para("Short one."),
            para("Short two."),
            Block::new(None, "Next".into(), true),
            para(&"Long enough sentence here. ".repeat(10)),
        ];
        let passages = build(blocks);
        assert_eq!(passages.len(), 2);
        assert_eq!(passages[0].text, "Title\nSection\nShort one.\nShort two.");
        assert!(passages[1].text.starts_with("Next\nLong enough"));
        assert_eq!(passages[1].index, 1);
    }

    #[test]
    fn sentences_split_only_before_a_new_sentence() {
        let text = "Dr. smith came. He left. 3 more. e.g. this";
        let got: Vec<&str> = sentences(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(got, vec!["Dr. smith came.", "He left.", "3 more. e.g. this"]);
    }
}
