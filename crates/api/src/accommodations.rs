//! Accommodations (shared by hosting, audience lists, play and the audit): what a host granted a
//! player of a hosted quiz, as the API shows and takes it, and the lookup an attempt makes when it
//! starts: the quiz's own grant for the player, else the one of the audience list the quiz is open
//! to (decision 0026).

use std::collections::BTreeMap;

use quizroom_domain::StreamId;
use quizroom_domain::accommodation::{Accommodation, AccommodationError, Accommodations, ExtraTime, MAX_PLAYERS};
use quizroom_domain::audience::AudienceList;
use quizroom_projections::user::read as users;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};

use crate::access::CategoryRow;
use crate::commands::fold;
use crate::email::Email;
use crate::error::{ApiError, db};
use crate::input::{email_schema, objects};
use crate::refusals::accommodation_refused;
use crate::state::AppState;

/// The schema of an extra time (`schema_with`): `none`, `x1.5`, `x2` or `unlimited` (no time
/// limit: the attempt runs until the quiz expires).
fn extra_time_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(ExtraTime::ALL.map(ExtraTime::as_str)))
        .description(Some("Extra time on the quiz's time limit: none, ×1.5, ×2, or unlimited (until the quiz expires)"))
        .build()
}

/// What a player is granted: extra time and read-aloud.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccommodationView {
    #[schema(schema_with = extra_time_schema)]
    pub extra_time: ExtraTime,
    /// Questions and options are read aloud by the browser's speech synthesis.
    pub read_aloud: bool,
}

impl AccommodationView {
    /// From a read model's columns (`extra_time`, `read_aloud`).
    pub fn of_row(extra_time: &str, read_aloud: i64) -> Self {
        AccommodationView { extra_time: ExtraTime::parse(extra_time).unwrap_or_default(), read_aloud: read_aloud != 0 }
    }

    /// For people: `extra time ×1.5; read aloud`, or empty.
    pub fn describe(&self) -> String {
        let extra = match self.extra_time {
            ExtraTime::None => None,
            ExtraTime::Half => Some("extra time \u{d7}1.5"),
            ExtraTime::Double => Some("extra time \u{d7}2"),
            ExtraTime::Unlimited => Some("no time limit"),
        };
        extra.into_iter().chain(self.read_aloud.then_some("read aloud")).collect::<Vec<_>>().join("; ")
    }
}

impl From<Accommodation> for AccommodationView {
    fn from(a: Accommodation) -> Self {
        AccommodationView { extra_time: a.extra_time, read_aloud: a.read_aloud }
    }
}

/// One player's accommodations.
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PlayerAccommodation {
    /// The player's e-mail address (as they signed up; any case).
    #[schema(schema_with = email_schema)]
    email: String,
    #[serde(default)]
    #[schema(schema_with = extra_time_schema)]
    extra_time: ExtraTime,
    /// Read questions and options aloud.
    #[serde(default)]
    read_aloud: bool,
}

/// A quiz's or an audience list's accommodations: every player granted any, by e-mail.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct AccommodationList {
    /// At most 2,000 players; a player with neither extra time nor read-aloud is left out.
    #[serde(deserialize_with = "objects")]
    #[schema(max_items = 2000)]
    accommodations: Vec<PlayerAccommodation>,
}

impl AccommodationList {
    /// The set as the API answers it, by e-mail.
    pub fn of(players: &BTreeMap<String, Accommodation>) -> Self {
        let accommodations =
            players.iter().map(|(email, a)| PlayerAccommodation { email: email.clone(), extra_time: a.extra_time, read_aloud: a.read_aloud }).collect();
        AccommodationList { accommodations }
    }

    /// The players as the domain takes them: e-mails normalised, each checked.
    pub fn players(self) -> Result<Vec<(String, Accommodation)>, ApiError> {
        if self.accommodations.len() > MAX_PLAYERS {
            return Err(accommodation_refused(AccommodationError::TooMany));
        }
        self.accommodations
            .into_iter()
            .map(|p| {
                let email = Email::parse(&p.email).map_err(|_| {
                    ApiError::bad_request("validation", format!("Invalid email address: {}", p.email.trim())).with_details(json!({ "email": p.email.trim() }))
                })?;
                Ok((email.into_string(), Accommodation { extra_time: p.extra_time, read_aloud: p.read_aloud }))
            })
            .collect()
    }
}

/// The accommodations of quiz `quiz_id`, as they are now.
pub async fn of_quiz(state: &AppState, quiz_id: i64) -> Result<Accommodations, ApiError> {
    let events = state.store.read_stream(StreamId::<Accommodations>::new(quiz_id).as_str(), 1).await?;
    Ok(fold::<Accommodations>(&events)?.0)
}

/// What `user_id` is granted on `category` (nothing on a curated category).
pub async fn for_player(state: &AppState, user_id: &str, category: &CategoryRow) -> Result<Accommodation, ApiError> {
    if category.host_id.is_none() {
        return Ok(Accommodation::default());
    }
    let own = of_quiz(state, category.id).await?;
    let list = match &category.audience_list_id {
        Some(list_id) => fold::<AudienceList>(&state.store.read_stream(StreamId::<AudienceList>::new(list_id).as_str(), 1).await?)?.0,
        None => AudienceList::default(),
    };
    if own.players.is_empty() && list.accommodations.is_empty() {
        return Ok(Accommodation::default());
    }
    let Some(account) = users::by_id(state.store.pool(), user_id).await.map_err(db)? else { return Ok(Accommodation::default()) };
    // The quiz's own grant for the player, else the list's.
    Ok(own.players.get(&account.email).copied().unwrap_or_else(|| list.accommodation(&account.email)))
}
