//! How refusals of the domain read as API errors, for the refusals that more than one feature
//! meets (a hosted quiz's new audience list, a generation's publication).

use axum::http::StatusCode;
use quizroom_domain::accommodation::AccommodationError;
use quizroom_domain::audience::AudienceError;
use quizroom_domain::generation::GenerationError;
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

