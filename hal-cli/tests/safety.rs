//! Output safety: no environment value leaks into output, and `hal env` output
//! evaluated by `sh` sets exactly the intended variables and runs nothing else.

use std::fmt::Write as _;
use std::process::Command;

use proptest::prelude::*;

fn hal(args: &[&str], env: &[(String, String)]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hal"));
    cmd.args(args).env_clear().env("PATH", "/usr/bin:/bin").current_dir(dir.path());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

#[test]
fn no_env_value_leaks_into_json_or_explain() {
    // Every runtime-specific variable hal knows, set to a canary value. GEMINI_CLI=1 and
    // CLAUDECODE=1 make sure markers are seen; the canaries must not appear anywhere.
    let mut env: Vec<(String, String)> = hal_caps::registry::indicator_vars()
        .into_iter()
        // AGENT and AI_AGENT carry an agent's own name, which hal reports (below).
        .filter(|v| !v.starts_with("GT_") && *v != "CLAUDE_SESSION_ID" && *v != "AGENT")
        .map(|v| (v.to_owned(), format!("secret-canary-{v}")))
        .collect();
    env.push(("CODEX_THREAD_ID".into(), "secret-canary-123".into()));
    env.push(("CLAUDE_PROJECT_DIR".into(), "/secret-canary-dir".into()));
    for args in [
        &["detect", "--json"][..],
        &["detect"],
        &["caps", "--json"],
        &["caps"],
        &["startup", "--role", "polecat", "--json"],
        &["gupp", "--json"],
        &["explain"],
        &["events", "--json"],
        &["providers", "--json"],
    ] {
        let out = hal(args, &env);
        assert!(!out.contains("secret-canary"), "{args:?} leaked a value:\n{out}");
        assert!(!out.is_empty());
    }
    // A self-declared agent's name is reported, and only as the name: `agent` in JSON.
    env.push(("AI_AGENT".into(), "declared-canary@9".into()));
    let out = hal(&["detect", "--json"], &env);
    let v: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!((v["agent"].as_str(), v["agent_version"].as_str()), (Some("declared-canary"), Some("9")));
    assert_eq!(out.matches("declared-canary").count(), 1, "{out}");
    assert!(!out.contains("secret-canary"), "{out}");
    // The session id is the one value hal prints, and only where asked for.
    let sid = [("GT_RUNTIME".to_owned(), "codex".to_owned()), ("GT_SESSION_ID".to_owned(), "sid-canary".to_owned())];
    assert!(hal(&["session-id"], &sid).contains("sid-canary"));
    assert!(!hal(&["detect", "--json"], &sid).contains("sid-canary"));
}

fn eval_in_sh(lines: &str, names: &[&str]) -> (Vec<String>, String) {
    let mut script = format!("{lines}\n");
    for n in names {
        let _ = writeln!(script, "printf '%s\\0' \"${n}\"");
    }
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new("sh").arg("-c").arg(&script).current_dir(dir.path()).env_clear().output().unwrap();
    let values = String::from_utf8_lossy(&out.stdout).split('\0').map(str::to_owned).collect();
    let created: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    (values, created.join(","))
}

proptest! {
    #[test]
    fn hal_env_lines_evaluate_to_exactly_the_values(
        session in "[^\u{0}]{0,48}",
        other in "[^\u{0}]{0,24}",
    ) {
        let vars = [("HAL_SESSION_ID", session.clone()), ("HAL_PROVIDER", other.clone())];
        let lines = hal_cli::render::export_lines(&vars);
        prop_assert_eq!(lines.lines().count(), vars.len(), "one line per variable: {:?}", lines);
        // Probes for code execution: anything that ran would create a file here.
        let (values, created) = eval_in_sh(&lines, &["HAL_SESSION_ID", "HAL_PROVIDER"]);
        prop_assert_eq!(&values[0], &session);
        prop_assert_eq!(&values[1], &other);
        prop_assert_eq!(created, "");
    }
}

#[test]
fn hal_env_with_hostile_values_runs_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("pwned");
    let evil = format!("x'; touch {m}; echo '$(touch {m})`touch {m}`\n; touch {m}", m = marker.display());
    let env = [("GT_RUNTIME".to_owned(), "claude".to_owned()), ("CLAUDE_SESSION_ID".to_owned(), evil.clone())];
    let lines = hal(&["env"], &env);
    let (values, _) = eval_in_sh(&lines, &["HAL_SESSION_ID", "HAL_PROVIDER"]);
    assert_eq!(values[0], evil);
    assert_eq!(values[1], "claude");
    assert!(!marker.exists(), "evaluating hal env ran a command");
}
