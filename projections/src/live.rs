//! Live games and their players, from `game-{uuid}` and `player-{uuid}` streams: the PIN of each
//! open game (unique among open games), the questions as served, the players of a game with their
//! names (unique within the game) and running scores, and every answer as scored (the results). Transactional, so a join that takes a name, or an opening that takes
//! a PIN, fails in its own transaction when another took it first. Each player's row is written by
//! that player's own answers only: no row is hot.

pub mod read;

use async_trait::async_trait;
use quizroom_domain::Aggregate;
use quizroom_domain::game::{GameEvent, LiveGame};
use quizroom_domain::player::{GamePlayer, PlayerEvent};
use quizroom_eventstore::{Conn, ProjectionError, RecordedEvent, TransactionalProjection};

use crate::{decode, instance};

pub struct LiveProjection;

/// A nickname as compared for uniqueness within a game.
pub fn nickname_key(nickname: &str) -> String {
    nickname.trim().to_lowercase()
}

#[async_trait]
impl TransactionalProjection for LiveProjection {
    fn name(&self) -> &'static str {
        "live"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["live_game", "live_player", "live_question", "live_answer"]
    }

    async fn apply(&self, conn: &mut Conn, events: &[RecordedEvent]) -> Result<(), ProjectionError> {
        for event in events {
            match event.stream_type() {
                LiveGame::STREAM => game(conn, event).await?,
                GamePlayer::STREAM => player(conn, event).await?,
                _ => {}
            }
        }
        Ok(())
    }
}

async fn game(conn: &mut Conn, event: &RecordedEvent) -> Result<(), ProjectionError> {
    let game_id = instance::<LiveGame>(event)?;
    match decode::<GameEvent>(event)? {
        GameEvent::GameOpened { host_id, quiz_id, title, pin, at, questions, .. } => {
            sqlx::query("insert into live_game (game_id, quiz_id, host_id, title, pin, opened_at) values ($1, $2, $3, $4, $5, $6)")
                .bind(game_id)
                .bind(quiz_id)
                .bind(host_id)
                .bind(title)
                .bind(pin)
                .bind(at)
                .execute(&mut *conn)
                .await?;
            for (index, q) in questions.iter().enumerate() {
                sqlx::query("insert into live_question (game_id, question, question_id, text, answer) values ($1, $2, $3, $4, $5)")
                    .bind(game_id)
                    .bind(index as i64)
                    .bind(q.id)
                    .bind(&q.text)
                    .bind(q.answer.as_str())
                    .execute(&mut *conn)
                    .await?;
            }
        }
        GameEvent::PlayerKicked { player_id, .. } => {
            sqlx::query("update live_player set kicked = 1 where player_id = $1 and game_id = $2")
                .bind(player_id)
                .bind(game_id)
                .execute(&mut *conn)
                .await?;
        }
        GameEvent::GameFinished { at, .. } => {
            sqlx::query("update live_game set finished_at = $1 where game_id = $2").bind(at).bind(game_id).execute(&mut *conn).await?;
        }
        _ => {}
    }
    Ok(())
}

async fn player(conn: &mut Conn, event: &RecordedEvent) -> Result<(), ProjectionError> {
    let player_id = instance::<GamePlayer>(event)?;
    match decode::<PlayerEvent>(event)? {
        PlayerEvent::PlayerJoined { game_id, nickname, user_id, device, at } => {
            sqlx::query(
                "insert into live_player (player_id, game_id, nickname, nickname_key, user_id, device, joined_at) values ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(player_id)
            .bind(game_id)
            .bind(nickname.clone())
            .bind(nickname_key(&nickname))
            .bind(user_id)
            .bind(device)
            .bind(at)
            .execute(&mut *conn)
            .await?;
        }
        PlayerEvent::AnswerGiven { index, choice, correct, points, elapsed_ms, at, .. } => {
            sqlx::query("update live_player set points = points + $1, correct = correct + $2, answered = answered + 1 where player_id = $3")
                .bind(points)
                .bind(i64::from(correct))
                .bind(player_id)
                .execute(&mut *conn)
                .await?;
            sqlx::query(
                "insert into live_answer (player_id, game_id, question, choice, correct, points, elapsed_ms, answered_at) \
                 select player_id, game_id, $2, $3, $4, $5, $6, $7 from live_player where player_id = $1",
            )
            .bind(player_id)
            .bind(index as i64)
            .bind(choice.as_str())
            .bind(i64::from(correct))
            .bind(points)
            .bind(elapsed_ms)
            .bind(at)
            .execute(&mut *conn)
            .await?;
        }
    }
    Ok(())
}
