//! Each event's stored type name (the `type` of its envelope), named once: `QuizEvent::QUESTIONS_UPDATED`,
//! `AttemptEvent::RETAKE_GRANTED`, …, every name of an event enum (`TYPES`) and an event's own
//! (`event_type()`). Code outside the domain that picks rows of the log or of a read model by
//! their type compares with these, never with a string of its own (decision 0042; the layout
//! test of the api crate refuses the string).
//!
//! The names are the variants' identifiers, which is what serde writes (no event enum renames a
//! variant); `event_type()` matches every variant, so a new variant without a name here does not
//! compile.

use crate::accommodation::AccommodationEvent;
use crate::admission::AdmissionEvent;
use crate::attempt::AttemptEvent;
use crate::audience::AudienceEvent;
use crate::audit::AuditEvent;
use crate::game::GameEvent;
use crate::generation::GenerationEvent;
use crate::player::PlayerEvent;
use crate::quiz::QuizEvent;
use crate::uploads::UploadsEvent;
use crate::user::UserEvent;
use crate::wallet::WalletEvent;

macro_rules! event_types {
    ($($event:ident { $($name:ident = $variant:ident),+ $(,)? })+) => {$(
        impl $event {
            $(
                #[doc = concat!("The stored type of [`", stringify!($event), "::", stringify!($variant), "`].")]
                pub const $name: &'static str = stringify!($variant);
            )+
            /// Every stored type of these events, in the order they are declared.
            pub const TYPES: &'static [&'static str] = &[$(stringify!($variant)),+];

            /// This event's stored type (the `type` its envelope carries).
            pub fn event_type(&self) -> &'static str {
                match self {
                    $($event::$variant { .. } => Self::$name,)+
                }
            }
        }
    )+};
}

event_types! {
    AccommodationEvent { ACCOMMODATIONS_SET = AccommodationsSet }
    AdmissionEvent { JOINED_BY_CODE = JoinedByCode }
    AttemptEvent {
        ATTEMPT_STARTED = AttemptStarted,
        ANSWER_RECORDED = AnswerRecorded,
        ATTEMPT_SUBMITTED = AttemptSubmitted,
        RETAKE_GRANTED = RetakeGranted,
    }
    AudienceEvent {
        AUDIENCE_LIST_CREATED = AudienceListCreated,
        AUDIENCE_LIST_CHANGED = AudienceListChanged,
        AUDIENCE_LIST_DELETED = AudienceListDeleted,
        AUDIENCE_ACCOMMODATIONS_SET = AudienceAccommodationsSet,
    }
    AuditEvent { AUDIT_READ = AuditRead, AUDIT_REFUSED = AuditRefused }
    GameEvent {
        GAME_OPENED = GameOpened,
        QUESTION_STARTED = QuestionStarted,
        ANSWERS_OPENED = AnswersOpened,
        QUESTION_CLOSED = QuestionClosed,
        STANDINGS_SHOWN = StandingsShown,
        GAME_PAUSED = GamePaused,
        GAME_RESUMED = GameResumed,
        LOBBY_LOCKED = LobbyLocked,
        LOBBY_UNLOCKED = LobbyUnlocked,
        PLAYER_KICKED = PlayerKicked,
        ANSWERS_SHOWN = AnswersShown,
        GAME_FINISHED = GameFinished,
    }
    GenerationEvent {
        GENERATION_REQUESTED = GenerationRequested,
        QUESTIONS_GENERATED = QuestionsGenerated,
        GENERATION_FAILED = GenerationFailed,
        GENERATION_PUBLISHED = GenerationPublished,
    }
    PlayerEvent { PLAYER_JOINED = PlayerJoined, ANSWER_GIVEN = AnswerGiven }
    QuizEvent {
        CURATED_CATEGORY_PUBLISHED = CuratedCategoryPublished,
        CURATED_CATEGORY_REVISED = CuratedCategoryRevised,
        QUIZ_HOSTED = QuizHosted,
        QUESTIONS_UPDATED = QuestionsUpdated,
    }
    UserEvent {
        SIGNED_UP = SignedUp,
        VERIFICATION_CODE_ISSUED = VerificationCodeIssued,
        VERIFICATION_CODE_REJECTED = VerificationCodeRejected,
        EMAIL_VERIFIED = EmailVerified,
        PASSWORD_RESET_REQUESTED = PasswordResetRequested,
        PASSWORD_RESET_CODE_REJECTED = PasswordResetCodeRejected,
        PASSWORD_RESET = PasswordReset,
        SESSIONS_ENDED = SessionsEnded,
        AUDITOR_GRANTED = AuditorGranted,
        AUDITOR_REVOKED = AuditorRevoked,
    }
    WalletEvent {
        TOKENS_GRANTED = TokensGranted,
        TOKENS_PURCHASED = TokensPurchased,
        TOKENS_SPENT = TokensSpent,
        TOKENS_REFUNDED = TokensRefunded,
    }
    UploadsEvent { MEDIA_UPLOADED = MediaUploaded }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::DomainEvent;

    /// Each name is one serde reads as a variant of its enum: an empty payload is then refused as
    /// broken (or read, for a variant without fields), never as an unknown type.
    fn known<E: DomainEvent>(types: &[&str]) {
        for event_type in types {
            if let Err(e) = E::decode(event_type, E::SCHEMA_VERSION, &json!({})) {
                assert!(!e.0.starts_with("unknown event type"), "{event_type}: {e}");
            }
        }
        assert!(E::decode("NoSuchEvent", E::SCHEMA_VERSION, &json!({})).unwrap_err().0.starts_with("unknown event type"));
    }

    #[test]
    fn every_name_is_a_type_serde_reads() {
        known::<AccommodationEvent>(AccommodationEvent::TYPES);
        known::<AdmissionEvent>(AdmissionEvent::TYPES);
        known::<AttemptEvent>(AttemptEvent::TYPES);
        known::<AudienceEvent>(AudienceEvent::TYPES);
        known::<AuditEvent>(AuditEvent::TYPES);
        known::<GameEvent>(GameEvent::TYPES);
        known::<GenerationEvent>(GenerationEvent::TYPES);
        known::<PlayerEvent>(PlayerEvent::TYPES);
        known::<QuizEvent>(QuizEvent::TYPES);
        known::<UserEvent>(UserEvent::TYPES);
        known::<WalletEvent>(WalletEvent::TYPES);
        known::<UploadsEvent>(UploadsEvent::TYPES);
    }

    #[test]
    fn an_events_type_is_the_one_it_is_stored_with() {
        let events =
            [AttemptEvent::RetakeGranted { by: "host".into(), at: 1 }, AttemptEvent::AnswerRecorded { question_id: 1, response: None, marked: false, at: 2 }];
        for event in &events {
            assert_eq!(event.event_type(), event.encode().0);
        }
        assert_eq!(AttemptEvent::RETAKE_GRANTED, "RetakeGranted");
        let deleted = AudienceEvent::AudienceListDeleted;
        assert_eq!((deleted.event_type(), deleted.encode().0.as_str()), (AudienceEvent::AUDIENCE_LIST_DELETED, "AudienceListDeleted"));
    }
}
