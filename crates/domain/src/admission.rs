//! Admissions: `admission-{quiz}-{user}`. A player joins a hosted quiz through its code or link;
//! only then may they play it (so a quiz's sequential id is worth nothing without its code). The
//! join is recorded once, when it first happens.

use serde::{Deserialize, Serialize};

use crate::{Aggregate, DomainEvent};

/// The instance id of the admission of `user_id` to quiz `quiz_id`.
pub fn admission_id(quiz_id: i64, user_id: &str) -> String {
    format!("{quiz_id}-{user_id}")
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdmissionCommand {
    /// The player typed the quiz's code (or opened its link) and may take it.
    Join { quiz_id: i64, user_id: String, now: i64 },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", content = "data")]
pub enum AdmissionEvent {
    JoinedByCode { quiz_id: i64, user_id: String, at: i64 },
}

impl DomainEvent for AdmissionEvent {}

/// Joining is never refused here: whether the player may join is decided before (the audience,
/// the expiry), and joining twice records nothing new.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AdmissionError {}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Admission {
    pub joined_at: Option<i64>,
}

impl Aggregate for Admission {
    const STREAM: &'static str = "admission";
    type Command = AdmissionCommand;
    type Event = AdmissionEvent;
    type Error = AdmissionError;

    fn decide(&self, command: AdmissionCommand) -> Result<Vec<AdmissionEvent>, AdmissionError> {
        match command {
            AdmissionCommand::Join { .. } if self.joined_at.is_some() => Ok(vec![]),
            AdmissionCommand::Join { quiz_id, user_id, now } => Ok(vec![AdmissionEvent::JoinedByCode { quiz_id, user_id, at: now }]),
        }
    }

    fn evolve(mut self, event: &AdmissionEvent) -> Admission {
        match event {
            AdmissionEvent::JoinedByCode { at, .. } => self.joined_at = Some(*at),
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::given;

    #[test]
    fn a_join_is_recorded_once() {
        let join = |now| AdmissionCommand::Join { quiz_id: 7, user_id: "u".into(), now };
        let joined = AdmissionEvent::JoinedByCode { quiz_id: 7, user_id: "u".into(), at: 10 };
        given::<Admission>([]).when(join(10)).then([joined.clone()]);
        given::<Admission>([joined]).when(join(20)).then([]);
        assert_eq!(admission_id(7, "u-1"), "7-u-1");
    }
}
