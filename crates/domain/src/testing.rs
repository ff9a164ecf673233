//! given(events) / when(command) / then(events or error): the shape of the domain's tests.
//!
//! ```
//! use quizroom_domain::testing::given;
//! use quizroom_domain::wallet::{Wallet, WalletCommand, WalletError, WalletEvent};
//!
//! given::<Wallet>([WalletEvent::TokensGranted { amount: 5, reason: "welcome".into() }])
//!     .when(WalletCommand::Spend { amount: 6, purpose: "host".into(), reference: "q-1".into() })
//!     .then_error(WalletError::InsufficientTokens { balance: 5, needed: 6 });
//! ```

use crate::Aggregate;

pub struct Given<A: Aggregate> {
    state: A,
}

/// The state after `events`.
pub fn given<A: Aggregate>(events: impl IntoIterator<Item = A::Event>) -> Given<A> {
    let events: Vec<A::Event> = events.into_iter().collect();
    Given { state: A::fold(&events) }
}

pub struct When<A: Aggregate> {
    state: A,
    result: Result<Vec<A::Event>, A::Error>,
}

impl<A: Aggregate> Given<A> {
    pub fn when(self, command: A::Command) -> When<A> {
        let result = self.state.decide(command);
        When { state: self.state, result }
    }
}

impl<A: Aggregate + std::fmt::Debug> When<A> {
    /// Asserts the command recorded exactly `expected`; returns the state after them.
    #[track_caller]
    pub fn then(self, expected: impl IntoIterator<Item = A::Event>) -> A {
        let expected: Vec<A::Event> = expected.into_iter().collect();
        match self.result {
            Ok(events) => {
                assert_eq!(events, expected, "the command recorded other events");
                events.iter().fold(self.state, |s, e| s.evolve(e))
            }
            Err(e) => panic!("expected events {expected:?}, but the command was refused: {e}"),
        }
    }

    /// The events the command recorded (it must not be refused), to match on their shape.
    #[track_caller]
    pub fn events(self) -> Vec<A::Event> {
        self.result.unwrap_or_else(|e| panic!("the command was refused: {e}"))
    }

    /// Asserts the command was refused with `expected`.
    #[track_caller]
    pub fn then_error(self, expected: A::Error) {
        match self.result {
            Ok(events) => panic!("expected the error {expected}, but the command recorded {events:?}"),
            Err(e) => assert_eq!(e, expected),
        }
    }
}
