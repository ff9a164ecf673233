//! Appends to many streams in one transaction (group commit: many commands, one transaction).
//!
//! When every stream exists and is expected at an exact version, the whole group is two
//! statements whatever its size, on either backend: the version checks as one set operation (an
//! update of every stream whose version is still the expected one), then the events of the streams
//! that passed as one insert. Their parameters are JSON documents, so the statements' text (and
//! their prepared statements) never change with the group's size.

use std::collections::HashSet;

use sqlx::{AnyConnection, Row};

use super::{Backend, EventStore, appended};
use crate::error::StoreError;
use crate::types::{Appended, ExpectedVersion, NewEvent};

/// One stream's append at an exact version: the stream, the version it is expected at (it exists:
/// above 0), its events.
pub type ExactAppend = (String, i64, Vec<NewEvent>);

impl EventStore {
    /// Appends to several streams in a caller's write transaction, each at its expected version,
    /// and runs the transactional projections once on all the events. A conflict on any stream
    /// fails the whole call; the caller rolls back. Returns one [`Appended`] per stream, in the
    /// order given.
    pub async fn append_batch_in(&self, conn: &mut AnyConnection, appends: Vec<(String, ExpectedVersion, Vec<NewEvent>)>) -> Result<Vec<Appended>, StoreError> {
        if appends.iter().any(|(_, _, events)| events.is_empty()) {
            return Err(StoreError::EmptyAppend);
        }
        let exact = distinct(appends.iter().map(|(s, _, _)| s.as_str())) && appends.iter().all(|(_, e, _)| matches!(e, ExpectedVersion::Exact(v) if *v > 0));
        let appended = if exact {
            let exact: Vec<ExactAppend> = appends
                .into_iter()
                .map(|(s, expected, e)| {
                    let ExpectedVersion::Exact(v) = expected else { unreachable!("checked above") };
                    (s, v, e)
                })
                .collect();
            let keys: Vec<(String, i64)> = exact.iter().map(|(s, v, _)| (s.clone(), *v)).collect();
            let mut appended = Vec::with_capacity(exact.len());
            for ((stream_id, v), outcome) in keys.into_iter().zip(self.insert_exact(conn, exact).await?) {
                match outcome {
                    Some(a) => appended.push(a),
                    None => {
                        let actual = self.version_in(conn, &stream_id).await?;
                        return Err(StoreError::VersionConflict { stream: stream_id, expected: ExpectedVersion::Exact(v), actual });
                    }
                }
            }
            appended
        } else {
            let mut appended = Vec::with_capacity(appends.len());
            for (stream_id, expected, events) in appends {
                appended.push(self.insert_in(conn, &stream_id, expected, events).await?);
            }
            appended
        };
        let recorded: Vec<_> = appended.iter().flat_map(|a| a.events.iter().cloned()).collect();
        self.project_in(conn, &recorded).await?;
        Ok(appended)
    }

    /// Appends to several existing streams, each at an exact version, in a caller's write
    /// transaction, and runs the transactional projections once on what was written. A stream
    /// whose version moved is left out (`None`: none of its events were written) and the others
    /// are written all the same, so one stale command does not send a whole group back to be
    /// written one by one. One outcome per stream, in the order given.
    pub async fn append_exact_in(&self, conn: &mut AnyConnection, appends: Vec<ExactAppend>) -> Result<Vec<Option<Appended>>, StoreError> {
        if appends.iter().any(|(_, _, events)| events.is_empty()) {
            return Err(StoreError::EmptyAppend);
        }
        assert!(
            distinct(appends.iter().map(|(s, _, _)| s.as_str())) && appends.iter().all(|(_, v, _)| *v > 0),
            "append_exact_in takes existing streams, each once"
        );
        let outcomes = self.insert_exact(conn, appends).await?;
        let recorded: Vec<_> = outcomes.iter().flatten().flat_map(|a| a.events.iter().cloned()).collect();
        if !recorded.is_empty() {
            self.project_in(conn, &recorded).await?;
        }
        Ok(outcomes)
    }

    /// The two statements of an exact group, on this store's backend, without projecting.
    async fn insert_exact(&self, conn: &mut AnyConnection, appends: Vec<ExactAppend>) -> Result<Vec<Option<Appended>>, StoreError> {
        if appends.is_empty() {
            return Ok(Vec::new());
        }
        let recorded_at = chrono::Utc::now().timestamp_millis();
        let guards: Vec<serde_json::Value> =
            appends.iter().map(|(stream_id, v, events)| serde_json::json!({ "stream_id": stream_id, "old": v, "new": v + events.len() as i64 })).collect();
        let pg = self.backend() == Backend::Postgres;
        let rows = |written: &dyn Fn(&str) -> bool| {
            let mut rows = Vec::new();
            for (stream_id, v, events) in appends.iter().filter(|(s, _, _)| written(s)) {
                for (i, e) in events.iter().enumerate() {
                    // SQLite keeps the payload's text as it is given; PostgreSQL stores jsonb.
                    let (data, metadata) = if pg {
                        (e.data.clone(), serde_json::to_value(&e.metadata).expect("metadata serialises"))
                    } else {
                        (e.data.to_string().into(), serde_json::to_string(&e.metadata).expect("metadata serialises").into())
                    };
                    rows.push(serde_json::json!({
                        "stream_id": stream_id,
                        "version": v + 1 + i as i64,
                        "event_id": e.event_id,
                        "event_type": e.event_type,
                        "schema_version": e.schema_version,
                        "data": data,
                        "metadata": metadata,
                        "ord": rows.len(),
                    }));
                }
            }
            serde_json::Value::Array(rows).to_string()
        };
        let guards = serde_json::Value::Array(guards).to_string();
        if !pg {
            // SQLite hands each row back to the async side as a message of its own: the group
            // returns none (decision 0048). The streams that moved (usually none) are found first,
            // then the others' versions move on together (the update passes over the moved ones);
            // the inserted rows' positions follow from the last one, as the single writer numbers
            // one statement's rows consecutively, in the order given.
            let moved: HashSet<String> = sqlx::query(
                "select g.value ->> 'stream_id' from json_each(?) as g left join streams s on s.stream_id = g.value ->> 'stream_id' \
                 where s.version is null or s.version <> g.value ->> 'old'",
            )
            .bind(&guards)
            .fetch_all(&mut *conn)
            .await?
            .iter()
            .map(|r| r.try_get::<String, _>(0))
            .collect::<Result<_, _>>()?;
            if moved.len() == appends.len() {
                return Ok(appends.iter().map(|_| None).collect());
            }
            sqlx::query(
                "update streams set version = g.new from (select value ->> 'stream_id' as stream_id, value ->> 'old' as old, \
                 value ->> 'new' as new from json_each(?)) as g where streams.stream_id = g.stream_id and streams.version = g.old",
            )
            .bind(guards)
            .execute(&mut *conn)
            .await?;
            // Plain `?`, bound in order of appearance (see `Backend::values`).
            let rows = rows(&|s| !moved.contains(s));
            let done = sqlx::query(
                "insert into events (stream_id, version, event_id, event_type, schema_version, data, metadata, recorded_at) \
                 select value ->> 'stream_id', value ->> 'version', value ->> 'event_id', value ->> 'event_type', \
                 value ->> 'schema_version', value ->> 'data', value ->> 'metadata', ? from json_each(?) order by key",
            )
            .bind(recorded_at)
            .bind(rows)
            .execute(&mut *conn)
            .await?;
            let last: i64 = sqlx::query_scalar("select last_insert_rowid()").fetch_one(&mut *conn).await?;
            let count = done.rows_affected() as i64;
            let mut positions = (last - count + 1..=last).map(|p| (p, 0));
            return Ok(appends
                .into_iter()
                .map(|(stream_id, v, events)| (!moved.contains(&stream_id)).then(|| appended(&stream_id, v + 1, events, &mut positions, recorded_at)))
                .collect());
        }
        // PostgreSQL: one statement, the guard's update and the insert of the streams it let through.
        let inserted = sqlx::query(
            "with g as (select * from jsonb_to_recordset($2::text::jsonb) as g (stream_id text, old bigint, new bigint)), \
             guard as (update streams s set version = g.new from g where s.stream_id = any(array(select stream_id from g)) \
             and s.stream_id = g.stream_id and s.version = g.old returning s.stream_id) \
             insert into events (stream_id, version, event_id, event_type, schema_version, data, metadata, recorded_at) \
             select n.stream_id, n.version, n.event_id, n.event_type, n.schema_version, n.data, n.metadata, $3 \
             from jsonb_to_recordset($1::text::jsonb) as n (stream_id text, version bigint, event_id uuid, event_type text, \
             schema_version bigint, data jsonb, metadata jsonb, ord bigint) \
             where n.stream_id in (select stream_id from guard) order by n.ord \
             returning global_position, tx_id::text::bigint, stream_id",
        )
        .bind(rows(&|_| true))
        .bind(guards)
        .bind(recorded_at)
        .fetch_all(&mut *conn)
        .await?;
        let written = inserted.iter().map(|r| r.try_get::<String, _>(2)).collect::<Result<HashSet<_>, _>>()?;
        let mut positions: Vec<(i64, i64)> = inserted.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).collect::<Result<_, sqlx::Error>>()?;
        positions.sort_unstable();
        let mut positions = positions.into_iter();
        Ok(appends
            .into_iter()
            .map(|(stream_id, v, events)| written.contains(&stream_id).then(|| appended(&stream_id, v + 1, events, &mut positions, recorded_at)))
            .collect())
    }
}

fn distinct<'a>(streams: impl Iterator<Item = &'a str>) -> bool {
    let mut seen = HashSet::new();
    streams.into_iter().all(|s| seen.insert(s))
}
