//! `hal launch`: the argv and the clear-list through the built binary, the JSON against
//! its schema, usage errors (exit 2) that name what the runtime can do, the role's
//! startup plan merged in, and the version's arguments. The environment cleared.

use std::process::{Command, Output};

use hal_caps::registry::runtimes::codex::live as codex;
use serde_json::Value;

mod common;

fn hal(args: &[&str], env: &[(&str, &str)]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hal"));
    cmd.args(args).env_clear().env("PATH", "/usr/bin:/bin").current_dir(dir.path()).envs(env.iter().copied());
    cmd.output().unwrap()
}

fn json(args: &[&str], env: &[(&str, &str)]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let o = hal(&all, env);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    common::validate(&all, &v);
    v
}

fn argv(v: &Value) -> Vec<&str> {
    v["argv"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect()
}

#[test]
fn codex_print_full_is_the_suites_start() {
    let v = json(&["launch", "--provider", "codex", "--mode", "print", "--autonomy", "full", "--prompt", "hi"], &[]);
    assert_eq!(v["version"], 1);
    assert_eq!(
        argv(&v),
        [
            "codex",
            "exec",
            "--skip-git-repo-check",
            "--dangerously-bypass-approvals-and-sandbox",
            "--dangerously-bypass-hook-trust",
            "hi"
        ]
    );
    assert_eq!(v["prompt"]["at"], "argv");
    assert_eq!(v["hook_trust"]["args"][0], "--dangerously-bypass-hook-trust");
    let text =
        hal(&["launch", "--provider", "codex", "--mode", "print", "--autonomy", "full", "--prompt", "two words"], &[]);
    let out = String::from_utf8_lossy(&text.stdout);
    assert!(out.starts_with("codex exec --skip-git-repo-check "), "{out}");
    assert!(out.lines().next().unwrap().ends_with("'two words'"), "{out}");
}

/// From inside Claude Code's captured tool environment: its markers and stamps are to
/// be cleared; the user's key, Gastown's stamps and the OS's variables are not.
#[test]
fn env_unset_from_inside_claude_code() {
    let inside = [
        ("CLAUDECODE", "1"),
        ("CLAUDE_CODE_SESSION_ID", "80440ac6-7abe-44ed-9885-2d362577335a"),
        ("CLAUDE_CODE_ENTRYPOINT", "sdk-cli"),
        ("CLAUDE_CODE_CHILD_SESSION", "1"),
        ("CLAUDE_CODE_MESSAGING_TOKEN", "x"),
        ("AI_AGENT", "claude-code_2-1-332_agent"),
        ("ANTHROPIC_API_KEY", "sk-x"),
        ("GT_ROLE", "gastown/polecats/toast"),
    ];
    let v = json(&["launch", "--provider", "gemini", "--prompt", "hi"], &inside);
    let unset: Vec<&str> = v["env_unset"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    for want in [
        "CLAUDECODE",
        "CLAUDE_CODE_SESSION_ID",
        "CLAUDE_CODE_ENTRYPOINT",
        "CLAUDE_CODE_CHILD_SESSION",
        "CLAUDE_CODE_MESSAGING_TOKEN",
        "AI_AGENT",
    ] {
        assert!(unset.contains(&want), "{want}: {unset:?}");
    }
    for keep in ["ANTHROPIC_API_KEY", "GT_ROLE", "PATH"] {
        assert!(!unset.contains(&keep), "{keep}: {unset:?}");
    }
    // Detected: without --provider, the plan is for the runtime hal runs under.
    let v = json(&["launch", "--prompt", "hi"], &inside);
    assert_eq!(v["provider"], "claude");
    assert_eq!(argv(&v)[0], "claude");
}

#[test]
fn impossible_combinations_are_usage_errors_naming_what_it_can_do() {
    for (args, want) in [
        (&["launch", "--provider", "claude", "--mode", "acp"][..], "no ACP entry"),
        (&["launch", "--provider", "cline", "--resume", "s1"][..], "cannot resume"),
        (&["launch", "--provider", "pi", "--autonomy", "edits"][..], "`edits`"),
        (&["launch", "--provider", "codex", "--mode", "print"][..], "needs a prompt"),
        (&["launch", "--provider", "zed"][..], "no launch facts"),
    ] {
        let o = hal(args, &[]);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
    let o = hal(&["launch", "--provider", "codex", "--resume", "a", "--continue"], &[]);
    assert_eq!(o.status.code(), Some(2));
    let o = hal(&["launch", "--provider", "codex", "--prompt", "a", "--prompt-file", "/nonexistent"], &[]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_role_merges_its_startup_plan_and_a_prompt_file_is_read() {
    let v = json(&["launch", "--provider", "codex", "--role", "polecat", "--mode", "print"], &[]);
    assert_eq!(v["startup"]["role"], "polecat");
    let prompt = argv(&v).last().unwrap().to_string();
    assert!(prompt.contains("gt prime"), "{prompt}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.txt");
    std::fs::write(&file, "from a file").unwrap();
    let v = json(&["launch", "--provider", "claude", "--mode", "print", "--prompt-file", file.to_str().unwrap()], &[]);
    assert_eq!(*argv(&v).last().unwrap(), "from a file");
}

#[test]
fn the_runtime_version_decides_the_versioned_arguments() {
    let args = ["launch", "--provider", "codex", "--mode", "print", "--autonomy", "full", "--prompt", "hi"];
    let mut old = args.to_vec();
    old.extend(["--runtime-version", codex::FIRST_THREAD_ID]);
    let v = json(&old, &[]);
    assert!(!argv(&v).contains(&"--dangerously-bypass-hook-trust"), "{:?}", argv(&v));
    assert!(v["hook_trust"].is_null());
    let mut new = args.to_vec();
    new.extend(["--runtime-version", codex::NEWEST]);
    assert!(argv(&json(&new, &[])).contains(&"--dangerously-bypass-hook-trust"));
}

/// oh-my-pi's bash tool sets `OMPCODE=1` beside `CLAUDECODE=1`, `AGENT=1` and `CI=true`
/// (its live run's tool capture): hal names omp, not Claude, and plans an omp launch that
/// resumes by id, serves ACP and clears all four; `hal session-id` agrees on the runtime.
#[test]
fn omp_beside_claudes_marker_is_omp_and_resumes_by_id() {
    let tool = [("OMPCODE", "1"), ("CLAUDECODE", "1"), ("AGENT", "1"), ("CI", "true")];
    let v = json(&["detect"], &tool);
    assert_eq!((v["provider"].as_str(), v["source"]["signal"].as_str()), (Some("omp"), Some("OMPCODE")), "{v}");
    // No session variable: `hal session-id` exits 1, naming omp.
    let o = hal(&["session-id", "--json"], &tool);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(serde_json::from_slice::<Value>(&o.stdout).unwrap()["provider"], "omp");
    let v = json(&["launch", "--mode", "print", "--resume", "s-1", "--prompt", "hi"], &tool);
    assert_eq!(argv(&v), ["omp", "-p", "--resume", "s-1", "hi"]);
    let unset: Vec<&str> = v["env_unset"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    for var in ["OMPCODE", "CLAUDECODE", "AGENT"] {
        assert!(unset.contains(&var), "{var}: {unset:?}");
    }
    let v = json(&["launch", "--provider", "omp", "--mode", "acp"], &[]);
    assert_eq!(argv(&v), ["omp", "--mode", "acp"]);
    let v = json(&["launch", "--provider", "omp", "--mode", "print", "--prompt", "hi"], &[]);
    assert_eq!(v["output"]["values"], serde_json::json!(["text", "json", "rpc"]));
}

/// Pi opens a session by id with `--session` (1.x's `dist/cli/args.js`), the id
/// `hal session-id` reads from `PI_SESSION_ID` inside it.
#[test]
fn pi_resumes_the_session_hal_reports() {
    let tool = [("PI_CODING_AGENT", "true"), ("PI_SESSION_ID", "0194-abcd")];
    let id = hal(&["session-id"], &tool);
    assert_eq!(String::from_utf8_lossy(&id.stdout).trim(), "0194-abcd");
    let v = json(&["launch", "--mode", "print", "--resume", "0194-abcd", "--prompt", "hi"], &tool);
    assert_eq!(v["provider"], "pi");
    assert_eq!(argv(&v), ["pi", "-p", "--session", "0194-abcd", "hi"]);
}

/// Claude Code's child-environment builder sets `CLAUDE_CODE_STARTER_MAY_HOLD_CONNECTOR_FILE`
/// and `CLAUDE_CODE_STARTER_READS_FOLDER_SETTINGS` (both dated in its history): a launch from
/// inside it clears both, with the rest of Claude's variables.
#[test]
fn a_nested_launch_clears_claudes_starter_variables() {
    let tool = [
        ("CLAUDECODE", "1"),
        ("CLAUDE_CODE_STARTER_MAY_HOLD_CONNECTOR_FILE", "1"),
        ("CLAUDE_CODE_STARTER_READS_FOLDER_SETTINGS", "0"),
    ];
    let v = json(&["launch", "--provider", "codex"], &tool);
    let unset: Vec<&str> = v["env_unset"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    for (var, _) in tool {
        assert!(unset.contains(&var), "{var}: {unset:?}");
    }
}

/// Hostile-findings R2 and R16 through the binary: a `--prompt-file` holding
/// `--settings=...` (a launcher passing a work item's text) never becomes Claude Code's
/// option, a dash-led prompt reaches a long prompt flag as `--prompt=...`, and a NUL is a
/// usage error.
#[test]
fn a_dash_led_prompt_file_is_never_an_option() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("item.txt");
    std::fs::write(&file, "--settings={\"hooks\":{}}").unwrap();
    let f = file.to_str().unwrap();
    let v = json(&["launch", "--provider", "claude", "--mode", "print", "--prompt-file", f], &[]);
    assert!(argv(&v).ends_with(&["--", "--settings={\"hooks\":{}}"]), "{v}");
    let o = hal(&["launch", "--provider", "cline", "--mode", "print", "--prompt-file", f, "--json"], &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stdout));
    assert!(err.contains("starts with `-`"), "{err}");
    let v = json(&["launch", "--provider", "opencode", "--prompt=--version"], &[]);
    assert!(argv(&v).contains(&"--prompt=--version"), "{v}");
    std::fs::write(&file, "a\0b").unwrap();
    let o = hal(&["launch", "--provider", "codex", "--mode", "print", "--prompt-file", f], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("NUL"));
}

/// Hostile-findings R16: the text form's first line is the plan's whole argv: read by
/// `sh` it gives exactly `--json`'s argv; or, holding a newline (whose first line would
/// read as a shorter command), ESC or U+202E, it is on one line escaped and the next
/// line says so.
#[test]
fn the_text_forms_first_line_is_the_whole_command_line() {
    let prompts = ["two\nlines", "x'\n' --settings=y", "esc\u{1b}[2J", "rlo\u{202e}x", "tab\there", "plain words"];
    for prompt in prompts {
        let args = ["launch", "--provider", "codex", "--mode", "print", "--prompt", prompt];
        let want: Vec<String> = argv(&json(&args, &[])).into_iter().map(str::to_owned).collect();
        let o = hal(&args, &[]);
        assert_eq!(o.status.code(), Some(0));
        let out = String::from_utf8_lossy(&o.stdout);
        let mut lines = out.lines();
        let first = lines.next().unwrap();
        assert!(!out.contains('\u{1b}') && !out.contains('\u{202e}'), "{out}");
        let escaped = lines.next().is_some_and(|l| l.contains("shown escaped"));
        let read = Command::new("sh")
            .arg("-c")
            .arg(format!("printf '%s\\0' {first}"))
            .env_clear()
            .env("PATH", "/usr/bin:/bin")
            .output()
            .unwrap();
        let words: Vec<String> =
            String::from_utf8_lossy(&read.stdout).split_terminator('\0').map(str::to_owned).collect();
        assert!(escaped || (read.status.success() && words == want), "{prompt:?}: {out} read as {words:?}");
        assert_eq!(escaped, !["tab\there", "plain words"].contains(&prompt), "{prompt:?}: {out}");
    }
}

/// Issue 44.4: `hal startup` and `hal launch --role` agree on the startup nudge (the
/// same text and delay; launch says its first prompt carries it, and it does), and a
/// `prompt_preamble` runtime's GUPP preamble is in the plan and first in the prompt.
/// Every runtime with launch facts and a print start, from the registry.
#[test]
fn startup_and_launch_agree_on_the_nudge_and_the_preamble() {
    let mut nudges = 0;
    let mut preambles = 0;
    for l in hal_caps::registry::launch::LAUNCH.iter().filter(|l| l.print.is_some()) {
        let id = l.provider.as_str();
        let startup = json(&["startup", "--provider", id, "--role", "polecat"], &[]);
        let launch = json(&["launch", "--provider", id, "--role", "polecat", "--mode", "print", "--prompt", "hi"], &[]);
        let prompt = launch["prompt"]["index"].as_u64().map(|i| argv(&launch)[usize::try_from(i).unwrap()].to_owned());
        let merged = &launch["startup"];
        if let Some(n) = startup["startup_nudge"].as_object() {
            nudges += 1;
            let m = &merged["startup_nudge"];
            assert_eq!((&m["text"], &m["delay_ms"]), (&n["text"], &n["delay_ms"]), "{id}");
            assert_eq!((n["in_prompt"].as_bool(), m["in_prompt"].as_bool()), (Some(false), Some(true)), "{id}");
            if let Some(p) = &prompt {
                assert!(p.contains(n["text"].as_str().unwrap()), "{id}: {p}");
            }
        } else {
            assert!(merged["startup_nudge"].is_null(), "{id}");
        }
        assert_eq!(startup["gupp_preamble"], merged["gupp_preamble"], "{id}");
        let caps = json(&["caps", "--provider", id], &[]);
        let preamble = startup["gupp_preamble"].as_str();
        assert_eq!(caps["gupp_strategy"] == "prompt_preamble", preamble.is_some(), "{id}");
        if let (Some(g), Some(p)) = (preamble, &prompt) {
            preambles += 1;
            assert!(p.starts_with(g), "{id}: {p}");
        }
    }
    assert!(nudges > 3 && preambles >= 1, "{nudges} {preambles}");
}
