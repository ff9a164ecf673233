//! The token wallet: `wallet-{user}`. Hosting and generating spend tokens; a failed generation
//! refunds them; tokens are granted on verification and bought on the pricing page.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{Aggregate, DomainEvent};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WalletCommand {
    Grant {
        amount: i64,
        reason: String,
    },
    Purchase {
        quantity: i64,
        amount_cents: i64,
        payment_ref: String,
    },
    /// `reference` names what the tokens paid for (a quiz, a generation) so it can be refunded once.
    Spend {
        amount: i64,
        purpose: String,
        reference: String,
    },
    Refund {
        reference: String,
        reason: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", content = "data")]
pub enum WalletEvent {
    TokensGranted { amount: i64, reason: String },
    TokensPurchased { quantity: i64, amount_cents: i64, payment_ref: String },
    TokensSpent { amount: i64, purpose: String, reference: String },
    TokensRefunded { amount: i64, reason: String, reference: String },
}

impl DomainEvent for WalletEvent {}

impl WalletEvent {
    /// How the event changes the balance.
    pub fn delta(&self) -> i64 {
        match self {
            WalletEvent::TokensGranted { amount, .. } | WalletEvent::TokensRefunded { amount, .. } => *amount,
            WalletEvent::TokensPurchased { quantity, .. } => *quantity,
            WalletEvent::TokensSpent { amount, .. } => -amount,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WalletError {
    #[error("quantity must be a whole number of at least 1")]
    InvalidQuantity,
    #[error("you have {balance} tokens and this needs {needed}")]
    InsufficientTokens { balance: i64, needed: i64 },
    #[error("nothing was spent for {0}")]
    UnknownSpend(String),
    #[error("{0} was already refunded")]
    AlreadyRefunded(String),
    #[error("{0} was already paid for")]
    AlreadySpent(String),
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Wallet {
    pub balance: i64,
    /// Spends by reference, and whether each was refunded.
    spends: BTreeMap<String, (i64, bool)>,
}

impl Aggregate for Wallet {
    const STREAM: &'static str = "wallet";
    type Command = WalletCommand;
    type Event = WalletEvent;
    type Error = WalletError;

    fn decide(&self, command: WalletCommand) -> Result<Vec<WalletEvent>, WalletError> {
        match command {
            WalletCommand::Grant { amount, reason } => {
                if amount < 1 {
                    return Err(WalletError::InvalidQuantity);
                }
                Ok(vec![WalletEvent::TokensGranted { amount, reason }])
            }
            WalletCommand::Purchase { quantity, amount_cents, payment_ref } => {
                if quantity < 1 {
                    return Err(WalletError::InvalidQuantity);
                }
                Ok(vec![WalletEvent::TokensPurchased { quantity, amount_cents, payment_ref }])
            }
            WalletCommand::Spend { amount, purpose, reference } => {
                if amount < 1 {
                    return Err(WalletError::InvalidQuantity);
                }
                if self.spends.contains_key(&reference) {
                    return Err(WalletError::AlreadySpent(reference));
                }
                if self.balance < amount {
                    return Err(WalletError::InsufficientTokens { balance: self.balance, needed: amount });
                }
                Ok(vec![WalletEvent::TokensSpent { amount, purpose, reference }])
            }
            WalletCommand::Refund { reference, reason } => match self.spends.get(&reference) {
                None => Err(WalletError::UnknownSpend(reference)),
                Some((_, true)) => Err(WalletError::AlreadyRefunded(reference)),
                Some((amount, false)) => Ok(vec![WalletEvent::TokensRefunded { amount: *amount, reason, reference }]),
            },
        }
    }

    fn evolve(mut self, event: &WalletEvent) -> Wallet {
        self.balance += event.delta();
        match event {
            WalletEvent::TokensSpent { amount, reference, .. } => {
                self.spends.insert(reference.clone(), (*amount, false));
            }
            WalletEvent::TokensRefunded { reference, .. } => {
                if let Some(spend) = self.spends.get_mut(reference) {
                    spend.1 = true;
                }
            }
            _ => {}
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DecodeError;
    use crate::testing::given;
    use serde_json::json;

    fn granted(amount: i64) -> WalletEvent {
        WalletEvent::TokensGranted { amount, reason: "welcome".into() }
    }

    fn spend(amount: i64, reference: &str) -> WalletCommand {
        WalletCommand::Spend { amount, purpose: "host".into(), reference: reference.into() }
    }

    fn spent(amount: i64, reference: &str) -> WalletEvent {
        WalletEvent::TokensSpent { amount, purpose: "host".into(), reference: reference.into() }
    }

    #[test]
    fn spending_within_the_balance_records_the_spend() {
        let wallet = given::<Wallet>([granted(5)]).when(spend(1, "quiz-1")).then([spent(1, "quiz-1")]);
        assert_eq!(wallet.balance, 4);
    }

    #[test]
    fn spending_more_than_the_balance_is_refused() {
        given::<Wallet>([granted(5), spent(1, "quiz-1")]).when(spend(5, "gen-1")).then_error(WalletError::InsufficientTokens { balance: 4, needed: 5 });
    }

    #[test]
    fn one_reference_is_paid_for_once() {
        given::<Wallet>([granted(5), spent(1, "quiz-1")]).when(spend(1, "quiz-1")).then_error(WalletError::AlreadySpent("quiz-1".into()));
    }

    #[test]
    fn a_purchase_adds_the_quantity_bought() {
        let command = WalletCommand::Purchase { quantity: 3, amount_cents: 300, payment_ref: "test-1".into() };
        let wallet = given::<Wallet>([]).when(command).then([WalletEvent::TokensPurchased { quantity: 3, amount_cents: 300, payment_ref: "test-1".into() }]);
        assert_eq!(wallet.balance, 3);
    }

    #[test]
    fn a_purchase_of_less_than_one_token_is_refused() {
        let command = WalletCommand::Purchase { quantity: 0, amount_cents: 0, payment_ref: "x".into() };
        given::<Wallet>([]).when(command).then_error(WalletError::InvalidQuantity);
    }

    #[test]
    fn a_spend_is_refunded_in_full_and_only_once() {
        let refund = || WalletCommand::Refund { reference: "gen-1".into(), reason: "generation failed".into() };
        let wallet = given::<Wallet>([granted(5), spent(5, "gen-1")]).when(refund()).then([WalletEvent::TokensRefunded {
            amount: 5,
            reason: "generation failed".into(),
            reference: "gen-1".into(),
        }]);
        assert_eq!(wallet.balance, 5);
        given::<Wallet>([granted(5), spent(5, "gen-1"), WalletEvent::TokensRefunded { amount: 5, reason: "x".into(), reference: "gen-1".into() }])
            .when(refund())
            .then_error(WalletError::AlreadyRefunded("gen-1".into()));
        given::<Wallet>([granted(5)]).when(refund()).then_error(WalletError::UnknownSpend("gen-1".into()));
    }

    #[test]
    fn events_round_trip_through_their_stored_form() {
        let event = spent(2, "quiz-9");
        let (event_type, data) = event.encode();
        assert_eq!(event_type, "TokensSpent");
        assert_eq!(data, json!({ "amount": 2, "purpose": "host", "reference": "quiz-9" }));
        assert_eq!(WalletEvent::decode(&event_type, 1, &data).unwrap(), event);
    }

    #[test]
    fn unknown_types_broken_payloads_and_future_schemas_are_named() {
        assert_eq!(WalletEvent::decode("TokensStolen", 1, &json!({})), Err(DecodeError("unknown event type TokensStolen".into())));
        let broken = WalletEvent::decode("TokensSpent", 1, &json!({ "amount": "two" })).unwrap_err();
        assert!(broken.0.starts_with("broken TokensSpent payload: invalid type"), "{broken}");
        assert_eq!(WalletEvent::decode("TokensSpent", 2, &json!({})), Err(DecodeError("schema version 2 is newer than this program knows (1)".into())));
    }
}
