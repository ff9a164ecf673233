//! Plain text and Markdown: decoding (UTF-8, with or without BOM; UTF-16 with BOM), paragraphs at
//! blank lines, and for Markdown the markup stripped with headings kept as passage boundaries.
//!
//! Markdown decisions: fenced code is kept as text (lecture notes put examples in it that
//! questions may cite), one block per fence; links keep their text, images their alt text;
//! emphasis, inline code ticks, block quotes, list markers and HTML tags are dropped.

use crate::{Block, ExtractError, Kind, document};

pub fn extract(bytes: &[u8], markdown: bool) -> Result<crate::Document, ExtractError> {
    let text = decode(bytes)?;
    let (title, blocks) = if markdown { markdown_blocks(&text) } else { (None, text_blocks(&text)) };
    document(if markdown { Kind::Markdown } else { Kind::Text }, title, blocks)
}

/// Text is refused (as an unsupported type) unless it decodes and looks like text: no NUL and
/// few control characters, which rules out binaries that happen to be valid UTF-8.
fn decode(bytes: &[u8]) -> Result<String, ExtractError> {
    let text = if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        String::from_utf8(rest.to_vec()).map_err(|_| ExtractError::UnsupportedType)?
    } else if let Some(rest) = bytes.strip_prefix(&[0xFF, 0xFE]) {
        utf16(rest, u16::from_le_bytes)?
    } else if let Some(rest) = bytes.strip_prefix(&[0xFE, 0xFF]) {
        utf16(rest, u16::from_be_bytes)?
    } else {
        String::from_utf8(bytes.to_vec()).map_err(|_| ExtractError::UnsupportedType)?
    };
    let controls = text.chars().filter(|&c| c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\x0c')).count();
    if text.contains('\0') || controls * 100 > text.chars().count().max(1) {
        return Err(ExtractError::UnsupportedType);
    }
    Ok(text)
}

fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> Result<String, ExtractError> {
    if !bytes.len().is_multiple_of(2) {
        return Err(ExtractError::UnsupportedType);
    }
    let units = bytes.chunks_exact(2).map(|c| unit([c[0], c[1]]));
    char::decode_utf16(units).collect::<Result<String, _>>().map_err(|_| ExtractError::UnsupportedType)
}

/// Paragraphs are separated by blank lines (or form feeds).
fn text_blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut cur = String::new();
    for line in text.lines() {
        if line.trim().is_empty() || line.contains('\x0c') {
            flush(&mut blocks, &mut cur, false);
            cur.push_str(line.trim_matches('\x0c'));
        } else {
            cur.push_str(line);
            cur.push('\n');
        }
    }
    flush(&mut blocks, &mut cur, false);
    blocks
}

fn flush(blocks: &mut Vec<Block>, cur: &mut String, heading: bool) {
    if !cur.trim().is_empty() {
        blocks.push(Block::new(None, std::mem::take(cur), heading));
    }
    cur.clear();
}

fn markdown_blocks(text: &str) -> (Option<String>, Vec<Block>) {
    let mut blocks = Vec::new();
    let mut title = None;
    let mut cur = String::new();
    let mut fence: Option<&str> = None;
    let mut code = String::new();
    for line in text.lines() {
        let trimmed = line.trim_start();
        if let Some(marker) = fence {
            if trimmed.starts_with(marker) {
                fence = None;
                flush(&mut blocks, &mut code, false);
            } else {
                code.push_str(line);
                code.push('\n');
            }
            continue;
        }
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            flush(&mut blocks, &mut cur, false);
            fence = Some(&trimmed[..3]);
            continue;
        }
        if trimmed.is_empty() {
            flush(&mut blocks, &mut cur, false);
            continue;
        }
        if let Some(heading) = atx_heading(trimmed) {
            flush(&mut blocks, &mut cur, false);
            let mut h = inline(heading);
            if title.is_none() && trimmed.starts_with("# ") {
                title = Some(h.clone());
            }
            flush(&mut blocks, &mut h, true);
            continue;
        }
        // Setext headings: a line of = or - under a paragraph line.
        if !cur.is_empty() && !cur.trim_end().contains('\n') && is_underline(trimmed) {
            let mut h = std::mem::take(&mut cur);
            if title.is_none() && trimmed.starts_with('=') {
                title = Some(h.trim().to_string());
            }
            flush(&mut blocks, &mut h, true);
            continue;
        }
        if is_rule(trimmed) {
            flush(&mut blocks, &mut cur, false);
            continue;
        }
        let content = strip_block_markers(trimmed);
        if content != trimmed && starts_list_item(trimmed) {
            // Each list item is its own block so items are not run together into one sentence.
            flush(&mut blocks, &mut cur, false);
        }
        cur.push_str(&inline(content));
        cur.push('\n');
    }
    flush(&mut blocks, &mut cur, false);
    flush(&mut blocks, &mut code, false);
    (title, blocks)
}

fn atx_heading(line: &str) -> Option<&str> {
    let hashes = line.bytes().take_while(|&b| b == b'#').count();
    if !(1..=6).contains(&hashes) {
        return None;
    }
    let rest = &line[hashes..];
    if !(rest.is_empty() || rest.starts_with(' ') || rest.starts_with('\t')) {
        return None;
    }
    Some(rest.trim().trim_end_matches('#').trim_end())
}

fn is_underline(line: &str) -> bool {
    let l = line.trim_end();
    !l.is_empty() && (l.bytes().all(|b| b == b'=') || (l.len() >= 2 && l.bytes().all(|b| b == b'-')))
}

fn is_rule(line: &str) -> bool {
    let l: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    l.len() >= 3 && (l.bytes().all(|b| b == b'-') || l.bytes().all(|b| b == b'*') || l.bytes().all(|b| b == b'_'))
}

fn starts_list_item(line: &str) -> bool {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    line.starts_with("- ")
        || line.starts_with("* ")
        || line.starts_with("+ ")
        || (digits > 0 && (line[digits..].starts_with(". ") || line[digits..].starts_with(") ")))
}

/// Drops block quote `>` and list markers.
fn strip_block_markers(mut line: &str) -> &str {
    while let Some(rest) = line.strip_prefix('>') {
        line = rest.trim_start();
    }
    if starts_list_item(line) {
        let cut = line.find(' ').map_or(line.len(), |i| i + 1);
        line = line[cut..].trim_start();
        if let Some(rest) = line.strip_prefix("[ ] ").or_else(|| line.strip_prefix("[x] ")) {
            line = rest;
        }
    }
    line
}

/// Strips inline markup: `[text](url)` and `![alt](src)` keep the text, `<tags>`, emphasis
/// markers and code ticks go; a backslash escape keeps the escaped character.
fn inline(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' if i + 1 < chars.len() && chars[i + 1].is_ascii_punctuation() => {
                out.push(chars[i + 1]);
                i += 2;
            }
            '!' if chars.get(i + 1) == Some(&'[') => i += 1,
            '[' => {
                // [text](url) or [text][ref]: keep the text, skip the target.
                if let Some(close) = chars[i + 1..].iter().position(|&c| c == ']').map(|p| p + i + 1) {
                    let target_end = match chars.get(close + 1) {
                        Some('(') => chars[close + 1..].iter().position(|&c| c == ')').map(|p| p + close + 1),
                        Some('[') => chars[close + 1..].iter().position(|&c| c == ']').map(|p| p + close + 1),
                        _ => None,
                    };
                    if let Some(end) = target_end {
                        out.push_str(&inline(&chars[i + 1..close].iter().collect::<String>()));
                        i = end + 1;
                        continue;
                    }
                }
                out.push(c);
                i += 1;
            }
            '<' => {
                // An HTML tag or autolink: <https://x> keeps the address, <b> goes.
                if let Some(end) = chars[i + 1..].iter().position(|&c| c == '>').map(|p| p + i + 1) {
                    let inner: String = chars[i + 1..end].iter().collect();
                    if inner.contains("://") || inner.contains('@') {
                        out.push_str(&inner);
                        i = end + 1;
                        continue;
                    }
                    if inner.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '/' || c == '!') {
                        i = end + 1;
                        continue;
                    }
                }
                out.push(c);
                i += 1;
            }
            '*' | '`' => i += 1,
            // Underscores are emphasis only at word edges (snake_case stays).
            '_' => {
                let before = i.checked_sub(1).map(|j| chars[j]);
                let after = chars.get(i + 1).copied();
                let inside_word = before.is_some_and(char::is_alphanumeric) && after.is_some_and(char::is_alphanumeric);
                if inside_word {
                    out.push(c);
                }
                i += 1;
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_markup_is_stripped() {
        assert_eq!(inline("**Bold** and _em_ with [a link](http://x.y) and `code` and snake_case"), "Bold and em with a link and code and snake_case");
        assert_eq!(inline("![a diagram](d.png) <br> <https://a.b> 2 \\* 3"), "a diagram  https://a.b 2 * 3");
    }

    #[test]
    fn headings_lists_and_fences_become_blocks() {
        let (title, blocks) = markdown_blocks("# Title\n\nIntro line\ncontinues.\n\n## Part\n- one\n- two\n\n```\nlet x = 1;\n```\nSetext\n======\n");
        assert_eq!(title.as_deref(), Some("Title"));
        let texts: Vec<(&str, bool)> = blocks.iter().map(|b| (b.text.trim(), b.heading)).collect();
        assert_eq!(
            texts,
            vec![("Title", true), ("Intro line\ncontinues.", false), ("Part", true), ("one", false), ("two", false), ("let x = 1;", false), ("Setext", true)]
        );
    }

    #[test]
    fn utf16_with_bom_decodes_and_binary_is_refused() {
        let mut bytes = vec![0xFF, 0xFE];
        for u in "Hé there".encode_utf16() {
            bytes.extend(u.to_le_bytes());
        }
        assert_eq!(decode(&bytes).unwrap(), "Hé there");
        assert_eq!(decode(b"a\0b"), Err(ExtractError::UnsupportedType));
        assert_eq!(decode(&[0xC3, 0x28]), Err(ExtractError::UnsupportedType));
    }
}
