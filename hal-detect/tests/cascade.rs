//! The cascade over a fake host: every step, every precedence pair, both policies,
//! empty / falsy / non-UTF-8 values, the ambiguity rule, the workspace-root rule.

use std::ffi::OsString;
use std::io;

use hal_detect::{Detector, FakeHost, ProcessInfo, Stat, StepKind, session_id, session_id_vars};
use hal_types::{Detection, Policy, RuntimeProvider as P, SourceKind as K};

/// `bytes` as an OS string, not valid Unicode where they are not UTF-8 (on Windows each
/// byte is a UTF-16 unit, those from 0x80 lone surrogates).
fn os_bytes(bytes: Vec<u8>) -> OsString {
    #[cfg(unix)]
    return std::os::unix::ffi::OsStringExt::from_vec(bytes);
    #[cfg(windows)]
    return std::os::windows::ffi::OsStringExt::from_wide(
        &bytes.iter().map(|b| if *b < 0x80 { u16::from(*b) } else { 0xD800 | u16::from(*b) }).collect::<Vec<_>>(),
    );
}

fn detect(host: FakeHost) -> Detection {
    Detector::new(host).detect()
}

fn proc(pid: u32, name: &str) -> ProcessInfo {
    ProcessInfo::new(pid, Some(pid + 1), name)
}

fn bash_then(name: &str) -> Vec<ProcessInfo> {
    vec![proc(10, "bash"), proc(11, "tmux: server"), proc(12, name), proc(13, "systemd")]
}

fn non_utf8() -> OsString {
    os_bytes(vec![0x66, 0x6f, 0xff, 0xfe])
}

/// The host of each step, alone. Ancestry uses `codex` so that pairs with step 4
/// remain distinguishable by the deciding source kind. The workspace file comes last:
/// it never beats a runtime's marker or a runtime ancestor (a departure from the
/// design's order, see ARCHITECTURE.md).
const STEPS: [(K, P); 6] = [
    (K::Override, P::Gemini),
    (K::SessionId, P::Claude),
    (K::OrchestratorStamp, P::Cursor),
    (K::Marker, P::Codex),
    (K::ProcessAncestor, P::Codex),
    (K::WorkspaceFile, P::Claude),
];

/// The index of the ancestry step in [`STEPS`].
const ANCESTOR: usize = 4;

fn with_step(host: FakeHost, i: usize) -> FakeHost {
    match i {
        0 => host.env("GT_RUNTIME", "gemini"),
        1 => host.env("CLAUDE_SESSION_ID", "sess-1"),
        2 => host.env("GT_AGENT", "cursor"),
        3 => host.env("CODEX_THREAD_ID", "th-1"),
        ANCESTOR => host.ancestors(bash_then("codex")),
        _ => host.path("/ws/.git", Ok(Stat::Dir)).file("/ws/.claude/settings.json", "{}"),
    }
}

#[test]
fn each_step_alone_decides() {
    for (i, (kind, provider)) in STEPS.iter().enumerate() {
        let d = detect(with_step(FakeHost::new(), i));
        assert_eq!((d.source.kind, d.provider), (*kind, *provider), "step {}", i + 1);
        assert!(!d.ambiguous);
    }
    let d = detect(FakeHost::new());
    assert_eq!((d.provider, d.source.kind), (P::Unknown, K::Fallback));
}

#[test]
#[allow(clippy::needless_range_loop, reason = "i and j index the same table")]
fn every_step_beats_every_later_step_under_spec() {
    for i in 0..STEPS.len() {
        for j in i + 1..STEPS.len() {
            let d = detect(with_step(with_step(FakeHost::new(), i), j));
            // The stamp is inherited: a nearer runtime ancestor of another family beats it.
            let want = if (i, j) == (2, ANCESTOR) { STEPS[ANCESTOR] } else { STEPS[i] };
            assert_eq!((d.source.kind, d.provider), want, "step {} against step {}", i + 1, j + 1);
        }
    }
}

#[test]
fn under_ancestry_policy_a_comm_ancestor_beats_every_step_but_the_override() {
    for i in (0..STEPS.len()).filter(|i| *i != ANCESTOR) {
        let host = with_step(with_step(FakeHost::new(), i), ANCESTOR);
        let d = Detector::new(host).policy(Policy::Ancestry).detect();
        let want = if i == 0 { STEPS[0] } else { (K::ProcessAncestor, P::Codex) };
        assert_eq!((d.source.kind, d.provider), want, "step {} against an ancestor", i + 1);
        assert_eq!(d.policy, Policy::Ancestry);
    }
    // Policy from the environment, and an invalid one.
    let host = with_step(with_step(FakeHost::new(), 1), ANCESTOR).env("GT_HAL_POLICY", " Ancestry ");
    assert_eq!(detect(host).provider, P::Codex);
    let d = detect(with_step(with_step(FakeHost::new(), 1), ANCESTOR).env("GT_HAL_POLICY", "bogus"));
    assert_eq!((d.provider, d.policy), (P::Claude, Policy::Spec));
    assert!(d.warnings().iter().any(|w| w.contains("GT_HAL_POLICY")), "{:?}", d.warnings());
}

#[test]
fn ancestry_policy_puts_only_ancestors_known_by_their_own_name_first() {
    let node = ProcessInfo::new(20, Some(21), "node")
        .with_argv(["node", "/usr/lib/node_modules/@google/gemini-cli/dist/index.js"]);
    // An interpreter-run ancestor does not beat the session-id step...
    let host = FakeHost::new().env("CLAUDE_SESSION_ID", "s").ancestors(vec![node.clone()]);
    let d = Detector::new(host).policy(Policy::Ancestry).detect();
    assert_eq!((d.provider, d.source.kind), (P::Claude, K::SessionId));
    // ...but arbitrates inherited markers as under spec: it is the nearest runtime.
    let host = FakeHost::new().env("CODEX_THREAD_ID", "t").ancestors(vec![node]);
    let d = Detector::new(host).policy(Policy::Ancestry).detect();
    assert_eq!((d.provider, d.source.kind), (P::Gemini, K::ProcessAncestor));
}

#[test]
fn override_values() {
    for (v, want) in
        [(" Claude-Code ", P::Claude), ("CODEX", P::Codex), ("gemini-cli", P::Gemini), ("unknown", P::Unknown)]
    {
        assert_eq!(detect(FakeHost::new().env("GT_RUNTIME", v)).provider, want, "{v:?}");
    }
    let d = detect(FakeHost::new().env("GT_RUNTIME", "admiral").env("CODEX_THREAD_ID", "t"));
    assert_eq!((d.provider, d.source.kind), (P::Unknown, K::Override));
    assert!(d.warnings()[0].contains("`admiral`"), "{:?}", d.warnings());
    assert_eq!(d.diagnostics[0].code, hal_types::DiagnosticCode::OverrideUnknownRuntime);
    let d = detect(FakeHost::new().env("GT_RUNTIME", non_utf8()));
    assert_eq!(d.provider, P::Unknown);
    assert!(!d.diagnostics.is_empty());
    // Empty counts as unset.
    assert_eq!(detect(FakeHost::new().env("GT_RUNTIME", "").env("CODEX_THREAD_ID", "t")).provider, P::Codex);
}

#[test]
fn unknown_orchestrator_stamp_is_a_candidate_and_the_cascade_goes_on() {
    let d = detect(FakeHost::new().env("GT_AGENT", "my-preset").env("CODEX_THREAD_ID", "t"));
    assert_eq!(d.provider, P::Codex);
    assert!(d.candidates.iter().any(|c| c.source.kind == K::OrchestratorStamp && c.provider == P::Unknown));
    assert!(d.warnings().iter().any(|w| w.contains("my-preset")));
    assert_eq!(detect(FakeHost::new().env("GT_AGENT", "claude-code")).provider, P::Claude);
}

#[test]
fn falsy_empty_and_wrong_values_are_not_markers() {
    for (var, v) in [
        ("CODEX_THREAD_ID", ""),
        ("CODEX_SANDBOX", "0"),
        ("CODEX_SANDBOX", "false"),
        ("CODEX_SANDBOX", " No "),
        ("CODEX_SANDBOX", "OFF"),
        ("CLAUDECODE", "0"),
        ("GEMINI_CLI", "true"),
        ("CURSOR_AGENT", "2"),
        ("CLAUDECODE", "enabled"),
        ("CLAUDE_CODE_CHILD_SESSION", "0"),
    ] {
        let d = detect(FakeHost::new().env(var, v));
        assert_eq!(d.provider, P::Unknown, "{var}={v:?}");
    }
    // Non-UTF-8 bytes are a value: a presence marker counts, an exact one cannot match.
    assert_eq!(detect(FakeHost::new().env("CODEX_THREAD_ID", non_utf8())).provider, P::Codex);
    assert_eq!(detect(FakeHost::new().env("GEMINI_CLI", non_utf8())).provider, P::Unknown);
}

#[test]
fn weak_signals_never_decide_alone() {
    for r in hal_caps::REGISTRY {
        for w in r.weak.iter().chain(r.settings) {
            let d = detect(FakeHost::new().env(w, "1").env("TERM_PROGRAM", "vscode"));
            assert_eq!(d.provider, P::Unknown, "{w} alone decided {}", d.provider);
        }
    }
}

#[test]
fn weak_combination_counts() {
    let host = FakeHost::new().env("CURSOR_TRACE_ID", "abc").env("PAGER", "head -n 10000 | cat");
    let d = detect(host);
    assert_eq!(d.provider, P::Cursor);
    assert!(d.secondary_only, "the combination rests on third-party sources");
}

#[test]
fn markers_of_unrelated_runtimes_are_ambiguous_without_an_ancestor() {
    let host = || FakeHost::new().env("CODEX_THREAD_ID", "t").env("GEMINI_CLI", "1");
    let d = detect(host());
    assert_eq!((d.provider, d.ambiguous), (P::Gemini, true), "the documented priority: gemini before codex");
    let r = Detector::new(host()).report();
    assert!(r.steps[2].found.contains("(ambiguous)"), "{}", r.steps[2].found);
    // A runtime that keeps another's markers is not ambiguous with it.
    let d = detect(FakeHost::new().env("CURSOR_AGENT", "1").env("CLAUDECODE", "1"));
    assert_eq!((d.provider, d.ambiguous), (P::Cursor, false));
    // The nearest runtime ancestor arbitrates.
    let d = detect(host().ancestors(bash_then("codex")));
    assert_eq!((d.provider, d.source.kind, d.ambiguous), (P::Codex, K::Marker, false));
    let d = detect(host().ancestors(bash_then("gemini")));
    assert_eq!((d.provider, d.ambiguous), (P::Gemini, false));
    // An ancestor that is neither: the markers were inherited.
    let d = detect(host().ancestors(bash_then("claude")));
    assert_eq!((d.provider, d.source.kind), (P::Claude, K::ProcessAncestor));
    assert_eq!(d.source.depth, Some(3));
}

#[test]
fn an_ancestor_beats_an_inherited_marker() {
    let d = detect(FakeHost::new().env("CLAUDECODE", "1").ancestors(bash_then("codex")));
    assert_eq!((d.provider, d.source.kind), (P::Codex, K::ProcessAncestor));
    // ... and so does a runtime an interpreter runs by an anchored script path (hal's
    // departure from Firstmate's rule 6: the anchor is as structural as a name).
    let node = ProcessInfo::new(20, Some(21), "MainThread").with_argv([
        "node",
        "--no-warnings",
        "/opt/x/@google/gemini-cli/bundle.js",
    ]);
    let d = detect(FakeHost::new().env("CLAUDECODE", "1").ancestors(vec![node, proc(21, "claude")]));
    assert_eq!((d.provider, d.source.kind), (P::Gemini, K::ProcessAncestor));
}

#[test]
fn ai_agent_never_beats_a_runtime_marker_or_ancestor() {
    let ai = "claude-code_2-1-263_agent";
    assert_eq!(detect(FakeHost::new().env("AI_AGENT", ai)).provider, P::Claude);
    let d = detect(FakeHost::new().env("AI_AGENT", ai).env("GEMINI_CLI", "1"));
    assert_eq!((d.provider, d.source.signal.as_deref()), (P::Gemini, Some("GEMINI_CLI")));
    let d = detect(FakeHost::new().env("AI_AGENT", ai).ancestors(bash_then("codex")));
    assert_eq!(d.provider, P::Codex);
    assert_eq!(detect(FakeHost::new().env("AI_AGENT", "somebody-else_1_agent")).provider, P::Unknown);
}

#[test]
fn ancestry_step_names_runtimes_exactly() {
    for (name, want) in [
        ("codex", P::Codex),
        ("codexify", P::Unknown),
        ("my-codex", P::Unknown),
        ("claude", P::Claude),
        ("claude-helper", P::Unknown),
        ("cursor-agent", P::Cursor),
        ("gemini", P::Gemini),
        ("codex-aarch64-a", P::Codex), // a 15-byte comm cut from codex-aarch64-apple-darwin
        ("node", P::Unknown),
    ] {
        assert_eq!(detect(FakeHost::new().ancestors(bash_then(name))).provider, want, "{name}");
    }
    let exe = ProcessInfo::new(5, Some(6), "MainThread").with_exe("/opt/bin/claude");
    assert_eq!(detect(FakeHost::new().ancestors(vec![exe])).provider, P::Claude);
    let script = ProcessInfo::new(5, Some(6), "node").with_argv(["node", "/usr/local/bin/gemini", "--yolo"]);
    assert_eq!(detect(FakeHost::new().ancestors(vec![script])).provider, P::Gemini);
    let mention = ProcessInfo::new(5, Some(6), "bash").with_argv(["bash", "/home/x/my-claude-project/run.sh"]);
    assert_eq!(detect(FakeHost::new().ancestors(vec![mention])).provider, P::Unknown);
    let py = ProcessInfo::new(5, Some(6), "python3.11").with_argv(["python3.11", "/tmp/my-claude-project/claude.py"]);
    assert_eq!(detect(FakeHost::new().ancestors(vec![py])).provider, P::Unknown);
}

/// Issue 35: a workspace file says the repository is configured for a runtime, not that
/// an agent runs. Alone it names the provider (the design's step) with `is_agent`
/// false and `configured_for` set; beside any evidence of a running agent that evidence
/// decides and the agent is there.
#[test]
fn a_workspace_file_alone_is_configured_not_an_agent() {
    let ws = || with_step(FakeHost::new(), STEPS.len() - 1);
    let d = detect(ws());
    assert_eq!(
        (d.provider, d.source.kind, d.is_agent, d.configured_for),
        (P::Claude, K::WorkspaceFile, false, Some(P::Claude))
    );
    assert_eq!(d.configured_only(), Some(P::Claude));
    for (i, (kind, _)) in STEPS.iter().enumerate().take(STEPS.len() - 1) {
        let d = detect(with_step(ws(), i));
        assert_eq!(
            (d.source.kind, d.is_agent, d.configured_for),
            (*kind, true, None),
            "step {} beside the file",
            i + 1
        );
    }
    // An agent that named itself is an agent, whatever the workspace says.
    let d = detect(ws().env("AI_AGENT", "custom-agent"));
    assert!(d.is_agent, "{d:?}");
    assert_eq!(d.configured_only(), None);
    // Nothing at all: no agent, configured for nothing.
    let d = detect(FakeHost::new());
    assert_eq!((d.is_agent, d.configured_for), (false, None));
}

#[test]
fn workspace_root_rules() {
    let settings = ".claude/settings.json";
    // CLAUDE_PROJECT_DIR beats the .git search.
    let host = FakeHost::new()
        .cwd(Some("/repo/sub"))
        .path("/repo/.git", Ok(Stat::Dir))
        .env("CLAUDE_PROJECT_DIR", "/proj")
        .path("/proj", Ok(Stat::Dir))
        .file(format!("/proj/{settings}"), "{}");
    assert_eq!(detect(host).provider, P::Claude);
    // The nearest .git (a file, as in worktrees) above the cwd.
    let host = FakeHost::new()
        .cwd(Some("/repo/a/b"))
        .path("/repo/.git", Ok(Stat::File { len: 10 }))
        .file(format!("/repo/{settings}"), "{}");
    assert_eq!(detect(host).provider, P::Claude);
    // Explicit workspace beats everything.
    let host = FakeHost::new().file(format!("/elsewhere/{settings}"), "{}");
    assert_eq!(Detector::new(host).workspace("/elsewhere").detect().provider, P::Claude);
    // The home directory is never a workspace.
    let host = FakeHost::new().cwd(Some("/home/u")).env("HOME", "/home/u").file(format!("/home/u/{settings}"), "{}");
    assert_eq!(detect(host).provider, P::Unknown);
    // A CLAUDE_PROJECT_DIR that is not a directory is ignored with a warning.
    let host = FakeHost::new().env("CLAUDE_PROJECT_DIR", "/nope");
    let d = detect(host);
    assert_eq!(d.provider, P::Unknown);
    assert!(d.warnings().iter().any(|w| w.contains("CLAUDE_PROJECT_DIR")));
    // An unreadable cwd: no workspace, a warning, still an answer.
    let d = detect(FakeHost::new().cwd(None));
    assert_eq!(d.provider, P::Unknown);
    assert!(!d.diagnostics.is_empty());
}

#[test]
fn workspace_file_must_be_a_regular_file() {
    let path = "/ws/.claude/settings.json";
    for (stat, warn) in [
        (Ok(Stat::Special("a FIFO")), "FIFO"),
        (Ok(Stat::Dir), "directory"),
        (Ok(Stat::DanglingLink), "dangling"),
        (Err(io::Error::from(io::ErrorKind::PermissionDenied)), "could not stat"),
    ] {
        let d = detect(FakeHost::new().path(path, stat));
        assert_eq!(d.provider, P::Unknown);
        assert!(d.warnings().iter().any(|w| w.contains(warn)), "{warn}: {:?}", d.warnings());
    }
}

#[test]
fn ancestry_problems_are_warnings() {
    let mut a = hal_detect::Ancestry::new(vec![proc(10, "bash")]);
    let probe = hal_types::Diagnostic::new(hal_types::DiagnosticCode::ProbeFailed, None, "could not read process 11");
    a.warnings.push(probe.clone());
    let d = detect(FakeHost::new().ancestry_answer(a));
    assert_eq!(d.provider, P::Unknown);
    assert_eq!(d.diagnostics, [probe]);
}

#[test]
fn candidates_name_signals_never_values() {
    let d = detect(FakeHost::new().env("CODEX_THREAD_ID", "secret-canary-123").env("CLAUDECODE", "1"));
    let json = serde_json::to_string(&d).unwrap();
    assert!(!json.contains("secret-canary-123"), "{json}");
    assert!(json.contains("CODEX_THREAD_ID"));
}

#[test]
fn session_id_order_and_ownership() {
    let host = FakeHost::new()
        .env("GT_SESSION_ID_ENV", "MY_SID")
        .env("MY_SID", "from-named")
        .env("CLAUDE_SESSION_ID", "from-caps")
        .env("CLAUDE_CODE_SESSION_ID", "from-registry")
        .env("GT_SESSION_ID", "from-gt");
    assert_eq!(session_id(&host, P::Claude, Some("CLAUDE_SESSION_ID")).as_deref(), Some("from-named"));
    let host = host.env("GT_SESSION_ID_ENV", "");
    // The runtime's own variable beats the design's, which an orchestrator may have
    // left stale.
    assert_eq!(session_id(&host, P::Claude, Some("CLAUDE_SESSION_ID")).as_deref(), Some("from-registry"));
    let host = host.env("CLAUDE_CODE_SESSION_ID", "");
    assert_eq!(session_id(&host, P::Claude, Some("CLAUDE_SESSION_ID")).as_deref(), Some("from-caps"));
    assert_eq!(
        session_id_vars(&host.clone().env("GT_SESSION_ID_ENV", "MY_SID"), P::Claude, Some("CLAUDE_SESSION_ID")),
        [
            "MY_SID",
            "CLAUDE_CODE_SESSION_ID",
            "CLAUDE_CODE_REMOTE_SESSION_ID",
            "CLAUDE_CODE_BRIDGE_SESSION_ID",
            "CLAUDE_SESSION_ID",
            "GT_SESSION_ID"
        ]
    );
    let host = host.env("CLAUDE_SESSION_ID", "");
    // Codex never returns Claude's session variables, whatever GT_SESSION_ID_ENV says.
    let host = host.env("GT_SESSION_ID_ENV", "CLAUDE_CODE_SESSION_ID");
    assert_eq!(session_id(&host, P::Codex, Some("GT_SESSION_ID")).as_deref(), Some("from-gt"));
    assert_eq!(session_id(&FakeHost::new(), P::Unknown, None), None);
    let host = FakeHost::new().env("GT_SESSION_ID", non_utf8());
    assert_eq!(session_id(&host, P::Codex, Some("GT_SESSION_ID")), None);
}

#[test]
fn the_report_walks_every_step() {
    let r = Detector::new(FakeHost::new().env("CODEX_THREAD_ID", "t")).report();
    let kinds: Vec<StepKind> = r.steps.iter().map(|s| s.kind).collect();
    assert_eq!(kinds, StepKind::order(hal_types::Policy::Spec));
    assert_eq!(r.steps[2].outcome, hal_detect::Outcome::Decided);
}
