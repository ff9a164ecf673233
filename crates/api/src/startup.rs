//! Starting and stopping: logs, the store, projectors, the listener, and graceful shutdown.
//!
//! Shutdown: on SIGTERM or Ctrl-C the listener stops accepting, in-flight requests finish, and the
//! `shutdown` token stops the projectors and subscriptions, which end between batches (a batch is
//! one transaction, so none is cut in half).

use std::sync::Arc;

use anyhow::Context;
use quizroom_eventstore::{EventStore, Projector, StoreOptions, redact_url};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;
use tracing_subscriber::EnvFilter;

use crate::app::app;
use crate::clock::{Clock, SystemClock};
use crate::config::{Config, DbArgs};
use crate::mail::{Mailer, run_mailer};
use crate::payment::{PaymentProvider, TestModeProvider};
use crate::scoring::{QuizVersions, Scorer, SubmitQueue};
use crate::state::AppState;
use crate::tokens::Keys;

/// The most WebSocket connections one node holds.
const MAX_SOCKETS: usize = 20_000;

/// What the server runs with that is not configuration: seams tests replace.
pub struct Services {
    pub clock: Arc<dyn Clock>,
    pub payments: Arc<dyn PaymentProvider>,
    /// Holds the live answer writer back (tests of a writer that falls behind).
    pub answer_gate: Option<crate::live::writer::WriteGate>,
}

impl Default for Services {
    fn default() -> Self {
        Services { clock: Arc::new(SystemClock), payments: Arc::new(TestModeProvider), answer_gate: None }
    }
}

/// Structured logs to stderr: `QUIZROOM_LOG` filters (default `info`), `format` is `text` or `json`.
pub fn init_tracing(format: &str) {
    let filter = EnvFilter::try_from_env("QUIZROOM_LOG").unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    let _ = if format == "json" { builder.json().try_init() } else { builder.try_init() };
}

/// Opens the store named by `db` with every transactional projection, running the migrations.
pub async fn open_store(db: &DbArgs) -> anyhow::Result<EventStore> {
    let url = db.prepare()?;
    let options = StoreOptions { projections: quizroom_projections::transactional(), ..Default::default() };
    EventStore::connect(&url, options).await.with_context(|| format!("cannot open the database at {}", redact_url(&url)))
}

/// Runs the server until SIGTERM or Ctrl-C.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    let listener = TcpListener::bind(config.addr).await.with_context(|| format!("cannot listen on {}", config.addr))?;
    serve_on(listener, config, Services::default(), shutdown_signal()).await
}

/// Runs the server on `listener` until `stop` completes (tests pass their own).
pub async fn serve_on(
    listener: TcpListener,
    config: Config,
    services: Services,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let store = open_store(&config.db).await?;
    let keys = Arc::new(Keys::load(config.jwt_secret.as_ref().map(|s| s.0.as_str()), &config.db.data_dir, config.jwt_ttl_hours * 3600)?);
    let mailer = Mailer::new(config.smtp_url.as_ref().map(|s| s.0.as_str()), &config.mail_from)?;
    if !mailer.smtp_enabled() {
        tracing::warn!("QUIZROOM_SMTP_URL is not set: mail goes to the log and /dev/mailbox; do not expose this server publicly");
    }
    let generator = crate::generate::generator(config.llm()?)?;
    tracing::info!(generator = generator.name(), "question generator");
    let published = crate::catalogue::publish(&store).await.context("cannot publish the curated catalogue")?;
    tracing::info!(new = published.new, revised = published.revised, unchanged = published.unchanged, "curated catalogue");
    let shutdown = CancellationToken::new();
    let mut tasks = tokio::task::JoinSet::new();
    for projector in quizroom_projections::projectors() {
        let (store, shutdown) = (store.clone(), shutdown.clone());
        let projector: Arc<dyn Projector> = projector;
        tasks.spawn(quizroom_eventstore::run_projector(store, projector, shutdown));
    }
    tasks.spawn(quizroom_eventstore::chain::run_chainer(store.clone(), shutdown.clone()));
    tasks.spawn(run_mailer(store.clone(), mailer.clone(), services.clock.clone(), shutdown.clone()));
    let quizzes = Arc::new(QuizVersions::default());
    let scorer = Scorer { store: store.clone(), quizzes: quizzes.clone(), clock: services.clock.clone() };
    tasks.spawn(crate::play::run_auto_submit(scorer.clone(), shutdown.clone()));
    let (submissions, writers) = SubmitQueue::start(scorer, shutdown.clone());
    tasks.spawn(writers);
    tasks.spawn(crate::generate::run_refunds(store.clone(), services.clock.clone(), shutdown.clone()));
    let clock = services.clock.clone();
    let (live_writer, live_writes) = crate::live::LiveWriter::start(store.clone(), shutdown.clone(), services.answer_gate.clone());
    tasks.spawn(live_writes);
    let (joiner, joins) = crate::live::Joiner::start(store.clone(), shutdown.clone());
    tasks.spawn(joins);
    let mut features = axum::http::Extensions::new();
    features.insert(joiner);
    features.insert(Arc::new(crate::media::Media::new(config.db.data_dir.join("media"), config.media_quota_mb.saturating_mul(1024 * 1024))));
    let links = crate::media::links(keys.clone());
    let hub = quizroom_hub::Hub::new(store.clone(), Arc::new(move || clock.now_ms()), MAX_SOCKETS, shutdown.clone(), Arc::new(live_writer), links);
    tasks.spawn(hub.clone().run());
    let state = AppState {
        store: store.clone(),
        keys,
        mailer,
        payments: services.payments,
        clock: services.clock,
        welcome_tokens: config.welcome_tokens,
        hub,
        quizzes,
        generator,
        submissions,
        quiz_facts: Arc::default(),
        features: Arc::new(features),
        joins_in_flight: Arc::new(crate::limits::InFlight::new(crate::limits::PIN_PLACES)),
        openings_in_flight: Arc::new(crate::limits::InFlight::new(1)),
        openings_budget: Arc::new(crate::limits::Budget::new(crate::live::GAMES_OPENED_PER_ADDRESS)),
        devices_in_flight: Arc::new(crate::limits::InFlight::new(1)),
        audit_budget: Arc::new(crate::limits::Budget::new(crate::audit::READS_PER_MINUTE)),
        chain_head: Arc::default(),
        upload_readers: Arc::new(tokio::sync::Semaphore::new(crate::state::UPLOADS_READ_AT_ONCE)),
        trusted_proxies: Arc::new(crate::client::TrustedProxies(config.trusted_proxies.clone())),
    };
    let router = app(state, &config.web_dir);
    tracing::info!(
        addr = %listener.local_addr()?,
        backend = store.backend().name(),
        web = config.web_dir.join("index.html").is_file(),
        "quizroom is serving"
    );
    let token = shutdown.clone();
    crate::serving::serve(listener, router, config.connections.limits(), stop, move || token.cancel()).await.context("the server failed")?;
    shutdown.cancel();
    while tasks.join_next().await.is_some() {}
    store.close().await;
    tracing::info!("stopped");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
