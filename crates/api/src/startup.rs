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

use crate::app::{AppState, app};
use crate::config::{Config, DbArgs};

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
    EventStore::connect(&url, options)
        .await
        .with_context(|| format!("cannot open the database at {}", redact_url(&url)))
}

/// Runs the server until SIGTERM or Ctrl-C.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    let listener = TcpListener::bind(config.addr).await.with_context(|| format!("cannot listen on {}", config.addr))?;
    serve_on(listener, config, shutdown_signal()).await
}

/// Runs the server on `listener` until `stop` completes (tests pass their own).
pub async fn serve_on(
    listener: TcpListener,
    config: Config,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let store = open_store(&config.db).await?;
    let shutdown = CancellationToken::new();
    let mut tasks = tokio::task::JoinSet::new();
    for projector in quizroom_projections::projectors() {
        let (store, shutdown) = (store.clone(), shutdown.clone());
        let projector: Arc<dyn Projector> = projector;
        tasks.spawn(quizroom_eventstore::run_projector(store, projector, shutdown));
    }
    let state = AppState { store: store.clone() };
    let router = app(state, &config.web_dir);
    tracing::info!(
        addr = %listener.local_addr()?,
        backend = store.backend().name(),
        web = config.web_dir.join("index.html").is_file(),
        "quizroom is serving"
    );
    let token = shutdown.clone();
    axum::serve(listener, router)
        .with_graceful_shutdown(async move {
            stop.await;
            tracing::info!("shutting down: finishing in-flight requests");
            token.cancel();
        })
        .await
        .context("the server failed")?;
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
