//! Reads of `category` and `question`: what players, hosts and the hub ask of quizzes.

use quizroom_domain::media::Media;
use quizroom_domain::question::QuestionKind;
use sqlx::{AnyConnection, AnyPool, Row};

/// A category (curated or hosted) as the read model has it.
#[derive(Debug, Clone)]
pub struct CategoryRow {
    pub id: i64,
    pub name: String,
    pub hosted: bool,
    pub time_limit: i64,
    pub quiz_version: i64,
    pub question_count: i64,
    pub host_id: Option<String>,
    pub code: Option<String>,
    pub valid_until: Option<i64>,
    pub audience_list_id: Option<String>,
    pub audience_name: Option<String>,
    pub created_at: Option<i64>,
}

const CATEGORY_COLUMNS: &str = "category_id, name, kind, time_limit, quiz_version, question_count, host_id, code, valid_until, \
                                audience_list_id, audience_name, created_at";

fn category_from(r: &sqlx::any::AnyRow) -> Result<CategoryRow, sqlx::Error> {
    Ok(CategoryRow {
        id: r.try_get(0)?,
        name: r.try_get(1)?,
        hosted: r.try_get::<String, _>(2)? == "hosted",
        time_limit: r.try_get(3)?,
        quiz_version: r.try_get(4)?,
        question_count: r.try_get(5)?,
        host_id: r.try_get(6)?,
        code: r.try_get(7)?,
        valid_until: r.try_get(8)?,
        audience_list_id: r.try_get(9)?,
        audience_name: r.try_get(10)?,
        created_at: r.try_get(11)?,
    })
}

/// The category `category_id`, if it exists.
pub async fn category(pool: &AnyPool, category_id: i64) -> Result<Option<CategoryRow>, sqlx::Error> {
    let sql = format!("select {CATEGORY_COLUMNS} from category where category_id = $1");
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(category_id).fetch_optional(pool).await?;
    row.as_ref().map(category_from).transpose()
}

/// The hosted quiz whose join code is `code` (already normalised).
pub async fn category_by_code(pool: &AnyPool, code: &str) -> Result<Option<CategoryRow>, sqlx::Error> {
    let sql = format!("select {CATEGORY_COLUMNS} from category where code = $1");
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(code).fetch_optional(pool).await?;
    row.as_ref().map(category_from).transpose()
}

/// The curated category published from the catalogue file `slug`, read in the publishing
/// transaction.
pub async fn curated_by_slug(conn: &mut AnyConnection, slug: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar::<_, i64>("select category_id from category where slug = $1").bind(slug).fetch_optional(conn).await
}

/// A curated category as the category list shows it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CuratedRow {
    pub category_id: i64,
    pub name: String,
    pub description: String,
    pub question_count: i64,
    pub time_limit: i64,
}

/// The curated categories by name.
pub async fn curated(pool: &AnyPool) -> Result<Vec<CuratedRow>, sqlx::Error> {
    sqlx::query_as::<_, CuratedRow>("select category_id, name, description, question_count, time_limit from category where kind = 'curated' order by name")
        .fetch_all(pool)
        .await
}

/// A hosted quiz of a host, with how many players submitted it.
pub struct HostedRow {
    pub category: CategoryRow,
    pub participants: i64,
}

/// The quizzes `host_id` hosts, newest first.
pub async fn hosted_by(pool: &AnyPool, host_id: &str) -> Result<Vec<HostedRow>, sqlx::Error> {
    let sql = format!(
        "select {CATEGORY_COLUMNS}, (select count(distinct a.user_id) from attempt a where a.category_id = category.category_id \
         and a.status = 'submitted') from category where host_id = $1 order by created_at desc, category_id desc"
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(host_id).fetch_all(pool).await?;
    rows.iter().map(|r| Ok(HostedRow { category: category_from(r)?, participants: r.try_get(12)? })).collect()
}

/// A question of one version of a quiz, with its answer key.
#[derive(Debug, Clone)]
pub struct QuestionRow {
    pub id: i64,
    pub text: String,
    pub kind: QuestionKind,
    pub explanation: String,
    pub media: Option<Media>,
    /// Pictures on its options or items; empty for none.
    pub pictures: Vec<Option<Media>>,
}

/// The questions of version `version` of quiz `category_id`, in order.
pub async fn questions(pool: &AnyPool, category_id: i64, version: i64) -> Result<Vec<QuestionRow>, sqlx::Error> {
    let rows = sqlx::query(
        "select question_id, text, definition, explanation, media, pictures from question where category_id = $1 and quiz_version = $2 order by position",
    )
    .bind(category_id)
    .bind(version)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|r| {
            let definition: String = r.try_get(2)?;
            let media: Option<String> = r.try_get(4)?;
            let pictures: Option<String> = r.try_get(5)?;
            let json = |e: serde_json::Error| sqlx::Error::Decode(Box::new(e));
            Ok(QuestionRow {
                id: r.try_get(0)?,
                text: r.try_get(1)?,
                kind: serde_json::from_str(&definition).map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
                explanation: r.try_get(3)?,
                media: media.map(|m| serde_json::from_str(&m).map_err(json)).transpose()?,
                pictures: pictures.map(|p| serde_json::from_str(&p).map_err(json)).transpose()?.unwrap_or_default(),
            })
        })
        .collect()
}

/// The question ids of version `version` of quiz `category_id`, in order.
pub async fn question_ids(pool: &AnyPool, category_id: i64, version: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar::<_, i64>("select question_id from question where category_id = $1 and quiz_version = $2 order by position")
        .bind(category_id)
        .bind(version)
        .fetch_all(pool)
        .await
}

impl CategoryRow {
    /// Whether a hosted quiz's time is over at `now` (curated categories never expire).
    pub fn is_expired(&self, now: i64) -> bool {
        self.valid_until.is_some_and(|until| now > until)
    }

    pub fn is_host(&self, user_id: &str) -> bool {
        self.host_id.as_deref() == Some(user_id)
    }
}
