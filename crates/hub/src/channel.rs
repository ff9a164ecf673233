//! The hub's channels, one type: a subscription names one, and each has a module that serves it
//! ([`attempt`]: an attempt's clock and submission; [`quiz`]: a quiz's live leaderboard). A new
//! kind of channel is a new variant and a new module.

pub mod attempt;
pub mod quiz;

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

/// A channel as clients name it: `attempt:<attemptId>` or `quiz:<categoryId>`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Channel {
    Attempt(String),
    Quiz(i64),
}

/// The channels there are, for an unknown channel's error.
pub const CHANNELS: &str = "Channels are attempt:<attemptId> and quiz:<categoryId>";

impl FromStr for Channel {
    type Err = ();

    fn from_str(name: &str) -> Result<Self, ()> {
        match name.split_once(':') {
            Some(("attempt", id)) if !id.is_empty() => Ok(Channel::Attempt(id.to_owned())),
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
        for name in ["attempt:8f0c-11", "quiz:42"] {
            assert_eq!(name.parse::<Channel>().unwrap().to_string(), name);
        }
        for bad in ["", "quiz", "quiz:", "quiz:0", "quiz:-1", "quiz:x", "attempt:", "game:1", "attempt"] {
            assert!(bad.parse::<Channel>().is_err(), "{bad}");
        }
    }
}
