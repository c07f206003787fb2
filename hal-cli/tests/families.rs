//! Families and flags through the real binary, run under a real launcher named like the
//! runtime (a copy of `/bin/sh`), with a cleared environment: whatever runs this suite,
//! the nearest runtime above `hal` is the launcher.

mod common;

use common::OutputRetrying as _;

use std::process::Command;

use serde_json::Value;

/// `hal ARGS --json` run by a shell named `launcher`, with only `env` set.
fn json_under(launcher: &str, args: &[&str], env: &[(&str, &str)]) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let shell = dir.path().join(launcher);
    std::fs::copy("/bin/sh", &shell).unwrap();
    let mut cmd = Command::new(&shell);
    cmd.args(["-c", "\"$@\"; true", "sh", env!("CARGO_BIN_EXE_hal")]).args(args).arg("--json");
    cmd.env_clear().env("PATH", "/usr/bin:/bin").current_dir(dir.path());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output_retrying();
    let v = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stdout)));
    common::validate(args, &v);
    v
}

fn marker_candidates(d: &Value, var: &str) -> usize {
    d["candidates"].as_array().unwrap().iter().filter(|c| c["kind"] == "marker" && c["signal"] == var).count()
}

#[test]
fn detect_names_the_family_in_every_case() {
    for (launcher, env, provider, family) in [
        ("claude", vec![("CLAUDECODE", "1")], "claude", "claude"),
        ("claude", vec![("CLAUDE_CODE_IS_COWORK", "1"), ("CLAUDECODE", "1")], "cowork", "claude"),
        ("claude", vec![("GT_AGENT", "groq-compound")], "groq-compound", "claude"),
        ("copilot", vec![("COPILOT_CLI", "1")], "copilot", "copilot"),
        ("pi-signed", vec![("FM_PI_HARNESS", "pi-signed"), ("PI_CODING_AGENT", "true")], "pi-signed", "pi"),
        ("kilo", vec![("OPENCODE", "1")], "kilo", "opencode"),
        ("codex", vec![], "codex", "codex"),
    ] {
        let d = json_under(launcher, &["detect"], &env);
        assert_eq!((d["provider"].as_str(), d["family"].as_str()), (Some(provider), Some(family)), "{env:?}");
    }
}

#[test]
fn groq_compound_has_claudes_row_and_family() {
    let c = json_under("claude", &["caps"], &[("GT_AGENT", "groq-compound")]);
    assert_eq!(c["provider"], "groq-compound");
    assert_eq!(c["family"], "claude");
    assert_eq!((c["stall_threshold_secs"].as_u64(), c["nudge_interval_secs"].as_u64()), (Some(120), Some(30)));
    assert_eq!(c["startup_strategy"], "hook_injection");
}

#[test]
fn claudecode_takes_truthy_spellings_and_refuses_falsy_ones() {
    for v in ["1", "true", "TRUE", "yes", "on"] {
        let d = json_under("claude", &["detect"], &[("CLAUDECODE", v)]);
        assert_eq!(marker_candidates(&d, "CLAUDECODE"), 1, "CLAUDECODE={v}");
        assert_eq!(d["provider"], "claude", "CLAUDECODE={v}");
        assert_eq!(d["source"]["kind"], "marker", "CLAUDECODE={v}: the marker decides, the ancestor confirms");
    }
    for v in ["0", "false", "no", "off", ""] {
        let d = json_under("claude", &["detect"], &[("CLAUDECODE", v)]);
        assert_eq!(marker_candidates(&d, "CLAUDECODE"), 0, "CLAUDECODE={v:?} is not a marker");
        assert_eq!(d["source"]["kind"], "process_ancestor", "CLAUDECODE={v:?}");
    }
}

#[test]
fn the_old_copilot_cli_name_is_copilot() {
    let d = json_under("github-copilot-cli", &["detect"], &[]);
    assert_eq!((d["provider"].as_str(), d["source"]["signal"].as_str()), (Some("copilot"), Some("github-copilot-cli")));
    let d = json_under("sh", &["detect"], &[("AI_AGENT", "github-copilot-cli")]);
    assert!(
        d["candidates"].as_array().unwrap().iter().any(|c| c["signal"] == "AI_AGENT" && c["provider"] == "copilot"),
        "{d}"
    );
}
