//! The launch facts and the plan: every fact cited, the rows the registry needs, the
//! clear-list derived from the rows, usage errors for what a runtime cannot do, and the
//! versioned arguments.

use hal_caps::registry::runtimes::{claude::live as claude, codex::live as codex, pi::live as pi};
use std::collections::{BTreeMap, HashSet};

use hal_caps::launch::{Request, plan, shell_quote};
use hal_caps::registry::launch::{GASTOWN_FIELDS, LAUNCH, Trust, args_at, clear_vars, env_unset, launch};
use hal_caps::registry::{REGISTRY, Version, runtime};
use hal_types::{Autonomy, LaunchMode, RuntimeProvider as P};

fn no_env(_: &str) -> Option<String> {
    None
}

fn full_print(p: P, prompt: &str) -> Request {
    let mut r = Request::new(p, LaunchMode::Print);
    r.autonomy = Some(Autonomy::Full);
    r.prompt = Some(prompt.to_owned());
    r
}

/// Every runtime live runs verified and every runtime Gastown has a preset for has
/// launch facts; no row twice; the executable is one the registry names for it.
#[test]
fn every_verified_and_gastown_runtime_has_launch_facts() {
    let mut seen = HashSet::new();
    for l in LAUNCH {
        assert!(seen.insert(l.provider), "{} twice", l.provider);
    }
    for r in REGISTRY {
        if r.verified.is_some() || r.gastown.is_some() {
            // Aider is verified for detection only: a chat REPL the suite does not start.
            if r.provider == P::Aider {
                continue;
            }
            assert!(launch(r.provider).is_some(), "{}: no launch facts", r.provider);
        }
    }
    assert!(LAUNCH.len() >= 22, "{}", LAUNCH.len());
    for l in LAUNCH {
        let r = runtime(l.provider);
        let base = r.variant_of.map(runtime);
        let names: Vec<&str> = r
            .executables
            .iter()
            .chain(r.script_names)
            .chain(base.into_iter().flat_map(|b| b.executables.iter().chain(b.script_names)))
            .copied()
            .collect();
        assert!(names.contains(&l.executable.value), "{}: {} not among {names:?}", l.provider, l.executable.value);
    }
}

/// Every fact cites a source; a dated argument cites the packages read.
#[test]
fn every_launch_fact_is_cited() {
    for l in LAUNCH {
        let mut cites = vec![l.executable.source.cite, l.interactive.source.cite, l.instructions.source.cite];
        cites.extend(l.print.map(|p| p.source.cite));
        cites.extend(l.resume.map(|p| p.source.cite));
        cites.extend(l.model.map(|p| p.source.cite));
        cites.extend(l.autonomy.full.map(|p| p.source.cite));
        cites.extend(l.hook_trust.map(|p| p.source.cite));
        assert!(cites.iter().all(|c| !c.trim().is_empty()), "{}", l.provider);
        let mut dated = l.offline.to_vec();
        if let Some(Trust::Args(a)) = l.hook_trust.map(|t| t.value) {
            dated.extend_from_slice(a);
        }
        for a in l.autonomy.full.iter().flat_map(|f| f.value.args) {
            dated.push(*a);
        }
        for a in dated {
            assert!(
                a.span.since.is_none() && a.span.until.is_none() || !a.cite.is_empty(),
                "{}: {:?} is dated without a cite",
                l.provider,
                a.args
            );
        }
    }
}

/// Gastown's preset has 27 fields; each has a counterpart or a stated reason.
#[test]
fn every_gastown_preset_field_is_accounted_for() {
    let fields: HashSet<&str> = GASTOWN_FIELDS.iter().map(|f| f.field).collect();
    assert_eq!(fields.len(), 27, "{fields:?}");
    assert_eq!(GASTOWN_FIELDS.len(), 27);
    for f in GASTOWN_FIELDS {
        assert!(f.hal.is_some() || !f.note.is_empty(), "{}: neither a counterpart nor a reason", f.field);
    }
    // Every stale note names one of the fields.
    for l in LAUNCH {
        for (field, why) in l.gastown_stale {
            let top = field.split('.').next().unwrap_or(field);
            assert!(fields.contains(top), "{}: {field} is not a Gastown field", l.provider);
            assert!(!why.is_empty());
        }
    }
}

/// The clear-list holds every row's markers and session variables and nothing a user
/// sets; from inside Claude Code's captured tool environment it lists Claude's markers
/// and stamps, keeps the user's settings, Gastown's stamps and the OS's variables.
#[test]
fn env_unset_from_inside_claude_lists_its_markers_and_keeps_the_rest() {
    let list: Vec<&str> = clear_vars().iter().map(|c| c.var).collect();
    for r in REGISTRY {
        for m in r.markers {
            if !hal_caps::registry::launch::kept(m.var) {
                assert!(list.contains(&m.var), "{}: marker {} not on the clear-list", r.provider, m.var);
            }
        }
        for s in r.session_vars {
            assert!(list.contains(s), "{}: session variable {s} not on the clear-list", r.provider);
        }
        for s in r.settings {
            assert!(!list.contains(s), "{}: user setting {s} on the clear-list", r.provider);
        }
    }
    let captured: BTreeMap<&str, &str> = [
        ("AI_AGENT", "claude-code_2-1-332_agent"),
        ("ANTHROPIC_API_KEY", "sk-x"),
        ("CLAUDECODE", "1"),
        ("CLAUDE_CODE_CHILD_NOTES_DIR", "/tmp/claude-0/ws/s/started"),
        ("CLAUDE_CODE_CHILD_SESSION", "1"),
        ("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1"),
        ("CLAUDE_CODE_ENTRYPOINT", "sdk-cli"),
        ("CLAUDE_CODE_EXECPATH", "/p/bin/claude.exe"),
        ("CLAUDE_CODE_MESSAGING_SOCKET", "/tmp/cc-socks/5.sock"),
        ("CLAUDE_CODE_MESSAGING_TOKEN", "x"),
        ("CLAUDE_CODE_SESSION_ATTENDED", "0"),
        ("CLAUDE_CODE_SESSION_ID", "80440ac6-7abe-44ed-9885-2d362577335a"),
        ("CLAUDE_EFFORT", "medium"),
        ("CLAUDE_PID", "5"),
        ("GT_ROLE", "gastown/polecats/nux"),
        ("GT_AGENT", "claude"),
        ("HOME", "/home/u"),
        ("PATH", "/usr/bin"),
        ("TERM", "dumb"),
    ]
    .into_iter()
    .collect();
    let unset = env_unset(&|k| captured.get(k).map(|v| (*v).to_owned()));
    for want in [
        "CLAUDECODE",
        "CLAUDE_CODE_SESSION_ID",
        "CLAUDE_CODE_ENTRYPOINT",
        "CLAUDE_CODE_CHILD_SESSION",
        "CLAUDE_CODE_CHILD_NOTES_DIR",
        "CLAUDE_CODE_MESSAGING_SOCKET",
        "CLAUDE_CODE_MESSAGING_TOKEN",
        "CLAUDE_CODE_SESSION_ATTENDED",
        "CLAUDE_EFFORT",
        "CLAUDE_PID",
        "AI_AGENT",
    ] {
        assert!(unset.contains(&want), "{want} not cleared: {unset:?}");
    }
    for keep in ["ANTHROPIC_API_KEY", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "GT_ROLE", "GT_AGENT", "HOME", "PATH"]
    {
        assert!(!unset.contains(&keep), "{keep} cleared: {unset:?}");
    }
    // A marker counts by its rule: GEMINI_CLI=1 is Gemini's, GEMINI_CLI=0 nobody's.
    assert!(env_unset(&|k| (k == "GEMINI_CLI").then(|| "1".to_owned())).contains(&"GEMINI_CLI"));
    assert!(env_unset(&no_env).is_empty());
}

/// The issue's example and its neighbours: the argv of a one-shot, fully autonomous start.
#[test]
fn codex_print_full_is_exec_with_the_bypass_and_the_hook_trust_switch() {
    let p = plan(&full_print(P::Codex, "hi"), &no_env).unwrap();
    assert_eq!(
        p.argv,
        [
            "codex",
            "exec",
            "--skip-git-repo-check",
            "--dangerously-bypass-approvals-and-sandbox",
            "--dangerously-bypass-hook-trust",
            "hi"
        ]
    );
    assert_eq!(p.prompt.at, "argv");
    assert_eq!(p.prompt.index, Some(5));
    assert_eq!(p.hook_trust.unwrap().args, ["--dangerously-bypass-hook-trust"]);
    let claude = plan(&full_print(P::Claude, "it's"), &no_env).unwrap();
    assert_eq!(claude.command_line, "claude -p --dangerously-skip-permissions 'it'\\''s'");
    let gemini = plan(&full_print(P::Gemini, "hi"), &no_env).unwrap();
    assert_eq!(gemini.argv, ["gemini", "--yolo", "--prompt", "hi"]);
    assert_eq!(gemini.prompt.flag.as_deref(), Some("--prompt"));
    // Hostile-findings R2: Gemini's yargs reads `-p --version` as its own switch, the
    // long name's `--prompt=--version` as the prompt.
    let gemini = plan(&full_print(P::Gemini, "--version"), &no_env).unwrap();
    assert_eq!(gemini.argv, ["gemini", "--yolo", "--prompt=--version"]);
    let opencode = plan(&full_print(P::Opencode, "hi"), &no_env).unwrap();
    assert_eq!(opencode.env.get("OPENCODE_PERMISSION").map(String::as_str), Some(r#"{"*":"allow"}"#));
}

/// Every runtime with a non-interactive start and a full level plans one.
#[test]
fn every_print_start_plans() {
    for l in LAUNCH {
        let mut r = full_print(l.provider, "hi");
        if l.autonomy.full.is_none() {
            r.autonomy = None;
        }
        match (l.print, plan(&r, &no_env)) {
            (Some(_), Ok(p)) => {
                assert_eq!(p.argv[0], l.executable.value);
                assert!(p.argv.contains(&"hi".to_owned()), "{}: {:?}", l.provider, p.argv);
                assert!(p.command_line.starts_with(l.executable.value));
            }
            (None, Err(e)) => assert!(e.contains("--mode interactive"), "{e}"),
            (print, got) => panic!("{}: {print:?} {got:?}", l.provider),
        }
    }
}

/// What a runtime cannot do is a usage error naming what it can.
#[test]
fn impossible_combinations_name_what_the_runtime_can_do() {
    let mut r = Request::new(P::Claude, LaunchMode::Acp);
    let e = plan(&r, &no_env).unwrap_err();
    assert!(e.contains("no ACP entry") && e.contains("--mode interactive|print"), "{e}");
    r = Request::new(P::Cline, LaunchMode::Interactive);
    r.resume = Some("s1".into());
    let e = plan(&r, &no_env).unwrap_err();
    assert!(e.contains("cannot resume") && e.contains("no --resume"), "{e}");
    r = Request::new(P::Kiro, LaunchMode::Interactive);
    r.resume = Some("s1".into());
    let e = plan(&r, &no_env).unwrap_err();
    assert!(e.contains("by id") && e.contains("--continue"), "{e}");
    r = Request::new(P::Pi, LaunchMode::Interactive);
    r.autonomy = Some(Autonomy::Edits);
    let e = plan(&r, &no_env).unwrap_err();
    assert!(e.contains("`edits`") && e.contains("--autonomy full"), "{e}");
    r = Request::new(P::Codex, LaunchMode::Print);
    let e = plan(&r, &no_env).unwrap_err();
    assert!(e.contains("needs a prompt"), "{e}");
    r = Request::new(P::Opencode, LaunchMode::Acp);
    assert_eq!(plan(&r, &no_env).unwrap().argv, ["opencode", "acp"]);
    r.prompt = Some("hi".into());
    assert!(plan(&r, &no_env).unwrap_err().contains("takes no prompt"));
    let e = plan(&Request::new(P::Zed, LaunchMode::Interactive), &no_env).unwrap_err();
    assert!(e.contains("no launch facts") && e.contains("codex"), "{e}");
}

/// Resume by id and continue: a flag or a subcommand, where the runtime puts it.
#[test]
fn resume_and_continue_follow_the_runtime() {
    let mut r = full_print(P::Codex, "again");
    r.resume = Some("0199-abc".into());
    let p = plan(&r, &no_env).unwrap();
    let n = p.argv.len();
    assert_eq!(&p.argv[n - 3..], ["resume", "0199-abc", "again"]);
    assert_eq!(p.resume_id.as_deref(), Some("0199-abc"));
    let mut r = full_print(P::Claude, "again");
    r.continue_latest = true;
    assert!(plan(&r, &no_env).unwrap().argv.contains(&"--continue".to_owned()));
}

/// A version that lacks an argument gets none: Pi before 0.55.1 has no `--offline`,
/// Codex before its hooks no hook trust switch (so no trust in the plan).
#[test]
fn versioned_arguments_follow_the_version() {
    let pi = launch(P::Pi).unwrap();
    assert!(args_at(pi.offline, Version::parse("0.52.12").as_ref()).is_empty());
    assert_eq!(args_at(pi.offline, Version::parse("0.55.1").as_ref()), ["--offline"]);
    assert_eq!(args_at(pi.offline, None), ["--offline"]);
    let mut r = full_print(P::Codex, "hi");
    r.version = Some(codex::FIRST_THREAD_ID.into());
    let old = plan(&r, &no_env).unwrap();
    assert!(!old.argv.iter().any(|a| a == "--dangerously-bypass-hook-trust"), "{:?}", old.argv);
    assert!(old.hook_trust.is_none());
    // The newest verified version (the registry's record, not restated here) has the switch.
    r.version = Some(runtime(P::Codex).verified.unwrap().version.into());
    assert!(plan(&r, &no_env).unwrap().argv.iter().any(|a| a == "--dangerously-bypass-hook-trust"));
    r.version = Some("x".into());
    assert!(plan(&r, &no_env).unwrap_err().contains("not a version"));
}

#[test]
fn shell_quoting_round_trips_through_sh() {
    for arg in ["plain", "two words", "it's", "$HOME", "a\"b", "", "-p", "{\"*\":\"allow\"}"] {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("printf %s {}", shell_quote(arg)))
            .env_clear()
            .output()
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout), arg, "{}", shell_quote(arg));
    }
}

/// The plan of `r` with its `field` (`prompt`, `model`, `resume`, `work_item`) set to
/// `value`.
fn with_value(l: &hal_caps::registry::launch::Launch, mode: LaunchMode, field: &str, value: &str) -> Request {
    let mut r = Request::new(l.provider, mode);
    if mode == LaunchMode::Print {
        r.prompt = Some("hi".into());
    }
    match field {
        "prompt" => r.prompt = Some(value.to_owned()),
        "model" => r.model = Some(value.to_owned()),
        "work_item" => r.work_item = Some(value.to_owned()),
        _ => r.resume = Some(value.to_owned()),
    }
    r
}

/// Hostile-findings R2: a prompt, model, resume id or work item that starts with `-`
/// never lands where a runtime's parser reads options: for every runtime and start, the
/// plan gives it after `--` or as `--flag=value` (a work item inside the first prompt's
/// text, which starts with its own words), or refuses it naming why.
#[test]
fn a_dash_led_value_never_becomes_an_option() {
    let mut placed = 0;
    for l in LAUNCH {
        for mode in [LaunchMode::Interactive, LaunchMode::Print] {
            for field in ["prompt", "model", "resume", "work_item"] {
                let plain = plan(&with_value(l, mode, field, "hi-there"), &no_env);
                for value in ["--version", "--settings={\"hooks\":{}}", "-x"] {
                    match plan(&with_value(l, mode, field, value), &no_env) {
                        Ok(p) => {
                            let what = format!("{} {mode} {field} {value}: {:?}", l.provider, p.argv);
                            // The arguments that carry the value (the registry's own are
                            // in the plain plan too): each is data.
                            let fixed = plain.as_ref().map(|q| q.argv.clone()).unwrap_or_default();
                            let mut carried = 0;
                            for (i, a) in p.argv.iter().enumerate() {
                                if !a.contains(value) || fixed.contains(a) {
                                    continue;
                                }
                                let after_end = a == value && i > 0 && p.argv[i - 1] == "--";
                                let joined = a.starts_with("--") && a.ends_with(&format!("={value}"));
                                assert!(after_end || joined || !a.starts_with('-'), "{what}");
                                carried += 1;
                            }
                            let unseen = matches!(field, "prompt" | "work_item")
                                && ["stdin", "typed"].contains(&p.prompt.at.as_str());
                            assert!(carried > 0 || unseen, "{what}: the value is nowhere");
                            placed += 1;
                        }
                        Err(e) => assert!(
                            plain.is_err() || e.contains("starts with `-`"),
                            "{} {mode} {field} {value}: {e}",
                            l.provider
                        ),
                    }
                }
            }
        }
    }
    assert!(placed > 0);
}

/// Hostile-findings R2: a dash-led positional prompt goes last, right after the
/// runtime's end of options (`--`), exactly where the registry says its parser honours
/// one at the version planned (Claude, Codex, Pi 1.x at least), and is a usage
/// error elsewhere; a plain prompt gets no `--`.
#[test]
fn a_dash_led_positional_prompt_follows_the_end_of_options() {
    let mut after = HashSet::new();
    for l in LAUNCH {
        let starts = [(LaunchMode::Interactive, Some(l.interactive)), (LaunchMode::Print, l.print)];
        for (mode, start) in starts {
            let Some(start) = start else { continue };
            if start.value.prompt != hal_caps::registry::launch::PromptAt::Positional {
                continue;
            }
            for version in [None, Some(pi::OLD_PACKAGE_LAST), Some(pi::NEWEST), Some(claude::NPM_WRAPPER_LAST)] {
                let ends = l.end_of_options.filter(|e| e.value.holds_at(version.and_then(Version::parse).as_ref()));
                let mut req = with_value(l, mode, "prompt", "--version");
                req.version = version.map(str::to_owned);
                let what = format!("{} {mode} {version:?}", l.provider);
                match (plan(&req, &no_env), ends) {
                    (Ok(p), Some(e)) => {
                        let n = p.argv.len();
                        assert_eq!(&p.argv[n - 2..], &[e.value.args.concat(), "--version".to_owned()], "{what}");
                        assert_eq!(p.prompt.index, Some(n - 1), "{what}");
                        assert!(p.sources.iter().any(|s| s.fact == "end_of_options"), "{what}");
                        after.insert(l.provider);
                    }
                    (Err(e), None) => assert!(e.contains("starts with `-`"), "{what}: {e}"),
                    (got, ends) => panic!("{what}: {got:?} with end of options {ends:?}"),
                }
                req.prompt = Some("hi-there".into());
                let p = plan(&req, &no_env).unwrap_or_else(|e| panic!("{what}: {e}"));
                assert!(!p.argv.iter().any(|a| a == "--"), "{what}: {:?}", p.argv);
            }
        }
    }
    for must in [P::Claude, P::Codex, P::Pi] {
        assert!(after.contains(&must), "{must}: no `--` before a dash-led prompt");
    }
}

/// Hostile-findings R16: no exec carries a NUL, so no plan holds one.
#[test]
fn a_nul_is_a_usage_error() {
    for field in ["prompt", "model", "resume"] {
        let e = plan(&with_value(launch(P::Claude).unwrap(), LaunchMode::Print, field, "a\0b"), &no_env).unwrap_err();
        assert!(e.contains("NUL"), "{field}: {e}");
    }
}

/// Hostile-findings R10: the command line means the same argv in sh, bash, dash, zsh
/// and fish (in fish a backslash before a quote or a backslash escapes it even inside
/// single quotes; `^` and `%` start a word specially in some fish versions, `=` in zsh),
/// for each of those shells installed here (sh at least).
#[test]
fn shell_quoting_round_trips_through_every_shell() {
    let args = [
        "plain",
        "it's",
        r"\'; touch PWNED #",
        r"a\\'b",
        r"back\slash\",
        "new\nline",
        "^caret",
        "%self",
        "=ls",
        "~",
        "$(id)",
        "{a,b}",
        "*",
        "",
    ];
    let mut shells = 0;
    // A HOME of its own: fish makes its configuration directories there on start.
    let home = std::env::temp_dir().join(format!("hal-quote-home-{}", std::process::id()));
    for shell in ["sh", "bash", "dash", "zsh", "fish"] {
        let line = args.iter().map(|a| shell_quote(a)).collect::<Vec<_>>().join(" ");
        let Ok(out) = std::process::Command::new(shell)
            .arg("-c")
            .arg(format!("printf '%s\\0' {line}"))
            .env_clear()
            .env("PATH", "/usr/bin:/bin")
            .env("HOME", &home)
            .current_dir(std::env::temp_dir())
            .output()
        else {
            continue;
        };
        shells += 1;
        let got: Vec<String> = out.stdout.split(|b| *b == 0).map(|s| String::from_utf8_lossy(s).into_owned()).collect();
        assert_eq!(got[..got.len() - 1], args, "{shell}: {line}");
    }
    let _ = std::fs::remove_dir_all(&home);
    assert!(shells >= 1);
}

/// Whether an argument bypasses trust or permission: one of the runtime's own
/// `--autonomy full` or hook-trust arguments, or spelled like one.
fn bypasses(arg: &str, own: &[&str]) -> bool {
    let spelled = ["dangerously", "yolo", "accept-hooks", "--trust", "bypass", "skip-permissions", "allow-all"];
    own.contains(&arg) || spelled.iter().any(|s| arg.contains(s))
}

/// hostile-findings R4, issue 44.3: over every runtime x mode x autonomy level of the
/// registry, with and without a role whose plan installs hooks, and with `--no-bypass`:
/// a trust or permission bypass is in the argv only with `--autonomy full`, or for the
/// role's hooks (and then the plan names the reason); `--no-bypass` withholds the
/// hook-trust switch from the role's hooks; a withheld switch is named with its reason.
#[test]
fn nothing_dangerous_unless_asked() {
    use hal_types::{AgentRole, StartupPlan, StartupStrategy};
    let mut checked = 0;
    for l in LAUNCH {
        let full_args: Vec<&str> = l.autonomy.full.iter().flat_map(|f| args_at(f.value.args, None)).collect();
        let trust_args: Vec<&str> = match l.hook_trust.map(|t| t.value) {
            Some(Trust::Args(a)) => args_at(a, None),
            _ => Vec::new(),
        };
        let milder: Vec<&str> =
            [l.autonomy.none, l.autonomy.edits].iter().flatten().flat_map(|m| args_at(m.value.args, None)).collect();
        let own: Vec<&str> = full_args.iter().chain(&trust_args).copied().filter(|a| !milder.contains(a)).collect();
        let mut hooked = StartupPlan::new(l.provider, AgentRole::Polecat, StartupStrategy::HookInjection, Vec::new());
        hooked.hook_file = Some(".hooks".to_owned());
        for mode in [LaunchMode::Interactive, LaunchMode::Print, LaunchMode::Acp] {
            for autonomy in [None, Some(Autonomy::None), Some(Autonomy::Edits), Some(Autonomy::Full)] {
                for (role, no_bypass) in [(None, false), (Some(hooked.clone()), false), (Some(hooked.clone()), true)] {
                    let mut r = Request::new(l.provider, mode);
                    r.autonomy = autonomy;
                    r.prompt = (mode == LaunchMode::Print).then(|| "hi".to_owned());
                    r.startup = role.clone();
                    r.no_bypass = no_bypass;
                    let Ok(p) = plan(&r, &no_env) else { continue };
                    checked += 1;
                    let what =
                        format!("{} {mode} {autonomy:?} role={} no_bypass={no_bypass}", l.provider, role.is_some());
                    let dangerous: Vec<&String> = p.argv.iter().filter(|a| bypasses(a, &own)).collect();
                    let full = autonomy == Some(Autonomy::Full);
                    let trust = p.hook_trust.as_ref();
                    for a in &dangerous {
                        let for_hooks = role.is_some() && !no_bypass && trust.is_some_and(|t| t.args.contains(a));
                        assert!(full || for_hooks, "{what}: {a} not asked for: {:?}", p.argv);
                    }
                    if let Some(t) = trust.filter(|t| !t.args.is_empty() || !t.withheld.is_empty()) {
                        let reason = t.reason.as_deref().unwrap_or_else(|| panic!("{what}: no reason"));
                        assert_eq!(t.args.is_empty(), !full && (role.is_none() || no_bypass), "{what}: {t:?}");
                        assert!(!reason.is_empty(), "{what}");
                    }
                    if !full {
                        assert!(!p.env.values().any(|v| v.contains(r#""*":"allow""#)), "{what}: {:?}", p.env);
                    }
                }
            }
        }
    }
    assert!(checked > 100, "{checked}");
}

/// Issue 44.4: `--work-item` on every plan: every runtime x mode keeps it in its own
/// slot, and where the prompt is in the argv, the first prompt carries its line.
#[test]
fn the_work_item_is_on_every_plan() {
    use hal_caps::launch::work_item_line;
    let item = "gt-42: make the build green";
    let mut checked = 0;
    for l in LAUNCH {
        for mode in [LaunchMode::Interactive, LaunchMode::Print, LaunchMode::Acp] {
            let mut r = Request::new(l.provider, mode);
            r.work_item = Some(item.to_owned());
            let Ok(p) = plan(&r, &no_env) else { continue };
            checked += 1;
            assert_eq!(p.work_item.as_deref(), Some(item), "{} {mode}", l.provider);
            if let Some(i) = p.prompt.index.filter(|_| mode != LaunchMode::Acp) {
                assert_eq!(p.argv[i], work_item_line(item), "{} {mode}: {:?}", l.provider, p.argv);
            }
        }
    }
    assert!(checked >= LAUNCH.len() * 2, "{checked}");
}

/// Issue 44.4: `--session-id` where the runtime takes one (the id after its flag, the
/// plan's `session_id`, the fact cited); elsewhere a usage error naming the runtimes
/// that can; never with a resume, in ACP, or as an option.
#[test]
fn a_session_id_up_front_where_the_runtime_takes_one() {
    use hal_caps::launch::take_session_ids;
    let id = "3f1e2a4c-0000-4000-8000-000000000044";
    let can = take_session_ids();
    assert!(!can.is_empty());
    for l in LAUNCH {
        let mut r = Request::new(l.provider, LaunchMode::Interactive);
        r.session_id = Some(id.to_owned());
        match (l.session_id, plan(&r, &no_env)) {
            (Some(flag), Ok(p)) => {
                let at = p.argv.iter().position(|a| a == id).unwrap();
                assert_eq!(p.argv[at - flag.value.len()..at], *flag.value, "{}", l.provider);
                assert_eq!(p.session_id.as_deref(), Some(id));
                assert!(p.sources.iter().any(|s| s.fact == "session_id"), "{}", l.provider);
                r.resume = Some("old".to_owned());
                assert!(plan(&r, &no_env).is_err(), "{}: with --resume", l.provider);
                r.resume = None;
                r.session_id = Some("--settings=x".to_owned());
                assert!(plan(&r, &no_env).unwrap_err().contains("not an id"), "{}", l.provider);
            }
            (None, Err(e)) => assert!(e.contains(&can.join(", ")), "{}: {e}", l.provider),
            (flag, other) => panic!("{}: {flag:?} {other:?}", l.provider),
        }
    }
}

/// Issue 44.4: workspace trust as data. Where a runtime's rule is a setting, the plan
/// names its file and the JSON to merge (the workspace a placeholder; merged twice, one
/// copy), and an interactive start names the dialog it shows until then; `-p` none.
#[test]
fn workspace_trust_is_data_and_its_dialog_is_named() {
    use hal_caps::registry::launch::{TrustSetting, WORKSPACE};
    let mut settings = 0;
    for l in LAUNCH {
        let Some(Trust::Setting(TrustSetting { file, setting, dialog, .. })) = l.hook_trust.map(|t| t.value) else {
            continue;
        };
        settings += 1;
        let p = plan(&Request::new(l.provider, LaunchMode::Interactive), &no_env).unwrap();
        let t = p.hook_trust.as_ref().unwrap();
        assert_eq!((t.file.as_deref(), t.setting.as_deref()), (Some(file), Some(setting)), "{}", l.provider);
        assert!(setting.contains(WORKSPACE), "{}", l.provider);
        let ws = setting.replace(WORKSPACE, "/home/u/ws");
        let fragment: serde_json::Value = serde_json::from_str(&ws).unwrap();
        let mut file_json = serde_json::json!({"other": {"kept": true}});
        assert!(hal_caps::fragment::merge(&mut file_json, &fragment), "{}", l.provider);
        assert!(hal_caps::fragment::installed(&file_json, &fragment), "{}", l.provider);
        assert_eq!(file_json["other"]["kept"], true);
        match dialog {
            Some(d) => assert!(p.startup_dialog.as_deref().is_some_and(|s| s.contains(d)), "{}", l.provider),
            None => assert!(p.startup_dialog.is_none(), "{}", l.provider),
        }
        if l.print.is_some() {
            let mut r = Request::new(l.provider, LaunchMode::Print);
            r.prompt = Some("hi".to_owned());
            assert!(plan(&r, &no_env).unwrap().startup_dialog.is_none(), "{}: -p asks nothing", l.provider);
        }
    }
    assert!(settings >= 3, "{settings}");
}
