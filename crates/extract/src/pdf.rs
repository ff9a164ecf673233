//! PDF: text page by page with pdf-extract (whose lopdf is re-exported as `pdf_extract::*`).
//!
//! Each page runs behind `catch_unwind`, so a page that makes the parser panic costs that page
//! only; a document where every page fails is damaged. Page count and total time are bounded.
//! The raw page text is then repaired: hyphenation at line ends is undone, lines that repeat at
//! the top or bottom of most pages (running headers, page numbers) are dropped, and lines are
//! joined into paragraphs at blank lines.

use std::collections::{HashMap, HashSet};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use crate::passages::collapse_whitespace;
use crate::{Block, ExtractError, Kind, document};

/// Documents with more pages are refused rather than read in part.
pub const MAX_PAGES: usize = 2000;
/// Reading stops (with what was read so far refused as damaged) after this long.
pub const TIME_BUDGET: Duration = Duration::from_secs(30);

/// The most that the Flate streams of a PDF other than images may inflate to, together:
/// lopdf inflates a stream whole, so a "PDF bomb" would otherwise take all memory.
pub const MAX_INFLATED_BYTES: u64 = 256 * 1024 * 1024;

pub fn extract(bytes: &[u8]) -> Result<crate::Document, ExtractError> {
    check_inflated_size(bytes)?;
    let loaded = catch_unwind(AssertUnwindSafe(|| pdf_extract::Document::load_mem(bytes)));
    let mut doc = match loaded {
        Ok(Ok(doc)) => doc,
        Ok(Err(e)) => {
            return Err(if mentions_encryption(bytes) { ExtractError::Encrypted } else { ExtractError::Damaged(format!("not a readable PDF: {e}")) });
        }
        Err(_) => {
            return Err(ExtractError::Damaged("the PDF structure could not be parsed".into()));
        }
    };
    if doc.is_encrypted() {
        // Files with only an owner password ("no copying") open with the empty user password.
        let opened = catch_unwind(AssertUnwindSafe(|| doc.decrypt(""))).is_ok_and(|r| r.is_ok());
        if !opened {
            return Err(ExtractError::Encrypted);
        }
    }
    let pages = doc.get_pages();
    if pages.len() > MAX_PAGES {
        return Err(ExtractError::TooManyPages { max: MAX_PAGES });
    }
    if pages.is_empty() {
        return Err(ExtractError::Damaged("the PDF has no pages".into()));
    }
    let started = Instant::now();
    let mut texts = Vec::with_capacity(pages.len());
    let mut failed = 0;
    for &number in pages.keys() {
        if started.elapsed() > TIME_BUDGET {
            return Err(ExtractError::Damaged("reading the PDF took too long".into()));
        }
        let page = catch_unwind(AssertUnwindSafe(|| {
            let mut text = String::new();
            let mut out = pdf_extract::PlainTextOutput::new(&mut text);
            pdf_extract::output_doc_page(&doc, &mut out, number).map(|()| text)
        }));
        match page {
            Ok(Ok(text)) => texts.push((number, text)),
            _ => {
                failed += 1;
                texts.push((number, String::new()));
            }
        }
    }
    if failed == pages.len() {
        return Err(ExtractError::Damaged("no page of the PDF could be read".into()));
    }
    if !texts.iter().any(|(_, t)| t.chars().filter(|c| c.is_alphanumeric()).nth(15).is_some()) {
        return Err(ExtractError::NoTextLayer);
    }
    let title = info_title(&doc);
    document(Kind::Pdf, title, blocks(texts))
}

/// Inflates every zlib stream of the file (found by the `stream` keyword, before the file is
/// parsed, since parsing already inflates object streams) into a counter, skipping images,
/// which text extraction does not inflate.
fn check_inflated_size(bytes: &[u8]) -> Result<(), ExtractError> {
    let mut total = 0u64;
    let mut from = 0;
    let mut dict_start = 0;
    while let Some(found) = find(&bytes[from..], b"stream") {
        let at = from + found;
        from = at + 6;
        if bytes[..at].ends_with(b"end") {
            dict_start = at;
            continue;
        }
        let data_start = match bytes.get(from..from + 2) {
            Some([b'\r', b'\n']) => from + 2,
            Some([b'\n', _]) | Some([b'\r', _]) => from + 1,
            _ => continue,
        };
        let dict = &bytes[dict_start..at];
        dict_start = at;
        if find(dict, b"/Image").is_some() {
            continue;
        }
        let end = find(&bytes[data_start..], b"endstream").map_or(bytes.len(), |e| data_start + e);
        total += inflated_len(&bytes[data_start..end], MAX_INFLATED_BYTES - total);
        if total >= MAX_INFLATED_BYTES {
            return Err(ExtractError::Damaged(format!("its compressed content expands to more than {} MB", MAX_INFLATED_BYTES >> 20)));
        }
        from = end;
    }
    Ok(())
}

/// How many bytes `data` inflates to (as zlib), stopping at `limit` or at the first error.
fn inflated_len(data: &[u8], limit: u64) -> u64 {
    let mut inflater = flate2::Decompress::new(true);
    let mut sink = vec![0u8; 64 * 1024];
    loop {
        let consumed = inflater.total_in() as usize;
        let before = inflater.total_out();
        let status = inflater.decompress(&data[consumed.min(data.len())..], &mut sink, flate2::FlushDecompress::None);
        let progressed = inflater.total_out() > before || inflater.total_in() as usize > consumed;
        match status {
            Ok(flate2::Status::Ok) if progressed && inflater.total_out() < limit => {}
            _ => return inflater.total_out(),
        }
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn mentions_encryption(bytes: &[u8]) -> bool {
    bytes.windows(8).any(|w| w == b"/Encrypt")
}

fn info_title(doc: &pdf_extract::Document) -> Option<String> {
    let info = doc.trailer.get(b"Info").ok()?;
    let info = match info {
        pdf_extract::Object::Reference(id) => doc.get_dictionary(*id).ok()?,
        pdf_extract::Object::Dictionary(d) => d,
        _ => return None,
    };
    let title = info.get(b"Title").ok()?;
    let text = pdf_extract::decode_text_string(title).ok()?;
    (!text.trim().is_empty()).then_some(text)
}

/// Turns page texts into paragraph blocks. A paragraph ends at a blank line or after a line
/// clearly shorter than the page's longest (the last line of a paragraph, a heading), since
/// many PDFs put no extra space between paragraphs.
fn blocks(pages: Vec<(u32, String)>) -> Vec<Block> {
    let page_lines: Vec<(u32, Vec<String>)> = pages.into_iter().map(|(n, t)| (n, t.lines().map(collapse_whitespace).collect())).collect();
    let repeated = repeated_edge_lines(&page_lines);
    let compounds = hyphenated_words(&page_lines);
    let mut blocks: Vec<Block> = Vec::new();
    for (number, lines) in page_lines {
        let (first, last) = edge_indexes(&lines);
        let kept: Vec<&str> = lines
            .iter()
            .enumerate()
            .map(|(i, line)| {
                let at_edge = Some(i) == first || Some(i) == last;
                if at_edge && repeated.contains_key(&edge_key(line)) { "" } else { line.as_str() }
            })
            .collect();
        let longest = kept.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let mut para = String::new();
        let mut page_blocks = Vec::new();
        for line in kept {
            let short = longest >= 40 && line.chars().count() * 4 < longest * 3 && !line.ends_with([',', '-']);
            // A short line without a full stop after a finished sentence is a heading.
            let heading_like = short && !line.ends_with(['.', '!', '?', ';']) && line.chars().next().is_some_and(|c| c.is_uppercase() || c.is_ascii_digit());
            if heading_like && para.ends_with(['.', '!', '?', ':']) {
                page_blocks.push(std::mem::take(&mut para));
            }
            if !line.is_empty() {
                append_line(&mut para, line, &compounds);
            }
            if (line.is_empty() || short) && !para.is_empty() {
                page_blocks.push(std::mem::take(&mut para));
            }
        }
        if !para.is_empty() {
            page_blocks.push(para);
        }
        for (k, text) in page_blocks.into_iter().enumerate() {
            // A paragraph that runs on from the previous page joins it, remembering where this
            // page begins in it.
            if k == 0
                && let Some(prev) = blocks.last_mut()
                && !prev.text.ends_with(['.', '!', '?', ':', '"', '”', ')'])
                && text.chars().next().is_some_and(char::is_lowercase)
            {
                append_line(&mut prev.text, &text, &compounds);
                let at = prev.text.len() - text.len();
                prev.page_starts.push((at, number));
                continue;
            }
            blocks.push(Block::new(Some(number), text, false));
        }
    }
    blocks
}

/// Joins a line to a paragraph. A line that ends in a hyphen before a word is either a word
/// broken by hyphenation ("exam-" + "ple" -> "example": a lower-case letter on both sides) or a
/// compound broken at its hyphen ("light-" + "dependent", "3-" + "phosphate"), which keeps the
/// hyphen; compounds are recognised by appearing unbroken elsewhere in the document.
fn append_line(para: &mut String, line: &str, compounds: &HashSet<String>) {
    if para.is_empty() {
        para.push_str(line);
        return;
    }
    let next_is_word = line.chars().next().is_some_and(char::is_alphanumeric);
    let dash_after_word = para.ends_with('-') && para[..para.len() - 1].chars().last().is_some_and(char::is_alphanumeric);
    if !dash_after_word || !next_is_word {
        para.push(' ');
        para.push_str(line);
        return;
    }
    let before = para[..para.len() - 1].rsplit(|c: char| !c.is_alphanumeric()).next().unwrap_or("");
    let after = line.split(|c: char| !c.is_alphanumeric()).next().unwrap_or("");
    let word_break = before.chars().last().is_some_and(char::is_lowercase)
        && after.chars().next().is_some_and(char::is_lowercase)
        && !compounds.contains(&format!("{before}-{after}").to_lowercase());
    if word_break {
        para.pop();
    }
    para.push_str(line);
}

/// Hyphenated words that appear within a line somewhere in the document.
fn hyphenated_words(pages: &[(u32, Vec<String>)]) -> HashSet<String> {
    let mut set = HashSet::new();
    for line in pages.iter().flat_map(|(_, lines)| lines) {
        for word in line.split(|c: char| !(c.is_alphanumeric() || c == '-')) {
            let word = word.trim_matches('-');
            if word.contains('-') {
                set.insert(word.to_lowercase());
            }
        }
    }
    set
}

fn edge_indexes(lines: &[String]) -> (Option<usize>, Option<usize>) {
    let first = lines.iter().position(|l| !l.is_empty());
    let last = lines.iter().rposition(|l| !l.is_empty());
    (first, last)
}

/// Running headers and footers differ only by the page number: digits are masked.
fn edge_key(line: &str) -> String {
    line.chars().map(|c| if c.is_ascii_digit() { '#' } else { c }).collect()
}

/// First and last lines that appear (digits masked) on more than half of the pages, for
/// documents of at least three pages.
fn repeated_edge_lines(pages: &[(u32, Vec<String>)]) -> HashMap<String, usize> {
    let mut counts: HashMap<String, usize> = HashMap::new();
    if pages.len() < 3 {
        return counts;
    }
    for (_, lines) in pages {
        let (first, last) = edge_indexes(lines);
        let mut keys: Vec<String> = [first, last].into_iter().flatten().map(|i| edge_key(&lines[i])).collect();
        keys.dedup();
        for key in keys {
            *counts.entry(key).or_default() += 1;
        }
    }
    counts.retain(|_, n| *n * 2 > pages.len());
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hyphenation_headers_and_page_runs_are_repaired() {
        let pages = (1..=4).map(|n| (n, format!("Lecture notes\n\nThis is an exam-\nple of text on page {n} that ends here.\n\nPage {n} of 4\n"))).collect();
        let blocks = blocks(pages);
        let texts: Vec<&str> = blocks.iter().map(|b| b.text.as_str()).collect();
        assert_eq!(texts.len(), 4, "{texts:?}");
        assert_eq!(texts[0], "This is an example of text on page 1 that ends here.");
        assert_eq!(blocks[3].page, Some(4));
    }

    #[test]
    fn paragraphs_end_at_short_lines_and_run_on_across_pages() {
        let full = "a line of text that fills the whole width of the page";
        let pages = vec![
            (1, format!("Heading\n{full}\n{full}\nends here.\n{full}\n{full}.\nNext Heading\n{full}\n{full}")),
            (2, format!("continued {full}\nand ends.\n")),
        ];
        let blocks = blocks(pages);
        let texts: Vec<&str> = blocks.iter().map(|b| b.text.as_str()).collect();
        assert_eq!(
            texts,
            vec![
                "Heading",
                &format!("{full} {full} ends here."),
                &format!("{full} {full}."),
                "Next Heading",
                &format!("{full} {full} continued {full} and ends.")
            ]
        );
        let run_on = &blocks[4];
        assert_eq!(run_on.page, Some(1));
        assert_eq!(run_on.page_starts, vec![(2 * full.len() + 2, 2)]);
        assert!(run_on.text[run_on.page_starts[0].0..].starts_with("continued"));
    }

    #[test]
    fn hyphens_of_compounds_stay_and_word_breaks_go() {
        let compounds: HashSet<String> = ["light-dependent".to_string()].into();
        let join = |a: &str, b: &str| {
            let mut p = a.to_string();
            append_line(&mut p, b, &compounds);
            p
        };
        assert_eq!(join("the COVID-", "19 spread"), "the COVID-19 spread");
        assert_eq!(join("the light-", "dependent stage"), "the light-dependent stage");
        assert_eq!(join("an exam-", "ple here"), "an example here");
        assert_eq!(join("a list -", "item"), "a list - item");
        assert_eq!(join("end.", "Next"), "end. Next");
    }
}
