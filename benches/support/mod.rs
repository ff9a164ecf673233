//! Shared by the benchmarks that drive a real server: the release binary as a child process.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

pub const SECRET: &str = "a benchmark secret that is long enough to sign";

pub struct Server {
    pub addr: SocketAddr,
    pub data_dir: PathBuf,
    pub process: Child,
    pub client: reqwest::Client,
}

impl Server {
    /// Starts `quizroom serve` on a free port; `database_url` None: SQLite in a temporary directory.
    pub async fn start(database_url: Option<&str>) -> Server {
        let _ = rustls::crypto::ring::default_provider().install_default();
        let data_dir = std::env::temp_dir().join(format!("qr_bench_{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&data_dir).unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_quizroom"));
        command
            .args(["serve", "--addr", &addr.to_string()])
            .env("QUIZROOM_DATA_DIR", &data_dir)
            .env("QUIZROOM_JWT_SECRET", SECRET)
            .env("QUIZROOM_WEB_DIR", "/nonexistent")
            // The benchmark stands for a proxy in front of many clients (`X-Forwarded-For`).
            .env("QUIZROOM_TRUSTED_PROXIES", "127.0.0.1")
            // Every benchmark client comes from 127.0.0.1 (up to ~19,500 sockets): no ceiling.
            .env("QUIZROOM_CONNECTIONS_PER_ADDRESS", "0")
            // QUIZROOM_BENCH_LOG shows more of the server (e.g. `quizroom_api::live=debug`).
            .env("QUIZROOM_LOG", std::env::var("QUIZROOM_BENCH_LOG").unwrap_or_else(|_| "error".to_owned()))
            .env_remove("DATABASE_URL")
            .stdout(Stdio::null());
        if let Some(url) = database_url {
            command.env("DATABASE_URL", url);
        }
        let process = command.spawn().expect("start the server");
        let client = reqwest::Client::builder().pool_max_idle_per_host(64).build().unwrap();
        let server = Server { addr, data_dir, process, client };
        for _ in 0..400 {
            if server.client.get(server.url("/api/health")).send().await.is_ok_and(|r| r.status().is_success()) {
                return server;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("the server did not start");
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    pub async fn post(&self, path: &str, token: &str, body: Value) -> Value {
        let response = self.client.post(self.url(path)).bearer_auth(token).json(&body).send().await.unwrap();
        assert!(response.status().is_success(), "{path}: {}", response.status());
        response.json().await.unwrap()
    }

    /// A new account; returns its token.
    /// Signs up and verifies `email` (the code from the development mailbox: only verified
    /// accounts play); returns the token.
    pub async fn sign_up(&self, email: &str) -> String {
        let body = json!({ "firstName": "Bench", "lastName": "Player", "email": email, "password": "benchmark password" });
        let response = self.client.post(self.url("/api/auth/signup")).json(&body).send().await.unwrap();
        assert_eq!(response.status(), 201);
        let token = response.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_owned();
        let code = self.code_mailed_to(email).await;
        let verified = self.client.post(self.url("/api/auth/verify")).json(&json!({ "email": email, "code": code })).send().await.unwrap();
        assert_eq!(verified.status(), 200);
        token
    }

    /// The verification code mailed to `email`, waiting for it to arrive.
    async fn code_mailed_to(&self, email: &str) -> String {
        for _ in 0..400 {
            let mailbox: Value = self.client.get(self.url("/api/dev/mailbox")).send().await.unwrap().json().await.unwrap();
            let mail = mailbox["messages"].as_array().into_iter().flatten().find(|m| m["to"] == email);
            if let Some(body) = mail.and_then(|m| m["body"].as_str()) {
                let at = body.find(|c: char| c.is_ascii_digit()).expect("a code in the mail");
                return body[at..at + 6].to_owned();
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("no verification mail to {email}");
    }

    /// The server's resident memory in bytes.
    pub fn rss(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.process.id())).unwrap();
        let kb: u64 = status.lines().find_map(|l| l.strip_prefix("VmRSS:")).and_then(|v| v.split_whitespace().next()).and_then(|v| v.parse().ok()).unwrap();
        kb * 1024
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = Command::new("kill").args(["-TERM", &self.process.id().to_string()]).status();
        let _ = self.process.wait();
        let _ = std::fs::remove_dir_all(&self.data_dir);
    }
}

pub fn percentile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * q).round() as usize]
}

pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// CPU seconds (user + system) taken so far by this process, the load generator.
pub fn generator_cpu() -> f64 {
    let usage = nix::sys::resource::getrusage(nix::sys::resource::UsageWho::RUSAGE_SELF).expect("getrusage");
    let secs = |t: nix::sys::time::TimeVal| t.tv_sec() as f64 + t.tv_usec() as f64 / 1e6;
    secs(usage.user_time()) + secs(usage.system_time())
}

/// CPU seconds a running process has taken so far (/proc/PID/stat, in clock ticks of 1/100 s);
/// 0 for one that is gone.
pub fn process_cpu(pid: u32) -> f64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return 0.0 };
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or_default().split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

/// CPU seconds taken so far by every PostgreSQL process on this machine (its backends come and go,
/// so compare two readings over a stretch when the pool's connections stay open).
pub fn postgres_cpu() -> f64 {
    let Ok(entries) = std::fs::read_dir("/proc") else { return 0.0 };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| std::fs::read_to_string(format!("/proc/{pid}/comm")).is_ok_and(|c| c.trim() == "postgres"))
        .map(process_cpu)
        .sum()
}
