//! Group commit of submissions: the submissions that arrive while one is being written wait for
//! the next transaction and are written together in it, so a busy server pays one read of the
//! attempts, one append, one projection statement and one commit for many submissions (decision
//! 0017). Each submission is decided on its own attempt as before; a batch that fails on the store
//! (a version conflict, a database error) is rolled back and its submissions are carried out one by
//! one, so grouping changes how many transactions there are and never what they record.

use std::collections::HashSet;
use std::sync::Arc;

use quizroom_domain::Aggregate;
use quizroom_domain::attempt::{Attempt, AttemptCommand, AttemptError, SubmitReason, Submitted};
use quizroom_domain::quiz::{Letter, Quiz};
use quizroom_eventstore::{Backend, EventStore, StoreError};
use serde_json::{Value, json};
use sqlx::Row;
use tokio::sync::{Mutex, mpsc, oneshot};
use tokio_util::sync::CancellationToken;

use crate::catalogue::QuizVersions;
use crate::clock::Clock;
use crate::commands::{encode, expected, fold, metadata};

/// Answers as sent: question id and letter (`None`: unanswered).
pub type Answers = Vec<(i64, Option<Letter>)>;

/// A submission: the attempt, the answers as sent, who submits.
pub struct Submission {
    pub attempt_id: String,
    pub answers: Answers,
    pub reason: SubmitReason,
}

/// What became of a submission: the store's error, or the domain's answer (the submission and the
/// quiz version it was scored on, or why it was refused).
pub type Outcome = Result<Result<(Submitted, Arc<Quiz>), AttemptError>, StoreError>;

/// Submissions written in one transaction at most; more wait for the next one.
const MOST_PER_BATCH: usize = 64;
/// Batches written at once (each on its own connection).
const WRITERS: usize = 2;

/// Everything a submission needs from the server.
#[derive(Clone)]
pub struct Scorer {
    pub store: EventStore,
    pub quizzes: Arc<QuizVersions>,
    pub clock: Arc<dyn Clock>,
}

impl Scorer {
    /// Carries out `submissions` in one transaction (see the module's note), returning one outcome
    /// per submission in the order given.
    pub async fn submit_all(&self, submissions: Vec<Submission>) -> Vec<Outcome> {
        // A second submission of an attempt already in this batch follows it on its own (and is
        // then told the attempt was submitted).
        let mut seen = HashSet::new();
        let (first, repeats): (Vec<_>, Vec<_>) =
            submissions.into_iter().enumerate().partition(|(_, s)| seen.insert(s.attempt_id.clone()));
        let mut outcomes: Vec<Option<Outcome>> = std::iter::repeat_with(|| None).take(first.len() + repeats.len()).collect();
        let (places, first): (Vec<usize>, Vec<Submission>) = first.into_iter().unzip();
        let together = match first.len() {
            0 => Vec::new(),
            1 => vec![self.submit_one(&first[0]).await],
            _ => match self.try_together(&first).await {
                Ok(outcomes) => outcomes,
                Err(error) => {
                    tracing::debug!(%error, submissions = first.len(), "a group of submissions failed; writing them one by one");
                    let mut outcomes = Vec::with_capacity(first.len());
                    for submission in &first {
                        outcomes.push(self.submit_one(submission).await);
                    }
                    outcomes
                }
            },
        };
        for (place, outcome) in places.into_iter().zip(together) {
            outcomes[place] = Some(outcome);
        }
        for (place, submission) in repeats {
            outcomes[place] = Some(self.submit_one(&submission).await);
        }
        outcomes.into_iter().map(|o| o.expect("an outcome for every submission")).collect()
    }

    /// One submission in a transaction of its own, retrying version conflicts.
    async fn submit_one(&self, s: &Submission) -> Outcome {
        crate::play::submit(&self.store, &self.quizzes, self.clock.as_ref(), &s.attempt_id, s.answers.clone(), s.reason).await
    }

    /// All of `submissions` (distinct attempts) in one transaction, or the store's error.
    async fn try_together(&self, submissions: &[Submission]) -> Result<Vec<Outcome>, StoreError> {
        let mut tx = self.store.begin_write().await?;
        let streams: Vec<String> = submissions.iter().map(|s| format!("attempt-{}", s.attempt_id)).collect();
        let ids: Vec<&str> = streams.iter().map(String::as_str).collect();
        let recorded = self.store.read_streams_in(&mut tx, &ids).await?;
        let now = self.clock.now_ms();
        let mut outcomes = Vec::with_capacity(submissions.len());
        let mut appends = Vec::new();
        for ((submission, stream), events) in submissions.iter().zip(&streams).zip(&recorded) {
            let (attempt, version) = fold::<Attempt>(events)?;
            if !attempt.started {
                outcomes.push(Ok(Err(AttemptError::NotStarted)));
                continue;
            }
            let quiz = self.quizzes.get(&self.store, &mut tx, attempt.quiz_id, attempt.quiz_version).await?;
            let key = quiz.questions.iter().map(|q| (q.id, q.answer)).collect();
            let actor = if submission.reason == SubmitReason::Timeout { "server".to_owned() } else { attempt.user_id.clone() };
            let command = AttemptCommand::Submit { answers: submission.answers.clone(), key, reason: submission.reason, now };
            match attempt.decide(command) {
                Ok(events) => {
                    let state = events.iter().fold(attempt, |s, e| s.evolve(e));
                    appends.push((stream.clone(), expected(version), encode(&events, &metadata(&actor, "submit"))));
                    outcomes.push(Ok(Ok((state.submitted.expect("a submitted attempt"), quiz))));
                }
                Err(refused) => outcomes.push(Ok(Err(refused))),
            }
        }
        if !appends.is_empty() {
            self.store.append_batch_in(&mut tx, appends).await?;
            tx.commit().await?;
            self.store.committed();
        }
        Ok(outcomes)
    }
}

/// Whose submission: a known attempt, or the player's open attempt on a quiz (looked up together
/// with the rest of the group, in one query).
pub enum Target {
    Attempt(String),
    Open { user_id: String, category_id: i64 },
}

/// What the queue did with a player's submission.
pub enum Queued {
    /// Decided on this attempt: submitted, or why not.
    Decided { attempt_id: String, outcome: Result<(Submitted, Arc<Quiz>), AttemptError> },
    /// The player has no open attempt on this quiz.
    NoOpenAttempt,
    /// The open attempt is on a hosted quiz: the caller checks the audience, then submits it by id.
    Hosted { attempt_id: String, answers: Answers },
}

struct Job {
    target: Target,
    answers: Answers,
    reply: oneshot::Sender<Result<Queued, StoreError>>,
}

/// The players' submissions, queued for the writers (cheap to clone).
#[derive(Clone)]
pub struct SubmitQueue {
    jobs: mpsc::Sender<Job>,
    scorer: Scorer,
}

impl SubmitQueue {
    /// The queue and its writers, which run until `shutdown` and then write what is queued.
    pub fn start(scorer: Scorer, shutdown: CancellationToken) -> (SubmitQueue, impl Future<Output = ()> + Send + 'static) {
        let (jobs, receiver) = mpsc::channel(4096);
        let receiver = Arc::new(Mutex::new(receiver));
        let writers = {
            let scorer = scorer.clone();
            async move {
                let mut writers = tokio::task::JoinSet::new();
                for _ in 0..WRITERS {
                    writers.spawn(write(scorer.clone(), receiver.clone(), shutdown.clone()));
                }
                while writers.join_next().await.is_some() {}
            }
        };
        (SubmitQueue { jobs, scorer }, writers)
    }

    /// A player's submission, written in the next transaction with whatever else is waiting.
    pub async fn submit(&self, target: Target, answers: Answers) -> Result<Queued, StoreError> {
        let (reply, answer) = oneshot::channel();
        match self.jobs.send(Job { target, answers, reply }).await {
            Ok(()) => answer.await.unwrap_or(Err(StoreError::Database(sqlx::Error::WorkerCrashed))),
            // The writers have stopped (the server is shutting down): write it here.
            Err(mpsc::error::SendError(job)) => self.scorer.submit_jobs(vec![(job.target, job.answers)]).await.pop().expect("one outcome"),
        }
    }
}

impl Scorer {
    /// Players' submissions: open attempts looked up in one query, then [`submit_all`](Self::submit_all).
    async fn submit_jobs(&self, jobs: Vec<(Target, Answers)>) -> Vec<Result<Queued, StoreError>> {
        let keys: Vec<(&str, i64)> = jobs
            .iter()
            .filter_map(|(target, _)| match target {
                Target::Open { user_id, category_id } => Some((user_id.as_str(), *category_id)),
                Target::Attempt(_) => None,
            })
            .collect();
        let mut found = match open_attempts(&self.store, &keys).await {
            Ok(found) => found.into_iter().map(Ok).collect::<Vec<_>>(),
            // Each on its own then, so each gets its own error.
            Err(_) => {
                let mut found = Vec::with_capacity(keys.len());
                for key in &keys {
                    found.push(open_attempts(&self.store, &[*key]).await.map(|mut f| f.pop().expect("one answer")));
                }
                found
            }
        }
        .into_iter();
        let mut results: Vec<Option<Result<Queued, StoreError>>> = Vec::with_capacity(jobs.len());
        let mut submissions = Vec::new();
        let mut places = Vec::new();
        for (target, answers) in jobs {
            let attempt_id = match target {
                Target::Attempt(attempt_id) => attempt_id,
                Target::Open { .. } => match found.next().expect("one lookup per open target") {
                    Err(e) => {
                        results.push(Some(Err(e)));
                        continue;
                    }
                    Ok(None) => {
                        results.push(Some(Ok(Queued::NoOpenAttempt)));
                        continue;
                    }
                    Ok(Some((attempt_id, true))) => {
                        results.push(Some(Ok(Queued::Hosted { attempt_id, answers })));
                        continue;
                    }
                    Ok(Some((attempt_id, false))) => attempt_id,
                },
            };
            places.push(results.len());
            results.push(None);
            submissions.push(Submission { attempt_id, answers, reason: SubmitReason::Player });
        }
        let ids: Vec<String> = submissions.iter().map(|s| s.attempt_id.clone()).collect();
        for ((place, attempt_id), outcome) in places.into_iter().zip(ids).zip(self.submit_all(submissions).await) {
            results[place] = Some(outcome.map(|outcome| Queued::Decided { attempt_id, outcome }));
        }
        results.into_iter().map(|r| r.expect("a result for every job")).collect()
    }
}

/// The open attempt of each (player, quiz), with whether the quiz is hosted; on PostgreSQL in one
/// statement (each key an index lookup).
async fn open_attempts(store: &EventStore, keys: &[(&str, i64)]) -> Result<Vec<Option<(String, bool)>>, StoreError> {
    if keys.is_empty() {
        return Ok(Vec::new());
    }
    let mut found = vec![None; keys.len()];
    if store.backend() == Backend::Postgres {
        let keys: Vec<Value> =
            keys.iter().enumerate().map(|(ord, (user_id, category_id))| json!({ "user_id": user_id, "category_id": category_id, "ord": ord })).collect();
        // `limit 1` keeps the lateral lookup a per-key index scan (there is at most one open attempt).
        let rows = sqlx::query(
            "select k.ord, a.attempt_id, c.kind from jsonb_to_recordset($1::text::jsonb) as k (user_id text, category_id bigint, ord bigint) \
             cross join lateral (select attempt_id from attempt where user_id = k.user_id and category_id = k.category_id \
             and status = 'open' limit 1) a join category c on c.category_id = k.category_id",
        )
        .bind(Value::Array(keys).to_string())
        .fetch_all(store.pool())
        .await?;
        for row in rows {
            let ord: i64 = row.try_get(0)?;
            found[ord as usize] = Some((row.try_get(1)?, row.try_get::<String, _>(2)? == "hosted"));
        }
    } else {
        for (slot, (user_id, category_id)) in found.iter_mut().zip(keys) {
            let row = sqlx::query(
                "select a.attempt_id, c.kind from attempt a join category c on c.category_id = a.category_id \
                 where a.user_id = $1 and a.category_id = $2 and a.status = 'open'",
            )
            .bind(*user_id)
            .bind(*category_id)
            .fetch_optional(store.pool())
            .await?;
            if let Some(row) = row {
                *slot = Some((row.try_get(0)?, row.try_get::<String, _>(1)? == "hosted"));
            }
        }
    }
    Ok(found)
}

/// A writer: takes what is waiting (at least one job), writes it in one transaction, answers.
async fn write(scorer: Scorer, receiver: Arc<Mutex<mpsc::Receiver<Job>>>, shutdown: CancellationToken) {
    loop {
        let mut jobs = Vec::new();
        {
            let mut receiver = receiver.lock().await;
            let first = tokio::select! {
                job = receiver.recv() => job,
                _ = shutdown.cancelled() => {
                    // Refuse new jobs (their senders write them themselves) and drain the rest.
                    receiver.close();
                    receiver.recv().await
                }
            };
            let Some(first) = first else { return };
            jobs.push(first);
            while jobs.len() < MOST_PER_BATCH {
                match receiver.try_recv() {
                    Ok(job) => jobs.push(job),
                    Err(_) => break,
                }
            }
        }
        let (work, replies): (Vec<_>, Vec<_>) = jobs.into_iter().map(|j| ((j.target, j.answers), j.reply)).unzip();
        for (reply, result) in replies.into_iter().zip(scorer.submit_jobs(work).await) {
            // The player may have gone: the submission stands all the same.
            let _ = reply.send(result);
        }
    }
}
