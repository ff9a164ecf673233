//! Audience lists (`GET/POST /api/audience`, `PUT/DELETE /api/audience/{id}`): the e-mails a host
//! opens quizzes to, saved under a name. Someone else's list is answered as not found.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, put};
use axum::{Json, Router};
use quizroom_domain::audience::{AudienceCommand, AudienceError, AudienceList};
use quizroom_eventstore::StoreError;
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::Row;

use crate::app::AppState;
use crate::auth::{looks_like_email, normalize_email};
use crate::commands::{CommandError, execute, metadata};
use crate::error::{ApiError, ApiJson};
use crate::tokens::AuthUser;

const MAX_NAME: usize = 100;

pub fn router() -> Router<AppState> {
    Router::new().route("/", get(list).post(create)).route("/{list_id}", put(change).delete(remove))
}

/// E-mails as typed: split on commas (and new lines or semicolons), trimmed, lower-cased, each
/// checked like a sign-up address.
pub fn parse_emails(text: &str) -> Result<Vec<String>, ApiError> {
    text.split([',', ';', '\n'])
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .map(|e| {
            if looks_like_email(e) {
                Ok(normalize_email(e))
            } else {
                Err(ApiError::bad_request("validation", format!("Invalid email address: {e}")).with_details(json!({ "email": e })))
            }
        })
        .collect()
}

pub fn audience_refused(e: AudienceError) -> ApiError {
    match e {
        AudienceError::NotFound => ApiError::not_found(e.to_string()),
        AudienceError::AlreadyExists => ApiError::conflict("already_exists", e.to_string()),
        AudienceError::NoName | AudienceError::NoEmails | AudienceError::TooMany => ApiError::bad_request("validation", e.to_string()),
    }
}

/// `emails` as a comma-separated string or as an array of strings.
#[derive(Deserialize)]
#[serde(untagged)]
enum Emails {
    Text(String),
    List(Vec<String>),
}

impl Emails {
    fn parse(&self) -> Result<Vec<String>, ApiError> {
        match self {
            Emails::Text(text) => parse_emails(text),
            Emails::List(list) => parse_emails(&list.join(",")),
        }
    }
}

#[derive(Deserialize)]
struct ListRequest {
    name: Option<String>,
    emails: Option<Emails>,
}

fn checked_name(name: Option<&str>) -> Result<Option<String>, ApiError> {
    match name.map(str::trim) {
        Some(n) if n.chars().count() > MAX_NAME => Err(ApiError::bad_request("validation", format!("A list name is at most {MAX_NAME} characters"))),
        other => Ok(other.map(str::to_owned)),
    }
}

async fn view(state: &AppState, list_id: &str) -> Result<Value, ApiError> {
    let name: String = sqlx::query_scalar("select name from audience_list where list_id = $1")
        .bind(list_id)
        .fetch_one(state.store.pool())
        .await
        .map_err(StoreError::from)?;
    let emails: Vec<String> = sqlx::query_scalar("select email from audience_member where list_id = $1 order by email")
        .bind(list_id)
        .fetch_all(state.store.pool())
        .await
        .map_err(StoreError::from)?;
    Ok(json!({ "id": list_id, "name": name, "count": emails.len(), "emails": emails }))
}

async fn list(State(state): State<AppState>, caller: AuthUser) -> Result<Json<Value>, ApiError> {
    let rows = sqlx::query(
        "select l.list_id, l.name, m.email from audience_list l left join audience_member m on m.list_id = l.list_id \
         where l.owner_id = $1 and l.deleted = 0 order by l.created_at desc, l.list_id, m.email",
    )
    .bind(&caller.user_id)
    .fetch_all(state.store.pool())
    .await
    .map_err(StoreError::from)?;
    let mut lists: Vec<Value> = Vec::new();
    for r in &rows {
        let (id, name, email): (String, String, Option<String>) =
            (r.try_get(0).map_err(StoreError::from)?, r.try_get(1).map_err(StoreError::from)?, r.try_get(2).map_err(StoreError::from)?);
        if lists.last().is_none_or(|l| l["id"] != id.as_str()) {
            lists.push(json!({ "id": id, "name": name, "count": 0, "emails": [] }));
        }
        if let (Some(last), Some(email)) = (lists.last_mut(), email) {
            last["emails"].as_array_mut().expect("an array").push(json!(email));
            last["count"] = json!(last["emails"].as_array().map_or(0, Vec::len));
        }
    }
    Ok(Json(Value::Array(lists)))
}

fn refused(e: CommandError<AudienceError>) -> ApiError {
    match e {
        CommandError::Rejected(e) => audience_refused(e),
        CommandError::Store(e) => e.into(),
    }
}

async fn create(State(state): State<AppState>, caller: AuthUser, ApiJson(body): ApiJson<ListRequest>) -> Result<(StatusCode, Json<Value>), ApiError> {
    let name = checked_name(body.name.as_deref())?.unwrap_or_default();
    let emails = body.emails.as_ref().map(Emails::parse).transpose()?.unwrap_or_default();
    let list_id = uuid::Uuid::new_v4().to_string();
    let command = || AudienceCommand::Create { owner_id: caller.user_id.clone(), name: name.clone(), emails: emails.clone() };
    execute::<AudienceList>(&state.store, &format!("audience-{list_id}"), &metadata(&caller.user_id, "create_audience"), command).await.map_err(refused)?;
    Ok((StatusCode::CREATED, Json(view(&state, &list_id).await?)))
}

async fn change(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(list_id): Path<String>,
    ApiJson(body): ApiJson<ListRequest>,
) -> Result<Json<Value>, ApiError> {
    let name = checked_name(body.name.as_deref())?;
    let emails = body.emails.as_ref().map(Emails::parse).transpose()?;
    let command = || AudienceCommand::Change { by: caller.user_id.clone(), name: name.clone(), emails: emails.clone() };
    execute::<AudienceList>(&state.store, &format!("audience-{list_id}"), &metadata(&caller.user_id, "change_audience"), command).await.map_err(refused)?;
    Ok(Json(view(&state, &list_id).await?))
}

async fn remove(State(state): State<AppState>, caller: AuthUser, Path(list_id): Path<String>) -> Result<Json<Value>, ApiError> {
    let command = || AudienceCommand::Delete { by: caller.user_id.clone() };
    execute::<AudienceList>(&state.store, &format!("audience-{list_id}"), &metadata(&caller.user_id, "delete_audience"), command).await.map_err(refused)?;
    Ok(Json(json!({ "success": true })))
}
