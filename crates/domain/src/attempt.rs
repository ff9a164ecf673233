//! Attempts: `attempt-{uuid}`. The server keeps the clock: the deadline is fixed when the attempt
//! starts, each answer is saved as it is chosen, and scoring happens here on submission, with the
//! answer key of the quiz version the player was served, by the one rule of `question`: each
//! response judged to `f` in 0…1, `round(10 × f)` points.
//!
//! Answers recorded before question types (issue 29) held a letter A–D (`answer`); they are read
//! as the choice of that option, and a scored answer without `f` as 1 when it was correct.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::accommodation::Accommodation;
use crate::question::{QuestionKind, RULES_VERSION, Response, ResponseError, fully_right};
use crate::{Aggregate, DomainEvent};

/// Network grace after the deadline for a submission or a saved answer.
pub const GRACE_MS: i64 = 2_000;
/// Points per fully right answer.
pub const POINTS_PER_CORRECT: i64 = 10;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SubmitReason {
    /// The player submitted.
    Player,
    /// The deadline passed and the server submitted the saved answers.
    Timeout,
}

#[derive(Debug, Clone, PartialEq)]
pub enum AttemptCommand {
    /// `time_limit_ms`: the quiz's limit, which the player's `accommodation` may stretch;
    /// `closes_at`: when a hosted quiz expires (no attempt runs past it).
    Start {
        user_id: String,
        quiz_id: i64,
        quiz_version: i64,
        question_ids: Vec<i64>,
        time_limit_ms: i64,
        accommodation: Accommodation,
        closes_at: Option<i64>,
        /// Secret, random: the order the attempt's shuffled lists are served in (`question::serve`).
        seed: i64,
        now: i64,
    },
    /// `answer`: the response as the player gave it, by the positions they were served (none
    /// clears the question); `kind`: the question's definition; `marked`: marked for review.
    RecordAnswer { question_id: i64, kind: QuestionKind, answer: Option<Response>, marked: bool, now: i64 },
    /// `answers` as the player sent them, by served positions (`None`: incomplete); `key`: each
    /// question's definition.
    Submit { answers: Vec<(i64, Option<Response>)>, key: BTreeMap<i64, QuestionKind>, reason: SubmitReason, now: i64 },
    /// The quiz's host lets the player play again (the caller checks `by` is the host).
    GrantRetake { by: String, now: i64 },
}

/// An answer as scored: the raw response, `f` (none for an unscored type or no answer… see
/// [`ScoredAnswer::f`]) and whether it was fully right.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(from = "RecordedScore")]
pub struct ScoredAnswer {
    pub question_id: i64,
    /// As the player gave it; none when unanswered (or marked for review).
    pub response: Option<Response>,
    /// Fully right (`f` = 1).
    pub correct: bool,
    /// The correctness fraction; none for a question that is not scored (a poll, a word cloud, a
    /// slide).
    pub f: Option<f64>,
}

/// A scored answer as an event holds it: today's, or a letter and `correct` from before.
#[derive(Deserialize)]
struct RecordedScore {
    question_id: i64,
    #[serde(default, alias = "answer", deserialize_with = "response_or_letter")]
    response: Option<Response>,
    correct: bool,
    /// Absent before question types; null for an unscored question.
    #[serde(default, deserialize_with = "present")]
    f: Option<Option<f64>>,
}

/// A field that is present, null or not (`Some(None)` for null; absent stays `None`).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<f64>>, D::Error> {
    Option::<f64>::deserialize(d).map(Some)
}

impl From<RecordedScore> for ScoredAnswer {
    fn from(r: RecordedScore) -> ScoredAnswer {
        let f = r.f.unwrap_or(Some(if r.correct { 1.0 } else { 0.0 }));
        ScoredAnswer { question_id: r.question_id, response: r.response, correct: r.correct, f }
    }
}

/// A response as recorded: today's shape, or a letter A–D from before question types.
fn response_or_letter<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Response>, D::Error> {
    Ok(Option::<crate::question::RecordedResponse>::deserialize(d)?.map(Response::from))
}

fn first_rules() -> i64 {
    1
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", content = "data")]
pub enum AttemptEvent {
    AttemptStarted {
        user_id: String,
        quiz_id: i64,
        quiz_version: i64,
        question_ids: Vec<i64>,
        started_at: i64,
        deadline: i64,
        /// What the host granted the player when the attempt started.
        #[serde(default, skip_serializing_if = "Accommodation::is_none")]
        accommodation: Accommodation,
        /// The order its shuffled lists were served in (0 before question types: none had any).
        #[serde(default)]
        seed: i64,
    },
    AnswerRecorded {
        question_id: i64,
        #[serde(default, alias = "answer", deserialize_with = "response_or_letter")]
        response: Option<Response>,
        marked: bool,
        at: i64,
    },
    /// `score`: answers fully right; `points`: `Σ round(10 × f)`; `total`: scored questions;
    /// `rules`: the version of the judging rules it was scored by (`question::RULES_VERSION`;
    /// 1 for submissions recorded before it was written, which the first rules scored).
    AttemptSubmitted {
        answers: Vec<ScoredAnswer>,
        score: i64,
        points: i64,
        total: i64,
        #[serde(default = "first_rules")]
        rules: i64,
        reason: SubmitReason,
        late: bool,
        at: i64,
    },
    RetakeGranted {
        by: String,
        at: i64,
    },
}

impl DomainEvent for AttemptEvent {}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AttemptError {
    #[error("this attempt has already started")]
    AlreadyStarted,
    #[error("no such attempt")]
    NotStarted,
    #[error("this attempt was already submitted")]
    AlreadySubmitted,
    #[error("question {0} is not part of this quiz")]
    UnknownQuestion(i64),
    #[error("the time for this quiz is up")]
    TimeUp,
    #[error("this attempt has not been submitted yet")]
    NotSubmitted,
    /// A response that is not one to its question (`number`: its place in the quiz, from 1).
    #[error("Question {number}: {reason}")]
    BadResponse { number: usize, question_id: i64, reason: ResponseError },
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Attempt {
    pub started: bool,
    pub user_id: String,
    pub quiz_id: i64,
    pub quiz_version: i64,
    pub question_ids: Vec<i64>,
    pub started_at: i64,
    pub deadline: i64,
    pub accommodation: Accommodation,
    pub seed: i64,
    /// Saved answers by question: the response (or none) and whether it is marked for review.
    pub saved: BTreeMap<i64, (Option<Response>, bool)>,
    pub submitted: Option<Submitted>,
    /// The host granted a retake after this attempt.
    pub retake_granted: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Submitted {
    pub answers: Vec<ScoredAnswer>,
    pub score: i64,
    pub points: i64,
    pub total: i64,
    pub reason: SubmitReason,
    pub at: i64,
}

impl Attempt {
    /// Milliseconds left at `now` (0 when the time is up).
    pub fn remaining_ms(&self, now: i64) -> i64 {
        (self.deadline - now).max(0)
    }

    /// `given` (by served positions) to question `question_id`, in the definition's indices, and
    /// how right it is (`None` unscored), or why it is not a response to that question.
    fn read_response(&self, question_id: i64, kind: &QuestionKind, given: Response) -> Result<(Response, Option<f64>), AttemptError> {
        let response = kind.from_served(given, self.seed, question_id);
        match kind.judge(&response) {
            Ok(f) => Ok((response, f)),
            Err(reason) => {
                let number = self.question_ids.iter().position(|id| *id == question_id).map_or(0, |at| at + 1);
                Err(AttemptError::BadResponse { number, question_id, reason })
            }
        }
    }

    /// A saved answer counts unless it is marked for review.
    fn saved_answer(&self, question_id: i64) -> Option<Response> {
        match self.saved.get(&question_id) {
            Some((answer, false)) => answer.clone(),
            _ => None,
        }
    }
}

/// `response` to the question defined by `kind`, judged (`judged` when it was judged as it was
/// read). An unanswered scored question scores 0; a response the judge refuses (its shape was
/// checked when it was given, so only a quiz edited since could cause it) scores 0 and is kept
/// as given.
fn score(question_id: i64, kind: Option<&QuestionKind>, response: Option<Response>, judged: Option<Option<f64>>) -> ScoredAnswer {
    let f = match (kind, &response, judged) {
        (None, _, _) => Some(0.0),
        (Some(kind), _, _) if !kind.scored() => None,
        (Some(_), None, _) => Some(0.0),
        (Some(_), Some(_), Some(f)) => Some(f.unwrap_or(0.0)),
        (Some(kind), Some(given), None) => Some(kind.judge(given).ok().flatten().unwrap_or(0.0)),
    };
    ScoredAnswer { question_id, response, correct: f.is_some_and(fully_right), f }
}

impl Aggregate for Attempt {
    const STREAM: &'static str = "attempt";
    type Command = AttemptCommand;
    type Event = AttemptEvent;
    type Error = AttemptError;

    fn decide(&self, command: AttemptCommand) -> Result<Vec<AttemptEvent>, AttemptError> {
        if let AttemptCommand::Start { user_id, quiz_id, quiz_version, question_ids, time_limit_ms, accommodation, closes_at, seed, now } = command {
            if self.started {
                return Err(AttemptError::AlreadyStarted);
            }
            let deadline = now.saturating_add(accommodation.extra_time.time_limit_ms(time_limit_ms));
            return Ok(vec![AttemptEvent::AttemptStarted {
                user_id,
                quiz_id,
                quiz_version,
                question_ids,
                started_at: now,
                deadline: closes_at.map_or(deadline, |closes| deadline.min(closes)),
                accommodation,
                seed,
            }]);
        }
        if !self.started {
            return Err(AttemptError::NotStarted);
        }
        if let AttemptCommand::GrantRetake { by, now } = command {
            return match (&self.submitted, self.retake_granted) {
                (None, _) => Err(AttemptError::NotSubmitted),
                (Some(_), true) => Ok(vec![]),
                (Some(_), false) => Ok(vec![AttemptEvent::RetakeGranted { by, at: now }]),
            };
        }
        if self.submitted.is_some() {
            return Err(AttemptError::AlreadySubmitted);
        }
        match command {
            AttemptCommand::Start { .. } | AttemptCommand::GrantRetake { .. } => unreachable!("handled above"),
            AttemptCommand::RecordAnswer { question_id, kind, answer, marked, now } => {
                if !self.question_ids.contains(&question_id) {
                    return Err(AttemptError::UnknownQuestion(question_id));
                }
                if now > self.deadline + GRACE_MS {
                    return Err(AttemptError::TimeUp);
                }
                let answer = answer.map(|given| self.read_response(question_id, &kind, given).map(|(response, _)| response)).transpose()?;
                let unchanged = self.saved.get(&question_id).is_some_and(|(saved, was_marked)| *saved == answer && *was_marked == marked)
                    || (answer.is_none() && !marked && !self.saved.contains_key(&question_id));
                if unchanged {
                    return Ok(vec![]);
                }
                Ok(vec![AttemptEvent::AnswerRecorded { question_id, response: answer, marked, at: now }])
            }
            AttemptCommand::Submit { answers, key, reason, now } => {
                let late = now > self.deadline + GRACE_MS;
                // In time, the player's own list counts; late or on timeout, only what was saved.
                let mut sent = BTreeMap::new();
                if !late && reason == SubmitReason::Player {
                    for (question_id, given) in answers {
                        // A question not of this quiz is left out, as it always was.
                        let Some(kind) = key.get(&question_id).filter(|_| self.question_ids.contains(&question_id)) else { continue };
                        sent.insert(question_id, given.map(|given| self.read_response(question_id, kind, given)).transpose()?);
                    }
                }
                let scored: Vec<ScoredAnswer> = self
                    .question_ids
                    .iter()
                    .map(|&question_id| match sent.remove(&question_id) {
                        Some(Some((response, f))) => score(question_id, key.get(&question_id), Some(response), Some(f)),
                        Some(None) => score(question_id, key.get(&question_id), None, None),
                        None => score(question_id, key.get(&question_id), self.saved_answer(question_id), None),
                    })
                    .collect();
                let total = self.question_ids.iter().filter(|id| key.get(id).is_none_or(QuestionKind::scored)).count() as i64;
                Ok(vec![AttemptEvent::AttemptSubmitted {
                    score: scored.iter().filter(|a| a.correct).count() as i64,
                    points: scored.iter().map(|a| crate::question::points(None, a.f.unwrap_or(0.0), 0, 0)).sum(),
                    total,
                    rules: RULES_VERSION,
                    answers: scored,
                    reason,
                    late,
                    at: now,
                }])
            }
        }
    }

    fn evolve(mut self, event: &AttemptEvent) -> Attempt {
        match event {
            AttemptEvent::AttemptStarted { user_id, quiz_id, quiz_version, question_ids, started_at, deadline, accommodation, seed } => {
                self.started = true;
                self.user_id = user_id.clone();
                self.quiz_id = *quiz_id;
                self.quiz_version = *quiz_version;
                self.question_ids = question_ids.clone();
                self.started_at = *started_at;
                self.deadline = *deadline;
                self.accommodation = *accommodation;
                self.seed = *seed;
            }
            AttemptEvent::AnswerRecorded { question_id, response, marked, .. } => {
                self.saved.insert(*question_id, (response.clone(), *marked));
            }
            AttemptEvent::AttemptSubmitted { answers, score, points, total, reason, at, .. } => {
                self.submitted = Some(Submitted { answers: answers.clone(), score: *score, points: *points, total: *total, reason: *reason, at: *at });
            }
            AttemptEvent::RetakeGranted { .. } => self.retake_granted = true,
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accommodation::ExtraTime;
    use crate::quiz::Letter;
    use crate::testing::given;
    use Letter::{A, B, C, D};

    const T0: i64 = 1_800_000_000_000;
    const LIMIT: i64 = 60_000;

    fn started() -> AttemptEvent {
        AttemptEvent::AttemptStarted {
            user_id: "u1".into(),
            quiz_id: 3,
            quiz_version: 1,
            question_ids: vec![11, 12, 13],
            started_at: T0,
            deadline: T0 + LIMIT,
            accommodation: Accommodation::default(),
            seed: 77,
        }
    }

    fn four(answer: Letter) -> QuestionKind {
        QuestionKind::from_letters(["a".into(), "b".into(), "c".into(), "d".into()], answer)
    }

    fn key() -> BTreeMap<i64, QuestionKind> {
        BTreeMap::from([(11, four(A)), (12, four(B)), (13, four(C))])
    }

    fn choice(letter: Option<Letter>) -> Option<Response> {
        letter.map(|l| Response::Choice(l.index()))
    }

    fn saved(question_id: i64, answer: Option<Letter>, marked: bool, at: i64) -> AttemptEvent {
        AttemptEvent::AnswerRecorded { question_id, response: choice(answer), marked, at }
    }

    fn submit(answers: Vec<(i64, Option<Letter>)>, reason: SubmitReason, now: i64) -> AttemptCommand {
        AttemptCommand::Submit { answers: answers.into_iter().map(|(q, a)| (q, choice(a))).collect(), key: key(), reason, now }
    }

    fn scored(answers: [(i64, Option<Letter>, bool); 3], score: i64, reason: SubmitReason, late: bool, at: i64) -> AttemptEvent {
        let scored = |(question_id, answer, correct): (i64, Option<Letter>, bool)| ScoredAnswer {
            question_id,
            response: choice(answer),
            correct,
            f: Some(if correct { 1.0 } else { 0.0 }),
        };
        AttemptEvent::AttemptSubmitted {
            answers: answers.into_iter().map(scored).collect(),
            score,
            points: score * 10,
            total: 3,
            rules: RULES_VERSION,
            reason,
            late,
            at,
        }
    }

    #[test]
    fn starting_fixes_the_deadline_from_the_time_limit() {
        let attempt = given::<Attempt>([]).when(start(Accommodation::default(), None)).then([started()]);
        assert_eq!(attempt.remaining_ms(T0 + 1_500), LIMIT - 1_500);
        given::<Attempt>([started()]).when(start(Accommodation::default(), None)).then_error(AttemptError::AlreadyStarted);
    }

    fn start(accommodation: Accommodation, closes_at: Option<i64>) -> AttemptCommand {
        AttemptCommand::Start {
            user_id: "u1".into(),
            quiz_id: 3,
            quiz_version: 1,
            question_ids: vec![11, 12, 13],
            time_limit_ms: LIMIT,
            accommodation,
            closes_at,
            seed: 77,
            now: T0,
        }
    }

    fn started_with(accommodation: Accommodation, deadline: i64) -> AttemptEvent {
        let AttemptEvent::AttemptStarted { user_id, quiz_id, quiz_version, question_ids, started_at, seed, .. } = started() else { unreachable!() };
        AttemptEvent::AttemptStarted { user_id, quiz_id, quiz_version, question_ids, started_at, deadline, accommodation, seed }
    }

    #[test]
    fn extra_time_moves_the_deadline_and_the_quiz_closing_cuts_it_short() {
        let extra = |extra_time| Accommodation { extra_time, read_aloud: false };
        given::<Attempt>([]).when(start(extra(ExtraTime::Half), None)).then([started_with(extra(ExtraTime::Half), T0 + LIMIT * 3 / 2)]);
        let doubled = given::<Attempt>([]).when(start(extra(ExtraTime::Double), None)).then([started_with(extra(ExtraTime::Double), T0 + 2 * LIMIT)]);
        // An answer after the usual deadline is in time for the player with extra time.
        let record = AttemptCommand::RecordAnswer { question_id: 11, kind: four(A), answer: choice(Some(A)), marked: false, now: T0 + LIMIT + GRACE_MS + 1 };
        given::<Attempt>([started_with(extra(ExtraTime::Double), doubled.deadline)]).when(record.clone()).then([saved(
            11,
            Some(A),
            false,
            T0 + LIMIT + GRACE_MS + 1,
        )]);
        given::<Attempt>([started()]).when(record).then_error(AttemptError::TimeUp);
        // Unlimited runs until the quiz closes; nothing runs past the closing.
        let closes = T0 + 10 * LIMIT;
        given::<Attempt>([]).when(start(extra(ExtraTime::Unlimited), Some(closes))).then([started_with(extra(ExtraTime::Unlimited), closes)]);
        given::<Attempt>([]).when(start(extra(ExtraTime::None), Some(T0 + LIMIT / 2))).then([started_with(extra(ExtraTime::None), T0 + LIMIT / 2)]);
        let aloud = Accommodation { extra_time: ExtraTime::None, read_aloud: true };
        given::<Attempt>([]).when(start(aloud, None)).then([started_with(aloud, T0 + LIMIT)]);
    }

    #[test]
    fn an_answer_is_saved_once_and_only_for_questions_of_the_quiz_in_time() {
        let record = |q, a, now| AttemptCommand::RecordAnswer { question_id: q, kind: four(A), answer: choice(a), marked: false, now };
        given::<Attempt>([started()]).when(record(11, Some(A), T0 + 5)).then([saved(11, Some(A), false, T0 + 5)]);
        given::<Attempt>([started(), saved(11, Some(A), false, T0 + 5)]).when(record(11, Some(A), T0 + 9)).then([]);
        given::<Attempt>([started()]).when(record(11, None, T0 + 9)).then([]);
        given::<Attempt>([started()]).when(record(99, Some(A), T0)).then_error(AttemptError::UnknownQuestion(99));
        given::<Attempt>([started()]).when(record(11, Some(A), T0 + LIMIT + GRACE_MS + 1)).then_error(AttemptError::TimeUp);
        given::<Attempt>([started()]).when(record(11, Some(A), T0 + LIMIT + GRACE_MS)).then([saved(11, Some(A), false, T0 + LIMIT + GRACE_MS)]);
    }

    #[test]
    fn the_server_scores_ten_points_per_correct_answer_and_marked_answers_are_incomplete() {
        given::<Attempt>([started(), saved(13, Some(C), true, T0 + 3)])
            .when(submit(vec![(11, Some(A)), (12, Some(D)), (13, None)], SubmitReason::Player, T0 + 10))
            .then([scored([(11, Some(A), true), (12, Some(D), false), (13, None, false)], 1, SubmitReason::Player, false, T0 + 10)]);
    }

    #[test]
    fn a_late_submission_keeps_only_the_answers_saved_in_time() {
        let late = T0 + LIMIT + GRACE_MS + 1;
        given::<Attempt>([started(), saved(11, Some(A), false, T0 + 2), saved(12, Some(B), true, T0 + 3)])
            .when(submit(vec![(11, Some(A)), (12, Some(B)), (13, Some(C))], SubmitReason::Player, late))
            .then([scored([(11, Some(A), true), (12, None, false), (13, None, false)], 1, SubmitReason::Player, true, late)]);
    }

    #[test]
    fn a_submission_within_the_grace_counts_whole() {
        let just = T0 + LIMIT + GRACE_MS;
        given::<Attempt>([started()]).when(submit(vec![(11, Some(A)), (12, Some(B)), (13, Some(C))], SubmitReason::Player, just)).then([scored(
            [(11, Some(A), true), (12, Some(B), true), (13, Some(C), true)],
            3,
            SubmitReason::Player,
            false,
            just,
        )]);
    }

    #[test]
    fn on_timeout_the_saved_answers_are_submitted() {
        let at = T0 + LIMIT + 500;
        given::<Attempt>([started(), saved(12, Some(B), false, T0 + 2)]).when(submit(vec![], SubmitReason::Timeout, at)).then([scored(
            [(11, None, false), (12, Some(B), true), (13, None, false)],
            1,
            SubmitReason::Timeout,
            false,
            at,
        )]);
    }

    #[test]
    fn a_second_submission_counts_for_nothing() {
        let first = scored([(11, Some(A), true), (12, None, false), (13, None, false)], 1, SubmitReason::Player, false, T0 + 9);
        given::<Attempt>([started(), first.clone()])
            .when(submit(vec![(11, Some(A)), (12, Some(B)), (13, Some(C))], SubmitReason::Player, T0 + 10))
            .then_error(AttemptError::AlreadySubmitted);
        given::<Attempt>([started(), first])
            .when(AttemptCommand::RecordAnswer { question_id: 12, kind: four(B), answer: choice(Some(B)), marked: false, now: T0 + 10 })
            .then_error(AttemptError::AlreadySubmitted);
        given::<Attempt>([]).when(submit(vec![], SubmitReason::Player, T0)).then_error(AttemptError::NotStarted);
    }

    #[test]
    fn a_retake_is_granted_once_and_only_after_a_submission() {
        given::<Attempt>([started()]).when(AttemptCommand::GrantRetake { by: "host".into(), now: 5 }).then_error(AttemptError::NotSubmitted);
        given::<Attempt>([]).when(AttemptCommand::GrantRetake { by: "host".into(), now: 5 }).then_error(AttemptError::NotStarted);
        let submitted = scored([(1, None, false), (2, None, false), (3, None, false)], 0, SubmitReason::Player, false, 10);
        let attempt = given::<Attempt>([started(), submitted.clone()])
            .when(AttemptCommand::GrantRetake { by: "host".into(), now: 20 })
            .then([AttemptEvent::RetakeGranted { by: "host".into(), at: 20 }]);
        assert!(attempt.retake_granted);
        given::<Attempt>([started(), submitted, AttemptEvent::RetakeGranted { by: "host".into(), at: 20 }])
            .when(AttemptCommand::GrantRetake { by: "host".into(), now: 30 })
            .then([]);
    }

    #[test]
    fn answers_of_every_type_score_by_f_and_unscored_ones_count_in_neither_score_nor_total() {
        let key = BTreeMap::from([
            (11, QuestionKind::MultiSelect { options: vec!["a".into(), "b".into(), "c".into()], right: vec![0, 1], all_or_nothing: false }),
            (12, QuestionKind::Numeric { answer: 9.81, tolerance: crate::question::Tolerance::Absolute(0.1), unit: None }),
            (13, QuestionKind::Poll { options: vec!["yes".into(), "no".into()] }),
        ]);
        let answers = vec![(11, Some(Response::Choices(vec![0]))), (12, Some(Response::Number(9.8))), (13, Some(Response::Choice(1)))];
        let submitted = given::<Attempt>([started()]).when(AttemptCommand::Submit { answers, key, reason: SubmitReason::Player, now: T0 + 10 }).then([
            AttemptEvent::AttemptSubmitted {
                answers: vec![
                    ScoredAnswer { question_id: 11, response: Some(Response::Choices(vec![0])), correct: false, f: Some(0.5) },
                    ScoredAnswer { question_id: 12, response: Some(Response::Number(9.8)), correct: true, f: Some(1.0) },
                    ScoredAnswer { question_id: 13, response: Some(Response::Choice(1)), correct: false, f: None },
                ],
                score: 1,
                points: 15,
                total: 2,
                rules: RULES_VERSION,
                reason: SubmitReason::Player,
                late: false,
                at: T0 + 10,
            },
        ]);
        assert_eq!(submitted.submitted.unwrap().points, 15);
    }

    #[test]
    fn events_recorded_before_question_types_read_as_choices() {
        let saved: AttemptEvent = serde_json::from_value(serde_json::json!({
            "type": "AnswerRecorded", "data": { "question_id": 11, "answer": "C", "marked": false, "at": 5 }
        }))
        .unwrap();
        assert_eq!(saved, AttemptEvent::AnswerRecorded { question_id: 11, response: Some(Response::Choice(2)), marked: false, at: 5 });
        let cleared: AttemptEvent =
            serde_json::from_value(serde_json::json!({ "type": "AnswerRecorded", "data": { "question_id": 11, "answer": null, "marked": true, "at": 6 } }))
                .unwrap();
        assert_eq!(cleared, AttemptEvent::AnswerRecorded { question_id: 11, response: None, marked: true, at: 6 });
        let submitted: AttemptEvent = serde_json::from_value(serde_json::json!({ "type": "AttemptSubmitted", "data": {
            "answers": [{ "question_id": 11, "answer": "A", "correct": true }, { "question_id": 12, "answer": null, "correct": false }],
            "score": 1, "points": 10, "total": 2, "reason": "player", "late": false, "at": 9
        }}))
        .unwrap();
        let AttemptEvent::AttemptSubmitted { answers, rules, .. } = &submitted else { panic!("{submitted:?}") };
        assert_eq!(*rules, 1);
        assert_eq!(answers[0], ScoredAnswer { question_id: 11, response: Some(Response::Choice(0)), correct: true, f: Some(1.0) });
        assert_eq!(answers[1], ScoredAnswer { question_id: 12, response: None, correct: false, f: Some(0.0) });
        // Written again, today's shape reads back the same, an unscored answer's null `f` too.
        let unscored = ScoredAnswer { question_id: 13, response: Some(Response::Choice(1)), correct: false, f: None };
        assert_eq!(serde_json::from_value::<ScoredAnswer>(serde_json::to_value(&unscored).unwrap()).unwrap(), unscored);
        let again: AttemptEvent = serde_json::from_value(serde_json::to_value(&submitted).unwrap()).unwrap();
        assert_eq!(again, submitted);
    }

    #[test]
    fn a_response_of_the_wrong_shape_is_refused_naming_the_question_and_nothing_saved_is_lost() {
        let numeric = QuestionKind::Numeric { answer: 3.0, tolerance: Default::default(), unit: None };
        let refused = AttemptError::BadResponse { number: 2, question_id: 12, reason: ResponseError::Shape("a number") };
        given::<Attempt>([started()])
            .when(AttemptCommand::RecordAnswer { question_id: 12, kind: numeric.clone(), answer: Some(Response::Text("three".into())), marked: false, now: T0 })
            .then_error(refused.clone());
        assert_eq!(refused.to_string(), "Question 2: this question takes a number");
        let key = BTreeMap::from([(11, four(A)), (12, numeric), (13, four(C))]);
        given::<Attempt>([started(), saved(11, Some(A), false, T0 + 1)])
            .when(AttemptCommand::Submit { answers: vec![(12, Some(Response::Choices(vec![1])))], key, reason: SubmitReason::Player, now: T0 + 2 })
            .then_error(refused);
    }

    #[test]
    fn an_ordering_is_recorded_in_the_definitions_order_whatever_order_it_was_served_in() {
        let kind = QuestionKind::Ordering { items: vec!["1".into(), "2".into(), "3".into()], partial: false };
        let served = kind.served_order(77, 11).unwrap();
        let right_by_served: Vec<usize> = (0..3).map(|index| served.iter().position(|i| *i == index).unwrap()).collect();
        given::<Attempt>([started()])
            .when(AttemptCommand::RecordAnswer { question_id: 11, kind, answer: Some(Response::Order(right_by_served)), marked: false, now: T0 })
            .then([AttemptEvent::AnswerRecorded { question_id: 11, response: Some(Response::Order(vec![0, 1, 2])), marked: false, at: T0 }]);
    }
}
