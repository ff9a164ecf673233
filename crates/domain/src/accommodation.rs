//! Accommodations: `accommodations-{quiz}`. The host of a hosted quiz grants players, by e-mail,
//! extra time (×1.5, ×2 or unlimited) and read-aloud. An attempt records the accommodation it
//! started with, and its deadline honours the extra time (the server's clock is what counts).
//! E-mails arrive here already normalised and checked (the API does that with the sign-up rules).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{Aggregate, DomainEvent};

/// Most players one quiz's accommodations name.
pub const MAX_PLAYERS: usize = 2_000;
/// How long "unlimited" lasts when nothing closes the quiz sooner: a year.
pub const UNLIMITED_MS: i64 = 366 * 24 * 60 * 60 * 1_000;

/// Extra time on the quiz's time limit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ExtraTime {
    #[default]
    #[serde(rename = "none")]
    None,
    /// The time limit × 1.5.
    #[serde(rename = "x1.5")]
    Half,
    /// The time limit × 2.
    #[serde(rename = "x2")]
    Double,
    /// No time limit: the attempt runs until the quiz closes.
    #[serde(rename = "unlimited")]
    Unlimited,
}

impl ExtraTime {
    pub const ALL: [ExtraTime; 4] = [ExtraTime::None, ExtraTime::Half, ExtraTime::Double, ExtraTime::Unlimited];

    /// The name the API and the events use.
    pub fn as_str(self) -> &'static str {
        match self {
            ExtraTime::None => "none",
            ExtraTime::Half => "x1.5",
            ExtraTime::Double => "x2",
            ExtraTime::Unlimited => "unlimited",
        }
    }

    pub fn parse(text: &str) -> Option<ExtraTime> {
        ExtraTime::ALL.into_iter().find(|e| e.as_str() == text)
    }

    /// The time a player with this extra time has, for a quiz whose limit is `limit_ms`.
    pub fn time_limit_ms(self, limit_ms: i64) -> i64 {
        match self {
            ExtraTime::None => limit_ms,
            ExtraTime::Half => limit_ms.saturating_mul(3) / 2,
            ExtraTime::Double => limit_ms.saturating_mul(2),
            ExtraTime::Unlimited => UNLIMITED_MS.max(limit_ms),
        }
    }
}

/// What one player is granted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Accommodation {
    #[serde(default)]
    pub extra_time: ExtraTime,
    #[serde(default)]
    pub read_aloud: bool,
}

impl Accommodation {
    /// Nothing granted.
    pub fn is_none(&self) -> bool {
        *self == Accommodation::default()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccommodationCommand {
    /// Replace the quiz's accommodations with `players` (e-mail, accommodation); `by` must be
    /// `host_id`, the quiz's host (the caller looks the host up).
    Set { by: String, host_id: String, players: Vec<(String, Accommodation)> },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", content = "data")]
pub enum AccommodationEvent {
    /// The whole set, as it is from now on (players without any accommodation are left out).
    AccommodationsSet { by: String, players: BTreeMap<String, Accommodation> },
}

impl DomainEvent for AccommodationEvent {}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AccommodationError {
    #[error("only the quiz's host can do this")]
    NotHost,
    #[error("{0} is listed more than once")]
    Duplicate(String),
    #[error("A quiz holds accommodations for at most 2,000 players")]
    TooMany,
}

/// `players` as a set by e-mail, without those granted nothing: each e-mail at most once, at most
/// [`MAX_PLAYERS`] of them.
pub fn checked(players: Vec<(String, Accommodation)>) -> Result<BTreeMap<String, Accommodation>, AccommodationError> {
    if players.len() > MAX_PLAYERS {
        return Err(AccommodationError::TooMany);
    }
    let mut set = BTreeMap::new();
    for (email, accommodation) in players {
        if set.contains_key(&email) {
            return Err(AccommodationError::Duplicate(email));
        }
        set.insert(email, accommodation);
    }
    set.retain(|_, a: &mut Accommodation| !a.is_none());
    Ok(set)
}

/// A quiz's accommodations, by normalised e-mail.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Accommodations {
    pub players: BTreeMap<String, Accommodation>,
}

impl Accommodations {
    /// What the player with `email` (normalised) is granted.
    pub fn of(&self, email: &str) -> Accommodation {
        self.players.get(email).copied().unwrap_or_default()
    }
}

impl Aggregate for Accommodations {
    const STREAM: &'static str = "accommodations";
    type Command = AccommodationCommand;
    type Event = AccommodationEvent;
    type Error = AccommodationError;

    fn decide(&self, command: AccommodationCommand) -> Result<Vec<AccommodationEvent>, AccommodationError> {
        let AccommodationCommand::Set { by, host_id, players } = command;
        if by != host_id {
            return Err(AccommodationError::NotHost);
        }
        let set = checked(players)?;
        if set == self.players {
            return Ok(vec![]);
        }
        Ok(vec![AccommodationEvent::AccommodationsSet { by, players: set }])
    }

    fn evolve(mut self, event: &AccommodationEvent) -> Accommodations {
        let AccommodationEvent::AccommodationsSet { players, .. } = event;
        self.players = players.clone();
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::given;

    const EXTRA: Accommodation = Accommodation { extra_time: ExtraTime::Half, read_aloud: false };
    const ALOUD: Accommodation = Accommodation { extra_time: ExtraTime::None, read_aloud: true };

    fn set(players: &[(&str, Accommodation)]) -> AccommodationCommand {
        AccommodationCommand::Set { by: "host".into(), host_id: "host".into(), players: players.iter().map(|(e, a)| (e.to_string(), *a)).collect() }
    }

    fn was_set(players: &[(&str, Accommodation)]) -> AccommodationEvent {
        AccommodationEvent::AccommodationsSet { by: "host".into(), players: players.iter().map(|(e, a)| (e.to_string(), *a)).collect() }
    }

    #[test]
    fn the_host_sets_accommodations_and_players_without_any_are_left_out() {
        let state = given::<Accommodations>([])
            .when(set(&[("a@x.io", EXTRA), ("b@x.io", Accommodation::default()), ("c@x.io", ALOUD)]))
            .then([was_set(&[("a@x.io", EXTRA), ("c@x.io", ALOUD)])]);
        assert_eq!(state.of("a@x.io"), EXTRA);
        assert_eq!(state.of("b@x.io"), Accommodation::default());
        given::<Accommodations>([was_set(&[("a@x.io", EXTRA)])]).when(set(&[("a@x.io", EXTRA)])).then([]);
        given::<Accommodations>([was_set(&[("a@x.io", EXTRA)])]).when(set(&[])).then([was_set(&[])]);
    }

    #[test]
    fn only_the_host_may_set_them_and_each_player_once() {
        given::<Accommodations>([])
            .when(AccommodationCommand::Set { by: "mallory".into(), host_id: "host".into(), players: vec![] })
            .then_error(AccommodationError::NotHost);
        given::<Accommodations>([]).when(set(&[("a@x.io", EXTRA), ("a@x.io", ALOUD)])).then_error(AccommodationError::Duplicate("a@x.io".into()));
        let many: Vec<(String, Accommodation)> = (0..=MAX_PLAYERS).map(|i| (format!("p{i}@x.io"), EXTRA)).collect();
        given::<Accommodations>([])
            .when(AccommodationCommand::Set { by: "host".into(), host_id: "host".into(), players: many })
            .then_error(AccommodationError::TooMany);
    }

    #[test]
    fn extra_time_stretches_the_limit() {
        assert_eq!(ExtraTime::None.time_limit_ms(60_000), 60_000);
        assert_eq!(ExtraTime::Half.time_limit_ms(60_000), 90_000);
        assert_eq!(ExtraTime::Double.time_limit_ms(60_000), 120_000);
        assert_eq!(ExtraTime::Unlimited.time_limit_ms(60_000), UNLIMITED_MS);
        for extra in ExtraTime::ALL {
            assert_eq!(ExtraTime::parse(extra.as_str()), Some(extra));
            assert_eq!(serde_json::to_value(extra).unwrap(), extra.as_str());
        }
        assert_eq!(ExtraTime::parse("x3"), None);
    }
}
