//! Reads of the audit trail: a quiz's or a person's entries with their events, page by page.

use quizroom_eventstore::{Backend, EventStore};
use sqlx::{AssertSqlSafe, Row};

/// One entry with its event as stored.
#[derive(Debug, Clone)]
pub struct TrailRow {
    pub position: i64,
    pub quiz_id: Option<i64>,
    pub person_id: Option<String>,
    pub actor_id: Option<String>,
    /// The attempt, game or generation stream, or the stream a charge names.
    pub reference: Option<String>,
    pub kind: String,
    pub event_type: String,
    pub recorded_at: i64,
    pub stream_id: String,
    pub version: i64,
    pub schema_version: i64,
    pub event_id: String,
    /// The payload and metadata as JSON text.
    pub data: String,
    pub metadata: String,
}

/// Whose entries.
#[derive(Debug, Clone, Copy)]
pub enum Subject<'a> {
    Quiz(i64),
    Person(&'a str),
    /// The entries of one attempt (or game, or generation) stream.
    Reference(&'a str),
}

/// Which entries of a subject, in which order.
#[derive(Debug, Clone, Default)]
pub struct Filter<'a> {
    /// Only these kinds (empty: every kind but audit reads).
    pub kinds: &'a [&'a str],
    /// Only these event types (empty: all).
    pub event_types: &'a [&'a str],
    /// Only entries about this person.
    pub person: Option<&'a str>,
    /// Audit reads only by this reader (the others' are left out): what a host sees of their quiz.
    pub audits_by: Option<&'a str>,
    /// Only entries after this position (exclusive).
    pub after: Option<i64>,
    /// Only entries before this position (exclusive).
    pub before: Option<i64>,
    pub newest_first: bool,
    pub limit: i64,
}

fn event_columns(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => "e.stream_id, e.version, e.schema_version, e.event_id, e.data, e.metadata",
        Backend::Postgres => "e.stream_id, e.version, e.schema_version, e.event_id::text, e.data::text, e.metadata::text",
    }
}

/// A statement's text with its parameters, built together so their numbers match.
struct Sql {
    text: String,
    texts: Vec<String>,
    numbers: Vec<i64>,
}

impl Sql {
    fn text(&mut self, value: &str) -> String {
        self.texts.push(value.to_owned());
        format!("${}", self.texts.len())
    }
}

/// The entries of `subject` that pass `filter`, each with its event.
pub async fn entries(store: &EventStore, subject: Subject<'_>, filter: &Filter<'_>) -> Result<Vec<TrailRow>, sqlx::Error> {
    let mut sql = Sql { text: String::new(), texts: Vec::new(), numbers: Vec::new() };
    let mut conditions = vec![match subject {
        Subject::Quiz(id) => {
            sql.numbers.push(id);
            "t.quiz_id = #0".to_owned()
        }
        Subject::Person(id) => format!("t.person_id = {}", sql.text(id)),
        Subject::Reference(stream) => format!("t.ref = {}", sql.text(stream)),
    }];
    if filter.kinds.is_empty() {
        conditions.push(format!("t.kind <> {}", sql.text(super::kind::AUDIT)));
    } else {
        let kinds: Vec<String> = filter.kinds.iter().map(|k| sql.text(k)).collect();
        conditions.push(format!("t.kind in ({})", kinds.join(", ")));
    }
    if !filter.event_types.is_empty() {
        let types: Vec<String> = filter.event_types.iter().map(|k| sql.text(k)).collect();
        conditions.push(format!("t.event_type in ({})", types.join(", ")));
    }
    if let Some(person) = filter.person {
        conditions.push(format!("t.person_id = {}", sql.text(person)));
    }
    if let Some(reader) = filter.audits_by {
        conditions.push(format!("(t.kind <> {} or t.person_id = {})", sql.text(super::kind::AUDIT), sql.text(reader)));
    }
    if let Some(after) = filter.after {
        sql.numbers.push(after);
        conditions.push(format!("t.global_position > #{}", sql.numbers.len() - 1));
    }
    if let Some(before) = filter.before {
        sql.numbers.push(before);
        conditions.push(format!("t.global_position < #{}", sql.numbers.len() - 1));
    }
    sql.numbers.push(filter.limit);
    let limit = format!("#{}", sql.numbers.len() - 1);
    // Numbers take the places after the texts.
    let mut text = format!(
        "select t.global_position, t.quiz_id, t.person_id, t.actor_id, t.ref, t.kind, t.event_type, t.recorded_at, {} \
         from trail_entry t join events e on e.global_position = t.global_position where {} order by t.global_position {} limit {limit}",
        event_columns(store.backend()),
        conditions.join(" and "),
        if filter.newest_first { "desc" } else { "asc" },
    );
    for i in (0..sql.numbers.len()).rev() {
        text = text.replace(&format!("#{i}"), &format!("${}", sql.texts.len() + i + 1));
    }
    sql.text = text;
    let mut query = sqlx::query(AssertSqlSafe(sql.text));
    for t in &sql.texts {
        query = query.bind(t.as_str());
    }
    for n in &sql.numbers {
        query = query.bind(*n);
    }
    query.fetch_all(store.pool()).await?.iter().map(row).collect()
}

fn row(r: &sqlx::any::AnyRow) -> Result<TrailRow, sqlx::Error> {
    Ok(TrailRow {
        position: r.try_get(0)?,
        quiz_id: r.try_get(1)?,
        person_id: r.try_get(2)?,
        actor_id: r.try_get(3)?,
        reference: r.try_get(4)?,
        kind: r.try_get(5)?,
        event_type: r.try_get(6)?,
        recorded_at: r.try_get(7)?,
        stream_id: r.try_get(8)?,
        version: r.try_get(9)?,
        schema_version: r.try_get(10)?,
        event_id: r.try_get(11)?,
        data: r.try_get(12)?,
        metadata: r.try_get(13)?,
    })
}

/// The entry at `position`, with its event.
pub async fn entry(store: &EventStore, position: i64) -> Result<Option<TrailRow>, sqlx::Error> {
    let sql = format!(
        "select t.global_position, t.quiz_id, t.person_id, t.actor_id, t.ref, t.kind, t.event_type, t.recorded_at, {} \
         from trail_entry t join events e on e.global_position = t.global_position where t.global_position = $1",
        event_columns(store.backend())
    );
    sqlx::query(AssertSqlSafe(sql)).bind(position).fetch_optional(store.pool()).await?.as_ref().map(row).transpose()
}

/// How many entries `subject` has (audit reads left out).
pub async fn count(store: &EventStore, subject: Subject<'_>) -> Result<i64, sqlx::Error> {
    let sql = |column: &str| AssertSqlSafe(format!("select count(*) from trail_entry where {column} = $1 and kind <> 'audit'"));
    match subject {
        Subject::Quiz(id) => sqlx::query_scalar(sql("quiz_id")).bind(id).fetch_one(store.pool()).await,
        Subject::Person(id) => sqlx::query_scalar(sql("person_id")).bind(id).fetch_one(store.pool()).await,
        Subject::Reference(id) => sqlx::query_scalar(sql("ref")).bind(id).fetch_one(store.pool()).await,
    }
}

/// Where the trail has read the log up to (its checkpoint's position).
pub async fn indexed_up_to(store: &EventStore) -> Result<i64, sqlx::Error> {
    let position: Option<i64> = sqlx::query_scalar("select cursor_position from checkpoints where name = 'trail'").fetch_optional(store.pool()).await?;
    Ok(position.unwrap_or(0))
}

/// The last position recorded at or before `time` (ms), 0 when none.
pub async fn position_at(store: &EventStore, time: i64) -> Result<i64, sqlx::Error> {
    let position: Option<i64> =
        sqlx::query_scalar("select max(global_position) from events where recorded_at <= $1").bind(time).fetch_one(store.pool()).await?;
    Ok(position.unwrap_or(0))
}

/// Quizzes whose title or code contains `text`, or whose id it is: (id, title, code, host id).
pub async fn find_quizzes(
    store: &EventStore,
    text: &str,
    host: Option<&str>,
    limit: i64,
) -> Result<Vec<(i64, String, Option<String>, Option<String>)>, sqlx::Error> {
    let id = text.trim().parse::<i64>().unwrap_or(-1);
    let pattern = format!("%{}%", text.trim().to_lowercase().replace(['%', '_'], ""));
    let rows = sqlx::query(
        "select category_id, name, code, host_id from category where (category_id = $1 or lower(name) like $2 or lower(coalesce(code, '')) like $2) \
         and ($3 = '' or host_id = $3) order by category_id desc limit $4",
    )
    .bind(id)
    .bind(pattern)
    .bind(host.unwrap_or(""))
    .bind(limit)
    .fetch_all(store.pool())
    .await?;
    rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?))).collect()
}

/// People whose name or e-mail contains `text`: (id, first name, last name, e-mail).
pub async fn find_people(store: &EventStore, text: &str, limit: i64) -> Result<Vec<(String, String, String, String)>, sqlx::Error> {
    let pattern = format!("%{}%", text.trim().to_lowercase().replace(['%', '_'], ""));
    let rows = sqlx::query(
        "select user_id, first_name, last_name, email from user_account where lower(email) like $1 or lower(first_name) like $1 \
         or lower(last_name) like $1 or lower(first_name || ' ' || last_name) like $1 order by last_name, first_name limit $2",
    )
    .bind(pattern)
    .bind(limit)
    .fetch_all(store.pool())
    .await?;
    rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?))).collect()
}

/// Names and e-mails of people, by id.
pub async fn names(store: &EventStore, ids: &[&str]) -> Result<Vec<(String, String, String, String)>, sqlx::Error> {
    let mut out = Vec::new();
    for chunk in ids.chunks(500) {
        let places: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
        let sql = format!("select user_id, first_name, last_name, email from user_account where user_id in ({})", places.join(", "));
        let mut query = sqlx::query(AssertSqlSafe(sql));
        for id in chunk {
            query = query.bind(*id);
        }
        for r in query.fetch_all(store.pool()).await? {
            out.push((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?));
        }
    }
    Ok(out)
}

/// A point of a quiz's history: (position, time, kind, event type).
pub type Moment = (i64, i64, String, String);

/// The entries of quiz `quiz_id` whose event type is one of `event_types`, oldest first, without
/// their events (a quiz's time line).
pub async fn moments(store: &EventStore, quiz_id: i64, event_types: &[&str]) -> Result<Vec<Moment>, sqlx::Error> {
    let places: Vec<String> = (2..event_types.len() + 2).map(|i| format!("${i}")).collect();
    let sql = format!(
        "select global_position, recorded_at, kind, event_type from trail_entry where quiz_id = $1 and event_type in ({}) order by global_position",
        places.join(", ")
    );
    let mut query = sqlx::query(AssertSqlSafe(sql)).bind(quiz_id);
    for t in event_types {
        query = query.bind(*t);
    }
    query.fetch_all(store.pool()).await?.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?))).collect()
}
