//! Reading a generation back, and publishing its reviewed questions as a hosted quiz, once.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use quizroom_domain::generation::{Generation, Status};
use quizroom_domain::quiz::QuizSource;
use serde_json::{Map, Value, json};

use super::forms::{GenerationId, PublishBody};
use super::views::{GenerationStatus, GenerationView, dropped, generated_question};
use super::{checked_title, stream_of};
use crate::commands::load;
use crate::error::{ApiError, ApiJson, db};
use crate::new_quiz::{Payment, QuizCreated, create_quiz};
use crate::openapi::ErrorBody;
use crate::quiz_form::{EditedQuestion, QuestionProblem, QuizDraft, QuizSettings, UploadForm, checked_question, validation};
use crate::state::AppState;
use crate::tokens::AuthUser;

/// The settings of a publish body that are texts (`timeLimit` is a number or its digits).
const SETTINGS_TEXTS: &[&str] = &["validityOption", "customDate", "audienceType", "emails", "audienceName", "audienceListId"];

/// The host's own generation: its status and the questions as generated (not as edited).
#[utoipa::path(get, path = "/generate/{generationId}", operation_id = "getGeneration", tag = "generate", security(("bearer" = [])),
    params(("generationId" = inline(GenerationId), Path, description = "From the answer that generated it")),
    responses(
        (status = 200, description = "The generation", body = GenerationView),
        (status = 404, description = "No such generation of the caller's", body = ErrorBody),
    ),
)]
pub(super) async fn read_generation(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(generation_id): Path<String>,
) -> Result<Json<GenerationView>, ApiError> {
    let stream = stream_of(&generation_id)?;
    let mut conn = state.store.pool().acquire().await.map_err(db)?;
    let (generation, _) = load::<Generation>(&state.store, &mut conn, &stream).await?;
    if generation.host_id != caller.user_id {
        return Err(ApiError::not_found("No such generation"));
    }
    let status = match generation.status {
        // A generation with no events has no host, so it was answered as not found above.
        Status::None | Status::Requested => GenerationStatus::Requested,
        Status::Generated => GenerationStatus::Generated,
        Status::Failed => GenerationStatus::Failed,
        Status::Published => GenerationStatus::Published,
    };
    Ok(Json(GenerationView {
        success: true,
        generation_id,
        status,
        title: generation.title,
        generator: generation.generator,
        requested: generation.count,
        questions: generation.questions.iter().map(generated_question).collect(),
        dropped: dropped(&generation.dropped),
        error: generation.error,
        quiz_id: generation.quiz_id,
    }))
}

/// Refuses a publish body whose fields have a type the document does not give them. A `null`
/// title or questions list counts as left out (refused by the checks that follow); fields the
/// body does not have are not read.
fn check_types(body: &Map<String, Value>) -> Result<(), ApiError> {
    for (field, value) in body {
        let fits = match field.as_str() {
            "title" => value.is_string() || value.is_null(),
            "timeLimit" => value.is_number() || value.is_string(),
            field if SETTINGS_TEXTS.contains(&field) => value.is_string(),
            _ => true,
        };
        if !fits {
            return Err(validation(format!("{field} has the wrong type")).with_details(json!({ "field": field })));
        }
    }
    Ok(())
}

/// A refused question: a field the schema rules out is 400, a rule no schema can express 422.
fn question_refused(problem: QuestionProblem) -> ApiError {
    match problem {
        QuestionProblem::Invalid(message) => validation(message),
        QuestionProblem::Rule(message) => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "validation", message),
    }
}

/// Publishes the reviewed questions as a hosted quiz, once (paid by the generation).
///
/// The settings are those of the hosting upload (shapes in `docs/generation-api.md`).
#[utoipa::path(post, path = "/generate/{generationId}/publish", operation_id = "publishGeneration", tag = "generate",
    request_body = PublishBody,
    security(("bearer" = [])),
    params(("generationId" = inline(GenerationId), Path, description = "The generation to publish")),
    responses(
        (status = 201, description = "The quiz was created", body = QuizCreated),
        (status = 400, description = "A field is missing, blank, too long or of the wrong type (e.g. `Please enter a quiz title`), or a body that could not be read", body = ErrorBody),
        (status = 404, description = "No such generation of the caller's, or no such audience list", body = ErrorBody),
        (status = 409, description = "Already published (`details.quizId`), failed (refunded) or still running", body = ErrorBody),
        (status = 422, description = "An expiry date in the past, or a question whose options are not all different or whose answer is none of them", body = ErrorBody),
    ),
)]
pub(super) async fn publish(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(generation_id): Path<String>,
    ApiJson(PublishBody(body)): ApiJson<PublishBody>,
) -> Result<(StatusCode, Json<QuizCreated>), ApiError> {
    let stream = stream_of(&generation_id)?;
    check_types(&body)?;
    let settings = UploadForm::from_json(&body);
    let title = checked_title(settings.field("title"))?;
    if title.is_empty() {
        return Err(validation("Please enter a quiz title"));
    }
    let edited: Vec<EditedQuestion> = match body.get("questions") {
        None | Some(Value::Null) => vec![],
        Some(questions) => serde_json::from_value(questions.clone()).map_err(|e| validation(format!("The questions could not be read: {e}")))?,
    };
    if edited.is_empty() {
        return Err(validation("Please keep at least one question to publish the quiz"));
    }
    if edited.len() > quizroom_generate::MAX_QUESTION_COUNT {
        return Err(validation(format!("A generated quiz has at most {} questions", quizroom_generate::MAX_QUESTION_COUNT)));
    }
    let mut questions = edited.iter().enumerate().map(|(i, q)| checked_question(i + 1, q)).collect::<Result<Vec<_>, _>>().map_err(question_refused)?;
    crate::media::attach(&state, &caller.user_id, &Default::default(), questions.iter_mut()).await?;
    let form = QuizSettings::read(&settings, state.clock.now_ms())?;
    let draft = QuizDraft { title, questions, valid_until: form.valid_until, time_limit: form.time_limit, source: QuizSource::Generated };
    let quiz = create_quiz(&state, &caller, &draft, &form.audience, &Payment::Generation(stream)).await?;
    Ok((StatusCode::CREATED, Json(QuizCreated::new(quiz))))
}
