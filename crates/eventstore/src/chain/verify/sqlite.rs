//! A part of the chain checked on SQLite: SQLite's own connection on a thread of its own, each row
//! read where it is stepped to and its text hashed in place (sqlx's driver hands every row from
//! its thread to the caller's, a lock and a wake-up per event: most of the time of a walk).

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, OptionalExtension};

use super::{Anchor, Read, START, STORED_START, Walked, range_sql};
use crate::chain::{hash_columns, unhex};
use crate::store::Backend;

/// Checks the links after `after` up to `until` of the SQLite log at `path`, from `start` or else
/// the stored link before them.
pub(super) fn walk_part(path: &Path, after: i64, until: i64, start: Option<Anchor>) -> rusqlite::Result<Walked> {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
    conn.busy_timeout(Duration::from_secs(10))?;
    conn.execute_batch("pragma cache_size = -32768; pragma mmap_size = 268435456;")?;
    let mut previous = match start {
        Some(start) => start,
        None => conn
            .query_row(STORED_START, [after], |row| {
                Ok(Anchor { seq: row.get(0)?, position: row.get(1)?, tx_id: row.get(2)?, hash: unhex(row.get_ref(3)?.as_str()?) })
            })
            .optional()?
            .unwrap_or(START),
    };
    let mut walked = Walked::default();
    let mut statement = conn.prepare(&range_sql(Backend::Sqlite))?;
    let mut rows = statement.query([after, until])?;
    while let Some(row) = rows.next()? {
        let text = |i: usize| row.get_ref(i).and_then(|v| Ok(v.as_bytes()?));
        let read = Read {
            seq: row.get(0)?,
            position: row.get(1)?,
            stored_event: unhex(row.get_ref(2)?.as_str()?),
            stored_chain: unhex(row.get_ref(3)?.as_str()?),
            event: match row.get::<_, Option<i64>>(4)? {
                None => None,
                Some(_) => Some((row.get(5)?, hash_columns([row.get(7)?, row.get(10)?, row.get(13)?], [text(6)?, text(8)?, text(9)?, text(11)?, text(12)?]))),
            },
            previous_position: row.get(14)?,
        };
        if !walked.step(&mut previous, read) {
            break;
        }
    }
    Ok(walked)
}
