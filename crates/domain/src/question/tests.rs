use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::text::{NotANumber, matches, normalize, parse_number};
use super::*;

fn strings(texts: &[&str]) -> Vec<String> {
    texts.iter().map(|t| (*t).to_owned()).collect()
}

fn judged(kind: &QuestionKind, response: Response) -> f64 {
    kind.check().expect("a valid definition");
    kind.judge(&response).expect("a response of the right shape").expect("a scored type")
}

fn single() -> QuestionKind {
    QuestionKind::SingleChoice { options: strings(&["Paris", "Lyon", "Nice"]), right: vec![0] }
}

#[test]
fn given_a_single_choice_when_a_right_option_is_chosen_then_it_is_fully_right_and_any_right_option_counts() {
    assert_eq!(judged(&single(), Response::Choice(0)), 1.0);
    assert_eq!(judged(&single(), Response::Choice(2)), 0.0);
    let two_right = QuestionKind::SingleChoice { options: strings(&["2", "two", "3"]), right: vec![0, 1] };
    assert_eq!(judged(&two_right, Response::Choice(1)), 1.0);
}

#[test]
fn given_todays_a_to_d_question_then_it_is_a_single_choice_of_four() {
    let kind = QuestionKind::from_letters(["a".into(), "b".into(), "c".into(), "d".into()], Letter::C);
    assert_eq!(judged(&kind, Response::Choice(Letter::C.index())), 1.0);
    assert_eq!(judged(&kind, Response::Choice(Letter::A.index())), 0.0);
}

#[test]
fn given_true_or_false_when_answered_then_one_or_zero() {
    let kind = QuestionKind::TrueFalse { answer: false };
    assert_eq!(judged(&kind, Response::Bool(false)), 1.0);
    assert_eq!(judged(&kind, Response::Bool(true)), 0.0);
}

#[test]
fn given_a_multi_select_then_wrong_choices_take_away_right_ones_never_below_zero_unless_all_or_nothing() {
    let options = strings(&["2", "3", "4", "5", "6"]);
    let kind = QuestionKind::MultiSelect { options: options.clone(), right: vec![0, 1, 3], all_or_nothing: false };
    assert_eq!(judged(&kind, Response::Choices(vec![0, 1, 3])), 1.0);
    assert!((judged(&kind, Response::Choices(vec![0, 1])) - 2.0 / 3.0).abs() < 1e-12);
    assert!((judged(&kind, Response::Choices(vec![0, 1, 2])) - 1.0 / 3.0).abs() < 1e-12);
    assert_eq!(judged(&kind, Response::Choices(vec![2, 4])), 0.0);
    assert_eq!(judged(&kind, Response::Choices(vec![])), 0.0);
    let strict = QuestionKind::MultiSelect { options, right: vec![0, 1, 3], all_or_nothing: true };
    assert_eq!(judged(&strict, Response::Choices(vec![3, 1, 0])), 1.0);
    assert_eq!(judged(&strict, Response::Choices(vec![0, 1])), 0.0);
}

#[test]
fn given_a_typed_answer_then_case_accents_spaces_and_compatibility_forms_do_not_matter_unless_the_question_says() {
    let kind = QuestionKind::TypeAnswer { accepted: strings(&["Zürich", "Zurich"]), case_sensitive: false, accents_matter: false };
    for given in ["zurich", "  ZÜRICH ", "Ｚｕｒｉｃｈ", "Zu\u{0308}rich"] {
        assert_eq!(judged(&kind, Response::Text(given.into())), 1.0, "{given}");
    }
    assert_eq!(judged(&kind, Response::Text("Geneva".into())), 0.0);
    let strict = QuestionKind::TypeAnswer { accepted: strings(&["Zürich"]), case_sensitive: true, accents_matter: true };
    assert_eq!(judged(&strict, Response::Text("Zurich".into())), 0.0);
    assert_eq!(judged(&strict, Response::Text("zürich".into())), 0.0);
    assert_eq!(judged(&strict, Response::Text(" Zürich".into())), 1.0);
}

#[test]
fn given_an_accepted_answer_with_a_wildcard_then_a_star_matches_any_text_and_an_escaped_star_itself() {
    assert!(matches("photo*", "Photosynthesis", false, false));
    assert!(matches("photo*", "photo", false, false));
    assert!(matches("*ism", "Photosynthesism", false, false));
    assert!(matches("a*b*c", "axxbyyc", false, false));
    assert!(!matches("a*b*c", "axxbyy", false, false));
    assert!(matches(r"5\*3", "5*3", false, false));
    assert!(!matches(r"5\*3", "5x3", false, false));
    assert!(matches("the * war", "The Hundred Years   War", false, false));
}

#[test]
fn given_a_numeric_answer_then_within_tolerance_counts_absolute_or_relative() {
    let exact = QuestionKind::Numeric { answer: 0.3, tolerance: Tolerance::default(), unit: None };
    assert_eq!(judged(&exact, Response::Number(0.1 + 0.2)), 1.0);
    assert_eq!(judged(&exact, Response::Number(0.31)), 0.0);
    let absolute = QuestionKind::Numeric { answer: 9.81, tolerance: Tolerance::Absolute(0.05), unit: Some("m/s²".into()) };
    assert_eq!(judged(&absolute, Response::Number(9.78)), 1.0);
    assert_eq!(judged(&absolute, Response::Number(9.7)), 0.0);
    let relative = QuestionKind::Numeric { answer: -200.0, tolerance: Tolerance::Relative(0.1), unit: None };
    assert_eq!(judged(&relative, Response::Number(-181.0)), 1.0);
    assert_eq!(judged(&relative, Response::Number(-179.0)), 0.0);
}

#[test]
fn given_a_slider_then_proximity_scores_by_distance_within_the_margin_or_an_exact_band() {
    let kind = QuestionKind::Slider { min: 1800.0, max: 2000.0, step: 1.0, target: 1889.0, margin: 20.0, exact: false };
    assert_eq!(judged(&kind, Response::Number(1889.0)), 1.0);
    assert_eq!(judged(&kind, Response::Number(1879.0)), 0.5);
    assert_eq!(judged(&kind, Response::Number(1950.0)), 0.0);
    let band = QuestionKind::Slider { min: 0.0, max: 100.0, step: 5.0, target: 50.0, margin: 5.0, exact: true };
    assert_eq!(judged(&band, Response::Number(55.0)), 1.0);
    assert_eq!(judged(&band, Response::Number(60.0)), 0.0);
    assert!(matches!(band.judge(&Response::Number(101.0)), Err(ResponseError::Invalid(_))));
}

#[test]
fn given_an_ordering_then_all_or_nothing_by_default_or_the_share_in_place() {
    let items = strings(&["Cambrian", "Jurassic", "Cretaceous", "Paleogene"]);
    let kind = QuestionKind::Ordering { items: items.clone(), partial: false };
    assert_eq!(judged(&kind, Response::Order(vec![0, 1, 2, 3])), 1.0);
    assert_eq!(judged(&kind, Response::Order(vec![0, 1, 3, 2])), 0.0);
    let partial = QuestionKind::Ordering { items, partial: true };
    assert_eq!(judged(&partial, Response::Order(vec![0, 1, 3, 2])), 0.5);
    assert!(matches!(partial.judge(&Response::Order(vec![0, 0, 1, 2])), Err(ResponseError::Invalid(_))));
    assert_eq!(partial.parts_right(&Response::Order(vec![0, 1, 3, 2])), Some(vec![true, true, false, false]), "per place");
}

#[test]
fn given_a_matching_question_then_the_share_of_right_pairs_and_distractors_are_choices_too() {
    let pairs = [("H", "Hydrogen"), ("O", "Oxygen"), ("Fe", "Iron"), ("Na", "Sodium")].map(|(l, r)| Pair { left: l.into(), right: r.into() });
    let kind = QuestionKind::Matching { pairs: pairs.to_vec(), distractors: strings(&["Gold"]) };
    assert_eq!(judged(&kind, Response::Pairs(vec![Some(0), Some(1), Some(2), Some(3)])), 1.0);
    assert_eq!(judged(&kind, Response::Pairs(vec![Some(0), Some(1), Some(4), None])), 0.5);
    assert!(matches!(kind.judge(&Response::Pairs(vec![Some(5), None, None, None])), Err(ResponseError::Invalid(_))));
    assert_eq!(kind.parts_right(&Response::Pairs(vec![Some(0), Some(1), Some(4), None])), Some(vec![true, true, false, false]));
    assert_eq!(kind.parts_right(&Response::Choice(0)), None, "a response of another shape has no parts");
}

#[test]
fn given_a_categorize_question_then_the_share_of_items_placed_right() {
    let items = [("Whale", 0), ("Bat", 0), ("Eagle", 1), ("Penguin", 1)].map(|(t, g)| Item { text: t.into(), group: g });
    let kind = QuestionKind::Categorize { groups: strings(&["Mammals", "Birds"]), items: items.to_vec() };
    assert_eq!(judged(&kind, Response::Groups(vec![Some(0), Some(0), Some(1), Some(1)])), 1.0);
    assert_eq!(judged(&kind, Response::Groups(vec![Some(0), Some(1), Some(1), None])), 0.5);
    assert_eq!(kind.parts_right(&Response::Groups(vec![Some(0), Some(1), Some(1), None])), Some(vec![true, false, true, false]));
}

#[test]
fn given_a_text_with_gaps_then_each_gap_is_judged_as_its_type_and_the_share_right_counts() {
    let kind = QuestionKind::Gaps {
        text: "Water boils at {{1}} °C at sea level and freezes at {{2}} °C.".into(),
        gaps: vec![
            Gap::Choice { options: strings(&["90", "100"]), right: 1 },
            Gap::Typed { accepted: strings(&["0", "zero"]), case_sensitive: false, accents_matter: false },
        ],
    };
    assert_eq!(judged(&kind, Response::Gaps(vec![Some(GapResponse::Choice(1)), Some(GapResponse::Text("Zero".into()))])), 1.0);
    assert_eq!(judged(&kind, Response::Gaps(vec![Some(GapResponse::Choice(1)), None])), 0.5);
    assert!(kind.judge(&Response::Gaps(vec![Some(GapResponse::Text("100".into())), None])).is_err(), "a dropdown takes an option");
    assert_eq!(kind.parts_right(&Response::Gaps(vec![None, Some(GapResponse::Text("zero".into()))])), Some(vec![false, true]));
    assert_eq!(single().parts_right(&Response::Choice(1)), None, "a question of one part");
}

#[test]
fn given_a_poll_or_a_word_cloud_then_the_answer_is_taken_and_not_scored_and_a_slide_takes_none() {
    let poll = QuestionKind::Poll { options: strings(&["Tea", "Coffee"]) };
    assert_eq!(poll.judge(&Response::Choice(1)), Ok(None));
    assert!(!poll.scored());
    assert_eq!(QuestionKind::WordCloud.judge(&Response::Text("curious".into())), Ok(None));
    assert!(QuestionKind::WordCloud.judge(&Response::Text("  ".into())).is_err());
    assert_eq!(QuestionKind::Slide.judge(&Response::Choice(0)), Err(ResponseError::NothingToAnswer));
    assert!(!QuestionKind::Slide.answerable());
}

#[test]
fn given_a_response_of_another_types_shape_then_it_is_refused_naming_what_the_question_takes() {
    let error = single().judge(&Response::Text("Paris".into())).unwrap_err();
    assert_eq!(error.to_string(), "this question takes one option");
    let numeric = QuestionKind::Numeric { answer: 3.0, tolerance: Tolerance::default(), unit: None };
    assert_eq!(numeric.judge(&Response::Choice(3)).unwrap_err().to_string(), "this question takes a number");
    assert!(single().judge(&Response::Choice(3)).unwrap_err().to_string().contains("option 4 does not exist"));
}

#[test]
fn given_definitions_that_cannot_be_scored_then_each_is_refused_naming_its_field() {
    let refused = |kind: QuestionKind| kind.check().unwrap_err();
    assert_eq!(refused(QuestionKind::Numeric { answer: f64::NAN, tolerance: Tolerance::default(), unit: None }).field, "answer");
    assert_eq!(
        refused(QuestionKind::MultiSelect { options: strings(&["a", "b"]), right: vec![], all_or_nothing: false }).to_string(),
        "right: mark at least one option right"
    );
    let gap = QuestionKind::Gaps { text: "A {{1}}".into(), gaps: vec![Gap::Typed { accepted: vec![], case_sensitive: false, accents_matter: false }] };
    assert_eq!(refused(gap).to_string(), "gaps: gap 1: give at least one accepted answer");
    assert_eq!(refused(QuestionKind::Ordering { items: strings(&["only"]), partial: false }).to_string(), "items: an ordering needs 3 to 8, got 1");
    let off = QuestionKind::Slider { min: 0.0, max: 10.0, step: 1.0, target: 11.0, margin: 2.0, exact: false };
    assert_eq!(refused(off).to_string(), "target: the target 11 is off the slider's range 0 to 10");
    assert_eq!(refused(QuestionKind::SingleChoice { options: strings(&["a", "A "]), right: vec![0] }).to_string(), "options: “A” is given twice");
    assert_eq!(refused(QuestionKind::Gaps { text: "No marks".into(), gaps: vec![Gap::Choice { options: strings(&["x", "y"]), right: 0 }] }).field, "text");
    let stray = QuestionKind::Categorize { groups: strings(&["a", "b"]), items: vec![Item { text: "x".into(), group: 2 }] };
    assert_eq!(refused(stray).to_string(), "items: “x” is in group 3, but there are 2");
}

#[test]
fn given_the_one_rule_then_self_paced_gives_ten_times_f_and_live_multiplies_f_by_its_scoring() {
    assert_eq!(points(None, 1.0, 0, 0), 10);
    assert_eq!(points(None, 2.0 / 3.0, 0, 0), 7);
    assert_eq!(points(None, 0.0, 0, 0), 0);
    assert_eq!(points(Some(Scoring::Speed), 1.0, 0, 20_000), 1_000);
    assert_eq!(points(Some(Scoring::Speed), 1.0, 20_000, 20_000), 500);
    assert_eq!(points(Some(Scoring::Speed), 0.5, 10_000, 20_000), 375);
    assert_eq!(points(Some(Scoring::Correctness), 0.5, 10_000, 20_000), 5);
    assert!(fully_right(1.0) && !fully_right(0.99));
}

#[test]
fn given_numbers_as_languages_write_them_then_they_are_read_with_the_languages_decimal_sign() {
    assert_eq!(parse_number("3.5", false), Ok(3.5));
    assert_eq!(parse_number(" -1,234.5 ", false), Ok(-1234.5));
    assert_eq!(parse_number("3,5", true), Ok(3.5));
    assert_eq!(parse_number("1.234,5", true), Ok(1234.5));
    assert_eq!(parse_number("1 234,5", true), Ok(1234.5));
    assert_eq!(parse_number("3.5", true), Ok(3.5), "a lone point in a decimal-comma language");
    assert_eq!(parse_number("3.500", true), Ok(3500.0));
    assert_eq!(parse_number("−2", false), Ok(-2.0));
    for bad in ["ten", "3,5", "1,23", "", "-", "1.2.3", "inf", "NaN", "1e999"] {
        assert_eq!(parse_number(bad, false), Err(NotANumber(bad.trim().to_owned())), "{bad}");
    }
}

#[test]
fn given_definitions_and_responses_then_they_round_trip_through_json_as_events_record_them() {
    let kinds = [
        single(),
        QuestionKind::Numeric { answer: 2.5, tolerance: Tolerance::Relative(0.1), unit: Some("kg".into()) },
        QuestionKind::Gaps { text: "{{1}}".into(), gaps: vec![Gap::Choice { options: strings(&["x", "y"]), right: 0 }] },
        QuestionKind::WordCloud,
    ];
    for kind in kinds {
        let json = serde_json::to_value(&kind).unwrap();
        assert_eq!(json["type"], kind.name());
        assert_eq!(serde_json::from_value::<QuestionKind>(json).unwrap(), kind);
    }
    let response = Response::Gaps(vec![Some(GapResponse::Text("x".into())), None]);
    assert_eq!(serde_json::to_string(&response).unwrap(), r#"{"gaps":[{"text":"x"},null]}"#);
}

// Properties, over many random cases from fixed seeds (repeatable).

#[test]
fn property_an_orderings_f_is_one_exactly_for_the_right_order() {
    let mut rng = StdRng::seed_from_u64(29);
    for _ in 0..2_000 {
        let n = rng.random_range(ORDERING_ITEMS.0..=ORDERING_ITEMS.1);
        let items: Vec<String> = (0..n).map(|i| format!("item {i}")).collect();
        let mut order: Vec<usize> = (0..n).collect();
        order.shuffle(&mut rng);
        let right = order.iter().enumerate().all(|(at, i)| at == *i);
        for partial in [false, true] {
            let f = judged(&QuestionKind::Ordering { items: items.clone(), partial }, Response::Order(order.clone()));
            assert_eq!(f == 1.0, right, "{order:?} partial {partial}");
        }
    }
}

#[test]
fn property_f_is_always_within_zero_and_one() {
    let mut rng = StdRng::seed_from_u64(2_029);
    for _ in 0..2_000 {
        let n = rng.random_range(2..=MOST_OPTIONS);
        let options: Vec<String> = (0..n).map(|i| format!("option {i}")).collect();
        let right: Vec<usize> = (0..n).filter(|_| rng.random_bool(0.5)).collect();
        let right = if right.is_empty() { vec![0] } else { right };
        let chosen: Vec<usize> = (0..n).filter(|_| rng.random_bool(0.5)).collect();
        let multi = QuestionKind::MultiSelect { options, right, all_or_nothing: rng.random_bool(0.3) };
        let slider = QuestionKind::Slider {
            min: -50.0,
            max: 50.0,
            step: 0.5,
            target: rng.random_range(-50.0..=50.0),
            margin: rng.random_range(0.5..40.0),
            exact: rng.random_bool(0.3),
        };
        for f in [judged(&multi, Response::Choices(chosen)), judged(&slider, Response::Number(rng.random_range(-50.0..=50.0)))] {
            assert!((0.0..=1.0).contains(&f), "{f}");
        }
    }
}

#[test]
fn property_nfkc_equal_texts_are_judged_alike() {
    use unicode_normalization::UnicodeNormalization;
    let samples = ["ﬁnal", "Ｆｕｌｌ", "Ǆemal", "café", "cafe\u{0301}", "①②", "x²", "Å", "A\u{030A}", "ﾃｽﾄ", "ß", "İstanbul"];
    for accepted in samples {
        let kind = QuestionKind::TypeAnswer { accepted: vec![accepted.to_owned()], case_sensitive: false, accents_matter: true };
        for given in samples {
            let alike = normalize(&given.nfkc().collect::<String>(), false, true) == normalize(&accepted.nfkc().collect::<String>(), false, true);
            let f = judged(&kind, Response::Text(given.to_owned()));
            assert_eq!(f == 1.0, alike, "{accepted} / {given}");
            let decomposed: String = given.nfkd().collect();
            assert_eq!(judged(&kind, Response::Text(decomposed)), f, "{accepted} / {given} decomposed");
        }
    }
}

#[test]
fn given_a_recorded_response_then_a_letter_reads_as_its_option_and_an_object_as_a_response() {
    let read = |json: serde_json::Value| serde_json::from_value::<RecordedResponse>(json).map(Response::from);
    assert_eq!(read(serde_json::json!("C")).unwrap(), Response::Choice(2));
    assert_eq!(
        read(serde_json::json!({ "gaps": [{ "choice": 0 }, null, { "text": "blue" }] })).unwrap(),
        Response::Gaps(vec![Some(GapResponse::Choice(0)), None, Some(GapResponse::Text("blue".into()))])
    );
    // From text too (the log's own reading), and neither a number nor an unknown letter.
    assert_eq!(serde_json::from_str::<RecordedResponse>(r#"{"number": 9.8}"#).map(Response::from).unwrap(), Response::Number(9.8));
    assert!(read(serde_json::json!(3)).is_err());
    assert!(read(serde_json::json!("E")).is_err());
}

#[test]
fn given_pictures_on_items_then_each_is_served_with_its_item_and_on_options_in_the_hosts_order() {
    let ordering = QuestionKind::Ordering { items: vec!["a".into(), "b".into(), "c".into(), "d".into()], partial: false };
    let pictures = vec![Some("pa"), None, Some("pc"), Some("pd")];
    let served = ordering.served(7, 3).unwrap().items.unwrap();
    let shown = ordering.served_pictures(&pictures, 7, 3);
    for (item, picture) in served.iter().zip(&shown) {
        let expected = pictures["abcd".find(item.as_str()).unwrap()].as_ref();
        assert_eq!(*picture, expected, "{item} keeps its picture");
    }
    let choice = QuestionKind::Poll { options: vec!["x".into(), "y".into()] };
    assert_eq!(choice.served_pictures(&[None, Some(1)], 7, 3), [None, Some(&1)]);
    assert_eq!((choice.pictured(), QuestionKind::WordCloud.pictured()), (Some(2), None));
}
