//! What auditors looked at: `audit-{user}`, one stream per reader. Every audit read is recorded,
//! and so is every refused one, so the log also says who looked at (or tried to look at) what,
//! and when.

use serde::{Deserialize, Serialize};

use crate::{Aggregate, DomainEvent};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AuditCommand {
    /// `reader` looked at `subject` (a stream: `quiz-12`, `attempt-…`, `user-…`, or `log` for the
    /// whole log) in the way `view` names (`timeline`, `standings`, `export`, …).
    RecordRead { subject: String, view: String, now: i64 },
    /// `reader` asked to look at `subject` in the way `view` names and was refused, for `reason`
    /// (`not an auditor`, …).
    RecordRefusal { subject: String, view: String, reason: String, now: i64 },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", content = "data")]
pub enum AuditEvent {
    AuditRead { subject: String, view: String, at: i64 },
    AuditRefused { subject: String, view: String, reason: String, at: i64 },
}

impl DomainEvent for AuditEvent {}

/// Reads are facts, never refused: the stream is appended to without reading it back.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditLog;

impl Aggregate for AuditLog {
    const STREAM: &'static str = "audit";
    type Command = AuditCommand;
    type Event = AuditEvent;
    type Error = std::convert::Infallible;

    fn decide(&self, command: AuditCommand) -> Result<Vec<AuditEvent>, Self::Error> {
        match command {
            AuditCommand::RecordRead { subject, view, now } => Ok(vec![AuditEvent::AuditRead { subject, view, at: now }]),
            AuditCommand::RecordRefusal { subject, view, reason, now } => Ok(vec![AuditEvent::AuditRefused { subject, view, reason, at: now }]),
        }
    }

    fn evolve(self, _event: &AuditEvent) -> AuditLog {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::given;

    #[test]
    fn every_read_is_recorded() {
        let read = AuditCommand::RecordRead { subject: "quiz-12".into(), view: "timeline".into(), now: 5 };
        given::<AuditLog>([AuditEvent::AuditRead { subject: "quiz-12".into(), view: "timeline".into(), at: 1 }]).when(read).then([AuditEvent::AuditRead {
            subject: "quiz-12".into(),
            view: "timeline".into(),
            at: 5,
        }]);
    }

    #[test]
    fn every_refusal_is_recorded_with_its_reason() {
        let refused = AuditCommand::RecordRefusal { subject: "quiz-12".into(), view: "timeline".into(), reason: "not an auditor".into(), now: 7 };
        given::<AuditLog>([]).when(refused).then([AuditEvent::AuditRefused {
            subject: "quiz-12".into(),
            view: "timeline".into(),
            reason: "not an auditor".into(),
            at: 7,
        }]);
    }
}
