//! `cargo xtask lint`: hal's own workspace (with its allow-list) or a path, through
//! `hal-lint`.

use std::path::PathBuf;

use hal_lint::{Options, Report};

use crate::util::root;

/// Places the lint skips when it lints hal's own workspace, each with its reason. The
/// rest of the workspace, `examples/witness` included, is held to the rule like any
/// skill.
pub(crate) const WORKSPACE_ALLOWLIST: &[(&str, &str)] = &[
    ("hal-detect/", "the one crate that reads the host"),
    ("hal-registry/src/", "the registry holds runtime facts as data and reads nothing"),
    ("hal-payload/Cargo.toml", "hal's own crates are the HAL: they depend on one another"),
    ("hal-caps/Cargo.toml", "hal's own crates are the HAL: they depend on one another"),
    ("hal-gupp/Cargo.toml", "hal's own crates are the HAL: they depend on one another"),
    ("hal-lint/Cargo.toml", "hal's own crates are the HAL: they depend on one another"),
    ("hal-cli/Cargo.toml", "hal's own crates are the HAL: they depend on one another"),
    ("hal-lint/eval/Cargo.toml", "the lint's own harness runs the lint"),
    ("/tests/", "tests build fake hosts, child environments and lint fixtures out of these names"),
    ("/benches/", "benchmarks build fake hosts out of these names"),
    ("xtask/", "the build tool: it runs cargo via $CARGO"),
    ("hal-conformance/", "the conformance suite configures and runs the real runtimes and records what they set"),
    ("fuzz/", "fuzz targets feed arbitrary environments to hal-detect"),
];

/// The workspace, linted with its allow-list; paths relative to the root.
pub(crate) fn workspace() -> Report {
    let root = root();
    let mut report = hal_lint::lint_paths(std::slice::from_ref(&root), &Options::skipping(WORKSPACE_ALLOWLIST));
    report.relative_to(&root);
    report
}

/// Prints a report's findings and diagnostics; an error when there are findings.
pub(crate) fn print(report: &Report, what: &str) -> Result<(), String> {
    print!("{}", report.text());
    for d in &report.diagnostics {
        eprintln!("warning: {}", d.message);
    }
    match report.exit_code() {
        0 => {
            eprintln!("{what}: no findings in {} file(s)", report.files);
            Ok(())
        }
        2 => Err(format!("{what}: cannot lint a path that does not exist")),
        _ => Err(format!("{what}: {} finding(s)", report.findings.len())),
    }
}

/// `cargo xtask lint [--path PATH]`.
pub(crate) fn lint(path: Option<PathBuf>) -> Result<(), String> {
    let report = match path {
        None => workspace(),
        Some(path) => hal_lint::lint_paths(&[path], &Options::default()),
    };
    print(&report, "lint")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_env_read_injected_into_hal_caps_is_caught_and_hal_detect_is_allowed() {
        let ws = tempfile::tempdir().unwrap();
        for krate in ["hal-caps", "hal-detect"] {
            let src = ws.path().join(krate).join("src");
            std::fs::create_dir_all(&src).unwrap();
            std::fs::write(src.join("lib.rs"), "pub fn f() -> bool {\n    std::env::var(\"CLAUDECODE\").is_ok()\n}\n")
                .unwrap();
        }
        let mut r = hal_lint::lint_paths(&[ws.path().to_path_buf()], &Options::skipping(WORKSPACE_ALLOWLIST));
        r.relative_to(ws.path());
        assert_eq!(
            r.text().lines().map(|l| l.split(": ").next().unwrap()).collect::<Vec<_>>(),
            ["hal-caps/src/lib.rs:2:19"]
        );
    }

    #[test]
    fn the_workspace_lint_covers_examples_witness() {
        let witness = root().join("examples/witness");
        let r = hal_lint::lint_paths(&[witness], &Options::default());
        assert!(r.files >= 2, "{}", r.files); // its Cargo.toml and its sources
        assert_eq!(r.text(), "");
        assert!(!WORKSPACE_ALLOWLIST.iter().any(|(p, _)| p.contains("examples")));
    }

    #[test]
    fn xtask_lint_path_fails_on_a_violating_skill_and_passes_a_clean_one() {
        let fixtures = root().join("hal-lint/tests/fixtures");
        let path = |p: &str| Some(fixtures.join(p));
        assert!(lint(path("shell/violating")).unwrap_err().contains("finding(s)"));
        assert_eq!(lint(path("shell/clean")), Ok(()));
        assert!(lint(path("no-such-skill")).is_err());
    }
}
