//! `cargo xtask check`: everything CI enforces, in one command.

use std::process::Command;

use crate::util::{cargo, root, run_step, target_dir};

pub(crate) fn check() -> Result<(), String> {
    let mut failures = Vec::new();
    let mut skipped = Vec::new();
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

    clients(&mut failures, &mut skipped);

    // The checked-in conformance captures, replayed through the hal just built.
    eprintln!("==> conformance fixtures");
    match hal_conformance::fixtures(false) {
        Ok(()) => {}
        Err(e) => failures.push(format!("conformance fixtures: {e}")),
    }

    let mut doc = cargo();
    doc.args(["doc", "--workspace", "--no-deps", "--all-features"]).env("RUSTDOCFLAGS", "-D warnings");
    step(&mut failures, "rustdoc", doc);

    eprintln!("{}", summary(&failures, &skipped));
    if failures.is_empty() { Ok(()) } else { Err(format!("{} step(s) failed", failures.len())) }
}

/// The last line of `cargo xtask check`: what failed, and what was skipped (a skipped
/// step is never "passed").
fn summary(failures: &[String], skipped: &[String]) -> String {
    let skipped = if skipped.is_empty() {
        String::new()
    } else {
        format!("; {} step(s) SKIPPED, not checked: {}", skipped.len(), skipped.join(", "))
    };
    if failures.is_empty() {
        format!("xtask check: no step failed{skipped}")
    } else {
        format!("xtask check: {} step(s) failed{skipped}:\n  {}", failures.len(), failures.join("\n  "))
    }
}

/// Whether `program` runs (`program --version`).
fn available(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok_and(|o| o.status.success())
}

/// The node and Python clients' suites, against the `hal` the workspace builds. Skipped,
/// with a notice, only where node or python3 is absent (both are on CI's machine).
fn clients(failures: &mut Vec<String>, skipped: &mut Vec<String>) {
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
        skipped.push("node client types".to_owned());
    }
    for (name, program, args) in suites {
        if !available(program) {
            eprintln!("==> {name}: SKIPPED, `{program}` is not installed");
            skipped.push(name.to_owned());
            continue;
        }
        let mut cmd = Command::new(program);
        cmd.args(args).current_dir(root()).env("HAL_BIN", &hal);
        if let Err(e) = run_step(name, cmd) {
            failures.push(e);
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_summary_counts_skipped_steps() {
        assert_eq!(super::summary(&[], &[]), "xtask check: no step failed");
        let s = super::summary(&[], &["node client types".to_owned()]);
        assert!(s.contains("1 step(s) SKIPPED") && !s.contains("passed"), "{s}");
        let s = super::summary(&["fmt: exit 1".to_owned()], &["python client".to_owned()]);
        assert!(s.starts_with("xtask check: 1 step(s) failed; 1 step(s) SKIPPED"), "{s}");
    }
}
