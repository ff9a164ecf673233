//! Why a file cannot be read at all, in words for the host, with the HTTP status it maps to.

use crate::{COLUMNS, REQUIRED_COLUMNS};

/// A file that cannot be read at all. Problems with single rows are [`crate::RowError`]s instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SheetError {
    #[error("File is too large. Please upload a file smaller than 10MB.")]
    TooLarge,
    #[error("The file is empty.")]
    Empty,
    #[error("This file is not a spreadsheet. Upload the template as .xlsx, .xls, .ods or .csv.")]
    NotASpreadsheet,
    #[error("This .xls file is in a format older than Excel 97. Save it as .xlsx and upload it again.")]
    OldExcelFormat,
    #[error("The file is password-protected. Remove the password, save it and upload it again.")]
    PasswordProtected,
    #[error("The CSV file is not UTF-8 text. Save it as \"CSV UTF-8\", or upload it as .xlsx.")]
    NotUtf8,
    #[error("The file could not be read; it may be damaged. Open it, save it again and upload the new copy.")]
    Unreadable,
    #[error("The file unpacks to far more data than a quiz needs. Keep only the questions and upload it again.")]
    TooMuchData,
    #[error("The first row must be the header, with the columns {}.", COLUMNS[..REQUIRED_COLUMNS].join(", "))]
    NoHeader,
    #[error("The file has more than 1,000 questions.")]
    TooManyQuestions,
    #[error("No questions found in the uploaded file. Please check the format and try again.")]
    NoQuestions,
}

impl SheetError {
    /// The HTTP status for this error: 413 too large, 415 not a readable kind of file, 422 a
    /// spreadsheet whose content cannot be used.
    pub fn status(&self) -> u16 {
        match self {
            SheetError::TooLarge => 413,
            SheetError::NotASpreadsheet | SheetError::OldExcelFormat => 415,
            SheetError::Empty
            | SheetError::PasswordProtected
            | SheetError::NotUtf8
            | SheetError::Unreadable
            | SheetError::TooMuchData
            | SheetError::NoHeader
            | SheetError::TooManyQuestions
            | SheetError::NoQuestions => 422,
        }
    }
}
