//! Reads of `audit_stream`.

use sqlx::AnyPool;

/// Streams of type `stream_type` whose last event is `event_type`, recorded before `before`
/// (at most `limit`).
pub async fn stalled(pool: &AnyPool, stream_type: &str, event_type: &str, before: i64, limit: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar::<_, String>("select stream_id from audit_stream where stream_type = $1 and last_event_type = $2 and last_recorded_at < $3 limit $4")
        .bind(stream_type)
        .bind(event_type)
        .bind(before)
        .bind(limit)
        .fetch_all(pool)
        .await
}
