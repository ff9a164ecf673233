//! Fresh databases for tests, on both backends.
//!
//! SQLite: a file in a temporary directory. PostgreSQL: a new database on the server named by
//! `QUIZROOM_TEST_PG_URL` (default `postgres://postgres@127.0.0.1:5432/postgres`), dropped when
//! the [`TestDb`] is dropped. When that server cannot be reached the PostgreSQL tests are skipped
//! with a message, except under `CI=true`, where they fail: there they are mandatory.

use std::path::PathBuf;

use sqlx::{Connection, PgConnection};

pub const DEFAULT_PG_ADMIN_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";

/// A database that exists for one test.
pub struct TestDb {
    pub url: String,
    cleanup: Cleanup,
}

enum Cleanup {
    Dir(PathBuf),
    PgDatabase { admin_url: String, name: String },
}

fn unique_name() -> String {
    format!("qr_test_{}", uuid::Uuid::new_v4().simple())
}

impl TestDb {
    /// An SQLite file in a fresh temporary directory.
    pub fn sqlite() -> TestDb {
        let dir = std::env::temp_dir().join(unique_name());
        std::fs::create_dir_all(&dir).expect("create a temporary directory");
        TestDb { url: format!("sqlite://{}", dir.join("quizroom.db").display()), cleanup: Cleanup::Dir(dir) }
    }

    /// A fresh PostgreSQL database, or `None` (with a message) when no server can be reached
    /// outside CI.
    pub async fn postgres() -> Option<TestDb> {
        let admin_url = pg_admin_url();
        let mut admin = match PgConnection::connect(&admin_url).await {
            Ok(c) => c,
            Err(e) => {
                let message = format!(
                    "PostgreSQL is not reachable at {} ({e}); start it with \
                     `pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start` \
                     or set QUIZROOM_TEST_PG_URL",
                    crate::redact_url(&admin_url)
                );
                if std::env::var("CI").is_ok_and(|v| v == "true") {
                    panic!("{message}; PostgreSQL tests are mandatory in CI");
                }
                eprintln!("skipping PostgreSQL test: {message}");
                return None;
            }
        };
        let name = unique_name();
        sqlx::query(sqlx::AssertSqlSafe(format!("create database {name}"))).execute(&mut admin).await.expect("create a test database");
        let _ = admin.close().await;
        let url = match admin_url.rsplit_once('/') {
            Some((base, _)) if base.contains("://") && base.split("://").nth(1).is_some_and(|r| !r.is_empty()) => {
                format!("{base}/{name}")
            }
            _ => format!("{admin_url}/{name}"),
        };
        Some(TestDb { url, cleanup: Cleanup::PgDatabase { admin_url, name } })
    }

    /// Whether this is a PostgreSQL database.
    pub fn is_postgres(&self) -> bool {
        matches!(self.cleanup, Cleanup::PgDatabase { .. })
    }
}

/// Waits until every committed event is readable in commit order. On PostgreSQL readers hold back
/// events of transactions younger than the oldest one still running anywhere in the cluster
/// (other tests' databases included), so "caught up" needs this first.
pub async fn settled(store: &crate::EventStore) {
    for _ in 0..600 {
        let visible = store.read_all(crate::Cursor::START, i64::MAX).await.expect("read the log").len() as i64;
        if visible == store.count().await.expect("count the log") {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("committed events stayed hidden for 30 s: a transaction is stuck open");
}

pub fn pg_admin_url() -> String {
    std::env::var("QUIZROOM_TEST_PG_URL").unwrap_or_else(|_| DEFAULT_PG_ADMIN_URL.to_owned())
}

impl Drop for TestDb {
    fn drop(&mut self) {
        match &self.cleanup {
            Cleanup::Dir(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Cleanup::PgDatabase { admin_url, name } => {
                let (admin_url, name) = (admin_url.clone(), name.clone());
                // Drop runs inside the test's runtime; a thread with its own runtime may block.
                let _ = std::thread::spawn(move || {
                    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().ok()?;
                    rt.block_on(async {
                        let mut admin = PgConnection::connect(&admin_url).await.ok()?;
                        sqlx::query(sqlx::AssertSqlSafe(format!("drop database if exists {name} with (force)"))).execute(&mut admin).await.ok()
                    })
                })
                .join();
            }
        }
    }
}

/// Runs each named `async fn(&TestDb)` against SQLite and against PostgreSQL, as two tests named
/// `sqlite` and `postgres` inside a module of the function's name.
#[macro_export]
macro_rules! backend_tests {
    ($($name:ident),+ $(,)?) => {
        $(
            mod $name {
                #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
                async fn sqlite() {
                    let db = $crate::testing::TestDb::sqlite();
                    super::$name(&db).await;
                }

                #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
                async fn postgres() {
                    let Some(db) = $crate::testing::TestDb::postgres().await else { return };
                    super::$name(&db).await;
                }
            }
        )+
    };
}
