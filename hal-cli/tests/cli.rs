//! End-to-end: the built `hal` binary with a cleared environment.

mod common;

use common::OutputRetrying as _;

use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use clap::CommandFactory as _;
use hal_types::RuntimeProvider as P;
use serde_json::Value;

fn hal_in(cwd: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hal"));
    cmd.args(args).env_clear().env("PATH", "/usr/bin:/bin").current_dir(cwd);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

fn hal(args: &[&str], env: &[(&str, &str)]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    hal_in(dir.path(), args, env)
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json(args: &[&str], env: &[(&str, &str)]) -> Value {
    let mut a = args.to_vec();
    a.push("--json");
    let o = hal(&a, env);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}: {}", stdout(&o)));
    assert_eq!(v["version"], 1, "{args:?}");
    common::validate(args, &v);
    v
}

#[test]
fn cli_definition_is_consistent() {
    hal_cli::Cli::command().debug_assert();
}

#[test]
fn bin_name_agrees_with_the_manifest() {
    let manifest = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    let bin = manifest.split("[[bin]]").nth(1).expect("a [[bin]] section");
    let name = bin.lines().find_map(|l| l.trim().strip_prefix("name = ")).unwrap().trim_matches('"');
    assert_eq!(name, hal_cli::BIN_NAME);
    assert!(env!("CARGO_BIN_EXE_hal").ends_with(&format!("/{}", hal_cli::BIN_NAME)));
}

/// How many canonical events `p` can hook at its newest version: its table's mapped rows
/// (the newest verified version has every one), counted here from the table itself.
fn table_count(p: P) -> usize {
    hal_caps::runtime(p).hook_system().map_or(0, |h| h.mapped().count())
}

/// `v` with its event counts (registry data) checked against `p`'s table and redacted:
/// the snapshot guards the answer's format, and a runtime release changes no line of it.
fn registry_counts_redacted(mut v: Value, p: P) -> Value {
    for pointer in ["/hookable_events", "/native_hooks/hookable_events"] {
        let slot = v.pointer_mut(pointer).unwrap_or_else(|| panic!("no {pointer}"));
        assert_eq!(*slot, table_count(p), "{pointer}: the registry's count");
        *slot = Value::from("[the registry's count]");
    }
    v
}

/// `hal providers`' table with its EVENTS column checked against each row's table and
/// redacted (`n`), the layout kept.
fn providers_counts_redacted(text: &str) -> String {
    let header = text.lines().find(|l| l.starts_with("PROVIDER ")).expect("a header");
    let end = header.find("EVENTS").unwrap() + "EVENTS".len();
    let mut rows = 0;
    let lines = text.lines().map(|l| {
        let id = l.split_whitespace().next().unwrap_or_default();
        let Ok(p) = id.parse::<P>() else { return l.to_owned() };
        if l == header || l.starts_with('#') {
            return l.to_owned();
        }
        let field = &l[end - 6..end];
        assert_eq!(field.trim().parse::<usize>().ok(), Some(table_count(p)), "{id}: EVENTS in {l:?}");
        rows += 1;
        format!("{}{:>6}{}", &l[..end - 6], "n", &l[end..])
    });
    let out: Vec<String> = lines.collect();
    assert_eq!(rows, hal_caps::REGISTRY.len() - 1, "every row but unknown's");
    out.join("\n") + "\n"
}

/// `hal events` as text with its registry data checked against `p`'s table and redacted:
/// the count in the first line, each canonical event's native name (`<native>` or `-`
/// kept as a column), and the line of events without a canonical one.
fn events_redacted(text: &str, p: P) -> String {
    let hooks = hal_caps::runtime(p).hook_system().unwrap();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if i == 0 {
            let count = line.split_once(": ").unwrap().1.split_once(' ').unwrap().0;
            assert_eq!(count.parse::<usize>().ok(), Some(table_count(p)), "{line}");
            out.push(line.replacen(&format!(": {count} "), ": n ", 1));
        } else if let Some(list) = line.strip_prefix("  no canonical event:    ") {
            assert_eq!(list.split(", ").collect::<Vec<_>>(), hooks.unmapped().collect::<Vec<_>>(), "{line}");
        } else if let Some(e) = line.strip_prefix("  ").and_then(|l| l.split_whitespace().next()?.parse().ok()) {
            // Only the native name is redacted: the columns stay as printed.
            let (columns, native) = line.rsplit_once(' ').unwrap();
            assert_eq!(native, hooks.native_event(e).unwrap_or("-"), "{line}");
            out.push(format!("{columns} [the registry's]"));
        } else {
            out.push(line.to_owned());
        }
    }
    assert_eq!(out.iter().filter(|l| l.ends_with("[the registry's]")).count(), hal_types::CanonicalEvent::ALL.len());
    out.join("\n") + "\n"
}

#[test]
fn json_outputs() {
    let codex = [("GT_RUNTIME", "codex")];
    let claude = [("GT_RUNTIME", "claude"), ("GT_STALL_THRESHOLD", "4m"), ("GT_GUPP_STRATEGY", "prompt_preamble")];
    insta::assert_json_snapshot!("detect", json(&["detect"], &codex));
    insta::assert_json_snapshot!("caps", registry_counts_redacted(json(&["caps"], &claude), P::Claude));
    let cursor = json(&["caps", "--provider", "cursor-agent"], &[]);
    insta::assert_json_snapshot!("caps_cursor", registry_counts_redacted(cursor, P::Cursor));
    insta::assert_json_snapshot!("startup_polecat_codex", json(&["startup", "--role", "polecat"], &codex));
    insta::assert_json_snapshot!(
        "startup_mayor_claude",
        json(&["startup", "--role", "mayor", "--provider", "claude"], &[])
    );
    insta::assert_json_snapshot!(
        "startup_unknown",
        json(&["startup", "--role", "crew"], &[("GT_RUNTIME", "unknown"), ("GT_COMMAND", "/opt/gas town/gt")])
    );
    insta::assert_json_snapshot!("gupp", json(&["gupp", "--provider", "gemini"], &[]));
    insta::assert_json_snapshot!(
        "session_id",
        json(&["session-id"], &[("GT_RUNTIME", "claude"), ("CLAUDE_SESSION_ID", "s-42")])
    );
    let all = json(&["caps", "--all"], &[]);
    assert_eq!(all["runtimes"].as_array().unwrap().len(), hal_caps::REGISTRY.len());
}

#[test]
fn text_outputs() {
    let o = hal(&["detect"], &[("GT_AGENT", "gemini")]);
    assert_eq!(stdout(&o), "gemini (orchestrator_stamp GT_AGENT)\n");
    let o = hal(&["caps", "--all", "--format", "markdown"], &[]);
    assert_eq!(stdout(&o), hal_cli::reference::design_matrix_markdown());
    let o = hal(&["startup", "--role", "witness"], &[("GT_RUNTIME", "claude")]);
    assert!(stdout(&o).contains("gt prime --hook && gt mail check --inject"), "{}", stdout(&o));
    let o = hal(&["gupp"], &[("GT_RUNTIME", "cursor")]);
    assert!(stdout(&o).contains("gupp strategy: prompt_preamble"));
    let o = hal(&["explain"], &[("GT_AGENT", "codex"), ("GT_NUDGE_INTERVAL", "nope")]);
    let text = stdout(&o);
    assert!(text.contains("[DECIDED]") && text.contains("GT_NUDGE_INTERVAL"), "{text}");
    let o = hal(&["caps"], &[("GT_RUNTIME", "codex"), ("GT_STALL_THRESHOLD", "\u{1b}[2Jx")]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("warning: ignoring GT_STALL_THRESHOLD") && !err.contains('\u{1b}'), "{err:?}");
}

#[test]
fn exit_codes() {
    // 0
    assert_eq!(hal(&["detect"], &[("GT_RUNTIME", "codex")]).status.code(), Some(0));
    // 1: no session id; unknown under --require-known
    let o = hal(&["session-id"], &[("GT_RUNTIME", "codex")]);
    assert_eq!((o.status.code(), o.stdout.len()), (Some(1), 0));
    let o = hal(&["session-id"], &[("GT_RUNTIME", "codex"), ("GT_SESSION_ID", "abc")]);
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), "abc\n".to_owned()));
    let o = hal(&["detect", "--require-known"], &[("GT_RUNTIME", "unknown")]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o), "unknown (override GT_RUNTIME)\n");
    assert_eq!(hal(&["detect", "--require-known"], &[("GT_RUNTIME", "codex")]).status.code(), Some(0));
    // 2: usage errors list the accepted values
    let o = hal(&["startup", "--role", "admiral"], &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2));
    for role in hal_types::AgentRole::ALL {
        assert!(err.contains(role.as_str()), "{err}");
    }
    for args in [
        &["frobnicate"][..],
        &["caps", "--provider", "nobody"],
        &["detect", "--policy", "whatever"],
        &["completions", "tcsh"],
        &["startup"],
    ] {
        let o = hal(args, &[]);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!o.stderr.is_empty());
    }
    let o = hal(&["caps", "--provider", "nobody"], &[]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("codex"));
}

#[test]
fn env_output_evaluates_in_sh() {
    let o = hal(&["env"], &[("GT_RUNTIME", "claude"), ("CLAUDE_SESSION_ID", "x'; echo PWNED; '$(id)")]);
    let script =
        format!("{}\nprintf '%s|%s|%s' \"$HAL_PROVIDER\" \"$HAL_SESSION_ID\" \"$HAL_SUPPORTS_HOOKS\"", stdout(&o));
    let out = Command::new("sh").arg("-c").arg(script).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "claude|x'; echo PWNED; '$(id)|1");
}

#[test]
fn a_closed_stdout_pipe_exits_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hal"))
        .args(["completions", "zsh"])
        .env_clear()
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn detect_under_a_codex_process() {
    let dir = tempfile::tempdir().unwrap();
    let codex = dir.path().join("codex");
    std::fs::copy("/bin/sh", &codex).unwrap();
    let out = Command::new(&codex)
        .args(["-c", "\"$@\"; true", "sh", env!("CARGO_BIN_EXE_hal"), "detect", "--json"])
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("CODEX_THREAD_ID", "t-1")
        .current_dir(dir.path())
        .output_retrying();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    common::validate(&["detect"], &v);
    assert_eq!(v["provider"], "codex");
    assert_eq!(v["source"]["kind"], "marker");
    // Without the marker the ancestor alone decides.
    let out = Command::new(&codex)
        .args(["-c", "\"$@\"; true", "sh", env!("CARGO_BIN_EXE_hal"), "detect", "--json"])
        .env_clear()
        .current_dir(dir.path())
        .output_retrying();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    common::validate(&["detect"], &v);
    assert_eq!((v["provider"].as_str(), v["source"]["kind"].as_str()), (Some("codex"), Some("process_ancestor")));
}

/// What stands for `hal --help`'s command list in the help snapshot: the list is held
/// to `commands::ALL` (the one list of commands) by [`help_lists_every_command_once`],
/// not stored, so a new command needs no snapshot accepted.
const COMMAND_LIST: &str = "  <one line per command of hal_cli::commands::ALL, then help>\n";

/// `hal --help` split at its command list: `(before, the list, after)`.
fn split_command_list(help: &str) -> (&str, &str, &str) {
    let (before, rest) = help.split_once("Commands:\n").expect("hal --help lists its commands");
    let (list, after) = rest.split_once("\n\n").expect("a blank line after the command list");
    (before, list, after)
}

/// The help texts: `hal --help` (its command list as [`COMMAND_LIST`]) and the help of
/// the commands below, pinned whole. A command's help is held for every command (a new
/// one included) by `help_lists_every_command_once` here and by `tests/options.rs`
/// (exactly the options it takes); its wording is pinned once it is listed here.
#[test]
fn help_of_every_command() {
    let mut all = String::new();
    for args in [
        &["--help"][..],
        &["detect", "--help"],
        &["caps", "--help"],
        &["startup", "--help"],
        &["launch", "--help"],
        &["gupp", "--help"],
        &["session-id", "--help"],
        &["providers", "--help"],
        &["inventory", "--help"],
        &["events", "--help"],
        &["explain", "--help"],
        &["env", "--help"],
        &["lint", "--help"],
        &["hook", "--help"],
        &["completions", "--help"],
        &["man", "--help"],
        &["schema", "--help"],
    ] {
        let o = hal(args, &[]);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        let mut text = stdout(&o);
        if args == ["--help"] {
            let (before, _, after) = split_command_list(&text);
            text = format!("{before}Commands:\n{COMMAND_LIST}\n{after}");
        }
        let _ = writeln!(all, "$ hal {}\n{text}", args.join(" "));
    }
    insta::assert_snapshot!("help", all);
}

/// `hal --help` lists every command of `commands::ALL` once, in its order, then `help`;
/// each with the one line its own `--help` starts with.
#[test]
fn help_lists_every_command_once() {
    let help = stdout(&hal(&["--help"], &[]));
    let (_, list, _) = split_command_list(&help);
    let listed: Vec<(&str, &str)> = list
        .lines()
        .map(|l| l.trim_start().split_once(' ').map_or((l.trim(), ""), |(n, a)| (n, a.trim_start())))
        .collect();
    let names: Vec<&str> = listed.iter().map(|(n, _)| *n).collect();
    let mut want: Vec<&str> = hal_cli::commands::ALL.iter().map(|d| d.name).collect();
    want.push("help");
    assert_eq!(names, want, "hal --help lists commands::ALL, in order");
    for (name, about) in listed.iter().filter(|(n, _)| *n != "help") {
        let own = stdout(&hal(&[name, "--help"], &[]));
        assert!(!about.is_empty(), "hal --help: {name} has no line");
        assert_eq!(own.lines().next(), Some(*about), "hal --help and hal {name} --help agree");
    }
}

#[test]
fn completions_and_man() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = hal(&["completions", shell], &[]);
        assert_eq!(o.status.code(), Some(0));
        assert!(stdout(&o).contains("session-id"), "{shell}");
    }
    let o = hal(&["man"], &[]);
    assert!(stdout(&o).starts_with(".ie") || stdout(&o).contains(".TH"), "{}", stdout(&o));
}

#[cfg(feature = "lint")]
fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[cfg(feature = "lint")]
#[test]
fn lint_skills_with_paths_relative_to_the_current_directory() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../hal-lint/tests/fixtures").canonicalize().unwrap();
    let first = "shell/violating/bin/detect:3:8: indicator-var: reads runtime indicator variable `GEMINI_CLI`; \
                 ask the HAL instead: `[ \"$HAL_IS_AGENT\" = 1 ] && [ \"$HAL_PROVIDER\" = gemini ]`";
    let relative = hal_in(&fixtures, &["lint", "shell/violating", "rust/clean"], &[]);
    assert_eq!(relative.status.code(), Some(1), "{}", stderr(&relative));
    assert_eq!(stdout(&relative).lines().next(), Some(first));
    assert_eq!(stdout(&relative).lines().count(), 8, "{}", stdout(&relative));
    let absolute = fixtures.join("shell/violating");
    let o = hal_in(&fixtures, &["lint", absolute.to_str().unwrap(), "rust/clean"], &[]);
    assert_eq!(stdout(&o), stdout(&relative));

    let o = hal_in(&fixtures, &["lint", "python/violating", "--json"], &[]);
    assert_eq!(o.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    common::validate(&["lint"], &v);
    assert_eq!((v["version"].as_u64(), v["warnings"].as_array().map(Vec::len)), (Some(1), Some(0)));
    assert_eq!(v["diagnostics"], serde_json::json!([]));
    let f = &v["findings"][0];
    assert_eq!(
        (f["rule"].as_str(), f["path"].as_str(), f["line"].as_u64(), f["column"].as_u64()),
        (Some("indicator-var"), Some("python/violating/skill.py"), Some(17), Some(23))
    );
    // Issue 35: the Python client's function, with its import line, keeping the check's
    // meaning (CLAUDECODE: "is Claude Code's agent running?").
    assert_eq!(
        f["suggestion"],
        "from hal_runtime import create_runtime_hal; hal = create_runtime_hal(); \
         hal.is_agent() and hal.detect_provider() == \"claude\""
    );
    // The keys of version 1 before `column` and `message`, kept as deprecated aliases.
    assert_eq!((&f["col"], &f["found"]), (&f["column"], &f["message"]));

    let o = hal_in(&fixtures, &["lint", "markdown-skill", "--format", "github"], &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).starts_with(
            "::error file=markdown-skill/.claude/settings.json,line=7,col=51,title=hal-lint indicator-var::reads runtime indicator variable `CODEX_THREAD_ID`"
        ),
        "{}",
        stdout(&o)
    );

    let o = hal_in(&fixtures, &["lint", "rust/clean", "typescript/clean"], &[]);
    assert_eq!((o.status.code(), stdout(&o), stderr(&o)), (Some(0), String::new(), String::new()));
}

#[cfg(feature = "lint")]
#[test]
fn lint_a_missing_path_is_a_usage_error_and_a_broken_file_a_warning() {
    let o = hal(&["lint", "no-such-skill"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o), "error: cannot lint no-such-skill: no such file or directory\n");
    let v = json(&["lint", "no-such-skill"], &[]);
    assert_eq!(v["diagnostics"][0]["code"], "path_missing");
    assert_eq!(v["diagnostics"][0]["subject"], "no-such-skill");

    let dir = tempfile::tempdir().unwrap();
    // A file that does not parse is still scanned: its violation is found.
    std::fs::write(dir.path().join("broken.py"), "def (:\n    os.environ[\"CLAUDECODE\"]\n").unwrap();
    std::fs::write(dir.path().join("hook.sh"), "echo \"$CLAUDECODE\"\n").unwrap();
    let o = hal_in(dir.path(), &["lint", "."], &[]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let places: Vec<&str> = out.lines().filter_map(|l| l.split(": ").next()).collect();
    assert_eq!(places, ["broken.py:2:17", "hook.sh:1:7"], "{out}");
    assert!(stderr(&o).starts_with("warning: broken.py: not valid Python at 1:"), "{}", stderr(&o));
    let o = hal_in(dir.path(), &["lint", ".", "--json"], &[]);
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    common::validate(&["lint"], &v);
    assert_eq!(v["diagnostics"][0]["code"], "lint_unparseable");
    assert_eq!(v["diagnostics"][0]["subject"], "broken.py");
}

#[test]
fn providers_and_events() {
    let v = json(&["providers"], &[]);
    let list = v["providers"].as_array().unwrap();
    assert!(list.len() >= 40, "{}", list.len());
    let codex = list.iter().find(|p| p["id"] == "codex").unwrap();
    assert_eq!(
        (codex["vendor_verified"].as_bool(), codex["strongest_signal"].as_str()),
        (Some(true), Some("CODEX_THREAD_ID"))
    );
    let jules = list.iter().find(|p| p["id"] == "jules").unwrap();
    assert_eq!(jules["vendor_verified"], false);
    insta::assert_snapshot!("providers", providers_counts_redacted(&stdout(&hal(&["providers"], &[]))));
    let e = json(&["events", "--provider", "claude"], &[]);
    assert_eq!(e["events"].as_array().unwrap().len(), hal_types::CanonicalEvent::ALL.len());
    let hookable = |id: &str| hal_caps::native_hooks(hal_caps::lookup(id).unwrap()).hookable_events;
    assert_eq!(e["hookable"], hookable("claude"), "the registry's count");
    let cursor = stdout(&hal(&["events", "--provider", "cursor"], &[]));
    insta::assert_snapshot!("events_cursor", events_redacted(&cursor, P::Cursor));
    // The line of events without a canonical one, on a runtime that has some.
    let claude = stdout(&hal(&["events", "--provider", "claude"], &[]));
    let unmapped: Vec<&str> = hal_caps::runtime(P::Claude).hook_system().unwrap().unmapped().collect();
    assert!(!unmapped.is_empty());
    assert!(claude.contains(&format!("\n  no canonical event:    {}\n", unmapped.join(", "))), "{claude}");
    events_redacted(&claude, P::Claude);
    let caps = json(&["caps", "--provider", "codex"], &[]);
    assert_eq!(caps["hookable_events"], hookable("codex"), "the registry's count");
    // A decision on a secondary-only fact says so.
    let o = hal(&["detect"], &[("GOOSE_TERMINAL", "1")]);
    assert!(stdout(&o).contains("[secondary sources only]"), "{}", stdout(&o));
}

/// The positive control of `cargo xtask check`'s dist step, which finds none of these in
/// `target/dist/hal` (built without the `lint` feature): a build with the lint holds them.
#[cfg(feature = "lint")]
#[test]
fn a_build_with_the_lint_holds_the_parsers() {
    let bytes = std::fs::read(env!("CARGO_BIN_EXE_hal")).unwrap();
    for marker in ["tree_sitter", "tree-sitter", "/syn-"] {
        assert!(bytes.windows(marker.len()).any(|w| w == marker.as_bytes()), "{marker}");
    }
}

#[test]
fn hal_schema_lists_prints_and_refuses() {
    let list = hal(&["schema"], &[]);
    assert_eq!(list.status.code(), Some(0));
    for o in hal_cli::schema::OUTPUTS {
        assert!(stdout(&list).contains(o.command), "{}", o.command);
    }
    let detect = hal(&["schema", "detect"], &[]);
    let v: Value = serde_json::from_slice(&detect.stdout).unwrap();
    assert_eq!(v["$schema"], "https://json-schema.org/draft/2020-12/schema");
    assert_eq!(v, hal_cli::schema::output("detect").unwrap().schema());
    // The checked-in file is the same schema (`cargo xtask check` keeps it so).
    let file = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../schema/detect.json")).unwrap();
    assert_eq!(serde_json::from_str::<Value>(&file).unwrap(), v);
    let bad = hal(&["schema", "bogus"], &[]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("expected one of: detect, caps"), "{bad:?}");
}

/// Issue 35: `hal providers` reads in 100 columns, says its order and keeps it (by id),
/// and shows each runtime by the marker it is best known by (Claude Code: `CLAUDECODE`).
#[test]
fn providers_fit_100_columns_in_the_stated_order() {
    let text = stdout(&hal(&["providers"], &[]));
    assert!(text.lines().all(|l| l.chars().count() <= 100), "{text}");
    assert!(text.starts_with("# sorted by id"), "{text}");
    let ids: Vec<&str> =
        text.lines().filter(|l| !l.starts_with('#')).skip(1).filter_map(|l| l.split_whitespace().next()).collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    assert_eq!(ids, sorted);
    assert_eq!(ids.len(), hal_caps::REGISTRY.len() - 1, "every runtime but unknown");
    let claude = text.lines().find(|l| l.starts_with("claude ")).unwrap();
    assert_eq!(claude.split_whitespace().nth(1), Some("CLAUDECODE"), "{claude}");
}
