//! What the database kept, held against the players' ledger (run with every server stopped):
//! every acknowledged start, saved answer and submission must be in the event log and in the read
//! models (`attempt`, `attempt_answer`, `best_score`), and the read models must equal what
//! `replay` rebuilds from the log. A write cut off by a kill may or may not be there.

use std::collections::BTreeMap;

use quizroom_domain::attempt::AttemptEvent;
use quizroom_eventstore::Cursor;

use super::load::{Kind, Outcome, Player, Sent};
use crate::helpers::{catch_up, dump, open, read_model_tables};

/// What was acknowledged, and what of it was not kept.
#[derive(Debug, Default)]
pub struct Report {
    pub starts: usize,
    pub saves: usize,
    pub submissions: usize,
    /// Writes cut off by a kill: sent, never answered (the first one's error as an example).
    pub unknown: usize,
    pub unknown_example: Option<String>,
    /// Writes that found no server (it was down).
    pub not_connected: usize,
    /// Refusals a player could not have caused (anything but saving to an attempt that a
    /// submission whose answer was lost had already submitted).
    pub unexpected: Vec<String>,
    /// Acknowledged writes missing from the log or the read models.
    pub lost: Vec<String>,
    /// Read-model tables that `replay` rebuilt differently.
    pub replay_differs: Vec<String>,
}

impl Report {
    pub fn acknowledged(&self) -> usize {
        self.starts + self.saves + self.submissions
    }
}

/// An attempt's row as the read model holds it.
struct AttemptRow {
    user_id: String,
    status: String,
    score: Option<i64>,
    points: Option<i64>,
}

/// What the database kept: each attempt's events, and the attempt read models.
struct Kept {
    log: BTreeMap<String, Vec<AttemptEvent>>,
    attempts: BTreeMap<String, AttemptRow>,
    answers: BTreeMap<(String, i64), Option<String>>,
    best: BTreeMap<(i64, String), i64>,
}

async fn kept(store: &quizroom_eventstore::EventStore) -> Kept {
    let mut log: BTreeMap<String, Vec<AttemptEvent>> = BTreeMap::new();
    for e in store.read_all(Cursor::START, i64::MAX).await.unwrap() {
        if let Some(attempt_id) = e.stream_id.strip_prefix("attempt-") {
            log.entry(attempt_id.to_owned()).or_default().push(quizroom_projections::decode(&e).unwrap());
        }
    }
    let pool = store.pool();
    let attempts = sqlx::query_as::<_, (String, String, String, Option<i64>, Option<i64>)>("select attempt_id, user_id, status, score, points from attempt")
        .fetch_all(pool)
        .await
        .unwrap();
    let answers =
        sqlx::query_as::<_, (String, i64, Option<String>)>("select attempt_id, question_id, answer from attempt_answer").fetch_all(pool).await.unwrap();
    let best = sqlx::query_as::<_, (i64, String, i64)>("select category_id, user_id, points from best_score").fetch_all(pool).await.unwrap();
    Kept {
        log,
        attempts: attempts.into_iter().map(|(id, user_id, status, score, points)| (id, AttemptRow { user_id, status, score, points })).collect(),
        answers: answers.into_iter().map(|(attempt, question, answer)| ((attempt, question), answer)).collect(),
        best: best.into_iter().map(|(category, user, points)| ((category, user), points)).collect(),
    }
}

/// Checks the database at `url` against `ledger` (every player's writes, each player's in order).
pub async fn check(url: &str, players: &[Player], ledger: &[Sent]) -> Report {
    let store = open(url).await;
    catch_up(&store).await;
    let mut report = Report::default();
    let kept = kept(&store).await;
    let Kept { log, attempts, answers, .. } = &kept;

    // Acknowledged saves per (attempt, question) in the order they were made, and the letters the
    // read model may hold: the last acknowledged one, or one sent after it without an answer.
    let mut saves_of: BTreeMap<(String, i64), Vec<&str>> = BTreeMap::new();
    let mut allowed: BTreeMap<(String, i64), Vec<&str>> = BTreeMap::new();
    for sent in ledger {
        let player = &players[sent.player];
        let id = sent.attempt_id.clone().unwrap_or_default();
        match (&sent.kind, &sent.outcome) {
            (Kind::Start, Outcome::Acknowledged(view)) => {
                report.starts += 1;
                let started = view["attemptId"].as_str().unwrap_or_default();
                if !log.get(started).is_some_and(|events| matches!(events.first(), Some(AttemptEvent::AttemptStarted { .. }))) {
                    report.lost.push(format!("player {}: start of attempt {started} is not in the log", sent.player));
                }
                if attempts.get(started).is_none_or(|row| row.user_id != player.user_id) {
                    report.lost.push(format!("player {}: attempt {started} is not in the read model", sent.player));
                }
            }
            (Kind::Save { question_id, answer }, Outcome::Acknowledged(_)) => {
                report.saves += 1;
                saves_of.entry((id.clone(), *question_id)).or_default().push(*answer);
                allowed.insert((id.clone(), *question_id), vec![*answer]);
            }
            (Kind::Save { question_id, answer }, _) => {
                if let Some(letters) = allowed.get_mut(&(id.clone(), *question_id)) {
                    letters.push(*answer);
                }
            }
            (Kind::Submit, Outcome::Acknowledged(result)) => {
                report.submissions += 1;
                check_submission(&mut report, sent.player, player, result, &kept);
            }
            _ => {}
        }
        match &sent.outcome {
            Outcome::Unknown(error) => {
                report.unknown += 1;
                report.unknown_example.get_or_insert_with(|| error.clone());
            }
            Outcome::NotConnected => report.not_connected += 1,
            Outcome::Refused(409, body) if matches!(sent.kind, Kind::Save { .. }) && body["code"] == "already_submitted" => {}
            Outcome::Refused(status, body) => {
                report.unexpected.push(format!("player {}: {:?} on attempt {id} refused with {status} {body}", sent.player, sent.kind))
            }
            Outcome::Acknowledged(_) => {}
        }
    }
    for ((attempt_id, question_id), acknowledged) in &saves_of {
        let recorded: Vec<&str> = log
            .get(attempt_id)
            .into_iter()
            .flatten()
            .filter_map(|e| match e {
                AttemptEvent::AnswerRecorded { question_id: q, response: Some(r), marked: false, .. } if q == question_id => r.letter().map(|l| l.as_str()),
                _ => None,
            })
            .collect();
        if !passes_through(&recorded, acknowledged) {
            report.lost.push(format!("attempt {attempt_id}: question {question_id} acknowledged as {acknowledged:?} in turn, the log records {recorded:?}"));
        }
    }
    for ((attempt_id, question_id), letters) in &allowed {
        // The read model holds the response's JSON (`{"choice":1}`): read back as its letter.
        let held = answers.get(&(attempt_id.clone(), *question_id)).cloned().flatten().map(|json| {
            let response: quizroom_domain::question::Response = serde_json::from_str(&json).unwrap();
            response.letter().map_or(json, |l| l.as_str().to_owned())
        });
        if !letters.iter().any(|l| held.as_deref() == Some(*l)) {
            report.lost.push(format!("attempt {attempt_id}: question {question_id} acknowledged as {}, the read model holds {held:?}", letters[0]));
        }
    }

    report.replay_differs = replay_differences(&store).await;
    store.close().await;
    report
}

/// Whether a question's answers as the log records them take each acknowledged value in turn. A
/// save of the answer already saved records nothing; a save cut off by a kill may have recorded
/// a value in between.
fn passes_through(recorded: &[&str], acknowledged: &[&str]) -> bool {
    let (mut next, mut current) = (0, None);
    acknowledged.iter().all(|wanted| {
        if current == Some(*wanted) {
            return true;
        }
        match recorded[next..].iter().position(|r| r == wanted) {
            Some(at) => {
                next += at + 1;
                current = Some(*wanted);
                true
            }
            None => false,
        }
    })
}

/// An acknowledged submission: in the log with the score it was answered with, its attempt row
/// submitted with that score, and the player's best on the quiz at least as good.
fn check_submission(report: &mut Report, index: usize, player: &Player, result: &serde_json::Value, kept: &Kept) {
    let Kept { log, attempts, best, .. } = kept;
    let attempt_id = result["attemptId"].as_str().unwrap_or_default();
    let (score, points) = (result["score"].as_i64(), result["points"].as_i64());
    let submitted = log.get(attempt_id).into_iter().flatten().filter_map(|e| match e {
        AttemptEvent::AttemptSubmitted { score, points, .. } => Some((Some(*score), Some(*points))),
        _ => None,
    });
    let submitted: Vec<_> = submitted.collect();
    if submitted != [(score, points)] {
        report.lost.push(format!("player {index}: submission of attempt {attempt_id} acknowledged with score {score:?}, the log has {submitted:?}"));
    }
    match attempts.get(attempt_id) {
        Some(row) if row.status == "submitted" && row.score == score && row.points == points => {}
        Some(row) => report.lost.push(format!(
            "player {index}: attempt {attempt_id} acknowledged as submitted with {points:?} points, the read model has {} {:?} {:?}",
            row.status, row.score, row.points
        )),
        None => report.lost.push(format!("player {index}: submitted attempt {attempt_id} is not in the read model")),
    }
    // The player's first completed attempt counts (decision 0021): there is an entry, and it holds
    // the points of one of the player's submitted attempts (replay equality checks which one).
    let counted = best.get(&(player.category_id, player.user_id.clone())).copied();
    let of_a_submission = attempts.values().any(|row| row.user_id == player.user_id && row.status == "submitted" && row.points == counted);
    if counted.is_none() || !of_a_submission {
        report.lost.push(format!("player {index}: the counted score {counted:?} on category {} is not one of the player's submissions", player.category_id));
    }
}

/// Every row of `table`, sorted whole (`dump` orders by the first column only, and on PostgreSQL
/// rows that share it come in any order).
async fn rows(store: &quizroom_eventstore::EventStore, table: &str) -> Vec<Vec<String>> {
    let mut rows = dump(store.pool(), table).await;
    rows.sort_unstable();
    rows
}

/// The read-model tables that `replay` rebuilds differently from the live ones.
async fn replay_differences(store: &quizroom_eventstore::EventStore) -> Vec<String> {
    let mut live = BTreeMap::new();
    for table in read_model_tables() {
        live.insert(table, rows(store, table).await);
    }
    quizroom_eventstore::replay(store, &quizroom_projections::projectors()).await.unwrap();
    let mut differs = Vec::new();
    for (table, rows_live) in &live {
        let rebuilt = rows(store, table).await;
        if &rebuilt != rows_live {
            let first = rows_live.iter().zip(&rebuilt).find(|(a, b)| a != b);
            differs.push(format!("{table}: {} rows live, {} after replay; first difference {first:?}", rows_live.len(), rebuilt.len()));
        }
    }
    differs
}
