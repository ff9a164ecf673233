//! Recording a new hosted quiz, shared by hosting an upload and publishing a generation: ids and
//! a join code drawn, the audience list (new or saved) resolved, the quiz and its payment (tokens
//! spent, or the generation's one publication) in one transaction.

use axum::http::StatusCode;
use quizroom_domain::StreamId;
use quizroom_domain::audience::{AudienceCommand, AudienceList};
use quizroom_domain::generation::{Generation, GenerationCommand};
use quizroom_domain::quiz::{Audience, HostedQuiz, Quiz, QuizCommand};
use quizroom_domain::wallet::{Wallet, WalletCommand, WalletError};
use quizroom_eventstore::StoreError;
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

use crate::clock::rfc3339;
use crate::commands::{allocate_ids, decide_in, load, metadata};
use crate::error::ApiError;
use crate::quiz_form::{AudienceChoice, QuizDraft};
use crate::refusals::{audience_refused, generation_refused};
use crate::state::AppState;
use crate::tokens::AuthUser;

/// Who may take a quiz: everyone (`open`, named "Open to all"), or the members of an audience
/// list (`list`, with the list's id and name).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct QuizAudience {
    kind: AudienceKind,
    /// The list's id (`list` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    id: Option<String>,
    name: String,
}

/// Whether a quiz is open to all or to an audience list.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AudienceKind {
    Open,
    List,
}

impl QuizAudience {
    pub fn open() -> QuizAudience {
        QuizAudience { kind: AudienceKind::Open, id: None, name: "Open to all".into() }
    }

    pub fn list(id: String, name: String) -> QuizAudience {
        QuizAudience { kind: AudienceKind::List, id: Some(id), name }
    }
}

/// A quiz just hosted: its id, join code and link, and its settings.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = HostedQuiz)]
#[serde(rename_all = "camelCase")]
pub struct NewHostedQuiz {
    id: i64,
    title: String,
    /// Six characters; players type it to join.
    quiz_code: String,
    /// The web app's join link.
    link: String,
    question_count: usize,
    /// Minutes per attempt.
    time_limit: i64,
    /// When the quiz closes (RFC 3339).
    valid_until: String,
    audience: QuizAudience,
}

/// The answer to hosting a quiz (an upload, or a generation published).
#[derive(Debug, Serialize, ToSchema)]
pub struct QuizCreated {
    success: bool,
    message: &'static str,
    quiz: NewHostedQuiz,
}

impl QuizCreated {
    pub fn new(quiz: NewHostedQuiz) -> QuizCreated {
        QuizCreated { success: true, message: "Quiz created successfully", quiz }
    }
}

/// Tokens a hosted quiz costs.
pub const HOSTING_COST: i64 = 1;
/// Join codes: six characters from an alphabet without look-alikes (no 0/O, 1/I/L).
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const CODE_LENGTH: usize = 6;

/// The join link of a code.
pub fn link(code: &str) -> String {
    format!("/host/attemptQuiz?code={code}")
}

/// A new join code.
fn new_code() -> String {
    use rand::Rng;
    let mut rng = rand::rng();
    (0..CODE_LENGTH).map(|_| CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())] as char).collect()
}

/// 402 for `what` (e.g. "Hosting a quiz") costing `needed` tokens.
pub fn payment_required(what: &str, balance: i64, needed: i64) -> ApiError {
    let tokens = if needed == 1 { "token" } else { "tokens" };
    ApiError::new(
        StatusCode::PAYMENT_REQUIRED,
        "insufficient_tokens",
        format!("{what} costs {needed} {tokens} and you have {balance}. Buy tokens on the pricing page."),
    )
    .with_details(json!({ "balance": balance, "needed": needed, "pricing": "/pricing" }))
}

/// How a new quiz is paid for.
pub enum Payment {
    /// Tokens spent with the quiz.
    Tokens(i64),
    /// A generation (its stream), paid when it was requested; the quiz is its one publication.
    Generation(StreamId<Generation>),
}

/// Records the quiz, its new audience list if any, and its payment in one transaction. Returns
/// the quiz's id and code, or why it was refused.
async fn create_once(
    state: &AppState,
    caller: &AuthUser,
    draft: &QuizDraft,
    audience: &AudienceChoice,
    payment: &Payment,
) -> Result<Result<(i64, String, Audience), ApiError>, StoreError> {
    let now = state.clock.now_ms();
    let meta = metadata(&caller.user_id, "host_quiz");
    let mut tx = state.store.begin_write().await?;
    let audience = match audience {
        AudienceChoice::Open => Audience::Open,
        AudienceChoice::Saved { list_id } => {
            let (list, _) = load(&state.store, &mut tx, &StreamId::<AudienceList>::new(list_id)).await?;
            if list.deleted || list.owner_id.as_deref() != Some(caller.user_id.as_str()) {
                return Ok(Err(ApiError::not_found("No such audience list")));
            }
            Audience::List { list_id: list_id.clone(), name: list.name }
        }
        AudienceChoice::NewList { name, emails } => {
            let list_id = uuid::Uuid::new_v4().to_string();
            let emails = emails.iter().map(ToString::to_string).collect();
            let command = AudienceCommand::Create { owner_id: caller.user_id.clone(), name: name.clone(), emails };
            if let Err(e) = decide_in(&state.store, &mut tx, &StreamId::<AudienceList>::new(&list_id), &meta, command).await? {
                return Ok(Err(audience_refused(e)));
            }
            Audience::List { list_id, name: name.trim().to_owned() }
        }
    };
    let quiz_id = allocate_ids(&mut tx, "category", 1).await?;
    let first_question = allocate_ids(&mut tx, "question", draft.questions.len() as i64).await?;
    let questions = draft.questions.iter().enumerate().map(|(i, q)| q.with_id(first_question + i as i64)).collect();
    let code = new_code();
    let hosted = HostedQuiz {
        host_id: caller.user_id.clone(),
        title: draft.title.clone(),
        code: code.clone(),
        questions,
        valid_until: draft.valid_until,
        time_limit_minutes: draft.time_limit,
        audience: audience.clone(),
        source: draft.source,
        created_at: now,
    };
    let quiz_stream = StreamId::<Quiz>::new(quiz_id);
    if let Err(e) = decide_in(&state.store, &mut tx, &quiz_stream, &meta, QuizCommand::Host { quiz_id, quiz: hosted }).await? {
        return Ok(Err(ApiError::bad_request("validation", e.to_string())));
    }
    match payment {
        Payment::Tokens(cost) => {
            let spend = WalletCommand::Spend { amount: *cost, purpose: "host_quiz".into(), reference: quiz_stream.to_string() };
            match decide_in(&state.store, &mut tx, &StreamId::<Wallet>::new(&caller.user_id), &meta, spend).await? {
                Ok(_) => {}
                Err(WalletError::InsufficientTokens { balance, needed }) => return Ok(Err(payment_required("Hosting a quiz", balance, needed))),
                Err(e) => return Ok(Err(ApiError::internal(e))),
            }
        }
        Payment::Generation(stream) => {
            let publish = GenerationCommand::Publish { by: caller.user_id.clone(), quiz_id };
            if let Err(e) = decide_in(&state.store, &mut tx, stream, &meta, publish).await? {
                return Ok(Err(generation_refused(e)));
            }
        }
    }
    tx.commit().await?;
    state.store.committed();
    Ok(Ok((quiz_id, code, audience)))
}

/// Creates a hosted quiz, drawing a new code when one is taken and retrying on a concurrent change.
pub async fn create_quiz(
    state: &AppState,
    caller: &AuthUser,
    draft: &QuizDraft,
    audience: &AudienceChoice,
    payment: &Payment,
) -> Result<NewHostedQuiz, ApiError> {
    let mut tries = 0u32;
    loop {
        match create_once(state, caller, draft, audience, payment).await {
            Ok(Ok((id, code, audience))) => {
                let audience = match audience {
                    Audience::Open => QuizAudience::open(),
                    Audience::List { list_id, name } => QuizAudience::list(list_id, name),
                };
                return Ok(NewHostedQuiz {
                    id,
                    title: draft.title.clone(),
                    link: link(&code),
                    quiz_code: code,
                    question_count: draft.questions.len(),
                    time_limit: draft.time_limit,
                    valid_until: rfc3339(draft.valid_until),
                    audience,
                });
            }
            Ok(Err(refused)) => return Err(refused),
            // The code was drawn before: draw again.
            Err(e) if e.conflicting_constraint().is_some() && tries < 5 => tries += 1,
            Err(e) if crate::commands::should_retry(&e, &mut tries).await => {}
            Err(e) => return Err(e.into()),
        }
    }
}
