//! The store: append with an expected version, read a stream, read all from a cursor.
//!
//! One interface over SQLite and PostgreSQL through sqlx's `Any` driver. Where the dialects differ
//! (casts, locking, the commit-order filter) the statement is chosen by [`Backend`].
//!
//! Wake-ups: every commit on this process bumps a `watch` counter; on PostgreSQL a background task
//! also sends a `NOTIFY` after the commit (at most one every few milliseconds, a hint only) and
//! another listens, so readers on other nodes wake too. Readers poll as a fallback.

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::{Arc, Once};
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions, AnyRow};
use sqlx::{AnyConnection, AnyPool, AssertSqlSafe, Connection, Row};
use tokio::sync::{Notify, watch};
use tokio_util::sync::CancellationToken;

use crate::error::StoreError;
use crate::projection::TransactionalProjection;
use crate::subscription::Subscription;
use crate::types::{Appended, Cursor, ExpectedVersion, Metadata, NewEvent, RecordedEvent, stream_type};

mod batch;
mod priority;

pub use priority::Urgent;

const NOTIFY_CHANNEL: &str = "quizroom_events";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn from_url(url: &str) -> Result<Backend, StoreError> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else {
            Err(StoreError::UnsupportedUrl(redact_url(url)))
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }

    /// The backend a connection talks to.
    pub fn of(conn: &AnyConnection) -> Backend {
        if conn.backend_name() == "PostgreSQL" { Backend::Postgres } else { Backend::Sqlite }
    }

    /// The placeholders of a multi-row `values` list, `rows` rows of `columns`, bound in order:
    /// `($1, $2), ($3, $4)` on PostgreSQL, `(?, ?), (?, ?)` on SQLite. The statement must have
    /// no other placeholders. SQLite's driver looks every `$n` up by its name, through the
    /// statement's list of names, so binding a statement of n named values took n²/2 steps: a
    /// 500-row insert spent more time binding than inserting. Plain `?` are bound by position.
    pub fn values(self, rows: usize, columns: usize) -> String {
        let row = |i: usize| match self {
            Backend::Postgres => format!("({})", (1..=columns).map(|c| format!("${}", i * columns + c)).collect::<Vec<_>>().join(", ")),
            Backend::Sqlite => format!("({})", vec!["?"; columns].join(", ")),
        };
        (0..rows).map(row).collect::<Vec<_>>().join(", ")
    }
}

/// The URL with any password replaced by `***`, fit for messages and logs.
pub fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_owned() };
    let (authority, path) = rest.split_once('/').map_or((rest, ""), |(a, p)| (a, p));
    let Some((userinfo, host)) = authority.rsplit_once('@') else { return url.to_owned() };
    let user = userinfo.split_once(':').map_or(userinfo, |(u, _)| u);
    let masked = if userinfo.contains(':') { format!("{user}:***") } else { user.to_owned() };
    let slash = if rest.contains('/') { "/" } else { "" };
    format!("{scheme}://{masked}@{host}{slash}{path}")
}

/// How a store is opened.
#[derive(Clone, Default)]
pub struct StoreOptions {
    /// Run inside every append's transaction, in this order.
    pub projections: Vec<Arc<dyn TransactionalProjection>>,
    /// Most reader connections (default 8 on PostgreSQL, 4 on SQLite).
    pub max_connections: Option<u32>,
}

/// A handle on the event log; cheap to clone.
#[derive(Clone)]
pub struct EventStore {
    inner: Arc<Inner>,
}

struct Inner {
    backend: Backend,
    url: String,
    /// Readers. On PostgreSQL also the writers.
    pool: AnyPool,
    /// On SQLite the single writer connection: writes are serialised, so position order is
    /// commit order. On PostgreSQL the same pool as `pool`.
    writer: AnyPool,
    projections: Vec<Arc<dyn TransactionalProjection>>,
    /// Bumped after every commit seen by this process (own appends, or NOTIFY from other nodes).
    wake: watch::Sender<u64>,
    /// Asks the notifier task to send a NOTIFY (PostgreSQL only).
    notify_hint: Notify,
    /// Stops the background tasks when the last handle is closed.
    background: CancellationToken,
    /// Writes someone is waiting on, which background writers let go first (`priority`).
    urgent: priority::Urgency,
}

impl Drop for Inner {
    fn drop(&mut self) {
        self.background.cancel();
    }
}

fn install_drivers() {
    static ONCE: Once = Once::new();
    ONCE.call_once(sqlx::any::install_default_drivers);
}

impl EventStore {
    /// Connects and runs the migrations. `url` is `postgres://…` or `sqlite:path`.
    pub async fn connect(url: &str, options: StoreOptions) -> Result<EventStore, StoreError> {
        install_drivers();
        let backend = Backend::from_url(url)?;
        let url = &loopback_without_tls(url);
        let mut checkpoint = None;
        let (pool, writer) = match backend {
            Backend::Postgres => {
                // One direct connection first: it fails at once with the real cause (refused,
                // unknown host, bad password), where the pool would only report a timeout.
                sqlx::AnyConnection::connect(url).await?.close().await?;
                // No ping before each use (a round trip per query, 15% of a busy server's time): a
                // connection the server dropped fails its next query, which the pool then replaces.
                let pool = AnyPoolOptions::new()
                    .max_connections(options.max_connections.unwrap_or(8))
                    .test_before_acquire(false)
                    .acquire_timeout(Duration::from_secs(10))
                    .connect(url)
                    .await?;
                (pool.clone(), pool)
            }
            Backend::Sqlite => {
                let opts = AnyConnectOptions::from_str(&sqlite_url(url))?;
                let writer = AnyPoolOptions::new()
                    .max_connections(1)
                    .acquire_timeout(Duration::from_secs(30))
                    .after_connect(|conn, _| Box::pin(sqlite_pragmas(conn)))
                    .connect_with(opts.clone())
                    .await?;
                sqlx::raw_sql("pragma journal_mode = wal").execute(&writer).await?;
                let pool = AnyPoolOptions::new()
                    .max_connections(options.max_connections.unwrap_or(4))
                    .after_connect(|conn, _| Box::pin(sqlite_pragmas(conn)))
                    .connect_with(opts.clone())
                    .await?;
                checkpoint = Some(opts);
                (pool, writer)
            }
        };
        let store = EventStore {
            inner: Arc::new(Inner {
                backend,
                url: url.to_owned(),
                pool,
                writer,
                projections: options.projections,
                wake: watch::Sender::new(0),
                notify_hint: Notify::new(),
                background: CancellationToken::new(),
                urgent: priority::Urgency::default(),
            }),
        };
        if let Some(opts) = checkpoint {
            crate::checkpoint::spawn(opts, store.inner.writer.clone(), store.inner.background.clone());
        }
        store.migrate().await?;
        if backend == Backend::Postgres {
            store.spawn_pg_wakeups().await?;
        }
        Ok(store)
    }

    /// Applies the migrations of this backend (idempotent).
    pub async fn migrate(&self) -> Result<(), StoreError> {
        let migrator = match self.inner.backend {
            Backend::Sqlite => sqlx::migrate!("../../migrations/sqlite"),
            Backend::Postgres => sqlx::migrate!("../../migrations/postgres"),
        };
        migrator.run(&self.inner.writer).await.map_err(|e| StoreError::Database(e.into()))
    }

    pub fn backend(&self) -> Backend {
        self.inner.backend
    }

    /// The database's URL (for connections of the backend's own driver).
    pub(crate) fn url(&self) -> &str {
        &self.inner.url
    }

    /// The pool read models are queried through.
    pub fn pool(&self) -> &AnyPool {
        &self.inner.pool
    }

    pub(crate) fn projections(&self) -> &[Arc<dyn TransactionalProjection>] {
        &self.inner.projections
    }

    /// Closes the connections and stops the background tasks.
    pub async fn close(&self) {
        self.inner.background.cancel();
        self.inner.pool.close().await;
        self.inner.writer.close().await;
    }

    /// A receiver that changes whenever new events may be readable.
    pub fn wakeups(&self) -> watch::Receiver<u64> {
        self.inner.wake.subscribe()
    }

    /// How long a reader waits for a wake-up before it looks again anyway.
    pub(crate) fn poll_interval(&self) -> Duration {
        match self.inner.backend {
            // Other nodes' commits arrive by NOTIFY; the poll covers a lost notification and
            // events held back by an older transaction that was still running.
            Backend::Postgres => Duration::from_millis(100),
            Backend::Sqlite => Duration::from_millis(500),
        }
    }

    /// Begins a write transaction: on SQLite `BEGIN IMMEDIATE` on the single writer connection.
    pub async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>, StoreError> {
        Ok(match self.inner.backend {
            Backend::Sqlite => self.inner.writer.begin_with("begin immediate").await?,
            Backend::Postgres => self.inner.writer.begin().await?,
        })
    }

    /// Appends `events` to `stream_id` if the stream is at `expected`, runs the transactional
    /// projections in the same transaction, and commits.
    pub async fn append(&self, stream_id: &str, expected: ExpectedVersion, events: Vec<NewEvent>) -> Result<Appended, StoreError> {
        if events.is_empty() {
            return Err(StoreError::EmptyAppend);
        }
        let mut tx = self.begin_write().await?;
        let appended = self.append_in(&mut tx, stream_id, expected, events).await?;
        tx.commit().await?;
        self.committed();
        Ok(appended)
    }

    /// The body of [`append`](Self::append) inside a caller's write transaction (from
    /// [`begin_write`](Self::begin_write)), for a command that appends to several streams at
    /// once. The caller commits and then calls [`committed`](Self::committed).
    pub async fn append_in(&self, conn: &mut AnyConnection, stream_id: &str, expected: ExpectedVersion, events: Vec<NewEvent>) -> Result<Appended, StoreError> {
        let appended = self.insert_in(conn, stream_id, expected, events).await?;
        self.project_in(conn, &appended.events).await?;
        Ok(appended)
    }

    /// Inserts the events of [`append_in`](Self::append_in) without projecting them.
    pub(super) async fn insert_in(
        &self,
        conn: &mut AnyConnection,
        stream_id: &str,
        expected: ExpectedVersion,
        events: Vec<NewEvent>,
    ) -> Result<Appended, StoreError> {
        if events.is_empty() {
            return Err(StoreError::EmptyAppend);
        }
        let n = events.len() as i64;
        let conflict = |actual| StoreError::VersionConflict { stream: stream_id.to_owned(), expected, actual };
        let pg = self.inner.backend == Backend::Postgres;
        // On PostgreSQL an exact version is checked in the statement that inserts the events (one
        // round trip): the update of the stream's version guards the insert.
        let guard = match expected {
            ExpectedVersion::Exact(v) if v > 0 && pg => Some(v),
            _ => None,
        };
        // Elsewhere the version check comes before any position is drawn.
        let first = match expected {
            ExpectedVersion::Exact(v) if guard.is_some() => v + 1,
            ExpectedVersion::NoStream | ExpectedVersion::Exact(0) => {
                let inserted = sqlx::query(
                    "insert into streams (stream_id, stream_type, version) values ($1, $2, $3) \
                     on conflict (stream_id) do nothing returning version",
                )
                .bind(stream_id)
                .bind(stream_type(stream_id))
                .bind(n)
                .fetch_optional(&mut *conn)
                .await?;
                if inserted.is_none() {
                    return Err(conflict(self.version_in(conn, stream_id).await?));
                }
                1
            }
            ExpectedVersion::Exact(v) => {
                let updated = sqlx::query("update streams set version = $1 where stream_id = $2 and version = $3")
                    .bind(v + n)
                    .bind(stream_id)
                    .bind(v)
                    .execute(&mut *conn)
                    .await?;
                if updated.rows_affected() == 0 {
                    return Err(conflict(self.version_in(conn, stream_id).await?));
                }
                v + 1
            }
            ExpectedVersion::Any => {
                let row = sqlx::query(
                    "insert into streams (stream_id, stream_type, version) values ($1, $2, $3) \
                     on conflict (stream_id) do update set version = streams.version + excluded.version \
                     returning version",
                )
                .bind(stream_id)
                .bind(stream_type(stream_id))
                .bind(n)
                .fetch_one(&mut *conn)
                .await?;
                row.try_get::<i64, _>(0)? - n + 1
            }
        };

        let recorded_at = chrono::Utc::now().timestamp_millis();
        let columns = "stream_id, version, event_id, event_type, schema_version, data, metadata, recorded_at";
        let mut sql = match guard {
            Some(_) => {
                let b = events.len() * 8;
                format!(
                    "with guard as (update streams set version = ${} where stream_id = ${} and version = ${} returning 1) \
                     insert into events ({columns}) select * from (values ",
                    b + 1,
                    b + 2,
                    b + 3
                )
            }
            None => format!("insert into events ({columns}) values "),
        };
        for i in 0..events.len() {
            let b = i * 8;
            if i > 0 {
                sql.push(',');
            }
            sql.push_str(&if pg {
                format!(
                    "(${}::text, ${}::bigint, ${}::uuid, ${}::text, ${}::bigint, ${}::jsonb, ${}::jsonb, ${}::bigint)",
                    b + 1,
                    b + 2,
                    b + 3,
                    b + 4,
                    b + 5,
                    b + 6,
                    b + 7,
                    b + 8
                )
            } else {
                // Plain `?`: see `Backend::values`.
                "(?, ?, ?, ?, ?, ?, ?, ?)".to_owned()
            });
        }
        if guard.is_some() {
            sql.push_str(&format!(") as new ({columns}) where exists (select 1 from guard)"));
        }
        sql.push_str(if pg { " returning global_position, tx_id::text::bigint" } else { " returning global_position, 0" });
        let mut query = sqlx::query(AssertSqlSafe(sql));
        let mut texts = Vec::with_capacity(events.len());
        for (i, e) in events.iter().enumerate() {
            let metadata = serde_json::to_string(&e.metadata).expect("metadata serialises");
            texts.push((e.data.to_string(), metadata));
            query = query
                .bind(stream_id)
                .bind(first + i as i64)
                .bind(e.event_id.to_string())
                .bind(e.event_type.clone())
                .bind(e.schema_version)
                .bind(texts[i].0.clone())
                .bind(texts[i].1.clone())
                .bind(recorded_at);
        }
        if let Some(v) = guard {
            query = query.bind(v + n).bind(stream_id).bind(v);
        }
        let mut rows: Vec<(i64, i64)> =
            query.fetch_all(&mut *conn).await?.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).collect::<Result<_, sqlx::Error>>()?;
        if rows.is_empty() {
            return Err(conflict(self.version_in(conn, stream_id).await?));
        }
        rows.sort_unstable();

        Ok(appended(stream_id, first, events, &mut rows.into_iter(), recorded_at))
    }

    /// Runs the transactional projections on events just inserted in `conn`'s transaction.
    pub(super) async fn project_in(&self, conn: &mut AnyConnection, recorded: &[RecordedEvent]) -> Result<(), StoreError> {
        for p in self.projections() {
            p.apply(conn, recorded).await.map_err(|source| StoreError::Projection { projection: p.name().to_owned(), source })?;
        }
        Ok(())
    }

    /// Tells readers that a write transaction committed.
    pub fn committed(&self) {
        self.inner.wake.send_modify(|n| *n = n.wrapping_add(1));
        if self.inner.backend == Backend::Postgres {
            self.inner.notify_hint.notify_one();
        }
    }

    pub(super) async fn version_in(&self, conn: &mut AnyConnection, stream_id: &str) -> Result<i64, StoreError> {
        let row = sqlx::query("select version from streams where stream_id = $1").bind(stream_id).fetch_optional(&mut *conn).await?;
        Ok(match row {
            Some(r) => r.try_get(0)?,
            None => 0,
        })
    }

    /// The stream's current version; 0 when it does not exist.
    pub async fn stream_version(&self, stream_id: &str) -> Result<i64, StoreError> {
        let mut conn = self.inner.pool.acquire().await?;
        self.version_in(&mut conn, stream_id).await
    }

    /// The events of one stream from `from_version` on, in version order.
    pub async fn read_stream(&self, stream_id: &str, from_version: i64) -> Result<Vec<RecordedEvent>, StoreError> {
        let mut conn = self.inner.pool.acquire().await?;
        self.read_stream_in(&mut conn, stream_id, from_version).await
    }

    /// [`read_stream`](Self::read_stream) on a given connection (inside a command's transaction,
    /// so a command never needs a second connection while it holds one).
    pub async fn read_stream_in(&self, conn: &mut AnyConnection, stream_id: &str, from_version: i64) -> Result<Vec<RecordedEvent>, StoreError> {
        let sql = format!("{} where stream_id = $1 and version >= $2 order by version", self.select_events());
        let rows = sqlx::query(AssertSqlSafe(sql)).bind(stream_id).bind(from_version).fetch_all(&mut *conn).await?;
        rows.iter().map(decode_row).collect()
    }

    /// The whole of several streams on a given connection, in one statement on PostgreSQL: one
    /// list of events per (distinct) stream id given, in version order (empty for a stream that
    /// does not exist).
    pub async fn read_streams_in(&self, conn: &mut AnyConnection, stream_ids: &[&str]) -> Result<Vec<Vec<RecordedEvent>>, StoreError> {
        if self.inner.backend != Backend::Postgres {
            let mut streams = Vec::with_capacity(stream_ids.len());
            for stream_id in stream_ids {
                streams.push(self.read_stream_in(conn, stream_id, 1).await?);
            }
            return Ok(streams);
        }
        let sql =
            format!("{} where stream_id = any(array(select jsonb_array_elements_text($1::text::jsonb))) order by stream_id, version", self.select_events());
        let ids = serde_json::Value::from(stream_ids.to_vec()).to_string();
        let mut by_stream: HashMap<String, Vec<RecordedEvent>> = HashMap::new();
        for row in sqlx::query(AssertSqlSafe(sql)).bind(ids).fetch_all(&mut *conn).await? {
            let event = decode_row(&row)?;
            by_stream.entry(event.stream_id.clone()).or_default().push(event);
        }
        Ok(stream_ids.iter().map(|id| by_stream.remove(*id).unwrap_or_default()).collect())
    }

    /// Up to `limit` committed events after `after`, in commit order. On PostgreSQL only events of
    /// transactions older than every transaction still running are returned, so an event that
    /// commits later can never land behind a cursor that has already moved past it.
    pub async fn read_all(&self, after: Cursor, limit: i64) -> Result<Vec<RecordedEvent>, StoreError> {
        let mut conn = self.inner.pool.acquire().await?;
        self.read_all_in(&mut conn, after, limit).await
    }

    /// [`read_all`](Self::read_all) on a given connection (inside a projector's transaction).
    pub async fn read_all_in(&self, conn: &mut AnyConnection, after: Cursor, limit: i64) -> Result<Vec<RecordedEvent>, StoreError> {
        self.read_all_rows_in(conn, after, limit).await?.iter().map(decode_row).collect()
    }

    /// Every event `conn`'s transaction sees after `after`, in commit order, holding none back:
    /// for [`replay`](crate::replay), which runs with the writers stopped. (A transaction still
    /// running in another database of the cluster would otherwise hide the newest events from it.)
    pub async fn read_all_visible_in(&self, conn: &mut AnyConnection, after: Cursor, limit: i64) -> Result<Vec<RecordedEvent>, StoreError> {
        match self.inner.backend {
            Backend::Sqlite => self.read_all_in(conn, after, limit).await,
            Backend::Postgres => {
                let sql = format!("{} where (tx_id, global_position) > ($1::text::xid8, $2) order by tx_id, global_position limit $3", self.select_events());
                let rows = sqlx::query(AssertSqlSafe(sql)).bind(after.tx_id).bind(after.position).bind(limit).fetch_all(&mut *conn).await?;
                rows.iter().map(decode_row).collect()
            }
        }
    }

    /// The rows of [`read_all_in`](Self::read_all_in) as stored, undecoded (columns as in
    /// [`select_events`](Self::select_events)): what the chain hashes.
    pub(crate) async fn read_all_rows_in(&self, conn: &mut AnyConnection, after: Cursor, limit: i64) -> Result<Vec<AnyRow>, StoreError> {
        self.read_rows_in(conn, self.select_events(), after, limit).await
    }

    /// [`read_all_in`](Self::read_all_in) with each event's payload and metadata left out (`data`
    /// is `null`): for readers of where events sit, not what they say.
    pub async fn read_headers_in(&self, conn: &mut AnyConnection, after: Cursor, limit: i64) -> Result<Vec<RecordedEvent>, StoreError> {
        let select = match self.inner.backend {
            Backend::Sqlite => {
                "select global_position, 0 as tx, stream_id, version, event_id, event_type, schema_version, \
                 'null', '{}', recorded_at from events"
            }
            Backend::Postgres => {
                "select global_position, tx_id::text::bigint as tx, stream_id, version, event_id::text, event_type, \
                 schema_version, 'null', '{}', recorded_at from events"
            }
        };
        self.read_rows_in(conn, select, after, limit).await?.iter().map(decode_row).collect()
    }

    async fn read_rows_in(&self, conn: &mut AnyConnection, select: &str, after: Cursor, limit: i64) -> Result<Vec<AnyRow>, StoreError> {
        Ok(match self.inner.backend {
            Backend::Sqlite => {
                let sql = format!("{select} where global_position > $1 order by global_position limit $2");
                sqlx::query(AssertSqlSafe(sql)).bind(after.position).bind(limit).fetch_all(&mut *conn).await?
            }
            Backend::Postgres => {
                let sql = format!(
                    "{select} where (tx_id, global_position) > ($1::text::xid8, $2) \
                     and tx_id < pg_snapshot_xmin(pg_current_snapshot()) \
                     order by tx_id, global_position limit $3"
                );
                sqlx::query(AssertSqlSafe(sql)).bind(after.tx_id).bind(after.position).bind(limit).fetch_all(&mut *conn).await?
            }
        })
    }

    /// The cursor of the last of the next (at most) `limit` events [`read_all_in`](Self::read_all_in)
    /// would read, and how many there are; `None` when there are none. Reads only the log's keys.
    pub async fn window_end_in(&self, conn: &mut AnyConnection, after: Cursor, limit: i64) -> Result<Option<(Cursor, usize)>, StoreError> {
        let window = match self.inner.backend {
            Backend::Sqlite => {
                "select 0 as tx, global_position as position from events where global_position > $1 \
                 order by global_position limit $2"
            }
            Backend::Postgres => {
                "select tx_id::text::bigint as tx, global_position as position from events \
                 where (tx_id, global_position) > ($1::text::xid8, $2) and tx_id < pg_snapshot_xmin(pg_current_snapshot()) \
                 order by tx_id, global_position limit $3"
            }
        };
        let sql = format!("select tx, position, count(*) over () from ({window}) w order by tx desc, position desc limit 1");
        let query = sqlx::query(AssertSqlSafe(sql));
        let query = match self.inner.backend {
            Backend::Sqlite => query.bind(after.position),
            Backend::Postgres => query.bind(after.tx_id).bind(after.position),
        };
        let Some(row) = query.bind(limit).fetch_optional(&mut *conn).await? else {
            return Ok(None);
        };
        let count: i64 = row.try_get(2)?;
        Ok(Some((Cursor { tx_id: row.try_get(0)?, position: row.try_get(1)? }, count as usize)))
    }

    /// The events after `after` up to and including `end`, in commit order, of streams of the
    /// given types (`{type}-{id}`); the others are passed over in the database.
    pub async fn read_streams_between_in(
        &self,
        conn: &mut AnyConnection,
        after: Cursor,
        end: Cursor,
        types: &[&'static str],
    ) -> Result<Vec<RecordedEvent>, StoreError> {
        assert!(types.iter().all(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')), "stream types are plain names");
        let names = types.iter().map(|t| format!("'{t}'")).collect::<Vec<_>>().join(", ");
        let select = self.select_events();
        let sql = match self.inner.backend {
            Backend::Sqlite => format!(
                "{select} where global_position > $1 and global_position <= $2 \
                 and substr(stream_id, 1, instr(stream_id, '-') - 1) in ({names}) order by global_position"
            ),
            Backend::Postgres => format!(
                "{select} where (tx_id, global_position) > ($1::text::xid8, $2) and (tx_id, global_position) <= ($3::text::xid8, $4) \
                 and split_part(stream_id, '-', 1) in ({names}) order by tx_id, global_position"
            ),
        };
        let query = sqlx::query(AssertSqlSafe(sql));
        let query = match self.inner.backend {
            Backend::Sqlite => query.bind(after.position).bind(end.position),
            Backend::Postgres => query.bind(after.tx_id).bind(after.position).bind(end.tx_id).bind(end.position),
        };
        query.fetch_all(&mut *conn).await?.iter().map(decode_row).collect()
    }

    /// The columns every read of events selects, in [`decode_row`]'s order: position, tx id,
    /// stream, version, event id, type, schema version, data, metadata, recorded at (the JSON and
    /// the ids as text).
    pub(crate) fn select_events(&self) -> &'static str {
        match self.inner.backend {
            Backend::Sqlite => {
                "select global_position, 0 as tx, stream_id, version, event_id, event_type, schema_version, \
                 data, metadata, recorded_at from events"
            }
            Backend::Postgres => {
                "select global_position, tx_id::text::bigint as tx, stream_id, version, event_id::text, event_type, \
                 schema_version, data::text, metadata::text, recorded_at from events"
            }
        }
    }

    /// The highest position in the log (0 when empty).
    pub async fn head(&self) -> Result<i64, StoreError> {
        let row = sqlx::query("select coalesce(max(global_position), 0) from events").fetch_one(&self.inner.pool).await?;
        Ok(row.try_get(0)?)
    }

    /// The cursor of the newest event readable in commit order: a live follower starting there
    /// sees every event committed after it (on PostgreSQL, also those of transactions still
    /// running now, whose ids are above every id below the snapshot's xmin).
    pub async fn head_cursor(&self) -> Result<Cursor, StoreError> {
        let sql = match self.inner.backend {
            Backend::Sqlite => "select 0, coalesce(max(global_position), 0) from events",
            Backend::Postgres => {
                "select tx_id::text::bigint, global_position from events \
                 where tx_id < pg_snapshot_xmin(pg_current_snapshot()) order by tx_id desc, global_position desc limit 1"
            }
        };
        let row = sqlx::query(sql).fetch_optional(&self.inner.pool).await?;
        Ok(match row {
            Some(r) => Cursor { tx_id: r.try_get(0)?, position: r.try_get(1)? },
            None => Cursor::START,
        })
    }

    /// How many events the log holds.
    pub async fn count(&self) -> Result<i64, StoreError> {
        let row = sqlx::query("select count(*) from events").fetch_one(&self.inner.pool).await?;
        Ok(row.try_get(0)?)
    }

    /// Catch up from `after`, then follow live until `shutdown` is cancelled.
    pub fn subscribe(&self, after: Cursor, shutdown: CancellationToken) -> Subscription {
        Subscription::new(self.clone(), after, shutdown)
    }

    /// On PostgreSQL: a task that sends throttled NOTIFY hints after commits, and one that turns
    /// other nodes' hints into local wake-ups.
    async fn spawn_pg_wakeups(&self) -> Result<(), StoreError> {
        let mut listener = sqlx::postgres::PgListener::connect(&self.inner.url).await?;
        listener.listen(NOTIFY_CHANNEL).await?;
        let weak = Arc::downgrade(&self.inner);
        let stop = self.inner.background.clone();
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = stop.cancelled() => break,
                    received = listener.try_recv() => {
                        let Some(inner) = weak.upgrade() else { break };
                        // Err or None: the connection was lost and is re-established on the next
                        // call; wake readers anyway, since a hint may have been missed.
                        if let Err(e) = received {
                            tracing::warn!(error = %e, "event notification listener failed; retrying");
                            tokio::time::sleep(Duration::from_secs(1)).await;
                        }
                        inner.wake.send_modify(|n| *n = n.wrapping_add(1));
                    }
                }
            }
        });
        let weak = Arc::downgrade(&self.inner);
        let stop = self.inner.background.clone();
        tokio::spawn(async move {
            loop {
                let Some(inner) = weak.upgrade() else { break };
                tokio::select! {
                    _ = stop.cancelled() => break,
                    _ = inner.notify_hint.notified() => {}
                }
                let pool = inner.pool.clone();
                drop(inner);
                if let Err(e) = sqlx::query("select pg_notify('quizroom_events', '')").execute(&pool).await {
                    tracing::debug!(error = %e, "could not send the new-events hint");
                }
                // At most one hint every few milliseconds; commits in between share it.
                tokio::time::sleep(Duration::from_millis(3)).await;
            }
        });
        Ok(())
    }
}

async fn sqlite_pragmas(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    // synchronous = full: an acknowledged append survives a power cut, not only a crash.
    // wal_autocheckpoint = 0: commits leave checkpoints to their own connection (`checkpoint`).
    // Reads of large read models (a quiz's 10,000 attempts) spent half their time in page reads
    // through system calls with SQLite's 2 MB cache: a 32 MB cache per connection and the file
    // mapped into memory (256 MB at most; reads only, writes still go through the WAL) instead.
    sqlx::raw_sql(
        "pragma busy_timeout = 10000; pragma foreign_keys = on; pragma synchronous = full; pragma wal_autocheckpoint = 0; \
         pragma cache_size = -32768; pragma mmap_size = 268435456",
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A PostgreSQL URL for this machine (127.0.0.0/8, ::1, localhost) with no `sslmode` gets
/// `sslmode=disable`: encrypting a loopback hop protects nothing and costs both sides CPU on every
/// message. Any URL that names an `sslmode` is left as it is.
fn loopback_without_tls(url: &str) -> String {
    if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) || url.contains("sslmode=") {
        return url.to_owned();
    }
    let rest = url.split_once("://").map_or("", |(_, r)| r);
    let authority = rest.split(['/', '?']).next().unwrap_or("");
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = if let Some(v6) = host_port.strip_prefix('[') { v6.split(']').next().unwrap_or("") } else { host_port.split(':').next().unwrap_or("") };
    let loopback = host == "localhost" || host == "::1" || host.starts_with("127.");
    if !loopback {
        return url.to_owned();
    }
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}sslmode=disable")
}

/// `sqlite:path` with `mode=rwc` so a missing file is created.
fn sqlite_url(url: &str) -> String {
    if url.contains("mode=") {
        url.to_owned()
    } else if url.contains('?') {
        format!("{url}&mode=rwc")
    } else {
        format!("{url}?mode=rwc")
    }
}

/// `events` as recorded at versions from `first` on, each with the next (position, tx id).
pub(super) fn appended(stream_id: &str, first: i64, events: Vec<NewEvent>, positions: &mut impl Iterator<Item = (i64, i64)>, recorded_at: i64) -> Appended {
    let events: Vec<RecordedEvent> = events
        .into_iter()
        .enumerate()
        .map(|(i, e)| {
            let (position, tx_id) = positions.next().expect("one position per event");
            RecordedEvent {
                position,
                tx_id,
                stream_id: stream_id.to_owned(),
                version: first + i as i64,
                event_id: e.event_id,
                event_type: e.event_type,
                schema_version: e.schema_version,
                data: e.data,
                metadata: e.metadata,
                recorded_at,
            }
        })
        .collect();
    Appended { version: first + events.len() as i64 - 1, events }
}

fn decode_row(row: &AnyRow) -> Result<RecordedEvent, StoreError> {
    let position: i64 = row.try_get(0)?;
    let corrupt = |message: String| StoreError::Corrupt { position, message };
    let data: String = row.try_get(7)?;
    let metadata: String = row.try_get(8)?;
    let event_id: String = row.try_get(4)?;
    Ok(RecordedEvent {
        position,
        tx_id: row.try_get(1)?,
        stream_id: row.try_get(2)?,
        version: row.try_get(3)?,
        event_id: event_id.parse().map_err(|e| corrupt(format!("event id {event_id:?}: {e}")))?,
        event_type: row.try_get(5)?,
        schema_version: row.try_get(6)?,
        data: serde_json::from_str(&data).map_err(|e| corrupt(format!("payload is not JSON: {e}")))?,
        metadata: serde_json::from_str::<Metadata>(&metadata).map_err(|e| corrupt(format!("metadata is not valid: {e}")))?,
        recorded_at: row.try_get(9)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_lists_number_postgres_placeholders_and_leave_sqlites_positional() {
        assert_eq!(Backend::Postgres.values(2, 3), "($1, $2, $3), ($4, $5, $6)");
        assert_eq!(Backend::Sqlite.values(2, 3), "(?, ?, ?), (?, ?, ?)");
    }

    #[test]
    fn loopback_postgres_urls_skip_tls_unless_they_ask_for_it() {
        assert_eq!(loopback_without_tls("postgres://u@127.0.0.1:5432/db"), "postgres://u@127.0.0.1:5432/db?sslmode=disable");
        assert_eq!(loopback_without_tls("postgres://localhost/db?x=1"), "postgres://localhost/db?x=1&sslmode=disable");
        assert_eq!(loopback_without_tls("postgres://u:p@[::1]:5432/db"), "postgres://u:p@[::1]:5432/db?sslmode=disable");
        assert_eq!(loopback_without_tls("postgres://db.example.com/db"), "postgres://db.example.com/db");
        assert_eq!(loopback_without_tls("postgres://127.0.0.1/db?sslmode=require"), "postgres://127.0.0.1/db?sslmode=require");
        assert_eq!(loopback_without_tls("sqlite:///tmp/x.db"), "sqlite:///tmp/x.db");
    }

    #[test]
    fn redacting_a_url_hides_only_the_password() {
        assert_eq!(redact_url("postgres://u:secret@h:5432/db"), "postgres://u:***@h:5432/db");
        assert_eq!(redact_url("postgres://u@h/db"), "postgres://u@h/db");
        assert_eq!(redact_url("postgres://h/db"), "postgres://h/db");
        assert_eq!(redact_url("sqlite:data/q.db"), "sqlite:data/q.db");
        assert_eq!(redact_url("postgres://u:p@w@h"), "postgres://u:***@h");
    }
}
