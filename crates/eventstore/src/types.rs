//! What is appended to the log and what is read back from it.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

/// The optimistic-concurrency expectation of an append.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ExpectedVersion {
    /// Append whatever the stream's version.
    Any,
    /// The stream must not exist yet.
    NoStream,
    /// The stream must be at exactly this version (its last event's version; the first is 1).
    Exact(i64),
}

impl std::fmt::Display for ExpectedVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExpectedVersion::Any => f.write_str("any"),
            ExpectedVersion::NoStream => f.write_str("no stream"),
            ExpectedVersion::Exact(v) => write!(f, "{v}"),
        }
    }
}

/// Who and what caused an event: kept with every event for the auditor.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Metadata {
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub actor: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub correlation_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub causation_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub request_id: Option<String>,
}

/// An event about to be appended.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub event_id: Uuid,
    pub event_type: String,
    pub schema_version: i64,
    pub data: Value,
    pub metadata: Metadata,
}

impl NewEvent {
    pub fn new(event_type: impl Into<String>, data: Value) -> Self {
        NewEvent { event_id: Uuid::now_v7(), event_type: event_type.into(), schema_version: 1, data, metadata: Metadata::default() }
    }

    pub fn with_metadata(mut self, metadata: Metadata) -> Self {
        self.metadata = metadata;
        self
    }
}

/// A committed event as read from the log.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RecordedEvent {
    /// Position in the whole log; unique and increasing in insertion order, but on PostgreSQL
    /// not necessarily in commit order: readers follow [`Cursor`] instead.
    pub position: i64,
    /// The writing transaction's id on PostgreSQL; 0 on SQLite.
    pub tx_id: i64,
    pub stream_id: String,
    pub version: i64,
    pub event_id: Uuid,
    pub event_type: String,
    pub schema_version: i64,
    pub data: Value,
    pub metadata: Metadata,
    /// Milliseconds since the Unix epoch.
    pub recorded_at: i64,
}

impl RecordedEvent {
    /// The cursor just past this event.
    pub fn cursor(&self) -> Cursor {
        Cursor { tx_id: self.tx_id, position: self.position }
    }

    /// The kind of stream: the part of the stream id before its first '-' (`user`, `quiz`, …).
    pub fn stream_type(&self) -> &str {
        stream_type(&self.stream_id)
    }
}

pub(crate) fn stream_type(stream_id: &str) -> &str {
    stream_id.split_once('-').map_or(stream_id, |(t, _)| t)
}

/// A reader's place in the log, in commit order: (writing transaction, position). Events are
/// read strictly after it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Cursor {
    pub tx_id: i64,
    pub position: i64,
}

impl Cursor {
    /// Before the first event.
    pub const START: Cursor = Cursor { tx_id: 0, position: 0 };
}

/// What an append wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct Appended {
    /// The stream's version after the append.
    pub version: i64,
    pub events: Vec<RecordedEvent>,
}
