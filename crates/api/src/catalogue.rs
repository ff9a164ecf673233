//! The curated catalogue: `content/categories/*.json`, built into the binary, published as events
//! when the server starts. Idempotent: an unchanged file publishes nothing; an edited one publishes
//! a revision in which questions keep their ids by key and new questions get new ones.

use std::collections::HashMap;

use anyhow::Context;
use quizroom_domain::StreamId;
use quizroom_domain::question::QuestionKind;
use quizroom_domain::quiz::{CuratedContent, Letter, Question, Quiz, QuizCommand};
use quizroom_eventstore::{EventStore, Metadata, StoreError};
use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::commands::{allocate_ids, decide_in, load};

#[derive(rust_embed::RustEmbed)]
#[folder = "../../content/categories/"]
struct Files;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CategoryFile {
    slug: String,
    name: String,
    description: String,
    time_limit: i64,
    questions: Vec<QuestionFile>,
}

/// A question of the file: four `options` and the `answer` letter, or a `definition` of any type
/// (as `POST /api/question/update-category-questions` takes it, `docs/hosting-api.md`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct QuestionFile {
    key: String,
    text: String,
    #[serde(default)]
    options: Option<[String; 4]>,
    #[serde(default)]
    answer: Option<String>,
    #[serde(default)]
    definition: Option<QuestionKind>,
    explanation: String,
}

impl QuestionFile {
    /// Its definition, or what is wrong with it.
    fn kind(&self) -> Result<QuestionKind, String> {
        match (&self.definition, &self.options, &self.answer) {
            (Some(kind), None, None) => Ok(kind.clone()),
            (None, Some(options), Some(answer)) => match Letter::parse(answer) {
                Some(letter) => Ok(QuestionKind::from_letters(options.clone(), letter)),
                None => Err(format!("question {}: answer {answer:?} is not a letter from A to D", self.key)),
            },
            _ => Err(format!("question {}: give either options and answer, or a definition", self.key)),
        }
    }
}

/// What publishing the catalogue did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Published {
    pub new: usize,
    pub revised: usize,
    pub unchanged: usize,
}

/// Every curated question built into the binary, for the offline generator's topics. Files that do
/// not read are left out here; [`publish`] reports them when the server starts.
pub fn generator_catalogue() -> Vec<quizroom_generate::CatalogueEntry> {
    let mut names: Vec<_> = Files::iter().filter(|name| name.ends_with(".json")).collect();
    names.sort();
    let mut entries = Vec::new();
    for name in names {
        let Some(file) = Files::get(&name).and_then(|file| serde_json::from_slice::<CategoryFile>(&file.data).ok()) else { continue };
        // The generator writes questions A–D: it draws on those.
        entries.extend(file.questions.into_iter().filter_map(|q| {
            let (options, answer) = q.kind().ok()?.letters()?;
            Some(quizroom_generate::CatalogueEntry { category: file.name.clone(), text: q.text, options, answer, explanation: q.explanation })
        }));
    }
    entries
}

/// Publishes every catalogue file built into the binary that is new or changed.
pub async fn publish(store: &EventStore) -> anyhow::Result<Published> {
    let mut files: Vec<(String, Vec<u8>)> =
        Files::iter().filter(|name| name.ends_with(".json")).filter_map(|name| Files::get(&name).map(|file| (name.to_string(), file.data.to_vec()))).collect();
    files.sort();
    publish_files(store, files).await
}

/// Publishes the given catalogue files (name, contents) that are new or changed.
pub async fn publish_files(store: &EventStore, files: Vec<(String, Vec<u8>)>) -> anyhow::Result<Published> {
    let mut report = Published::default();
    for (name, bytes) in files {
        let file: CategoryFile = serde_json::from_slice(&bytes).with_context(|| format!("catalogue file {name} is not valid"))?;
        let hash = hex::encode(Sha256::digest(&bytes));
        let outcome = crate::retrying!(publish_one(store, &file, &hash));
        match outcome {
            Ok(Ok(Outcome::New)) => report.new += 1,
            Ok(Ok(Outcome::Revised)) => report.revised += 1,
            Ok(Ok(Outcome::Unchanged)) => report.unchanged += 1,
            Ok(Err(why)) => anyhow::bail!("catalogue file {name} is not valid: {why}"),
            // Another node published the same category at the same moment.
            Err(e) if e.conflicting_constraint().is_some() => report.unchanged += 1,
            Err(e) => return Err(e).with_context(|| format!("cannot publish catalogue file {name}")),
        }
    }
    Ok(report)
}

enum Outcome {
    New,
    Revised,
    Unchanged,
}

/// Publishes one file in one transaction; the inner error says what is wrong with the file.
async fn publish_one(store: &EventStore, file: &CategoryFile, hash: &str) -> Result<Result<Outcome, String>, StoreError> {
    let mut tx = store.begin_write().await?;
    let existing = quizroom_projections::quiz::read::curated_by_slug(&mut tx, &file.slug).await?;
    let quiz_id = match existing {
        Some(id) => id,
        None => allocate_ids(&mut tx, "category", 1).await?,
    };
    let stream = StreamId::<Quiz>::new(quiz_id);
    let (quiz, _) = load::<Quiz>(store, &mut tx, &stream).await?;
    if existing.is_some() && quiz.content_hash == hash {
        return Ok(Ok(Outcome::Unchanged));
    }
    let known: HashMap<&str, i64> = quiz.questions.iter().map(|q| (q.key.as_str(), q.id)).collect();
    let fresh = file.questions.iter().filter(|q| !known.contains_key(q.key.as_str())).count() as i64;
    let mut next = if fresh > 0 { allocate_ids(&mut tx, "question", fresh).await? } else { 0 };
    let mut questions = Vec::with_capacity(file.questions.len());
    for q in &file.questions {
        let id = match known.get(q.key.as_str()) {
            Some(id) => *id,
            None => {
                next += 1;
                next - 1
            }
        };
        let kind = match q.kind() {
            Ok(kind) => kind,
            Err(why) => return Ok(Err(why)),
        };
        questions.push(Question { id, key: q.key.clone(), text: q.text.clone(), kind, explanation: q.explanation.clone(), media: None, pictures: Vec::new() });
    }
    let content = CuratedContent {
        slug: file.slug.clone(),
        name: file.name.clone(),
        description: file.description.clone(),
        time_limit_minutes: file.time_limit,
        questions,
        content_hash: hash.to_owned(),
    };
    let metadata = Metadata { actor: Some("catalogue".into()), ..Default::default() };
    match decide_in::<Quiz>(store, &mut tx, &stream, &metadata, QuizCommand::PublishCurated { quiz_id, content }).await? {
        Ok(decided) if decided.events.is_empty() => return Ok(Ok(Outcome::Unchanged)),
        Ok(_) => {}
        Err(e) => return Ok(Err(e.to_string())),
    }
    tx.commit().await?;
    store.committed();
    Ok(Ok(if quiz.id.is_some() { Outcome::Revised } else { Outcome::New }))
}
