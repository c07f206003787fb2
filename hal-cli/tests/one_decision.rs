//! Every command that reads a hook payload (`hal hook`, `hal detect --hook`, `hal
//! session-id --hook`) decides its runtime through one function and reports through one
//! diagnostics path: on the same input (every hook fixture, and every payload the
//! conformance runs captured, in its captured environment and others) the three name
//! the same provider and session id and report the same diagnostics, the settings' and
//! the disagreements' included; `--require-known` fails all three alike.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

type Env = Vec<(String, String)>;

const COMMANDS: [&[&str]; 3] =
    [&["hook", "--json"], &["detect", "--hook", "--json"], &["session-id", "--hook", "--json"]];

fn hal(args: &[&str], env: &Env, cwd: &Path, input: &[u8]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hal"));
    cmd.args(args).env_clear().env("PATH", "/usr/bin:/bin").current_dir(cwd);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().unwrap()
}

fn json(o: &Output, what: &str) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{what}: {e}: {}", String::from_utf8_lossy(&o.stdout)))
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every hook payload fixture of hal-caps, as (`runtime/name`, bytes), sorted.
fn fixtures() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for dir in std::fs::read_dir(root().join("hal-caps/tests/fixtures/hooks")).unwrap() {
        let dir = dir.unwrap().path();
        for file in std::fs::read_dir(&dir).unwrap() {
            let file = file.unwrap().path();
            if file.extension().is_some_and(|e| e == "json") {
                let name = format!(
                    "{}/{}",
                    dir.file_name().unwrap().to_string_lossy(),
                    file.file_name().unwrap().to_string_lossy()
                );
                out.push((name, std::fs::read(&file).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// Every capture of the conformance runs with a payload: (`runtime context`, its
/// environment with `<ws>` and `<home>` filled in, the payload).
fn captures(ws: &Path, home: &Path) -> Vec<(String, Env, Vec<u8>)> {
    let mut out = Vec::new();
    let dir = root().join("hal-conformance/fixtures");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "json")) {
        let v: Value = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
        for c in v["captures"].as_array().into_iter().flatten().filter(|c| c["payload"].is_object()) {
            let fill = |s: &str| s.replace("<ws>", &ws.to_string_lossy()).replace("<home>", &home.to_string_lossy());
            let env = c["env"]
                .as_object()
                .unwrap()
                .iter()
                .filter(|(k, _)| *k != "PATH")
                .map(|(k, v)| (k.clone(), fill(v.as_str().unwrap_or_default())))
                .collect();
            let payload = fill(&serde_json::to_string(&c["payload"]).unwrap()).into_bytes();
            let name = format!("{} {}", file.file_stem().unwrap().to_string_lossy(), c["context"]);
            out.push((name, env, payload));
        }
    }
    out
}

fn pairs(env: &[(&str, &str)]) -> Env {
    env.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
}

/// The diagnostics of an answer, without the `hook_payload` one that says no payload was
/// read.
fn without_no_payload(v: &Value) -> Vec<Value> {
    let no_payload =
        |d: &Value| d["code"] == "hook_payload" && d["message"].as_str().is_some_and(|m| m.contains("no hook payload"));
    v["diagnostics"].as_array().unwrap().iter().filter(|d| !no_payload(d)).cloned().collect()
}

/// The three answers on one input; asserts they agree; the diagnostics' messages.
fn agree(what: &str, env: &Env, cwd: &Path, input: &[u8]) -> Vec<String> {
    let [hook, detect, session] = COMMANDS.map(|args| json(&hal(args, env, cwd, input), what));
    if hook["provider"].is_null() {
        // No hook payload: `hal hook` says so; `--hook` goes on without it, saying so.
        for v in [&detect, &session] {
            let said = v["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|d| d["message"].as_str().is_some_and(|m| m.starts_with("--hook: no hook payload")))
                .count();
            assert_eq!(said, 1, "{what}: {v}");
        }
        assert_eq!(without_no_payload(&hook), without_no_payload(&detect), "{what}: diagnostics");
        assert_eq!(without_no_payload(&hook), without_no_payload(&session), "{what}: diagnostics");
        return Vec::new();
    }
    assert_eq!(hook["provider"], detect["provider"], "{what}: hal hook vs detect --hook");
    assert_eq!(hook["provider"], session["provider"], "{what}: hal hook vs session-id --hook");
    if !hook["session_id"].is_null() {
        assert_eq!(hook["session_id"], session["session_id"], "{what}: the session id");
    }
    assert_eq!(hook["diagnostics"], detect["diagnostics"], "{what}: diagnostics, hal hook vs detect --hook");
    assert_eq!(hook["diagnostics"], session["diagnostics"], "{what}: diagnostics, hal hook vs session-id --hook");
    assert_eq!(hook["warnings"], detect["warnings"], "{what}: warnings");
    let messages: Vec<String> =
        hook["diagnostics"].as_array().unwrap().iter().map(|d| d["message"].as_str().unwrap().to_owned()).collect();
    let mut unique = messages.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), messages.len(), "{what}: each diagnostic once: {messages:?}");
    messages
}

#[test]
fn every_payload_reading_command_agrees_on_every_input() {
    let dir = tempfile::tempdir().unwrap();
    let (ws, home) = (dir.path().join("ws"), dir.path().join("home"));
    std::fs::create_dir_all(ws.join(".git")).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    let captures = captures(&ws, &home);
    assert!(captures.len() > 50, "{} captures", captures.len());
    let bad = pairs(&[("GT_STALL_THRESHOLD", "zz")]);
    // Environments for the fixtures: none, a bad setting, the override, and two captured
    // runtimes' (a payload of another runtime there disagrees with the environment).
    let first = |id: &str| captures.iter().find(|c| c.0.starts_with(id)).map(|c| c.1.clone()).unwrap();
    let envs: Vec<(&str, Env)> = vec![
        ("no environment", Vec::new()),
        ("GT_STALL_THRESHOLD=zz", bad.clone()),
        ("GT_RUNTIME=codex", pairs(&[("GT_RUNTIME", "codex")])),
        ("claude's hook environment", first("claude")),
        ("gemini's hook environment", first("gemini")),
    ];
    let (mut checked, mut disagreements, mut settings) = (0, 0, 0);
    let mut count = |messages: &[String]| {
        checked += 1;
        disagreements += messages.iter().filter(|m| m.contains("the environment says")).count();
        settings += messages.iter().filter(|m| m.contains("GT_STALL_THRESHOLD")).count();
    };
    for (name, bytes) in fixtures() {
        for (env_name, env) in &envs {
            count(&agree(&format!("{name} in {env_name}"), env, &ws, &bytes));
        }
    }
    for (name, env, payload) in &captures {
        count(&agree(&format!("{name} as captured"), env, &ws, payload));
        let mut with_bad = env.clone();
        with_bad.extend(bad.clone());
        count(&agree(&format!("{name} with GT_STALL_THRESHOLD=zz"), &with_bad, &ws, payload));
        count(&agree(&format!("{name} with no environment"), &Vec::new(), &ws, payload));
    }
    assert!(checked > 500, "{checked} inputs");
    assert!(disagreements > 10, "the inputs include disagreements: {disagreements}");
    assert!(settings > 100, "the inputs include a bad setting: {settings}");
}

#[test]
fn hal_hook_reports_the_settings_diagnostics_of_hal_detect() {
    let env = pairs(&[("GT_STALL_THRESHOLD", "zz")]);
    let cwd = std::env::temp_dir();
    let payload = std::fs::read(root().join("hal-caps/tests/fixtures/hooks/claude/PreToolUse.json")).unwrap();
    let detect = json(&hal(&["detect", "--json"], &env, &cwd, b""), "detect");
    let codes = |v: &Value| -> Vec<String> {
        v["diagnostics"].as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap().to_owned()).collect()
    };
    assert_eq!(codes(&detect), ["override_out_of_range"]);
    let hook = json(&hal(&["hook", "--json"], &env, &cwd, &payload), "hook");
    assert!(codes(&hook).contains(&"override_out_of_range".to_owned()), "{hook}");
    // In text, on stderr, once.
    let o = hal(&["hook"], &env, &cwd, &payload);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(stderr.matches("GT_STALL_THRESHOLD").count(), 1, "{stderr}");
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn require_known_fails_every_payload_reading_command_alike() {
    let cwd = std::env::temp_dir();
    let env = pairs(&[("GT_STALL_THRESHOLD", "zz")]);
    // An event name alone: no runtime writes it by itself, and the environment is empty.
    let unknown = br#"{"hook_event_name":"SessionStart"}"#;
    for args in COMMANDS {
        let args = [args, &["--require-known"]].concat();
        let o = hal(&args, &env, &cwd, unknown);
        let v = json(&o, &format!("{args:?}"));
        assert_eq!(v["provider"], "unknown", "{args:?}");
        assert_eq!(o.status.code(), Some(1), "{args:?}: exit 1 under --require-known");
        let codes: Vec<&str> =
            v["diagnostics"].as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap()).collect();
        assert!(codes.contains(&"runtime_unknown") && codes.contains(&"override_out_of_range"), "{args:?}: {codes:?}");
        // Without --require-known the unknown runtime is an answer, not a failure (for
        // `session-id`, no session id is exit 1 either way).
        let o = hal(&args[..args.len() - 1], &env, &cwd, unknown);
        let want = i32::from(args[0] == "session-id");
        assert_eq!(o.status.code(), Some(want), "{args:?} without --require-known");
    }
    // The text form exits 1 too, the line printed first.
    let o = hal(&["hook", "--require-known"], &Vec::new(), &cwd, unknown);
    assert_eq!((String::from_utf8_lossy(&o.stdout).as_ref(), o.status.code()), ("unknown session.start -\n", Some(1)));
    // The bare SessionStart payload several runtimes share: exit 1 exactly when its
    // runtime is unknown, the same for all three.
    let bare = br#"{"hook_event_name":"SessionStart","session_id":"s1"}"#;
    for args in COMMANDS {
        let args = [args, &["--require-known"]].concat();
        let o = hal(&args, &Vec::new(), &cwd, bare);
        let v = json(&o, &format!("{args:?}"));
        let want = i32::from(v["provider"] == "unknown");
        let want = if args[0] == "session-id" && v["session_id"].is_null() { 1 } else { want };
        assert_eq!(o.status.code(), Some(want), "{args:?}: {v}");
    }
}
