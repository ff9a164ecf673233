//! Reads of `audience_list` and `audience_member`.

use sqlx::{AnyPool, Row};

/// An audience list with its members.
#[derive(Debug, Clone)]
pub struct ListRow {
    pub list_id: String,
    pub name: String,
    pub emails: Vec<String>,
}

/// The list `list_id` (deleted or not), with its members by e-mail.
pub async fn list(pool: &AnyPool, list_id: &str) -> Result<Option<ListRow>, sqlx::Error> {
    let Some(name) = sqlx::query_scalar::<_, String>("select name from audience_list where list_id = $1").bind(list_id).fetch_optional(pool).await? else {
        return Ok(None);
    };
    let emails = sqlx::query_scalar::<_, String>("select email from audience_member where list_id = $1 order by email").bind(list_id).fetch_all(pool).await?;
    Ok(Some(ListRow { list_id: list_id.to_owned(), name, emails }))
}

/// The lists `owner_id` keeps (not deleted), newest first.
pub async fn lists_of(pool: &AnyPool, owner_id: &str) -> Result<Vec<ListRow>, sqlx::Error> {
    let rows = sqlx::query(
        "select l.list_id, l.name, m.email from audience_list l left join audience_member m on m.list_id = l.list_id \
         where l.owner_id = $1 and l.deleted = 0 order by l.created_at desc, l.list_id, m.email",
    )
    .bind(owner_id)
    .fetch_all(pool)
    .await?;
    let mut lists: Vec<ListRow> = Vec::new();
    for r in &rows {
        let (list_id, name, email): (String, String, Option<String>) = (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?);
        if lists.last().is_none_or(|l| l.list_id != list_id) {
            lists.push(ListRow { list_id, name, emails: Vec::new() });
        }
        if let (Some(last), Some(email)) = (lists.last_mut(), email) {
            last.emails.push(email);
        }
    }
    Ok(lists)
}

/// Whether the account `user_id` is on list `list_id` (by its e-mail).
pub async fn is_member(pool: &AnyPool, list_id: &str, user_id: &str) -> Result<bool, sqlx::Error> {
    let member = sqlx::query("select 1 from audience_member m join user_account u on u.email = m.email where m.list_id = $1 and u.user_id = $2")
        .bind(list_id)
        .bind(user_id)
        .fetch_optional(pool)
        .await?;
    Ok(member.is_some())
}

/// Whether a quiz open to list `list_id` and hosted by `host_id` admits `user_id`: a quiz with no
/// list admits everyone, its host always, and otherwise the list's members.
pub async fn admits(pool: &AnyPool, host_id: Option<&str>, list_id: Option<&str>, user_id: &str) -> Result<bool, sqlx::Error> {
    match list_id {
        None => Ok(true),
        Some(_) if host_id == Some(user_id) => Ok(true),
        Some(list_id) => is_member(pool, list_id, user_id).await,
    }
}
