//! Helpers hal's test suites share (a dev-dependency only; never published).
//!
//! - A test that cannot run here says so through [`skip`] or [`missing_tool`], never by
//!   passing quietly: each skip is printed as `SKIPPED` and, when `HAL_SKIP_LOG` names a
//!   file (`cargo xtask check` sets it), appended there, so the check's summary counts
//!   it. Under CI (`CI` set and not `false`) a missing tool fails the test instead: CI
//!   provides every tool the tests need (`.ci/run`).
//! - The timed tier (`#[ignore = "timed"]`, tests named `timed_*`, run one at a time by
//!   `cargo xtask check --timed`) measures with [`best_of`]; the default tier asserts no
//!   wall-clock time.

use std::io::Write as _;
use std::process::Command;
use std::time::{Duration, Instant};

/// The variable naming the file skips are appended to.
pub const SKIP_LOG: &str = "HAL_SKIP_LOG";

/// Whether this run is CI's: `CI` set, non-empty and not `false`.
#[must_use]
#[allow(clippy::disallowed_methods, reason = "the test harness's own environment: whether CI runs it")]
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// Whether `program` runs here (`program --version` exits 0; `setpriv` and a few others
/// answer `--version` too).
#[must_use]
pub fn have(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok_and(|o| o.status.success())
}

/// Records that part of a test did not run here because the host cannot do it (no
/// unprivileged namespace, not root): printed as `SKIPPED` and logged for the summary.
#[allow(clippy::disallowed_methods, reason = "the test harness's own environment: where to log a skip")]
pub fn skip(what: &str) {
    eprintln!("SKIPPED (not a pass): {what}");
    if let Some(path) = std::env::var_os(SKIP_LOG) {
        let test = std::thread::current().name().unwrap_or("?").to_owned();
        if let Ok(mut f) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
            let _ = writeln!(f, "{test}: {what}");
        }
    }
}

/// Records that part of a test did not run because `tool` is missing: under CI a
/// failure (CI installs or states every tool the tests need), elsewhere a [`skip`].
///
/// # Panics
///
/// Under CI, always.
pub fn missing_tool(tool: &str, what: &str) {
    assert!(!in_ci(), "{what}: `{tool}` is missing, and CI must provide it (.ci/run)");
    skip(&format!("{what}: `{tool}` is missing"));
}

/// Runs `f` `runs` times; the result and the time of the fastest run (a loaded machine
/// slows one run, not the program). For the timed tier only.
///
/// # Panics
///
/// When `runs` is 0.
pub fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (T, Duration) {
    let mut best: Option<(T, Duration)> = None;
    for _ in 0..runs {
        let t = Instant::now();
        let out = f();
        let took = t.elapsed();
        if best.as_ref().is_none_or(|(_, b)| took < *b) {
            best = Some((out, took));
        }
    }
    best.expect("at least one run")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_skip_is_logged_and_a_missing_tool_fails_under_ci() {
        let dir = std::env::temp_dir().join(format!("hal-testkit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let log = dir.join("skips");
        // The process's environment is this test's alone (no other test reads it).
        let run = |ci: Option<&str>| {
            Command::new(std::env::current_exe().unwrap())
                .args(["--exact", "tests::child", "--nocapture", "--include-ignored"])
                .env_clear()
                .env(SKIP_LOG, &log)
                .envs(ci.map(|c| ("CI", c)))
                .output()
                .unwrap()
        };
        let o = run(None);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
        let logged = std::fs::read_to_string(&log).unwrap();
        assert!(logged.contains("tests::child: probing: `no-such-tool-hal` is missing"), "{logged}");
        let o = run(Some("true"));
        assert!(!o.status.success(), "a missing tool passed under CI");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    #[ignore = "run by a_skip_is_logged_and_a_missing_tool_fails_under_ci"]
    fn child() {
        if !have("no-such-tool-hal") {
            missing_tool("no-such-tool-hal", "probing");
        }
    }

    #[test]
    fn best_of_keeps_the_fastest_run() {
        let mut n = 0;
        let (last, _) = best_of(3, || {
            n += 1;
            n
        });
        assert!((1..=3).contains(&last));
        assert_eq!(n, 3);
    }
}
