//! Audience lists: `audience-{uuid}`. A host saves the e-mails a quiz is open to under a name and
//! reuses the list; a quiz on a list admits the list's members as they are when they play.
//! A list also holds accommodations by e-mail (extra time, read-aloud), which apply on every quiz
//! open to the list unless the quiz grants the player its own.
//! E-mails arrive here already normalised and checked (the API does that with the sign-up rules).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::accommodation::{Accommodation, AccommodationError, checked as checked_accommodations};
use crate::{Aggregate, DomainEvent};

/// Most e-mails one list holds.
pub const MAX_EMAILS: usize = 2_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AudienceCommand {
    Create {
        owner_id: String,
        name: String,
        emails: Vec<String>,
    },
    /// `None` keeps the name or the e-mails as they are.
    Change {
        by: String,
        name: Option<String>,
        emails: Option<Vec<String>>,
    },
    Delete {
        by: String,
    },
    /// Replace the list's accommodations; each e-mail must be on the list.
    SetAccommodations {
        by: String,
        players: Vec<(String, Accommodation)>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", content = "data")]
pub enum AudienceEvent {
    AudienceListCreated {
        owner_id: String,
        name: String,
        emails: Vec<String>,
    },
    AudienceListChanged {
        name: String,
        emails: Vec<String>,
    },
    AudienceListDeleted,
    /// The whole set, as it is from now on.
    AudienceAccommodationsSet {
        players: BTreeMap<String, Accommodation>,
    },
}

impl DomainEvent for AudienceEvent {}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AudienceError {
    #[error("Please provide a list name")]
    NoName,
    #[error("Please provide email addresses for quiz participants")]
    NoEmails,
    #[error("A list holds at most {MAX_EMAILS} email addresses")]
    TooMany,
    #[error("No such audience list")]
    NotFound,
    #[error("This list already exists")]
    AlreadyExists,
    #[error("{0} is not on this list")]
    NotOnList(String),
    #[error("{0}")]
    Accommodation(AccommodationError),
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AudienceList {
    pub owner_id: Option<String>,
    pub name: String,
    pub emails: Vec<String>,
    pub deleted: bool,
    /// By e-mail; an e-mail that leaves the list keeps none.
    pub accommodations: BTreeMap<String, Accommodation>,
}

impl AudienceList {
    /// Whether `email` (normalised) is on the list; a deleted list still answers for the quizzes
    /// that used it.
    pub fn admits(&self, email: &str) -> bool {
        self.emails.iter().any(|e| e == email)
    }

    /// What the member with `email` is granted on quizzes open to the list.
    pub fn accommodation(&self, email: &str) -> Accommodation {
        self.accommodations.get(email).copied().unwrap_or_default()
    }
}

fn checked(name: &str, emails: &[String]) -> Result<(), AudienceError> {
    if name.trim().is_empty() {
        return Err(AudienceError::NoName);
    }
    if emails.is_empty() {
        return Err(AudienceError::NoEmails);
    }
    if emails.len() > MAX_EMAILS {
        return Err(AudienceError::TooMany);
    }
    Ok(())
}

/// The e-mails in their first order, each once.
fn deduplicated(emails: Vec<String>) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    emails.into_iter().filter(|e| seen.insert(e.clone())).collect()
}

impl Aggregate for AudienceList {
    const STREAM: &'static str = "audience";
    type Command = AudienceCommand;
    type Event = AudienceEvent;
    type Error = AudienceError;

    fn decide(&self, command: AudienceCommand) -> Result<Vec<AudienceEvent>, AudienceError> {
        if let AudienceCommand::Create { owner_id, name, emails } = command {
            if self.owner_id.is_some() {
                return Err(AudienceError::AlreadyExists);
            }
            let (name, emails) = (name.trim().to_owned(), deduplicated(emails));
            checked(&name, &emails)?;
            return Ok(vec![AudienceEvent::AudienceListCreated { owner_id, name, emails }]);
        }
        // Someone else's list, or a deleted one, does not exist for the caller.
        let by = match &command {
            AudienceCommand::Change { by, .. } | AudienceCommand::Delete { by } | AudienceCommand::SetAccommodations { by, .. } => by,
            AudienceCommand::Create { .. } => unreachable!("handled above"),
        };
        if self.deleted || self.owner_id.as_ref() != Some(by) {
            return Err(AudienceError::NotFound);
        }
        match command {
            AudienceCommand::Change { name, emails, .. } => {
                let name = name.map_or_else(|| self.name.clone(), |n| n.trim().to_owned());
                let emails = emails.map_or_else(|| self.emails.clone(), deduplicated);
                checked(&name, &emails)?;
                if name == self.name && emails == self.emails {
                    return Ok(vec![]);
                }
                Ok(vec![AudienceEvent::AudienceListChanged { name, emails }])
            }
            AudienceCommand::Delete { .. } => Ok(vec![AudienceEvent::AudienceListDeleted]),
            AudienceCommand::SetAccommodations { players, .. } => {
                let players = checked_accommodations(players).map_err(AudienceError::Accommodation)?;
                if let Some(stranger) = players.keys().find(|e| !self.admits(e)) {
                    return Err(AudienceError::NotOnList(stranger.clone()));
                }
                if players == self.accommodations {
                    return Ok(vec![]);
                }
                Ok(vec![AudienceEvent::AudienceAccommodationsSet { players }])
            }
            AudienceCommand::Create { .. } => unreachable!("handled above"),
        }
    }

    fn evolve(mut self, event: &AudienceEvent) -> AudienceList {
        match event {
            AudienceEvent::AudienceListCreated { owner_id, name, emails } => {
                self.owner_id = Some(owner_id.clone());
                self.name = name.clone();
                self.emails = emails.clone();
            }
            AudienceEvent::AudienceListChanged { name, emails } => {
                self.name = name.clone();
                self.emails = emails.clone();
                self.accommodations.retain(|email, _| emails.contains(email));
            }
            AudienceEvent::AudienceListDeleted => self.deleted = true,
            AudienceEvent::AudienceAccommodationsSet { players } => self.accommodations = players.clone(),
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::given;

    fn emails(list: &[&str]) -> Vec<String> {
        list.iter().map(|e| e.to_string()).collect()
    }

    fn created() -> AudienceEvent {
        AudienceEvent::AudienceListCreated { owner_id: "host".into(), name: "Class 7B".into(), emails: emails(&["a@x.io", "b@x.io"]) }
    }

    #[test]
    fn a_list_is_created_with_a_name_and_each_email_once() {
        given::<AudienceList>([])
            .when(AudienceCommand::Create { owner_id: "host".into(), name: " Class 7B ".into(), emails: emails(&["a@x.io", "b@x.io", "a@x.io"]) })
            .then([created()]);
        given::<AudienceList>([])
            .when(AudienceCommand::Create { owner_id: "host".into(), name: "  ".into(), emails: emails(&["a@x.io"]) })
            .then_error(AudienceError::NoName);
        given::<AudienceList>([])
            .when(AudienceCommand::Create { owner_id: "host".into(), name: "x".into(), emails: vec![] })
            .then_error(AudienceError::NoEmails);
    }

    #[test]
    fn only_the_owner_changes_or_deletes_a_list() {
        let list = given::<AudienceList>([created()])
            .when(AudienceCommand::Change { by: "host".into(), name: None, emails: Some(emails(&["c@x.io"])) })
            .then([AudienceEvent::AudienceListChanged { name: "Class 7B".into(), emails: emails(&["c@x.io"]) }]);
        assert!(list.admits("c@x.io") && !list.admits("a@x.io"));
        given::<AudienceList>([created()])
            .when(AudienceCommand::Change { by: "other".into(), name: Some("Mine".into()), emails: None })
            .then_error(AudienceError::NotFound);
        given::<AudienceList>([created()]).when(AudienceCommand::Delete { by: "other".into() }).then_error(AudienceError::NotFound);
        let deleted = given::<AudienceList>([created()]).when(AudienceCommand::Delete { by: "host".into() }).then([AudienceEvent::AudienceListDeleted]);
        assert!(deleted.admits("a@x.io"), "quizzes that used a deleted list keep admitting its members");
        given::<AudienceList>([created(), AudienceEvent::AudienceListDeleted])
            .when(AudienceCommand::Delete { by: "host".into() })
            .then_error(AudienceError::NotFound);
    }

    #[test]
    fn a_list_holds_accommodations_for_its_members_only() {
        use crate::accommodation::ExtraTime;
        let extra = Accommodation { extra_time: ExtraTime::Double, read_aloud: true };
        let set = |by: &str, players: &[(&str, Accommodation)]| AudienceCommand::SetAccommodations {
            by: by.into(),
            players: players.iter().map(|(e, a)| (e.to_string(), *a)).collect(),
        };
        let granted = AudienceEvent::AudienceAccommodationsSet { players: BTreeMap::from([("a@x.io".to_owned(), extra)]) };
        let list = given::<AudienceList>([created()]).when(set("host", &[("a@x.io", extra), ("b@x.io", Accommodation::default())])).then([granted.clone()]);
        assert_eq!((list.accommodation("a@x.io"), list.accommodation("b@x.io")), (extra, Accommodation::default()));
        given::<AudienceList>([created(), granted.clone()]).when(set("host", &[("a@x.io", extra)])).then([]);
        given::<AudienceList>([created()]).when(set("host", &[("z@x.io", extra)])).then_error(AudienceError::NotOnList("z@x.io".into()));
        given::<AudienceList>([created()]).when(set("other", &[])).then_error(AudienceError::NotFound);
        given::<AudienceList>([created()])
            .when(set("host", &[("a@x.io", extra), ("a@x.io", extra)]))
            .then_error(AudienceError::Accommodation(AccommodationError::Duplicate("a@x.io".into())));
        // A member who leaves the list leaves their accommodation behind.
        let changed = AudienceEvent::AudienceListChanged { name: "Class 7B".into(), emails: emails(&["b@x.io"]) };
        assert_eq!(AudienceList::fold(&[created(), granted, changed]).accommodation("a@x.io"), Accommodation::default());
    }
}
