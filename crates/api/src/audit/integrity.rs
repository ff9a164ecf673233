//! The log's integrity: the hash chain verified from the events ("verified up to position N,
//! digest D", or the first place it breaks), and a digest saved earlier proved against the log as
//! it is now (decision 0023). Anyone's check is served from the head the server verifies as the
//! chain grows (only what is new, one run for everyone who asks together); an auditor may ask for
//! the whole log to be recomputed (decision 0036).

use axum::Json;
use axum::extract::State;
use quizroom_eventstore::chain::{self, Break, Proof, Verification};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{Reader, VERIFY_COST};
use crate::clock::rfc3339;
use crate::error::{ApiError, ApiJson, ApiQuery};
use crate::input::{ObjectBody, opt_int};
use crate::openapi::ErrorBody;
use crate::state::AppState;

/// Where the log and its chain part.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Broken {
    /// `changed`, `deleted`, `reordered`, `inserted` or `chainAltered`.
    problem: String,
    position: i64,
    /// For `reordered`: where the event found at `position` was chained.
    chained_at: Option<i64>,
    /// For `deleted` with their links: the position of the last chained event still there before
    /// the deleted ones (0: none).
    after: Option<i64>,
    message: String,
}

impl From<Break> for Broken {
    fn from(b: Break) -> Broken {
        let message = b.to_string();
        let (problem, chained_at, after) = match &b {
            Break::Changed { .. } => ("changed", None, None),
            Break::Deleted { .. } => ("deleted", None, None),
            Break::Removed { after, .. } => ("deleted", None, Some(*after)),
            Break::Reordered { chained_at, .. } => ("reordered", Some(*chained_at), None),
            Break::Inserted { .. } => ("inserted", None, None),
            Break::ChainAltered { .. } => ("chainAltered", None, None),
        };
        Broken { problem: problem.to_owned(), position: b.position(), chained_at, after, message }
    }
}

/// A point of the chain an auditor can save.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct SavedDigest {
    /// The position of the last event it covers.
    position: i64,
    /// How many events it covers (its place in commit order).
    events: i64,
    /// The chain hash, 64 hex digits.
    digest: String,
}

/// The chain verified now.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct Integrity {
    /// True when every chained event is as it was chained.
    intact: bool,
    /// How many events are verified (every event up to the head).
    verified: i64,
    /// "Verified up to position N, digest D"; null while nothing is chained.
    head: Option<SavedDigest>,
    /// The first break, in commit order.
    broken: Option<Broken>,
    /// Events not chained yet (the chain runs a moment behind the log).
    pending: i64,
    /// `incremental`: the server's head, verified as the chain grows (each event once, when it is
    /// chained; an event changed after that is found by `full`). `full`: every event recomputed now.
    mode: String,
    /// How many events this check recomputed (for `incremental`, those chained since the last).
    checked: i64,
    checked_at: String,
}

/// Which check.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct IntegrityQuery {
    /// `true`: recompute the whole log now (auditors only; costs 12 audit reads). Otherwise the
    /// server's incrementally verified head answers (costs 1).
    full: Option<bool>,
}

/// Verifies the log against its hash chain: the server's incrementally verified head (only what
/// was chained since the last check is verified, once for everyone who asks together), or for an
/// auditor with `full=true` the whole log recomputed now.
#[utoipa::path(get, path = "/audit/integrity", operation_id = "auditIntegrity", tag = "audit", params(IntegrityQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "What verification found", body = Integrity),
        (status = 400, description = "`full` is not true or false", body = ErrorBody),
        (status = 403, description = "The e-mail is not verified, or `full` asked by someone who is not an auditor", body = ErrorBody),
        (status = 429, description = "Too many audit requests this minute", body = ErrorBody),
    ),
)]
pub(super) async fn integrity(State(state): State<AppState>, reader: Reader, ApiQuery(q): ApiQuery<IntegrityQuery>) -> Result<Json<Integrity>, ApiError> {
    let full = q.full.unwrap_or(false);
    if full {
        reader.allow(&state, reader.auditor, "log", "integrity-full").await?;
    }
    reader.spend(&state, if full { VERIFY_COST } else { 1 })?;
    reader.record(&state, "log", if full { "integrity-full" } else { "integrity" }).await?;
    let (report, mode, checked) = if full {
        let report = chain::verify(&state.store).await?;
        let checked = report.verified;
        (report, "full", checked)
    } else {
        let head = state.chain_head.check(&state.store).await?;
        (head.report, "incremental", head.checked)
    };
    Ok(Json(answer(&state, report, mode, checked)))
}

fn answer(state: &AppState, report: Verification, mode: &str, checked: i64) -> Integrity {
    Integrity {
        intact: report.broken.is_none(),
        verified: report.verified,
        head: report.head.map(|h| SavedDigest { position: h.position, events: h.seq, digest: h.digest }),
        broken: report.broken.map(Broken::from),
        pending: report.pending,
        mode: mode.to_owned(),
        checked,
        checked_at: rfc3339(state.clock.now_ms()),
    }
}

/// The budget key that non-auditors' proofs share (no account id starts with `*`): 10 proofs a
/// minute on a node, at [`VERIFY_COST`] each.
const SHARED_PROOFS: &str = "*proofs";

/// A digest saved earlier.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct ProofRequest {
    /// The position it was saved at.
    #[serde(default, deserialize_with = "opt_int")]
    #[schema(required, value_type = i64, format = Int64, minimum = 1)]
    position: Option<i64>,
    /// The chain hash saved with it (64 hex digits).
    #[schema(required, value_type = String, min_length = 64, max_length = 64, pattern = "^[0-9a-fA-F]{64}$")]
    digest: Option<String>,
}

/// Whether the log up to a saved digest is unchanged.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct ProofResult {
    /// `unchanged`, `differs` or `unknown` (no chained event at that position).
    outcome: String,
    /// For `unchanged`: how many events the digest covers.
    verified: Option<i64>,
    /// For `differs`: what the log up to that position hashes to now.
    digest: Option<String>,
    /// For `differs`: the first place where events and chain disagree, when they do.
    broken: Option<Broken>,
    message: String,
}

/// Proves, or disproves, that the log up to a saved digest is unchanged since it was saved, even
/// if events were added after it and even if the chain itself was rebuilt. Costs the caller 12
/// audit reads; those who are not auditors also share 10 proofs a minute on a node.
#[utoipa::path(post, path = "/audit/integrity/proof", operation_id = "auditProve", tag = "audit", request_body = ProofRequest, security(("bearer" = [])),
    responses(
        (status = 200, description = "The outcome", body = ProofResult),
        (status = 400, description = "No position, or a digest that is not 64 hex digits", body = ErrorBody),
        (status = 403, description = "The e-mail is not verified", body = ErrorBody),
        (status = 429, description = "Too many audit requests this minute, or too many proofs by non-auditors on this node", body = ErrorBody),
    ),
)]
pub(super) async fn prove(
    State(state): State<AppState>,
    reader: Reader,
    ApiJson(ObjectBody(body)): ApiJson<ObjectBody<ProofRequest>>,
) -> Result<Json<ProofResult>, ApiError> {
    let position = body.position.filter(|p| *p > 0).ok_or_else(|| ApiError::bad_request("invalid_position", "position must be a whole number from 1"))?;
    let digest = body
        .digest
        .map(|d| d.trim().to_ascii_lowercase())
        .filter(|d| d.len() == 64 && d.chars().all(|c| c.is_ascii_hexdigit()))
        .ok_or_else(|| ApiError::bad_request("invalid_digest", "digest must be 64 hex digits"))?;
    reader.spend(&state, VERIFY_COST)?;
    if !reader.auditor {
        // A proof recomputes the chain up to its digest, so its cost grows with the log: besides
        // each account's budget, everyone but auditors shares one on this node (decision 0036).
        state.audit_budget.spend(SHARED_PROOFS, VERIFY_COST, state.clock.now_ms()).map_err(|wait| {
            ApiError::too_many(
                "too_many_audit_reads",
                "Too many proofs are being computed. Please wait a moment and try again.",
                crate::error::seconds_to_wait(wait),
            )
        })?;
    }
    reader.record(&state, "log", "proof").await?;
    let result = match chain::prove(&state.store, position, &digest).await? {
        Proof::Unchanged { verified } => ProofResult {
            outcome: "unchanged".into(),
            verified: Some(verified),
            digest: None,
            broken: None,
            message: format!("Unchanged: the {verified} events up to position {position} still hash to the saved digest."),
        },
        Proof::Differs { broken, digest: now } => ProofResult {
            outcome: "differs".into(),
            verified: None,
            message: match &broken {
                Some(b) => format!("Changed since the digest was saved: {b}."),
                None => format!("Changed since the digest was saved: the log up to position {position} hashes to something else now."),
            },
            digest: Some(now),
            broken: broken.map(Broken::from),
        },
        Proof::Unknown => ProofResult {
            outcome: "unknown".into(),
            verified: None,
            digest: None,
            broken: None,
            message: format!("No chained event at position {position}: events up to it were removed, or it was never chained."),
        },
    };
    Ok(Json(result))
}
