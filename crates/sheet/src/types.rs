//! A row of another type than A–D (issue 29): its `Type` cell names the type, the option cells
//! (Option A to Option H) and the `Correct Option Letter` cell hold what the type needs, as the
//! template's `Types` sheet explains with an example row each. Each rule broken is told in the
//! host's words, naming the row.

use quizroom_domain::question::text::parse_number;
use quizroom_domain::question::{Gap, Item, Pair, QuestionKind, TYPE_NAMES, Tolerance};

/// The option cells' letters, in column order.
pub(crate) const OPTION_LETTERS: [&str; 8] = ["A", "B", "C", "D", "E", "F", "G", "H"];

/// The type a `Type` cell names: the API's names, or the same words with spaces, hyphens or a
/// slash (`multi-select`, `true/false`, `Word cloud`); blank is A–D.
pub(crate) fn type_named(cell: &str) -> Option<&'static str> {
    let name: String = cell.trim().to_lowercase().chars().map(|c| if matches!(c, ' ' | '-' | '/') { '_' } else { c }).collect();
    TYPE_NAMES.into_iter().find(|n| *n == name)
}

/// The definition a row of type `name` holds: `options` are the non-empty option cells in
/// column order, `correct` the `Correct Option Letter` cell. The message is the end of a sentence
/// that starts with the row.
pub(crate) fn definition(name: &str, text: &str, options: &[String], correct: &str) -> Result<QuestionKind, String> {
    let kind = match name {
        "single_choice" => QuestionKind::SingleChoice { options: choices(options)?, right: letters(correct, options.len())? },
        "multi_select" => QuestionKind::MultiSelect { options: choices(options)?, right: letters(correct, options.len())?, all_or_nothing: false },
        "poll" => QuestionKind::Poll { options: choices(options)? },
        "true_false" => QuestionKind::TrueFalse { answer: truth(correct)? },
        "type_answer" => QuestionKind::TypeAnswer { accepted: options.to_vec(), case_sensitive: false, accents_matter: false },
        "numeric" => {
            let (answer, tolerance, unit) = around(correct, "a numeric answer")?;
            QuestionKind::Numeric { answer, tolerance: tolerance.unwrap_or_default(), unit }
        }
        "slider" => slider(options, correct)?,
        "ordering" => QuestionKind::Ordering { items: options.to_vec(), partial: false },
        "matching" => matching(options)?,
        "categorize" => categorize(options)?,
        "gaps" => QuestionKind::Gaps { text: text.to_owned(), gaps: options.iter().map(|o| gap(o)).collect() },
        "word_cloud" => QuestionKind::WordCloud,
        "hotspot" => return Err("is a hotspot, whose regions are drawn on its picture: add it in the quiz editor".to_owned()),
        _ => QuestionKind::Slide,
    };
    kind.check().map_err(|e| e.message)?;
    Ok(kind)
}

fn choices(options: &[String]) -> Result<Vec<String>, String> {
    if options.len() > quizroom_domain::question::MOST_OPTIONS {
        return Err(format!("a choice question has at most {} options (Option A to Option F)", quizroom_domain::question::MOST_OPTIONS));
    }
    Ok(options.to_vec())
}

/// `"C"`, `"A, C"`, `"a;c"`: the right options' letters.
fn letters(cell: &str, count: usize) -> Result<Vec<usize>, String> {
    let mut right = Vec::new();
    for part in cell.split([',', ';', ' ']).map(str::trim).filter(|p| !p.is_empty()) {
        let Some(i) = OPTION_LETTERS.iter().position(|l| l.eq_ignore_ascii_case(part)) else {
            return Err(format!("the correct options must be letters such as A or A, C; got '{part}'"));
        };
        if i >= count {
            return Err(format!("option {part} is marked right, but the row has {count} options"));
        }
        right.push(i);
    }
    if right.is_empty() {
        return Err("the Correct Option Letter cell must name the right option (A, or A, C for several)".to_owned());
    }
    Ok(right)
}

fn truth(cell: &str) -> Result<bool, String> {
    match cell.trim().to_lowercase().as_str() {
        "true" | "yes" => Ok(true),
        "false" | "no" => Ok(false),
        other => Err(format!("a true/false answer is True or False, got '{other}'")),
    }
}

/// `9.81`, `9.81 ± 0.05`, `100 +- 5%`, `9.81 ± 0.05 m/s²`: a number, a tolerance and a unit.
fn around(cell: &str, what: &str) -> Result<(f64, Option<Tolerance>, Option<String>), String> {
    let cell = cell.trim();
    let (number, rest) = match ["±", "+/-", "+-"].iter().find_map(|sign| cell.split_once(sign)) {
        Some((number, rest)) => (number.trim(), Some(rest.trim())),
        None => (cell, None),
    };
    let (number, mut unit) = split_unit(number);
    let answer = parse_number(number, false).map_err(|_| format!("{what} needs a number, got '{cell}'"))?;
    let tolerance = match rest {
        None => None,
        Some(rest) => {
            let (tolerance, after) = split_unit(rest);
            unit = unit.or(after);
            let (value, relative) = match tolerance.strip_suffix('%') {
                Some(share) => (share.trim(), true),
                None => (tolerance, false),
            };
            let value = parse_number(value, false).map_err(|_| format!("the tolerance after ± needs a number, got '{rest}'"))?;
            Some(if relative { Tolerance::Relative(value / 100.0) } else { Tolerance::Absolute(value) })
        }
    };
    Ok((answer, tolerance, unit))
}

/// `"9.81 m/s²"` → (`"9.81"`, `m/s²`): the number up to the first space, and the rest as a unit.
fn split_unit(text: &str) -> (&str, Option<String>) {
    match text.trim().split_once(' ') {
        Some((number, unit)) if !unit.trim().is_empty() && !unit.trim().starts_with('%') => (number, Some(unit.trim().to_owned())),
        _ => (text.trim(), None),
    }
}

/// Option A, B, C: the smallest value, the largest and the step; the correct cell: the target ±
/// how far off still scores.
fn slider(options: &[String], correct: &str) -> Result<QuestionKind, String> {
    if options.len() != 3 {
        return Err("a slider needs its smallest value, largest value and step in Option A, B and C".to_owned());
    }
    let number = |cell: &str, what: &str| parse_number(cell, false).map_err(|_| format!("a slider's {what} needs a number, got '{cell}'"));
    let min = number(&options[0], "smallest value (Option A)")?;
    let max = number(&options[1], "largest value (Option B)")?;
    let step = number(&options[2], "step (Option C)")?;
    let (target, margin, _) = around(correct, "a slider's target")?;
    let margin = match margin {
        Some(Tolerance::Absolute(m)) => m,
        Some(Tolerance::Relative(share)) => share * target.abs(),
        None => return Err("a slider's answer needs how far off still scores, as 1969 ± 10".to_owned()),
    };
    Ok(QuestionKind::Slider { min, max, step, target, margin, exact: false })
}

/// `left = right`; a cell without `=` is a wrong choice. (A cell starting with `=` would be a
/// formula to a spreadsheet.)
fn matching(options: &[String]) -> Result<QuestionKind, String> {
    let (mut pairs, mut distractors) = (Vec::new(), Vec::new());
    for option in options {
        match option.split_once('=').map(|(l, r)| (l.trim(), r.trim())) {
            None => distractors.push(option.clone()),
            Some((left, right)) if !left.is_empty() && !right.is_empty() => pairs.push(Pair { left: left.to_owned(), right: right.to_owned() }),
            Some(_) => return Err(format!("a matching option is 'left = right', or a wrong choice alone; got '{option}'")),
        }
    }
    Ok(QuestionKind::Matching { pairs, distractors })
}

/// `item = group`; the groups in the order they first appear.
fn categorize(options: &[String]) -> Result<QuestionKind, String> {
    let (mut groups, mut items): (Vec<String>, Vec<Item>) = (Vec::new(), Vec::new());
    for option in options {
        let Some((item, group)) = option.split_once('=').map(|(i, g)| (i.trim(), g.trim())).filter(|(i, g)| !i.is_empty() && !g.is_empty()) else {
            return Err(format!("a categorize option is 'item = group', got '{option}'"));
        };
        let group = match groups.iter().position(|g| g.eq_ignore_ascii_case(group)) {
            Some(at) => at,
            None => {
                groups.push(group.to_owned());
                groups.len() - 1
            }
        };
        items.push(Item { text: item.to_owned(), group });
    }
    Ok(QuestionKind::Categorize { groups, items })
}

/// `[red] | green | blue`: a dropdown, the right one in brackets; `blue | sky blue`: typed words.
fn gap(cell: &str) -> Gap {
    let parts: Vec<&str> = cell.split('|').map(str::trim).filter(|p| !p.is_empty()).collect();
    let bracketed = |p: &&str| p.starts_with('[') && p.ends_with(']');
    match parts.iter().position(bracketed) {
        Some(right) => Gap::Choice { options: parts.iter().map(|p| if bracketed(p) { p[1..p.len() - 1].trim() } else { p }.to_owned()).collect(), right },
        None => Gap::Typed { accepted: parts.iter().map(|p| (*p).to_owned()).collect(), case_sensitive: false, accents_matter: false },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| (*t).to_owned()).collect()
    }

    #[test]
    fn each_type_reads_its_cells() {
        assert_eq!(type_named(" Multi-select "), Some("multi_select"));
        assert_eq!(type_named("True/False"), Some("true_false"));
        assert_eq!(type_named("essay"), None);
        let multi = definition("multi_select", "Q", &cells(&["2", "3", "4"]), "A, B").unwrap();
        assert_eq!(multi, QuestionKind::MultiSelect { options: cells(&["2", "3", "4"]), right: vec![0, 1], all_or_nothing: false });
        let numeric = definition("numeric", "Q", &[], "9.81 ± 0.05 m/s²").unwrap();
        assert_eq!(numeric, QuestionKind::Numeric { answer: 9.81, tolerance: Tolerance::Absolute(0.05), unit: Some("m/s²".into()) });
        let relative = definition("numeric", "Q", &[], "100 +- 5%").unwrap();
        assert_eq!(relative, QuestionKind::Numeric { answer: 100.0, tolerance: Tolerance::Relative(0.05), unit: None });
        let slider = definition("slider", "Q", &cells(&["1950", "2000", "1"]), "1969 ± 10").unwrap();
        assert_eq!(slider, QuestionKind::Slider { min: 1950.0, max: 2000.0, step: 1.0, target: 1969.0, margin: 10.0, exact: false });
        let matching = definition("matching", "Q", &cells(&["France = Paris", "Italy = Rome", "Berlin"]), "").unwrap();
        assert!(matches!(matching, QuestionKind::Matching { ref pairs, ref distractors } if pairs.len() == 2 && distractors == &["Berlin"]));
        let sorted = definition("categorize", "Q", &cells(&["1 = odd", "2 = even", "3 = Odd"]), "").unwrap();
        assert!(matches!(sorted, QuestionKind::Categorize { ref groups, ref items } if groups == &["odd", "even"] && items[2].group == 0));
        let gaps = definition("gaps", "Roses are {{1}}, the sky is {{2}}.", &cells(&["[red] | green", "blue"]), "").unwrap();
        assert!(matches!(gaps, QuestionKind::Gaps { ref gaps, .. } if gaps[0] == Gap::Choice { options: cells(&["red", "green"]), right: 0 }));
        assert_eq!(definition("true_false", "Q", &[], "yes"), Ok(QuestionKind::TrueFalse { answer: true }));
    }

    #[test]
    fn a_row_that_cannot_be_scored_says_why() {
        assert_eq!(definition("numeric", "Q", &[], "ten"), Err("a numeric answer needs a number, got 'ten'".to_owned()));
        assert_eq!(definition("multi_select", "Q", &cells(&["a", "b"]), "C"), Err("option C is marked right, but the row has 2 options".to_owned()));
        assert_eq!(definition("ordering", "Q", &cells(&["only"]), ""), Err("an ordering needs 3 to 8, got 1".to_owned()));
        assert_eq!(definition("true_false", "Q", &[], "maybe"), Err("a true/false answer is True or False, got 'maybe'".to_owned()));
        assert!(definition("slider", "Q", &cells(&["0", "10", "1"]), "5").unwrap_err().contains("how far off"));
        assert!(definition("type_answer", "Q", &[], "").unwrap_err().contains("accepted answer"));
    }
}
