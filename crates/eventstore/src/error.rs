//! Typed errors of the store and of projections. A version conflict is its own variant so the
//! HTTP edge can answer 409 and a command handler can retry.

use crate::types::ExpectedVersion;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("stream {stream} is at version {actual}, not the expected {expected}")]
    VersionConflict {
        stream: String,
        expected: ExpectedVersion,
        /// The stream's version when the append was refused (0 when it does not exist).
        actual: i64,
    },
    #[error("an append needs at least one event")]
    EmptyAppend,
    #[error("event at position {position} is unreadable: {message}")]
    Corrupt { position: i64, message: String },
    #[error("projection {projection} refused the events: {source}")]
    Projection {
        projection: String,
        #[source]
        source: ProjectionError,
    },
    #[error("the database URL {0} is not supported: use postgres://… or sqlite:…")]
    UnsupportedUrl(String),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl StoreError {
    /// The unique constraint a transactional projection tripped over, if that is why the append failed.
    pub fn conflicting_constraint(&self) -> Option<&str> {
        match self {
            StoreError::Projection { source: ProjectionError::Conflict { constraint }, .. } => Some(constraint),
            _ => None,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ProjectionError {
    /// A unique index of a read model refused the change (one account per e-mail, one quiz code).
    #[error("unique constraint {constraint} violated")]
    Conflict { constraint: String },
    /// An event the projection cannot understand: unknown type or broken payload.
    #[error("event at position {position} ({event_type}): {message}")]
    Decode { position: i64, event_type: String, message: String },
    #[error("{0}")]
    Rejected(String),
    #[error("database error: {0}")]
    Database(sqlx::Error),
}

impl From<sqlx::Error> for ProjectionError {
    fn from(e: sqlx::Error) -> Self {
        if let sqlx::Error::Database(db) = &e
            && db.is_unique_violation()
        {
            return ProjectionError::Conflict { constraint: db.constraint().unwrap_or("unknown").to_owned() };
        }
        ProjectionError::Database(e)
    }
}
