//! The hub's channels, one type: a subscription names one, and each has a module that serves it
//! ([`attempt`]: an attempt's clock and submission; [`quiz`]: a quiz's live leaderboard; [`game`]:
//! a live game). A new kind of channel is a new variant and a new module.

pub mod attempt;
pub mod game;
pub mod quiz;

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

/// A channel as clients name it: `attempt:<attemptId>`, `quiz:<categoryId>` or `game:<gameId>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Channel {
    Attempt(String),
    Quiz(i64),
    Game(String),
}

/// The channels there are, for an unknown channel's error.
pub const CHANNELS: &str = "Channels are attempt:<attemptId>, quiz:<categoryId> and game:<gameId>";

impl FromStr for Channel {
    type Err = ();

    fn from_str(name: &str) -> Result<Self, ()> {
        match name.split_once(':') {
            Some(("attempt", id)) if !id.is_empty() => Ok(Channel::Attempt(id.to_owned())),
            Some(("game", id)) if !id.is_empty() && id.len() <= 64 => Ok(Channel::Game(id.to_owned())),
            Some(("quiz", id)) => id.parse::<i64>().ok().filter(|id| *id > 0).map(Channel::Quiz).ok_or(()),
            _ => Err(()),
        }
    }
}

impl fmt::Display for Channel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Channel::Attempt(id) => write!(f, "attempt:{id}"),
            Channel::Quiz(id) => write!(f, "quiz:{id}"),
            Channel::Game(id) => write!(f, "game:{id}"),
        }
    }
}

impl Serialize for Channel {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn channels_parse_and_format_back() {
        for name in ["attempt:8f0c-11", "quiz:42", "game:5d1e-7"] {
            assert_eq!(name.parse::<Channel>().unwrap().to_string(), name);
        }
        for bad in ["", "quiz", "quiz:", "quiz:0", "quiz:-1", "quiz:x", "attempt:", "game:", "games:1", "attempt"] {
            assert!(bad.parse::<Channel>().is_err(), "{bad}");
        }
    }
}
