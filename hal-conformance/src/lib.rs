//! hal's conformance suite: hal checked inside the real runtimes, offline. Unpublished;
//! `cargo xtask conformance [--runtime ID[@VERSION]]... [--newest-only | --all-versions] [--offline] [--jobs N] [--stub-hang]
//! [--timeout S] [--write-fixtures] [--lock]`, `cargo xtask conformance --fixtures [--write]` and
//! `cargo xtask conformance --sandbox-test` (`escape`) and `--mayor` (`mayor`) are its entry points (xtask delegates to [`conformance`], and its hidden
//! `conformance-run` and `conformance-probe` to [`run_inside`] and [`probe_main`]).
//!
//! Each runtime (the table in `runtimes`, keyed by `hal_types::RuntimeProvider`, every
//! fact about the runtime read from the registry) is installed at its pinned version into
//! a cache outside the repository from its checked-in lock without install scripts
//! (`install`; a PyPI runtime into a venv, `venv`), then run twice in a network and pid namespace of its own with only
//! loopback (`run`), in a sandbox (`sandbox`: read-only host, private `/tmp` and `/run`,
//! an unprivileged user), against the model stub (`stub`, one
//! module per wire protocol): once with every hook event and the shell tool running the
//! probe (`probe`), once following its startup plan. The captures (`capture`) are
//! replayed through the real hal binary outside any runtime (`replay`), checked
//! (`checks`, pure, generated from the registry's verified records, one module per
//! context) and written to `target/conformance/report.json` and `CONFORMANCE.md`
//! (`report`).
//!
//! The checked-in captures live in `hal-conformance/fixtures/`; [`fixtures`] runs the same
//! checks over them (what `cargo xtask check` verifies).

mod build_tool;
mod capture;
mod checks;
mod doc;
#[cfg(test)]
mod drift;
mod escape;
mod install;
mod launching;
mod matrix;
mod mayor;
mod probe;
mod replaying;
mod report;
mod run;
mod runtimes;
mod sandbox;
mod stub;
mod suite;
pub mod util;
mod venv;

/// `cargo xtask conformance ARGS`: a live run (or, with `--fixtures`, the fixtures'
/// checks). An error names what failed.
pub fn conformance(args: &[String]) -> Result<(), String> {
    suite::conformance(args)
}

/// The inside half of one run (`xtask conformance-run ARGS`), pid 1 of its namespace.
/// The caller's executable must route `conformance-run` and `conformance-probe` here and
/// to [`probe_main`]: the suite re-executes it inside the namespace and as the probe.
pub fn run_inside(args: &[String]) -> Result<(), String> {
    let args = run::begin(args)?;
    if args.mode == run::Mode::Sandbox { escape::inside(args) } else { run::inside(args) }
}

/// The probe (`xtask conformance-probe --out DIR --hal HAL (tool | hook EVENT)`).
pub fn probe_main(args: &[String]) -> Result<(), String> {
    probe::main(args)
}

/// The sandbox test's stand-in for a runtime (`xtask conformance-escape ...`): it tries
/// to leave the sandbox and reports what happened.
pub fn escape_main(args: &[String]) -> Result<(), String> {
    escape::main(args)
}

/// The checks over the checked-in fixtures; with `write`, CONFORMANCE.md regenerated
/// from them, else compared with it.
pub fn fixtures(write: bool) -> Result<(), String> {
    suite::fixtures(write)
}
