//! Reads of `live_game`, `live_player`, `live_question` and `live_answer`, and the figures of a
//! game's questions.

use std::collections::HashMap;

use quizroom_eventstore::Backend;
use sqlx::{AnyConnection, AnyPool};

use crate::figures;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GameRow {
    pub game_id: String,
    pub quiz_id: i64,
    pub host_id: String,
    pub title: String,
    pub pin: String,
    pub opened_at: i64,
    pub finished_at: Option<i64>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PlayerRow {
    pub player_id: String,
    pub game_id: String,
    pub nickname: String,
    pub user_id: Option<String>,
    pub joined_at: i64,
    pub points: i64,
    pub correct: i64,
    pub answered: i64,
    pub kicked: i64,
}

const GAME: &str = "select game_id, quiz_id, host_id, title, pin, opened_at, finished_at from live_game";
const PLAYER: &str = "select player_id, game_id, nickname, user_id, joined_at, points, correct, answered, kicked from live_player";

/// The open game with this PIN.
pub async fn open_game_by_pin(pool: &AnyPool, pin: &str) -> Result<Option<GameRow>, sqlx::Error> {
    sqlx::query_as::<_, GameRow>(sqlx::AssertSqlSafe(format!("{GAME} where pin = $1 and finished_at is null"))).bind(pin).fetch_optional(pool).await
}

pub async fn game(pool: &AnyPool, game_id: &str) -> Result<Option<GameRow>, sqlx::Error> {
    sqlx::query_as::<_, GameRow>(sqlx::AssertSqlSafe(format!("{GAME} where game_id = $1"))).bind(game_id).fetch_optional(pool).await
}

/// Whether an open game holds `pin`.
pub async fn pin_in_use(pool: &AnyPool, pin: &str) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query("select 1 from live_game where pin = $1 and finished_at is null").bind(pin).fetch_optional(pool).await?.is_some())
}

/// The games that have not finished (the hub's clock looks after them after a restart).
pub async fn unfinished(pool: &AnyPool) -> Result<Vec<GameRow>, sqlx::Error> {
    sqlx::query_as::<_, GameRow>(sqlx::AssertSqlSafe(format!("{GAME} where finished_at is null"))).fetch_all(pool).await
}

/// How many games `host_id` has open (not finished).
pub async fn open_games_of_host(pool: &AnyPool, host_id: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("select count(*) from live_game where host_id = $1 and finished_at is null").bind(host_id).fetch_one(pool).await
}

/// Every player of a game, in the order they joined.
pub async fn players(pool: &AnyPool, game_id: &str) -> Result<Vec<PlayerRow>, sqlx::Error> {
    sqlx::query_as::<_, PlayerRow>(sqlx::AssertSqlSafe(format!("{PLAYER} where game_id = $1 order by joined_at, player_id")))
        .bind(game_id)
        .fetch_all(pool)
        .await
}

pub async fn player(pool: &AnyPool, player_id: &str) -> Result<Option<PlayerRow>, sqlx::Error> {
    sqlx::query_as::<_, PlayerRow>(sqlx::AssertSqlSafe(format!("{PLAYER} where player_id = $1"))).bind(player_id).fetch_optional(pool).await
}

/// The signed-in user's player in a game.
pub async fn player_of_user(pool: &AnyPool, game_id: &str, user_id: &str) -> Result<Option<PlayerRow>, sqlx::Error> {
    sqlx::query_as::<_, PlayerRow>(sqlx::AssertSqlSafe(format!("{PLAYER} where game_id = $1 and user_id = $2")))
        .bind(game_id)
        .bind(user_id)
        .fetch_optional(pool)
        .await
}

/// The seat a device took in a game (see `PlayerJoined::device`): a removed one first, so that a
/// device whose player was removed is told so.
pub async fn player_of_device(pool: &AnyPool, game_id: &str, device: &str) -> Result<Option<PlayerRow>, sqlx::Error> {
    sqlx::query_as::<_, PlayerRow>(sqlx::AssertSqlSafe(format!("{PLAYER} where game_id = $1 and device = $2 order by kicked desc, joined_at limit 1")))
        .bind(game_id)
        .bind(device)
        .fetch_optional(pool)
        .await
}

/// The names of a game that are `key` or `key (n)` (keys: skeletons, `super::nickname_key`), and the
/// few others that sort between them byte by byte ("key !"): one range of the unique index,
/// however many players the game has (a `like` read every name of the game, for every join).
/// PostgreSQL compares byte by byte only with its pattern operators, whose index
/// `live_player_nickname_bytes` is; its `<` follows the database's collation.
pub async fn names_like(conn: &mut AnyConnection, game_id: &str, key: &str) -> Result<Vec<String>, sqlx::Error> {
    let range = match Backend::of(conn) {
        Backend::Sqlite => "nickname_key >= $2 and nickname_key < $3",
        Backend::Postgres => "nickname_key ~>=~ $2 and nickname_key ~<~ $3",
    };
    let rows: Vec<(String,)> = sqlx::query_as(sqlx::AssertSqlSafe(format!("select nickname_key from live_player where game_id = $1 and {range}")))
        .bind(game_id)
        .bind(key)
        .bind(format!("{key} )"))
        .fetch_all(conn)
        .await?;
    Ok(rows.into_iter().map(|(k,)| k).collect())
}

/// The key stored for a player's name: the key of the name it joined under, unless another player
/// held that key (see `super::clashing_key`).
pub async fn nickname_key_of(conn: &mut AnyConnection, player_id: &str) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as("select nickname_key from live_player where player_id = $1").bind(player_id).fetch_optional(conn).await?;
    Ok(row.map(|(key,)| key))
}

/// A game of a quiz, for the host's list.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct GameSummary {
    pub game_id: String,
    pub title: String,
    pub opened_at: i64,
    pub finished_at: Option<i64>,
    pub players: i64,
}

/// The games run on quiz `quiz_id` by `host_id`, newest first.
pub async fn games_of_quiz(pool: &AnyPool, quiz_id: i64, host_id: &str) -> Result<Vec<GameSummary>, sqlx::Error> {
    sqlx::query_as::<_, GameSummary>(
        "select g.game_id, g.title, g.opened_at, g.finished_at, \
         (select count(*) from live_player p where p.game_id = g.game_id and p.kicked = 0) as players \
         from live_game g where g.quiz_id = $1 and g.host_id = $2 order by g.opened_at desc, g.game_id",
    )
    .bind(quiz_id)
    .bind(host_id)
    .fetch_all(pool)
    .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct QuestionRow {
    pub question: i64,
    pub question_id: i64,
    pub text: String,
    /// The right letter of four options A–D (empty for another type).
    pub answer: String,
    /// The question's type and answer key (JSON; none in games played before question types,
    /// whose questions were four options A–D).
    pub definition: Option<String>,
}

impl QuestionRow {
    /// The question's definition; four options A–D (options unknown) for a game played before
    /// question types.
    pub fn kind(&self) -> Option<quizroom_domain::question::QuestionKind> {
        self.definition.as_deref().and_then(|d| serde_json::from_str(d).ok())
    }
}

/// A game's questions in the order played.
pub async fn questions(pool: &AnyPool, game_id: &str) -> Result<Vec<QuestionRow>, sqlx::Error> {
    sqlx::query_as::<_, QuestionRow>("select question, question_id, text, answer, definition from live_question where game_id = $1 order by question")
        .bind(game_id)
        .fetch_all(pool)
        .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AnswerRow {
    pub player_id: String,
    pub question: i64,
    /// The letter of a choice among the first four options (empty otherwise).
    pub choice: String,
    /// As given (JSON, in the definition's indices; none in games played before question types).
    pub response: Option<String>,
    pub correct: i64,
    pub points: i64,
    pub elapsed_ms: i64,
}

impl AnswerRow {
    pub fn response(&self) -> Option<quizroom_domain::question::Response> {
        self.response.as_deref().and_then(|r| serde_json::from_str(r).ok())
    }
}

/// Every answer given in a game.
pub async fn answers(pool: &AnyPool, game_id: &str) -> Result<Vec<AnswerRow>, sqlx::Error> {
    sqlx::query_as::<_, AnswerRow>(
        "select player_id, question, choice, response, correct, points, elapsed_ms from live_answer where game_id = $1 order by question, player_id",
    )
    .bind(game_id)
    .fetch_all(pool)
    .await
}

/// A game a signed-in player played, with their place in it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PlayedRow {
    pub game_id: String,
    pub title: String,
    pub opened_at: i64,
    pub finished_at: Option<i64>,
    pub nickname: String,
    pub points: i64,
    pub correct: i64,
    pub rank: i64,
    pub players: i64,
}

/// The live games `user_id` played (not removed from), newest first.
pub async fn played_by(pool: &AnyPool, user_id: &str) -> Result<Vec<PlayedRow>, sqlx::Error> {
    sqlx::query_as::<_, PlayedRow>(
        "select g.game_id, g.title, g.opened_at, g.finished_at, p.nickname, p.points, p.correct, \
         (select count(*) from live_player o where o.game_id = p.game_id and o.kicked = 0 and o.points > p.points) + 1 as rank, \
         (select count(*) from live_player o where o.game_id = p.game_id and o.kicked = 0) as players \
         from live_player p join live_game g on g.game_id = p.game_id \
         where p.user_id = $1 and p.kicked = 0 order by g.opened_at desc, g.game_id",
    )
    .bind(user_id)
    .fetch_all(pool)
    .await
}

/// A question of a game with its figures, computed once (here, beside the read model) for the
/// live results and the quiz's insights alike.
#[derive(Debug, Clone)]
pub struct QuestionFigures {
    pub question: QuestionRow,
    /// How many answered it.
    pub answered: i64,
    /// How many got it right.
    pub correct: i64,
    /// How many chose A, B, C and D ([`figures::distribution`]).
    pub counts: [i64; 4],
    /// The median time to answer, in milliseconds from the question's opening ([`figures::median`]);
    /// `None` when nobody answered.
    pub median_ms: Option<i64>,
}

impl QuestionFigures {
    /// The share of those who answered who got it right ([`figures::share`]).
    pub fn correct_share(&self) -> f64 {
        figures::share(self.correct, self.answered)
    }
}

/// Each of `questions` (in the order given) with its figures from `answers` (a game's answers).
pub fn figures_of(questions: Vec<QuestionRow>, answers: &[AnswerRow]) -> Vec<QuestionFigures> {
    let mut by_question: HashMap<i64, Vec<&AnswerRow>> = HashMap::new();
    for a in answers {
        by_question.entry(a.question).or_default().push(a);
    }
    questions
        .into_iter()
        .map(|question| {
            let given = by_question.remove(&question.question).unwrap_or_default();
            QuestionFigures {
                answered: given.len() as i64,
                correct: given.iter().filter(|a| a.correct != 0).count() as i64,
                counts: figures::distribution(given.iter().map(|a| a.choice.as_str())),
                median_ms: figures::median(&mut given.iter().map(|a| a.elapsed_ms).collect::<Vec<_>>()),
                question,
            }
        })
        .collect()
}

/// A game's questions in the order played, each with its figures.
pub async fn question_figures(pool: &AnyPool, game_id: &str) -> Result<Vec<QuestionFigures>, sqlx::Error> {
    Ok(figures_of(questions(pool, game_id).await?, &answers(pool, game_id).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn question(question: i64, answer: &str) -> QuestionRow {
        QuestionRow { question, question_id: question + 10, text: format!("Q{question}"), answer: answer.into(), definition: None }
    }

    fn answer(player: &str, question: i64, choice: &str, correct: bool, elapsed_ms: i64) -> AnswerRow {
        AnswerRow { player_id: player.into(), question, choice: choice.into(), response: None, correct: correct as i64, points: 0, elapsed_ms }
    }

    #[test]
    fn each_question_gets_its_counts_share_right_and_median_time() {
        let answers = [
            answer("p1", 0, "B", true, 400),
            answer("p2", 0, "B", true, 100),
            answer("p3", 0, "A", false, 300),
            answer("p4", 0, "D", false, 200),
            answer("p1", 2, "C", false, 900),
        ];
        let figures = figures_of(vec![question(0, "B"), question(1, "A"), question(2, "A")], &answers);
        assert_eq!(figures.iter().map(|f| f.question.question).collect::<Vec<_>>(), vec![0, 1, 2], "in the order given");
        let first = &figures[0];
        assert_eq!((first.answered, first.correct, first.counts, first.median_ms, first.correct_share()), (4, 2, [1, 2, 0, 1], Some(250), 0.5));
        let unanswered = &figures[1];
        assert_eq!((unanswered.answered, unanswered.correct, unanswered.counts, unanswered.median_ms, unanswered.correct_share()), (0, 0, [0; 4], None, 0.0));
        assert_eq!((figures[2].counts, figures[2].median_ms, figures[2].correct_share()), ([0, 0, 1, 0], Some(900), 0.0));
    }
}
