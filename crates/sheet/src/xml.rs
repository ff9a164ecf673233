//! A small pull parser for the XML inside .ods files: start and end tags, attributes, and text
//! with the predefined and numeric character references replaced. It reads a string held in
//! memory and borrows from it, allocating only where a reference is replaced. Comments,
//! processing instructions and CDATA sections are handled; a document type declaration is
//! refused, and no other reference is known, so no entity can expand. Nesting is not checked:
//! the reader tracks what it needs.

use std::borrow::Cow;

/// The XML is not well-formed enough to read.
#[derive(Debug)]
pub(crate) struct XmlError;

pub(crate) enum Event<'a> {
    Start(Tag<'a>),
    End(&'a str),
    Text(Cow<'a, str>),
}

pub(crate) struct Tag<'a> {
    pub name: &'a str,
    /// `<name/>`: no end tag follows.
    pub empty: bool,
    attributes: &'a str,
}

impl<'a> Tag<'a> {
    /// The attributes in order, as `(name, value)`.
    pub fn attributes(&self) -> Attributes<'a> {
        Attributes { rest: self.attributes }
    }
}

pub(crate) struct Attributes<'a> {
    rest: &'a str,
}

/// An attribute's name and its value.
pub(crate) type Attribute<'a> = (&'a str, Cow<'a, str>);

impl<'a> Iterator for Attributes<'a> {
    type Item = Result<Attribute<'a>, XmlError>;

    fn next(&mut self) -> Option<Self::Item> {
        let rest = self.rest.trim_start();
        if rest.is_empty() {
            return None;
        }
        let attribute = next_attribute(rest);
        self.rest = attribute.as_ref().map_or("", |(_, rest)| rest);
        Some(attribute.map(|(attribute, _)| attribute))
    }
}

/// `name="value"` at the start of `text`, and what follows it.
fn next_attribute(text: &str) -> Result<(Attribute<'_>, &str), XmlError> {
    let (name, rest) = text.split_once('=').ok_or(XmlError)?;
    let rest = rest.trim_start();
    let quote = rest.chars().next().filter(|quote| matches!(quote, '"' | '\'')).ok_or(XmlError)?;
    let (value, rest) = rest[1..].split_once(quote).ok_or(XmlError)?;
    Ok(((name.trim(), unescape(value)?), rest))
}

pub(crate) struct XmlReader<'a> {
    xml: &'a str,
    at: usize,
}

impl<'a> XmlReader<'a> {
    pub fn new(xml: &'a str) -> XmlReader<'a> {
        XmlReader { xml, at: 0 }
    }

    /// The next tag or text, `None` at the end of the document.
    pub fn next(&mut self) -> Result<Option<Event<'a>>, XmlError> {
        loop {
            let rest = &self.xml[self.at..];
            if rest.is_empty() {
                return Ok(None);
            }
            if !rest.starts_with('<') {
                let end = rest.find('<').unwrap_or(rest.len());
                self.at += end;
                return Ok(Some(Event::Text(unescape(&rest[..end])?)));
            }
            if rest.starts_with("<?") {
                self.skip_past(rest, "?>")?;
            } else if rest.starts_with("<!--") {
                self.skip_past(rest, "-->")?;
            } else if let Some(data) = rest.strip_prefix("<![CDATA[") {
                let (text, _) = data.split_once("]]>").ok_or(XmlError)?;
                self.skip_past(rest, "]]>")?;
                return Ok(Some(Event::Text(Cow::Borrowed(text))));
            } else if rest.starts_with("<!") {
                return Err(XmlError);
            } else if let Some(end_tag) = rest.strip_prefix("</") {
                let (name, _) = end_tag.split_once('>').ok_or(XmlError)?;
                self.skip_past(rest, ">")?;
                return Ok(Some(Event::End(name.trim_end())));
            } else {
                return self.start_tag(rest).map(Some);
            }
        }
    }

    fn start_tag(&mut self, rest: &'a str) -> Result<Event<'a>, XmlError> {
        let end = tag_end(rest).ok_or(XmlError)?;
        self.at += end + 1;
        let inside = &rest[1..end];
        let (inside, empty) = match inside.strip_suffix('/') {
            Some(inside) => (inside, true),
            None => (inside, false),
        };
        let name_end = inside.find([' ', '\t', '\n', '\r']).unwrap_or(inside.len());
        let (name, attributes) = inside.split_at(name_end);
        if name.is_empty() {
            return Err(XmlError);
        }
        Ok(Event::Start(Tag { name, empty, attributes }))
    }

    fn skip_past(&mut self, rest: &str, marker: &str) -> Result<(), XmlError> {
        let at = rest.find(marker).ok_or(XmlError)?;
        self.at += at + marker.len();
        Ok(())
    }
}

/// Where the tag at the start of `text` closes: the first `>` outside quotes.
fn tag_end(text: &str) -> Option<usize> {
    let mut at = 0;
    loop {
        at += text[at..].find(['>', '"', '\''])?;
        let quote = text.as_bytes()[at];
        if quote == b'>' {
            return Some(at);
        }
        at += 1 + text[at + 1..].find(char::from(quote))?;
        at += 1;
    }
}

/// `a &lt; b` as `a < b`.
fn unescape(raw: &str) -> Result<Cow<'_, str>, XmlError> {
    if !raw.contains('&') {
        return Ok(Cow::Borrowed(raw));
    }
    let mut text = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(at) = rest.find('&') {
        text.push_str(&rest[..at]);
        let (reference, after) = rest[at + 1..].split_once(';').ok_or(XmlError)?;
        text.push(character(reference).ok_or(XmlError)?);
        rest = after;
    }
    text.push_str(rest);
    Ok(Cow::Owned(text))
}

fn character(reference: &str) -> Option<char> {
    let code = match reference {
        "lt" => return Some('<'),
        "gt" => return Some('>'),
        "amp" => return Some('&'),
        "quot" => return Some('"'),
        "apos" => return Some('\''),
        _ => match reference.strip_prefix("#x").or_else(|| reference.strip_prefix("#X")) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => reference.strip_prefix('#')?.parse().ok()?,
        },
    };
    char::from_u32(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(xml: &str) -> Result<Vec<String>, XmlError> {
        let mut reader = XmlReader::new(xml);
        let mut seen = Vec::new();
        while let Some(event) = reader.next()? {
            seen.push(match event {
                Event::Start(tag) => {
                    let attributes: Result<Vec<_>, _> = tag.attributes().collect();
                    let attributes: Vec<String> = attributes?.iter().map(|(name, value)| format!(" {name}={value}")).collect();
                    let close = if tag.empty { "/" } else { "" };
                    format!("<{}{}{close}>", tag.name, attributes.concat())
                }
                Event::End(name) => format!("</{name}>"),
                Event::Text(text) => text.into_owned(),
            });
        }
        Ok(seen)
    }

    #[test]
    fn tags_attributes_and_text_come_out_with_references_replaced() {
        let xml = r#"<?xml version="1.0"?><!-- a > comment --><a x="1 &amp; 2" y='&#65;&#x42;' z="a>b">t &lt;&gt; u<b/><![CDATA[<raw>]]></a >"#;
        assert_eq!(events(xml).unwrap(), ["<a x=1 & 2 y=AB z=a>b>", "t <> u", "<b/>", "<raw>", "</a>"]);
    }

    #[test]
    fn malformed_markup_is_an_error() {
        for xml in ["<a", "<a x=1>", "<a x=\"1>", "<!DOCTYPE a>", "<a>&nope;</a>", "<a>&#xD800;</a>", "<>", "<!-- open"] {
            assert!(events(xml).is_err(), "{xml}");
        }
    }
}
