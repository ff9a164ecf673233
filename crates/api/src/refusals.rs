//! How refusals of the domain read as API errors, for the refusals that more than one feature
//! meets (a hosted quiz's new audience list, a generation's publication), or that the hub meets
//! too (a live game's player: decision 0040).

use axum::http::StatusCode;
use quizroom_domain::accommodation::AccommodationError;
use quizroom_domain::audience::AudienceError;
use quizroom_domain::generation::GenerationError;
use quizroom_domain::player::PlayerError;
use serde_json::json;

use crate::error::ApiError;

/// How a refused audience-list command reads to the host.
pub fn audience_refused(e: AudienceError) -> ApiError {
    match e {
        AudienceError::NotFound => ApiError::not_found(e.to_string()),
        AudienceError::AlreadyExists => ApiError::conflict("already_exists", e.to_string()),
        AudienceError::NoName | AudienceError::NoEmails | AudienceError::TooMany => ApiError::bad_request("validation", e.to_string()),
        // Which e-mails are on the list is a rule no schema can express (422).
        AudienceError::NotOnList(ref email) => {
            ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "validation", e.to_string()).with_details(json!({ "email": email }))
        }
        AudienceError::Accommodation(e) => accommodation_refused(e),
    }
}

/// How refused accommodations read to the host (a quiz's, or an audience list's).
pub fn accommodation_refused(e: AccommodationError) -> ApiError {
    match e {
        AccommodationError::NotHost => crate::access::not_host(),
        // The same e-mail twice (in any case) is a rule no schema can express (422).
        AccommodationError::Duplicate(ref email) => {
            ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "validation", e.to_string()).with_details(json!({ "email": email }))
        }
        AccommodationError::TooMany => ApiError::bad_request("validation", e.to_string()),
    }
}

/// How a refused generation command reads to the host.
pub fn generation_refused(e: GenerationError) -> ApiError {
    match e {
        GenerationError::NotFound => ApiError::not_found(e.to_string()),
        GenerationError::AlreadyPublished { quiz_id } => {
            ApiError::new(StatusCode::CONFLICT, "already_published", e.to_string()).with_details(json!({ "quizId": quiz_id }))
        }
        GenerationError::Failed => ApiError::new(StatusCode::CONFLICT, "generation_failed", e.to_string()),
        GenerationError::StillRunning | GenerationError::AlreadyFinished | GenerationError::AlreadyExists => {
            ApiError::new(StatusCode::CONFLICT, "generation_running", e.to_string())
        }
    }
}

/// How a live game's refusal of a player reads over HTTP: the domain decided it, and an answer's
/// refusal has the code the hub gives it (`quizroom_hub::game::Refused::reads`), in the domain's
/// words.
pub fn player_refused(e: PlayerError) -> ApiError {
    match e {
        PlayerError::NotOpen => ApiError::conflict("not_open", e.to_string()),
        PlayerError::TooLate => ApiError::conflict("too_late", e.to_string()),
        PlayerError::AlreadyAnswered => ApiError::conflict("already_answered", e.to_string()),
        PlayerError::BadResponse(_) => ApiError::bad_request("bad_message", e.to_string()),
        PlayerError::NotJoined => ApiError::not_found("No such player in this game"),
        // A join under a new player id: never refused as a second join.
        PlayerError::AlreadyJoined => ApiError::internal(e),
    }
}

#[cfg(test)]
mod tests {
    use quizroom_domain::player::PlayerError;
    use quizroom_hub::game::Refused;

    use super::player_refused;

    /// The hub and the HTTP API only say the domain's refusal of an answer, with one code and
    /// message each (decision 0040).
    #[test]
    fn an_answers_refusal_reads_the_same_over_the_hub_and_over_http() {
        let bad = PlayerError::BadResponse("this question takes an order of the items".into());
        for e in [PlayerError::NotOpen, PlayerError::TooLate, PlayerError::AlreadyAnswered, PlayerError::NotJoined, bad] {
            let (code, message) = Refused::Player(e.clone()).reads();
            let http = player_refused(e.clone());
            assert_eq!((serde_json::to_value(code).unwrap(), message), (serde_json::json!(http.code), http.message), "{e:?}");
        }
    }
}
