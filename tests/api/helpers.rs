//! `spawn_app()`: the real server on port 0 with a fresh database, and typed request helpers.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use quizroom_api::config::Secret;
use quizroom_api::startup::Services;
use quizroom_api::{Config, DbArgs};
use quizroom_eventstore::testing::TestDb;
use tokio::sync::oneshot;

pub struct TestApp {
    pub addr: SocketAddr,
    pub client: reqwest::Client,
    pub data_dir: PathBuf,
    stop: Option<oneshot::Sender<()>>,
    server: Option<tokio::task::JoinHandle<anyhow::Result<()>>>,
    process: Option<std::process::Child>,
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
    spawn_app_with(db, |_| {}, Services::default()).await
}

pub async fn spawn_app_with_web(db: &TestDb, web_dir: &Path) -> TestApp {
    let web_dir = web_dir.to_path_buf();
    spawn_app_with(db, move |c| c.web_dir = web_dir, Services::default()).await
}

/// The secret tests sign their own tokens with.
pub const JWT_SECRET: &str = "a test secret that is long enough to sign tokens";

/// The server with `configure` applied to its configuration and the given seams.
pub async fn spawn_app_with(db: &TestDb, configure: impl FnOnce(&mut Config), services: Services) -> TestApp {
    install_crypto();
    let data_dir = temp_dir();
    let mut config = Config::new(DbArgs { data_dir: data_dir.clone(), database_url: Some(db.url.clone()) });
    config.addr = "127.0.0.1:0".parse().unwrap();
    config.web_dir = "/nonexistent".into();
    config.jwt_secret = Some(Secret(JWT_SECRET.into()));
    configure(&mut config);
    let listener = tokio::net::TcpListener::bind(config.addr).await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let server = tokio::spawn(quizroom_api::startup::serve_on(listener, config, services, async move {
        let _ = stopped.await;
    }));
    let app = TestApp { addr, client: reqwest::Client::new(), data_dir, stop: Some(stop), server: Some(server), process: None };
    app.ready().await;
    app
}

/// The `quizroom` binary as a separate process serving `database_url` (a cluster node).
pub async fn spawn_process(database_url: &str) -> TestApp {
    install_crypto();
    let data_dir = temp_dir();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let process = std::process::Command::new(env!("CARGO_BIN_EXE_quizroom"))
        .args(["serve", "--addr", &addr.to_string()])
        .env("DATABASE_URL", database_url)
        .env("QUIZROOM_DATA_DIR", &data_dir)
        .env("QUIZROOM_JWT_SECRET", JWT_SECRET)
        .env("QUIZROOM_WEB_DIR", "/nonexistent")
        .env("QUIZROOM_LOG", "warn")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let app = TestApp { addr, client: reqwest::Client::new(), data_dir, stop: None, server: None, process: Some(process) };
    app.ready().await;
    app
}

/// A node left running by a failed test would outlive the test run (and hold whatever it
/// inherited): it is killed with its `TestApp`.
impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(mut process) = self.process.take() {
            let _ = process.kill();
            let _ = process.wait();
        }
    }
}

impl TestApp {
    /// Waits until health answers (the store opens and migrates before the server accepts).
    async fn ready(&self) {
        for _ in 0..400 {
            if self.client.get(self.url("/api/health")).send().await.is_ok_and(|r| r.status().is_success()) {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(25)).await;
        }
        panic!("the server at {} did not start", self.addr);
    }

    /// Kills the server's process with SIGKILL (no shutdown code runs) and waits for it.
    pub fn kill(&mut self) {
        let mut process = self.process.take().expect("a server process");
        process.kill().unwrap();
        process.wait().unwrap();
    }

    /// The server's process id, when it runs as a process of its own.
    pub fn pid(&self) -> Option<u32> {
        self.process.as_ref().map(std::process::Child::id)
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    pub async fn get_json(&self, path: &str) -> (u16, serde_json::Value) {
        self.get_as(path, None).await
    }

    /// GET with a bearer token.
    pub async fn get_as(&self, path: &str, token: Option<&str>) -> (u16, serde_json::Value) {
        let mut request = self.client.get(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(serde_json::Value::Null))
    }

    /// POST a JSON body, with a bearer token when given.
    pub async fn post(&self, path: &str, token: Option<&str>, body: serde_json::Value) -> (u16, serde_json::Value) {
        let (status, _, body) = self.post_full(path, token, body).await;
        (status, body)
    }

    /// POST returning the headers too.
    pub async fn post_full(&self, path: &str, token: Option<&str>, body: serde_json::Value) -> (u16, reqwest::header::HeaderMap, serde_json::Value) {
        let mut request = self.client.post(self.url(path)).json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        (status, headers, response.json().await.unwrap_or(serde_json::Value::Null))
    }

    /// The development mailbox, newest first.
    /// POSTs a multipart form to `path`: `fields`, and `file` as (name, bytes) when given.
    pub async fn multipart(&self, path: &str, token: &str, fields: &[(&str, &str)], file: Option<(&str, Vec<u8>)>) -> (u16, serde_json::Value) {
        let mut form = reqwest::multipart::Form::new();
        for (name, value) in fields {
            form = form.text(name.to_string(), value.to_string());
        }
        if let Some((name, bytes)) = file {
            form = form.part("file", reqwest::multipart::Part::bytes(bytes).file_name(name.to_owned()));
        }
        let response = self.client.post(self.url(path)).bearer_auth(token).multipart(form).send().await.unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(serde_json::Value::Null))
    }

    /// The caller's token balance.
    pub async fn balance(&self, token: &str) -> i64 {
        let (status, wallet) = self.get_as("/api/wallet", Some(token)).await;
        assert_eq!(status, 200, "{wallet}");
        wallet["balance"].as_i64().unwrap()
    }

    pub async fn mailbox(&self) -> Vec<serde_json::Value> {
        let (status, body) = self.get_json("/api/dev/mailbox").await;
        assert_eq!(status, 200, "{body}");
        body["messages"].as_array().unwrap().clone()
    }

    /// The six-digit code in the newest mail to `to`, waiting for it to arrive.
    pub async fn code_mailed_to(&self, to: &str, subject_word: &str) -> String {
        for _ in 0..200 {
            let mails = self.mailbox().await;
            if let Some(mail) = mails.iter().find(|m| m["to"] == to && m["subject"].as_str().unwrap().contains(subject_word)) {
                return six_digits(mail["body"].as_str().unwrap());
            }
            tokio::time::sleep(std::time::Duration::from_millis(25)).await;
        }
        panic!("no {subject_word} mail to {to}");
    }

    /// Signs up `email` (password `correct horse`) and returns the token and user id.
    pub async fn sign_up(&self, email: &str) -> (String, String) {
        let body = serde_json::json!({ "firstName": "Ada", "lastName": "Lovelace", "email": email, "password": "correct horse" });
        let (status, answer) = self.post("/api/auth/signup", None, body).await;
        assert_eq!(status, 201, "{answer}");
        (answer["token"].as_str().unwrap().to_owned(), answer["user"]["id"].as_str().unwrap().to_owned())
    }

    /// Signs up and verifies `email`; returns the token and user id.
    pub async fn verified_user(&self, email: &str) -> (String, String) {
        let (token, id) = self.sign_up(email).await;
        let code = self.code_mailed_to(email, "verification").await;
        let (status, answer) = self.post("/api/auth/verify", None, serde_json::json!({ "email": email, "code": code })).await;
        assert_eq!(status, 200, "{answer}");
        (token, id)
    }

    /// Signals shutdown (SIGTERM for a process) and waits for the server to finish.
    pub async fn stop(mut self) -> anyhow::Result<()> {
        let result = match (self.stop.take(), self.server.take(), self.process.take()) {
            (Some(stop), Some(server), _) => {
                let _ = stop.send(());
                server.await.unwrap()
            }
            (_, _, Some(mut process)) => {
                std::process::Command::new("kill").args(["-TERM", &process.id().to_string()]).status()?;
                let status = tokio::task::spawn_blocking(move || process.wait()).await??;
                anyhow::ensure!(status.success(), "the server exited with {status}");
                Ok(())
            }
            _ => Ok(()),
        };
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
                    match execute(&store, &quizroom_domain::StreamId::<Wallet>::new(user), &metadata, command).await {
                        // Refused by the rules, or by a writer that kept winning the race (a 409
                        // for the user): either way nothing was recorded.
                        Ok(_) | Err(CommandError::Rejected(_)) | Err(CommandError::Store(quizroom_eventstore::StoreError::VersionConflict { .. })) => {}
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
    quizroom_eventstore::testing::settled(store).await;
    for p in quizroom_projections::projectors() {
        while quizroom_eventstore::project_batch(store, p.as_ref(), 500).await.unwrap() != quizroom_eventstore::BatchOutcome::Applied(0) {}
    }
}

/// The store at `url` with every transactional projection, as the server opens it.
pub async fn open(url: &str) -> quizroom_eventstore::EventStore {
    let options = quizroom_eventstore::StoreOptions { projections: quizroom_projections::transactional(), ..Default::default() };
    quizroom_eventstore::EventStore::connect(url, options).await.unwrap()
}

/// The first run of six digits in `text`.
pub fn six_digits(text: &str) -> String {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(5))
        .find(|&i| bytes[i..i + 6].iter().all(u8::is_ascii_digit) && (i + 6 == bytes.len() || !bytes[i + 6].is_ascii_digit()))
        .map(|i| text[i..i + 6].to_owned())
        .expect("a six-digit code")
}

/// A small SMTP server on 127.0.0.1 that keeps what it receives. It refuses the first
/// `refuse_first` messages with a temporary error (451), to test retries.
pub struct SmtpSink {
    pub port: u16,
    pub received: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl SmtpSink {
    pub async fn start(refuse_first: usize) -> SmtpSink {
        use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let received = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let refusals = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(refuse_first));
        let kept = received.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let (kept, refusals) = (kept.clone(), refusals.clone());
                tokio::spawn(async move {
                    let (read, mut write) = socket.into_split();
                    let mut lines = BufReader::new(read).lines();
                    write.write_all(b"220 sink ESMTP\r\n").await.ok()?;
                    while let Some(line) = lines.next_line().await.ok()? {
                        let verb = line.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
                        let reply: &[u8] = match verb.as_str() {
                            "EHLO" | "HELO" => b"250-sink\r\n250 8BITMIME\r\n",
                            "DATA" => {
                                write.write_all(b"354 go on\r\n").await.ok()?;
                                let mut message = String::new();
                                while let Some(l) = lines.next_line().await.ok()? {
                                    if l == "." {
                                        break;
                                    }
                                    message.push_str(&l);
                                    message.push('\n');
                                }
                                let refuse = refusals
                                    .fetch_update(std::sync::atomic::Ordering::SeqCst, std::sync::atomic::Ordering::SeqCst, |n| n.checked_sub(1))
                                    .is_ok();
                                if refuse {
                                    b"451 try again later\r\n"
                                } else {
                                    kept.lock().unwrap().push(message);
                                    b"250 kept\r\n"
                                }
                            }
                            "QUIT" => {
                                write.write_all(b"221 bye\r\n").await.ok()?;
                                return Some(());
                            }
                            _ => b"250 ok\r\n",
                        };
                        write.write_all(reply).await.ok()?;
                    }
                    Some(())
                });
            }
        });
        SmtpSink { port, received }
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    pub fn messages(&self) -> Vec<String> {
        self.received.lock().unwrap().clone()
    }
}

/// The right letters of a category's current questions, in order, straight from the read model.
pub async fn answer_key(db_url: &str, category_id: i64) -> Vec<(i64, String)> {
    let store = quizroom_eventstore::EventStore::connect(db_url, Default::default()).await.unwrap();
    let rows: Vec<(i64, String)> = sqlx::query_as(
        "select q.question_id, q.definition from question q join category c on c.category_id = q.category_id \
         and c.quiz_version = q.quiz_version where q.category_id = $1 order by q.position",
    )
    .bind(category_id)
    .fetch_all(store.pool())
    .await
    .unwrap();
    store.close().await;
    let letter = |definition: &str| {
        let kind: quizroom_domain::question::QuestionKind = serde_json::from_str(definition).unwrap();
        kind.letters().expect("a question A–D").1.as_str().to_owned()
    };
    rows.into_iter().map(|(id, definition)| (id, letter(&definition))).collect()
}
