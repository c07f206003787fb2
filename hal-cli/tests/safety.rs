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

/// PowerShell's single-quote-character (language specification 2.3.5.2: `'` and the
/// typographic quotes U+2018 to U+201B): any of them ends a verbatim string.
fn powershell_quote(c: char) -> bool {
    matches!(c, '\'' | '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}')
}

/// What PowerShell sets a `$env:NAME = …` line to, read by its grammar for the forms the
/// line may hold: verbatim strings (ended by any single-quote-character; a doubled one is
/// one), `[char]0xHHHH` casts and ` + ` between them, the first a string. `None` for
/// anything else (a second statement, an expandable string, a subexpression). pwsh is
/// not installable here (no Debian package, none on npm or PyPI), so this is the grammar
/// as documented, not a run of PowerShell.
fn powershell_value(line: &str) -> Option<(String, String)> {
    let (name, mut rest) = line.strip_prefix("$env:")?.split_once(" = ")?;
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') || !rest.starts_with('\'') {
        return None;
    }
    let mut units: Vec<u16> = Vec::new();
    loop {
        if let Some(r) = rest.strip_prefix('\'') {
            let mut text = String::new();
            let mut chars = r.char_indices().peekable();
            let mut end = None;
            while let Some((i, c)) = chars.next() {
                if powershell_quote(c) {
                    if chars.peek().is_some_and(|(_, d)| powershell_quote(*d)) {
                        chars.next();
                        text.push(c);
                        continue;
                    }
                    end = Some(i + c.len_utf8());
                    break;
                }
                text.push(c);
            }
            units.extend(text.encode_utf16());
            rest = &r[end?..];
        } else if let Some(r) = rest.strip_prefix("[char]0x") {
            units.push(u16::from_str_radix(r.get(..4)?, 16).ok()?);
            rest = &r[4..];
        } else {
            return None;
        }
        if rest.is_empty() {
            return Some((name.to_owned(), String::from_utf16(&units).ok()?));
        }
        rest = rest.strip_prefix(" + ")?;
    }
}

proptest! {
    #[test]
    fn powershell_lines_read_back_as_exactly_the_values(value in "[^\u{0}]{0,48}", quotes in "['\u{2018}-\u{201B}$`\"(){}\r\n\u{202e}]{0,8}") {
        for v in [value.clone(), format!("{quotes}{value}{quotes}")] {
            let line = hal_cli::render::powershell_line("HAL_SESSION_ID", &v);
            prop_assert!(!line.contains(['\n', '\r']), "one line: {:?}", line);
            prop_assert_eq!(powershell_value(&line), Some(("HAL_SESSION_ID".to_owned(), v.clone())), "{}", line);
        }
    }
}

#[test]
fn hal_env_for_powershell_sets_every_variable_and_runs_nothing() {
    let evil = "x'; Remove-Item C:\\ -Recurse; '$(calc)`n\u{2019}; calc\r\nRemove-Item C:\\";
    let env = [("GT_RUNTIME".to_owned(), "claude".to_owned()), ("CLAUDE_SESSION_ID".to_owned(), evil.to_owned())];
    let out = hal(&["env", "--shell", "powershell"], &env);
    // Standard error (merged by `hal`) warns; every other line is a `$env:` line.
    let lines = out.lines().filter(|l| !l.starts_with("warning: "));
    let read: Vec<(String, String)> = lines.map(|l| powershell_value(l).unwrap_or_else(|| panic!("{l}"))).collect();
    let names: Vec<&str> = read.iter().map(|(n, _)| n.as_str()).collect();
    let every: Vec<&str> = hal_cli::commands::env::ENV_VARS.iter().map(|v| v.name()).collect();
    assert_eq!(names, every, "every variable, in order");
    assert!(read.contains(&("HAL_SESSION_ID".to_owned(), evil.to_owned())), "{out}");
    assert!(read.contains(&("HAL_PROVIDER".to_owned(), "claude".to_owned())), "{out}");
}
