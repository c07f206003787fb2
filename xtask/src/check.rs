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

    // A test part that cannot run here is logged (hal-testkit's `skip`) and counted below.
    let skip_log = target_dir().join("hal-skips.log");
    let _ = std::fs::remove_file(&skip_log);
    let mut test = cargo();
    test.args(["test", "--workspace", "--all-features"])
        .env("INSTA_UPDATE", "no")
        .env("CI", "true")
        .env("PROPTEST_CASES", "10000")
        .env("HAL_SKIP_LOG", &skip_log);
    step(&mut failures, "tests", test);
    let skips = std::fs::read_to_string(&skip_log).unwrap_or_default();
    for line in skips.lines() {
        eprintln!("    SKIPPED: {line}");
        skipped.push(format!("test {line}"));
    }

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

/// How many times a timed test may run before it fails: a loaded machine slows one run.
const TIMED_RUNS: usize = 3;

/// `cargo xtask check --timed`: the timed tier, every test `#[ignore = "timed"]` whose
/// name starts with `timed_`, each alone (one test thread, nothing else of the suite
/// running), passing when one of [`TIMED_RUNS`] runs passes.
pub(crate) fn timed() -> Result<(), String> {
    let mut build = cargo();
    build.args(["test", "--workspace", "--all-features", "--no-run"]);
    run_step("build the tests", build)?;
    let mut list = cargo();
    list.args(["test", "--workspace", "--all-features", "-q", "--", "--ignored", "--list"]);
    let out = list.output().map_err(|e| format!("cargo test --list: {e}"))?;
    let names = timed_names(&String::from_utf8_lossy(&out.stdout));
    if names.is_empty() {
        return Err("the timed tier holds no test (`timed_*`, ignored as \"timed\")".to_owned());
    }
    let mut failed = Vec::new();
    for name in &names {
        let mut passed = false;
        for run in 1..=TIMED_RUNS {
            let mut test = cargo();
            test.args(["test", "--workspace", "--all-features", "-q", "--", "--ignored", "--exact", name])
                .args(["--test-threads", "1"]);
            if run_step(&format!("{name} (run {run} of at most {TIMED_RUNS})"), test).is_ok() {
                passed = true;
                break;
            }
        }
        if !passed {
            failed.push(name.clone());
        }
    }
    eprintln!("xtask check --timed: {} timed test(s), {} failed {TIMED_RUNS} runs", names.len(), failed.len());
    if failed.is_empty() { Ok(()) } else { Err(format!("timed tests failed: {}", failed.join(", "))) }
}

/// The timed tests of a `--list` output (`path::name: test` lines), deduplicated.
fn timed_names(list: &str) -> Vec<String> {
    let mut names: Vec<String> = list
        .lines()
        .filter_map(|l| l.strip_suffix(": test"))
        .filter(|n| n.rsplit("::").next().is_some_and(|last| last.starts_with("timed_")))
        .map(str::to_owned)
        .collect();
    names.sort();
    names.dedup();
    names
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
    fn the_timed_tier_is_the_timed_tests_of_the_list() {
        let list = "a::timed_x: test\ntimed_y: test\nuntimed_z: test\ntimed_w: bench\nsrc/lib.rs - timed_v (line 3): test\ntimed_y: test\n";
        assert_eq!(super::timed_names(list), ["a::timed_x", "timed_y"]);
    }

    #[test]
    fn the_summary_counts_skipped_steps() {
        assert_eq!(super::summary(&[], &[]), "xtask check: no step failed");
        let s = super::summary(&[], &["node client types".to_owned()]);
        assert!(s.contains("1 step(s) SKIPPED") && !s.contains("passed"), "{s}");
        let s = super::summary(&["fmt: exit 1".to_owned()], &["python client".to_owned()]);
        assert!(s.starts_with("xtask check: 1 step(s) failed; 1 step(s) SKIPPED"), "{s}");
    }
}
