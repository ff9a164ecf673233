//! The `quizroom` binary as a node that can be killed: it always listens on the same loopback
//! address and opens the same database and data directory, so players carry on against the same
//! URL after a restart. Killing is SIGKILL (`Child::kill`): no shutdown code runs. A node that is
//! dropped (a failed test included) is killed, so no server outlives its test.

use std::fs::{File, OpenOptions};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The secret every start of a node shares, so tokens stay valid across restarts.
pub const JWT_SECRET: &str = "a durability secret that is long enough to sign tokens";

/// How long a start may take before the node counts as broken (a hang guard: a loaded machine
/// migrating and publishing the catalogue in a debug build takes seconds, not minutes).
const START_GUARD: Duration = Duration::from_secs(180);

pub struct Node {
    binary: PathBuf,
    database_url: String,
    pub addr: SocketAddr,
    data_dir: PathBuf,
    process: Option<Child>,
    client: reqwest::Client,
    starts: usize,
}

impl Node {
    /// A node of `binary` on `database_url`, on a free loopback port; not started.
    pub fn new(binary: &Path, database_url: &str) -> Node {
        let data_dir = std::env::temp_dir().join(format!("qr_node_{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&data_dir).unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let client = reqwest::Client::builder().no_proxy().timeout(Duration::from_secs(5)).build().unwrap();
        Node {
            binary: binary.to_path_buf(),
            database_url: database_url.to_owned(),
            addr: SocketAddr::from(([127, 0, 0, 1], port)),
            data_dir,
            process: None,
            client,
            starts: 0,
        }
    }

    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// The server's log (stderr of every start, appended).
    fn log_path(&self) -> PathBuf {
        self.data_dir.join("server.log")
    }

    /// Starts the server and waits until `GET /api/health` answers 200; returns how long that took.
    pub async fn start(&mut self) -> Duration {
        assert!(self.process.is_none(), "the node is running already");
        let started = Instant::now();
        let log: File = OpenOptions::new().create(true).append(true).open(self.log_path()).unwrap();
        self.starts += 1;
        let process = Command::new(&self.binary)
            .args(["serve", "--addr", &self.addr.to_string()])
            .env("DATABASE_URL", &self.database_url)
            .env("QUIZROOM_DATA_DIR", &self.data_dir)
            .env("QUIZROOM_JWT_SECRET", JWT_SECRET)
            .env("QUIZROOM_WEB_DIR", "/nonexistent")
            .env("QUIZROOM_LOG", "warn")
            .env_remove("QUIZROOM_SMTP_URL")
            .env_remove("QUIZROOM_LLM_URL")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("start the quizroom binary");
        self.process = Some(process);
        self.wait_healthy(started).await;
        started.elapsed()
    }

    async fn wait_healthy(&mut self, started: Instant) {
        while started.elapsed() < START_GUARD {
            if let Some(status) = self.process.as_mut().unwrap().try_wait().unwrap() {
                self.process = None;
                panic!("start {} of the server exited with {status}:\n{}", self.starts, self.log_tail());
            }
            let health = self.client.get(format!("{}/api/health", self.base_url())).send().await;
            if health.is_ok_and(|r| r.status().is_success()) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("start {} of the server did not answer health within {START_GUARD:?}:\n{}", self.starts, self.log_tail());
    }

    /// SIGKILL, and waits for the process to be gone.
    pub fn kill(&mut self) {
        if let Some(mut process) = self.process.take() {
            let _ = process.kill();
            let _ = process.wait();
        }
    }

    /// SIGTERM (a graceful stop: in-flight requests finish), waiting for the process to exit.
    pub async fn stop(&mut self) {
        let Some(mut process) = self.process.take() else { return };
        Command::new("kill").args(["-TERM", &process.id().to_string()]).status().unwrap();
        let exited = tokio::time::timeout(Duration::from_secs(60), tokio::task::spawn_blocking(move || process.wait())).await;
        let status = exited.expect("the server did not stop within 60 s after SIGTERM").unwrap().unwrap();
        assert!(status.success(), "the server exited with {status}:\n{}", self.log_tail());
    }

    /// The last lines of the server's log, for failure messages.
    pub fn log_tail(&self) -> String {
        let log = std::fs::read_to_string(self.log_path()).unwrap_or_default();
        let lines: Vec<&str> = log.lines().collect();
        lines[lines.len().saturating_sub(40)..].join("\n")
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        self.kill();
        let _ = std::fs::remove_dir_all(&self.data_dir);
    }
}
