//! `cargo xtask`: hal's maintenance tasks.
//!
//! - `check`: fmt, clippy -D warnings, tests (snapshot drift fails), the boundary lint,
//!   docs in sync, rustdoc -D warnings. What CI runs.
//! - `lint [--path PATH]`: the boundary lint (`hal-lint`; the workspace, with its
//!   allow-list, when no path is given).
//! - `lint-eval [--dir DIR] [--write] [--no-time]`: the lint's precision, recall and time
//!   on the labelled corpus of `hal-lint/eval/` (laid out by its `fetch.sh`); the
//!   harness is its own unpublished crate there, `hal-lint-eval`, and this entry delegates.
//! - `codegen`: regenerate README's generated sections.
//! - `bench [--runs N] [--write] [--check]`: criterion ratios and whole-process timings
//!   (not part of `check`); `--write` puts every figure into BENCHMARKS.md and README,
//!   `--check` fails naming each missed budget; `--rerender` rewrites the figures from the
//!   stored run.
//! - `dist [--pie]`: the binary to install (static on x86_64 Linux) in `target/dist/hal`.
//! - `conformance [--runtime ID]... [--offline] [--jobs N] [--timeout S] [--stub-hang]
//!   [--write-fixtures]`: hal checked inside the real runtimes, offline (not part of
//!   `check`; `.ci/run` runs it); `conformance --fixtures [--write]`: the same checks over
//!   the checked-in captures. The suite is its own crate, `hal-conformance`; these
//!   entries delegate to it.
//! - `package [--no-publish-check] [--install-test]`: the npm tarballs and the wheel in
//!   `target/package/`, `cargo publish --workspace --dry-run`, and (`--install-test`) each
//!   package installed and run as users do.

mod bench;
mod check;
mod clients;
mod codegen;
mod compat;
mod dist;
#[cfg(test)]
mod invariants;
mod lint;
mod package;
#[cfg(test)]
mod usegraph;
mod util;

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <check | lint [--path PATH] | lint-eval [--dir DIR] [--write] [--no-time] | codegen | bench [--runs N] [--write] [--check] | dist [--pie] | package [--no-publish-check] [--install-test] | conformance [--runtime ID]... [--offline] [--fixtures [--write]]>";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("check") => check::check(),
        Some("lint") => lint::lint(&args[1..]),
        Some("lint-eval") => hal_lint_eval::lint_eval(&args[1..], || dist::build_release(&[])),
        Some("codegen") => codegen::codegen(&util::root()),
        Some("bench") => bench::bench(&args[1..]),
        Some("dist") => dist::dist(&args[1..]),
        Some("conformance") => hal_conformance::conformance(&args[1..]),
        // Hidden: the inside half of a run (pid 1 of its namespace), and the probe; the
        // suite re-executes this binary for both.
        Some("conformance-run") => hal_conformance::run_inside(&args[1..]),
        Some("conformance-probe") => hal_conformance::probe_main(&args[1..]),
        Some("package") => package::package(&args[1..]),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    /// Tidy-style: plain `cargo test` fails when README drifts from the code.
    #[test]
    fn readme_is_in_sync() {
        if let Err(e) = crate::codegen::check_docs(&crate::util::root()) {
            panic!("{e}");
        }
    }

    /// Tidy-style: plain `cargo test` fails when the workspace breaks the boundary.
    #[test]
    fn workspace_passes_the_boundary_lint() {
        let report = crate::lint::workspace();
        assert_eq!(report.text(), "");
        assert_eq!(report.diagnostics, []);
    }
}
