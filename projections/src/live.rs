//! Live games and their players, from `game-{uuid}` and `player-{uuid}` streams: the PIN of each
//! open game (unique among open games), the questions as served, the players of a game with their
//! names (unique within the game) and running scores (of closed questions only: nothing a player
//! reads while a question is open tells whether their answer is right), and every answer as
//! scored (the results). Transactional, so a join that takes a name, or an opening that takes
//! a PIN, fails in its own transaction when another took it first. Each player's row is written by
//! that player's own answers only: no row is hot.

pub mod read;

use async_trait::async_trait;
use quizroom_domain::Aggregate;
use quizroom_domain::game::{GameEvent, LiveGame};
use quizroom_domain::player::{GamePlayer, PlayerEvent};
use quizroom_eventstore::{Backend, Conn, ProjectionError, RecordedEvent, TransactionalProjection};
use sqlx::AssertSqlSafe;

use crate::skeleton::skeleton;
use crate::{decode, instance};

pub struct LiveProjection;

/// A nickname as compared for uniqueness within a game: its [`skeleton`], so that names that look
/// alike ("Ana", "Аna", "Ana" with a zero-width space) are one name.
pub fn nickname_key(nickname: &str) -> String {
    skeleton(nickname)
}

/// The key stored for a player whose name's key another player of the game holds: only players
/// who joined before keys were skeletons (decision 0034) can meet this, on `quizroom replay`.
/// It sorts after every numbered form of the name (`key (n)`), so joins never read it as taken.
pub fn clashing_key(key: &str, player_id: &str) -> String {
    format!("{key} ){player_id}")
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
        // A run of answers of distinct players (a group commit's) is written in two statements.
        let mut run: Vec<Answer> = Vec::new();
        for event in events {
            match event.stream_type() {
                LiveGame::STREAM => {
                    answers(conn, &mut run).await?;
                    game(conn, event).await?;
                }
                GamePlayer::STREAM => match decode::<PlayerEvent>(event)? {
                    PlayerEvent::AnswerGiven { index, response, f, correct, points, elapsed_ms, at, .. } => {
                        let player_id = instance::<GamePlayer>(event)?;
                        if run.iter().any(|a| a.player_id == player_id) {
                            answers(conn, &mut run).await?;
                        }
                        run.push(Answer {
                            player_id: player_id.to_owned(),
                            question: index as i64,
                            choice: response.letter().map_or("", |l| l.as_str()),
                            response: serde_json::to_string(&response).expect("responses serialise"),
                            f,
                            correct: i64::from(correct),
                            points,
                            elapsed_ms,
                            at,
                        });
                    }
                    other => {
                        answers(conn, &mut run).await?;
                        joined(conn, event, other).await?;
                    }
                },
                _ => {}
            }
        }
        answers(conn, &mut run).await
    }
}

/// An answer as the results keep it.
#[derive(serde::Serialize)]
struct Answer {
    player_id: String,
    question: i64,
    /// The letter of a choice among the first four options (what four options A–D record).
    choice: &'static str,
    /// As given, JSON.
    response: String,
    f: Option<f64>,
    correct: i64,
    points: i64,
    elapsed_ms: i64,
    at: i64,
}

/// Writes a run of answers of distinct players, and empties it: each is counted in its player's
/// figures when its question closes, or at once if it closed already (an answer in time written
/// after the close).
async fn answers(conn: &mut Conn, run: &mut Vec<Answer>) -> Result<(), ProjectionError> {
    if run.is_empty() {
        return Ok(());
    }
    let rows = serde_json::to_string(&run).expect("answers serialise");
    run.clear();
    let answers = match Backend::of(conn) {
        Backend::Postgres => {
            "jsonb_to_recordset($1::text::jsonb) as a (player_id text, question bigint, choice text, response text, f double precision, correct bigint, points bigint, elapsed_ms bigint, at bigint)"
        }
        Backend::Sqlite => {
            "(select value ->> 'player_id' as player_id, value ->> 'question' as question, value ->> 'choice' as choice, \
             value ->> 'response' as response, value ->> 'f' as f, value ->> 'correct' as correct, value ->> 'points' as points, value ->> 'elapsed_ms' as elapsed_ms, value ->> 'at' as at \
             from json_each($1)) as a"
        }
    };
    sqlx::query(AssertSqlSafe(format!(
        "update live_player set points = live_player.points + a.points, correct = live_player.correct + a.correct, answered = live_player.answered + 1 \
         from {answers} where live_player.player_id = a.player_id \
         and exists (select 1 from live_game g where g.game_id = live_player.game_id and g.revealed >= a.question)"
    )))
    .bind(rows.clone())
    .execute(&mut *conn)
    .await?;
    sqlx::query(AssertSqlSafe(format!(
        "insert into live_answer (player_id, game_id, question, choice, response, f, correct, points, elapsed_ms, answered_at) \
         select p.player_id, p.game_id, a.question, a.choice, a.response, a.f, a.correct, a.points, a.elapsed_ms, a.at from {answers} \
         join live_player p on p.player_id = a.player_id"
    )))
    .bind(rows)
    .execute(&mut *conn)
    .await?;
    Ok(())
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
                let letter = q.kind.letters().map_or("", |(_, l)| l.as_str());
                let definition = serde_json::to_string(&*q.kind).expect("definitions serialise");
                sqlx::query("insert into live_question (game_id, question, question_id, text, answer, definition) values ($1, $2, $3, $4, $5, $6)")
                    .bind(game_id)
                    .bind(index as i64)
                    .bind(q.id)
                    .bind(&q.text)
                    .bind(letter)
                    .bind(definition)
                    .execute(&mut *conn)
                    .await?;
            }
        }
        GameEvent::PlayerKicked { player_id, .. } => {
            sqlx::query("update live_player set kicked = 1 where player_id = $1 and game_id = $2").bind(player_id).bind(game_id).execute(&mut *conn).await?;
        }
        GameEvent::QuestionClosed { index, .. } => reveal(conn, game_id, index as i64).await?,
        GameEvent::GameFinished { at, .. } => {
            sqlx::query("update live_game set finished_at = $1 where game_id = $2").bind(at).bind(game_id).execute(&mut *conn).await?;
            // Ended during a question: it counts now.
            reveal(conn, game_id, i64::from(i32::MAX)).await?;
        }
        _ => {}
    }
    Ok(())
}

/// Questions up to `index` of the game closed: their answers count in the players' figures.
async fn reveal(conn: &mut Conn, game_id: &str, index: i64) -> Result<(), ProjectionError> {
    let revealed: Option<i64> = sqlx::query_scalar("select revealed from live_game where game_id = $1").bind(game_id).fetch_optional(&mut *conn).await?;
    let Some(revealed) = revealed.filter(|r| *r < index) else { return Ok(()) };
    sqlx::query("update live_game set revealed = $2 where game_id = $1").bind(game_id).bind(index).execute(&mut *conn).await?;
    sqlx::query(
        "update live_player set \
         points = points + coalesce((select sum(a.points) from live_answer a where a.player_id = live_player.player_id and a.question > $2 and a.question <= $3), 0), \
         correct = correct + coalesce((select sum(a.correct) from live_answer a where a.player_id = live_player.player_id and a.question > $2 and a.question <= $3), 0), \
         answered = answered + (select count(*) from live_answer a where a.player_id = live_player.player_id and a.question > $2 and a.question <= $3) \
         where game_id = $1",
    )
    .bind(game_id)
    .bind(revealed)
    .bind(index)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A player's join: their row, with a name unique within the game.
async fn joined(conn: &mut Conn, event: &RecordedEvent, joined: PlayerEvent) -> Result<(), ProjectionError> {
    let player_id = instance::<GamePlayer>(event)?;
    let PlayerEvent::PlayerJoined { game_id, nickname, user_id, device, at } = joined else { return Ok(()) };
    // A join decided now never takes a key another player holds: the joiner reads the
    // taken keys in its transaction and checks the stored key after (another node may
    // have taken it meanwhile). A clash is an older join, replayed: it keeps its player.
    let key = nickname_key(&nickname);
    for key in [key.clone(), clashing_key(&key, player_id)] {
        let inserted = sqlx::query(
            "insert into live_player (player_id, game_id, nickname, nickname_key, user_id, device, joined_at) \
             values ($1, $2, $3, $4, $5, $6, $7) on conflict (game_id, nickname_key) do nothing",
        )
        .bind(player_id)
        .bind(game_id.clone())
        .bind(nickname.clone())
        .bind(key)
        .bind(user_id.clone())
        .bind(device.clone())
        .bind(at)
        .execute(&mut *conn)
        .await?;
        if inserted.rows_affected() == 1 {
            break;
        }
    }
    Ok(())
}
