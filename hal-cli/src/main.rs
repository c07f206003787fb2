//! `hal`: which AI coding-agent runtime am I running under, and what can it do?
//!
//! Output on stdout, diagnostics on stderr; exit codes in `hal --help`.
//!
//! On Linux with glibc hal starts at the C `main` (`#![no_main]`): std's runtime set-up
//! reads `/proc/self/maps` and maps an alternate signal stack to report stack overflows,
//! about a tenth of a whole `hal detect` run on the benchmark machine (BENCHMARKS.md),
//! and hooks start hal on every session start and tool call. std still collects the
//! arguments (glibc, unlike musl, hands them to `.init_array`); hal ignores SIGPIPE
//! itself, as std would, so that a closed pipe is an error it handles, not a signal that
//! kills it.
#![cfg_attr(all(target_os = "linux", target_env = "gnu"), no_main)]

use std::io::{IsTerminal as _, Write as _};
use std::sync::atomic::{AtomicBool, Ordering};

use hal_detect::Host as _;

use hal_cli::run;

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
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(std::io::stderr)
                .with_target(false)
                .with_ansi(std::io::stderr().is_terminal()),
        )
        .with(targets)
        .try_init();
}

/// Whether fd 1 was closed when hal started (set by the C entry point, which then put
/// `/dev/null` there so that no file hal opens takes fd 1).
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Writes `bytes` to stdout and flushes; `Err(exit code)` when that failed: 0 for a
/// closed pipe (`hal caps | head -1` is not an error), else 1, the error on stderr. A
/// stdout that was closed (`>&-`) is a write error, help and version included.
fn write_stdout(bytes: &[u8]) -> Result<(), u8> {
    let result = if bytes.is_empty() {
        Ok(())
    } else if STDOUT_CLOSED.load(Ordering::Relaxed) {
        Err(std::io::Error::other("stdout is closed"))
    } else {
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(bytes).and_then(|()| stdout.flush())
    };
    match result {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(0),
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "error: cannot write the output: {e}");
            Err(1)
        }
    }
}

/// The whole command; its exit code.
fn hal() -> u8 {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let parsed = hal_cli::fast::parse(&args).map_or_else(|| hal_cli::usage::parse(&args), Ok);
    let cli = match parsed.and_then(|cli| hal_cli::check_applicable(&cli).map(|()| cli)) {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() => {
            // clap quotes the arguments it refuses: each line escaped, as any warning.
            let text = e.render().to_string();
            let lines: Vec<_> = text.split('\n').map(hal_caps::text::escape_control).collect();
            let _ = write!(std::io::stderr(), "{}", lines.join("\n"));
            if let Some(hint) = hal_cli::usage::hint(&e, &args) {
                let lines: Vec<_> = hint.split('\n').map(hal_caps::text::escape_control).collect();
                eprintln!("\n{}", lines.join("\n"));
            }
            return 2;
        }
        // Help and version: written like any answer, a write error is exit 1.
        Err(e) => return write_stdout(e.render().to_string().as_bytes()).map_or_else(|code| code, |()| 0),
    };
    let host = hal_detect::OsHost::new();
    init_logging(host, cli.global.verbose);
    let out = run::run(&cli, host);
    let paint = std::io::stderr().is_terminal();
    let mut stderr = std::io::stderr().lock();
    for e in out.errors() {
        let label = if paint { "\x1b[1;31merror:\x1b[0m" } else { "error:" };
        let _ = writeln!(stderr, "{label} {}", hal_caps::text::escape_control(e));
    }
    drop(stderr);
    if let Err(code) = write_stdout(out.stdout().as_bytes()) {
        return code;
    }
    let mut stderr = std::io::stderr().lock();
    if !cli.global.quiet && !cli.global.json {
        let label = if paint { "\x1b[33mwarning:\x1b[0m" } else { "warning:" };
        for w in out.warnings() {
            let _ = writeln!(stderr, "{label} {}", hal_caps::text::escape_control(w));
        }
    }
    out.code()
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code, reason = "the C entry point and one signal disposition; see the module docs")]
mod entry {
    /// The process entry point in place of std's.
    // SAFETY: with `#![no_main]` no other `main` symbol exists.
    #[unsafe(no_mangle)]
    extern "C" fn main(_argc: libc::c_int, _argv: *const *const libc::c_char) -> libc::c_int {
        // SAFETY: sets a disposition at start-up, before any other thread exists.
        unsafe { libc::signal(libc::SIGPIPE, libc::SIG_IGN) };
        // As std's runtime does, a closed fd 0, 1 or 2 gets /dev/null, so that no file
        // hal opens takes it; a closed stdout is remembered: writing the answer fails.
        for fd in 0..3 {
            // SAFETY: F_GETFD reads a flag of a descriptor; no memory is involved.
            if unsafe { libc::fcntl(fd, libc::F_GETFD) } == -1 {
                // SAFETY: a constant NUL-terminated path; the lowest free descriptor is `fd`.
                let opened = unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) };
                if fd == 1 {
                    super::STDOUT_CLOSED.store(true, std::sync::atomic::Ordering::Relaxed);
                }
                if opened != fd && opened >= 0 {
                    // SAFETY: closes the descriptor just opened, which nothing else holds.
                    unsafe { libc::close(opened) };
                }
            }
        }
        libc::c_int::from(super::hal())
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(hal())
}
