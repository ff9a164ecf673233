//! The `quizroom` binary: parses the command line and calls the libraries.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use quizroom_api::{Config, DbArgs};
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
            println!(
                "replayed {} events in {:.3} s ({:.0} events/s)",
                report.events,
                seconds,
                report.events as f64 / seconds.max(1e-9)
            );
            Ok(())
        }
        Command::Events { db, stream, from, follow } => {
            let store = quizroom_api::open_store(&db).await?;
            print_events(&store, stream.as_deref(), from, follow).await
        }
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
    let recorded_at = chrono::DateTime::from_timestamp_millis(e.recorded_at)
        .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
        .unwrap_or_default();
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
