//! Word .docx: the body of `word/document.xml`, paragraph by paragraph.
//!
//! The zip is hostile until read: only the parts needed are inflated, each through a cap
//! ([`MAX_INFLATED_BYTES`], zip bombs), and XML nesting deeper than [`MAX_XML_DEPTH`] is refused.
//! Headings (`Title`, `Heading1`..) come from the paragraph style id, which is how Word and
//! LibreOffice name them whatever the interface language.

use std::io::{Cursor, Read};

use quick_xml::events::Event;

use crate::{Block, ExtractError, Kind, document};

/// The most bytes one part may inflate to.
pub const MAX_INFLATED_BYTES: u64 = 50 * 1024 * 1024;
/// Deeper element nesting than this is treated as an attack.
pub const MAX_XML_DEPTH: usize = 256;

pub fn extract(bytes: &[u8], ext: Option<&str>) -> Result<crate::Document, ExtractError> {
    let claims_word = matches!(ext, Some("docx" | "docm" | "dotx"));
    let mut zip = match zip::ZipArchive::new(Cursor::new(bytes)) {
        Ok(zip) => zip,
        Err(e) if claims_word => {
            return Err(ExtractError::Damaged(format!("not a readable zip archive: {e}")));
        }
        Err(_) => return Err(ExtractError::UnsupportedType),
    };
    if zip.index_for_name("word/document.xml").is_none() {
        // Another zip-based format (.xlsx, .pptx, .odt, an archive).
        return Err(if claims_word && zip.index_for_name("[Content_Types].xml").is_none() {
            ExtractError::Damaged("the Word document part is missing".into())
        } else {
            ExtractError::UnsupportedType
        });
    }
    let xml = read_part(&mut zip, "word/document.xml")?.ok_or_else(|| ExtractError::Damaged("no document part".into()))?;
    let (blocks, first_title) = body_blocks(&xml)?;
    let title = read_part(&mut zip, "docProps/core.xml").ok().flatten().and_then(|core| core_title(&core)).or(first_title);
    document(Kind::Docx, title, blocks)
}

fn read_part(zip: &mut zip::ZipArchive<Cursor<&[u8]>>, name: &str) -> Result<Option<Vec<u8>>, ExtractError> {
    let file = match zip.by_name(name) {
        Ok(f) => f,
        Err(zip::result::ZipError::FileNotFound) => return Ok(None),
        // A zip with password-protected entries (ZipCrypto or AES), not how Word encrypts (that
        // is an OLE container, see `doc`), but refused the same way.
        Err(zip::result::ZipError::UnsupportedArchive(m)) if m == zip::result::ZipError::PASSWORD_REQUIRED => {
            return Err(ExtractError::Encrypted);
        }
        Err(e) => return Err(ExtractError::Damaged(format!("cannot open {name}: {e}"))),
    };
    let mut out = Vec::new();
    // The declared size can lie: count what actually comes out.
    file.take(MAX_INFLATED_BYTES + 1).read_to_end(&mut out).map_err(|e| ExtractError::Damaged(format!("cannot inflate {name}: {e}")))?;
    if out.len() as u64 > MAX_INFLATED_BYTES {
        return Err(ExtractError::Damaged(format!("{name} inflates to more than {} MB", MAX_INFLATED_BYTES >> 20)));
    }
    Ok(Some(out))
}

fn xml_error(e: impl std::fmt::Display) -> ExtractError {
    ExtractError::Damaged(format!("invalid XML: {e}"))
}

/// The paragraphs of the body, and the text of the first Title (or first heading) paragraph.
fn body_blocks(xml: &[u8]) -> Result<(Vec<Block>, Option<String>), ExtractError> {
    let mut reader = quick_xml::Reader::from_reader(xml);
    let mut buf = Vec::new();
    let mut blocks = Vec::new();
    let mut depth = 0usize;
    let mut in_text = false;
    let mut para = String::new();
    let mut heading = false;
    let mut title_style = false;
    let mut title = None;
    let mut first_heading = None;
    // Deleted text in tracked changes and field instructions are not part of what reads.
    let mut skip_depth: Option<usize> = None;
    loop {
        let event = reader.read_event_into(&mut buf).map_err(xml_error)?;
        match event {
            Event::Start(e) => {
                depth += 1;
                if depth > MAX_XML_DEPTH {
                    return Err(ExtractError::Damaged("XML nested too deeply".into()));
                }
                match e.local_name().as_ref() {
                    "t" if skip_depth.is_none() => in_text = true,
                    "del" | "instrText" | "delText" if skip_depth.is_none() => skip_depth = Some(depth),
                    "p" => {
                        heading = false;
                        title_style = false;
                        para.clear();
                    }
                    _ => {}
                }
            }
            Event::Empty(e) => match e.local_name().as_ref() {
                "tab" | "br" | "cr" if skip_depth.is_none() => para.push(' '),
                "pStyle" => {
                    for attr in e.attributes().flatten() {
                        if attr.key.local_name().as_ref() == "val" {
                            let style = attr.value.to_ascii_lowercase();
                            title_style |= style == "title";
                            heading |= style == "title" || style.starts_with("heading") || style == "subtitle";
                        }
                    }
                }
                "outlineLvl" => heading = true,
                _ => {}
            },
            Event::Text(t) if in_text && skip_depth.is_none() => {
                para.push_str(&t.xml10_content());
            }
            Event::GeneralRef(r) if in_text && skip_depth.is_none() => {
                let name = r.xml10_content();
                match resolve_entity(&name) {
                    Some(c) => para.push(c),
                    None => {
                        return Err(ExtractError::Damaged(format!("unknown XML entity &{name};")));
                    }
                }
            }
            Event::CData(t) if in_text && skip_depth.is_none() => para.push_str(&t.xml10_content()),
            Event::End(e) => {
                if skip_depth == Some(depth) {
                    skip_depth = None;
                }
                depth = depth.saturating_sub(1);
                match e.local_name().as_ref() {
                    "t" => in_text = false,
                    "p" => {
                        let text = para.trim();
                        if !text.is_empty() {
                            if title_style && title.is_none() {
                                title = Some(text.to_string());
                            }
                            if heading && first_heading.is_none() {
                                first_heading = Some(text.to_string());
                            }
                            blocks.push(Block::new(None, text.to_string(), heading));
                        }
                        para.clear();
                    }
                    _ => {}
                }
            }
            Event::DocType(_) => {
                return Err(ExtractError::Damaged("a DOCTYPE in document XML".into()));
            }
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    Ok((blocks, title.or(first_heading)))
}

/// `&amp;` and friends, and character references.
fn resolve_entity(name: &str) -> Option<char> {
    match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        _ => {
            let code = name.strip_prefix('#')?;
            let n = match code.strip_prefix('x').or_else(|| code.strip_prefix('X')) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => code.parse().ok()?,
            };
            char::from_u32(n)
        }
    }
}

/// `dc:title` from docProps/core.xml.
fn core_title(xml: &[u8]) -> Option<String> {
    let mut reader = quick_xml::Reader::from_reader(xml);
    let mut buf = Vec::new();
    let mut inside = false;
    let mut title = String::new();
    for _ in 0..10_000 {
        match reader.read_event_into(&mut buf).ok()? {
            Event::Start(e) if e.local_name().as_ref() == "title" => inside = true,
            Event::End(e) if e.local_name().as_ref() == "title" => break,
            Event::Text(t) if inside => title.push_str(&t.xml10_content()),
            Event::GeneralRef(r) if inside => title.push(resolve_entity(&r.xml10_content())?),
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    let title = title.trim();
    (!title.is_empty()).then(|| title.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_headings_entities_and_deletions() {
        let xml = br#"<w:document xmlns:w="x"><w:body>
            <w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Causes</w:t></w:r></w:p>
            <w:p><w:r><w:t xml:space="preserve">Bread &amp; taxes</w:t><w:tab/><w:t>&#233;t&#xE9;</w:t></w:r>
            <w:del><w:r><w:delText>gone</w:delText></w:r></w:del></w:p>
            </w:body></w:document>"#;
        let (blocks, title) = body_blocks(xml).unwrap();
        assert_eq!(title.as_deref(), Some("Causes"));
        assert_eq!(blocks.len(), 2);
        assert!(blocks[0].heading);
        assert_eq!(blocks[1].text, "Bread & taxes été");
    }

    #[test]
    fn deep_nesting_is_refused() {
        let xml = format!("{}{}", "<a>".repeat(10_000), "</a>".repeat(10_000));
        assert!(matches!(body_blocks(xml.as_bytes()), Err(ExtractError::Damaged(_))));
    }
}
