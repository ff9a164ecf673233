//! The payment-provider seam. The built-in provider is a clearly labelled test mode that charges
//! nothing; a real provider implements [`PaymentProvider`] and is chosen at startup.

use async_trait::async_trait;

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    #[error("the payment was declined: {0}")]
    Declined(String),
    #[error("the payment provider could not be reached: {0}")]
    Unavailable(String),
}

#[async_trait]
pub trait PaymentProvider: Send + Sync {
    /// True when no money moves; the API says so to the buyer.
    fn test_mode(&self) -> bool;
    /// Charges `amount_cents` for `user_id`; returns the provider's payment reference.
    async fn charge(&self, user_id: &str, amount_cents: i64, idempotency_key: &str) -> Result<String, PaymentError>;
}

/// Charges nothing and always succeeds.
pub struct TestModeProvider;

#[async_trait]
impl PaymentProvider for TestModeProvider {
    fn test_mode(&self) -> bool {
        true
    }

    async fn charge(&self, _: &str, _: i64, idempotency_key: &str) -> Result<String, PaymentError> {
        Ok(format!("test_{idempotency_key}"))
    }
}
