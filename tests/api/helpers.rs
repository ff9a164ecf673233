//! `spawn_app()`: the real server on port 0 with a fresh database, and typed request helpers.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use quizroom_api::{Config, DbArgs};
use quizroom_eventstore::testing::TestDb;
use tokio::sync::oneshot;

pub struct TestApp {
    pub addr: SocketAddr,
    pub client: reqwest::Client,
    pub data_dir: PathBuf,
    stop: Option<oneshot::Sender<()>>,
    server: tokio::task::JoinHandle<anyhow::Result<()>>,
}

pub fn install_crypto() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// A fresh temporary directory.
pub fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qr_app_{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub async fn spawn_app(db: &TestDb) -> TestApp {
    spawn_app_with_web(db, Path::new("/nonexistent")).await
}

pub async fn spawn_app_with_web(db: &TestDb, web_dir: &Path) -> TestApp {
    install_crypto();
    let data_dir = temp_dir();
    let config = Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: DbArgs { data_dir: data_dir.clone(), database_url: Some(db.url.clone()) },
        web_dir: web_dir.to_path_buf(),
        log_format: "text".into(),
    };
    let listener = tokio::net::TcpListener::bind(config.addr).await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let server = tokio::spawn(quizroom_api::startup::serve_on(listener, config, async move {
        let _ = stopped.await;
    }));
    let app = TestApp { addr, client: reqwest::Client::new(), data_dir, stop: Some(stop), server };
    // Ready when health answers (the store opens and migrates before the server accepts).
    for _ in 0..200 {
        if app.client.get(app.url("/api/health")).send().await.is_ok_and(|r| r.status().is_success()) {
            return app;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("the server did not start");
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    pub async fn get_json(&self, path: &str) -> (u16, serde_json::Value) {
        let response = self.client.get(self.url(path)).send().await.unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap())
    }

    /// Signals shutdown and waits for the server to finish.
    pub async fn stop(mut self) -> anyhow::Result<()> {
        let _ = self.stop.take().unwrap().send(());
        let result = (&mut self.server).await.unwrap();
        let _ = std::fs::remove_dir_all(&self.data_dir);
        result
    }
}

/// A random mix of wallet commands from `writers` concurrent tasks over a few users: grants,
/// purchases, spends (some refused for want of tokens, some racing for one version) and refunds.
pub async fn random_wallet_workload(store: &quizroom_eventstore::EventStore, commands: usize, writers: usize) {
    use quizroom_api::commands::{CommandError, execute};
    use quizroom_domain::wallet::{Wallet, WalletCommand};
    use rand::Rng;

    let tasks: Vec<_> = (0..writers)
        .map(|w| {
            let store = store.clone();
            tokio::spawn(async move {
                for i in 0..commands / writers {
                    let (user, pick, amount) = {
                        let mut rng = rand::rng();
                        (rng.random_range(0..6), rng.random_range(0..4), rng.random_range(1..4))
                    };
                    let reference = format!("ref-{w}-{i}");
                    let earlier = format!("ref-{w}-{}", i.saturating_sub(1));
                    let command = move || match pick {
                        0 => WalletCommand::Grant { amount, reason: "welcome".into() },
                        1 => WalletCommand::Purchase { quantity: amount, amount_cents: amount * 100, payment_ref: reference.clone() },
                        2 => WalletCommand::Spend { amount, purpose: "host".into(), reference: reference.clone() },
                        _ => WalletCommand::Refund { reference: earlier.clone(), reason: "generation failed".into() },
                    };
                    let metadata = quizroom_eventstore::Metadata { actor: Some(format!("user-{user}")), ..Default::default() };
                    match execute::<Wallet>(&store, &format!("wallet-{user}"), &metadata, command).await {
                        // Refused by the rules, or by a writer that kept winning the race (a 409
                        // for the user): either way nothing was recorded.
                        Ok(_)
                        | Err(CommandError::Rejected(_))
                        | Err(CommandError::Store(quizroom_eventstore::StoreError::VersionConflict { .. })) => {}
                        Err(e) => panic!("workload failed: {e}"),
                    }
                }
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
}

/// Every row of `table`, ordered, as text: for comparing read models.
pub async fn dump(pool: &sqlx::AnyPool, table: &str) -> Vec<Vec<String>> {
    use sqlx::{Column, Row};
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!("select * from {table} order by 1"))).fetch_all(pool).await.unwrap();
    rows.iter()
        .map(|row| {
            (0..row.columns().len())
                .map(|i| {
                    row.try_get::<Option<i64>, _>(i)
                        .map(|v| v.map_or("NULL".to_owned(), |v| v.to_string()))
                        .or_else(|_| row.try_get::<Option<String>, _>(i).map(|v| v.unwrap_or_else(|| "NULL".into())))
                        .unwrap_or_else(|e| panic!("{table}.{}: {e}", row.column(i).name()))
                })
                .collect()
        })
        .collect()
}

/// Every read-model table.
pub fn read_model_tables() -> Vec<&'static str> {
    let transactional = quizroom_projections::transactional();
    let projectors = quizroom_projections::projectors();
    transactional.iter().flat_map(|p| p.tables().iter().copied()).chain(projectors.iter().flat_map(|p| p.tables().iter().copied())).collect()
}

/// Runs every projector until it has read the whole log.
pub async fn catch_up(store: &quizroom_eventstore::EventStore) {
    for p in quizroom_projections::projectors() {
        while quizroom_eventstore::project_batch(store, p.as_ref(), 500).await.unwrap() != quizroom_eventstore::BatchOutcome::Applied(0) {}
    }
}

/// The store at `url` with every transactional projection, as the server opens it.
pub async fn open(url: &str) -> quizroom_eventstore::EventStore {
    let options = quizroom_eventstore::StoreOptions { projections: quizroom_projections::transactional(), ..Default::default() };
    quizroom_eventstore::EventStore::connect(url, options).await.unwrap()
}
