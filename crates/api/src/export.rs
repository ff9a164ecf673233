//! Exported CSV files, shared by the features that offer them (a hosted quiz's results, a live
//! game's results): cells a spreadsheet cannot run as formulas, and the download answer.

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// A cell of an exported CSV: one that a spreadsheet would run as a formula gets a leading
/// apostrophe.
pub fn csv_cell(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{text}") } else { text.to_owned() }
}

/// `bytes` as a CSV download named `{title}-{suffix}.csv` (the title's letters and digits).
pub fn csv_download(title: &str, suffix: &str, bytes: Vec<u8>) -> Response {
    let name: String = title.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{}-{suffix}.csv\"", name.trim_matches('-'))),
        ],
        bytes,
    )
        .into_response()
}
