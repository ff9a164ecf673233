//! The figures of a quiz's insights, computed from its submitted attempts and scored answers
//! (pure, so every rule is tested here): the summary, each question (hardest first, with how many
//! chose each option, the median time to answer and a flag when most strong players got it wrong;
//! for the other types, the most given answers in words and how right they were on average), the
//! score histogram, the players and the days. Scores are in percent of the points there were
//! (`Σ f / scored questions`).

use std::collections::HashMap;

use quizroom_domain::attempt::POINTS_PER_CORRECT;
use quizroom_domain::question::{QuestionKind, Response};
use quizroom_domain::quiz::Letter;
use quizroom_hub::game::breakdown::{NumberLine, PartRight};
use quizroom_projections::figures::{distribution, mean, median, median_f, one_decimal, percent, share};
use quizroom_projections::insights::read::{AnswerRow, AttemptRow};
use serde::Serialize;
use utoipa::ToSchema;

/// A question as the quiz has it now (or last had it).
#[derive(Debug, Clone)]
pub struct QuizQuestion {
    pub id: i64,
    /// 1-based, in the quiz's current order (removed questions after the rest).
    pub number: i64,
    pub text: String,
    pub kind: QuestionKind,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// Players with at least one submitted attempt.
    pub participants: i64,
    pub attempts_started: i64,
    pub attempts_submitted: i64,
    /// Submitted / started, 0 to 1.
    pub completion_rate: f64,
    /// Of the submitted attempts, in percent of their questions right.
    pub average_score: f64,
    pub median_score: f64,
    /// From start to submission, on average.
    pub average_time_ms: i64,
    /// Submitted by the server at the deadline.
    pub submitted_by_server: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OptionCount {
    pub letter: String,
    pub text: String,
    pub count: i64,
    /// The right option in the quiz's current version.
    pub is_key: bool,
}

/// Most of the strongest players chose another option than the key.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SuspectKey {
    /// Of the strong players who answered it, the share who got it wrong.
    pub strong_wrong_share: f64,
    /// The option most of them chose.
    pub strong_choice: String,
    pub strong_players: i64,
}

/// An answer as players gave it, in words, and how many gave it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GivenAnswer {
    pub answer: String,
    pub count: i64,
    /// Fully right.
    pub right: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionFigures {
    pub question_id: i64,
    pub number: i64,
    pub text: String,
    /// The question's type (`single_choice`, `numeric`, …).
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The right letter of a question A–D; empty for the other types.
    pub key: String,
    /// Choice questions: how many chose each option (A–F).
    pub options: Vec<OptionCount>,
    /// Other types than A–D: the five answers given most, in words (typed answers, numbers,
    /// orders, pairings…), most given first.
    pub top_answers: Vec<GivenAnswer>,
    /// How right on average, 0 to 1 (partly right answers count in part); null when not scored.
    pub mean_f: Option<f64>,
    /// Ordering, matching, categorize, gaps: per part (place, left item, item, gap), how many of
    /// the answers got it right; the parts most often wrong stand out.
    pub parts: Option<Vec<PartRight>>,
    /// Numbers and sliders: the numbers given, on a line with the answer and the right stretch.
    pub numbers: Option<NumberLine>,
    /// Attempts in which it was answered or skipped.
    pub seen: i64,
    pub skipped: i64,
    /// The share of those attempts that got it fully right, 0 to 1.
    pub correct_share: f64,
    /// From the attempt's start to the save of the answer that counted; null when no answer was saved.
    pub median_time_ms: Option<i64>,
    pub suspect_key: Option<SuspectKey>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bucket {
    /// `0–9%` … `90–99%`, `100%`.
    pub label: String,
    pub from: i64,
    pub count: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Day {
    /// `YYYY-MM-DD` (UTC).
    pub day: String,
    pub attempts: i64,
    pub average_score: f64,
}

/// An attempt's score in percent of the points there were to win (for questions A–D, of the
/// questions right).
fn score_percent(a: &AttemptRow) -> f64 {
    percent(a.points, a.total * POINTS_PER_CORRECT)
}

pub fn summary(attempts: &[AttemptRow], started: i64) -> Summary {
    let mut players: Vec<&str> = attempts.iter().map(|a| a.user_id.as_str()).collect();
    players.sort_unstable();
    players.dedup();
    let mut scores: Vec<f64> = attempts.iter().map(score_percent).collect();
    let n = attempts.len() as i64;
    Summary {
        participants: players.len() as i64,
        attempts_started: started,
        attempts_submitted: n,
        completion_rate: share(n, started),
        average_score: one_decimal(mean(&scores)),
        median_score: one_decimal(median_f(&mut scores)),
        average_time_ms: if n == 0 { 0 } else { attempts.iter().map(|a| a.submitted_at - a.started_at).sum::<i64>() / n },
        submitted_by_server: attempts.iter().filter(|a| a.reason == "timeout").count() as i64,
    }
}

/// The strong attempts: those at or above the 75th percentile of scores (at least 4 attempts).
fn strong(attempts: &[AttemptRow]) -> std::collections::HashSet<&str> {
    if attempts.len() < 4 {
        return Default::default();
    }
    let mut scores: Vec<f64> = attempts.iter().map(score_percent).collect();
    scores.sort_by(f64::total_cmp);
    let line = scores[(scores.len() * 3) / 4];
    attempts.iter().filter(|a| score_percent(a) >= line).map(|a| a.attempt_id.as_str()).collect()
}

/// Each question's figures, hardest (lowest share right) first; ties by number.
pub fn questions(questions: &[QuizQuestion], attempts: &[AttemptRow], answers: &[AnswerRow]) -> Vec<QuestionFigures> {
    let strong = strong(attempts);
    let submitted: std::collections::HashSet<&str> = attempts.iter().map(|a| a.attempt_id.as_str()).collect();
    let mut by_question: HashMap<i64, Vec<&AnswerRow>> = HashMap::new();
    for a in answers.iter().filter(|a| submitted.contains(a.attempt_id.as_str())) {
        by_question.entry(a.question_id).or_default().push(a);
    }
    let mut out: Vec<QuestionFigures> = questions
        .iter()
        .filter_map(|q| {
            let rows = by_question.get(&q.id)?;
            let seen = rows.len() as i64;
            let (key, options, suspect_key, top_answers) = match q.kind.letters() {
                Some((texts, key)) => (key.as_str().to_owned(), letter_counts(&texts, key, rows), suspect(key, &strong, rows), Vec::new()),
                None => (String::new(), choice_counts(&q.kind, rows), None, top_answers(&q.kind, rows)),
            };
            let right = rows.iter().filter(|r| r.correct).count() as i64;
            let responses = || rows.iter().filter_map(|r| r.response.as_ref());
            let mut times: Vec<i64> = rows.iter().filter_map(|r| r.time_ms).collect();
            let fs: Vec<f64> = rows.iter().filter_map(|r| r.f).collect();
            Some(QuestionFigures {
                question_id: q.id,
                number: q.number,
                text: q.text.clone(),
                kind: q.kind.name(),
                key,
                options,
                top_answers,
                mean_f: (q.kind.scored() && !fs.is_empty()).then(|| fs.iter().sum::<f64>() / fs.len() as f64),
                parts: q.kind.parts_tally(responses()).map(PartRight::all),
                numbers: q.kind.number_tally(responses()).map(NumberLine::from),
                seen,
                skipped: rows.iter().filter(|r| r.response.is_none()).count() as i64,
                correct_share: share(right, seen),
                median_time_ms: median(&mut times),
                suspect_key,
            })
        })
        .collect();
    out.sort_by(|a, b| a.correct_share.total_cmp(&b.correct_share).then(a.number.cmp(&b.number)));
    out
}

/// How many chose each option of a question A–D.
fn letter_counts(texts: &[String; 4], key: Letter, rows: &[&AnswerRow]) -> Vec<OptionCount> {
    let counts = distribution(rows.iter().filter_map(|r| r.answer.as_deref()));
    Letter::ALL
        .iter()
        .map(|l| OptionCount { letter: l.as_str().to_owned(), text: texts[l.index()].clone(), count: counts[l.index()], is_key: *l == key })
        .collect()
}

/// Most of the strongest players chose another option than the key of a question A–D.
fn suspect(key: Letter, strong: &std::collections::HashSet<&str>, rows: &[&AnswerRow]) -> Option<SuspectKey> {
    let strong_rows: Vec<&&AnswerRow> = rows.iter().filter(|r| strong.contains(r.attempt_id.as_str())).collect();
    if strong_rows.len() < 3 {
        return None;
    }
    let wrong = strong_rows.iter().filter(|r| !r.correct).count();
    let most = wrong * 2 > strong_rows.len();
    let mut choices: HashMap<&str, usize> = HashMap::new();
    for r in &strong_rows {
        if let Some(a) = r.answer.as_deref() {
            *choices.entry(a).or_default() += 1;
        }
    }
    let choice = choices.into_iter().max_by_key(|(letter, n)| (*n, std::cmp::Reverse(*letter)))?.0;
    (most && choice != key.as_str()).then(|| SuspectKey {
        strong_wrong_share: share(wrong as i64, strong_rows.len() as i64),
        strong_choice: choice.to_owned(),
        strong_players: strong_rows.len() as i64,
    })
}

/// How many chose each option of another choice question (single choice, multi-select, poll).
fn choice_counts(kind: &QuestionKind, rows: &[&AnswerRow]) -> Vec<OptionCount> {
    let (options, right): (&[String], &[usize]) = match kind {
        QuestionKind::SingleChoice { options, right } | QuestionKind::MultiSelect { options, right, .. } => (options, right),
        QuestionKind::Poll { options } => (options, &[]),
        _ => return Vec::new(),
    };
    let chose = |r: &&AnswerRow, i: usize| match &r.response {
        Some(Response::Choice(c)) => *c == i,
        Some(Response::Choices(cs)) => cs.contains(&i),
        _ => false,
    };
    let letters = ["A", "B", "C", "D", "E", "F"];
    (0..options.len())
        .map(|i| OptionCount {
            letter: letters.get(i).copied().unwrap_or("?").to_owned(),
            text: options[i].clone(),
            count: rows.iter().filter(|r| chose(r, i)).count() as i64,
            is_key: right.contains(&i),
        })
        .collect()
}

/// The five answers given most, in words (typed texts compared without case), most given first.
fn top_answers(kind: &QuestionKind, rows: &[&AnswerRow]) -> Vec<GivenAnswer> {
    let mut given: HashMap<String, GivenAnswer> = HashMap::new();
    for r in rows {
        let Some(response) = &r.response else { continue };
        let answer = kind.describe(response);
        let entry = given.entry(answer.to_lowercase()).or_insert(GivenAnswer { answer, count: 0, right: r.correct });
        entry.count += 1;
    }
    let mut top: Vec<GivenAnswer> = given.into_values().collect();
    top.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.answer.cmp(&b.answer)));
    top.truncate(5);
    top
}

/// Scores in tens of percent: `0–9%` … `90–99%` and `100%`.
pub fn histogram(attempts: &[AttemptRow]) -> Vec<Bucket> {
    let mut counts = [0i64; 11];
    for a in attempts {
        let p = score_percent(a);
        counts[((p / 10.0).floor() as usize).min(10)] += 1;
    }
    counts
        .iter()
        .enumerate()
        .map(|(i, count)| Bucket {
            label: if i == 10 { "100%".to_owned() } else { format!("{}\u{2013}{}%", i * 10, i * 10 + 9) },
            from: i as i64 * 10,
            count: *count,
        })
        .collect()
}

/// Attempts and their average score per day (UTC) of submission, oldest first.
pub fn days(attempts: &[AttemptRow]) -> Vec<Day> {
    let mut by_day: std::collections::BTreeMap<String, Vec<f64>> = Default::default();
    for a in attempts {
        let day = chrono::DateTime::from_timestamp_millis(a.submitted_at).map(|t| t.format("%Y-%m-%d").to_string()).unwrap_or_default();
        by_day.entry(day).or_default().push(score_percent(a));
    }
    by_day.into_iter().map(|(day, scores)| Day { day, attempts: scores.len() as i64, average_score: one_decimal(mean(&scores)) }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attempt(id: &str, user: &str, score: i64, total: i64, started_at: i64, submitted_at: i64, reason: &str) -> AttemptRow {
        AttemptRow {
            attempt_id: id.into(),
            quiz_id: 1,
            user_id: user.into(),
            quiz_version: 1,
            started_at,
            submitted_at,
            score,
            total,
            points: score * 10,
            reason: reason.into(),
            retaken: false,
        }
    }

    fn answer(attempt: &str, question: i64, letter: Option<&str>, correct: bool, time_ms: Option<i64>) -> AnswerRow {
        let response = letter.and_then(Letter::parse).map(|l| Response::Choice(l.index()));
        let f = Some(if correct { 1.0 } else { 0.0 });
        AnswerRow { attempt_id: attempt.into(), question_id: question, answer: letter.map(str::to_owned), response, correct, f, time_ms }
    }

    fn question(id: i64, number: i64, key: Letter) -> QuizQuestion {
        QuizQuestion { id, number, text: format!("Q{number}"), kind: QuestionKind::from_letters(["a".into(), "b".into(), "c".into(), "d".into()], key) }
    }

    #[test]
    fn orderings_show_the_places_most_often_wrong_and_numbers_their_spread() {
        let attempts: Vec<AttemptRow> = (0..3).map(|i| attempt(&format!("a{i}"), &format!("u{i}"), 0, 2, 0, 1, "player")).collect();
        let given = |attempt: &str, question: i64, response: Response, f: f64| AnswerRow {
            attempt_id: attempt.into(),
            question_id: question,
            answer: None,
            response: Some(response),
            correct: f >= 1.0,
            f: Some(f),
            time_ms: None,
        };
        let answers = [
            given("a0", 1, Response::Order(vec![0, 1, 2]), 1.0),
            given("a1", 1, Response::Order(vec![0, 2, 1]), 0.0),
            given("a2", 1, Response::Order(vec![1, 0, 2]), 0.0),
            given("a0", 2, Response::Number(9.8), 1.0),
            given("a1", 2, Response::Number(7.0), 0.0),
        ];
        let ordering = QuestionKind::Ordering { items: vec!["Bach".into(), "Mozart".into(), "Liszt".into()], partial: false };
        let numeric = QuestionKind::Numeric { answer: 9.81, tolerance: quizroom_domain::question::Tolerance::Absolute(0.05), unit: None };
        let qs = [QuizQuestion { id: 1, number: 1, text: "Order".into(), kind: ordering }, QuizQuestion { id: 2, number: 2, text: "g".into(), kind: numeric }];
        let figures = questions(&qs, &attempts, &answers);
        let order = figures.iter().find(|f| f.question_id == 1).unwrap();
        let rights: Vec<(&str, u32)> = order.parts.as_ref().unwrap().iter().map(|p| (p.label.as_str(), p.right)).collect();
        assert_eq!(rights, [("Bach", 2), ("Mozart", 1), ("Liszt", 2)], "Mozart's place is the one most often wrong");
        assert!(order.numbers.is_none());
        let number = figures.iter().find(|f| f.question_id == 2).unwrap();
        let line = number.numbers.as_ref().unwrap();
        assert_eq!((line.low, line.target, line.values.len()), (7.0, 9.81, 2));
        assert!(number.parts.is_none());
    }

    #[test]
    fn other_types_show_the_answers_given_most_in_words_and_how_right_on_average() {
        let attempts: Vec<AttemptRow> = (0..4).map(|i| attempt(&format!("a{i}"), &format!("u{i}"), 0, 1, 0, 1, "player")).collect();
        let typed = |attempt: &str, text: Option<&str>, f: f64| AnswerRow {
            attempt_id: attempt.into(),
            question_id: 7,
            answer: None,
            response: text.map(|t| Response::Text(t.into())),
            correct: f >= 1.0,
            f: Some(f),
            time_ms: None,
        };
        let answers = [typed("a0", Some("Paris"), 1.0), typed("a1", Some("paris "), 1.0), typed("a2", Some("Lyon"), 0.0), typed("a3", None, 0.0)];
        let q = QuizQuestion {
            id: 7,
            number: 1,
            text: "Capital?".into(),
            kind: QuestionKind::TypeAnswer { accepted: vec!["Paris".into()], case_sensitive: false, accents_matter: false },
        };
        let figures = questions(&[q], &attempts, &answers);
        let f = &figures[0];
        assert_eq!((f.kind, f.key.as_str(), f.seen, f.skipped, f.mean_f), ("type_answer", "", 4, 1, Some(0.5)));
        assert_eq!(
            f.top_answers,
            [GivenAnswer { answer: "Paris".into(), count: 2, right: true }, GivenAnswer { answer: "Lyon".into(), count: 1, right: false }]
        );
        let poll = QuizQuestion { id: 7, number: 1, text: "Tea?".into(), kind: QuestionKind::Poll { options: vec!["tea".into(), "coffee".into()] } };
        let chose = |attempt: &str, i: usize| AnswerRow { response: Some(Response::Choice(i)), f: None, correct: false, ..typed(attempt, None, 0.0) };
        let figures = questions(&[poll], &attempts, &[chose("a0", 1), chose("a1", 1), chose("a2", 0)]);
        assert_eq!(figures[0].options.iter().map(|o| (o.letter.as_str(), o.count)).collect::<Vec<_>>(), [("A", 1), ("B", 2)]);
        assert_eq!(figures[0].mean_f, None);
    }

    #[test]
    fn the_summary_counts_players_once_and_scores_in_percent() {
        let attempts =
            [attempt("a1", "u1", 3, 3, 0, 60_000, "player"), attempt("a2", "u2", 1, 4, 0, 120_000, "timeout"), attempt("a3", "u1", 2, 4, 0, 30_000, "player")];
        let s = summary(&attempts, 4);
        assert_eq!((s.participants, s.attempts_started, s.attempts_submitted, s.submitted_by_server), (2, 4, 3, 1));
        assert_eq!((s.completion_rate, s.average_score, s.median_score, s.average_time_ms), (0.75, 58.3, 50.0, 70_000));
        assert_eq!(
            summary(&[], 0),
            Summary {
                participants: 0,
                attempts_started: 0,
                attempts_submitted: 0,
                completion_rate: 0.0,
                average_score: 0.0,
                median_score: 0.0,
                average_time_ms: 0,
                submitted_by_server: 0
            }
        );
    }

    #[test]
    fn questions_come_hardest_first_with_their_options_times_and_a_suspect_key() {
        // Four strong players (all right elsewhere) all answer C to question 2, whose key is B.
        let mut attempts = Vec::new();
        let mut answers = Vec::new();
        for i in 0..4 {
            let id = format!("s{i}");
            attempts.push(attempt(&id, &format!("u{i}"), 1, 2, 0, 1, "player"));
            answers.push(answer(&id, 1, Some("A"), true, Some(1000 * (i + 1))));
            answers.push(answer(&id, 2, Some("C"), false, None));
        }
        attempts.push(attempt("w", "weak", 0, 2, 0, 1, "player"));
        answers.push(answer("w", 1, None, false, None));
        answers.push(answer("w", 2, Some("B"), true, Some(500)));
        let figures = questions(&[question(1, 1, Letter::A), question(2, 2, Letter::B)], &attempts, &answers);
        assert_eq!(figures.iter().map(|q| q.question_id).collect::<Vec<_>>(), vec![2, 1], "hardest first");
        let q2 = &figures[0];
        assert_eq!((q2.seen, q2.skipped, q2.correct_share, q2.median_time_ms), (5, 0, 0.2, Some(500)));
        assert_eq!(q2.options.iter().map(|o| o.count).collect::<Vec<_>>(), vec![0, 1, 4, 0]);
        assert!(q2.options[1].is_key);
        let suspect = q2.suspect_key.as_ref().expect("a suspect key");
        assert_eq!((suspect.strong_choice.as_str(), suspect.strong_wrong_share), ("C", 1.0));
        let q1 = &figures[1];
        assert_eq!((q1.skipped, q1.correct_share, q1.median_time_ms, q1.suspect_key.clone()), (1, 0.8, Some(2500), None));
    }

    #[test]
    fn scores_fall_into_tens_and_days_average_them() {
        let attempts =
            [attempt("a", "u", 0, 3, 0, 0, "player"), attempt("b", "u", 3, 3, 0, 86_400_000, "player"), attempt("c", "u", 2, 3, 0, 86_400_001, "player")];
        let h = histogram(&attempts);
        assert_eq!(h.len(), 11);
        assert_eq!((h[0].count, h[6].count, h[10].count, h[10].label.as_str(), h[6].label.as_str()), (1, 1, 1, "100%", "60\u{2013}69%"));
        let d = days(&attempts);
        assert_eq!(
            d,
            vec![Day { day: "1970-01-01".into(), attempts: 1, average_score: 0.0 }, Day { day: "1970-01-02".into(), attempts: 2, average_score: 83.3 }]
        );
    }
}
