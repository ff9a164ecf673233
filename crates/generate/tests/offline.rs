//! The offline generator on real lecture texts and a small catalogue.

use std::collections::HashSet;

use quizroom_domain::quiz::Letter;
use quizroom_generate::{CatalogueEntry, GenerateError, GenerateRequest, GeneratedQuestion, Generation, OfflineGenerator, PassageInput};

const FIXTURES: [(&str, &str); 3] = [
    ("The water cycle", include_str!("fixtures/water-cycle.txt")),
    ("The Roman Republic", include_str!("fixtures/roman-republic.txt")),
    ("How HTTP works", include_str!("fixtures/http.txt")),
];

/// A text's paragraphs as passages, three to a page.
fn passages(text: &str) -> Vec<PassageInput> {
    text.split("\n\n")
        .map(str::trim)
        .filter(|paragraph| !paragraph.is_empty())
        .enumerate()
        .map(|(index, text)| PassageInput { index, page: Some(index as u32 / 3 + 1), text: text.to_owned() })
        .collect()
}

fn document(title: &str, text: &str, count: usize) -> GenerateRequest {
    GenerateRequest { title: title.into(), topics: String::new(), passages: passages(text), count, types: vec![] }
}

/// The four options and the right letter of a question A–D.
fn letters(question: &GeneratedQuestion) -> ([String; 4], Letter) {
    question.kind.letters().unwrap_or_else(|| panic!("not four options: {question:?}"))
}

fn normal(text: &str) -> String {
    text.to_lowercase().split(|c: char| !c.is_alphanumeric()).filter(|word| !word.is_empty()).collect::<Vec<_>>().join(" ")
}

fn assert_well_formed(generation: &Generation, request: &GenerateRequest) {
    let mut seen = HashSet::new();
    for question in &generation.questions {
        assert!(!question.question.trim().is_empty());
        let (options, letter) = letters(question);
        let distinct: HashSet<String> = options.iter().map(|option| normal(option)).collect();
        assert_eq!(distinct.len(), 4, "options not distinct: {question:?}");
        assert!(options.iter().all(|option| !option.trim().is_empty()));
        assert!(seen.insert(normal(&question.question)), "duplicate: {}", question.question);
        let source = question.source.as_ref().expect("a document question cites its passage");
        let passage = request.passages.iter().find(|passage| passage.index == source.passage).expect("the cited passage exists");
        assert_eq!(source.page, passage.page);
        assert!(passage.text.contains(&source.excerpt), "the excerpt comes from the passage: {source:?}");
        let answer = &options[letter.index()];
        assert!(normal(&passage.text).contains(&normal(answer)), "the answer {answer:?} is supported by its passage {}", source.passage);
        assert!(normal(&source.excerpt).contains(&normal(answer)), "the answer {answer:?} is in the cited sentence");
        for (i, option) in options.iter().enumerate() {
            if i != letter.index() {
                assert_ne!(normal(option), normal(answer), "a distractor is the answer");
            }
        }
        assert!(question.explanation.starts_with("From the document: "), "{}", question.explanation);
        if let Some(blanked) = question.question.strip_prefix("Fill in the blank: ") {
            assert!(blanked.contains("____"));
            assert_eq!(blanked.replace("____", answer), source.excerpt, "filling the blank gives the cited sentence back");
        }
    }
}

#[test]
fn every_question_from_the_lecture_texts_passes_the_checks_and_is_supported_by_its_passage() {
    let generator = OfflineGenerator::default();
    for (title, text) in FIXTURES {
        let request = document(title, text, 15);
        let generation = generator.generate_now(&request).unwrap();
        assert_eq!(generation.generator, "offline");
        assert_eq!(generation.questions.len(), 15, "{title}");
        assert!(generation.dropped.is_empty(), "{title}: {:?}", generation.dropped);
        assert_well_formed(&generation, &request);
    }
}

#[test]
fn asking_for_twenty_gets_twenty_when_the_text_is_long_enough() {
    let generator = OfflineGenerator::default();
    for (title, text) in FIXTURES {
        let request = document(title, text, 20);
        let generation = generator.generate_now(&request).unwrap();
        assert_eq!(generation.questions.len(), 20, "{title}");
        assert_well_formed(&generation, &request);
    }
}

#[test]
fn the_same_input_gives_the_same_questions() {
    let generator = OfflineGenerator::default();
    for (title, text) in FIXTURES {
        let request = document(title, text, 20);
        assert_eq!(generator.generate_now(&request).unwrap(), generator.generate_now(&request).unwrap());
    }
}

#[test]
fn the_correct_option_is_not_always_in_the_same_place() {
    let generator = OfflineGenerator::default();
    let request = document(FIXTURES[1].0, FIXTURES[1].1, 20);
    let letters: HashSet<Letter> = generator.generate_now(&request).unwrap().questions.iter().map(|question| letters(question).1).collect();
    assert_eq!(letters.len(), 4, "{letters:?}");
}

#[test]
fn questions_are_spread_over_the_document() {
    let generator = OfflineGenerator::default();
    for (title, text) in FIXTURES {
        let request = document(title, text, 10);
        let cited: HashSet<usize> = generator.generate_now(&request).unwrap().questions.iter().filter_map(|q| q.source.as_ref().map(|s| s.passage)).collect();
        assert!(cited.len() >= 8, "ten questions cite at least eight passages: {title}: {cited:?}");
    }
}

#[test]
fn distractors_for_years_and_names_are_of_the_same_kind() {
    let generator = OfflineGenerator::default();
    let request = document(FIXTURES[1].0, FIXTURES[1].1, 30);
    let generation = generator.generate_now(&request).unwrap();
    let is_bc_year = |option: &str| option.ends_with(" BC") && option.trim_end_matches(" BC").chars().all(|c| c.is_ascii_digit());
    let mut checked = 0;
    for question in &generation.questions {
        let (options, letter) = letters(question);
        let answer = &options[letter.index()];
        if is_bc_year(answer) {
            assert!(options.iter().all(|option| is_bc_year(option)), "{question:?}");
            checked += 1;
        } else if answer.split_whitespace().count() >= 2 && answer.split_whitespace().all(|word| word.starts_with(char::is_uppercase)) {
            assert!(options.iter().all(|option| option.starts_with(char::is_uppercase)), "{question:?}");
            checked += 1;
        }
    }
    assert!(checked >= 5, "only {checked} year or name questions");
}

#[test]
fn a_document_without_enough_text_is_refused_with_a_clear_message() {
    let generator = OfflineGenerator::default();
    let request = GenerateRequest {
        title: "Tiny".into(),
        topics: String::new(),
        passages: vec![PassageInput { index: 0, page: Some(1), text: "Hello there.".into() }],
        count: 10,
        types: vec![],
    };
    let error = generator.generate_now(&request).unwrap_err();
    assert!(matches!(error, GenerateError::TooLittleText));
    assert_eq!(error.to_string(), "The document does not have enough text to write questions from");
    let nothing = generator.generate_now(&GenerateRequest { count: 10, ..GenerateRequest::default() }).unwrap_err();
    assert!(matches!(nothing, GenerateError::NothingToGenerate));
}

fn entry(category: &str, text: &str, answer: &str) -> CatalogueEntry {
    CatalogueEntry {
        category: category.into(),
        text: text.into(),
        options: [answer.to_owned(), format!("{answer} II"), format!("Not {answer}"), format!("Maybe {answer}")],
        answer: Letter::A,
        explanation: format!("It is {answer}."),
    }
}

fn catalogue() -> Vec<CatalogueEntry> {
    vec![
        entry("Space", "Which planet is closest to the Sun?", "Mercury"),
        entry("Space", "What is the largest planet in the solar system?", "Jupiter"),
        entry("World History", "Who was the first Roman emperor?", "Augustus"),
        entry("World History", "In which year did the Berlin Wall fall?", "1989"),
        entry("Biology", "What do plants release during photosynthesis?", "Oxygen"),
        entry("Biology", "Which organ pumps blood through the body?", "Heart"),
        entry("Geography", "Which is the longest river in Africa?", "Nile"),
    ]
}

#[test]
fn topics_pick_matching_catalogue_questions() {
    let generator = OfflineGenerator::new(catalogue());
    let request = GenerateRequest { title: "Quiz".into(), topics: "space, planets".into(), passages: vec![], count: 10, types: vec![] };
    let generation = generator.generate_now(&request).unwrap();
    let texts: Vec<&str> = generation.questions.iter().map(|question| question.question.as_str()).collect();
    assert_eq!(texts.len(), 2, "{texts:?}");
    assert!(texts.contains(&"Which planet is closest to the Sun?"));
    assert!(texts.contains(&"What is the largest planet in the solar system?"));
    assert!(generation.questions.iter().all(|question| question.source.is_none() && letters(question).1 == Letter::A));

    let history = GenerateRequest { topics: "Roman history".into(), count: 1, ..request.clone() };
    let generation = generator.generate_now(&history).unwrap();
    assert_eq!(generation.questions[0].question, "Who was the first Roman emperor?", "a text and category match ranks first");

    let unknown = GenerateRequest { topics: "knitting".into(), ..request };
    assert!(matches!(generator.generate_now(&unknown).unwrap_err(), GenerateError::NoMatchingQuestions));
}

#[test]
fn free_text_in_the_topics_box_is_used_like_a_document() {
    let generator = OfflineGenerator::new(catalogue());
    let topics = FIXTURES[0].1.split("\n\n").skip(1).take(4).collect::<Vec<_>>().join(" ");
    let request = GenerateRequest { title: "Water".into(), topics, passages: vec![], count: 6, types: vec![] };
    let generation = generator.generate_now(&request).unwrap();
    assert_eq!(generation.questions.len(), 6);
    assert!(generation.questions.iter().all(|question| question.source.as_ref().is_some_and(|source| source.passage == 0)));
}

#[test]
fn odd_text_never_panics() {
    let generator = OfflineGenerator::default();
    let odd = [
        "Émile Zola écrit. Ça va? 東京は日本の首都です。 Die Straße ist 5 km lang. 🚀 The rocket launched in 1969 from Cape Canaveral with 3 astronauts aboard it.",
        "100% 50% 25% 12.5% of the 1,000,000 people . . . ! ? 'quoted' \"double\" (brackets) [square] — dashes – and… ellipses",
        "A. B. C. D. E. F. G. H. I. J. K. L. M. N. O. P.",
        "1999 1999 1999 1999 1999 1999 1999 1999 1999 1999 1999 1999.",
        "",
    ];
    for text in odd {
        let request = GenerateRequest {
            title: "Odd".into(),
            topics: text.into(),
            passages: vec![PassageInput { index: 7, page: None, text: text.repeat(3) }],
            count: 5,
            types: vec![],
        };
        match generator.generate_now(&request) {
            Ok(generation) => assert_well_formed(&generation, &request),
            Err(error) => assert!(matches!(error, GenerateError::TooLittleText), "{error}"),
        }
        let topics_only = GenerateRequest { passages: vec![], ..request };
        let _ = generator.generate_now(&topics_only);
    }
}

#[test]
fn topics_next_to_a_document_focus_the_questions() {
    let generator = OfflineGenerator::default();
    let mut request = document(FIXTURES[2].0, FIXTURES[2].1, 5);
    let mentions = |request: &GenerateRequest| {
        let generation = generator.generate_now(request).unwrap();
        generation.questions.iter().filter(|question| question.source.as_ref().unwrap().excerpt.to_lowercase().contains("cookie")).count()
    };
    let unfocused = mentions(&request);
    request.topics = "cookies".into();
    assert!(mentions(&request) > unfocused, "focusing on cookies asks more about cookies");
}
