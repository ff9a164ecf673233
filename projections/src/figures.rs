//! The figures the reports show, each computed by one rule (decisions 0039 and 0043): insights,
//! live results, progress, audit and exports call these instead of writing their own. They sit
//! here, beside the read models, so that the queries that compute a read model's figures (a live
//! game's questions, `live::read::question_figures`) and the api's reports share them.
//!
//! Each rule is the one a teacher checking the exported workbook computes by hand: a spreadsheet's
//! `MEDIAN`, `AVERAGE`, `COUNTIF` and `ROUND` (halves away from zero, which for these figures,
//! never negative, is halves up).

use quizroom_domain::quiz::Letter;

/// The median of `values` (reordered in place): the middle value, or for an even count the mean
/// of the two middle values, as a spreadsheet's `MEDIAN` gives it, rounded half up to a whole
/// number. `None` when there are none.
pub fn median(values: &mut [i64]) -> Option<i64> {
    if values.is_empty() {
        return None;
    }
    values.sort_unstable();
    let mid = values.len() / 2;
    Some(if values.len() % 2 == 1 { values[mid] } else { (values[mid - 1] + values[mid] + 1).div_euclid(2) })
}

/// The median of `values` (reordered in place) by the same rule, unrounded; 0 when there are none.
pub fn median_f(values: &mut [f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len() % 2 == 1 { values[mid] } else { (values[mid - 1] + values[mid]) / 2.0 }
}

/// The mean of `values`, unrounded (a spreadsheet's `AVERAGE`); 0 when there are none.
pub fn mean(values: &[f64]) -> f64 {
    if values.is_empty() { 0.0 } else { values.iter().sum::<f64>() / values.len() as f64 }
}

/// `part` of `whole` in percent, unrounded (a score of its questions); 0 when `whole` is not
/// positive.
pub fn percent(part: i64, whole: i64) -> f64 {
    if whole <= 0 { 0.0 } else { 100.0 * part as f64 / whole as f64 }
}

/// `x` rounded half up to one decimal (a percent as the reports show it: `ROUND(x, 1)`).
pub fn one_decimal(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// `part` of `whole` as a share from 0 to 1, rounded half up to three decimals (a tenth of a
/// percent: `ROUND(part / whole, 3)`); 0 when `whole` is not positive. The share of players who
/// got a question right, of attempts submitted, of answers right.
pub fn share(part: i64, whole: i64) -> f64 {
    if whole <= 0 { 0.0 } else { (part as f64 / whole as f64 * 1000.0).round() / 1000.0 }
}

/// A [`share`] in percent as the exports show it, rounded to its tenth of a percent (`0.333` is
/// 33.3, where `0.333 * 100.0` is 33.300000000000004).
pub fn in_percent(share: f64) -> f64 {
    one_decimal(share * 100.0)
}

/// How many of `choices` are A, B, C and D (anything else, a skip, counts nowhere): the
/// distribution of answers over a question's options.
pub fn distribution<'a>(choices: impl IntoIterator<Item = &'a str>) -> [i64; 4] {
    let mut counts = [0i64; 4];
    for choice in choices {
        if let Some(letter) = Letter::ALL.iter().find(|l| l.as_str() == choice) {
            counts[letter.index()] += 1;
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_is_the_middle_or_the_mean_of_the_two_middles() {
        assert_eq!(median(&mut []), None);
        assert_eq!(median(&mut [7]), Some(7));
        assert_eq!(median(&mut [300, 100, 200]), Some(200));
        // The example of issue 27: the Insights tab said 300 ms, the live results 200 ms.
        assert_eq!(median(&mut [400, 100, 300, 200]), Some(250));
        assert_eq!(median(&mut [1, 2]), Some(2), "halves round up");
        assert_eq!(median(&mut [-3, -2]), Some(-2));
        assert_eq!(median(&mut [5, 5, 1, 5]), Some(5), "ties");
        assert_eq!(median_f(&mut []), 0.0);
        assert_eq!(median_f(&mut [50.0, 100.0, 0.0, 25.0]), 37.5);
    }

    #[test]
    fn the_mean_is_unrounded_and_nothing_averages_to_zero() {
        assert_eq!(mean(&[]), 0.0);
        assert_eq!(mean(&[100.0, 25.0, 50.0]), 175.0 / 3.0);
        assert_eq!(one_decimal(mean(&[100.0, 25.0, 50.0])), 58.3);
    }

    #[test]
    fn a_percent_is_unrounded_and_one_decimal_rounds_halves_up() {
        assert_eq!(percent(1, 3), 100.0 / 3.0);
        assert_eq!((percent(3, 0), percent(0, 4), percent(4, 4)), (0.0, 0.0, 100.0));
        assert_eq!(one_decimal(percent(1, 3)), 33.3);
        assert_eq!(one_decimal(percent(2, 3)), 66.7);
        assert_eq!(one_decimal(percent(1, 16)), 6.3, "6.25 rounds up");
        assert_eq!(one_decimal(percent(1, 8)), 12.5);
    }

    #[test]
    fn a_share_is_rounded_half_up_to_a_tenth_of_a_percent() {
        assert_eq!(share(0, 0), 0.0, "nobody answered: no one got it right");
        assert_eq!((share(1, 5), share(4, 5), share(5, 5), share(0, 5)), (0.2, 0.8, 1.0, 0.0));
        assert_eq!((share(1, 3), share(2, 3)), (0.333, 0.667));
        assert_eq!(share(1, 16), 0.063, "0.0625 rounds up");
        assert_eq!(share(3, 4), 0.75);
        assert_eq!((in_percent(share(1, 3)), in_percent(share(2, 3)), in_percent(share(1, 16)), in_percent(1.0)), (33.3, 66.7, 6.3, 100.0));
        assert_ne!(share(1, 3) * 100.0, 33.3, "why the exports call in_percent");
    }

    #[test]
    fn the_distribution_counts_each_letter_and_nothing_else() {
        assert_eq!(distribution([]), [0; 4]);
        assert_eq!(distribution(["C", "A", "C", "D", "C"]), [1, 0, 3, 1]);
        assert_eq!(distribution(["", "E", "a"]), [0; 4], "a skip or anything but a letter counts nowhere");
    }
}
