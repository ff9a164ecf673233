//! How a cell's value reads as text, the same in every format: numbers as Excel's General format
//! shows them (`1`, not `1.0`; at most 15 significant digits), booleans as `TRUE` and `FALSE`, and
//! dates and times in ISO 8601.

use calamine::ExcelDateTime;

/// `1.0` as `1`, `3.5` as `3.5`, `0.1 + 0.2` as `0.3`.
pub(crate) fn number(value: f64) -> String {
    if !value.is_finite() {
        return value.to_string();
    }
    let shown: f64 = format!("{value:.14e}").parse().unwrap_or(value);
    if shown == 0.0 { "0".to_owned() } else { shown.to_string() }
}

pub(crate) fn boolean(value: bool) -> String {
    if value { "TRUE" } else { "FALSE" }.to_owned()
}

/// A date as `2024-03-01`, a date with a time as `2024-03-01T09:30:00`, a time of day or a
/// duration as `9:30:00`.
pub(crate) fn date_time(value: &ExcelDateTime) -> String {
    let serial = value.as_f64();
    if value.is_duration() || (0.0..1.0).contains(&serial) {
        return clock(serial);
    }
    let (year, month, day, hour, minute, second, _) = value.to_ymd_hms_milli();
    if (hour, minute, second) == (0, 0, 0) {
        format!("{year:04}-{month:02}-{day:02}")
    } else {
        format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}")
    }
}

/// A number of days as hours, minutes and seconds.
fn clock(days: f64) -> String {
    let seconds = (days * 86_400.0).round() as u64;
    format!("{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60)
}

/// The value of a formula that is only `TRUE()` or `FALSE()` (after an `of:=` or `=`): LibreOffice
/// saves a typed boolean that way, so it is a value the host typed, not a formula to refuse.
pub(crate) fn typed_boolean(formula: &str) -> Option<bool> {
    let formula = formula.trim();
    let formula = formula.split_once(":=").map_or(formula, |(_, expression)| expression);
    let formula = formula.strip_prefix('=').unwrap_or(formula);
    match formula.to_ascii_uppercase().as_str() {
        "TRUE()" => Some(true),
        "FALSE()" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use calamine::ExcelDateTimeType;

    use super::*;

    #[test]
    fn numbers_read_as_excel_shows_them_in_general_format() {
        let shown = [1.0, 3.5, 0.1 + 0.2, -0.0, 1e-7, 123_456_789_012.0, f64::NAN].map(number);
        assert_eq!(shown, ["1", "3.5", "0.3", "0", "0.0000001", "123456789012", "NaN"]);
    }

    #[test]
    fn dates_read_in_iso_8601_and_times_on_a_clock() {
        let at = |serial| date_time(&ExcelDateTime::new(serial, ExcelDateTimeType::DateTime, false));
        assert_eq!(at(32821.0), "1989-11-09");
        assert_eq!(at(45943.5), "2025-10-13T12:00:00");
        assert_eq!(at(0.396_527_777_777_777_8), "9:31:00");
        let duration = ExcelDateTime::new(1.5, ExcelDateTimeType::TimeDelta, false);
        assert_eq!(date_time(&duration), "36:00:00");
    }

    #[test]
    fn only_true_and_false_alone_are_typed_booleans() {
        assert_eq!(typed_boolean("of:=TRUE()"), Some(true));
        assert_eq!(typed_boolean("false()"), Some(false));
        assert_eq!(typed_boolean("=TRUE()"), Some(true));
        assert_eq!(typed_boolean("of:=NOT(TRUE())"), None);
        assert_eq!(typed_boolean("A1=TRUE()"), None);
    }
}
