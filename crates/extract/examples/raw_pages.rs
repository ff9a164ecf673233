//! Prints pdf-extract's raw text of each page of a PDF (for looking into extraction problems).
fn main() {
    let path = std::env::args().nth(1).expect("a PDF path");
    let bytes = std::fs::read(path).expect("readable file");
    match pdf_extract::extract_text_from_mem_by_pages(&bytes) {
        Ok(pages) => {
            for (i, text) in pages.iter().enumerate() {
                println!("===== page {} =====\n{text:?}", i + 1);
            }
        }
        Err(e) => println!("error: {e}"),
    }
}
