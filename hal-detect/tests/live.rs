//! The captures of the 2026-12-01 live runs (`hal-caps/tests/fixtures/live/`, from
//! real-runtimes.md §2 and §3) over a fake host: each tool's and hook's environment
//! replayed without the runtime as an ancestor, in a plain workspace and in one set up
//! for several runtimes, and each runtime's real ancestry shape.

use std::path::{Path, PathBuf};

use hal_detect::{Detector, FakeHost, ProcessInfo, Stat, session};
use hal_types::{Policy, RuntimeProvider as P, SourceKind as K};

/// One captured environment: its variables, the runtime it must name and the variable
/// its session id must be read from.
struct Capture {
    name: String,
    vars: Vec<(String, String)>,
    provider: P,
    session_var: Option<String>,
}

fn live_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../hal-caps/tests/fixtures/live")
}

fn captures() -> Vec<Capture> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(live_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "env") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut lines = text.lines();
        let head = lines.next().unwrap();
        let mut words = head.strip_prefix("# expect ").unwrap().split_whitespace();
        let provider: P = words.next().unwrap().parse().unwrap();
        let session_var = words.next().filter(|w| *w != "none").map(str::to_owned);
        let vars = lines
            .filter(|l| !l.starts_with('#') && !l.is_empty())
            .map(|l| {
                let (k, v) = l.split_once('=').unwrap();
                (k.to_owned(), v.replace("<ws>", "/ws").replace("<home>", "/home/u"))
            })
            .collect();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        out.push(Capture { name, vars, provider, session_var });
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    assert_eq!(out.len(), 21, "one capture per file of SOURCE.md");
    out
}

fn host_of(c: &Capture) -> FakeHost {
    let mut host = FakeHost::new().env("HOME", "/home/u").path("/ws", Ok(Stat::Dir)).path("/ws/.git", Ok(Stat::Dir));
    for (k, v) in &c.vars {
        host = host.env(k, v.as_str());
    }
    host
}

/// A workspace set up for Claude, Gemini, Codex and Qwen at once.
fn every_runtime_s_files(host: FakeHost) -> FakeHost {
    host.file("/ws/.claude/settings.json", "{}")
        .file("/ws/.gemini/settings.json", "{}")
        .path("/ws/.codex", Ok(Stat::Dir))
        .file("/ws/.qwen/settings.json", "{}")
}

#[test]
fn every_captured_environment_names_its_runtime_without_it_as_an_ancestor() {
    for c in captures() {
        for policy in [Policy::Spec, Policy::Ancestry] {
            let d = Detector::new(host_of(&c)).policy(policy).detect();
            assert_eq!(d.provider, c.provider, "{} ({policy})", c.name);
            assert!(!d.ambiguous, "{}", c.name);
            let got = session(&host_of(&c), d.provider, None).map(|s| s.variable);
            let got = got.filter(|v| v != "GT_SESSION_ID");
            assert_eq!(got, c.session_var, "{}: the session variable", c.name);
            // In a workspace set up for several runtimes the one that runs still wins;
            // an environment with nothing of a runtime falls to the workspace file.
            let d = Detector::new(every_runtime_s_files(host_of(&c))).policy(policy).detect();
            if c.provider == P::Unknown {
                assert_eq!((d.provider, d.source.kind), (P::Claude, K::WorkspaceFile), "{}", c.name);
            } else {
                assert_eq!(d.provider, c.provider, "{} in a workspace for several runtimes ({policy})", c.name);
                assert_ne!(d.source.kind, K::WorkspaceFile, "{}", c.name);
            }
        }
    }
}

#[test]
fn hook_only_variables_are_markers_and_qwen_s_beat_its_compatibility_copies() {
    // Gemini's hook variables, one at a time: each names gemini.
    for var in ["GEMINI_SESSION_ID", "GEMINI_PROJECT_DIR", "GEMINI_CWD", "GEMINI_PLANS_DIR"] {
        let d = Detector::new(FakeHost::new().env(var, "/x")).detect();
        assert_eq!((d.provider, d.source.kind, d.source.signal.as_deref()), (P::Gemini, K::Marker, Some(var)));
    }
    // Qwen sets GEMINI_PROJECT_DIR and CLAUDE_PROJECT_DIR for its hooks "for
    // compatibility": its own markers win, without ambiguity.
    for var in ["QWEN_CODE_SESSION_ID", "QWEN_CODE_CLI", "QWEN_CODE_PROJECT_DIR", "QWEN_PROJECT_DIR"] {
        let host = FakeHost::new().env(var, "/x").env("GEMINI_PROJECT_DIR", "/ws").env("CLAUDE_PROJECT_DIR", "/ws");
        let d = Detector::new(host).detect();
        assert_eq!((d.provider, d.ambiguous), (P::QwenCode, false), "{var}");
    }
    // Codex's npm launcher, the only thing a Codex hook carries.
    for var in ["CODEX_MANAGED_BY_NPM", "CODEX_MANAGED_PACKAGE_ROOT"] {
        assert_eq!(Detector::new(FakeHost::new().env(var, "1")).detect().provider, P::Codex, "{var}");
    }
    // CLAUDE_PROJECT_DIR names no runtime; AGENT=1 is too generic to be OpenCode's.
    assert_eq!(Detector::new(FakeHost::new().env("CLAUDE_PROJECT_DIR", "/ws")).detect().provider, P::Unknown);
    assert_eq!(Detector::new(FakeHost::new().env("AGENT", "1")).detect().provider, P::Unknown);
    // Pi 1.x gives its bash tool the session id in PI_SESSION_ID (live run; the old 0.x
    // package gave it to no child): it is read.
    let host = FakeHost::new().env("PI_CODING_AGENT", "true").env("PI_SESSION_ID", "s");
    assert_eq!(session(&host, P::Pi, None).map(|s| s.variable), Some("PI_SESSION_ID".to_owned()));
}

#[test]
fn a_claude_settings_file_never_beats_a_runtime_ancestor_or_marker() {
    let gemini = ProcessInfo::new(30, Some(31), "node").with_exe("/usr/bin/node").with_argv([
        "node",
        "--max-old-space-size=4096",
        "/opt/npm/node_modules/@google/gemini-cli/bundle/gemini.js",
    ]);
    let ws = |h: FakeHost| {
        every_runtime_s_files(h.path("/ws", Ok(Stat::Dir)).path("/ws/.git", Ok(Stat::Dir)))
            .env("CLAUDE_PROJECT_DIR", "/ws")
    };
    for policy in [Policy::Spec, Policy::Ancestry] {
        // A runtime ancestor and nothing else: the ancestor, not the file.
        let d = Detector::new(ws(FakeHost::new()).ancestors(vec![gemini.clone()])).policy(policy).detect();
        assert_eq!((d.provider, d.source.kind), (P::Gemini, K::ProcessAncestor), "{policy}");
        // A Gemini marker and nothing else: the marker.
        let d = Detector::new(ws(FakeHost::new()).env("GEMINI_CWD", "/ws")).policy(policy).detect();
        assert_eq!((d.provider, d.source.kind), (P::Gemini, K::Marker), "{policy}");
    }
}

fn proc(pid: u32, name: &str, exe: &str, argv: &[&str]) -> ProcessInfo {
    ProcessInfo::new(pid, Some(pid + 1), name).with_exe(exe).with_argv(argv.iter().copied())
}

#[test]
fn the_real_ancestry_shapes() {
    let shell = proc(10, "bash", "/usr/bin/bash", &["/bin/bash", "-c", "hal detect"]);
    let cases: Vec<(&str, ProcessInfo, P)> = vec![
        (
            "claude 2.x's native claude.exe",
            proc(
                11,
                "claude.exe",
                "/opt/npm/node_modules/@anthropic-ai/claude-code/bin/claude.exe",
                &["/opt/npm/node_modules/@anthropic-ai/claude-code/bin/claude.exe", "-p", "x"],
            ),
            P::Claude,
        ),
        (
            "gemini's relaunched node",
            proc(
                11,
                "node",
                "/usr/bin/node",
                &["node", "--max-old-space-size=4096", "/opt/npm/node_modules/@google/gemini-cli/bundle/gemini.js"],
            ),
            P::Gemini,
        ),
        (
            "qwen's cli.js",
            proc(
                11,
                "node",
                "/usr/bin/node",
                &["node", "--expose-gc", "/opt/npm/node_modules/@qwen-code/qwen-code/cli.js"],
            ),
            P::QwenCode,
        ),
        (
            "codex's native binary",
            proc(
                11,
                "codex",
                "/opt/npm/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex",
                &["/opt/npm/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex", "exec"],
            ),
            P::Codex,
        ),
        (
            "codex's sandbox, pid 1 of a PID namespace",
            proc(1, "codex", "/opt/codex/bin/codex", &["codex-linux-sandbox", "--sandbox-policy-cwd", "/ws"]),
            P::Codex,
        ),
        ("pi, which sets process.title", proc(11, "pi", "/usr/bin/node", &["pi"]), P::Pi),
        ("Kimi Code's node, titled kimi-code", proc(11, "kimi-code", "/opt/node22/bin/node", &["kimi-code"]), P::Kimi),
        (
            "opencode's compiled binary",
            proc(11, "opencode", "/opt/npm/node_modules/opencode-ai/bin/opencode.exe", &["opencode", "run"]),
            P::Opencode,
        ),
        (
            "grok-cli: node running the .bin/grok link",
            proc(11, "node", "/usr/bin/node", &["node", "/opt/npm/node_modules/.bin/grok", "-p", "x"]),
            P::GrokCli,
        ),
        (
            "grok-cli by its package path",
            proc(11, "node", "/usr/bin/node", &["node", "/opt/npm/node_modules/@vibe-kit/grok-cli/dist/index.js"]),
            P::GrokCli,
        ),
        ("Grok Build: a native grok executable", proc(11, "grok", "/usr/local/bin/grok", &["grok"]), P::Grok),
    ];
    for (what, runtime, want) in cases {
        let host = FakeHost::new().ancestors(vec![shell.clone(), runtime]);
        let d = Detector::new(host).detect();
        assert_eq!((d.provider, d.source.kind), (want, K::ProcessAncestor), "{what}");
    }
}

#[test]
fn the_extra_runtimes_markers_decide_with_their_own_ancestor_above() {
    // In the tool, the marker (a verified variable) is the deciding signal, the
    // runtime's process above agreeing: what the live harness checks.
    let shell = proc(10, "bash", "/usr/bin/bash", &["/bin/bash", "-c", "hal detect"]);
    let cases = [
        ("CLINE_CONNECTOR_CLI_LAUNCH", "{}", proc(11, "cline", "/opt/cline", &["cline"]), P::Cline),
        ("CLINE_BUILD_ENV", "production", proc(11, "cline", "/opt/cline", &["cline"]), P::Cline),
        ("OR_APP_NAME", "Aider", proc(11, "aider", "/usr/bin/python3.11", &["python3.11", "/v/bin/aider"]), P::Aider),
        ("KILO", "1", proc(11, ".kilo", "/opt/kilo/bin/.kilo", &["/opt/kilo/bin/.kilo", "run"]), P::Kilo),
    ];
    for (var, value, runtime, want) in cases {
        let host = FakeHost::new().env(var, value).ancestors(vec![shell.clone(), runtime]);
        let d = Detector::new(host).detect();
        assert_eq!((d.provider, d.source.kind, d.source.signal.as_deref()), (want, K::Marker, Some(var)), "{var}");
    }
    // Another app's OpenRouter attribution, or litellm's mode alone, is not aider;
    // OpenHands' own (its SDK sets it, a live run) names OpenHands.
    let d = Detector::new(FakeHost::new().env("OR_APP_NAME", "OpenHands")).detect();
    assert_eq!(d.provider, P::Openhands);
    for (var, value) in
        [("OR_APP_NAME", "SomeApp"), ("LITELLM_MODE", "PRODUCTION"), ("KILO_TREE_SITTER_WASM_DIR", "/x")]
    {
        assert_eq!(Detector::new(FakeHost::new().env(var, value)).detect().provider, P::Unknown, "{var}={value}");
    }
    // oh-my-pi's bash tool sets OMPCODE=1 beside CLAUDECODE=1, AGENT=1 and CI=true
    // (a live run): omp, not claude and not ambiguous, with no ancestor to help.
    let omp = FakeHost::new().env("OMPCODE", "1").env("CLAUDECODE", "1").env("AGENT", "1").env("CI", "true");
    let d = Detector::new(omp).detect();
    assert_eq!((d.provider, d.ambiguous, d.source.signal.as_deref()), (P::Omp, false, Some("OMPCODE")));
    // Kilo keeps OpenCode's OPENCODE=1: kilo, not ambiguous.
    let d = Detector::new(FakeHost::new().env("KILO", "1").env("OPENCODE", "1").env("AGENT", "1")).detect();
    assert_eq!((d.provider, d.ambiguous), (P::Kilo, false));
    // Neither Cline product sets CLINE_TASK_ID, and KILO_RUN_ID is a run id: no session id.
    assert_eq!(session(&FakeHost::new().env("CLINE_TASK_ID", "t"), P::Cline, None), None);
    assert_eq!(session(&FakeHost::new().env("KILO_RUN_ID", "r"), P::Kilo, None), None);
}

#[test]
fn the_extra_runtimes_ancestry_shapes() {
    let shell = proc(10, "bash", "/usr/bin/bash", &["/bin/bash", "-c", "hal detect"]);
    let cases: Vec<(&str, ProcessInfo, P)> = vec![
        (
            "cline: the Bun binary by its .bin link",
            proc(
                11,
                "cline",
                "/opt/npm/node_modules/@cline/cli-linux-x64/bin/cline",
                &["/opt/npm/node_modules/.bin/cline", "--json", "-P", "openai-compatible", "x"],
            ),
            P::Cline,
        ),
        (
            "aider: python running the venv's aider script",
            proc(
                11,
                "aider",
                "/opt/pyenv/versions/3.11.7/bin/python3.11",
                &["/opt/venv/bin/python3.11", "/opt/venv/bin/aider", "--message", "x"],
            ),
            P::Aider,
        ),
        (
            "kilo: the Bun binary .kilo",
            proc(
                11,
                ".kilo",
                "/opt/npm/node_modules/@kilocode/cli/bin/.kilo",
                &["/opt/npm/node_modules/@kilocode/cli/bin/.kilo", "run", "x"],
            ),
            P::Kilo,
        ),
        (
            "kilo: the npm shim, node running .bin/kilo",
            proc(11, "node", "/usr/bin/node", &["node", "/opt/npm/node_modules/.bin/kilo", "run", "x"]),
            P::Kilo,
        ),
    ];
    for (what, runtime, want) in cases {
        let host = FakeHost::new().ancestors(vec![shell.clone(), runtime]);
        let d = Detector::new(host).detect();
        assert_eq!((d.provider, d.source.kind), (want, K::ProcessAncestor), "{what}");
    }
}
