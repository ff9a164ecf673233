//! The offline generator writing the question types a host asks for, from lecture texts and from
//! the catalogue.

use std::collections::{BTreeMap, HashSet};

use quizroom_domain::question::QuestionKind;
use quizroom_domain::quiz::Letter;
use quizroom_generate::{CatalogueEntry, GENERATED_TYPES, GenerateError, GenerateRequest, OfflineGenerator, PassageInput};

const FIXTURES: [(&str, &str); 3] = [
    ("The water cycle", include_str!("fixtures/water-cycle.txt")),
    ("The Roman Republic", include_str!("fixtures/roman-republic.txt")),
    ("How HTTP works", include_str!("fixtures/http.txt")),
];

fn document(title: &str, text: &str, count: usize, types: &[&str]) -> GenerateRequest {
    let passages = text
        .split("\n\n")
        .map(str::trim)
        .filter(|paragraph| !paragraph.is_empty())
        .enumerate()
        .map(|(index, text)| PassageInput { index, page: None, text: text.to_owned() })
        .collect();
    GenerateRequest { title: title.into(), topics: String::new(), passages, count, types: types.iter().map(|t| (*t).to_owned()).collect() }
}

fn normal(text: &str) -> String {
    text.to_lowercase().split(|c: char| !c.is_alphanumeric()).filter(|word| !word.is_empty()).collect::<Vec<_>>().join(" ")
}

#[test]
fn a_document_gives_a_mix_of_the_types_asked_for_each_scorable_and_supported_by_its_sentence() {
    let generator = OfflineGenerator::default();
    let mut written: BTreeMap<&str, usize> = BTreeMap::new();
    for (title, text) in FIXTURES {
        let request = document(title, text, 20, &GENERATED_TYPES);
        let generation = generator.generate_now(&request).unwrap();
        assert_eq!(generation.questions.len(), 20, "{title}");
        for question in &generation.questions {
            question.kind.check().unwrap_or_else(|e| panic!("{title}: {e}: {question:?}"));
            *written.entry(question.kind.name()).or_default() += 1;
            let source = question.source.as_ref().expect("a document question cites its passage");
            let cited = normal(&source.excerpt);
            // The key is the document's: the sentence cited holds the right answer.
            match &question.kind {
                QuestionKind::TypeAnswer { accepted, .. } => assert!(cited.contains(&normal(&accepted[0])), "{question:?}"),
                QuestionKind::Numeric { answer, .. } => assert!(source.excerpt.replace(',', "").contains(&answer.to_string()), "{question:?}"),
                QuestionKind::TrueFalse { answer } => {
                    let statement = normal(question.question.trim_start_matches("True or false: "));
                    if question.question.starts_with("True or false: according") {
                        continue;
                    }
                    assert_eq!(statement == cited, *answer, "a true statement is the sentence itself: {question:?}");
                }
                QuestionKind::Gaps { text, .. } => {
                    let model = question.kind.model_answer().unwrap();
                    let filled = question.kind.describe(&model);
                    assert!(cited.contains(&normal(&filled)), "{filled:?} in {cited:?}");
                    assert!(text.contains("{{1}}"));
                }
                _ => {}
            }
        }
    }
    for kind in ["single_choice", "true_false", "type_answer", "numeric", "gaps", "ordering", "matching"] {
        assert!(written.get(kind).copied().unwrap_or(0) >= 2, "{kind} written: {written:?}");
    }
    assert!(!written.contains_key("multi_select") && !written.contains_key("categorize"), "not written offline: {written:?}");
}

#[test]
fn years_are_put_in_order_and_terms_matched_to_their_definitions() {
    let generator = OfflineGenerator::default();
    let history = generator.generate_now(&document(FIXTURES[1].0, FIXTURES[1].1, 10, &["ordering"])).unwrap();
    let QuestionKind::Ordering { items, .. } = &history.questions[0].kind else { panic!("{:?}", history.questions[0]) };
    assert!(items.len() >= 3 && items.iter().all(|item| item.contains('…')), "{items:?}");
    assert_eq!(history.questions[0].question, "Put these in the order they happened, earliest first.");

    let water = generator.generate_now(&document(FIXTURES[0].0, FIXTURES[0].1, 10, &["matching"])).unwrap();
    let QuestionKind::Matching { pairs, .. } = &water.questions[0].kind else { panic!("{:?}", water.questions[0]) };
    let text = normal(FIXTURES[0].1);
    assert!(pairs.len() >= 2);
    for pair in pairs {
        assert!(text.contains(&normal(&pair.right)), "{pair:?}");
    }
}

#[test]
fn no_types_asked_for_gives_the_four_options_it_always_gave_and_the_same_input_the_same_mix() {
    let generator = OfflineGenerator::default();
    let (title, text) = FIXTURES[2];
    let plain = generator.generate_now(&document(title, text, 12, &[])).unwrap();
    let four = generator.generate_now(&document(title, text, 12, &["single_choice"])).unwrap();
    assert_eq!(plain, four);
    assert!(plain.questions.iter().all(|q| q.kind.letters().is_some()));
    let mixed = document(title, text, 12, &["true_false", "gaps", "type_answer"]);
    assert_eq!(generator.generate_now(&mixed).unwrap(), generator.generate_now(&mixed).unwrap());
    let truths: HashSet<bool> = generator
        .generate_now(&mixed)
        .unwrap()
        .questions
        .iter()
        .filter_map(|q| match q.kind {
            QuestionKind::TrueFalse { answer } => Some(answer),
            _ => None,
        })
        .collect();
    assert_eq!(truths.len(), 2, "some statements are true and some false");
}

fn entry(text: &str, answer: &str) -> CatalogueEntry {
    CatalogueEntry {
        category: "World History".into(),
        text: text.into(),
        options: [format!("Not {answer}"), answer.to_owned(), format!("{answer} II"), format!("Maybe {answer}")],
        answer: Letter::B,
        explanation: format!("It is {answer}."),
    }
}

#[test]
fn catalogue_questions_become_statements_typed_answers_numbers_and_pairs() {
    let catalogue = vec![
        entry("Who was the first Roman emperor?", "Augustus"),
        entry("In which year did the Berlin Wall fall?", "1989"),
        entry("Which city was the capital of the Byzantine Empire?", "Constantinople"),
        entry("Which empire built Machu Picchu?", "The Inca Empire"),
    ];
    let generator = OfflineGenerator::new(catalogue);
    let request = GenerateRequest {
        title: "History".into(),
        topics: "world history".into(),
        count: 10,
        types: vec!["true_false".into(), "type_answer".into(), "numeric".into(), "matching".into()],
        ..Default::default()
    };
    let generation = generator.generate_now(&request).unwrap();
    let names: HashSet<&str> = generation.questions.iter().map(|q| q.kind.name()).collect();
    assert_eq!(names, HashSet::from(["true_false", "type_answer", "numeric", "matching"]), "{generation:#?}");
    for question in &generation.questions {
        match &question.kind {
            QuestionKind::Numeric { answer, .. } => assert_eq!((*answer, question.question.as_str()), (1989.0, "In which year did the Berlin Wall fall?")),
            QuestionKind::TypeAnswer { accepted, .. } => assert!(["Augustus", "Constantinople", "The Inca Empire", "1989"].contains(&accepted[0].as_str())),
            QuestionKind::TrueFalse { answer } => {
                let right = ["Augustus", "1989", "Constantinople", "The Inca Empire"].iter().any(|a| question.question.ends_with(&format!("is “{a}”.")));
                assert_eq!(right, *answer, "{question:?}");
            }
            QuestionKind::Matching { pairs, .. } => assert!(pairs.iter().any(|p| p.left == "Who was the first Roman emperor?" && p.right == "Augustus")),
            other => panic!("not asked for: {other:?}"),
        }
    }
}

#[test]
fn types_the_offline_generator_cannot_write_are_refused_with_a_clear_message() {
    let generator = OfflineGenerator::default();
    let error = generator.generate_now(&document(FIXTURES[0].0, FIXTURES[0].1, 5, &["multi_select", "categorize"])).unwrap_err();
    assert!(matches!(error, GenerateError::NoQuestionsOfTheseTypes), "{error}");
    assert_eq!(error.to_string(), "No questions of these types could be written from this source: choose other question types");
}
