//! Audience lists (`GET/POST /api/audience`, `PUT/DELETE /api/audience/{id}`): the e-mails a host
//! opens quizzes to, saved under a name, and the accommodations of its members
//! (`GET/PUT /api/audience/{id}/accommodations`). Someone else's list is answered as not found.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use quizroom_domain::StreamId;
use quizroom_domain::audience::{AudienceCommand, AudienceError, AudienceList, MAX_EMAILS};
use quizroom_projections::audience::read as audiences;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accommodations::AccommodationList;
use crate::commands::{CommandError, execute, fold, metadata};
use crate::email::{Email, parse_list};
use crate::error::{ApiError, ApiJson, db};
use crate::input::{ObjectBody, email_list_schema, email_schema, trimmed_pattern};
use crate::openapi::ErrorBody;
use crate::refusals::audience_refused;
use crate::state::AppState;
use crate::tokens::AuthUser;

const MAX_NAME: usize = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(change, remove)).routes(routes!(accommodations, set_accommodations))
}

/// `emails` as one text (addresses separated by commas, semicolons or new lines) or as an array
/// of addresses.
#[derive(Deserialize)]
#[serde(untagged)]
enum Emails {
    Text(String),
    List(Vec<String>),
}

fn invalid_email(text: &str) -> ApiError {
    ApiError::bad_request("validation", format!("Invalid email address: {text}")).with_details(json!({ "email": text }))
}

impl Emails {
    fn parse(&self) -> Result<Vec<String>, ApiError> {
        let emails = match self {
            Emails::Text(text) => parse_list(text)?,
            // Each item is one address, as the document's array says.
            Emails::List(list) => {
                if list.len() > MAX_EMAILS {
                    return Err(audience_refused(AudienceError::TooMany));
                }
                list.iter().map(|e| Email::parse(e).map_err(|_| invalid_email(e.trim()))).collect::<Result<_, _>>()?
            }
        };
        Ok(emails.into_iter().map(Email::into_string).collect())
    }
}

/// The schema of `emails` (`schema_with`): one text, or an array of 1 to 2,000 addresses.
fn emails_schema() -> Schema {
    emails_one_of().build().into()
}

/// [`emails_schema`], or `null` (which keeps the list's e-mails).
fn emails_or_null_schema() -> Schema {
    emails_one_of().item(ObjectBuilder::new().schema_type(Type::Null)).build().into()
}

fn emails_one_of() -> OneOfBuilder {
    OneOfBuilder::new()
        .item(email_list_schema())
        .item(ArrayBuilder::new().items(email_schema()).min_items(Some(1)).max_items(Some(MAX_EMAILS)))
        .description(Some("The addresses (at most 2,000 different ones): one text, separated by commas, semicolons or new lines, or an array"))
}

fn name_schema() -> Schema {
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(trimmed_pattern(true, MAX_NAME))).build().into()
}

fn name_or_null_schema() -> Schema {
    let name = ObjectBuilder::new().schema_type(SchemaType::from_iter([Type::String, Type::Null])).pattern(Some(trimmed_pattern(true, MAX_NAME)));
    name.description(Some("`null` keeps the name")).build().into()
}

/// A new audience list.
#[derive(Deserialize, ToSchema)]
pub struct NewAudienceList {
    /// Not blank, at most 100 characters once trimmed.
    #[schema(required, schema_with = name_schema)]
    name: Option<String>,
    #[schema(required, schema_with = emails_schema)]
    emails: Option<Emails>,
}

/// A list's new name, new e-mails, or both.
#[derive(Deserialize, ToSchema)]
pub struct AudienceListChange {
    /// Not blank, at most 100 characters once trimmed.
    #[schema(schema_with = name_or_null_schema)]
    name: Option<String>,
    #[schema(schema_with = emails_or_null_schema)]
    emails: Option<Emails>,
}

fn checked_name(name: Option<&str>) -> Result<Option<String>, ApiError> {
    match name.map(str::trim) {
        Some(n) if n.chars().count() > MAX_NAME => Err(ApiError::bad_request("validation", format!("A list name is at most {MAX_NAME} characters"))),
        Some(n) if crate::input::has_stray_control(n) => Err(ApiError::bad_request("validation", "A list name must not contain control characters")),
        other => Ok(other.map(str::to_owned)),
    }
}

/// An audience list.
#[derive(Serialize, ToSchema)]
#[schema(as = AudienceList)]
pub struct AudienceListView {
    id: String,
    name: String,
    /// How many addresses the list has.
    count: usize,
    /// Normalised (trimmed, lower case), by address.
    emails: Vec<String>,
}

fn view_of(list: audiences::ListRow) -> AudienceListView {
    AudienceListView { id: list.list_id, name: list.name, count: list.emails.len(), emails: list.emails }
}

async fn view(state: &AppState, list_id: &str) -> Result<AudienceListView, ApiError> {
    let list = audiences::list(state.store.pool(), list_id).await.map_err(db)?.ok_or_else(|| ApiError::not_found("No such audience list"))?;
    Ok(view_of(list))
}

/// The caller's audience lists.
#[utoipa::path(get, path = "/audience", operation_id = "listAudiences", tag = "audience", security(("bearer" = [])), responses(
    (status = 200, description = "The caller's lists", body = Vec<AudienceListView>),
))]
async fn list(State(state): State<AppState>, caller: AuthUser) -> Result<Json<Vec<AudienceListView>>, ApiError> {
    let lists = audiences::lists_of(state.store.pool(), &caller.user_id).await.map_err(db)?;
    Ok(Json(lists.into_iter().map(view_of).collect()))
}

fn refused(e: CommandError<AudienceError>) -> ApiError {
    match e {
        CommandError::Rejected(e) => audience_refused(e),
        CommandError::Store(e) => e.into(),
    }
}

/// Creates an audience list.
#[utoipa::path(post, path = "/audience", operation_id = "createAudience", tag = "audience", request_body = NewAudienceList, security(("bearer" = [])), responses(
    (status = 201, description = "The new list", body = AudienceListView),
    (status = 400, description = "No name (`Please provide a list name`), a name over 100 characters, no addresses (`Please provide email addresses for quiz participants`), an invalid address (`Invalid email address: {email}`) or more than 2,000", body = ErrorBody),
    (status = 409, description = "Changed at the same moment; try again", body = ErrorBody),
))]
async fn create(
    State(state): State<AppState>,
    caller: AuthUser,
    ApiJson(ObjectBody(body)): ApiJson<ObjectBody<NewAudienceList>>,
) -> Result<(StatusCode, Json<AudienceListView>), ApiError> {
    let name = checked_name(body.name.as_deref())?.unwrap_or_default();
    let emails = body.emails.as_ref().map(Emails::parse).transpose()?.unwrap_or_default();
    let list_id = uuid::Uuid::new_v4().to_string();
    let command = || AudienceCommand::Create { owner_id: caller.user_id.clone(), name: name.clone(), emails: emails.clone() };
    execute(&state.store, &StreamId::<AudienceList>::new(&list_id), &metadata(&caller.user_id, "create_audience"), command).await.map_err(refused)?;
    Ok((StatusCode::CREATED, Json(view(&state, &list_id).await?)))
}

/// Renames a list or replaces its e-mails.
#[utoipa::path(put, path = "/audience/{listId}", operation_id = "changeAudience", tag = "audience", request_body = AudienceListChange, security(("bearer" = [])),
    params(("listId" = String, Path, description = "The list")),
    responses(
        (status = 200, description = "The list as it is now", body = AudienceListView),
        (status = 400, description = "A blank name or one over 100 characters, no addresses, an invalid address or more than 2,000", body = ErrorBody),
        (status = 404, description = "No such list of the caller's", body = ErrorBody),
        (status = 409, description = "Changed at the same moment; try again", body = ErrorBody),
    ),
)]
async fn change(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(list_id): Path<String>,
    ApiJson(ObjectBody(body)): ApiJson<ObjectBody<AudienceListChange>>,
) -> Result<Json<AudienceListView>, ApiError> {
    let name = checked_name(body.name.as_deref())?;
    let emails = body.emails.as_ref().map(Emails::parse).transpose()?;
    let command = || AudienceCommand::Change { by: caller.user_id.clone(), name: name.clone(), emails: emails.clone() };
    execute(&state.store, &StreamId::<AudienceList>::new(&list_id), &metadata(&caller.user_id, "change_audience"), command).await.map_err(refused)?;
    Ok(Json(view(&state, &list_id).await?))
}

/// The list was deleted.
#[derive(Serialize, ToSchema)]
pub struct AudienceListDeleted {
    success: bool,
}

/// Deletes a list; quizzes that used it keep admitting its members.
#[utoipa::path(delete, path = "/audience/{listId}", operation_id = "deleteAudience", tag = "audience", security(("bearer" = [])),
    params(("listId" = String, Path, description = "The list")),
    responses(
        (status = 200, description = "Deleted", body = AudienceListDeleted),
        (status = 404, description = "No such list of the caller's", body = ErrorBody),
        (status = 409, description = "Changed at the same moment; try again", body = ErrorBody),
    ),
)]
async fn remove(State(state): State<AppState>, caller: AuthUser, Path(list_id): Path<String>) -> Result<Json<AudienceListDeleted>, ApiError> {
    let command = || AudienceCommand::Delete { by: caller.user_id.clone() };
    execute(&state.store, &StreamId::<AudienceList>::new(&list_id), &metadata(&caller.user_id, "delete_audience"), command).await.map_err(refused)?;
    Ok(Json(AudienceListDeleted { success: true }))
}

/// The caller's list `list_id` as its stream has it (someone else's, or a deleted one, is missing).
async fn own_list(state: &AppState, user_id: &str, list_id: &str) -> Result<AudienceList, ApiError> {
    let events = state.store.read_stream(StreamId::<AudienceList>::new(list_id).as_str(), 1).await?;
    let list = fold::<AudienceList>(&events)?.0;
    if list.deleted || list.owner_id.as_deref() != Some(user_id) {
        return Err(audience_refused(AudienceError::NotFound));
    }
    Ok(list)
}

/// The accommodations of one of the caller's lists: they apply on every quiz open to the list,
/// unless the quiz grants the player its own.
#[utoipa::path(get, path = "/audience/{listId}/accommodations", operation_id = "audienceAccommodations", tag = "audience", security(("bearer" = [])),
    params(("listId" = String, Path, description = "The list")),
    responses(
        (status = 200, description = "The members granted accommodations, by e-mail", body = AccommodationList),
        (status = 404, description = "No such list of the caller's", body = ErrorBody),
    ),
)]
async fn accommodations(State(state): State<AppState>, caller: AuthUser, Path(list_id): Path<String>) -> Result<Json<AccommodationList>, ApiError> {
    Ok(Json(AccommodationList::of(&own_list(&state, &caller.user_id, &list_id).await?.accommodations)))
}

/// Replaces the accommodations of one of the caller's lists; each e-mail must be on the list.
#[utoipa::path(put, path = "/audience/{listId}/accommodations", operation_id = "setAudienceAccommodations", tag = "audience", request_body = AccommodationList, security(("bearer" = [])),
    params(("listId" = String, Path, description = "The list")),
    responses(
        (status = 200, description = "The accommodations as they are now", body = AccommodationList),
        (status = 400, description = "A malformed e-mail, an unknown extra time or field, or more than 2,000", body = ErrorBody),
        (status = 404, description = "No such list of the caller's", body = ErrorBody),
        (status = 409, description = "Changed at the same moment; try again", body = ErrorBody),
        (status = 422, description = "An e-mail not on the list (`{email} is not on this list`) or listed twice", body = ErrorBody),
    ),
)]
async fn set_accommodations(
    State(state): State<AppState>,
    caller: AuthUser,
    Path(list_id): Path<String>,
    ApiJson(ObjectBody(body)): ApiJson<ObjectBody<AccommodationList>>,
) -> Result<Json<AccommodationList>, ApiError> {
    let players = body.players()?;
    let command = || AudienceCommand::SetAccommodations { by: caller.user_id.clone(), players: players.clone() };
    let stream = StreamId::<AudienceList>::new(&list_id);
    let (list, _) = execute(&state.store, &stream, &metadata(&caller.user_id, "set_audience_accommodations"), command).await.map_err(refused)?;
    Ok(Json(AccommodationList::of(&list.accommodations)))
}
