//! The boundary lint on fixtures, on an injected violation, and on examples/.

use std::path::{Path, PathBuf};

use hal_detect::lint::{WORKSPACE_ALLOWLIST, lint_dir};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn lines(dir: &Path, allow: &[(&str, &str)]) -> Vec<String> {
    lint_dir(dir, allow)
        .unwrap()
        .iter()
        .map(|f| format!("{}:{}:{}: {}", f.path.display(), f.line, f.col, f.rule))
        .collect()
}

#[test]
fn the_violating_fixture_yields_exactly_its_findings() {
    let got = lines(&fixtures().join("violating"), &[]);
    assert_eq!(
        got,
        [
            "src/lib.rs:3:15: env-read",
            "src/lib.rs:5:14: process-probe",
            "src/lib.rs:10:13: env-read",
            "src/lib.rs:11:13: env-read",
            "src/lib.rs:12:13: env-read",
            "src/lib.rs:13:34: indicator-literal",
            "src/lib.rs:14:27: indicator-literal",
            "src/lib.rs:15:26: process-probe",
            "src/lib.rs:16:37: indicator-literal",
            "src/lib.rs:17:14: process-probe",
        ]
    );
}

#[test]
fn findings_print_path_line_rule_and_fix() {
    let f = lint_dir(&fixtures().join("violating"), &[]).unwrap();
    let s = f[0].to_string();
    assert_eq!(
        s,
        "src/lib.rs:3:15: env-read: `use std::env::var_os` imports an environment reader — fix: call hal_detect / hal_types::RuntimeHal instead"
    );
}

#[test]
fn the_clean_fixture_and_examples_yield_nothing() {
    assert_eq!(lines(&fixtures().join("clean"), &[]), Vec::<String>::new());
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    assert_eq!(lines(&examples, &[]), Vec::<String>::new());
}

#[test]
fn an_env_read_injected_into_hal_caps_is_caught() {
    let ws = tempfile::tempdir().unwrap();
    let src = ws.path().join("hal-caps/src");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::write(src.join("lib.rs"), "pub fn f() -> bool {\n    std::env::var(\"CLAUDECODE\").is_ok()\n}\n").unwrap();
    // The same file inside hal-detect is allowed.
    let det = ws.path().join("hal-detect/src");
    std::fs::create_dir_all(&det).unwrap();
    std::fs::copy(src.join("lib.rs"), det.join("lib.rs")).unwrap();
    assert_eq!(
        lines(ws.path(), WORKSPACE_ALLOWLIST),
        ["hal-caps/src/lib.rs:2:5: env-read", "hal-caps/src/lib.rs:2:19: indicator-literal"]
    );
}
