//! The event log of Quizroom: the only source of truth.
//!
//! Commands append events to streams with an expected version ([`EventStore::append`]); the same
//! transaction runs the [`TransactionalProjection`]s, so a read model that enforces a rule (one
//! account per e-mail, one quiz code) fails the append atomically. After commit, catch-up readers
//! ([`Subscription`], [`run_projector`]) read the log from their [`Cursor`] and never skip a
//! committed event, even with concurrent writers on PostgreSQL (see `migrations/postgres`).
//!
//! Layout:
//! - [`types`]: what is appended and what is read back.
//! - [`store`]: the store itself on SQLite or PostgreSQL, behind one interface (sqlx's `Any`
//!   driver; the two dialects differ only in a few statements, kept side by side in `store`).
//! - [`subscription`]: catch up from a cursor, then follow live.
//! - [`projection`]: transactional projections and asynchronous projectors with checkpoints.
//! - [`chain`]: tamper evidence, the log hash-chained in commit order behind the writes, and
//!   verified in parts (PostgreSQL through its own driver, SQLite through SQLite itself; decision 0027).
//! - [`testing`]: fresh databases for tests on both backends.

pub mod chain;
mod checkpoint;
pub mod error;
pub mod projection;
pub mod store;
pub mod subscription;
pub mod testing;
pub mod types;

pub use error::{ProjectionError, StoreError};
pub use projection::{BatchOutcome, Projector, Reads, ReplayReport, TransactionalProjection, project_batch, replay, run_projector};
pub use store::{Backend, EventStore, StoreOptions, redact_url};
pub use subscription::Subscription;
pub use types::{Appended, Cursor, ExpectedVersion, Metadata, NewEvent, RecordedEvent};

/// The database connection projections write their read models through.
pub type Conn = sqlx::AnyConnection;
