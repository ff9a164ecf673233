//! Accommodations (`GET/PUT /api/hostQuiz/quiz/{categoryId}/accommodations`): the host grants
//! players of a hosted quiz, by e-mail, extra time and read-aloud. An attempt takes them when it
//! starts (see `accommodations` and `play`).

use axum::Json;
use axum::extract::{Path, State};
use quizroom_domain::StreamId;
use quizroom_domain::accommodation::{AccommodationCommand, Accommodations};

use crate::access::hosted_by;
use crate::accommodations::{AccommodationList, of_quiz};
use crate::commands::{CommandError, execute, metadata};
use crate::error::{ApiError, ApiJson};
use crate::input::ObjectBody;
use crate::openapi::ErrorBody;
use crate::refusals::accommodation_refused;
use crate::state::AppState;
use crate::tokens::AuthUser;

/// The accommodations of one of the caller's quizzes.
#[utoipa::path(get, path = "/hostQuiz/quiz/{categoryId}/accommodations", operation_id = "quizAccommodations", tag = "hosting", security(("bearer" = [])),
    params(("categoryId" = i64, Path, minimum = 1, description = "The quiz")),
    responses(
        (status = 200, description = "The players granted accommodations, by e-mail", body = AccommodationList),
        (status = 400, description = "Not a category id", body = ErrorBody),
        (status = 403, description = "The caller is not the quiz's host (or it is a curated category)", body = ErrorBody),
        (status = 404, description = "No such quiz", body = ErrorBody),
    ),
)]
pub(super) async fn accommodations(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(category_id): Path<String>,
) -> Result<Json<AccommodationList>, ApiError> {
    let category = hosted_by(&state, &caller.user_id, &category_id).await?;
    Ok(Json(AccommodationList::of(&of_quiz(&state, category.id).await?.players)))
}

/// Replaces the accommodations of one of the caller's quizzes. They apply to attempts started
/// from now on; an attempt in progress keeps its deadline.
#[utoipa::path(put, path = "/hostQuiz/quiz/{categoryId}/accommodations", operation_id = "setQuizAccommodations", tag = "hosting", security(("bearer" = [])),
    params(("categoryId" = i64, Path, minimum = 1, description = "The quiz")),
    request_body = AccommodationList,
    responses(
        (status = 200, description = "The accommodations as they are now", body = AccommodationList),
        (status = 400, description = "A malformed e-mail, an unknown extra time or field, or more than 2,000 players", body = ErrorBody),
        (status = 403, description = "The caller is not the quiz's host (or it is a curated category)", body = ErrorBody),
        (status = 404, description = "No such quiz", body = ErrorBody),
        (status = 409, description = "Changed at the same moment; try again", body = ErrorBody),
        (status = 422, description = "An e-mail listed twice (`{email} is listed more than once`)", body = ErrorBody),
    ),
)]
pub(super) async fn set_accommodations(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(category_id): Path<String>,
    ApiJson(ObjectBody(body)): ApiJson<ObjectBody<AccommodationList>>,
) -> Result<Json<AccommodationList>, ApiError> {
    let category = hosted_by(&state, &caller.user_id, &category_id).await?;
    let players = body.players()?;
    let host_id = category.host_id.clone().unwrap_or_default();
    let command = || AccommodationCommand::Set { by: caller.user_id.clone(), host_id: host_id.clone(), players: players.clone() };
    let stream = StreamId::<Accommodations>::new(category.id);
    let (state_now, _) = execute(&state.store, &stream, &metadata(&caller.user_id, "set_accommodations"), command).await.map_err(|e| match e {
        CommandError::Rejected(e) => accommodation_refused(e),
        CommandError::Store(e) => e.into(),
    })?;
    Ok(Json(AccommodationList::of(&state_now.players)))
}
