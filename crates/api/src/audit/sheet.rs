//! An attempt's sheet exactly as it was scored: the questions and options of the quiz version it
//! was served, in the order served, each answer with the server's time it was saved, the key of
//! that version, and the result; all read from the log.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, State};
use quizroom_domain::attempt::{Attempt, AttemptEvent, ScoredAnswer, SubmitReason};
use quizroom_domain::question::{QuestionKind, Response};
use quizroom_domain::quiz::{Question, Quiz, QuizEvent};
use quizroom_domain::{DomainEvent, StreamId};
use serde::Serialize;
use utoipa::ToSchema;

use super::Reader;
use super::timeline::{Person, names_of_ids};
use crate::accommodations::AccommodationView;
use crate::clock::rfc3339;
use crate::error::ApiError;
use crate::openapi::ErrorBody;
use crate::state::AppState;

/// One question of a sheet.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct SheetQuestion {
    question_id: i64,
    text: String,
    /// The question's type (`single_choice`, `numeric`, …).
    #[serde(rename = "type")]
    kind: &'static str,
    /// The options as served, A to D (questions of four options with one right; else empty).
    options: Vec<String>,
    /// The right letter in the version the attempt was scored against (questions A–D; else empty).
    key: String,
    /// Other types: the definition with its answer key, in the version scored against.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    definition: Option<QuestionKind>,
    explanation: String,
    /// The picture, sound or video the player was shown with it (issue 30), in the version served,
    /// each file with a signed `url`; absent when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    media: Option<serde_json::Value>,
    /// Pictures on its options or items (issue 30): one entry per option or item in the
    /// definition's order, `null` where one shows none, each file with a signed `url`; absent
    /// when none shows any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Option<Object>>>)]
    pictures: Option<Vec<Option<serde_json::Value>>>,
    /// The letter of the answer that counted (the last one saved, or the one submitted) to a
    /// question A–D; null when none or of another type (see `response`).
    answer: Option<String>,
    /// The answer that counted as given, by the definition's indices; null when none.
    #[schema(value_type = Option<Object>)]
    response: Option<Response>,
    /// How right it was judged, 0…1 (null when not scored: unanswered before the submission, a
    /// poll, a word cloud or a slide).
    f: Option<f64>,
    /// When that answer was saved (the server's time); null when it came with the submission.
    answered_at: Option<String>,
    /// How many times the player saved an answer to it.
    changes: i64,
    marked: bool,
    correct: bool,
}

/// An attempt as it was scored.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct AttemptSheet {
    attempt_id: String,
    quiz_id: i64,
    quiz_title: String,
    player: Person,
    /// The quiz version served and scored against.
    quiz_version: i64,
    started_at: String,
    deadline: String,
    /// Null while the attempt is open.
    submitted_at: Option<String>,
    /// `player`, or `timeout` when the server submitted it at the deadline.
    reason: Option<String>,
    /// Submitted after the deadline: only the answers saved in time counted.
    late: bool,
    score: Option<i64>,
    total: Option<i64>,
    points: Option<i64>,
    /// The version of the judging rules it was scored by.
    rules: Option<i64>,
    /// Set when the host granted a retake of it (it no longer counts).
    retake_granted_by: Option<Person>,
    retake_granted_at: Option<String>,
    /// The accommodations the attempt started with (the deadline includes the extra time).
    accommodation: AccommodationView,
    questions: Vec<SheetQuestion>,
    /// The positions of its events in the log.
    positions: Vec<i64>,
}

/// The quiz's questions at stream version `version`, and its title.
async fn questions_at(state: &AppState, quiz_id: i64, version: i64) -> Result<(String, Vec<Question>), ApiError> {
    let (mut title, mut questions) = (String::new(), Vec::new());
    for event in state.store.read_stream(StreamId::<Quiz>::new(quiz_id).as_str(), 1).await?.into_iter().filter(|e| e.version <= version) {
        let Ok(decoded) = QuizEvent::decode(&event.event_type, event.schema_version, &event.data) else { continue };
        match decoded {
            QuizEvent::QuizHosted { quiz, .. } => (title, questions) = (quiz.title, quiz.questions),
            QuizEvent::CuratedCategoryPublished { content, .. } | QuizEvent::CuratedCategoryRevised { content } => {
                (title, questions) = (content.name, content.questions)
            }
            QuizEvent::QuestionsUpdated { questions: q, .. } => questions = q,
        }
    }
    Ok((title, questions))
}

/// An attempt's sheet, for an auditor, the quiz's host or the player.
#[utoipa::path(get, path = "/audit/attempts/{attemptId}", operation_id = "auditAttempt", tag = "audit", params(("attemptId" = String, Path, description = "The attempt")), security(("bearer" = [])),
    responses(
        (status = 200, description = "The attempt as it was served and scored", body = AttemptSheet),
        (status = 403, description = "Not an auditor, nor the quiz's host, nor the player", body = ErrorBody),
        (status = 404, description = "No such attempt", body = ErrorBody),
        (status = 429, description = "Too many audit requests this minute", body = ErrorBody),
    ),
)]
pub(super) async fn attempt_sheet(State(state): State<AppState>, reader: Reader, Path(attempt_id): Path<String>) -> Result<Json<AttemptSheet>, ApiError> {
    let missing = || ApiError::not_found("No such attempt");
    if attempt_id.len() > 64 || !attempt_id.chars().all(|c| c.is_ascii_hexdigit() || c == '-') {
        return Err(missing());
    }
    let stream = StreamId::<Attempt>::new(&attempt_id);
    let events = state.store.read_stream(stream.as_str(), 1).await?;
    let decoded: Vec<(i64, AttemptEvent)> =
        events.iter().filter_map(|e| AttemptEvent::decode(&e.event_type, e.schema_version, &e.data).ok().map(|d| (e.position, d))).collect();
    let Some((_, AttemptEvent::AttemptStarted { user_id, quiz_id, quiz_version, question_ids, started_at, deadline, accommodation, .. })) =
        decoded.first().cloned()
    else {
        return Err(missing());
    };
    if user_id != reader.user_id {
        reader.quiz_as(&state, &quiz_id.to_string(), Some(stream.as_str()), "sheet").await?;
    }
    reader.spend(&state, 1)?;
    reader.record(&state, stream.as_str(), "sheet").await?;
    let (quiz_title, questions) = questions_at(&state, quiz_id, quiz_version).await?;
    let by_id: HashMap<i64, &Question> = questions.iter().map(|q| (q.id, q)).collect();

    let mut saved: HashMap<i64, (Option<Response>, i64, i64, bool)> = HashMap::new();
    let mut submitted = None;
    let mut retake = None;
    for (_, event) in &decoded {
        match event {
            AttemptEvent::AnswerRecorded { question_id, response, marked, at } => {
                let entry = saved.entry(*question_id).or_insert((None, 0, 0, false));
                *entry = (response.clone(), *at, entry.2 + 1, *marked);
            }
            AttemptEvent::AttemptSubmitted { answers, score, points, total, rules, reason, late, at } => {
                submitted = Some((answers.clone(), *score, *points, *total, *reason, *late, *at, *rules));
            }
            AttemptEvent::RetakeGranted { by, at } => retake = Some((by.clone(), *at)),
            AttemptEvent::AttemptStarted { .. } => {}
        }
    }
    let scored: HashMap<i64, &ScoredAnswer> = submitted.as_ref().map(|s| s.0.iter().map(|a| (a.question_id, a)).collect()).unwrap_or_default();
    let now = state.clock.now_ms();
    let sheet_questions = question_ids
        .iter()
        .map(|id| {
            let question = by_id.get(id);
            let (saved_answer, at, changes, marked) = saved.get(id).cloned().unwrap_or((None, 0, 0, false));
            let (response, correct, f) = match scored.get(id) {
                Some(a) => (a.response.clone(), a.correct, a.f),
                None => (saved_answer.clone(), saved_answer.as_ref().is_some_and(|r| question.is_some_and(|q| q.kind.judge(r) == Ok(Some(1.0)))), None),
            };
            let letters = question.and_then(|q| q.letters());
            SheetQuestion {
                question_id: *id,
                text: question.map(|q| q.text.clone()).unwrap_or_default(),
                kind: question.map_or("", |q| q.kind.name()),
                options: letters.as_ref().map(|(options, _)| options.to_vec()).unwrap_or_default(),
                key: letters.as_ref().map(|(_, key)| key.as_str().to_owned()).unwrap_or_default(),
                definition: question.filter(|_| letters.is_none()).map(|q| q.kind.clone()),
                explanation: question.map(|q| q.explanation.clone()).unwrap_or_default(),
                media: crate::media::served(&state, question.and_then(|q| q.media.as_ref()), now),
                pictures: question.and_then(|q| crate::media::served_pictures(&state, q.pictures.iter().map(Option::as_ref), now)),
                answer: letters.as_ref().and(response.as_ref()).and_then(Response::letter).map(|l| l.as_str().to_owned()),
                answered_at: (changes > 0 && response == saved_answer).then(|| rfc3339(at)),
                response,
                f,
                changes,
                marked,
                correct,
            }
        })
        .collect();
    let mut ids = vec![user_id.as_str()];
    if let Some((by, _)) = &retake {
        ids.push(by);
    }
    let names = names_of_ids(&state, &ids).await?;
    let person = |id: &str| Person { id: id.to_owned(), name: names.get(id).cloned().unwrap_or_else(|| id.to_owned()) };
    Ok(Json(AttemptSheet {
        attempt_id,
        quiz_id,
        quiz_title,
        player: person(&user_id),
        quiz_version,
        started_at: rfc3339(started_at),
        deadline: rfc3339(deadline),
        submitted_at: submitted.as_ref().map(|s| rfc3339(s.6)),
        reason: submitted.as_ref().map(|s| match s.4 {
            SubmitReason::Player => "player".to_owned(),
            SubmitReason::Timeout => "timeout".to_owned(),
        }),
        late: submitted.as_ref().is_some_and(|s| s.5),
        score: submitted.as_ref().map(|s| s.1),
        total: submitted.as_ref().map(|s| s.3),
        points: submitted.as_ref().map(|s| s.2),
        rules: submitted.as_ref().map(|s| s.7),
        retake_granted_by: retake.as_ref().map(|(by, _)| person(by)),
        retake_granted_at: retake.as_ref().map(|(_, at)| rfc3339(*at)),
        accommodation: accommodation.into(),
        questions: sheet_questions,
        positions: events.iter().map(|e| e.position).collect(),
    }))
}
