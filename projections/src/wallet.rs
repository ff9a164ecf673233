//! Wallet balances and history, from `wallet-{user}` streams.

pub mod read;

use async_trait::async_trait;
use quizroom_domain::wallet::WalletEvent;
use quizroom_eventstore::{Conn, ProjectionError, RecordedEvent, TransactionalProjection};
use sqlx::Row;

use crate::decode;

pub struct WalletProjection;

#[async_trait]
impl TransactionalProjection for WalletProjection {
    fn name(&self) -> &'static str {
        "wallet"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["wallet", "wallet_entry"]
    }

    async fn apply(&self, conn: &mut Conn, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        for event in events.iter().filter(|e| e.stream_type() == <quizroom_domain::wallet::Wallet as quizroom_domain::Aggregate>::STREAM) {
            let user_id = crate::instance::<quizroom_domain::wallet::Wallet>(event)?;
            let wallet_event: WalletEvent = decode(event)?;
            let delta = wallet_event.delta();
            let balance: i64 = sqlx::query(
                "insert into wallet (user_id, balance) values ($1, $2) \
                 on conflict (user_id) do update set balance = wallet.balance + excluded.balance returning balance",
            )
            .bind(user_id)
            .bind(delta)
            .fetch_one(&mut *conn)
            .await?
            .try_get(0)?;
            let (kind, reason, reference) = match &wallet_event {
                WalletEvent::TokensGranted { reason, .. } => ("granted", reason.clone(), None),
                WalletEvent::TokensPurchased { payment_ref, .. } => ("purchased", "purchase".to_owned(), Some(payment_ref)),
                WalletEvent::TokensSpent { purpose, reference, .. } => ("spent", purpose.clone(), Some(reference)),
                WalletEvent::TokensRefunded { reason, reference, .. } => ("refunded", reason.clone(), Some(reference)),
            };
            sqlx::query(
                "insert into wallet_entry (global_position, user_id, kind, amount, balance_after, reason, reference, recorded_at) \
                 values ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(event.position)
            .bind(user_id)
            .bind(kind)
            .bind(delta.abs())
            .bind(balance)
            .bind(reason)
            .bind(reference.cloned())
            .bind(event.recorded_at)
            .execute(&mut *conn)
            .await?;
        }
        Ok(())
    }
}
