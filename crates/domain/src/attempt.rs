//! Attempts: `attempt-{uuid}`. The server keeps the clock: the deadline is fixed when the attempt
//! starts, each answer is saved as it is chosen, and scoring happens here on submission, with the
//! answer key of the quiz version the player was served.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::accommodation::Accommodation;
use crate::quiz::Letter;
use crate::{Aggregate, DomainEvent};

/// Network grace after the deadline for a submission or a saved answer.
pub const GRACE_MS: i64 = 2_000;
/// Points per correct answer.
pub const POINTS_PER_CORRECT: i64 = 10;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SubmitReason {
    /// The player submitted.
    Player,
    /// The deadline passed and the server submitted the saved answers.
    Timeout,
}

#[derive(Debug, Clone, PartialEq, Eq)]
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
        now: i64,
    },
    /// `answer: None` clears the question; `marked`: marked for review.
    RecordAnswer { question_id: i64, answer: Option<Letter>, marked: bool, now: i64 },
    /// `answers` as the player sent them (`None`: incomplete); `key`: the right letter per question.
    Submit { answers: Vec<(i64, Option<Letter>)>, key: BTreeMap<i64, Letter>, reason: SubmitReason, now: i64 },
    /// The quiz's host lets the player play again (the caller checks `by` is the host).
    GrantRetake { by: String, now: i64 },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoredAnswer {
    pub question_id: i64,
    pub answer: Option<Letter>,
    pub correct: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    },
    AnswerRecorded {
        question_id: i64,
        answer: Option<Letter>,
        marked: bool,
        at: i64,
    },
    AttemptSubmitted {
        answers: Vec<ScoredAnswer>,
        score: i64,
        points: i64,
        total: i64,
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
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Attempt {
    pub started: bool,
    pub user_id: String,
    pub quiz_id: i64,
    pub quiz_version: i64,
    pub question_ids: Vec<i64>,
    pub started_at: i64,
    pub deadline: i64,
    pub accommodation: Accommodation,
    /// Saved answers by question: the letter (or none) and whether it is marked for review.
    pub saved: BTreeMap<i64, (Option<Letter>, bool)>,
    pub submitted: Option<Submitted>,
    /// The host granted a retake after this attempt.
    pub retake_granted: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
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

    /// A saved answer counts unless it is marked for review.
    fn saved_answer(&self, question_id: i64) -> Option<Letter> {
        match self.saved.get(&question_id) {
            Some((answer, false)) => *answer,
            _ => None,
        }
    }
}

impl Aggregate for Attempt {
    const STREAM: &'static str = "attempt";
    type Command = AttemptCommand;
    type Event = AttemptEvent;
    type Error = AttemptError;

    fn decide(&self, command: AttemptCommand) -> Result<Vec<AttemptEvent>, AttemptError> {
        if let AttemptCommand::Start { user_id, quiz_id, quiz_version, question_ids, time_limit_ms, accommodation, closes_at, now } = command {
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
            AttemptCommand::RecordAnswer { question_id, answer, marked, now } => {
                if !self.question_ids.contains(&question_id) {
                    return Err(AttemptError::UnknownQuestion(question_id));
                }
                if now > self.deadline + GRACE_MS {
                    return Err(AttemptError::TimeUp);
                }
                let unchanged =
                    self.saved.get(&question_id) == Some(&(answer, marked)) || (answer.is_none() && !marked && !self.saved.contains_key(&question_id));
                if unchanged {
                    return Ok(vec![]);
                }
                Ok(vec![AttemptEvent::AnswerRecorded { question_id, answer, marked, at: now }])
            }
            AttemptCommand::Submit { answers, key, reason, now } => {
                let late = now > self.deadline + GRACE_MS;
                // In time, the player's own list counts; late or on timeout, only what was saved.
                let sent: BTreeMap<i64, Option<Letter>> = if late || reason == SubmitReason::Timeout { BTreeMap::new() } else { answers.into_iter().collect() };
                let scored: Vec<ScoredAnswer> = self
                    .question_ids
                    .iter()
                    .map(|&question_id| {
                        let answer = match sent.get(&question_id) {
                            Some(answer) => *answer,
                            None => self.saved_answer(question_id),
                        };
                        let correct = answer.is_some() && answer == key.get(&question_id).copied();
                        ScoredAnswer { question_id, answer, correct }
                    })
                    .collect();
                let score = scored.iter().filter(|a| a.correct).count() as i64;
                Ok(vec![AttemptEvent::AttemptSubmitted {
                    score,
                    points: score * POINTS_PER_CORRECT,
                    total: scored.len() as i64,
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
            AttemptEvent::AttemptStarted { user_id, quiz_id, quiz_version, question_ids, started_at, deadline, accommodation } => {
                self.started = true;
                self.user_id = user_id.clone();
                self.quiz_id = *quiz_id;
                self.quiz_version = *quiz_version;
                self.question_ids = question_ids.clone();
                self.started_at = *started_at;
                self.deadline = *deadline;
                self.accommodation = *accommodation;
            }
            AttemptEvent::AnswerRecorded { question_id, answer, marked, .. } => {
                self.saved.insert(*question_id, (*answer, *marked));
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
        }
    }

    fn key() -> BTreeMap<i64, Letter> {
        BTreeMap::from([(11, A), (12, B), (13, C)])
    }

    fn saved(question_id: i64, answer: Option<Letter>, marked: bool, at: i64) -> AttemptEvent {
        AttemptEvent::AnswerRecorded { question_id, answer, marked, at }
    }

    fn submit(answers: Vec<(i64, Option<Letter>)>, reason: SubmitReason, now: i64) -> AttemptCommand {
        AttemptCommand::Submit { answers, key: key(), reason, now }
    }

    fn scored(answers: [(i64, Option<Letter>, bool); 3], score: i64, reason: SubmitReason, late: bool, at: i64) -> AttemptEvent {
        AttemptEvent::AttemptSubmitted {
            answers: answers.into_iter().map(|(question_id, answer, correct)| ScoredAnswer { question_id, answer, correct }).collect(),
            score,
            points: score * 10,
            total: 3,
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
            now: T0,
        }
    }

    fn started_with(accommodation: Accommodation, deadline: i64) -> AttemptEvent {
        let AttemptEvent::AttemptStarted { user_id, quiz_id, quiz_version, question_ids, started_at, .. } = started() else { unreachable!() };
        AttemptEvent::AttemptStarted { user_id, quiz_id, quiz_version, question_ids, started_at, deadline, accommodation }
    }

    #[test]
    fn extra_time_moves_the_deadline_and_the_quiz_closing_cuts_it_short() {
        let extra = |extra_time| Accommodation { extra_time, read_aloud: false };
        given::<Attempt>([]).when(start(extra(ExtraTime::Half), None)).then([started_with(extra(ExtraTime::Half), T0 + LIMIT * 3 / 2)]);
        let doubled = given::<Attempt>([]).when(start(extra(ExtraTime::Double), None)).then([started_with(extra(ExtraTime::Double), T0 + 2 * LIMIT)]);
        // An answer after the usual deadline is in time for the player with extra time.
        let record = AttemptCommand::RecordAnswer { question_id: 11, answer: Some(A), marked: false, now: T0 + LIMIT + GRACE_MS + 1 };
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
        let record = |q, a, now| AttemptCommand::RecordAnswer { question_id: q, answer: a, marked: false, now };
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
            .when(AttemptCommand::RecordAnswer { question_id: 12, answer: Some(B), marked: false, now: T0 + 10 })
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
}
