//! `hal`: which AI coding-agent runtime am I running under, and what can it do?
//!
//! Output on stdout, diagnostics on stderr; exit codes in `hal --help`.

use std::io::Write as _;
use std::process::ExitCode;

use clap::Parser as _;
use hal_detect::Host as _;

use hal_cli::{Cli, run};

fn init_logging(host: hal_detect::OsHost, verbose: u8) {
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;

    let filter = host.var("RUST_LOG").and_then(|v| v.into_string().ok());
    if verbose == 0 && filter.is_none() {
        return; // no subscriber: logging costs nothing
    }
    let level = match verbose {
        0 | 1 => tracing::Level::INFO,
        2 => tracing::Level::DEBUG,
        _ => tracing::Level::TRACE,
    };
    let targets: tracing_subscriber::filter::Targets = filter
        .and_then(|f| f.parse().ok())
        .unwrap_or_else(|| tracing_subscriber::filter::Targets::new().with_default(level));
    let _ = tracing_subscriber::registry()
        .with(tracing_subscriber::fmt::layer().with_writer(std::io::stderr).with_target(false))
        .with(targets)
        .try_init();
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let host = hal_detect::OsHost::new();
    init_logging(host, cli.global.verbose);
    let out = run::run(&cli, host);
    let mut stdout = std::io::stdout().lock();
    // A closed pipe (`hal caps | head -1`) is not an error: exit quietly.
    if stdout.write_all(out.stdout.as_bytes()).and_then(|()| stdout.flush()).is_err() {
        return ExitCode::SUCCESS;
    }
    if !cli.global.quiet && !cli.global.json {
        let mut stderr = std::io::stderr().lock();
        for w in &out.warnings {
            let _ = writeln!(stderr, "warning: {}", hal_caps::text::escape_control(w));
        }
    }
    ExitCode::from(out.code)
}
