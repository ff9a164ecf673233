//! The timeline's words: each event as a sentence an auditor reads, the changes an edit made to
//! the questions, and an event's payload with the secrets (password and code hashes) masked.

use std::collections::HashMap;

use quizroom_domain::DomainEvent;
use quizroom_domain::accommodation::AccommodationEvent;
use quizroom_domain::admission::AdmissionEvent;
use quizroom_domain::attempt::{AttemptEvent, SubmitReason};
use quizroom_domain::audit::AuditEvent;
use quizroom_domain::game::GameEvent;
use quizroom_domain::generation::GenerationEvent;
use quizroom_domain::question::Response;
use quizroom_domain::quiz::{Audience, Question, QuizEvent};
use quizroom_domain::user::UserEvent;
use quizroom_domain::wallet::WalletEvent;
use quizroom_projections::trail::read::TrailRow;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::accommodations::AccommodationView;
use crate::clock::rfc3339;

/// Payload fields never shown, even to an auditor.
const SECRETS: [&str; 2] = ["password_hash", "code_hash"];

/// `data` with every secret field's value replaced by `"[redacted]"`.
pub(super) fn redacted(mut data: Value) -> Value {
    fn walk(value: &mut Value) {
        match value {
            Value::Object(map) => {
                for (key, v) in map.iter_mut() {
                    if SECRETS.contains(&key.as_str()) {
                        *v = Value::String("[redacted]".into());
                    } else {
                        walk(v);
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(walk),
            _ => {}
        }
    }
    walk(&mut data);
    data
}

/// One field of one question that an edit changed.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionChange {
    pub question_id: i64,
    /// `added`, `removed`, `text`, `optionA`…`optionD`, `answer`, `definition`, `explanation`,
    /// `media` (its kind, its files' ids and its alt text or transcript, as JSON) or `pictures`
    /// (those on its options or items, as JSON).
    pub field: String,
    pub before: Option<String>,
    pub after: Option<String>,
}

/// What changed from `before` to `after`, question by question (matched by id).
pub(super) fn question_changes(before: &[Question], after: &[Question]) -> Vec<QuestionChange> {
    let old: HashMap<i64, &Question> = before.iter().map(|q| (q.id, q)).collect();
    let mut changes = Vec::new();
    for q in after {
        let Some(o) = old.get(&q.id) else {
            changes.push(QuestionChange { question_id: q.id, field: "added".into(), before: None, after: Some(q.text.clone()) });
            continue;
        };
        let mut field = |name: &str, a: &str, b: &str| {
            if a != b {
                changes.push(QuestionChange { question_id: q.id, field: name.into(), before: Some(a.to_owned()), after: Some(b.to_owned()) });
            }
        };
        field("text", &o.text, &q.text);
        match (o.letters(), q.letters()) {
            (Some((old_options, old_answer)), Some((options, answer))) => {
                for (i, name) in ["optionA", "optionB", "optionC", "optionD"].iter().enumerate() {
                    field(name, &old_options[i], &options[i]);
                }
                field("answer", old_answer.as_str(), answer.as_str());
            }
            // Another type on either side: the whole definition, as JSON.
            _ => {
                let json = |q: &Question| serde_json::to_string(&q.kind).unwrap_or_default();
                field("definition", &json(o), &json(q));
            }
        }
        field("explanation", &o.explanation, &q.explanation);
        let media = |q: &Question| q.media.as_ref().map(|m| serde_json::to_string(m).unwrap_or_default()).unwrap_or_default();
        field("media", &media(o), &media(q));
        let pictures = |q: &Question| if q.pictures.is_empty() { String::new() } else { serde_json::to_string(&q.pictures).unwrap_or_default() };
        field("pictures", &pictures(o), &pictures(q));
    }
    for o in before.iter().filter(|o| !after.iter().any(|q| q.id == o.id)) {
        changes.push(QuestionChange { question_id: o.id, field: "removed".into(), before: Some(o.text.clone()), after: None });
    }
    changes
}

fn decode<E: DomainEvent>(row: &TrailRow) -> Option<E> {
    let data = serde_json::from_str(&row.data).ok()?;
    E::decode(&row.event_type, row.schema_version, &data).ok()
}

/// "QuestionStarted" → "Question started".
fn spaced(event_type: &str) -> String {
    let mut out = String::new();
    for (i, c) in event_type.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push(' ');
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The sentence for `row`; `name` gives a person's name from their id.
pub(super) fn summary(row: &TrailRow, name: &dyn Fn(&str) -> String) -> String {
    let fallback = || spaced(&row.event_type);
    let text = match row.kind.as_str() {
        "edited" if row.event_type == AccommodationEvent::ACCOMMODATIONS_SET => decode::<AccommodationEvent>(row).map(|e| {
            let AccommodationEvent::AccommodationsSet { players, .. } = e;
            let each: Vec<String> = players.iter().map(|(email, a)| format!("{email} ({})", AccommodationView::from(*a).describe())).collect();
            if each.is_empty() { "Removed every accommodation".to_owned() } else { format!("Set accommodations: {}", each.join(", ")) }
        }),
        "hosted" | "edited" => decode::<QuizEvent>(row).map(|e| match e {
            QuizEvent::QuizHosted { quiz, .. } => {
                let audience = match &quiz.audience {
                    Audience::Open => "open to everyone with the code".to_owned(),
                    Audience::List { name, .. } => format!("open to the list {name}"),
                };
                format!(
                    "Hosted \u{201c}{}\u{201d}: {} questions, {} minutes, code {}, {audience}, until {}",
                    quiz.title,
                    quiz.questions.len(),
                    quiz.time_limit_minutes,
                    quiz.code,
                    rfc3339(quiz.valid_until)
                )
            }
            QuizEvent::QuestionsUpdated { questions, .. } => format!("Edited the questions ({} in the quiz now)", questions.len()),
            QuizEvent::CuratedCategoryPublished { content, .. } => {
                format!("Published the curated category \u{201c}{}\u{201d} ({} questions)", content.name, content.questions.len())
            }
            QuizEvent::CuratedCategoryRevised { content } => format!("Revised the curated category ({} questions)", content.questions.len()),
        }),
        "attempt" if row.event_type == AdmissionEvent::JOINED_BY_CODE => Some("Joined with the quiz's code".to_owned()),
        "attempt" | "retake" => decode::<AttemptEvent>(row).map(|e| match e {
            AttemptEvent::AttemptStarted { quiz_version, question_ids, deadline, accommodation, .. } => {
                let granted = AccommodationView::from(accommodation).describe();
                let granted = if granted.is_empty() { String::new() } else { format!("; {granted}") };
                format!("Started an attempt on version {quiz_version} ({} questions, deadline {}{granted})", question_ids.len(), rfc3339(deadline))
            }
            AttemptEvent::AnswerRecorded { question_id, response, marked, .. } => {
                let mark = if marked { " (marked for review)" } else { "" };
                match response {
                    Some(response) => format!("Saved answer {} to question {question_id}{mark}", readable(&response)),
                    None => format!("Cleared the answer to question {question_id}{mark}"),
                }
            }
            AttemptEvent::AttemptSubmitted { score, points, total, reason, late, .. } => {
                let by = match reason {
                    SubmitReason::Player => "Submitted by the player",
                    SubmitReason::Timeout => "Submitted by the server at the deadline",
                };
                let late = if late { "; after the deadline, so only the answers saved in time counted" } else { "" };
                format!("{by}: {score}/{total} right, {points} points{late}")
            }
            AttemptEvent::RetakeGranted { by, .. } => format!("Retake granted by {}: this attempt no longer counts", name(&by)),
        }),
        "tokens" => decode::<WalletEvent>(row).map(|e| match e {
            WalletEvent::TokensGranted { amount, reason } => format!("{amount} tokens granted ({reason})"),
            WalletEvent::TokensPurchased { quantity, amount_cents, payment_ref } => {
                format!("{quantity} tokens bought for {}.{:02} (payment {payment_ref})", amount_cents / 100, amount_cents % 100)
            }
            WalletEvent::TokensSpent { amount, purpose, .. } => format!("{amount} tokens spent ({})", purpose.replace('_', " ")),
            WalletEvent::TokensRefunded { amount, reason, .. } => format!("{amount} tokens refunded ({reason})"),
        }),
        "live" => decode::<GameEvent>(row).map(|e| match e {
            GameEvent::GameOpened { pin, questions, .. } => format!("Opened a live game (PIN {pin}, {} questions)", questions.len()),
            GameEvent::QuestionStarted { index, .. } => format!("Live question {} started", index + 1),
            GameEvent::AnswersOpened { index, .. } => format!("Live question {}: answers opened early, every device having its media", index + 1),
            GameEvent::QuestionClosed { index, .. } => format!("Live question {} closed", index + 1),
            GameEvent::StandingsShown { index, .. } => format!("Standings shown after question {}", index + 1),
            GameEvent::PlayerKicked { .. } => "A player was removed from the live game".to_owned(),
            GameEvent::AnswersShown { index, .. } => format!("The answers to live question {} were shown to the room", index + 1),
            GameEvent::GameFinished { .. } => "The live game ended".to_owned(),
            _ => fallback(),
        }),
        "generated" => decode::<GenerationEvent>(row).map(|e| match e {
            GenerationEvent::GenerationRequested { title, count, cost, .. } => {
                format!("Asked to generate {count} questions for \u{201c}{title}\u{201d} ({cost} tokens)")
            }
            GenerationEvent::QuestionsGenerated { questions, generator, .. } => format!("{} questions generated ({generator})", questions.len()),
            GenerationEvent::GenerationFailed { reason, refunded } => format!("Generation failed ({reason}); {refunded} tokens refunded"),
            GenerationEvent::GenerationPublished { quiz_id } => format!("Published as quiz {quiz_id}"),
        }),
        "account" => decode::<UserEvent>(row).map(|e| match e {
            UserEvent::SignedUp { first_name, last_name, email, .. } => format!("Signed up as {first_name} {last_name} <{email}>"),
            UserEvent::VerificationCodeIssued { .. } => "A verification code was sent".to_owned(),
            UserEvent::VerificationCodeRejected { .. } => "A wrong verification code was typed".to_owned(),
            UserEvent::EmailVerified { .. } => "E-mail verified".to_owned(),
            UserEvent::PasswordResetRequested { .. } => "A password reset was requested".to_owned(),
            UserEvent::PasswordResetCodeRejected { .. } => "A wrong password reset code was typed".to_owned(),
            UserEvent::PasswordReset { .. } => "Password reset; every earlier session ended".to_owned(),
            UserEvent::SessionsEnded { .. } => "Signed out everywhere".to_owned(),
            UserEvent::AuditorGranted { by, .. } => format!("Made an auditor by {by}"),
            UserEvent::AuditorRevoked { by, .. } => format!("Auditor role revoked by {by}"),
        }),
        "audit" => decode::<AuditEvent>(row).map(|event| match event {
            AuditEvent::AuditRead { subject, view, .. } => format!("Looked at {subject} ({view})"),
            AuditEvent::AuditRefused { subject, view, reason, .. } => format!("Refused a look at {subject} ({view}): {reason}"),
        }),
        _ => None,
    };
    text.unwrap_or_else(fallback)
}

/// A response as the audit trail reads it: a choice by its letter (A, B, …), anything else as
/// its JSON (`{"number":9.8}`).
fn readable(response: &Response) -> String {
    match response {
        Response::Choice(i) if *i < 26 => char::from(b'A' + *i as u8).to_string(),
        other => serde_json::to_string(other).unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use quizroom_domain::media::{Media, MediaFile};
    use quizroom_domain::question::QuestionKind;
    use quizroom_domain::quiz::Letter;
    use serde_json::json;

    use super::*;

    fn question(id: i64, text: &str, answer: Letter) -> Question {
        Question::four_options(id, id.to_string(), text, ["a".into(), "b".into(), "c".into(), "d".into()], answer, "")
    }

    #[test]
    fn an_edit_is_described_field_by_field() {
        let before = vec![question(1, "Two plus two?", Letter::A), question(2, "Gone", Letter::B)];
        let mut changed = question(1, "Two plus three?", Letter::C);
        changed.kind = QuestionKind::from_letters(["a".into(), "b".into(), "c".into(), "five".into()], Letter::C);
        let mut retyped = question(2, "Gone", Letter::B);
        retyped.kind = QuestionKind::TrueFalse { answer: true };
        let after = vec![changed.clone(), question(3, "New", Letter::D)];
        let fields: Vec<(i64, String)> = question_changes(&before, &after).into_iter().map(|c| (c.question_id, c.field)).collect();
        assert_eq!(fields, vec![(1, "text".into()), (1, "optionD".into()), (1, "answer".into()), (3, "added".into()), (2, "removed".into())]);
        let fields: Vec<(i64, String)> = question_changes(&before, &[changed, retyped]).into_iter().map(|c| (c.question_id, c.field)).collect();
        assert_eq!(fields, vec![(1, "text".into()), (1, "optionD".into()), (1, "answer".into()), (2, "definition".into())]);
        // A new picture: the change names its files.
        let mut pictured = question(1, "Two plus two?", Letter::A);
        let file = |id: &str| MediaFile { id: id.repeat(64), mime: "image/jpeg".into(), width: Some(10), height: Some(10) };
        pictured.media = Some(Media::Image { phone: file("a"), projector: file("b"), alt: "Two apples".into(), decorative: false });
        let changes = question_changes(&before[..1], std::slice::from_ref(&pictured));
        assert_eq!((changes.len(), changes[0].field.as_str(), changes[0].before.as_deref()), (1, "media", Some("")));
        assert!(changes[0].after.as_deref().unwrap().contains(&"b".repeat(64)));
        // A picture on an option: a `pictures` change.
        let mut on_option = pictured.clone();
        on_option.pictures = vec![None, pictured.media.clone(), None, None];
        let changes = question_changes(&[pictured], &[on_option]);
        assert_eq!((changes.len(), changes[0].field.as_str(), changes[0].before.as_deref()), (1, "pictures", Some("")));
        assert_eq!(readable(&Response::Choice(1)), "B");
        assert_eq!(readable(&Response::Number(9.5)), r#"{"number":9.5}"#);
    }

    #[test]
    fn secrets_are_masked_wherever_they_sit() {
        let data = json!({ "email": "a@b.c", "password_hash": "$argon2", "nested": [{ "code_hash": "x" }] });
        assert_eq!(redacted(data), json!({ "email": "a@b.c", "password_hash": "[redacted]", "nested": [{ "code_hash": "[redacted]" }] }));
    }
}
