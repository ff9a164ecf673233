//! The figures the reports show, each computed by one rule (decision 0039): insights, live
//! results, audit and exports call these instead of writing their own.

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_is_the_middle_or_the_mean_of_the_two_middles() {
        assert_eq!(median(&mut []), None);
        assert_eq!(median(&mut [300, 100, 200]), Some(200));
        // The example of issue 27: the Insights tab said 300 ms, the live results 200 ms.
        assert_eq!(median(&mut [400, 100, 300, 200]), Some(250));
        assert_eq!(median(&mut [1, 2]), Some(2), "halves round up");
        assert_eq!(median(&mut [-3, -2]), Some(-2));
        assert_eq!(median_f(&mut []), 0.0);
        assert_eq!(median_f(&mut [50.0, 100.0, 0.0, 25.0]), 37.5);
    }
}
