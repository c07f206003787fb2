//! The captures of the 2026-12-01 live runs through the built binary
//! (`hal-caps/tests/fixtures/live/` and the `live-*.json` payloads, from
//! real-runtimes.md): `hal hook`, `hal detect --hook` and `hal session-id --hook` agree
//! on every input; a Gemini hook in a workspace set up for Claude too is Gemini's, its
//! session id read; `hal providers` shows what a live run verified.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

mod common;

fn fixtures_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../hal-caps/tests/fixtures")
}

/// A captured environment (`live/<name>.env`), with `<ws>` and `<home>` filled in.
fn capture(name: &str, ws: &Path, home: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(fixtures_root().join("live").join(format!("{name}.env"))).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (k, v) = l.split_once('=').unwrap();
            let v = v.replace("<ws>", &ws.to_string_lossy()).replace("<home>", &home.to_string_lossy());
            (k.to_owned(), v)
        })
        .collect()
}

/// Every hook payload fixture, as (`runtime/name`, bytes), sorted.
fn payloads() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for dir in std::fs::read_dir(fixtures_root().join("hooks")).unwrap() {
        let dir = dir.unwrap().path();
        for file in std::fs::read_dir(&dir).unwrap() {
            let file = file.unwrap().path();
            if file.extension().is_some_and(|e| e == "json") {
                let name = format!(
                    "{}/{}",
                    dir.file_name().unwrap().to_string_lossy(),
                    file.file_stem().unwrap().to_string_lossy()
                );
                out.push((name, std::fs::read(&file).unwrap()));
            }
        }
    }
    out.sort();
    out
}

fn hal(args: &[&str], env: &[(String, String)], cwd: &Path, input: &[u8]) -> Output {
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

fn json(args: &[&str], env: &[(String, String)], cwd: &Path, input: &[u8]) -> Value {
    let o = hal(args, env, cwd, input);
    let v: Value = serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&o.stdout)));
    common::validate(args, &v);
    v
}

/// (provider, session id) of the three commands on one input.
fn three(env: &[(String, String)], cwd: &Path, input: &[u8]) -> [(Value, Value); 3] {
    let hook = json(&["hook", "--json"], env, cwd, input);
    let detect = json(&["detect", "--hook", "--json"], env, cwd, input);
    let session = json(&["session-id", "--hook", "--json"], env, cwd, input);
    [
        (hook["provider"].clone(), hook["session_id"].clone()),
        (detect["provider"].clone(), hook["session_id"].clone()),
        (session["provider"].clone(), session["session_id"].clone()),
    ]
}

/// A workspace (a git repository) and a home directory.
fn workspace() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("ws");
    let home = dir.path().join("home");
    std::fs::create_dir_all(ws.join(".git")).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    (dir, ws, home)
}

/// Claude's, Gemini's, Codex's and Qwen's files in one workspace.
fn set_up_for_every_runtime(ws: &Path) {
    for d in [".claude", ".gemini", ".codex", ".qwen"] {
        std::fs::create_dir_all(ws.join(d)).unwrap();
    }
    for f in [".claude/settings.json", ".gemini/settings.json", ".qwen/settings.json"] {
        std::fs::write(ws.join(f), "{}\n").unwrap();
    }
}

#[test]
fn the_three_hook_commands_agree_on_every_input() {
    let (_dir, ws, home) = workspace();
    set_up_for_every_runtime(&ws);
    let mut envs: Vec<(&str, Vec<(String, String)>)> = vec![("an empty environment", Vec::new())];
    for name in ["claude-hook", "gemini-hook", "codex-hook", "qwen-code-hook"] {
        envs.push((name, capture(name, &ws, &home)));
    }
    let over = vec![("GT_RUNTIME".to_owned(), "codex".to_owned())];
    envs.push(("GT_RUNTIME=codex", over));
    let mut checked = 0;
    for (name, bytes) in payloads() {
        // Every payload alone; the live ones in every environment.
        let all = name.contains("/live-");
        for (env_name, env) in envs.iter().filter(|(n, _)| all || *n == "an empty environment") {
            let [hook, detect, session] = three(env, &ws, &bytes);
            assert_eq!(hook.0, detect.0, "{name} in {env_name}: hal hook vs detect --hook");
            assert_eq!(hook.0, session.0, "{name} in {env_name}: hal hook vs session-id --hook");
            if !hook.1.is_null() {
                assert_eq!(hook.1, session.1, "{name} in {env_name}: the session id");
            }
            checked += 1;
        }
    }
    assert!(checked > 200, "{checked}");
}

#[test]
fn codex_s_session_payloads_are_codex_s_in_a_codex_hook() {
    let (_dir, ws, home) = workspace();
    let env = capture("codex-hook", &ws, &home);
    for name in ["codex/live-SessionStart", "codex/live-SessionEnd", "codex/live-PreModelRequest"] {
        let bytes = std::fs::read(fixtures_root().join(format!("hooks/{name}.json"))).unwrap();
        let sid = Value::from("019a7c3e-1f2d-7e4b-9c0a-5d6e7f8a9b0c");
        for (provider, session) in three(&env, &ws, &bytes) {
            assert_eq!((provider.as_str(), &session), (Some("codex"), &sid), "{name}");
        }
        // The payload alone names no runtime for the shared shapes; the three agree.
        let alone = three(&[], &ws, &bytes);
        let want = if name.ends_with("PreModelRequest") { "codex" } else { "unknown" };
        assert!(alone.iter().all(|(p, _)| p.as_str() == Some(want)), "{name}: {alone:?}");
    }
    let bytes = std::fs::read(fixtures_root().join("hooks/codex/live-PreModelRequest.json")).unwrap();
    let v = json(&["hook", "--json"], &env, &ws, &bytes);
    assert_eq!(v["event"].as_str(), Some("model.request.pre"));
    assert_eq!(v["warnings"].as_array().map(Vec::len), Some(0), "{v}");
}

#[test]
fn a_gemini_hook_in_a_workspace_set_up_for_claude_is_gemini_s() {
    let (_dir, ws, home) = workspace();
    set_up_for_every_runtime(&ws);
    let env = capture("gemini-hook", &ws, &home);
    let sid = "8b0e6f3a-2c4d-4e5f-8a9b-0c1d2e3f4a5b";
    let d = json(&["detect", "--json"], &env, &ws, b"");
    assert_eq!((d["provider"].as_str(), d["source"]["kind"].as_str()), (Some("gemini"), Some("marker")), "{d}");
    let s = json(&["session-id", "--json"], &env, &ws, b"");
    assert_eq!((s["session_id"].as_str(), s["variable"].as_str()), (Some(sid), Some("GEMINI_SESSION_ID")), "{s}");
    let o = hal(&["session-id"], &env, &ws, b"");
    assert_eq!(String::from_utf8_lossy(&o.stdout), format!("{sid}\n"));
    for policy in ["spec", "ancestry"] {
        let mut env = env.clone();
        env.push(("GT_HAL_POLICY".to_owned(), policy.to_owned()));
        let d = json(&["detect", "--json"], &env, &ws, b"");
        assert_eq!(d["provider"].as_str(), Some("gemini"), "{policy}");
    }
    // BeforeToolSelection is Gemini's, and no permission request.
    let bytes = std::fs::read(fixtures_root().join("hooks/gemini/live-BeforeToolSelection.json")).unwrap();
    let v = json(&["hook", "--json"], &env, &ws, &bytes);
    assert_eq!((v["provider"].as_str(), v["event"].is_null()), (Some("gemini"), true), "{v}");
    assert_eq!(v["warnings"].as_array().map(Vec::len), Some(0), "{v}");
}

#[test]
fn every_captured_tool_and_hook_environment_through_the_binary() {
    let (_dir, ws, home) = workspace();
    let cases: &[(&str, &str, Option<&str>)] = &[
        ("claude-tool", "claude", Some("CLAUDE_CODE_SESSION_ID")),
        ("claude-hook", "claude", Some("CLAUDE_CODE_SESSION_ID")),
        ("gemini-tool", "gemini", None),
        ("gemini-hook", "gemini", Some("GEMINI_SESSION_ID")),
        ("codex-tool", "codex", Some("CODEX_THREAD_ID")),
        ("codex-hook", "codex", None),
        ("qwen-code-tool", "qwen-code", Some("QWEN_CODE_SESSION_ID")),
        ("qwen-code-hook", "qwen-code", Some("QWEN_CODE_SESSION_ID")),
        ("pi-tool", "pi", None),
        ("opencode-tool", "opencode", None),
        ("cline-tool", "cline", None),
        ("cline-hook", "cline", None),
        ("aider-tool", "aider", None),
        ("kilo-tool", "kilo", None),
    ];
    for (name, provider, var) in cases {
        let env = capture(name, &ws, &home);
        let d = json(&["detect", "--json"], &env, &ws, b"");
        assert_eq!(d["provider"].as_str(), Some(*provider), "{name}: {d}");
        let s = json(&["session-id", "--json"], &env, &ws, b"");
        assert_eq!(s["variable"].as_str(), *var, "{name}: {s}");
        let want = var.map(|v| env.iter().find(|(k, _)| k == v).unwrap().1.clone());
        assert_eq!(s["session_id"].as_str().map(str::to_owned), want, "{name}");
    }
}

#[test]
fn providers_show_what_a_live_run_verified() {
    let (_dir, ws, _home) = workspace();
    let text = String::from_utf8(hal(&["providers"], &[], &ws, b"").stdout).unwrap();
    let v = json(&["providers", "--json"], &[], &ws, b"");
    let rows = v["providers"].as_array().unwrap();
    // Every row a live run verified, at the versions its record gives (written once,
    // in the registry: no version is restated here).
    let verified: Vec<_> = hal_caps::registry::REGISTRY.iter().filter(|r| r.verified.is_some()).collect();
    assert!(verified.len() >= 11, "{}", verified.len());
    for r in verified {
        let (id, record) = (r.provider.as_str(), r.verified.unwrap());
        let line = text.lines().find(|l| l.split_whitespace().next() == Some(id)).unwrap();
        assert!(line.ends_with(&format!("live {}", record.version)), "{line}");
        let row = rows.iter().find(|r| r["provider"] == id).unwrap();
        assert_eq!(row["verified"]["version"].as_str(), Some(record.version), "{id}");
        let versions: Vec<&str> = record.versions().collect();
        assert_eq!(row["verified"]["versions"], serde_json::json!(versions), "{id}");
        assert_eq!(row["verified"]["range"].as_str(), Some(record.range().as_str()), "{id}");
        if versions.len() > 1 {
            // `0.9.1-1.2.3, 4 versions`: the oldest through the newest, and how many.
            let range = format!("# {id}: verified {}", record.range());
            assert!(range.ends_with(&format!("-{}, {} versions", record.version, versions.len())), "{range}");
            assert!(text.lines().any(|l| l == range), "{text}");
        }
        let facts = record;
        assert_eq!(row["verified"]["tool_vars"], serde_json::json!(facts.tool_vars), "{id}");
        // A verified variable is one the row knows (a marker, weak signal or session
        // variable), for the runtimes whose rows were read against their live runs.
        let read = [
            "claude",
            "gemini",
            "codex",
            "qwen-code",
            "pi",
            "copilot",
            "opencode",
            "grok-cli",
            "cline",
            "aider",
            "kilo",
        ];
        for var in facts.tool_vars.iter().chain(facts.hook_vars).filter(|_| read.contains(&id)) {
            let kept = r.keeps_markers_of.iter().any(|p| hal_caps::runtime(*p).markers.iter().any(|m| m.var == *var));
            let known = r.markers.iter().any(|m| m.var == *var)
                || kept
                || r.weak.contains(var)
                || r.own_session_vars().contains(var)
                || ["AGENT", "AI_AGENT", "GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR"].contains(var);
            assert!(known, "{id}: {var} is verified but not in the row");
        }
    }
    // Rows never run say so.
    let grok = rows.iter().find(|r| r["provider"] == "grok").unwrap();
    assert!(grok["verified"].is_null());
}

/// Cline CLI's hooks through the binary (its verified version): the captured hook environment and each
/// live payload give the canonical event of the hook file and the root session id, the
/// three commands agreeing, in a plain workspace and one set up for several runtimes.
#[test]
fn cline_cli_hooks_through_the_binary() {
    let (_dir, ws, home) = workspace();
    let env = capture("cline-hook", &ws, &home);
    let cases = [
        ("live-agent_start", "session.start"),
        ("live-tool_call", "tool.use.pre"),
        ("live-tool_result", "tool.use.post"),
        ("live-agent_end", "turn.end"),
        ("live-agent_error", "turn.fail"),
        ("live-agent_resume", "session.resume"),
    ];
    for several in [false, true] {
        if several {
            set_up_for_every_runtime(&ws);
        }
        for (name, event) in cases {
            let bytes = std::fs::read(fixtures_root().join(format!("hooks/cline/{name}.json"))).unwrap();
            let v = json(&["hook", "--json"], &env, &ws, &bytes);
            assert_eq!((v["provider"].as_str(), v["event"].as_str()), (Some("cline"), Some(event)), "{name}: {v}");
            assert_eq!(v["session_id"].as_str(), Some("1796117463630_sa957"), "{name}");
            assert_eq!(v["warnings"].as_array().map(Vec::len), Some(0), "{name}: {v}");
            for (provider, session) in three(&env, &ws, &bytes) {
                assert_eq!(
                    (provider.as_str(), session.as_str()),
                    (Some("cline"), Some("1796117463630_sa957")),
                    "{name}"
                );
            }
            let d = json(&["detect", "--hook", "--json"], &env, &ws, &bytes);
            assert_eq!(d["source"]["kind"].as_str(), Some("hook_payload"), "{name}: {d}");
        }
        // Without the payload, the hook's environment names cline by its marker.
        let d = json(&["detect", "--json"], &env, &ws, b"");
        assert_eq!((d["provider"].as_str(), d["source"]["kind"].as_str()), (Some("cline"), Some("marker")), "{d}");
    }
    let o =
        hal(&["hook"], &env, &ws, &std::fs::read(fixtures_root().join("hooks/cline/live-agent_start.json")).unwrap());
    assert_eq!(String::from_utf8_lossy(&o.stdout), "cline session.start 1796117463630_sa957\n");
}

#[test]
fn events_list_what_a_runtime_has_with_no_canonical_event() {
    let (_dir, ws, _home) = workspace();
    let v = json(&["events", "--provider", "gemini", "--json"], &[], &ws, b"");
    let row = |id: &str| hal_caps::runtime(hal_caps::lookup(id).unwrap()).hook_system().unwrap();
    assert_eq!(
        v["unmapped"],
        serde_json::json!(row("gemini").unmapped().collect::<Vec<_>>()),
        "the registry's unmapped events"
    );
    assert!(row("gemini").unmapped().any(|n| n == "BeforeToolSelection"));
    let permission = v["events"].as_array().unwrap().iter().find(|e| e["canonical"] == "permission.request").unwrap();
    assert!(permission["native"].is_null(), "BeforeToolSelection asks no permission");
    let v = json(&["events", "--provider", "qwen-code", "--json"], &[], &ws, b"");
    let unmapped: Vec<&str> = v["unmapped"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert_eq!(unmapped, row("qwen-code").unmapped().collect::<Vec<_>>(), "the registry's unmapped events");
    assert_eq!(v["hookable_events"], hal_caps::native_hooks(hal_caps::lookup("qwen-code").unwrap()).hookable_events);
    let text = String::from_utf8(hal(&["events", "--provider", "codex"], &[], &ws, b"").stdout).unwrap();
    assert!(text.contains("model.request.pre      PreModelRequest"), "{text}");
    let codex_unmapped = row("codex").unmapped().count();
    assert_eq!(
        text.contains("no canonical event"),
        codex_unmapped > 0,
        "the line only where the table has such events: {text}"
    );
}
