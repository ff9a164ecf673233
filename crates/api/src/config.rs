//! Configuration: one typed struct; every setting a flag with an environment variable and a
//! documented default. The database URL may hold a password, so `Debug` redacts it.

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::Context;
use quizroom_eventstore::redact_url;

/// Where the data lives; shared by every subcommand.
#[derive(clap::Args, Clone)]
pub struct DbArgs {
    /// Directory for the embedded database and local state.
    #[arg(long, env = "QUIZROOM_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,
    /// `postgres://user:password@host/db` for PostgreSQL; unset: an SQLite file in the data directory.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,
}

impl std::fmt::Debug for DbArgs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DbArgs").field("data_dir", &self.data_dir).field("database_url", &self.database_url.as_deref().map(redact_url)).finish()
    }
}

impl DbArgs {
    /// Makes sure the data directory exists and is writable, and returns the database URL.
    pub fn prepare(&self) -> anyhow::Result<String> {
        let dir = &self.data_dir;
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create the data directory {}", dir.display()))?;
        let probe = dir.join(".quizroom-write-test");
        std::fs::write(&probe, b"ok").with_context(|| format!("the data directory {} is not writable", dir.display()))?;
        let _ = std::fs::remove_file(probe);
        Ok(match &self.database_url {
            Some(url) if !url.is_empty() => url.clone(),
            _ => {
                let file = std::path::absolute(dir.join("quizroom.db")).context("cannot resolve the data directory")?;
                format!("sqlite://{}", file.display())
            }
        })
    }
}

/// The `serve` settings.
#[derive(clap::Args, Clone, Debug)]
pub struct Config {
    /// Address and port to listen on.
    #[arg(long, env = "QUIZROOM_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    #[command(flatten)]
    pub db: DbArgs,
    /// The built web app to serve (`npm run build` in web/); skipped when it does not exist.
    #[arg(long, env = "QUIZROOM_WEB_DIR", default_value = "web/dist")]
    pub web_dir: PathBuf,
    /// Log format: `text` or `json`.
    #[arg(long, env = "QUIZROOM_LOG_FORMAT", default_value = "text")]
    pub log_format: String,
    /// Secret that signs session tokens (at least 32 characters); unset: generated once into
    /// `<data dir>/jwt-secret`. Nodes of one cluster must share it.
    #[arg(long, env = "QUIZROOM_JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<Secret>,
    /// How long a session token is valid, in hours.
    #[arg(long, env = "QUIZROOM_JWT_TTL_HOURS", default_value_t = 168)]
    pub jwt_ttl_hours: u64,
    /// SMTP server for mail, e.g. `smtp://127.0.0.1:2525` or `smtps://user:pass@host`; unset: mail
    /// goes to the log and the development mailbox page.
    #[arg(long, env = "QUIZROOM_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<Secret>,
    /// The sender of Quizroom's mail.
    #[arg(long, env = "QUIZROOM_MAIL_FROM", default_value = "Quizroom <no-reply@quizroom.local>")]
    pub mail_from: String,
    /// Tokens granted when a new account verifies its e-mail.
    #[arg(long, env = "QUIZROOM_WELCOME_TOKENS", default_value_t = 5)]
    pub welcome_tokens: i64,
    /// The media (pictures, sound, video) one account may upload in all, in megabytes.
    #[arg(long, env = "QUIZROOM_MEDIA_QUOTA_MB", default_value_t = 500)]
    pub media_quota_mb: u64,
    /// The base URL of an OpenAI-compatible API for generating questions (`{url}/chat/completions`
    /// is called), e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1` (Ollama);
    /// unset: the built-in offline generator.
    #[arg(long, env = "QUIZROOM_LLM_URL")]
    pub llm_url: Option<String>,
    /// The model the endpoint runs (required with `QUIZROOM_LLM_URL`).
    #[arg(long, env = "QUIZROOM_LLM_MODEL")]
    pub llm_model: Option<String>,
    /// The endpoint's API key, sent as a bearer token.
    #[arg(long, env = "QUIZROOM_LLM_API_KEY", hide_env_values = true)]
    pub llm_api_key: Option<Secret>,
    /// Reverse proxies in front of the server, as addresses or networks separated by commas
    /// (`127.0.0.1,10.0.0.0/8`): from them, the client is the right-most address of
    /// `X-Forwarded-For` that is not one of them. Unset: the socket's peer is the client.
    #[arg(long, env = "QUIZROOM_TRUSTED_PROXIES", value_delimiter = ',')]
    pub trusted_proxies: Vec<crate::client::Cidr>,
    #[command(flatten)]
    pub connections: ConnectionArgs,
}

/// How long connections may dawdle and how many one client address may hold.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct ConnectionArgs {
    /// Seconds a client has to send a request's header (from connecting, or from the previous
    /// answer on a kept-alive connection).
    #[arg(long, env = "QUIZROOM_HEADER_TIMEOUT_SECS", default_value_t = 10)]
    pub header_timeout_secs: u64,
    /// Seconds an HTTP connection may stay silent between requests, or a request body between its
    /// parts, before it is closed; not while a request is being answered, nor on WebSockets.
    #[arg(long, env = "QUIZROOM_IDLE_TIMEOUT_SECS", default_value_t = 60)]
    pub idle_timeout_secs: u64,
    /// Connections (HTTP and WebSocket) one client address holds at once, IPv6 per /64; 0: no
    /// ceiling. Behind a reverse proxy every client has the proxy's address: raise it, or 0.
    #[arg(long, env = "QUIZROOM_CONNECTIONS_PER_ADDRESS", default_value_t = 2000)]
    pub connections_per_address: usize,
}

impl Default for ConnectionArgs {
    fn default() -> Self {
        ConnectionArgs { header_timeout_secs: 10, idle_timeout_secs: 60, connections_per_address: 2000 }
    }
}

impl ConnectionArgs {
    pub fn limits(&self) -> crate::serving::Limits {
        crate::serving::Limits {
            header_timeout: std::time::Duration::from_secs(self.header_timeout_secs.max(1)),
            idle_timeout: std::time::Duration::from_secs(self.idle_timeout_secs.max(1)),
            per_address: self.connections_per_address,
        }
    }
}

/// A setting that must not be printed (Debug shows `***`).
#[derive(Clone)]
pub struct Secret(pub String);

impl std::str::FromStr for Secret {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Secret(s.to_owned()))
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("***")
    }
}

impl Config {
    /// The defaults, as `quizroom serve` with no flags and no environment would have them.
    pub fn new(db: DbArgs) -> Config {
        Config {
            addr: "127.0.0.1:8080".parse().expect("a valid address"),
            db,
            web_dir: PathBuf::from("web/dist"),
            log_format: "text".into(),
            jwt_secret: None,
            jwt_ttl_hours: 168,
            smtp_url: None,
            mail_from: "Quizroom <no-reply@quizroom.local>".into(),
            welcome_tokens: 5,
            media_quota_mb: 500,
            llm_url: None,
            llm_model: None,
            llm_api_key: None,
            trusted_proxies: Vec::new(),
            connections: ConnectionArgs::default(),
        }
    }

    /// The chat-completions generator's settings, when `llm_url` is set.
    pub fn llm(&self) -> anyhow::Result<Option<quizroom_generate::LlmConfig>> {
        let Some(url) = self.llm_url.as_deref().filter(|url| !url.is_empty()) else { return Ok(None) };
        let model = self.llm_model.as_deref().filter(|m| !m.is_empty()).context("QUIZROOM_LLM_MODEL must be set with QUIZROOM_LLM_URL")?;
        Ok(Some(quizroom_generate::LlmConfig::new(url, model, self.llm_api_key.as_ref().map(|key| key.0.clone()))))
    }
}
