//! The token wallet: balance and history, and buying tokens through the payment provider.
//! Price: $1.00 a token, at least one.

use axum::Json;
use axum::extract::State;
use quizroom_domain::StreamId;
use quizroom_domain::wallet::{Wallet, WalletCommand, WalletError};
use quizroom_eventstore::Metadata;
use quizroom_projections::wallet::read as wallets;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::clock::rfc3339;
use crate::commands::{CommandError, execute};
use crate::error::{ApiError, ApiJson, ApiQuery, db};
use crate::input::whole;
use crate::openapi::ErrorBody;
use crate::state::AppState;
use crate::tokens::{AuthUser, Session};

pub const PRICE_CENTS: i64 = 100;
/// Far above any real order; keeps the price in range.
const MOST_TOKENS: i64 = 1_000_000_000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_wallet)).routes(routes!(purchase_tokens))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UserQuery {
    /// Must be the caller's own id when given.
    user_id: Option<String>,
}

/// One line of the wallet's history.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    /// `granted`, `purchased`, `spent` or `refunded`.
    kind: String,
    amount: i64,
    balance_after: i64,
    reason: String,
    at: String,
}

/// The balance and the latest 50 lines of history, newest first.
#[derive(Serialize, ToSchema)]
#[schema(as = Wallet)]
pub struct WalletView {
    balance: i64,
    history: Vec<Entry>,
}

/// The caller's wallet.
#[utoipa::path(get, path = "/wallet", tag = "wallet", params(UserQuery), security(("bearer" = [])), responses(
    (status = 200, description = "The balance and history", body = WalletView),
    (status = 400, description = "The query could not be read", body = ErrorBody),
    (status = 403, description = "`userId` is someone else's", body = ErrorBody),
))]
async fn get_wallet(State(state): State<AppState>, caller: Session, ApiQuery(q): ApiQuery<UserQuery>) -> Result<Json<WalletView>, ApiError> {
    caller.ensure_self(q.user_id.as_deref())?;
    let pool = state.store.pool();
    let history = wallets::history(pool, &caller.user_id, 50)
        .await
        .map_err(db)?
        .into_iter()
        .map(|r| Entry { kind: r.kind, amount: r.amount, balance_after: r.balance_after, reason: r.reason, at: rfc3339(r.recorded_at) })
        .collect();
    Ok(Json(WalletView { balance: wallets::balance(pool, &caller.user_id).await.map_err(db)?, history }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseRequest {
    /// Tokens to buy, at $1.00 each.
    #[serde(default)]
    #[schema(required, value_type = i64, format = Int64, minimum = 1, maximum = 1_000_000_000)]
    quantity: Value,
    /// Must be the caller's own id when given.
    user_id: Option<String>,
}

/// What a purchase did (payments run in a clearly labelled test mode until a provider is plugged in).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseResponse {
    balance: i64,
    purchased: i64,
    amount_cents: i64,
    test_mode: bool,
}

/// Buys tokens.
#[utoipa::path(post, path = "/wallet/purchase", tag = "wallet", request_body = PurchaseRequest, security(("bearer" = [])), responses(
    (status = 200, description = "Bought", body = PurchaseResponse),
    (status = 400, description = "The quantity is not a whole number from 1 to 1,000,000,000", body = ErrorBody),
    (status = 402, description = "The payment failed", body = ErrorBody),
    (status = 403, description = "`userId` is someone else's", body = ErrorBody),
))]
async fn purchase_tokens(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<PurchaseRequest>) -> Result<Json<PurchaseResponse>, ApiError> {
    caller.ensure_self(body.user_id.as_deref())?;
    let quantity = whole(&body.quantity).filter(|q| (1..=MOST_TOKENS).contains(q)).ok_or_else(|| {
        ApiError::bad_request("invalid_input", "Quantity must be a whole number of at least 1").with_details(serde_json::json!({ "field": "quantity" }))
    })?;
    let amount_cents = quantity * PRICE_CENTS;
    let purchase_id = uuid::Uuid::now_v7().to_string();
    let payment_ref = state
        .payments
        .charge(&caller.user_id, amount_cents, &purchase_id)
        .await
        .map_err(|e| ApiError::new(axum::http::StatusCode::PAYMENT_REQUIRED, "payment_failed", e.to_string()))?;
    let metadata = Metadata { actor: Some(caller.user_id.clone()), causation_id: Some(purchase_id), ..Default::default() };
    let stream = StreamId::<Wallet>::new(&caller.user_id);
    let command = || WalletCommand::Purchase { quantity, amount_cents, payment_ref: payment_ref.clone() };
    let (wallet, _) = execute::<Wallet>(&state.store, &stream, &metadata, command).await.map_err(|e| match e {
        CommandError::Rejected(WalletError::InvalidQuantity) => ApiError::bad_request("invalid_input", e.to_string()),
        CommandError::Rejected(other) => ApiError::internal(other),
        CommandError::Store(store) => store.into(),
    })?;
    Ok(Json(PurchaseResponse { balance: wallet.balance, purchased: quantity, amount_cents, test_mode: state.payments.test_mode() }))
}
