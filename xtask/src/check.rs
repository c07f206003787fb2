//! `cargo xtask check`: everything CI enforces, in one command.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The workspace root (xtask lives one level below it).
pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf).unwrap_or_default()
}

/// The cargo that runs us (`$CARGO`), else `cargo`.
#[allow(
    clippy::disallowed_methods,
    reason = "xtask is a build tool, not a skill: $CARGO is cargo's contract with xtasks"
)]
pub(crate) fn cargo() -> Command {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut c = Command::new(cargo);
    c.current_dir(root());
    c
}

/// Runs `cmd` as the step `name`: announces it, times it, and fails unless it succeeds.
pub(crate) fn run_step(name: &str, mut cmd: Command) -> Result<(), String> {
    let started = Instant::now();
    eprintln!("==> {name}");
    let status = cmd.status().map_err(|e| format!("{name}: could not start: {e}"))?;
    eprintln!(
        "    {name}: {} in {:.1}s",
        if status.success() { "ok" } else { "FAILED" },
        started.elapsed().as_secs_f64()
    );
    if status.success() { Ok(()) } else { Err(format!("{name} failed ({status})")) }
}

pub(crate) fn check() -> Result<(), String> {
    let mut failures = Vec::new();
    let step = |failures: &mut Vec<String>, name: &str, cmd: Command| {
        if let Err(e) = run_step(name, cmd) {
            failures.push(e);
        }
    };

    let mut fmt = cargo();
    fmt.args(["fmt", "--all", "--", "--check"]);
    step(&mut failures, "fmt", fmt);

    let mut clippy = cargo();
    clippy.args(["clippy", "--workspace", "--all-targets", "--all-features", "--", "-D", "warnings"]);
    step(&mut failures, "clippy", clippy);

    let mut test = cargo();
    test.args(["test", "--workspace", "--all-features"])
        .env("INSTA_UPDATE", "no")
        .env("CI", "true")
        .env("PROPTEST_CASES", "10000");
    step(&mut failures, "tests", test);

    eprintln!("==> boundary lint");
    match crate::lint::print(&crate::lint::workspace(), "    boundary lint (workspace and examples/witness)") {
        Ok(()) => {}
        Err(e) => failures.push(e),
    }

    eprintln!("==> dist without the lint");
    if let Err(e) = crate::dist::check_dist() {
        failures.push(format!("dist without the lint: {e}"));
    }

    eprintln!("==> generated files in sync");
    match crate::codegen::check_docs(&root()) {
        Ok(()) => eprintln!("    generated files in sync: ok"),
        Err(e) => failures.push(e),
    }

    eprintln!("==> JSON changes additive");
    match crate::compat::check(&root()) {
        Ok(()) => eprintln!("    JSON changes additive: ok"),
        Err(e) => failures.push(e),
    }

    clients(&mut failures);

    // The checked-in conformance captures, replayed through the hal just built.
    eprintln!("==> conformance fixtures");
    match crate::conformance::fixtures(false) {
        Ok(()) => {}
        Err(e) => failures.push(format!("conformance fixtures: {e}")),
    }

    let mut doc = cargo();
    doc.args(["doc", "--workspace", "--no-deps", "--all-features"]).env("RUSTDOCFLAGS", "-D warnings");
    step(&mut failures, "rustdoc", doc);

    if failures.is_empty() {
        eprintln!("xtask check: all steps passed");
        Ok(())
    } else {
        Err(format!("{} step(s) failed:\n  {}", failures.len(), failures.join("\n  ")))
    }
}

/// Whether `program` runs (`program --version`).
fn available(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok_and(|o| o.status.success())
}

/// The node and Python clients' suites, against the `hal` the workspace builds. Skipped,
/// with a notice, only where node or python3 is absent (both are on CI's machine).
fn clients(failures: &mut Vec<String>) {
    let mut build = cargo();
    build.args(["build", "-p", "hal-cli"]);
    if let Err(e) = run_step("build hal for the clients", build) {
        failures.push(e);
        return;
    }
    let hal = target_dir().join("debug").join("hal");
    let suites: [(&str, &str, &[&str]); 2] = [
        ("node client", "node", &["--test", "bindings/node/test/"]),
        ("python client", "python3", &["-m", "unittest", "discover", "-s", "bindings/python", "-v"]),
    ];
    // The generated TypeScript types, used as a skill would (where TypeScript is
    // installed: .ci/run installs it under target/tools).
    let tsc = target_dir().join("tools").join("node_modules").join(".bin").join("tsc");
    if tsc.exists() {
        let mut cmd = Command::new(&tsc);
        cmd.args(["--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext"])
            .args(["--target", "es2022", "bindings/node/test/types.ts"])
            .current_dir(root());
        if let Err(e) = run_step("node client types (tsc)", cmd) {
            failures.push(e);
        }
    } else {
        eprintln!("==> node client types: SKIPPED, TypeScript is not installed under target/tools");
    }
    for (name, program, args) in suites {
        if !available(program) {
            eprintln!("==> {name}: SKIPPED, `{program}` is not installed");
            continue;
        }
        let mut cmd = Command::new(program);
        cmd.args(args).current_dir(root()).env("HAL_BIN", &hal);
        if let Err(e) = run_step(name, cmd) {
            failures.push(e);
        }
    }
}

/// Cargo's target directory: `$CARGO_TARGET_DIR`, else `target/` in the workspace.
#[allow(clippy::disallowed_methods, reason = "cargo's own variable, read by the build tool")]
pub(crate) fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), |d| root().join(d))
}
