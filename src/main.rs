//! The `quizroom` binary: parses the command line and calls the libraries.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use quizroom_api::{Config, DbArgs};
use quizroom_eventstore::chain::{self, Proof};
use quizroom_eventstore::{Cursor, EventStore, RecordedEvent};
use tokio_util::sync::CancellationToken;

// The server allocates a little for every request, on every core at once: glibc's allocator spent
// a quarter of the server's time in its arena locks under load (decision 0017).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "quizroom", version, about = "Quizroom: timed quizzes for classrooms, trainings and quiz nights")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Start the HTTP server (runs the migrations first).
    Serve(Box<Config>),
    /// Apply the database migrations and exit.
    Migrate(DbArgs),
    /// Drop every read model and rebuild it from the event log (stop the servers first).
    Replay(DbArgs),
    /// Print the event log as JSON lines, in commit order: the auditor's first tool.
    Events {
        #[command(flatten)]
        db: DbArgs,
        /// Only this stream (e.g. `wallet-…`).
        #[arg(long)]
        stream: Option<String>,
        /// Only events at this global position or later.
        #[arg(long, default_value_t = 0)]
        from: i64,
        /// Keep printing new events as they are committed, until Ctrl-C.
        #[arg(long)]
        follow: bool,
    },
    /// Check the event log against its hash chain and name the first place where it breaks (exit
    /// status 1 when it does). With --digest, prove the log up to a saved digest is unchanged.
    Verify {
        #[command(flatten)]
        db: DbArgs,
        /// A digest saved earlier, as POSITION:HASH (as `verify` prints it).
        #[arg(long)]
        digest: Option<String>,
    },
    /// Grant or revoke the organisation-wide auditor role of an account (recorded in the log).
    Auditor {
        #[command(subcommand)]
        action: AuditorAction,
    },
}

#[derive(Subcommand)]
enum AuditorAction {
    /// Let the account of EMAIL audit every quiz, attempt and person.
    Grant {
        email: String,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Take the auditor role away from the account of EMAIL.
    Revoke {
        email: String,
        #[command(flatten)]
        db: DbArgs,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let _ = rustls::crypto::ring::default_provider().install_default();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", describe(&e));
            ExitCode::FAILURE
        }
    }
}

/// The error and its causes, leaving out a cause whose text its parent already repeats.
fn describe(e: &anyhow::Error) -> String {
    let mut message = e.to_string();
    for cause in e.chain().skip(1) {
        let text = cause.to_string();
        if !message.contains(&text) {
            message = format!("{message}: {text}");
        }
    }
    message
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Serve(config) => {
            quizroom_api::init_tracing(&config.log_format);
            quizroom_api::serve(*config).await
        }
        Command::Migrate(db) => {
            let store = quizroom_api::open_store(&db).await?;
            println!("migrations applied ({})", store.backend().name());
            Ok(())
        }
        Command::Replay(db) => {
            let store = quizroom_api::open_store(&db).await?;
            let report = quizroom_eventstore::replay(&store, &quizroom_projections::projectors())
                .await
                .context("replay failed; the read models were left as they were")?;
            let seconds = report.elapsed.as_secs_f64();
            println!("replayed {} events in {:.3} s ({:.0} events/s)", report.events, seconds, report.events as f64 / seconds.max(1e-9));
            Ok(())
        }
        Command::Events { db, stream, from, follow } => {
            let store = quizroom_api::open_store(&db).await?;
            print_events(&store, stream.as_deref(), from, follow).await
        }
        Command::Auditor { action } => {
            let (email, db, grant) = match action {
                AuditorAction::Grant { email, db } => (email, db, true),
                AuditorAction::Revoke { email, db } => (email, db, false),
            };
            let store = quizroom_api::open_store(&db).await?;
            let now = chrono::Utc::now().timestamp_millis();
            quizroom_api::audit::set_auditor(&store, &email, grant, "operator", now).await?;
            println!("{} {}", email.trim(), if grant { "is now an auditor" } else { "is no longer an auditor" });
            Ok(())
        }
        Command::Verify { db, digest } => {
            let store = quizroom_api::open_store(&db).await?;
            match digest {
                Some(saved) => prove(&store, &saved).await,
                None => verify(&store).await,
            }
        }
    }
}

/// Chains what the servers have not chained yet, so the check covers the whole log. The chainer
/// refuses to go on from a chain whose last links were deleted; verification then names them.
async fn chain_the_rest(store: &EventStore) {
    if let Err(e) = chain::chain_all(store).await {
        eprintln!("the newest events were not chained: {e}");
    }
}

async fn verify(store: &EventStore) -> anyhow::Result<()> {
    chain_the_rest(store).await;
    let report = chain::verify(store).await?;
    match &report.head {
        Some(head) => println!("verified up to position {}, digest {}:{} ({} events)", head.position, head.position, head.digest, report.verified),
        None if report.broken.is_none() => println!("the log is empty: nothing to verify"),
        None => println!("nothing verified"),
    }
    match report.broken {
        Some(broken) => anyhow::bail!("the log is broken: {broken}"),
        None => Ok(()),
    }
}

async fn prove(store: &EventStore, saved: &str) -> anyhow::Result<()> {
    let Some((position, digest)) = saved.split_once(':').and_then(|(p, d)| Some((p.parse::<i64>().ok()?, d))) else {
        anyhow::bail!("--digest must be POSITION:HASH, as `quizroom verify` prints it");
    };
    chain_the_rest(store).await;
    match chain::prove(store, position, digest).await? {
        Proof::Unchanged { verified } => {
            println!("unchanged: the {verified} events up to position {position} still hash to the saved digest");
            Ok(())
        }
        Proof::Differs { broken: Some(broken), .. } => anyhow::bail!("changed since the digest was saved: {broken}"),
        Proof::Differs { broken: None, digest: now } => {
            anyhow::bail!("changed since the digest was saved: the log up to position {position} now hashes to {now}")
        }
        Proof::Unknown => anyhow::bail!("position {position} is not in the chain: events up to it were removed, or it was never chained"),
    }
}

async fn print_events(store: &EventStore, stream: Option<&str>, from: i64, follow: bool) -> anyhow::Result<()> {
    let stop = CancellationToken::new();
    if follow {
        let stop = stop.clone();
        tokio::spawn(async move {
            let _ = tokio::signal::ctrl_c().await;
            stop.cancel();
        });
    }
    let mut subscription = store.subscribe(Cursor::START, stop);
    let stdout = std::io::stdout();
    loop {
        let batch = subscription.next_batch().await?;
        if batch.is_empty() {
            if !follow {
                return Ok(());
            }
            subscription.wait().await;
            continue;
        }
        let mut out = stdout.lock();
        for event in batch.iter().filter(|e| e.position >= from && stream.is_none_or(|s| e.stream_id == s)) {
            if let Err(e) = writeln!(out, "{}", line(event)) {
                // A closed pipe (`| head`) ends the listing quietly.
                return if e.kind() == std::io::ErrorKind::BrokenPipe { Ok(()) } else { Err(e.into()) };
            }
        }
        let _ = out.flush();
    }
}

fn line(e: &RecordedEvent) -> serde_json::Value {
    let recorded_at =
        chrono::DateTime::from_timestamp_millis(e.recorded_at).map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)).unwrap_or_default();
    serde_json::json!({
        "position": e.position,
        "stream_id": e.stream_id,
        "version": e.version,
        "event_id": e.event_id,
        "event_type": e.event_type,
        "schema_version": e.schema_version,
        "recorded_at": recorded_at,
        "data": e.data,
        "metadata": e.metadata,
    })
}
