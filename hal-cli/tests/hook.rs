//! `hal hook`, `detect --hook` and `session-id --hook` through the built binary, with a
//! cleared environment and hostile stdin.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

mod common;

fn fixture(name: &str) -> Vec<u8> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../hal-caps/tests/fixtures/hooks");
    std::fs::read(root.join(format!("{name}.json"))).unwrap()
}

fn command(args: &[&str], env: &[(&str, &str)]) -> Command {
    let dir = std::env::temp_dir();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hal"));
    cmd.args(args).env_clear().env("PATH", "/usr/bin:/bin").current_dir(dir);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd
}

/// Runs hal with `input` on stdin.
fn hal(args: &[&str], env: &[(&str, &str)], input: &[u8]) -> Output {
    let mut child =
        command(args, env).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // hal may stop reading early (not an object): a broken pipe is fine.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The JSON answer of `args`, validated against the command's schema.
fn json(args: &[&str], o: &Output) -> Value {
    let v = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)));
    common::validate(args, &v);
    v
}

#[test]
fn text_and_json() {
    let o = hal(&["hook"], &[], &fixture("claude/PreToolUse"));
    assert_eq!(
        (stdout(&o).as_str(), o.status.code()),
        ("claude tool.use.pre 0b5f6d1e-8c1a-4f7e-9a55-3c7d2f1e9b10\n", Some(0))
    );
    let o = hal(&["hook", "--json"], &[], &fixture("copilot/unknown-shape"));
    let v = json(&["hook"], &o);
    let keys = [
        "version",
        "provider",
        "family",
        "native_event",
        "event",
        "session_id",
        "cwd",
        "transcript_path",
        "source",
        "tool",
        "warnings",
        "diagnostics",
    ];
    let mut got: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    let mut want = keys.to_vec();
    got.sort_unstable();
    want.sort_unstable();
    assert_eq!(got, want);
    assert_eq!((v["version"].as_u64(), v["provider"].as_str(), v["event"].is_null()), (Some(1), Some("copilot"), true));
    assert_eq!(o.status.code(), Some(0));
    let o = hal(&["hook"], &[], &fixture("copilot/unknown-shape"));
    assert_eq!(stdout(&o), "copilot - 8d3c1b2a-aaaa-4bbb-8ccc-ddddeeeeffff\n");
}

#[test]
fn from_a_file_or_dash() {
    let path: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).join("../hal-caps/tests/fixtures/hooks/kiro/stop.json");
    // Kiro's shape is Cursor's without its fields: alone it names no runtime, though
    // the event is read; in Kiro's environment it is Kiro's.
    let o = hal(&["hook", "--from", path.to_str().unwrap()], &[], b"");
    assert_eq!(stdout(&o), "unknown turn.end kiro-3f2e\n");
    let o = hal(&["hook", "--from", "-"], &[("KIRO_SESSION_ID", "kiro-3f2e")], &fixture("kiro/stop"));
    assert_eq!(stdout(&o), "kiro turn.end kiro-3f2e\n");
    let o = hal(&["hook", "--from", "/nonexistent/payload.json"], &[], b"");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn the_payload_beats_the_environment() {
    type Env = &'static [(&'static str, &'static str)];
    let cases: &[(&str, Env, &str, &str)] = &[
        ("cursor/preToolUse", &[("CLAUDECODE", "1")], "cursor", "cursor"),
        ("claude/PreToolUse", &[("CODEX_THREAD_ID", "t-1")], "claude", "claude"),
        ("copilot-vscode/PreToolUse", &[("CLAUDECODE", "1")], "copilot-vscode", "copilot"),
        ("copilot/PreToolUse-pascal", &[("CLAUDECODE", "1")], "copilot", "copilot"),
    ];
    for (name, env, provider, family) in cases {
        let v = json(&["hook"], &hal(&["hook", "--json"], env, &fixture(name)));
        assert_eq!((v["provider"].as_str(), v["family"].as_str()), (Some(*provider), Some(*family)), "{name}");
        let d = json(&["detect"], &hal(&["detect", "--hook", "--json"], env, &fixture(name)));
        assert_eq!((d["provider"].as_str(), d["source"]["kind"].as_str()), (Some(*provider), Some("hook_payload")));
    }
}

/// Payloads whose shape several runtimes share, named by what the documents give:
/// Devin's hook environment (`DEVIN_PROJECT_DIR`), and an event only one of the sharing
/// runtimes has (Kiro's `agentSpawn`, no environment at all).
#[test]
fn a_shared_shape_named_by_its_documented_environment_or_event() {
    for name in ["devin/PreToolUse", "devin/SessionStart", "devin/Stop"] {
        let bare = json(&["hook"], &hal(&["hook", "--json"], &[], &fixture(name)));
        assert_eq!(bare["provider"], "unknown", "{name}: its keys are Claude's too");
        let env = [("DEVIN_PROJECT_DIR", "/home/u/proj")];
        let v = json(&["hook"], &hal(&["hook", "--json"], &env, &fixture(name)));
        assert_eq!(v["provider"], "devin", "{name}");
        let d = json(&["detect"], &hal(&["detect", "--hook", "--json"], &env, &fixture(name)));
        assert_eq!(d["provider"], "devin", "{name}");
    }
    let v = json(&["hook"], &hal(&["hook", "--json"], &[], &fixture("kiro/agentSpawn")));
    assert_eq!((v["provider"].as_str(), v["event"].as_str()), (Some("kiro"), Some("session.start")));
    // Kiro's other camelCase events are shared with other runtimes: the environment decides.
    let v = json(&["hook"], &hal(&["hook", "--json"], &[], &fixture("kiro/stop")));
    assert_eq!(v["provider"], "unknown");
}

#[test]
fn session_id_from_the_payload_first() {
    let o = hal(&["session-id", "--hook"], &[], &fixture("cline/PreToolUse"));
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("1764496799000\n", Some(0)));
    // The environment names the parent's session; the payload wins.
    let o = hal(&["session-id", "--hook"], &[("CLAUDE_SESSION_ID", "parent")], &fixture("cursor/stop"));
    assert_eq!(stdout(&o), "c0ffee00-1111-4222-8333-444455556666\n");
    // No payload: the environment rules, with a warning.
    let o = hal(&["session-id", "--hook"], &[("CLAUDE_SESSION_ID", "env-1"), ("GT_RUNTIME", "claude")], b"");
    assert_eq!(stdout(&o), "env-1\n");
    assert!(String::from_utf8_lossy(&o.stderr).contains("--hook"));
    let o = hal(&["session-id", "--hook"], &[], b"{}");
    assert_eq!((stdout(&o).as_str(), o.status.code()), ("", Some(1)));
}

#[test]
fn hostile_stdin_exit_codes() {
    let mut deep = "[".repeat(100_000).into_bytes();
    deep.extend(b"]".repeat(100_000));
    let big_string = format!("\"{}\"", "x".repeat(5 << 20)).into_bytes();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", vec![]),
        ("whitespace", b" \n\t\r ".to_vec()),
        ("hello", b"hello".to_vec()),
        ("array", b"[]".to_vec()),
        ("number", b"5".to_vec()),
        ("5 MB string", big_string),
        ("no event field", br#"{"session_id":"s","cwd":"/home/u"}"#.to_vec()),
        ("truncated", fixture("claude/PreToolUse")[..60].to_vec()),
        ("invalid UTF-8", b"{\"hook_event_name\":\"Stop\",\"x\":\"\xc3\x28\"}".to_vec()),
        ("100,000 nested arrays", deep),
        ("two objects", br#"{"hook_event_name":"Stop"}{}"#.to_vec()),
    ];
    for (name, input) in &cases {
        for json_flag in [false, true] {
            let args: &[&str] = if json_flag { &["hook", "--json"] } else { &["hook"] };
            let o = hal(args, &[], input);
            assert_eq!(o.status.code(), Some(1), "{name}: {}", String::from_utf8_lossy(&o.stderr));
            if json_flag {
                let v = json(args, &o);
                assert!(v["provider"].is_null() && v["warnings"][0].as_str().is_some(), "{name}");
            } else {
                assert_eq!(stdout(&o), "", "{name}");
            }
        }
    }
}

#[test]
fn a_terminal_on_stdin_is_never_read() {
    // `script` gives hal a pseudo-terminal as stdin; without it, the check is untested here.
    let Ok(probe) = Command::new("script").arg("--version").output() else { return };
    if !probe.status.success() {
        return;
    }
    let bin = env!("CARGO_BIN_EXE_hal");
    let o = Command::new("script")
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .args(["-qec", &format!("{bin} hook"), "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stdout));
    assert!(String::from_utf8_lossy(&o.stdout).contains("hal hook reads a hook payload on stdin"));
}

/// A `PostToolUse` payload whose `tool_response` is `mb` MiB.
fn big_payload(mb: usize) -> Vec<u8> {
    let head = br#"{"session_id":"big-1","transcript_path":"/home/u/.claude/projects/p/big-1.jsonl","cwd":"/home/u/p","hook_event_name":"PostToolUse","tool_name":"Read","tool_input":{"file_path":"/home/u/p/a"},"tool_response":{"content":""#;
    let mut v = head.to_vec();
    v.extend(std::iter::repeat_n(b'x', mb << 20));
    v.extend(br#""},"tool_use_id":"toolu_9"}"#);
    v
}

/// Peak RSS: the child's `VmHWM` from `/proc/<pid>/status`, read after the whole
/// payload but its closing brace went into the pipe, so hal is still running (it
/// answers once the object is complete).
#[cfg(target_os = "linux")]
#[test]
fn fifty_megabytes_of_tool_output_in_bounded_memory() {
    let mut child = command(&["hook", "--json"], &[])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let payload = big_payload(50);
    let (body, brace) = payload.split_at(payload.len() - 1);
    stdin.write_all(body).unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let hwm_kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    stdin.write_all(brace).unwrap();
    drop(stdin);
    let o = child.wait_with_output().unwrap();
    let v = json(&["hook"], &o);
    assert_eq!((v["event"].as_str(), v["session_id"].as_str()), (Some("tool.use.post"), Some("big-1")));
    eprintln!("peak RSS of hal hook on a 50 MiB payload: {hwm_kib} KiB");
    assert!(hwm_kib < 16 * 1024, "peak RSS {hwm_kib} KiB");
}
