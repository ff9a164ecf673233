//! The chat-completions generator, for any server speaking OpenAI's protocol (OpenAI, Ollama,
//! vLLM, llama.cpp server): `POST {url}/chat/completions` with a JSON schema for the answer.
//!
//! A long document is cut into chunks of at most `max_chars_per_request` characters, and the
//! questions asked for are spread over the chunks in proportion to their length; chunks are
//! sent one after the other, which keeps within a local server's capacity and rate limits.
//! Each request has a timeout (not retried: the host is waiting), is retried with exponential
//! backoff and jitter on 429 and 5xx (a `Retry-After` in seconds is honoured), at most
//! `max_tries` times, and not retried on other 4xx. Output that is not the expected JSON is asked
//! for once more, then fails the generation.

use std::time::Duration;

use rand::Rng;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::check::{Candidate, Proposed, check};
use crate::typed::TypedQuestion;
use crate::{FOUR_OPTIONS, GenerateError, GenerateRequest, Generation, Generator, PassageInput, typed};

/// Where and how to reach the model.
#[derive(Clone)]
pub struct LlmConfig {
    /// The API's base URL, e.g. `http://127.0.0.1:11434/v1`.
    pub url: String,
    pub model: String,
    /// Sent as a bearer token when set.
    pub api_key: Option<String>,
    /// Per request, connection to last byte.
    pub timeout: Duration,
    /// Attempts per request on 429, 5xx and connection errors, the first included.
    pub max_tries: u32,
    /// The most passage text sent in one request.
    pub max_chars_per_request: usize,
    /// The first backoff; doubled on each retry, with jitter, up to `max_backoff`.
    pub base_backoff: Duration,
    pub max_backoff: Duration,
}

impl LlmConfig {
    pub fn new(url: impl Into<String>, model: impl Into<String>, api_key: Option<String>) -> Self {
        Self {
            url: url.into(),
            model: model.into(),
            api_key,
            timeout: Duration::from_secs(60),
            max_tries: 4,
            max_chars_per_request: 12_000,
            base_backoff: Duration::from_millis(500),
            max_backoff: Duration::from_secs(30),
        }
    }
}

impl std::fmt::Debug for LlmConfig {
    // The key is a secret: never printed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LlmConfig")
            .field("url", &self.url)
            .field("model", &self.model)
            .field("api_key", &self.api_key.as_ref().map(|_| "<redacted>"))
            .field("timeout", &self.timeout)
            .field("max_tries", &self.max_tries)
            .field("max_chars_per_request", &self.max_chars_per_request)
            .finish_non_exhaustive()
    }
}

/// The chat-completions generator.
#[derive(Debug, Clone)]
pub struct LlmGenerator {
    config: LlmConfig,
    client: reqwest::Client,
}

/// A chunk of the document sent in one request, and how many questions to ask of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    pub passages: Vec<PassageInput>,
    pub questions: usize,
}

const SYSTEM_PROMPT: &str = "You write multiple-choice quiz questions. Each question has exactly four distinct options, \
exactly one of them correct, and a short explanation of why it is correct. Answer only with JSON matching the schema.";

impl LlmGenerator {
    /// Installs ring as the process's rustls provider if none is installed yet (reqwest, built
    /// with `rustls-no-provider`, panics without one; the server installs ring at start).
    pub fn new(config: LlmConfig) -> Result<Self, GenerateError> {
        if config.url.trim().is_empty() || config.model.trim().is_empty() {
            return Err(GenerateError::Config("the URL and the model are required".into()));
        }
        if rustls::crypto::CryptoProvider::get_default().is_none() {
            // Losing a race with another installer is fine: either way a provider is in place.
            let _ = rustls::crypto::ring::default_provider().install_default();
        }
        let client = reqwest::Client::builder().timeout(config.timeout).build().map_err(|error| GenerateError::Config(error.to_string()))?;
        Ok(Self { config, client })
    }

    async fn request(&self, prompt: &str, questions: usize, types: &[&str]) -> Result<Vec<Candidate>, GenerateError> {
        // Four options alone keep the schema and the words they always had.
        let (system, schema, prompt) = if types == [FOUR_OPTIONS] {
            (SYSTEM_PROMPT, schema(), prompt.to_owned())
        } else {
            (typed::SYSTEM_PROMPT, typed::schema(types), format!("{prompt}\n{}", typed::asking_for(types)))
        };
        let body = json!({
            "model": self.config.model,
            "messages": [{ "role": "system", "content": system }, { "role": "user", "content": prompt }],
            "temperature": 0.4,
            "response_format": {
                "type": "json_schema",
                "json_schema": { "name": "quiz_questions", "strict": true, "schema": schema },
            },
        });
        let mut invalid_retried = false;
        loop {
            let content = self.send(&body).await?;
            match parse_output(&content) {
                Ok(candidates) => return Ok(candidates.into_iter().take(questions.max(1) * 2).collect()),
                Err(reason) if !invalid_retried => {
                    tracing::warn!(%reason, "the question generator returned invalid output; asking again");
                    invalid_retried = true;
                }
                Err(reason) => return Err(GenerateError::InvalidOutput(reason)),
            }
        }
    }

    /// One chat completion, with retries; returns `choices[0].message.content`.
    async fn send(&self, body: &Value) -> Result<String, GenerateError> {
        let url = format!("{}/chat/completions", self.config.url.trim_end_matches('/'));
        let mut attempt = 0;
        loop {
            attempt += 1;
            let mut builder = self.client.post(&url).json(body);
            if let Some(key) = &self.config.api_key {
                builder = builder.bearer_auth(key);
            }
            let failure = match builder.send().await {
                Ok(response) => {
                    let status = response.status();
                    let retry_after = response
                        .headers()
                        .get(reqwest::header::RETRY_AFTER)
                        .and_then(|value| value.to_str().ok())
                        .and_then(|value| value.trim().parse::<u64>().ok())
                        .map(Duration::from_secs);
                    let text = response.text().await.map_err(|error| self.transport(&error))?;
                    if status.is_success() {
                        return content_of(&text);
                    }
                    let error = GenerateError::LlmStatus { status: status.as_u16(), message: message_of(&text) };
                    if !(status.as_u16() == 429 || status.is_server_error()) {
                        return Err(error);
                    }
                    (error, retry_after)
                }
                Err(error) if error.is_timeout() => return Err(self.transport(&error)),
                Err(error) => (self.transport(&error), None),
            };
            if attempt >= self.config.max_tries.max(1) {
                return Err(failure.0);
            }
            let delay = failure.1.map(|wait| wait.min(self.config.max_backoff)).unwrap_or_else(|| self.backoff(attempt));
            tracing::warn!(error = %failure.0, attempt, delay_ms = delay.as_millis() as u64, "retrying the question generator");
            tokio::time::sleep(delay).await;
        }
    }

    fn transport(&self, error: &reqwest::Error) -> GenerateError {
        if error.is_timeout() {
            GenerateError::LlmTimeout { seconds: self.config.timeout.as_secs().max(1) }
        } else {
            GenerateError::LlmUnreachable(error.to_string())
        }
    }

    /// Exponential with "equal jitter": half the step fixed, half random.
    fn backoff(&self, attempt: u32) -> Duration {
        let step = self.config.base_backoff.saturating_mul(1 << (attempt - 1).min(16)).min(self.config.max_backoff);
        let half = step / 2;
        half + half.mul_f64(rand::rng().random_range(0.0..=1.0))
    }
}

#[async_trait::async_trait]
impl Generator for LlmGenerator {
    fn name(&self) -> &'static str {
        "llm"
    }

    async fn generate(&self, request: &GenerateRequest) -> Result<Generation, GenerateError> {
        let count = request.count.max(1);
        let types = request.types();
        let passages: Vec<PassageInput> = request.passages.iter().filter(|passage| !passage.text.trim().is_empty()).cloned().collect();
        let mut candidates = Vec::new();
        if passages.is_empty() {
            if !request.passages.is_empty() {
                return Err(GenerateError::TooLittleText);
            }
            if request.topics.trim().is_empty() {
                return Err(GenerateError::NothingToGenerate);
            }
            let prompt = format!(
                "Write {count} quiz questions for a quiz titled \"{}\" on these topics:\n{}\nUse 0 as passage_index.",
                request.title.trim(),
                request.topics.trim()
            );
            candidates.extend(self.request(&prompt, count, &types).await?);
        } else {
            for chunk in chunks(&passages, count, self.config.max_chars_per_request) {
                if chunk.questions == 0 {
                    continue;
                }
                let mut prompt = format!(
                    "Write {} quiz questions for a quiz titled \"{}\" from the passages below. Every question must be answerable \
                     from one passage; give that passage's number as passage_index.",
                    chunk.questions,
                    request.title.trim()
                );
                if !request.topics.trim().is_empty() {
                    prompt.push_str(&format!(" Focus on: {}.", request.topics.trim()));
                }
                for passage in &chunk.passages {
                    prompt.push_str(&format!("\n\n[passage {}]\n{}", passage.index, passage.text.trim()));
                }
                candidates.extend(self.request(&prompt, chunk.questions, &types).await?);
            }
        }
        let (questions, dropped) = check(candidates, &request.passages, count, &types);
        if questions.is_empty() {
            return Err(GenerateError::InvalidOutput("none of the questions passed the checks".into()));
        }
        Ok(Generation { questions, dropped, generator: "llm" })
    }
}

/// The JSON schema of the answer.
pub fn schema() -> Value {
    json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["questions"],
        "properties": {
            "questions": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["question", "options", "correct_letter", "explanation", "passage_index"],
                    "properties": {
                        "question": { "type": "string" },
                        "options": { "type": "array", "items": { "type": "string" }, "minItems": 4, "maxItems": 4 },
                        "correct_letter": { "type": "string", "enum": ["A", "B", "C", "D"] },
                        "explanation": { "type": "string" },
                        "passage_index": { "type": "integer" },
                    },
                },
            },
        },
    })
}

/// Cuts passages into chunks of at most `max_chars` characters (a longer passage is split at
/// sentence or word boundaries and keeps its index) and spreads `count` questions over them in
/// proportion to their length (largest remainder).
pub fn chunks(passages: &[PassageInput], count: usize, max_chars: usize) -> Vec<Chunk> {
    let max_chars = max_chars.max(200);
    let mut pieces = Vec::new();
    for passage in passages {
        let mut rest = passage.text.trim();
        while rest.chars().count() > max_chars {
            let limit = rest.char_indices().nth(max_chars).map_or(rest.len(), |(at, _)| at);
            let head = &rest[..limit];
            let cut = head.rfind(". ").map(|at| at + 1).filter(|at| *at > limit / 2).or_else(|| head.rfind(' ')).unwrap_or(limit);
            pieces.push(PassageInput { index: passage.index, page: passage.page, text: rest[..cut].trim().to_owned() });
            rest = rest[cut..].trim_start();
        }
        if !rest.is_empty() {
            pieces.push(PassageInput { index: passage.index, page: passage.page, text: rest.to_owned() });
        }
    }
    let mut chunks: Vec<Chunk> = Vec::new();
    let mut size = 0;
    for piece in pieces {
        let length = piece.text.chars().count();
        match chunks.last_mut() {
            Some(chunk) if size + length <= max_chars => chunk.passages.push(piece),
            _ => {
                chunks.push(Chunk { passages: vec![piece], questions: 0 });
                size = 0;
            }
        }
        size += length;
    }
    let lengths: Vec<usize> = chunks.iter().map(|chunk| chunk.passages.iter().map(|p| p.text.chars().count()).sum()).collect();
    let total: usize = lengths.iter().sum::<usize>().max(1);
    let mut remainders: Vec<(usize, usize)> = Vec::new();
    let mut given = 0;
    for (i, length) in lengths.iter().enumerate() {
        let share = count * length;
        chunks[i].questions = share / total;
        given += chunks[i].questions;
        remainders.push((share % total, i));
    }
    remainders.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, i) in remainders.into_iter().take(count.saturating_sub(given)) {
        chunks[i].questions += 1;
    }
    chunks
}

#[derive(Deserialize)]
struct Output {
    questions: Vec<Value>,
}

#[derive(Deserialize)]
struct RawQuestion {
    question: String,
    options: Vec<String>,
    correct_letter: String,
    #[serde(default)]
    explanation: String,
    #[serde(default)]
    passage_index: Option<i64>,
}

/// `choices[0].message.content` of a chat completion.
fn content_of(body: &str) -> Result<String, GenerateError> {
    let value: Value = serde_json::from_str(body).map_err(|error| GenerateError::InvalidOutput(format!("the response is not JSON: {error}")))?;
    value
        .pointer("/choices/0/message/content")
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| GenerateError::InvalidOutput("the response has no choices[0].message.content".into()))
}

/// The error message in an error body, or its start.
fn message_of(body: &str) -> String {
    let from_json = serde_json::from_str::<Value>(body)
        .ok()
        .and_then(|value| value.pointer("/error/message").or_else(|| value.get("error")).and_then(Value::as_str).map(str::to_owned));
    crate::text::truncate_words(from_json.as_deref().unwrap_or(body).trim(), 200)
}

/// The questions in the model's answer: plain JSON, or JSON inside a ```json fence for servers
/// that ignore `response_format`.
pub fn parse_output(content: &str) -> Result<Vec<Candidate>, String> {
    let trimmed = content.trim();
    let json_text = match trimmed.find("```") {
        Some(open) => {
            let after = &trimmed[open + 3..];
            let after = after.strip_prefix("json").or_else(|| after.strip_prefix("JSON")).unwrap_or(after);
            after.find("```").map_or(after, |close| &after[..close]).trim()
        }
        None => trimmed,
    };
    let output: Output = serde_json::from_str(json_text).map_err(|error| format!("the answer is not the expected JSON: {error}"))?;
    if output.questions.is_empty() {
        return Err("the answer has no questions".into());
    }
    output.questions.into_iter().map(candidate).collect()
}

/// One question of the answer: typed when it names its `type`, else four options and a letter.
fn candidate(value: Value) -> Result<Candidate, String> {
    let wrong_shape = |error: serde_json::Error| format!("a question is not the expected JSON: {error}");
    if value.get("type").is_some() {
        let raw: TypedQuestion = serde_json::from_value(value).map_err(wrong_shape)?;
        let answer = raw.proposed();
        return Ok(Candidate { answer, question: raw.question, explanation: raw.explanation, passage: passage(raw.passage_index), excerpt: None });
    }
    let raw: RawQuestion = serde_json::from_value(value).map_err(wrong_shape)?;
    Ok(Candidate {
        question: raw.question,
        answer: Proposed::Letters { options: raw.options, correct_letter: raw.correct_letter },
        explanation: raw.explanation,
        passage: passage(raw.passage_index),
        excerpt: None,
    })
}

fn passage(index: Option<i64>) -> Option<usize> {
    index.and_then(|index| usize::try_from(index).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn passage(index: usize, chars: usize) -> PassageInput {
        PassageInput { index, page: None, text: "word. ".repeat(chars / 6) }
    }

    #[test]
    fn questions_are_spread_over_chunks_in_proportion_to_their_length() {
        let passages = vec![passage(0, 6000), passage(1, 6000), passage(2, 3000), passage(3, 25_000)];
        let chunks = chunks(&passages, 20, 12_000);
        assert!(chunks.iter().all(|chunk| chunk.passages.iter().map(|p| p.text.chars().count()).sum::<usize>() <= 12_000));
        assert_eq!(chunks.iter().map(|chunk| chunk.questions).sum::<usize>(), 20);
        assert!(chunks.len() >= 4, "{}", chunks.len());
        assert!(chunks.iter().flat_map(|chunk| &chunk.passages).filter(|p| p.index == 3).count() >= 3);
    }

    #[test]
    fn the_backoff_doubles_with_jitter_up_to_the_ceiling() {
        let mut config = LlmConfig::new("http://127.0.0.1:1/v1", "m", None);
        config.base_backoff = Duration::from_millis(100);
        config.max_backoff = Duration::from_millis(1000);
        let generator = LlmGenerator::new(config).unwrap();
        for (attempt, step) in [(1, 100), (2, 200), (3, 400), (4, 800), (5, 1000), (30, 1000)] {
            let delay = generator.backoff(attempt).as_millis() as u64;
            assert!((step / 2..=step).contains(&delay), "attempt {attempt}: {delay} ms");
        }
    }

    #[test]
    fn fenced_json_is_accepted_and_wrong_shapes_are_not() {
        let fenced = "Here you go:\n```json\n{\"questions\":[{\"question\":\"Q?\",\"options\":[\"a\",\"b\",\"c\",\"d\"],\"correct_letter\":\"B\",\"explanation\":\"e\",\"passage_index\":2}]}\n```";
        let parsed = parse_output(fenced).unwrap();
        assert_eq!(parsed[0].passage, Some(2));
        assert!(matches!(&parsed[0].answer, Proposed::Letters { correct_letter, .. } if correct_letter == "B"));
        assert!(parse_output("not json").is_err());
        assert!(parse_output("{\"questions\": \"none\"}").is_err());
        assert!(parse_output("{\"items\": []}").is_err());
    }
}
