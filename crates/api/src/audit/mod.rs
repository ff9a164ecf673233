//! The auditor's product (`docs/audit-api.md`), by sub-feature: [`integrity`] (the hash chain's
//! verification and saved digests), [`timeline`] (a quiz's or a person's history, one raw event,
//! finding quizzes and people), [`sheet`] (an attempt as it was scored), [`standings`] (results and
//! the global leaderboard as of any moment, and what changed between two) and [`export`] (a
//! history as JSON lines or CSV, streamed). [`describe`] turns events into the timeline's words.
//!
//! Who may audit what ([`Reader`]): an organisation-wide auditor (granted by an operator with
//! `quizroom auditor grant EMAIL`) everything; a host their own quizzes; a person their own
//! history. Every audit read is recorded in the log (`audit-{reader}`) before it is answered, and
//! so is every refused one (who, what, how, why); both count against the account's reads per
//! minute, bounded on each node. Audit reads are shown to auditors; a host sees their own reads of
//! their quiz, not the auditors' (decision 0036).

mod describe;
mod export;
mod integrity;
mod sheet;
mod standings;
mod timeline;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use quizroom_domain::StreamId;
use quizroom_domain::audit::{AuditCommand, AuditLog};
use quizroom_domain::quiz::Quiz;
use quizroom_domain::user::{User, UserCommand, UserError};
use quizroom_projections::user::read as accounts;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::access::find_category;
use crate::commands::{CommandError, execute, metadata};
use crate::error::{ApiError, db};
use crate::state::AppState;
use crate::tokens::AuthUser;

/// Audit reads one account may make per minute on one node; verifying the whole chain costs
/// [`VERIFY_COST`] of them.
pub const READS_PER_MINUTE: u32 = 120;
const VERIFY_COST: u32 = 12;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(timeline::me))
        .routes(routes!(integrity::integrity))
        .routes(routes!(integrity::prove))
        .routes(routes!(timeline::search))
        .routes(routes!(timeline::quiz_timeline))
        .routes(routes!(timeline::person_timeline))
        .routes(routes!(timeline::raw_event))
        .routes(routes!(sheet::attempt_sheet))
        .routes(routes!(standings::quiz_standings))
        .routes(routes!(standings::leaderboard))
        .routes(routes!(export::export_quiz))
        .routes(routes!(export::export_person))
}

/// Who is reading, and whether they audit everything. As an extractor it is what every audit
/// handler starts with: a signed-in caller with a verified e-mail ([`AuthUser`]: 401, or 403
/// `email_unverified`), and their auditor role read from the accounts.
pub(crate) struct Reader {
    pub user_id: String,
    pub auditor: bool,
}

impl FromRequestParts<AppState> for Reader {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let caller = AuthUser::from_request_parts(parts, state).await?;
        Reader::of(state, &caller.user_id).await
    }
}

impl Reader {
    async fn of(state: &AppState, user_id: &str) -> Result<Reader, ApiError> {
        let auditor = accounts::is_auditor(state.store.pool(), user_id).await.map_err(db)?;
        Ok(Reader { user_id: user_id.to_owned(), auditor })
    }

    /// Spends `cost` of the reader's budget, or refuses with 429.
    fn spend(&self, state: &AppState, cost: u32) -> Result<(), ApiError> {
        state.audit_budget.spend(&self.user_id, cost, state.clock.now_ms()).map_err(|wait| {
            ApiError::too_many("too_many_audit_reads", "Too many audit requests. Please wait a moment and try again.", crate::error::seconds_to_wait(wait))
        })
    }

    /// The quiz `quiz_id` if the reader may audit it (an auditor: any; a host: their own), with
    /// its title and host; a refusal is recorded as a look at the quiz in the way `view` names.
    async fn quiz(&self, state: &AppState, quiz_id: &str, view: &str) -> Result<AuditedQuiz, ApiError> {
        self.quiz_as(state, quiz_id, None, view).await
    }

    /// [`Reader::quiz`] for a read of `subject` (an attempt, an event) that belongs to the quiz.
    async fn quiz_as(&self, state: &AppState, quiz_id: &str, subject: Option<&str>, view: &str) -> Result<AuditedQuiz, ApiError> {
        let id = crate::access::parse_category_id(quiz_id)?;
        let quiz = find_category(state, id).await?.ok_or_else(|| ApiError::not_found("No such quiz"))?;
        let subject = subject.map_or_else(|| StreamId::<Quiz>::new(id).to_string(), str::to_owned);
        let allowed = self.auditor || quiz.is_host(&self.user_id);
        self.allow_because(state, allowed, &subject, view, "not an auditor, nor the quiz's host").await?;
        Ok(AuditedQuiz { id, title: quiz.name.clone(), code: quiz.code.clone(), host_id: quiz.host_id.clone() })
    }

    /// Whether the reader may see person `user_id`'s history (an auditor, or that person); a
    /// refusal is recorded.
    async fn person(&self, state: &AppState, user_id: &str, view: &str) -> Result<(), ApiError> {
        let allowed = self.auditor || self.user_id == user_id;
        self.allow_because(state, allowed, StreamId::<User>::new(user_id).as_str(), view, "not an auditor, nor that person").await
    }

    /// Lets a read only auditors may make go on; a refusal is recorded.
    async fn allow(&self, state: &AppState, allowed: bool, subject: &str, view: &str) -> Result<(), ApiError> {
        self.allow_because(state, allowed, subject, view, "not an auditor").await
    }

    /// Lets the read go on when `allowed`. Otherwise the refusal costs a read of the budget (429
    /// once it is spent, unrecorded: a flood of refusals appends no more than the budget allows)
    /// and is recorded with `why` before the 403 is answered.
    async fn allow_because(&self, state: &AppState, allowed: bool, subject: &str, view: &str, why: &str) -> Result<(), ApiError> {
        if allowed {
            return Ok(());
        }
        self.spend(state, 1)?;
        let now = state.clock.now_ms();
        self.append(state, "audit_refused", || AuditCommand::RecordRefusal { subject: subject.to_owned(), view: view.to_owned(), reason: why.to_owned(), now })
            .await?;
        Err(not_allowed())
    }

    /// Records that the reader looked at `subject` in the way `view` names; a read that cannot be
    /// recorded is not answered.
    async fn record(&self, state: &AppState, subject: &str, view: &str) -> Result<(), ApiError> {
        let now = state.clock.now_ms();
        self.append(state, "audit_read", || AuditCommand::RecordRead { subject: subject.to_owned(), view: view.to_owned(), now }).await
    }

    async fn append(&self, state: &AppState, causation: &str, command: impl Fn() -> AuditCommand) -> Result<(), ApiError> {
        execute(&state.store, &StreamId::<AuditLog>::new(&self.user_id), &metadata(&self.user_id, causation), command).await.map_err(|e| match e {
            CommandError::Store(e) => ApiError::from(e),
            CommandError::Rejected(never) => match never {},
        })?;
        Ok(())
    }
}

/// A quiz being audited.
pub(crate) struct AuditedQuiz {
    pub id: i64,
    pub title: String,
    pub code: Option<String>,
    pub host_id: Option<String>,
}

impl AuditedQuiz {
    /// The quiz's stream: what a read of the quiz is recorded as looking at.
    pub fn stream(&self) -> StreamId<Quiz> {
        StreamId::new(self.id)
    }
}

fn not_allowed() -> ApiError {
    ApiError::new(axum::http::StatusCode::FORBIDDEN, "not_auditor", "You may not audit this")
}

/// Grants (`grant`) or revokes the auditor role of the account of `email`, as operator `by`.
pub async fn set_auditor(store: &quizroom_eventstore::EventStore, email: &str, grant: bool, by: &str, now: i64) -> anyhow::Result<String> {
    let email = email.trim().to_lowercase();
    let account = accounts::by_email(store.pool(), &email).await?.ok_or_else(|| anyhow::anyhow!("no account with the e-mail {email}"))?;
    let command = || if grant { UserCommand::GrantAuditor { by: by.to_owned(), now } } else { UserCommand::RevokeAuditor { by: by.to_owned(), now } };
    match execute(store, &StreamId::<User>::new(&account.user_id), &metadata(by, "auditor_role"), command).await {
        Ok(_) => Ok(account.user_id),
        Err(CommandError::Rejected(e @ (UserError::AlreadyAuditor | UserError::NotAuditor))) => anyhow::bail!("{email}: {e}"),
        Err(e) => Err(e.into()),
    }
}
