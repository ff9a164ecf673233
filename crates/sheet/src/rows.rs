//! From rows of cells to questions: the header check and the rules each row of the template
//! follows (docs/hosting-api.md, PRODUCT.md section 5). Readers hand over the rows with content
//! one by one and stop when told to, so a sheet of a million questions is read no further than
//! its 1,001st.

use std::collections::HashMap;
use std::ops::ControlFlow;

use quizroom_domain::question::{QuestionKind, TYPE_NAMES};
use quizroom_domain::quiz::Letter;

use crate::types::{OPTION_LETTERS, definition, type_named};
use crate::{COLUMNS, MAX_QUESTIONS, REQUIRED_COLUMNS, RowError, SheetError, SheetQuestion};

/// The columns read; cells further right are ignored.
pub(crate) const WIDTH: usize = COLUMNS.len();

const MAX_QUESTION_CHARS: usize = 1000;
const MAX_OPTION_CHARS: usize = 300;
const MAX_EXPLANATION_CHARS: usize = 2000;

/// Where readers send rows; [`ControlFlow::Break`] asks them to stop reading.
pub(crate) type Sink<'a> = dyn FnMut(SheetRow) -> ControlFlow<()> + 'a;

/// One row of the sheet: its first [`WIDTH`] cells as the host sees them, as text.
#[derive(Debug, Clone, Default)]
pub(crate) struct SheetRow {
    /// The row number in the spreadsheet, from 1.
    pub number: usize,
    pub cells: [String; WIDTH],
    /// One of the cells holds a formula.
    pub formula: bool,
}

impl SheetRow {
    pub fn new(number: usize) -> SheetRow {
        SheetRow { number, ..SheetRow::default() }
    }

    pub fn is_empty(&self) -> bool {
        !self.formula && self.cells.iter().all(|cell| cell.trim().is_empty())
    }
}

/// The sheet named `Questions` (in any case), else the first.
pub(crate) fn sheet_to_read(names: &[&str]) -> Option<usize> {
    let questions = names.iter().position(|name| name.trim().eq_ignore_ascii_case("questions"));
    questions.or((!names.is_empty()).then_some(0))
}

/// Takes the header, then checks each row; remembers the first reason to give up on the file.
#[derive(Debug, Default)]
pub(crate) struct Collector {
    header_seen: bool,
    /// The header has the `Type` column: the columns right of the seventh are read.
    typed: bool,
    data_rows: usize,
    questions: Vec<SheetQuestion>,
    errors: Vec<RowError>,
    /// Each accepted question's folded text and its row, to spot repeats.
    seen: HashMap<String, usize>,
    failure: Option<SheetError>,
}

impl Collector {
    pub fn push(&mut self, row: SheetRow) -> ControlFlow<()> {
        if row.is_empty() {
            return ControlFlow::Continue(());
        }
        if !self.header_seen {
            if !is_header(&row) {
                return self.give_up(SheetError::NoHeader);
            }
            self.header_seen = true;
            self.typed = fold(&row.cells[REQUIRED_COLUMNS]) == fold(COLUMNS[REQUIRED_COLUMNS]);
            return ControlFlow::Continue(());
        }
        self.data_rows += 1;
        if self.data_rows > MAX_QUESTIONS {
            return self.give_up(SheetError::TooManyQuestions);
        }
        match self.question(row) {
            Ok(question) => {
                self.seen.insert(fold(&question.text), question.row);
                self.questions.push(question);
            }
            Err(error) => self.errors.push(error),
        }
        ControlFlow::Continue(())
    }

    pub fn finish(self) -> Result<(Vec<SheetQuestion>, Vec<RowError>), SheetError> {
        match self.failure {
            Some(failure) => Err(failure),
            None if self.data_rows == 0 => Err(SheetError::NoQuestions),
            None => Ok((self.questions, self.errors)),
        }
    }

    fn give_up(&mut self, failure: SheetError) -> ControlFlow<()> {
        self.failure = Some(failure);
        ControlFlow::Break(())
    }

    /// The row as a question, or the first rule it breaks.
    fn question(&self, row: SheetRow) -> Result<SheetQuestion, RowError> {
        let n = row.number;
        let error = |message: String| RowError { row: n, message };
        if row.formula {
            return Err(error(format!("Row {n}: a cell holds a formula; paste its value instead")));
        }
        let [text, a, b, c, d, letter, explanation, kind, e, f, g, h] = row.cells.map(|cell| cell.trim().to_owned());
        if self.typed && !kind.is_empty() {
            return self.typed_question(n, text, [a, b, c, d, e, f, g, h], &letter, &kind, explanation);
        }
        if self.typed && [&e, &f, &g, &h].iter().any(|o| !o.is_empty()) {
            return Err(error(format!("Row {n}: Option E to Option H are for rows with a Type; a row without one has four options")));
        }
        let options = [a, b, c, d];
        if text.is_empty() || options.iter().any(String::is_empty) {
            return Err(error(format!("Row {n} is missing one or more required fields")));
        }
        let Some(answer) = Letter::parse(&letter) else {
            return Err(error(format!("Row {n}: the correct option letter must be A, B, C or D")));
        };
        if let Some(field) = too_long(&text, &options, &explanation) {
            return Err(error(format!("Row {n}: {field}")));
        }
        if stray(&text) || options.iter().any(|o| stray(o)) || stray(&explanation) {
            return Err(error(format!("Row {n}: a cell holds a control character")));
        }
        if !all_different(&options) {
            return Err(error(format!("Row {n} has two options that are the same")));
        }
        if let Some(first) = self.seen.get(&fold(&text)) {
            return Err(error(format!("Row {n} repeats the question in row {first}")));
        }
        Ok(SheetQuestion { row: n, text, kind: QuestionKind::from_letters(options, answer), explanation })
    }
}

impl Collector {
    /// A row with a `Type`: the type's cells read into its definition (`types`).
    fn typed_question(&self, n: usize, text: String, cells: [String; 8], correct: &str, kind: &str, explanation: String) -> Result<SheetQuestion, RowError> {
        let error = |message: String| RowError { row: n, message: format!("Row {n}: {message}") };
        let Some(name) = type_named(kind) else {
            return Err(error(format!("the type '{kind}' is not one of {}", TYPE_NAMES.join(", "))));
        };
        if text.is_empty() {
            return Err(error("the question is missing".to_owned()));
        }
        if text.chars().count() > MAX_QUESTION_CHARS {
            return Err(error("the question is longer than 1,000 characters".to_owned()));
        }
        if let Some((letter, _)) = OPTION_LETTERS.iter().zip(&cells).find(|(_, cell)| cell.chars().count() > MAX_OPTION_CHARS) {
            return Err(error(format!("option {letter} is longer than {MAX_OPTION_CHARS} characters")));
        }
        if explanation.chars().count() > MAX_EXPLANATION_CHARS {
            return Err(error("the explanation is longer than 2,000 characters".to_owned()));
        }
        if [text.as_str(), correct, explanation.as_str()].into_iter().chain(cells.iter().map(String::as_str)).any(stray) {
            return Err(error("a cell holds a control character".to_owned()));
        }
        if let Some(first) = self.seen.get(&fold(&text)) {
            return Err(RowError { row: n, message: format!("Row {n} repeats the question in row {first}") });
        }
        let options: Vec<String> = cells.into_iter().filter(|cell| !cell.is_empty()).collect();
        let kind = definition(name, &text, &options, correct).map_err(error)?;
        Ok(SheetQuestion { row: n, text, kind, explanation })
    }
}

/// Tabs and line breaks are text; other control characters (a NUL, an escape) are not.
fn stray(text: &str) -> bool {
    text.chars().any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
}

/// The first six cells name the template's columns (any case); the seventh names the explanation
/// column or is left empty. Further cells are the typed columns, or anything (ignored).
fn is_header(row: &SheetRow) -> bool {
    row.cells.iter().zip(COLUMNS).take(REQUIRED_COLUMNS).enumerate().all(|(i, (cell, name))| {
        let cell = fold(cell);
        cell == fold(name) || (i == REQUIRED_COLUMNS - 1 && (cell.is_empty() || cell == "explanation"))
    })
}

/// Which field is over its length, as the end of a sentence.
fn too_long(text: &str, options: &[String; 4], explanation: &str) -> Option<String> {
    let over = |value: &str, max: usize| value.chars().count() > max;
    if over(text, MAX_QUESTION_CHARS) {
        return Some("the question is longer than 1,000 characters".to_owned());
    }
    if let Some((letter, _)) = Letter::ALL.iter().zip(options).find(|(_, option)| over(option, MAX_OPTION_CHARS)) {
        return Some(format!("option {} is longer than {MAX_OPTION_CHARS} characters", letter.as_str()));
    }
    over(explanation, MAX_EXPLANATION_CHARS).then(|| "the explanation is longer than 2,000 characters".to_owned())
}

fn all_different(options: &[String; 4]) -> bool {
    let folded = options.each_ref().map(|option| fold(option));
    folded.iter().enumerate().all(|(i, option)| !folded[..i].contains(option))
}

/// Trimmed and lower-cased, for comparisons that ignore case and surrounding spaces.
fn fold(value: &str) -> String {
    value.trim().to_lowercase()
}
