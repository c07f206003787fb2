//! Every environment signal of the registry decides its runtime through the real binary,
//! with an explicit environment (`env_clear()`); the signal kinds that are not a plain
//! variable are run for real: a `PATH` entry, a marker gated on no person being at a
//! terminal (run both ways: under `setsid`, and under a pty from `script`), and a host file (`/opt/.devin`,
//! made in a private mount namespace by `unshare`). User settings alone decide nothing
//! and `hal explain` lists them.

mod common;

use std::process::{Command, Output};

use hal_caps::registry::{REGISTRY, ValueRule};
use serde_json::Value;

const HAL: &str = env!("CARGO_BIN_EXE_hal");

fn run(args: &[&str], env: &[(&str, &str)]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(HAL);
    cmd.args(args).env_clear().current_dir(dir.path());
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

fn detect(env: &[(&str, &str)]) -> Value {
    let o = run(&["detect", "--json"], env);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{env:?}: {e}"));
    common::validate(&["detect", "--json"], &v);
    v
}

/// A value the rule accepts.
fn satisfying(rule: ValueRule) -> String {
    match rule {
        ValueRule::Exact(v) => v.to_owned(),
        ValueRule::Contains(p) => format!("x-{p}-y"),
        ValueRule::PathEntry(e) => format!("/usr/bin:/home/someone{e}:/bin"),
        _ => "1".to_owned(),
    }
}

#[test]
fn every_marker_and_combination_decides_through_the_binary() {
    let mut checked = 0;
    for r in REGISTRY {
        for m in r.markers.iter().filter(|m| m.needs_ancestor.is_none()) {
            let value = satisfying(m.value);
            let v = detect(&[(m.var, &value)]);
            assert_eq!(v["provider"], r.provider.as_str(), "{}={value}", m.var);
            assert_eq!(v["is_agent"], true, "{}", m.var);
            assert_eq!(v["secondary_only"], !m.standing.first_hand(), "{}", m.var);
            checked += 1;
        }
        for c in r.combos {
            let env: Vec<(&str, String)> = c.all.iter().map(|(var, rule)| (*var, satisfying(*rule))).collect();
            let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
            assert_eq!(detect(&env)["provider"], r.provider.as_str(), "{env:?}");
            checked += 1;
        }
    }
    assert!(checked >= 90, "only {checked} signals");
}

#[test]
fn a_path_entry_counts_only_as_a_whole_entry_ending() {
    let pi = "/usr/bin:/home/me/.pi/agent/bin";
    assert_eq!(detect(&[("PATH", pi)])["provider"], "pi");
    assert_eq!(detect(&[("PATH", "/usr/bin:/home/me/.pi/agent/bin/")])["provider"], "pi");
    let codex = "/n/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/codex-path:/usr/bin";
    assert_eq!(detect(&[("PATH", codex)])["provider"], "codex");
    for not in ["/usr/bin:/bin", "/home/me/.pi/agent/bin-old:/bin", "/opt/codex-path-tools"] {
        assert_eq!(detect(&[("PATH", not)])["provider"], "unknown", "{not}");
    }
}

/// Every `PATH` marker as Windows writes the list: `;`-separated, backslashed entries
/// holding a drive's colon (issue 30: the npm package ships `hal.exe`).
#[test]
fn a_path_entry_counts_in_windows_form() {
    let mut checked = 0;
    for r in REGISTRY {
        for m in r.markers.iter().filter(|m| m.needs_ancestor.is_none()) {
            let ValueRule::PathEntry(end) = m.value else { continue };
            let entry = format!("C:\\Users\\someone{}", end.replace('/', "\\"));
            for path in [format!("C:\\Windows\\system32;{entry};C:\\Windows"), format!("{entry}\\;D:\\tools")] {
                assert_eq!(detect(&[(m.var, &path)])["provider"], r.provider.as_str(), "{path}");
            }
            let not = format!("C:\\Windows;{entry}-old");
            assert_eq!(detect(&[(m.var, &not)])["provider"], "unknown", "{not}");
            checked += 1;
        }
    }
    assert!(checked >= 2, "the Pi and Codex PATH markers");
}

/// The terminal-gated markers (`TERM_PROGRAM=kiro`): counted when no person is at the
/// other end (all three piped, no controlling terminal: `setsid`), not on a pty, and not
/// when only stdout is piped from a person's terminal (`eval "$(hal env)"`, a client):
/// the guard asks stderr and the controlling terminal (N12 of the third hostile pass).
#[test]
fn a_terminal_gated_marker_counts_only_when_no_person_is_at_a_terminal() {
    let gated: Vec<_> =
        REGISTRY.iter().flat_map(|r| r.markers.iter().filter(|m| m.unless_terminal).map(move |m| (r, m))).collect();
    assert!(!gated.is_empty());
    for tool in ["script", "setsid"] {
        if !hal_testkit::have(tool) {
            hal_testkit::missing_tool(tool, "the pty half");
        }
    }
    let on_pty = |line: &str, var: &str, value: &str| {
        let o = Command::new("script").args(["-qec", line, "/dev/null"]).env_clear().env(var, value).output().ok()?;
        let out = String::from_utf8_lossy(&o.stdout).into_owned();
        let json = out.lines().find(|l| l.starts_with('{')).unwrap_or_else(|| panic!("{line}: {out}"));
        Some(serde_json::from_str::<Value>(json.trim()).unwrap_or_else(|e| panic!("{e}: {out}")))
    };
    for (r, m) in gated {
        let value = satisfying(m.value);
        let Ok(o) =
            Command::new("setsid").args(["-w", HAL, "detect", "--json"]).env_clear().env(m.var, &value).output()
        else {
            continue;
        };
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["provider"], r.provider.as_str(), "into pipes, no controlling terminal");
        let unknown = (&Value::from("unknown"), &Value::from(false));
        // A person's terminal: stdout on it; stdout piped ($(…)); all three piped, the
        // terminal still the controlling one (a client's call from a person's script).
        for line in [
            format!("{HAL} detect --json"),
            format!("{HAL} detect --json | cat"),
            format!("{HAL} detect --json </dev/null 2>/dev/null | cat"),
        ] {
            let Some(v) = on_pty(&line, m.var, &value) else { continue };
            assert_eq!((&v["provider"], &v["is_agent"]), unknown, "on a pty: {line}");
        }
    }
}

/// The host file, made where only this test sees it: a tmpfs over `/opt` in a user and
/// mount namespace. Skipped where unprivileged namespaces are not allowed.
#[test]
fn a_host_file_decides_its_runtime() {
    let files: Vec<_> = REGISTRY.iter().flat_map(|r| r.host_files.iter().map(move |f| (r, *f))).collect();
    assert!(!files.is_empty());
    for (r, file) in files {
        let parent = std::path::Path::new(file).parent().unwrap().to_str().unwrap();
        let script = format!("mount -t tmpfs tmpfs {parent} && : > {file} && exec \"$0\" detect --json");
        let o = Command::new("unshare").args(["-Urm", "sh", "-c", &script, HAL]).env_clear().output();
        let Some(o) = o.ok().filter(|o| o.status.success()) else {
            hal_testkit::skip(&format!("{file}: no unprivileged mount namespace here"));
            continue;
        };
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(
            (&v["provider"], &v["source"]["kind"]),
            (&Value::from(r.provider.as_str()), &Value::from("host_file"))
        );
        assert_eq!(v["source"]["signal"], file);
    }
    // Where the file is absent (this host, unless it is that runtime's machine) nothing decides.
    if !std::path::Path::new("/opt/.devin").exists() {
        assert_eq!(detect(&[])["provider"], "unknown");
    }
}

#[test]
fn user_settings_alone_decide_nothing_and_are_explained() {
    let mut checked = 0;
    for r in REGISTRY {
        for var in r.settings {
            let v = detect(&[(var, "gpt-5")]);
            assert_eq!((&v["provider"], &v["is_agent"]), (&Value::from("unknown"), &Value::from(false)), "{var}");
            let o = run(&["explain"], &[(var, "gpt-5")]);
            let said = format!("seen: {var} ({}): a user setting, not evidence of a running agent", r.provider);
            assert!(String::from_utf8_lossy(&o.stdout).contains(&said), "{var}");
            let o = run(&["explain", "--json"], &[(var, "gpt-5")]);
            let e: Value = serde_json::from_slice(&o.stdout).unwrap();
            common::validate(&["explain", "--json"], &e);
            assert_eq!(e["user_settings"], serde_json::json!([{ "variable": var, "provider": r.provider.as_str() }]));
            checked += 1;
        }
    }
    for var in
        ["COPILOT_MODEL", "COPILOT_ALLOW_ALL", "COPILOT_GITHUB_TOKEN", "GOOSE_PROVIDER", "REPL_ID", "CURSOR_TRACE_ID"]
    {
        assert!(REGISTRY.iter().any(|r| r.settings.contains(&var)), "{var} is a user setting (issue 23, point 5)");
    }
    assert!(checked >= 6);
}

/// Issue 30, points 3 and 4, through the binary: each case an environment, the answer
/// (provider, ambiguous) and whether `agent_ambiguous` is reported (in the JSON and, once,
/// on stderr). Rork's `RORK_API_URL` (expo/agent-cli-detector's `agents.ts`); a declared
/// `AI_AGENT` beside a foreign runtime's markers (ambiguous unless the overwrite rule
/// settles it: `CLAUDE_CODE_SESSION_ID` is set only by Claude Code versions that
/// overwrite `AI_AGENT`); a Kimi-format plugin's variables under Vibe (Vibe's).
#[test]
fn issue_30_signals_and_contradictions_through_the_binary() {
    type Case<'a> = (&'a [(&'a str, &'a str)], &'a str, bool, bool);
    let vibe_bin = "/v/lib/python3.12/site-packages/vibe/_bin/vibe-app-server";
    let cases: &[Case] = &[
        (&[("RORK_API_URL", "https://api.rork.example")], "rork", false, false),
        (&[("AI_AGENT", "codex@1.2.3"), ("CLAUDECODE", "1")], "claude", true, true),
        (&[("AI_AGENT", "custom-agent"), ("CLAUDECODE", "1")], "claude", true, true),
        (&[("AI_AGENT", "codex@1.2.3"), ("CLAUDECODE", "1"), ("CLAUDE_CODE_SESSION_ID", "s-1")], "codex", false, false),
        (
            &[("AI_AGENT", "custom-agent"), ("CLAUDECODE", "1"), ("CLAUDE_CODE_SESSION_ID", "s")],
            "unknown",
            false,
            false,
        ),
        (&[("AI_AGENT", "open_code"), ("OPENCODE", "1")], "opencode", false, false),
        (&[("AI_AGENT", "codex@1.2.3")], "codex", false, false),
        // Other detectors' names (vercel/detect-agent's `iflow-cli`, `amazon-q-cli`).
        (&[("AI_AGENT", "iflow-cli")], "iflow", false, false),
        (&[("AI_AGENT", "amazon-q-cli")], "amazon-q", false, false),
        (&[("KIMI_PLUGIN_ROOT", "/home/u/.kimi/plugins/p")], "kimi", false, false),
        (
            &[
                // A Kimi-format plugin's hook under Vibe (its verified version, `_adapt_runtime_hooks`).
                ("VIBE_APP_SERVER_BIN", vibe_bin),
                ("PLUGIN_ROOT", "/home/u/.vibe/plugins/p"),
                ("PLUGIN_DATA", "/home/u/.vibe/plugin-data/p"),
                ("KIMI_PLUGIN_ROOT", "/home/u/.vibe/plugins/p"),
                ("KIMI_CODE_HOME", "/home/u/.vibe"),
            ],
            "vibe",
            false,
            false,
        ),
        (
            &[("CODEX_THREAD_ID", "t"), ("CLAUDE_PLUGIN_ROOT", "/p"), ("CLAUDE_PLUGIN_DATA", "/d")],
            "codex",
            false,
            false,
        ),
        // A Claude-format plugin's hook under Vibe (its verified version).
        (
            &[
                ("VIBE_APP_SERVER_BIN", vibe_bin),
                ("PLUGIN_ROOT", "/p"),
                ("PLUGIN_DATA", "/d"),
                ("CLAUDE_PLUGIN_ROOT", "/p"),
                ("CLAUDE_PLUGIN_DATA", "/d"),
            ],
            "vibe",
            false,
            false,
        ),
    ];
    for &(env, provider, ambiguous, flagged) in cases {
        let v = detect(env);
        assert_eq!(
            (v["provider"].as_str(), v["ambiguous"].as_bool()),
            (Some(provider), Some(ambiguous)),
            "{env:?}: {v}"
        );
        let codes: Vec<&str> = v["diagnostics"].as_array().unwrap().iter().filter_map(|d| d["code"].as_str()).collect();
        assert_eq!(codes.contains(&"agent_ambiguous"), flagged, "{env:?}: {codes:?}");
        let o = run(&["detect"], env);
        let stderr = String::from_utf8_lossy(&o.stderr);
        let said = "and no runtime ancestor says which runs nearer";
        assert_eq!(stderr.matches(said).count(), usize::from(flagged), "{env:?}: {stderr}");
        if provider == "rork" {
            assert_eq!(v["secondary_only"], true, "other detectors' standing");
        }
    }
}

/// Environments read in the packages (not live runs): what Qoder CLI 1.1.52 gives its
/// shell tool (`bundle/qodercli.js:55`), Letta Code 0.32.18 its shell tools
/// (`letta.js:204428`) and Auggie 0.36.0 its hooks (`augment.mjs:5785`, with its exec
/// tool's `AUGMENT_AGENT`): each names its runtime and `hal session-id` gives the
/// conversation id.
#[test]
fn package_read_environments_name_their_runtime_and_session() {
    type Case = (&'static str, &'static [(&'static str, &'static str)], Option<&'static str>);
    let cases: [Case; 3] = [
        ("qoder", &[("QODER_CLI", "1"), ("TERM", "xterm-256color"), ("PAGER", "cat")], None),
        (
            "letta",
            &[
                ("LETTA_CODE_BIN", "/opt/letta/letta.js"),
                ("LETTA_CONVERSATION_ID", "conv-7f3a"),
                ("CONVERSATION_ID", "conv-7f3a"),
                ("LETTA_AGENT_ID", "agent-1"),
            ],
            Some("conv-7f3a"),
        ),
        (
            "auggie",
            &[
                ("AUGMENT_AGENT", "1"),
                ("AUGMENT_CONVERSATION_ID", "c0ffee-12"),
                ("AUGMENT_HOOK_EVENT", "PreToolUse"),
                ("AUGMENT_PROJECT_DIR", "/w"),
            ],
            Some("c0ffee-12"),
        ),
    ];
    for (id, env, session) in cases {
        assert_eq!(detect(env)["provider"], id, "{env:?}");
        let o = run(&["session-id"], env);
        let got = String::from_utf8_lossy(&o.stdout).trim().to_owned();
        assert_eq!(
            (o.status.code(), got.as_str()),
            (Some(i32::from(session.is_none())), session.unwrap_or("")),
            "{id}"
        );
    }
}
