//! `cargo xtask`: hal's maintenance tasks.
//!
//! - `check`: fmt, clippy -D warnings, tests (snapshot drift fails), the boundary lint,
//!   docs in sync, rustdoc -D warnings. What CI runs.
//! - `lint [--path DIR]`: the boundary lint (the workspace when no path is given).
//! - `codegen`: regenerate README's generated sections.
//! - `bench [--runs N] [--write]`: criterion ratios and whole-process timings (not part of
//!   `check`); `--write` puts the results into BENCHMARKS.md.
//! - `dist [--pie]`: the binary to install (static on x86_64 Linux) in `target/dist/hal`.

mod bench;
mod check;
mod codegen;
mod dist;

use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str =
    "usage: cargo xtask <check | lint [--path DIR] | codegen | bench [--runs N] [--write] | dist [--pie]>";

fn lint(args: &[String]) -> Result<(), String> {
    let findings = match args {
        [] => {
            let root = check::root();
            hal_detect::lint::lint_dir(&root, hal_detect::lint::WORKSPACE_ALLOWLIST)
        }
        [flag, dir] if flag == "--path" => {
            hal_detect::lint::lint_dir(&PathBuf::from(dir), &[("target/", "build output")])
        }
        _ => return Err(USAGE.to_owned()),
    }
    .map_err(|e| format!("lint: {e}"))?;
    for f in &findings {
        println!("{f}");
    }
    if findings.is_empty() {
        eprintln!("lint: no findings");
        Ok(())
    } else {
        Err(format!("lint: {} finding(s)", findings.len()))
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("check") => check::check(),
        Some("lint") => lint(&args[1..]),
        Some("codegen") => codegen::codegen(&check::root()),
        Some("bench") => bench::bench(&args[1..]),
        Some("dist") => dist::dist(&args[1..]),
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
        if let Err(e) = crate::codegen::check_docs(&crate::check::root()) {
            panic!("{e}");
        }
    }

    /// Tidy-style: plain `cargo test` fails when the workspace breaks the boundary.
    #[test]
    fn workspace_passes_the_boundary_lint() {
        let f = hal_detect::lint::lint_dir(&crate::check::root(), hal_detect::lint::WORKSPACE_ALLOWLIST).unwrap();
        let shown: Vec<String> = f.iter().map(ToString::to_string).collect();
        assert!(f.is_empty(), "{}", shown.join("\n"));
    }
}
