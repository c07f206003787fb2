//! The contract: hal's surfaces never contradict each other. Over the real binary with
//! a cleared environment, for every registry row and every role, `caps`, `providers`,
//! `events`, `env`, `startup`, `gupp` and `session-id` tell the same facts; every
//! `--json` output is one versioned object with `warnings` and `diagnostics`; every
//! diagnostic code is documented in the reference (`docs/reference/commands.md`).

mod common;

use common::OutputRetrying as _;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output};

use hal_caps::REGISTRY;
use hal_types::{AgentRole, DiagnosticCode};
use serde_json::Value;

fn hal(args: &[&str], env: &[(&str, &str)]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hal"));
    cmd.args(args).env_clear().env("PATH", "/usr/bin:/bin").current_dir(dir.path());
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `hal ARGS --json`, checked for the envelope every JSON output carries.
fn json(args: &[&str], env: &[(&str, &str)]) -> Value {
    let mut a = args.to_vec();
    a.push("--json");
    let o = hal(&a, env);
    let v: Value = serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {}{}", text(&o.stdout), text(&o.stderr)));
    assert_eq!(v["version"], 1, "{args:?}");
    common::validate(args, &v);
    let warnings = v["warnings"].as_array().unwrap_or_else(|| panic!("{args:?}: no warnings array"));
    let diagnostics = v["diagnostics"].as_array().unwrap_or_else(|| panic!("{args:?}: no diagnostics array"));
    let messages: Vec<&Value> = diagnostics.iter().map(|d| &d["message"]).collect();
    assert_eq!(warnings.iter().collect::<Vec<_>>(), messages, "{args:?}: warnings are the diagnostics' messages");
    for d in diagnostics {
        let code = d["code"].as_str().unwrap();
        assert!(code.parse::<DiagnosticCode>().is_ok(), "{args:?}: unknown code {code}");
        assert!(d.get("subject").is_some(), "{args:?}: subject key always present");
    }
    v
}

/// `hal env` text as a map; `None` for a variable it exports empty (no value). It
/// never unsets one (a hook under `set -u` reads every variable it names).
fn env_text(env: &[(&str, &str)]) -> BTreeMap<String, Option<String>> {
    let o = hal(&["env"], env);
    text(&o.stdout)
        .lines()
        .map(|l| {
            assert!(!l.starts_with("unset "), "hal env unsets nothing: {l}");
            let (k, v) = l.strip_prefix("export ").and_then(|l| l.split_once('=')).unwrap_or_else(|| panic!("{l}"));
            let v = v.trim_matches('\'');
            (k.to_owned(), (!v.is_empty()).then(|| v.to_owned()))
        })
        .collect()
}

#[test]
fn every_row_and_role_agree_on_every_surface() {
    let providers = json(&["providers"], &[]);
    let listed: BTreeMap<&str, &Value> = providers["providers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            assert_eq!(p["provider"], p["id"], "the deprecated alias id equals provider");
            (p["provider"].as_str().unwrap(), p)
        })
        .collect();
    let all = json(&["caps", "--all"], &[]);
    let all_rows = all["runtimes"].as_array().unwrap();
    assert_eq!(all_rows.len(), REGISTRY.len());
    for (r, built_in) in REGISTRY.iter().zip(all_rows) {
        let id = r.provider.as_str();
        let by_env = [("GT_RUNTIME", id)];
        let caps = json(&["caps"], &by_env);
        let given = json(&["caps", "--provider", id], &[]);
        let events = json(&["events"], &by_env);
        let gupp = json(&["gupp"], &by_env);
        let env = json(&["env"], &by_env);
        let vars = &env["variables"];
        let family = r.family().as_str();

        // With the version unknown, exactly the registry's floor diagnostic (none for a
        // runtime whose facts carry no date).
        let floor: Vec<Value> =
            hal_caps::version_diagnostics(r.provider, None).iter().map(|d| serde_json::to_value(d).unwrap()).collect();
        for (surface, v) in [("caps", &caps), ("caps --provider", &given), ("events", &events), ("gupp", &gupp)] {
            assert_eq!(v["provider"], id, "{id}: {surface} provider");
            assert_eq!(v["family"], family, "{id}: {surface} family");
            assert_eq!(v["diagnostics"], Value::Array(floor.clone()), "{id}: {surface} diagnostics");
        }
        let mut without_origin = caps.clone();
        without_origin["overrides"] = given["overrides"].clone();
        assert_eq!(without_origin, given, "{id}: detected and given rows differ");
        for (key, value) in built_in.as_object().unwrap() {
            assert_eq!(&given[key], value, "{id}: caps --all and caps --provider disagree on {key}");
        }

        // Hooks: the same two notions everywhere.
        let native = &caps["native_hooks"];
        assert_eq!(&events["native_hooks"], native, "{id}: events native_hooks");
        assert_eq!(caps["hookable_events"], native["hookable_events"], "{id}");
        assert_eq!(events["hookable_events"], native["hookable_events"], "{id}");
        assert_eq!(events["hookable"], native["hookable_events"], "{id}: deprecated alias");
        let mapped = events["events"].as_array().unwrap().iter().filter(|e| !e["native"].is_null()).count();
        assert_eq!(native["hookable_events"], mapped, "{id}: the count is the mapped events");
        assert_eq!(events["session_hooks"], caps["session_hooks"], "{id}");
        let flag = |b: bool| if b { "1" } else { "0" };
        assert_eq!(vars["HAL_SUPPORTS_HOOKS"], flag(caps["session_hooks"] == "yes"), "{id}");
        assert_eq!(vars["HAL_NATIVE_HOOKS"], flag(native["inject"] == "yes"), "{id}");
        if let Some(p) = listed.get(id) {
            assert_eq!(p["native_hooks"], *native, "{id}: providers native_hooks");
            assert_eq!(p["hooks_inject"], native["inject"], "{id}: providers hooks_inject");
            assert_eq!(p["hookable_events"], native["hookable_events"], "{id}");
            assert_eq!(p["session_hooks"], caps["session_hooks"], "{id}: providers session_hooks");
            assert_eq!(p["family"], family, "{id}");
        } else {
            assert_eq!(r.provider, hal_types::RuntimeProvider::Unknown, "{id} missing from providers");
        }

        // Strategies and timings.
        for (var, key) in [
            ("HAL_PROVIDER", "provider"),
            ("HAL_FAMILY", "family"),
            ("HAL_STARTUP_STRATEGY", "startup_strategy"),
            ("HAL_GUPP_STRATEGY", "gupp_strategy"),
        ] {
            assert_eq!(vars[var], caps[key], "{id}: {var}");
        }
        assert_eq!(vars["HAL_STALL_THRESHOLD_SECS"], caps["stall_threshold_secs"].to_string(), "{id}");
        assert_eq!(vars["HAL_NUDGE_INTERVAL_SECS"], caps["nudge_interval_secs"].to_string(), "{id}");
        for key in ["gupp_strategy", "stall_threshold_secs", "nudge_interval_secs"] {
            assert_eq!(gupp[key], caps[key], "{id}: gupp {key}");
        }
        let as_text = env_text(&by_env);
        for (name, value) in vars.as_object().unwrap() {
            assert_eq!(as_text[name].as_deref(), value.as_str(), "{id}: env text and JSON disagree on {name}");
        }

        for role in AgentRole::ALL {
            let plan = json(&["startup", "--role", role.as_str()], &by_env);
            assert_eq!(plan["provider"], id, "{id} {role}");
            assert_eq!(plan["family"], family, "{id} {role}");
            assert_eq!(plan["strategy"], caps["startup_strategy"], "{id} {role}");
            for key in ["hook_file", "hook_fragment", "startup_nudge", "poll"] {
                assert!(plan.get(key).is_some(), "{id} {role}: {key} always present");
            }
            match plan["strategy"].as_str().unwrap() {
                "hook_injection" => {
                    assert_eq!(caps["session_hooks"], "yes", "{id}: hook injection needs session hooks");
                    // Gastown's file, in the runtime's first config path (the path
                    // itself, or a file in the directory it names: Pi's extensions).
                    let file = plan["hook_file"].as_str().unwrap_or_default();
                    let first = native["config"].get(0).and_then(Value::as_str).unwrap_or_default();
                    assert!(
                        file == first || first.ends_with('/') && file.starts_with(first),
                        "{id}: the hook file {file} is not in the runtime's first config path {first}"
                    );
                }
                "polling" => assert_eq!(plan["poll"]["interval_secs"], caps["nudge_interval_secs"], "{id} {role}"),
                _ => assert!(plan["hook_file"].is_null(), "{id} {role}"),
            }
        }
        session_id_reads_exactly_the_listed_variables(id, &caps);
    }
}

/// `session-id` reads `caps`' `session_id_vars`, in that order, and nothing else.
fn session_id_reads_exactly_the_listed_variables(id: &str, caps: &Value) {
    let listed: Vec<&str> = caps["session_id_vars"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert_eq!(listed.last(), Some(&"GT_SESSION_ID"), "{id}");
    if let Some(design) = caps["session_id_env"].as_str() {
        assert!(listed.contains(&design), "{id}: the design's variable {design} is read");
    }
    for start in 0..listed.len() {
        let mut env: Vec<(&str, String)> = vec![("GT_RUNTIME", id.to_owned())];
        env.extend(listed[start..].iter().map(|v| (*v, format!("id-from-{v}"))));
        let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let s = json(&["session-id"], &env);
        assert_eq!(s["variable"], listed[start], "{id}: with {:?} set", &listed[start..]);
        assert_eq!(s["session_id"], format!("id-from-{}", listed[start]), "{id}");
        assert_eq!(s["session_id_vars"], caps["session_id_vars"], "{id}");
    }
    // Another runtime's session variables are never read.
    let foreign: Vec<(&str, &str)> = REGISTRY
        .iter()
        .flat_map(|r| r.own_session_vars().iter().copied())
        .filter(|v| !listed.contains(v))
        .map(|v| (v, "foreign"))
        .chain([("GT_RUNTIME", id)])
        .collect();
    let o = hal(&["session-id"], &foreign);
    assert_eq!((o.status.code(), text(&o.stdout)), (Some(1), String::new()), "{id}: read a foreign variable");
}

/// The commands that detect the runtime and answer about it.
const ABOUT_THE_HOST: &[&[&str]] = &[
    &["detect"],
    &["caps"],
    &["gupp"],
    &["startup", "--role", "polecat"],
    &["events"],
    &["env"],
    &["explain"],
    &["session-id"],
];

#[test]
fn an_unknown_override_is_the_same_diagnostic_everywhere() {
    let env = [("GT_RUNTIME", "bogus")];
    let mut seen = Vec::new();
    for args in ABOUT_THE_HOST {
        let v = json(args, &env);
        let diags = v["diagnostics"].as_array().unwrap();
        assert_eq!(diags.len(), 1, "{args:?}: {diags:?}");
        assert_eq!(diags[0]["code"], "override_unknown_runtime", "{args:?}");
        assert_eq!(diags[0]["subject"], "GT_RUNTIME", "{args:?}");
        seen.push(diags[0].clone());
        let o = hal(args, &env);
        let stderr = text(&o.stderr);
        let line = format!("warning: {}\n", diags[0]["message"].as_str().unwrap());
        assert_eq!(stderr, line, "{args:?}: each warning once on stderr, no colour into a pipe");
    }
    seen.dedup();
    assert_eq!(seen.len(), 1, "one diagnostic, identical on every surface");
}

#[test]
fn every_json_output_is_one_versioned_object() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("lib.rs"), "fn f() {}\n").unwrap();
    let lint_path = dir.path().to_string_lossy().into_owned();
    let env = [("CODEX_THREAD_ID", "t-1"), ("GT_STALL_THRESHOLD", "nope"), ("GT_HAL_CONFIG", "/nonexistent/hal.toml")];
    for args in ABOUT_THE_HOST {
        let v = json(args, &env);
        assert_eq!(v["provider"], "codex", "{args:?}");
        let codes: Vec<&str> =
            v["diagnostics"].as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap()).collect();
        // The config file is read only by the commands whose answer it can change.
        let reads_config = !matches!(args[0], "detect" | "session-id" | "events");
        let mut want: Vec<&str> =
            if reads_config { vec!["config_missing", "override_out_of_range"] } else { vec!["override_out_of_range"] };
        // The answers that rest on versioned facts name the floor: Codex's version is unknown.
        if matches!(args[0], "caps" | "startup" | "gupp" | "events" | "env") {
            want.push("version_unknown");
        }
        assert_eq!(codes, want, "{args:?}: every command reports the settings it reads");
    }
    for args in [&["providers"][..], &["caps", "--all"], &["lint", &lint_path]] {
        json(args, &env);
    }
}

#[test]
fn a_rejected_override_carries_its_raw_value_unquoted() {
    let v = json(&["caps"], &[("GT_RUNTIME", "codex"), ("GT_GUPP_STRATEGY", "hook_injection")]);
    let rejected = v["overrides"].as_array().unwrap().iter().find(|o| o["origin"] == "rejected").unwrap();
    assert_eq!(rejected["raw"], "hook_injection");
    assert_eq!(rejected["value"], "hook_injection");
    assert_eq!(v["diagnostics"][0]["code"], "override_rejected");
    assert!(v["warnings"][0].as_str().unwrap().contains("`hook_injection`"), "quoting is for text");
}

#[test]
fn every_diagnostic_code_is_in_the_reference() {
    let page = "../docs/reference/commands.md";
    let reference = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(page)).unwrap();
    for code in DiagnosticCode::ALL {
        let row = format!("| `{}` | {} |", code.as_str(), code.description());
        assert!(reference.contains(&row), "{page} lacks the row {row}");
    }
}

#[test]
fn usage_errors_name_what_the_command_accepts() {
    let cases: &[(&[&str], &str)] = &[
        (&["man", "--json"], "--json does not apply to `hal man`"),
        (&["completions", "bash", "--json"], "--json does not apply to `hal completions`"),
        (&["providers", "--policy", "spec"], "it accepts: --format, --json"),
        (&["--workspace", "/tmp", "caps", "--all"], "--workspace does not apply"),
        (&["lint", ".", "--require-known"], "--require-known does not apply to `hal lint`"),
        (&["gupp", "--provider", "codex", "--policy", "spec"], "--provider skips detection"),
        (&["caps", "--provider", "claude", "--all"], "cannot be used with"),
        (&["lint", "/nonexistent/crate"], "cannot lint /nonexistent/crate: no such file or directory"),
        (&["bogus"], "commands: detect, caps, startup"),
    ];
    for (args, says) in cases {
        let o = hal(args, &[]);
        let stderr = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!stderr.contains("warning:"), "{args:?}: an error, not a warning: {stderr}");
    }
}

#[test]
fn hal_env_empties_and_round_trips_through_sh() {
    let script = r#"eval "$("$HAL" env)"; printf '%s|%s' "${HAL_SESSION_ID-unset}" "$HAL_NATIVE_HOOKS""#;
    let run = |env: &[(&str, &str)]| {
        let mut cmd = Command::new("sh");
        cmd.args(["-c", script]).env_clear().env("HAL", env!("CARGO_BIN_EXE_hal")).env("HAL_SESSION_ID", "stale");
        for (k, v) in env {
            cmd.env(k, v);
        }
        text(&cmd.output().unwrap().stdout)
    };
    // A stale inherited value is replaced by the empty one: set, so `set -u` holds.
    assert_eq!(run(&[]), "|0");
    let id = "line one\nline 'two' $x \\n %s\n\n";
    assert_eq!(run(&[("CODEX_THREAD_ID", id)]), format!("{id}|1"));
    let lines = text(&hal(&["env"], &[("CODEX_THREAD_ID", id)]).stdout);
    assert_eq!(lines.lines().count(), hal_cli::commands::env::ENV_VARS.len(), "one line per variable:\n{lines}");
}

/// Issue 35: `eval "$(hal env)"` under `set -eu` in every shell a hook is written for
/// reads every variable it names, in a plain environment (no session id, no agent).
#[test]
fn hal_env_is_safe_under_set_u_in_sh_bash_and_zsh() {
    let names: Vec<&str> = hal_cli::commands::env::ENV_VARS.iter().map(|v| v.name()).collect();
    let reads: String = names.iter().flat_map(|n| [" \"$", n, "\""]).collect();
    let script = format!(r#"set -eu; eval "$("$HAL" env)"; printf '[%s]' "$HAL_SESSION_ID" "$HAL_AGENT"; : {reads}"#);
    let mut ran = 0;
    for shell in ["sh", "bash", "zsh"] {
        let Ok(o) = Command::new(shell)
            .args(["-c", &script])
            .env_clear()
            .env("HAL", env!("CARGO_BIN_EXE_hal"))
            .env("PATH", "/usr/bin:/bin")
            .output()
        else {
            // zsh is not on every machine; sh and bash are.
            assert_eq!(shell, "zsh", "{shell} must be installed");
            continue;
        };
        ran += 1;
        assert!(o.status.success(), "{shell}: {}", text(&o.stderr));
        assert_eq!(text(&o.stdout), "[][]", "{shell}");
    }
    assert!(ran >= 2);
}

#[test]
fn a_write_error_exits_1_with_a_message() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else { return };
    let o = Command::new(env!("CARGO_BIN_EXE_hal")).arg("detect").env_clear().stdout(full).output().unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).contains("cannot write the output"), "{}", text(&o.stderr));
}

#[test]
fn verbose_logs_the_cascade_on_stderr() {
    let o = hal(&["-vv", "detect"], &[("CODEX_THREAD_ID", "t")]);
    let stderr = text(&o.stderr);
    assert!(stderr.contains("cascade step") && stderr.contains("CODEX_THREAD_ID"), "{stderr}");
    assert!(!stderr.contains('\u{1b}'), "no colour into a pipe: {stderr}");
    assert_eq!(text(&o.stdout), "codex (marker CODEX_THREAD_ID)\n");
}

#[test]
fn man_page_and_completions_cover_the_command_line() {
    let man = text(&hal(&["man"], &[]).stdout);
    for section in [".SH COMMANDS", ".SH ENVIRONMENT", ".SH FILES", ".SH \"EXIT STATUS\""] {
        assert!(man.contains(section), "man lacks {section}");
    }
    for name in hal_detect::vars::ALL.iter().copied().chain(hal_cli::commands::env::ENV_VARS.iter().map(|v| v.name())) {
        assert!(man.contains(name), "man lacks {name}");
    }
    for option in ["\\-\\-role", "\\-\\-provider", "\\-\\-all", "\\-\\-format"] {
        assert!(man.contains(option), "man lacks {option}");
    }
    for shell in ["bash", "zsh", "fish"] {
        let script = text(&hal(&["completions", shell], &[]).stdout);
        for r in REGISTRY {
            assert!(script.contains(r.provider.as_str()), "{shell} completions lack {}", r.provider);
        }
        for word in ["claude-code", "polecat", "ancestry"] {
            assert!(script.contains(word), "{shell} completions lack {word}");
        }
    }
}

/// The skill guide's shell hook example, run as a SessionStart hook under every registry row
/// (with fakes of `jq` and `gt` on PATH): it runs the startup commands exactly where the
/// plan is `hook_injection`, and elsewhere exits 0 saying why; it never runs `sh -c null`.
#[test]
fn the_guide_s_hook_example_works_under_every_runtime() {
    let guide = "../docs/guide-skill.md";
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(guide)).unwrap();
    let start = readme.find("#!/bin/sh\n# a SessionStart hook").expect("the guide's hook example");
    let script = &readme[start..start + readme[start..].find("```").unwrap()];
    let bin = tempfile::tempdir().unwrap();
    let write = |name: &str, body: &str| {
        use std::os::unix::fs::PermissionsExt as _;
        let p = bin.path().join(name);
        std::fs::write(&p, body).unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    };
    // `jq -r '.commands[]'` over hal's JSON (python3 is on CI; jq need not be).
    write(
        "jq",
        "#!/bin/sh\n[ \"$*\" = \"-r .commands[]\" ] || exit 9\nexec python3 -c 'import json,sys; [print(c) for c in json.load(sys.stdin)[\"commands\"]]'\n",
    );
    write("gt", "#!/bin/sh\necho \"gt $*\"\n");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_hal"), bin.path().join("hal")).unwrap();
    let path = format!("{}:/usr/bin:/bin", bin.path().display());
    let run = |env: &[(&str, &str)]| {
        let mut cmd = Command::new("sh");
        cmd.args(["-c", script]).env_clear().env("PATH", &path);
        for (k, v) in env {
            cmd.env(k, v);
        }
        let o = cmd.output().unwrap();
        (o.status.code(), text(&o.stdout), text(&o.stderr))
    };
    let mut ran = 0;
    for r in REGISTRY {
        let id = r.provider.as_str();
        // At the version verified: the example's output is the plan's, no version warning.
        let newest = r.verified.map_or("", |v| v.version);
        let env = [("GT_RUNTIME", id), ("GT_HAL_RUNTIME_VERSION", newest)];
        let env = if newest.is_empty() { &env[..1] } else { &env[..] };
        let plan = json(&["startup", "--role", "polecat"], env);
        let (code, out, err) = run(env);
        assert_eq!(code, Some(0), "{id}: {err}");
        if plan["strategy"] == "hook_injection" {
            let commands: Vec<&str> = plan["commands"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
            assert!(!commands.is_empty(), "{id}: a hook_injection plan without commands");
            // The fake gt echoes itself: `gt prime --hook && gt mail check --inject` prints two lines.
            let expected: String = commands.iter().flat_map(|c| c.split(" && ")).flat_map(|c| [c, "\n"]).collect();
            assert_eq!(out, expected, "{id}");
            assert_eq!(err, "", "{id}");
            ran += 1;
        } else {
            assert_eq!(out, "", "{id}: ran something under a {} plan", plan["strategy"]);
            assert!(err.starts_with(&format!("hal: {id}")) && err.contains("nothing to do"), "{id}: {err}");
        }
    }
    assert!(ran > 0, "no runtime ran the commands");
    // Codex, a startup_fallback runtime whose hooks could run it: its launcher primes it, the hook does not.
    let (code, out, err) = run(&[("CODEX_THREAD_ID", "t-1")]);
    assert_eq!((code, out.as_str()), (Some(0), ""));
    assert!(err.contains("primed by its launcher"), "{err}");
    let (code, out, err) = run(&[]);
    assert_eq!((code, out.as_str()), (Some(0), ""), "outside a runtime it does nothing");
    assert!(err.contains("unknown's plan is polling"), "{err}");
}

#[test]
fn the_orchestrators_session_variable_is_read_first() {
    let env = [("GT_SESSION_ID_ENV", "MY_SID"), ("MY_SID", "from-orchestrator"), ("CODEX_THREAD_ID", "from-codex")];
    let caps = json(&["caps"], &env);
    assert_eq!(
        caps["session_id_vars"],
        serde_json::json!(["MY_SID", "CODEX_THREAD_ID", "CODEX_SESSION_ID", "GT_SESSION_ID"])
    );
    let s = json(&["session-id"], &env);
    assert_eq!((&s["variable"], &s["session_id"]), (&Value::from("MY_SID"), &Value::from("from-orchestrator")));
    // Naming another runtime's variable does not make hal read it.
    let env = [("GT_SESSION_ID_ENV", "CLAUDE_CODE_SESSION_ID"), ("CODEX_THREAD_ID", "t")];
    assert_eq!(
        json(&["caps"], &env)["session_id_vars"],
        serde_json::json!(["CODEX_THREAD_ID", "CODEX_SESSION_ID", "GT_SESSION_ID"])
    );
}

#[test]
fn caps_text_says_where_the_two_notions_of_hooks_differ() {
    let note = |p: &str| {
        let out = text(&hal(&["caps", "--provider", p], &[]).stdout);
        out.lines().filter(|l| l.starts_with("note: ")).map(str::to_owned).collect::<Vec<_>>()
    };
    let codex = note("codex");
    assert_eq!(codex.len(), 1, "{codex:?}");
    assert!(codex[0].contains("session_hooks is no") && codex[0].contains("native_hooks.inject is yes"), "{codex:?}");
    assert_eq!(note("claude"), Vec::<String>::new());
    assert_eq!(note("unknown"), Vec::<String>::new());
    let cursor = text(&hal(&["caps", "--provider", "cursor"], &[]).stdout);
    assert!(cursor.contains("nudge_support        partial"), "JSON values in text:\n{cursor}");
}

/// Issue 23's acceptance: a self-declared agent (`AI_AGENT`, the convention of
/// `vercel/detect-agent`) is reported the same on every surface that carries a detection:
/// `detect` (JSON and text), `detect --hook`, `explain` (JSON and text), `env` (text and JSON).
#[test]
fn a_self_declared_agent_is_reported_on_every_surface() {
    // (environment, provider, is_agent, agent, agent_version, agent_context)
    type Case<'a> = (&'a [(&'a str, &'a str)], &'a str, bool, Option<&'a str>, Option<&'a str>, Option<&'a str>);
    let cases: &[Case] = &[
        (&[("AI_AGENT", "custom-agent")], "unknown", true, Some("custom-agent"), None, None),
        (&[("AI_AGENT", "my-agent@v1.0")], "unknown", true, Some("my-agent"), Some("v1.0"), None),
        (&[("AI_AGENT", "  x  ")], "unknown", true, Some("x"), None, None),
        (&[("AI_AGENT", "")], "unknown", false, None, None, None),
        (&[("AI_AGENT", "   ")], "unknown", false, None, None, None),
        (&[], "unknown", false, None, None, None),
        (&[("AGENT", "1")], "unknown", false, None, None, None),
        (&[("AGENT", "somebody")], "unknown", true, Some("somebody"), None, None),
        // Claude Code's own forms, as observed live (another version): a tool's and a hook's.
        (&[("AI_AGENT", "claude-code_2-1-9_agent")], "claude", true, Some("claude-code"), Some("2.1.9"), Some("tool")),
        (
            &[("AI_AGENT", "claude-code_2-1-9_harness"), ("CLAUDECODE", "1")],
            "claude",
            true,
            Some("claude-code"),
            Some("2.1.9"),
            Some("hook"),
        ),
        (&[("CODEX_THREAD_ID", "t")], "codex", true, None, None, None),
        (&[("GT_RUNTIME", "bogus")], "unknown", false, None, None, None),
    ];
    for &(env, provider, is_agent, agent, version, context) in cases {
        let want = (
            Value::from(provider),
            Value::from(is_agent),
            Value::from(agent),
            Value::from(version),
            Value::from(context),
        );
        let got = |v: &Value| {
            (
                v["provider"].clone(),
                v["is_agent"].clone(),
                v["agent"].clone(),
                v["agent_version"].clone(),
                v["agent_context"].clone(),
            )
        };
        assert_eq!(got(&json(&["detect"], env)), want, "detect {env:?}");
        assert_eq!(got(&json(&["detect", "--hook"], env)), want, "detect --hook {env:?}");
        assert_eq!(got(&json(&["explain"], env)), want, "explain {env:?}");
        let vars = json(&["env"], env)["variables"].clone();
        assert_eq!(vars["HAL_IS_AGENT"], Value::from(if is_agent { "1" } else { "0" }), "env --json {env:?}");
        assert_eq!(vars["HAL_AGENT"], Value::from(agent), "env --json {env:?}");
        let lines = env_text(env);
        assert_eq!(lines["HAL_IS_AGENT"].as_deref(), Some(if is_agent { "1" } else { "0" }), "env {env:?}");
        assert_eq!(lines["HAL_AGENT"].as_deref(), agent, "env {env:?}");
        let detect = text(&hal(&["detect"], env).stdout);
        let explain = text(&hal(&["explain"], env).stdout);
        if let (Some(name), "unknown") = (agent, provider) {
            let var = env[0].0;
            let said = format!("unknown agent \"{name}\"");
            assert!(detect.starts_with(&said) && detect.trim_end().ends_with(&format!("({var})")), "{env:?}: {detect}");
            assert!(explain.contains(&said), "{env:?}: {explain}");
        } else {
            assert!(!detect.contains("unknown agent"), "{env:?}: {detect}");
        }
    }
}

/// Issue 23, point 2: without ancestry, an unknown self-declared agent beside another
/// runtime's markers is ambiguous, with both candidates; with a runtime ancestor, the
/// nearest runtime decides as before (here a real `claude`-named parent process).
#[test]
fn a_declared_agent_beside_another_runtimes_markers_is_ambiguous_without_ancestry() {
    let env = [("AI_AGENT", "custom-agent"), ("CLAUDECODE", "1")];
    let d = json(&["detect"], &env);
    assert_eq!(
        (&d["provider"], &d["ambiguous"], &d["agent"]),
        (&Value::from("claude"), &Value::from(true), &Value::from("custom-agent"))
    );
    let candidates: Vec<(&str, &str)> = d["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["provider"].as_str().unwrap(), c["signal"].as_str().unwrap()))
        .collect();
    assert_eq!(candidates, [("claude", "CLAUDECODE"), ("unknown", "AI_AGENT")]);
    assert!(text(&hal(&["detect"], &env).stdout).contains("unknown agent \"custom-agent\" (AI_AGENT) [ambiguous]"));
    // A known AI_AGENT beside its own runtime's marker is not ambiguous.
    let own = json(&["detect"], &[("AI_AGENT", "claude-code_2-1-9_agent"), ("CLAUDECODE", "1")]);
    assert_eq!(own["ambiguous"], false);
    // With an ancestor: hal run by a process named `claude` (a copy of sh under that name).
    let dir = tempfile::tempdir().unwrap();
    let claude = dir.path().join("claude");
    std::fs::copy("/bin/sh", &claude).unwrap();
    let o = Command::new(&claude)
        .args(["-c", "\"$HAL\" detect --json; :"])
        .env_clear()
        .env("HAL", env!("CARGO_BIN_EXE_hal"))
        .env("AI_AGENT", "custom-agent")
        .env("CLAUDECODE", "1")
        .output_retrying();
    let v: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!((&v["provider"], &v["ambiguous"]), (&Value::from("claude"), &Value::from(false)), "{v}");
}
