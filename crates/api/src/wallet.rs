//! The token wallet: balance and history, and buying tokens through the payment provider.
//! Price: $1.00 a token, at least one.

use axum::extract::State;
use axum::routing::{get, post};
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use quizroom_domain::wallet::{Wallet, WalletCommand, WalletError};
use quizroom_domain::StreamId;
use quizroom_eventstore::Metadata;
use quizroom_projections::wallet::read as wallets;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::clock::rfc3339;
use crate::commands::{CommandError, execute};
use crate::error::{ApiError, ApiJson, ApiQuery, db};
use crate::state::AppState;
use crate::tokens::AuthUser;

pub const PRICE_CENTS: i64 = 100;
/// Far above any real order; keeps the price in range.
const MOST_TOKENS: i64 = 1_000_000_000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().route("/wallet", get(get_wallet)).route("/wallet/purchase", post(purchase_tokens))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserQuery {
    user_id: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    kind: String,
    amount: i64,
    balance_after: i64,
    reason: String,
    at: String,
}

#[derive(Serialize)]
pub struct WalletView {
    balance: i64,
    history: Vec<Entry>,
}

async fn get_wallet(State(state): State<AppState>, caller: AuthUser, ApiQuery(q): ApiQuery<UserQuery>) -> Result<Json<WalletView>, ApiError> {
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

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseRequest {
    #[serde(default)]
    quantity: Value,
    user_id: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseResponse {
    balance: i64,
    purchased: i64,
    amount_cents: i64,
    test_mode: bool,
}

async fn purchase_tokens(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(body): ApiJson<PurchaseRequest>,
) -> Result<Json<PurchaseResponse>, ApiError> {
    caller.ensure_self(body.user_id.as_deref())?;
    let quantity = body.quantity.as_i64().filter(|q| (1..=MOST_TOKENS).contains(q)).ok_or_else(|| {
        ApiError::bad_request("invalid_input", "Quantity must be a whole number of at least 1")
            .with_details(serde_json::json!({ "field": "quantity" }))
    })?;
    let amount_cents = quantity * PRICE_CENTS;
    let purchase_id = uuid::Uuid::now_v7().to_string();
    let payment_ref = state.payments.charge(&caller.user_id, amount_cents, &purchase_id).await.map_err(|e| {
        ApiError::new(axum::http::StatusCode::PAYMENT_REQUIRED, "payment_failed", e.to_string())
    })?;
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
