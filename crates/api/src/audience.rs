//! Audience lists (`GET/POST /api/audience`, `PUT/DELETE /api/audience/{id}`): the e-mails a host
//! opens quizzes to, saved under a name. Someone else's list is answered as not found.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, put};
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use quizroom_domain::audience::{AudienceCommand, AudienceError, AudienceList};
use quizroom_domain::StreamId;
use quizroom_projections::audience::read as audiences;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::commands::{CommandError, execute, metadata};
use crate::email::{Email, parse_list};
use crate::error::{ApiError, ApiJson, db};
use crate::refusals::audience_refused;
use crate::state::AppState;
use crate::tokens::AuthUser;

const MAX_NAME: usize = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().route("/audience", get(list).post(create)).route("/audience/{list_id}", put(change).delete(remove))
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
        let emails = match self {
            Emails::Text(text) => parse_list(text)?,
            Emails::List(list) => parse_list(&list.join(","))?,
        };
        Ok(emails.into_iter().map(Email::into_string).collect())
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

fn list_json(list: audiences::ListRow) -> Value {
    json!({ "id": list.list_id, "name": list.name, "count": list.emails.len(), "emails": list.emails })
}

async fn view(state: &AppState, list_id: &str) -> Result<Value, ApiError> {
    let list = audiences::list(state.store.pool(), list_id).await.map_err(db)?.ok_or_else(|| ApiError::not_found("No such audience list"))?;
    Ok(list_json(list))
}

async fn list(State(state): State<AppState>, caller: AuthUser) -> Result<Json<Value>, ApiError> {
    let lists = audiences::lists_of(state.store.pool(), &caller.user_id).await.map_err(db)?;
    Ok(Json(Value::Array(lists.into_iter().map(list_json).collect())))
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
    execute(&state.store, &StreamId::<AudienceList>::new(&list_id), &metadata(&caller.user_id, "create_audience"), command).await.map_err(refused)?;
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
    execute(&state.store, &StreamId::<AudienceList>::new(&list_id), &metadata(&caller.user_id, "change_audience"), command).await.map_err(refused)?;
    Ok(Json(view(&state, &list_id).await?))
}

async fn remove(State(state): State<AppState>, caller: AuthUser, Path(list_id): Path<String>) -> Result<Json<Value>, ApiError> {
    let command = || AudienceCommand::Delete { by: caller.user_id.clone() };
    execute(&state.store, &StreamId::<AudienceList>::new(&list_id), &metadata(&caller.user_id, "delete_audience"), command).await.map_err(refused)?;
    Ok(Json(json!({ "success": true })))
}
