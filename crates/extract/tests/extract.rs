//! Extraction from real files made by LibreOffice (see tests/fixtures/make.sh), and the error
//! every damaged, hostile, encrypted or unsupported input must give.

use std::io::Write;
use std::time::{Duration, Instant};

use quizroom_extract::{Document, ExtractError, Kind, MAX_FILE_BYTES, extract};

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Runs `extract` and fails if it takes a minute or more (a loose guard against hangs, not a
/// benchmark: a debug build on a busy machine is slow).
fn timed_extract(name: &str, bytes: &[u8]) -> Result<Document, ExtractError> {
    let started = Instant::now();
    let result = extract(name, bytes);
    let took = started.elapsed();
    assert!(took < Duration::from_secs(60), "{name} took {took:?}");
    result
}

const LECTURES: [(&str, &str, [&str; 3]); 3] = [
    (
        "photosynthesis",
        "Photosynthesis: Lecture Notes",
        [
            "The process takes place in the chloroplasts, small organelles found mainly in the cells of the leaf.",
            "This mechanism is called chemiosmosis.",
            "CAM plants such as cacti open their stomata only at night, which saves water in hot, dry climates.",
        ],
    ),
    (
        "french_revolution",
        "The French Revolution, 1789-1799",
        [
            "When this was refused, the deputies of the Third Estate declared themselves the National Assembly on 17 June 1789.",
            "Queen Marie Antoinette was guillotined in October 1793.",
            "Historians still debate whether it was driven mainly by social classes, by ideas or by political accident.",
        ],
    ),
    (
        "tcp_basics",
        "TCP Basics",
        ["Finally the client sends an ACK.", "This is called fast retransmit.", "A segment with the RST flag aborts a connection immediately."],
    ),
];

fn assert_well_formed(doc: &Document, name: &str) {
    assert!(!doc.passages.is_empty(), "{name}: no passages");
    let mut last_page = 0;
    for (i, p) in doc.passages.iter().enumerate() {
        assert_eq!(p.index, i, "{name}: passages out of order");
        assert!(!p.text.trim().is_empty(), "{name}: empty passage {i}");
        assert!(p.text.len() <= 1300, "{name}: passage {i} has {} chars", p.text.len());
        assert!(!p.text.contains("  "), "{name}: whitespace not collapsed in passage {i}");
        match doc.kind {
            Kind::Pdf => {
                let page = p.page.unwrap_or_else(|| panic!("{name}: passage {i} has no page"));
                assert!(page >= 1 && page >= last_page, "{name}: page {page} after {last_page}");
                last_page = page;
            }
            _ => assert_eq!(p.page, None, "{name}: only PDFs have pages"),
        }
    }
}

#[test]
fn every_format_of_every_lecture_gives_its_sentences_in_order() {
    let formats = [("pdf", Kind::Pdf), ("docx", Kind::Docx), ("doc", Kind::Doc), ("txt", Kind::Text), ("md", Kind::Markdown)];
    for (lecture, title, sentences) in LECTURES {
        for (ext, kind) in formats {
            let name = format!("{lecture}.{ext}");
            let doc = timed_extract(&name, &fixture(&name)).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(doc.kind, kind, "{name}");
            assert_well_formed(&doc, &name);
            let text = doc.text();
            let mut at = 0;
            for sentence in sentences {
                let found = text[at..].find(sentence).unwrap_or_else(|| panic!("{name}: missing or out of order: {sentence}\n{text}"));
                at += found + sentence.len();
            }
            assert!((600..800).contains(&doc.word_count()), "{name}: {} words", doc.word_count());
            match kind {
                Kind::Pdf | Kind::Docx | Kind::Markdown => {
                    assert_eq!(doc.title.as_deref(), Some(title), "{name}")
                }
                Kind::Doc | Kind::Text => assert_eq!(doc.title, None, "{name}"),
            }
            if kind == Kind::Pdf {
                assert!(doc.passages.last().unwrap().page.unwrap() >= 2, "{name}: lecture spans two pages");
            }
        }
    }
}

#[test]
fn markdown_markup_is_stripped_and_headings_start_passages() {
    let doc = extract("photosynthesis.md", &fixture("photosynthesis.md")).unwrap();
    let text = doc.text();
    assert!(!text.contains('#') && !text.contains("**"), "{text}");
    assert!(text.contains("The process takes place in the chloroplasts,"));
    let headed = doc.passages.iter().filter(|p| p.text.starts_with("The Calvin cycle\n")).count();
    assert_eq!(headed, 1, "the heading opens its passage");
}

#[test]
fn a_hyphenated_compound_broken_across_pdf_lines_keeps_its_hyphen() {
    let doc = extract("p.pdf", &fixture("photosynthesis.pdf")).unwrap();
    let text = doc.text();
    assert!(text.contains("glyceraldehyde 3-phosphate."), "{text}");
    assert!(!text.contains("- "), "a line-end hyphen was left with a space: {text}");
}

#[test]
fn text_in_utf16_or_with_a_bom_and_without_an_extension_is_read() {
    let body = "Photosynthesis happens in chloroplasts.\n\nThe Calvin cycle fixes carbon dioxide.\n";
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(body.encode_utf16().flat_map(u16::to_le_bytes));
    let mut bom = vec![0xEF, 0xBB, 0xBF];
    bom.extend(body.as_bytes());
    for (name, bytes) in [("notes.txt", utf16), ("notes.TXT", bom), ("notes", body.as_bytes().to_vec())] {
        let doc = extract(name, &bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(doc.kind, Kind::Text);
        assert_eq!(doc.text(), "Photosynthesis happens in chloroplasts.\nThe Calvin cycle fixes carbon dioxide.");
        assert_eq!(doc.word_count(), 10);
    }
}

fn assert_error(name: &str, bytes: &[u8], expected: ExtractError, status: u16) {
    let err = timed_extract(name, bytes).expect_err(name);
    assert_eq!(err, expected, "{name}");
    assert_eq!(err.status(), status, "{name}");
}

fn assert_damaged(name: &str, bytes: &[u8]) {
    match timed_extract(name, bytes) {
        Err(e @ ExtractError::Damaged(_)) => assert_eq!(e.status(), 422),
        other => panic!("{name}: expected Damaged, got {other:?}"),
    }
}

#[test]
fn the_product_messages_are_exact() {
    assert_eq!(ExtractError::TooLarge.to_string(), "File is too large. Please upload a file smaller than 10MB.");
    assert_eq!(ExtractError::UnsupportedType.to_string(), "Invalid file type. Please upload PDF, Word, or text files only.");
    assert_eq!(
        ExtractError::NoTextLayer.to_string(),
        "This PDF has no text layer (it looks scanned). Upload a PDF with selectable text, or a Word or text file."
    );
    assert_eq!(ExtractError::Encrypted.to_string(), "This file is password-protected. Remove the password and upload it again.");
}

#[test]
fn password_protected_pdf_docx_and_doc_are_refused_as_encrypted() {
    for name in ["encrypted.pdf", "encrypted.docx", "encrypted.doc"] {
        assert_error(name, &fixture(name), ExtractError::Encrypted, 422);
    }
}

#[test]
fn a_pdf_that_only_paints_an_image_has_no_text_layer() {
    assert_error("scan.pdf", &fixture("scanned.pdf"), ExtractError::NoTextLayer, 422);
}

#[test]
fn truncated_files_are_damaged() {
    assert_damaged("truncated.pdf", &fixture("truncated.pdf"));
    assert_damaged("truncated.docx", &fixture("truncated.docx"));
    let doc = fixture("photosynthesis.doc");
    assert_damaged("truncated.doc", &doc[..doc.len() / 2]);
}

#[test]
fn files_over_ten_megabytes_are_too_large() {
    let mut bytes = b"%PDF-1.4\n".to_vec();
    bytes.resize(MAX_FILE_BYTES + 1, b' ');
    assert_error("big.pdf", &bytes, ExtractError::TooLarge, 413);
    let text = vec![b'a'; MAX_FILE_BYTES + 1];
    assert_error("big.txt", &text, ExtractError::TooLarge, 413);
}

fn zip_of(parts: &[(&str, &[u8])]) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    let mut zip = zip::ZipWriter::new(&mut out);
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in parts {
        zip.start_file(*name, options).unwrap();
        zip.write_all(data).unwrap();
    }
    zip.finish().unwrap();
    out.into_inner()
}

#[test]
fn other_types_are_unsupported_whatever_their_name() {
    let png = fixture("image.pdf");
    let xlsx = zip_of(&[("[Content_Types].xml", b"<Types/>"), ("xl/workbook.xml", b"<workbook/>")]);
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("image.pdf", png.clone()),
        ("photo.png", png),
        ("sheet.xlsx", xlsx.clone()),
        ("sheet.docx", xlsx),
        ("setup.exe", b"MZ\x90\0\x03\0\0\0\x04\0\0\0\xff\xff\0\0".to_vec()),
        ("random.txt", (0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect()),
        ("data.csv", b"a,b\n1,2\n".to_vec()),
        ("page.html", b"<html><body>Hello</body></html>".to_vec()),
        ("notes.txt", b"binary\0with nul".to_vec()),
    ];
    for (name, bytes) in cases {
        assert_error(name, &bytes, ExtractError::UnsupportedType, 415);
    }
}

#[test]
fn files_without_text_are_empty() {
    for (name, bytes) in [("empty.txt", &b""[..]), ("blank.md", b" \n\n\t\n"), ("rule.md", b"---\n")] {
        assert_error(name, bytes, ExtractError::Empty, 422);
    }
    let docx = zip_of(&[("word/document.xml", b"<w:document xmlns:w='x'><w:body><w:p/></w:body></w:document>")]);
    assert_error("empty.docx", &docx, ExtractError::Empty, 422);
}

#[test]
fn a_docx_zip_bomb_is_stopped_at_the_inflation_cap() {
    // 60 MB of one byte deflates to about 60 KB.
    let bomb = vec![b'a'; 60 * 1024 * 1024];
    let docx = zip_of(&[("word/document.xml", &bomb)]);
    assert!(docx.len() < 1024 * 1024);
    assert_damaged("bomb.docx", &docx);
}

#[test]
fn deeply_nested_or_invalid_docx_xml_is_damaged() {
    let deep = format!("<w:document xmlns:w='x'>{}{}</w:document>", "<w:p>".repeat(100_000), "</w:p>".repeat(100_000));
    assert_damaged("deep.docx", &zip_of(&[("word/document.xml", deep.as_bytes())]));
    let doctype = b"<!DOCTYPE x [<!ENTITY a 'aaaa'>]><w:document><w:body><w:p><w:r><w:t>&a;</w:t></w:r></w:p></w:body></w:document>";
    assert_damaged("doctype.docx", &zip_of(&[("word/document.xml", doctype)]));
    assert_damaged("broken.docx", &zip_of(&[("word/document.xml", b"<w:document><w:p></w:r>")]));
}

/// A PDF written by hand: objects in order, with a correct cross-reference table.
fn pdf_of(objects: &[String]) -> Vec<u8> {
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, o) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend(format!("{} 0 obj\n{o}\nendobj\n", i + 1).as_bytes());
    }
    let xref = out.len();
    out.extend(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for off in offsets {
        out.extend(format!("{off:010} 00000 n \n").as_bytes());
    }
    out.extend(format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1).as_bytes());
    out
}

#[test]
fn a_pdf_with_a_huge_page_count_is_refused_quickly() {
    let pages = 2500;
    let kids: Vec<String> = (0..pages).map(|i| format!("{} 0 R", i + 3)).collect();
    let mut objects = vec!["<< /Type /Catalog /Pages 2 0 R >>".to_string(), format!("<< /Type /Pages /Kids [{}] /Count {pages} >>", kids.join(" "))];
    objects.extend((0..pages).map(|_| "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>".to_string()));
    let pdf = pdf_of(&objects);
    let result = timed_extract("many.pdf", &pdf);
    assert!(matches!(result, Err(ExtractError::TooManyPages { max: 2000 })), "{result:?}");
}

#[test]
fn a_pdf_whose_content_inflates_to_gigabytes_is_refused_before_parsing() {
    // 300 MB of spaces in one content stream, about 300 KB compressed.
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    let chunk = vec![b' '; 1024 * 1024];
    for _ in 0..300 {
        z.write_all(&chunk).unwrap();
    }
    let data = z.finish().unwrap();
    let mut pdf = pdf_of(&[
        "<< /Type /Catalog /Pages 2 0 R >>".into(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".into(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] /Contents 4 0 R >>".into(),
    ]);
    // Appended after the trailer: the scan finds it wherever it is.
    pdf.extend(format!("4 0 obj\n<< /Length {} /Filter /FlateDecode >>\nstream\n", data.len()).as_bytes());
    pdf.extend(&data);
    pdf.extend(b"\nendstream\nendobj\n");
    assert_damaged("bomb.pdf", &pdf);
}

#[test]
fn a_pdf_whose_page_tree_loops_finishes_with_an_error() {
    let pdf = pdf_of(&[
        "<< /Type /Catalog /Pages 2 0 R >>".into(),
        "<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>".into(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] /Contents 4 0 R >>".into(),
        "<< /Length 4 0 R >>\nstream\nBT /F1 12 Tf (x) Tj ET\nendstream".into(),
    ]);
    assert!(timed_extract("loop.pdf", &pdf).is_err());
}

/// Flips bytes of a real file at many positions: whatever comes out, it must be a result, never
/// a panic or a hang.
fn mutate_and_extract(name: &str, original: &[u8], rounds: usize) {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for round in 0..rounds {
        let mut bytes = original.to_vec();
        for _ in 0..1 + round % 8 {
            let at = (next() as usize) % bytes.len();
            bytes[at] = next() as u8;
        }
        if round % 5 == 0 {
            bytes.truncate((next() as usize) % bytes.len() + 1);
        }
        let _ = timed_extract(name, &bytes);
    }
}

#[test]
fn mutated_pdfs_never_panic_or_hang() {
    mutate_and_extract("m.pdf", &fixture("tcp_basics.pdf"), 150);
}

#[test]
fn mutated_docx_and_doc_never_panic_or_hang() {
    mutate_and_extract("m.docx", &fixture("tcp_basics.docx"), 150);
    mutate_and_extract("m.doc", &fixture("tcp_basics.doc"), 150);
}

#[test]
fn a_doc_whose_piece_table_points_outside_is_damaged() {
    let original = fixture("tcp_basics.doc");
    // The FIB is at the start of the WordDocument stream; find it by its magic number.
    let fib = original.windows(2).position(|w| w == [0xEC, 0xA5]).unwrap();
    let fc_clx = fib + 0x01A2;
    let mut bytes = original.clone();
    bytes[fc_clx..fc_clx + 4].copy_from_slice(&0x7FFF_FFF0u32.to_le_bytes());
    assert_damaged("clx.doc", &bytes);
    let mut bytes = original;
    let ccp_text = fib + 0x4C;
    bytes[ccp_text..ccp_text + 4].copy_from_slice(&u32::MAX.to_le_bytes());
    assert_damaged("ccp.doc", &bytes);
}

#[test]
fn a_fifty_page_pdf_gives_passages_on_every_page() {
    let doc = timed_extract("long.pdf", &fixture("long.pdf")).unwrap();
    assert_well_formed(&doc, "long.pdf");
    let pages: std::collections::BTreeSet<u32> = doc.passages.iter().filter_map(|p| p.page).collect();
    assert_eq!(pages.len(), 51, "{pages:?}");
    assert!(doc.text().contains("Part 37: TCP Basics") || doc.text().contains("Part 37: The French Revolution"));
}

#[test]
fn running_headers_and_page_numbers_are_dropped_and_paragraphs_found_without_spacing() {
    let doc = timed_extract("running_header.pdf", &fixture("running_header.pdf")).unwrap();
    assert_well_formed(&doc, "running_header.pdf");
    let text = doc.text();
    assert!(!text.contains("Biology and Networks 101") && !text.contains("Page 2"), "{text}");
    for sentence in [
        "This mechanism is called chemiosmosis.",
        "The Transmission Control Protocol, TCP, is the transport protocol used by most Internet applications,",
        "A segment with the RST flag aborts a connection immediately.",
    ] {
        assert!(text.contains(sentence), "missing: {sentence}");
    }
    let pages: std::collections::BTreeSet<u32> = doc.passages.iter().filter_map(|p| p.page).collect();
    assert_eq!(pages.into_iter().collect::<Vec<_>>(), vec![1, 2, 3]);
    assert!(doc.passages.len() >= 15, "paragraphs were found: {}", doc.passages.len());
}

#[test]
fn a_zip_with_password_protected_entries_is_encrypted() {
    let mut docx = zip_of(&[("word/document.xml", b"<w:document/>")]);
    // Set the "encrypted" flag in the local and the central header of the entry.
    docx[6] |= 1;
    let central = docx.windows(4).position(|w| w == b"PK\x01\x02").unwrap();
    docx[central + 8] |= 1;
    assert_error("locked.docx", &docx, ExtractError::Encrypted, 422);
}

#[test]
fn a_pdf_that_makes_the_parser_panic_is_damaged() {
    // The font is a reference to an object that does not exist: pdf-extract panics on it.
    let content = "BT /F1 12 Tf 72 700 Td (Photosynthesis happens in chloroplasts.) Tj ET";
    let pdf = pdf_of(&[
        "<< /Type /Catalog /Pages 2 0 R >>".into(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".into(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 9 0 R >> >> /Contents 4 0 R >>".into(),
        format!("<< /Length {} >>\nstream\n{content}\nendstream", content.len()),
    ]);
    assert_damaged("panics.pdf", &pdf);
}
