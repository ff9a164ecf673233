//! Quizroom's domain, pure: `decide(&state, command) -> events` and `evolve(state, &event) -> state`,
//! synchronous, with no I/O and no clock (time is passed in with the command).
//!
//! - [`Aggregate`]: the decide/evolve shape every stream type follows.
//! - [`DomainEvent`]: how an event is named and stored, and how older shapes are upcast.
//! - [`stream`]: each aggregate's stream name, formatted and parsed by a typed [`StreamId`].
//! - `event_type`: each event's stored type name as a constant of its enum
//!   (`AttemptEvent::RETAKE_GRANTED`), for readers that pick stored rows by type.
//! - [`testing`]: given(events) / when(command) / then(events or error).
//! - [`quiz`]: quizzes and their questions (`quiz-{id}`); [`attempt`]: timed attempts (`attempt-{uuid}`).
//! - [`game`]: live games run by a host (`game-{uuid}`); [`player`]: a live game's players and
//!   their answers (`player-{uuid}`).
//! - [`accommodation`]: extra time and read-aloud a host grants players of a hosted quiz
//!   (`accommodations-{quiz}`).
//! - [`admission`]: players who joined a hosted quiz by its code (`admission-{quiz}-{user}`).
//! - [`audit`]: what auditors looked at (`audit-{user}`).
//! - [`media`]: the picture, sound or video a question shows, and the texts it needs to be accessible.
//! - [`audience`]: the audience lists hosts open quizzes to (`audience-{uuid}`).
//! - [`generation`]: generating questions, reviewing and publishing them (`generation-{uuid}`).
//! - [`uploads`]: the media files each account uploaded, within its storage quota (`uploads-{user}`).
//! - [`user`]: accounts, verification and password reset (`user-{uuid}`).
//! - [`wallet`]: the token wallet (`wallet-{user}`).

pub mod accommodation;
pub mod admission;
pub mod attempt;
pub mod audience;
pub mod audit;
mod event_type;
pub mod game;
pub mod generation;
pub mod media;
pub mod player;
pub mod question;
pub mod quiz;
pub mod stream;
pub mod testing;
pub mod uploads;
pub mod user;
pub mod wallet;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

pub use stream::StreamId;

/// A consistency boundary: one event stream.
pub trait Aggregate: Default + Clone {
    /// The stream name's prefix: an instance's stream is `{STREAM}-{id}` (see [`StreamId`]).
    const STREAM: &'static str;
    type Command;
    type Event: DomainEvent;
    type Error: std::error::Error + PartialEq;

    /// The events that carrying out `command` on this state records, or why it is refused.
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error>;

    /// The state after `event`.
    fn evolve(self, event: &Self::Event) -> Self;

    /// The state after all `events`, from the start.
    fn fold<'a>(events: impl IntoIterator<Item = &'a Self::Event>) -> Self
    where
        Self::Event: 'a,
    {
        events.into_iter().fold(Self::default(), Self::evolve)
    }
}

/// An event as stored: a type name, a schema version and a JSON payload. Implementations are
/// serde enums tagged `{"type": …, "data": …}`; [`encode`](DomainEvent::encode) and
/// [`decode`](DomainEvent::decode) split and join that envelope.
pub trait DomainEvent: Serialize + DeserializeOwned + Clone + PartialEq + std::fmt::Debug {
    /// The schema version written today.
    const SCHEMA_VERSION: i64 = 1;

    /// Rewrites an older payload into today's shape when it is read (never in the log).
    fn upcast(_event_type: &str, _schema_version: i64, data: Value) -> Result<Value, String> {
        Ok(data)
    }

    fn encode(&self) -> (String, Value) {
        match serde_json::to_value(self).expect("events serialise") {
            Value::Object(mut map) => {
                let event_type = match map.remove("type") {
                    Some(Value::String(t)) => t,
                    _ => panic!("a domain event must be a serde enum tagged with \"type\""),
                };
                (event_type, map.remove("data").unwrap_or(Value::Null))
            }
            _ => panic!("a domain event must serialise to an object"),
        }
    }

    /// Reads a stored payload back; `data` is borrowed, so a reader that keeps the recorded event
    /// (a projector, the hub) copies nothing but the fields of the event itself.
    fn decode(event_type: &str, schema_version: i64, data: &Value) -> Result<Self, DecodeError> {
        if schema_version > Self::SCHEMA_VERSION {
            return Err(DecodeError(format!("schema version {schema_version} is newer than this program knows ({})", Self::SCHEMA_VERSION)));
        }
        let decoded = if schema_version < Self::SCHEMA_VERSION {
            let data = Self::upcast(event_type, schema_version, data.clone()).map_err(DecodeError)?;
            Self::deserialize(Envelope { event_type, data: &data })
        } else {
            Self::deserialize(Envelope { event_type, data })
        };
        decoded.map_err(|e| {
            let message = e.to_string();
            if message.starts_with("unknown variant") {
                DecodeError(format!("unknown event type {event_type}"))
            } else {
                DecodeError(format!("broken {event_type} payload: {message}"))
            }
        })
    }
}

/// A stored event's type and payload, read as the `[type, data]` sequence serde's adjacently
/// tagged enums also accept: the type comes first, so the payload is read straight into the event
/// (as an object `{"data", "type"}` in key order it was first copied whole into serde's buffer).
struct Envelope<'a> {
    event_type: &'a str,
    data: &'a Value,
}

impl<'de> serde::Deserializer<'de> for Envelope<'de> {
    type Error = serde_json::Error;

    fn deserialize_any<V: serde::de::Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        visitor.visit_seq(EnvelopeParts { event_type: Some(self.event_type), data: Some(self.data) })
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
        unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier ignored_any
    }
}

struct EnvelopeParts<'a> {
    event_type: Option<&'a str>,
    data: Option<&'a Value>,
}

impl<'de> serde::de::SeqAccess<'de> for EnvelopeParts<'de> {
    type Error = serde_json::Error;

    fn next_element_seed<T: serde::de::DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, Self::Error> {
        if let Some(event_type) = self.event_type.take() {
            return seed.deserialize(serde::de::value::BorrowedStrDeserializer::new(event_type)).map(Some);
        }
        match self.data.take() {
            Some(data) => seed.deserialize(data).map(Some),
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(usize::from(self.event_type.is_some()) + usize::from(self.data.is_some()))
    }
}

/// Why a stored event could not be read back as a domain event.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DecodeError(pub String);
