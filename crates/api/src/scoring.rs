//! Scoring submissions, alone or in groups: the one place an attempt is submitted.
//!
//! [`submit`] submits one attempt in a transaction of its own (retrying version conflicts).
//! [`SubmitQueue`] is the group commit of players' submissions: the submissions that arrive while
//! one is being written wait for the next transaction and are written together in it, so a busy
//! server pays one read of the attempts, one append, one projection statement and one commit for
//! many submissions (decision 0017). Each submission is decided on its own attempt as in
//! [`submit`]; a batch that fails on the store (a version conflict, a database error) is rolled
//! back and its submissions are carried out one by one, so grouping changes how many transactions
//! there are and never what they record. Who may submit is decided before a submission is queued
//! (`access`). [`QuizVersions`] serves the answer keys they are scored with.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use quizroom_domain::attempt::{Attempt, AttemptCommand, AttemptError, SubmitReason, Submitted};
use quizroom_domain::question::{QuestionKind, Response};
use quizroom_domain::quiz::Quiz;
use quizroom_domain::{Aggregate, StreamId};
use quizroom_eventstore::{EventStore, StoreError};
use quizroom_projections::attempt::read as attempts;
use sqlx::AnyConnection;
use tokio::sync::{Mutex, mpsc, oneshot};
use tokio_util::sync::CancellationToken;

use crate::clock::Clock;
use crate::commands::{decide_on, encode, expected, fold, load, metadata};
use crate::group_commit::{GroupWrite, next_group, write_grouped};

/// Answers as sent: question id and the player's response (`None`: unanswered).
pub type Answers = Vec<(i64, Option<Response>)>;

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
    /// per submission in the order given. A second submission of an attempt already in the group
    /// follows it on its own (and is then told the attempt was submitted).
    pub async fn submit_all(&self, submissions: Vec<Submission>) -> Vec<Outcome> {
        let submissions: Vec<&Submission> = submissions.iter().collect();
        write_grouped(self, &submissions).await
    }

    /// All of `submissions` (distinct attempts) in one transaction, or the store's error.
    async fn try_together(&self, submissions: &[&Submission]) -> Result<Vec<Outcome>, StoreError> {
        let mut tx = self.store.begin_write().await?;
        let streams: Vec<StreamId<Attempt>> = submissions.iter().map(|s| StreamId::new(&s.attempt_id)).collect();
        let ids: Vec<&str> = streams.iter().map(StreamId::as_str).collect();
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
            let key = quiz.questions.iter().map(|q| (q.id, q.kind.clone())).collect();
            let actor = if submission.reason == SubmitReason::Timeout { "server".to_owned() } else { attempt.user_id.clone() };
            let command = AttemptCommand::Submit { answers: submission.answers.clone(), key, reason: submission.reason, now };
            match attempt.decide(command) {
                Ok(events) => {
                    let state = events.iter().fold(attempt, |s, e| s.evolve(e));
                    appends.push((stream.as_str().to_owned(), expected(version), encode(&events, &metadata(&actor, "submit"))));
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

/// Submissions are written in groups (`group_commit`).
impl GroupWrite for Scorer {
    type Item = Submission;
    type Outcome = Outcome;
    type Failed = StoreError;
    const WHAT: &'static str = "submissions";

    fn stream(submission: &Submission) -> &str {
        &submission.attempt_id
    }

    async fn together(&self, submissions: &[&Submission]) -> Result<Vec<Outcome>, StoreError> {
        self.try_together(submissions).await
    }

    /// One submission in a transaction of its own, retrying version conflicts.
    async fn alone(&self, s: &Submission) -> Outcome {
        submit(&self.store, &self.quizzes, self.clock.as_ref(), &s.attempt_id, s.answers.clone(), s.reason).await
    }
}

/// What the queue did with a player's submission.
pub enum Queued {
    /// Decided on this attempt: submitted, or why not.
    Decided { attempt_id: String, outcome: Result<(Submitted, Arc<Quiz>), AttemptError> },
    /// The player has no open attempt on this quiz.
    NoOpenAttempt,
}

/// A player's submission on a quiz, waiting for a writer.
struct Job {
    user_id: String,
    category_id: i64,
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

    /// The player's submission on their open attempt of quiz `category_id`, written in the next
    /// transaction with whatever else is waiting. The caller has checked that they may submit.
    pub async fn submit(&self, user_id: &str, category_id: i64, answers: Answers) -> Result<Queued, StoreError> {
        let (reply, answer) = oneshot::channel();
        let job = Job { user_id: user_id.to_owned(), category_id, answers, reply };
        match self.jobs.send(job).await {
            Ok(()) => answer.await.unwrap_or(Err(StoreError::Database(sqlx::Error::WorkerCrashed))),
            // The writers have stopped (the server is shutting down): write it here.
            Err(mpsc::error::SendError(job)) => self.scorer.submit_jobs(vec![(job.user_id, job.category_id, job.answers)]).await.pop().expect("one outcome"),
        }
    }
}

impl Scorer {
    /// Players' submissions: open attempts looked up in one query, then [`submit_all`](Self::submit_all).
    async fn submit_jobs(&self, jobs: Vec<(String, i64, Answers)>) -> Vec<Result<Queued, StoreError>> {
        let keys: Vec<(&str, i64)> = jobs.iter().map(|(user_id, category_id, _)| (user_id.as_str(), *category_id)).collect();
        let found = match attempts::open_attempts(&self.store, &keys).await {
            Ok(found) => found.into_iter().map(Ok).collect::<Vec<_>>(),
            // Each on its own then, so each gets its own error.
            Err(_) => {
                let mut found = Vec::with_capacity(keys.len());
                for key in &keys {
                    found.push(attempts::open_attempts(&self.store, &[*key]).await.map(|mut f| f.pop().expect("one answer")));
                }
                found
            }
        };
        let mut results: Vec<Option<Result<Queued, StoreError>>> = Vec::with_capacity(jobs.len());
        let mut submissions = Vec::new();
        let mut places = Vec::new();
        for ((_, _, answers), found) in jobs.into_iter().zip(found) {
            match found {
                Err(e) => results.push(Some(Err(e))),
                Ok(None) => results.push(Some(Ok(Queued::NoOpenAttempt))),
                Ok(Some(attempt_id)) => {
                    places.push(results.len());
                    results.push(None);
                    submissions.push(Submission { attempt_id, answers, reason: SubmitReason::Player });
                }
            }
        }
        let ids: Vec<String> = submissions.iter().map(|s| s.attempt_id.clone()).collect();
        for ((place, attempt_id), outcome) in places.into_iter().zip(ids).zip(self.submit_all(submissions).await) {
            results[place] = Some(outcome.map(|outcome| Queued::Decided { attempt_id, outcome }));
        }
        results.into_iter().map(|r| r.expect("a result for every job")).collect()
    }
}

/// A writer: takes what is waiting (at least one job), writes it in one transaction, answers.
async fn write(scorer: Scorer, receiver: Arc<Mutex<mpsc::Receiver<Job>>>, shutdown: CancellationToken) {
    loop {
        let jobs = {
            let mut receiver = receiver.lock().await;
            let Some(jobs) = next_group(&mut receiver, &shutdown, MOST_PER_BATCH).await else { return };
            jobs
        };
        let (work, replies): (Vec<_>, Vec<_>) = jobs.into_iter().map(|j| ((j.user_id, j.category_id, j.answers), j.reply)).unzip();
        for (reply, result) in replies.into_iter().zip(scorer.submit_jobs(work).await) {
            // The player may have gone: the submission stands all the same.
            let _ = reply.send(result);
        }
    }
}

/// Submits attempt `attempt_id`: scores `answers` (or, late or on timeout, the saved answers)
/// with the answer key of the version it was served, in one transaction. Returns the submission
/// and that version of the quiz.
pub async fn submit(store: &EventStore, quizzes: &QuizVersions, clock: &dyn Clock, attempt_id: &str, answers: Answers, reason: SubmitReason) -> Outcome {
    crate::retrying!(submit_once(store, quizzes, clock, attempt_id, answers.clone(), reason))
}

async fn submit_once(store: &EventStore, quizzes: &QuizVersions, clock: &dyn Clock, attempt_id: &str, answers: Answers, reason: SubmitReason) -> Outcome {
    let stream = StreamId::<Attempt>::new(attempt_id);
    let mut tx = store.begin_write().await?;
    let (attempt, version) = load(store, &mut tx, &stream).await?;
    if !attempt.started {
        return Ok(Err(AttemptError::NotStarted));
    }
    let quiz = quizzes.get(store, &mut tx, attempt.quiz_id, attempt.quiz_version).await?;
    let key: BTreeMap<i64, QuestionKind> = quiz.questions.iter().map(|q| (q.id, q.kind.clone())).collect();
    let command = AttemptCommand::Submit { answers, key, reason, now: clock.now_ms() };
    let actor = if reason == SubmitReason::Timeout { "server".to_owned() } else { attempt.user_id.clone() };
    let decided = match decide_on(store, &mut tx, &stream, attempt, version, &metadata(&actor, "submit"), command).await? {
        Ok(decided) => decided,
        Err(e) => return Ok(Err(e)),
    };
    tx.commit().await?;
    store.committed();
    Ok(Ok((decided.state.submitted.expect("a submitted attempt"), quiz)))
}

/// Quizzes by (id, version). A version never changes, so it is read from the log once and then
/// served from memory to every submission that scores against it.
#[derive(Default)]
pub struct QuizVersions {
    cache: std::sync::Mutex<HashMap<(i64, i64), Arc<Quiz>>>,
}

impl QuizVersions {
    /// Entries kept before the cache starts over (a few hundred quizzes in play at once).
    const MOST: usize = 1024;

    /// [`get`](Self::get) outside a transaction: a connection of the pool is taken only when the
    /// quiz is not cached (saving an answer and resuming an attempt read a cached quiz).
    pub async fn get_pooled(&self, store: &EventStore, quiz_id: i64, version: i64) -> Result<Arc<Quiz>, StoreError> {
        if let Some(quiz) = self.cache.lock().expect("quiz cache lock").get(&(quiz_id, version)) {
            return Ok(quiz.clone());
        }
        self.get(store, &mut *store.pool().acquire().await?, quiz_id, version).await
    }

    pub async fn get(&self, store: &EventStore, conn: &mut AnyConnection, quiz_id: i64, version: i64) -> Result<Arc<Quiz>, StoreError> {
        if let Some(quiz) = self.cache.lock().expect("quiz cache lock").get(&(quiz_id, version)) {
            return Ok(quiz.clone());
        }
        let quiz = Arc::new(quiz_at(store, conn, quiz_id, version).await?);
        let mut cache = self.cache.lock().expect("quiz cache lock");
        if cache.len() >= Self::MOST {
            cache.clear();
        }
        cache.insert((quiz_id, version), quiz.clone());
        Ok(quiz)
    }
}

/// The quiz `quiz_id` as it was at stream version `version` (what an attempt was served).
pub async fn quiz_at(store: &EventStore, conn: &mut AnyConnection, quiz_id: i64, version: i64) -> Result<Quiz, StoreError> {
    let events = store.read_stream_in(conn, StreamId::<Quiz>::new(quiz_id).as_str(), 1).await?;
    let mut quiz = Quiz::default();
    for e in events.iter().filter(|e| e.version <= version) {
        let event = quizroom_projections::decode(e).map_err(|d| StoreError::Corrupt { position: e.position, message: d.to_string() })?;
        quiz = quiz.evolve(&event);
    }
    Ok(quiz)
}
