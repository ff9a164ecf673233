//! One quiz's ranking, computed once per change and shared by every connection watching it.

use std::collections::HashMap;

use quizroom_eventstore::EventStore;
use sqlx::Row;

/// How many rows the leaderboard message shows.
pub const TOP: usize = 10;

#[derive(Debug)]
pub struct Ranking {
    pub quiz_id: i64,
    /// The `top` array of the message, already JSON.
    top_json: String,
    /// Rank (from 1) and points of every participant.
    ranks: HashMap<String, (usize, i64)>,
}

impl Ranking {
    pub async fn load(store: &EventStore, quiz_id: i64) -> Result<Ranking, sqlx::Error> {
        let rows = sqlx::query(
            "select b.user_id, u.first_name, u.last_name, b.points from best_score b \
             join user_account u on u.user_id = b.user_id where b.category_id = $1 \
             order by b.points desc, b.achieved_at, b.user_id",
        )
        .bind(quiz_id)
        .fetch_all(store.pool())
        .await?;
        let mut top = Vec::with_capacity(TOP);
        let mut ranks = HashMap::with_capacity(rows.len());
        for (i, row) in rows.iter().enumerate() {
            let user_id: String = row.try_get(0)?;
            let points: i64 = row.try_get(3)?;
            if i < TOP {
                top.push(serde_json::json!({
                    "rank": i + 1,
                    "userId": user_id,
                    "firstName": row.try_get::<String, _>(1)?,
                    "lastName": row.try_get::<String, _>(2)?,
                    "points": points,
                }));
            }
            ranks.insert(user_id, (i + 1, points));
        }
        Ok(Ranking { quiz_id, top_json: serde_json::Value::Array(top).to_string(), ranks })
    }

    /// The `leaderboard` message for `user_id`.
    pub fn message_for(&self, user_id: &str) -> String {
        let me = match self.ranks.get(user_id) {
            Some((rank, points)) => format!(r#"{{"rank":{rank},"points":{points}}}"#),
            None => "null".to_owned(),
        };
        format!(
            r#"{{"type":"leaderboard","channel":"quiz:{}","top":{},"me":{},"participants":{}}}"#,
            self.quiz_id,
            self.top_json,
            me,
            self.ranks.len()
        )
    }
}
