//! Answers for the version that runs, through the real binary with a cleared
//! environment: by `--runtime-version`, by a version the runtime declares (`AI_AGENT`,
//! `GT_HAL_RUNTIME_VERSION`), and by a real ancestor process whose script lies in an npm
//! package layout with that version. With the version unknown, each versioned answer
//! carries the floor diagnostic. Expected answers are computed from the registry's
//! dated facts, not written here.

mod common;

use hal_caps::registry::runtimes::{claude::live as claude, codex::live as codex};
use std::path::{Path, PathBuf};
use std::process::Command;

use common::OutputRetrying as _;
use hal_caps::registry::{self, Version, dated::At};
use hal_types::RuntimeProvider as P;
use serde_json::Value;

const HAL: &str = env!("CARGO_BIN_EXE_hal");

fn parse(out: &std::process::Output, args: &[&str]) -> Value {
    let v: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stdout)));
    common::validate(args, &v);
    v
}

fn hal(args: &[&str], env: &[(&str, &str)]) -> Value {
    let out = Command::new(HAL).args(args).env_clear().envs(env.iter().copied()).output_retrying();
    parse(&out, args)
}

/// The native events the registry says `p` has at `v`.
fn events_at(p: P, v: &str) -> Vec<&'static str> {
    At::new(registry::runtime(p), Version::parse(v)).events().into_iter().map(|(_, n)| n).collect()
}

fn natives(v: &Value) -> Vec<String> {
    v["events"].as_array().unwrap().iter().filter_map(|e| e["native"].as_str().map(str::to_owned)).collect()
}

fn codes(v: &Value) -> Vec<String> {
    v["diagnostics"].as_array().unwrap().iter().map(|d| d["code"].as_str().unwrap().to_owned()).collect()
}

/// Every version the registry dates a fact at, per runtime with a history: its oldest,
/// the first version of its hook system and of each dated event, and the versions live
/// runs verified (read from the registry, so a new dated event's version is tested).
fn dated_versions() -> Vec<(P, String)> {
    let mut out = Vec::new();
    for r in registry::REGISTRY {
        let Some(h) = r.history else { continue };
        let events = r.hook_system().map(|x| x.events).unwrap_or_default();
        let mut vs: Vec<&str> = vec![h.oldest];
        vs.extend(h.hooks.span.since);
        vs.extend(events.iter().filter_map(|e| e.span.since));
        vs.extend(r.verified.iter().flat_map(registry::Verified::versions));
        let mut vs: Vec<Version> = vs.into_iter().filter_map(Version::parse).collect();
        vs.sort();
        vs.dedup();
        out.extend(vs.into_iter().map(|v| (r.provider, v.to_string())));
    }
    assert!(out.len() > 10, "{out:?}");
    out
}

/// The first version of Claude Code with `SessionStart`, from the registry.
fn session_start_since() -> &'static str {
    registry::runtime(P::Claude).hook_system().unwrap().event("SessionStart").unwrap().span.since.unwrap()
}

/// The version just before `v` in its last part (`1.0.70` → `1.0.69`).
fn just_before(v: &str) -> String {
    let (head, last) = v.rsplit_once('.').unwrap();
    format!("{head}.{}", last.parse::<u64>().unwrap() - 1)
}

/// A command line and its environment.
type Way<'a> = (Vec<&'a str>, Vec<(&'a str, &'a str)>);

/// A named way to make a hostile manifest at a path.
type Hostile = (&'static str, Box<dyn Fn(&Path)>);

#[test]
fn claude_before_session_start_gets_the_startup_fallback_by_each_source() {
    let since = session_start_since();
    let before = just_before(since);
    // By --runtime-version, by the operator's variable, by a declared AI_AGENT.
    let dashed = |v: &str| format!("claude-code_{}_agent", v.replace('.', "-"));
    for (version, want) in [(before.as_str(), "startup_fallback"), (since, "hook_injection")] {
        let declared = dashed(version);
        let ways: [Way<'_>; 3] = [
            (
                vec!["startup", "--role", "polecat", "--provider", "claude", "--runtime-version", version, "--json"],
                vec![],
            ),
            (
                vec!["startup", "--role", "polecat", "--json"],
                vec![("CLAUDECODE", "1"), ("GT_HAL_RUNTIME_VERSION", version)],
            ),
            (vec!["startup", "--role", "polecat", "--json"], vec![("CLAUDECODE", "1"), ("AI_AGENT", &declared)]),
        ];
        for (args, env) in ways {
            let v = hal(&args, &env);
            assert_eq!(v["provider"], "claude", "{args:?} {env:?}");
            assert_eq!(v["strategy"], want, "{version}: {args:?} {env:?}");
            assert_eq!(v["runtime_version"], version, "{args:?} {env:?}");
            assert!(codes(&v).is_empty(), "{version}: {:?}", v["diagnostics"]);
            let fragment = v["hook_fragment"].to_string();
            assert_eq!(fragment.contains("SessionStart"), want == "hook_injection", "{version}: {fragment}");
        }
    }
    // Declared in the form 2.1.122-2.1.123 wrote.
    let v = hal(&["detect", "--json"], &[("CLAUDECODE", "1"), ("AI_AGENT", "claude-code/2.1.123/agent")]);
    assert_eq!(
        (v["runtime_version"].as_str(), v["runtime_version_source"].as_str()),
        (Some("2.1.123"), Some("AI_AGENT"))
    );
}

#[test]
fn events_and_caps_follow_the_version() {
    for (p, version) in dated_versions() {
        let version = version.as_str();
        let id = p.as_str();
        let args = ["events", "--provider", id, "--runtime-version", version, "--json"];
        let v = hal(&args, &[]);
        let want = events_at(p, version);
        assert_eq!(natives(&v), want, "{id} {version}");
        assert_eq!(v["hookable_events"], want.len(), "{id} {version}");
        let caps = hal(&["caps", "--provider", id, "--runtime-version", version, "--json"], &[]);
        assert_eq!(caps["native_hooks"], v["native_hooks"], "{id} {version}");
        assert_eq!(caps["runtime_version"], version);
        let env = hal(&["env", "--json"], &[("GT_RUNTIME", id), ("GT_HAL_RUNTIME_VERSION", version)]);
        let injects = if v["native_hooks"]["inject"] == "yes" { "1" } else { "0" };
        assert_eq!(env["variables"]["HAL_NATIVE_HOOKS"], injects, "{id} {version}");
        assert_eq!(env["variables"]["HAL_RUNTIME_VERSION"], version, "{id} {version}");
        if want.is_empty() {
            assert_eq!(v["native_hooks"]["inject"], "none", "{id} {version}: no hook system");
            assert_eq!(caps["session_hooks"], "no", "{id} {version}");
        }
    }
}

#[test]
fn codex_before_and_after_its_hooks() {
    let old = hal(&["events", "--provider", "codex", "--runtime-version", codex::FIRST_THREAD_ID, "--json"], &[]);
    assert_eq!(old["hookable_events"], 0);
    assert!(old["instead_of_hooks"].as_str().unwrap().starts_with("notify"), "{}", old["instead_of_hooks"]);
    assert_eq!(old["hook_switch"], Value::Null);
    let new = hal(&["events", "--provider", "codex", "--runtime-version", codex::FIRST_HOOKS, "--json"], &[]);
    assert_eq!(new["hookable_events"], 12, "its first hooks' package has 12 of the events hal maps (read in it)");
    assert!(new["hook_switch"].as_str().unwrap().contains("[features]"), "{}", new["hook_switch"]);
    assert_eq!(new["instead_of_hooks"], Value::Null);
    let text = Command::new(HAL)
        .args(["events", "--provider", "codex", "--runtime-version", codex::FIRST_THREAD_ID])
        .env_clear()
        .output_retrying();
    assert!(String::from_utf8_lossy(&text.stdout).contains("instead: notify"));
}

#[test]
fn an_unknown_version_answers_for_the_newest_and_names_the_floor() {
    let since = session_start_since();
    for args in [
        &["caps", "--json"][..],
        &["events", "--json"],
        &["startup", "--role", "polecat", "--json"],
        &["gupp", "--json"],
        &["env", "--json"],
    ] {
        let v = hal(args, &[("CLAUDECODE", "1")]);
        assert_eq!(v["runtime_version"], Value::Null, "{args:?}");
        let d = &v["diagnostics"][0];
        assert_eq!(d["code"], "version_unknown", "{args:?}: {:?}", v["diagnostics"]);
        let m = d["message"].as_str().unwrap();
        assert!(m.contains(&format!("`SessionStart` needs Claude Code ≥ {since}")), "{args:?}: {m}");
        assert!(m.contains(registry::runtime(P::Claude).verified.unwrap().version), "{m}");
    }
    // `detect` and `session-id` rest on no versioned fact: no such diagnostic.
    for args in [&["detect", "--json"][..], &["session-id", "--json"]] {
        let v = hal(args, &[("CLAUDECODE", "1")]);
        assert!(!codes(&v).contains(&"version_unknown".to_owned()), "{args:?}");
    }
    // A runtime whose facts carry no date: nothing to say.
    let v = hal(&["caps", "--json"], &[("GT_RUNTIME", "cursor")]);
    assert!(codes(&v).is_empty(), "{:?}", v["diagnostics"]);
}

#[test]
fn a_bad_version_is_refused_where_it_is_given() {
    let out = Command::new(HAL)
        .args(["caps", "--provider", "claude", "--runtime-version", "latest\u{1b}[2J"])
        .env_clear()
        .output_retrying();
    assert_eq!(out.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&out.stderr).contains('\u{1b}'), "escaped");
    let out = Command::new(HAL).args(["caps", "--runtime-version", "1.0.0"]).env_clear().output_retrying();
    assert_eq!(out.status.code(), Some(2), "--runtime-version needs --provider");
    let v = hal(&["caps", "--json"], &[("CLAUDECODE", "1"), ("GT_HAL_RUNTIME_VERSION", "yesterday\u{7}")]);
    assert!(codes(&v).contains(&"version_unsupported".to_owned()), "{:?}", v["diagnostics"]);
    assert_eq!(v["runtime_version"], Value::Null);
    assert!(!v.to_string().contains('\u{7}'), "escaped");
    let v = hal(&["caps", "--provider", "claude", "--runtime-version", "0.9.0", "--json"], &[]);
    assert_eq!(codes(&v), ["version_unsupported"], "older than the oldest dated");
}

/// `<root>/lib/node_modules/<package>/cli.js` with its `package.json` at `version`
/// (`manifest` replaces the manifest's text when given), and a `node` (a copy of `sh`).
fn npm_layout(root: &Path, package: &str, manifest: &str) -> (PathBuf, PathBuf) {
    let pkg = root.join("lib/node_modules").join(package);
    std::fs::create_dir_all(&pkg).unwrap();
    let script = pkg.join("cli.js");
    std::fs::write(&script, "\"$@\"; true\n").unwrap();
    std::fs::write(pkg.join("package.json"), manifest).unwrap();
    let node = root.join("bin/node");
    std::fs::create_dir_all(node.parent().unwrap()).unwrap();
    std::fs::copy("/bin/sh", &node).unwrap();
    (node, script)
}

/// `hal <args>` run by `node <script>`, with a cleared environment and `env`.
fn under_node(node: &Path, script: &Path, args: &[&str], env: &[(&str, &str)]) -> Value {
    let out = Command::new(node)
        .arg(script)
        .arg(HAL)
        .args(args)
        .env_clear()
        .envs(env.iter().copied())
        .current_dir(node.parent().unwrap())
        .output_retrying();
    parse(&out, args)
}

#[test]
fn a_real_ancestor_in_an_npm_layout_gives_its_version() {
    let since = session_start_since();
    let before = just_before(since);
    for (version, want) in [(before.as_str(), "startup_fallback"), (since, "hook_injection")] {
        let dir = tempfile::tempdir().unwrap();
        let manifest =
            format!("{{\"name\": \"@anthropic-ai/claude-code\", \"version\": \"{version}\", \"bin\": {{}}}}");
        let (node, script) = npm_layout(dir.path(), "@anthropic-ai/claude-code", &manifest);
        let d = under_node(&node, &script, &["detect", "--json"], &[]);
        assert_eq!(d["provider"], "claude");
        assert_eq!(d["runtime_version"], version);
        let source = d["runtime_version_source"].as_str().unwrap();
        assert!(
            source.contains("package.json of @anthropic-ai/claude-code") && source.contains("ancestor"),
            "{source}"
        );
        let s = under_node(&node, &script, &["startup", "--role", "polecat", "--json"], &[]);
        assert_eq!(s["strategy"], want, "{version}");
        let e = under_node(&node, &script, &["events", "--json"], &[]);
        assert_eq!(natives(&e), events_at(P::Claude, version), "{version}");
        let out = Command::new(&node).arg(&script).arg(HAL).arg("explain").env_clear().output_retrying();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(&format!("version: {version} from package.json of @anthropic-ai/claude-code")), "{text}");
    }
    // Codex's package, found the same way from its script.
    let dir = tempfile::tempdir().unwrap();
    let manifest = format!(r#"{{"version":"{}","name":"@openai/codex"}}"#, codex::FIRST_THREAD_ID);
    let (node, script) = npm_layout(dir.path(), "@openai/codex", &manifest);
    let e = under_node(&node, &script, &["events", "--json"], &[]);
    assert_eq!((e["provider"].as_str(), e["runtime_version"].as_str()), (Some("codex"), Some(codex::FIRST_THREAD_ID)));
    assert_eq!(e["hookable_events"], 0);
}

#[test]
fn hostile_manifests_are_bounded_escaped_and_never_hang() {
    const CLAUDE: &str = "@anthropic-ai/claude-code";
    let cases: Vec<Hostile> = vec![
        ("a 1 GB sparse manifest", Box::new(|p: &Path| std::fs::File::create(p).unwrap().set_len(1 << 30).unwrap())),
        (
            "a FIFO",
            Box::new(|p: &Path| {
                assert!(Command::new("mkfifo").arg(p).status().unwrap().success());
            }),
        ),
        (
            "a link loop",
            Box::new(|p: &Path| {
                let other = p.with_file_name("loop");
                std::os::unix::fs::symlink(&other, p).unwrap();
                std::os::unix::fs::symlink(p, &other).unwrap();
            }),
        ),
        (
            "a version with control characters",
            Box::new(|p: &Path| {
                std::fs::write(p, format!("{{\"name\":\"{CLAUDE}\",\"version\":\"1.0.50\\u001b[2J\"}}")).unwrap();
            }),
        ),
        (
            "a version with raw control bytes",
            Box::new(|p: &Path| {
                std::fs::write(p, format!("{{\"name\":\"{CLAUDE}\",\"version\":\"1.0\x07.56\"}}")).unwrap();
            }),
        ),
        (
            "another package's manifest",
            Box::new(|p: &Path| std::fs::write(p, r#"{"name":"x","version":"1.0.50"}"#).unwrap()),
        ),
        ("not JSON", Box::new(|p: &Path| std::fs::write(p, [0xff, 0xfe, b'{']).unwrap())),
    ];
    for (what, make) in cases {
        let dir = tempfile::tempdir().unwrap();
        let (node, script) = npm_layout(dir.path(), CLAUDE, "{}");
        let manifest = script.with_file_name("package.json");
        std::fs::remove_file(&manifest).unwrap();
        make(&manifest);
        // The exit path: an answer, without the version (a blocking read would never end).
        let d = under_node(&node, &script, &["detect", "--json"], &[]);
        assert_eq!(d["provider"], "claude", "{what}");
        assert_eq!(d["runtime_version"], Value::Null, "{what}");
        assert!(!d.to_string().contains(['\u{1b}', '\u{7}']), "{what}: escaped");
    }
}

#[test]
fn the_executable_on_path_is_weaker_evidence_and_says_so() {
    // Claude Code's JS builds set `process.title`: no script in the command line. The
    // `claude` on PATH is a link into the package.
    let dir = tempfile::tempdir().unwrap();
    let (_, script) = npm_layout(
        dir.path(),
        "@anthropic-ai/claude-code",
        r#"{"name":"@anthropic-ai/claude-code","version":"2.0.50"}"#,
    );
    let bin = dir.path().join("npm-bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink(&script, bin.join("claude")).unwrap();
    let path = bin.to_string_lossy().into_owned();
    let v = hal(&["events", "--json"], &[("CLAUDECODE", "1"), ("PATH", &path)]);
    assert_eq!(v["runtime_version"], "2.0.50");
    assert_eq!(natives(&v), events_at(P::Claude, "2.0.50"));
    let d = hal(&["detect", "--json"], &[("CLAUDECODE", "1"), ("PATH", &path)]);
    assert!(d["runtime_version_source"].as_str().unwrap().contains("weaker"), "{}", d["runtime_version_source"]);
}

#[test]
fn claude_s_event_counts_match_the_packages() {
    // The packages: 7 events in the oldest, 9 in 1.0.88, 11 in 2.0.50 (all of them hal maps).
    for (v, n) in [(claude::OLDEST, 7), ("1.0.88", 9), ("2.0.50", 11)] {
        let at = At::new(registry::runtime(P::Claude), Version::parse(v));
        assert_eq!(at.events().len() + at.unmapped().len(), n, "{v}");
    }
}

#[test]
fn the_config_file_names_the_version_and_the_variable_beats_it() {
    let since = session_start_since();
    let before = just_before(since);
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(&config, format!("[runtime.claude-code]\nruntime_version = \"{before}\"\n")).unwrap();
    let path = config.to_str().unwrap();
    let env = [("CLAUDECODE", "1"), ("GT_HAL_CONFIG", path)];
    let v = hal(&["startup", "--role", "polecat", "--json"], &env);
    assert_eq!(
        (v["strategy"].as_str(), v["runtime_version"].as_str()),
        (Some("startup_fallback"), Some(before.as_str()))
    );
    assert!(codes(&v).is_empty(), "{:?}", v["diagnostics"]);
    let e = hal(&["events", "--json"], &env);
    assert_eq!(natives(&e), events_at(P::Claude, &before), "events read it too");
    let over = [("CLAUDECODE", "1"), ("GT_HAL_CONFIG", path), ("GT_HAL_RUNTIME_VERSION", since)];
    assert_eq!(hal(&["startup", "--role", "polecat", "--json"], &over)["strategy"], "hook_injection");
    std::fs::write(&config, "[runtime.claude]\nruntime_version = \"soon\"\n").unwrap();
    let v = hal(&["caps", "--json"], &env);
    assert!(codes(&v).contains(&"version_unsupported".to_owned()), "{:?}", v["diagnostics"]);
}

/// `<root>/bin/<exe>` linked into an npm layout of `package` at `version`.
fn installed_on_path(root: &Path, exe: &str, package: &str, version: &str) -> PathBuf {
    let (_, script) = npm_layout(root, package, &format!(r#"{{"name":"{package}","version":"{version}"}}"#));
    let bin = root.join("path-bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink(&script, bin.join(exe)).unwrap();
    bin
}

#[test]
fn a_provider_asked_about_is_answered_at_its_installed_version_everywhere() {
    // Every version of Codex a live run verified, installed as the first `codex` on PATH:
    // `launch`, `caps`, `startup`, `gupp`, `events` and `inventory` name it and say where
    // it came from; `launch`'s argv is the one `--runtime-version` gives for it; an
    // explicit `--runtime-version` still wins.
    let r = registry::runtime(P::Codex);
    let package = r.packages()[0];
    let exe = r.executables[0];
    let newest = r.verified.unwrap().version;
    for version in r.verified.unwrap().versions() {
        let dir = tempfile::tempdir().unwrap();
        let bin = installed_on_path(dir.path(), exe, package, version);
        let path = format!("{}:/usr/bin:/bin", bin.display());
        let env = [("PATH", path.as_str()), ("HOME", "/nonexistent")];
        let launch = ["launch", "--provider", "codex", "--mode", "print", "--prompt", "hi", "--json"];
        for args in [
            &launch[..],
            &["caps", "--provider", "codex", "--json"],
            &["startup", "--provider", "codex", "--role", "polecat", "--json"],
            &["gupp", "--provider", "codex", "--json"],
            &["events", "--provider", "codex", "--json"],
        ] {
            let v = hal(args, &env);
            assert_eq!(v["runtime_version"], version, "{args:?}");
            let source = v["runtime_version_source"].as_str().unwrap_or_else(|| panic!("{args:?}: {v}"));
            assert!(source.contains(package) && source.contains("hal inventory"), "{args:?}: {source}");
        }
        let inv = hal(&["inventory", "--json"], &env);
        assert_eq!(inv["runtimes"][0]["version"], version);
        let plan = hal(&launch, &env);
        let mut explicit = launch.to_vec();
        explicit.extend(["--runtime-version", version]);
        assert_eq!(plan["argv"], hal(&explicit, &[])["argv"], "{version}");
        let mut wins = launch.to_vec();
        wins.extend(["--runtime-version", newest]);
        let v = hal(&wins, &env);
        assert_eq!(
            (&v["runtime_version"], &v["runtime_version_source"]),
            (&Value::from(newest), &Value::from("--runtime-version"))
        );
    }
}

#[test]
fn the_version_is_the_first_executable_on_path_s_even_a_native_one() {
    // hostile-findings R6: a native Claude Code (`versions/<V>` layout) first on PATH and
    // a stale npm install later: the version is the native one's, as `inventory` says.
    let dir = tempfile::tempdir().unwrap();
    let stale = installed_on_path(dir.path(), "claude", "@anthropic-ai/claude-code", "1.0.50");
    let native = dir.path().join("share/claude/versions/2.1.9");
    std::fs::create_dir_all(native.parent().unwrap()).unwrap();
    std::fs::copy("/bin/sh", &native).unwrap();
    let first = dir.path().join("native-bin");
    std::fs::create_dir_all(&first).unwrap();
    std::os::unix::fs::symlink(&native, first.join("claude")).unwrap();
    let path = format!("{}:{}", first.display(), stale.display());
    let d = hal(&["detect", "--json"], &[("CLAUDECODE", "1"), ("PATH", &path)]);
    assert_eq!(d["runtime_version"], "2.1.9", "{d}");
    assert!(d["runtime_version_source"].as_str().unwrap().contains("versions/"), "{d}");
    let inv = hal(&["inventory", "--json"], &[("PATH", &path)]);
    assert_eq!(inv["runtimes"][0]["version"], "2.1.9");
    let caps = hal(&["caps", "--provider", "claude", "--json"], &[("PATH", &path)]);
    assert_eq!(caps["runtime_version"], "2.1.9");
}

/// `v` one past in its last part (`2.1.9` → `2.1.10`).
fn just_after(v: &str) -> String {
    let (head, last) = v.rsplit_once('.').unwrap();
    format!("{head}.{}", last.parse::<u64>().unwrap() + 1)
}

/// The `version_unverified` diagnostics' messages of an answer.
fn unverified(v: &Value) -> Vec<String> {
    let ds = v["diagnostics"].as_array().unwrap();
    ds.iter().filter(|d| d["code"] == "version_unverified").map(|d| d["message"].as_str().unwrap().to_owned()).collect()
}

/// Every surface that answers for a version, for `p` at `version`: the command line
/// (JSON) and its environment. `detect`, `session-id` and `env` take the version the
/// runtime declares (`GT_HAL_RUNTIME_VERSION` beside `GT_RUNTIME`), the others
/// `--runtime-version`; `launch` where hal has launch facts for `p`.
fn surfaces(p: P, version: &str) -> Vec<Way<'_>> {
    let id = p.as_str();
    let given = |cmd: &'static str, extra: &[&'static str]| {
        let mut args = vec![cmd, "--provider", id, "--runtime-version", version, "--json"];
        args.extend_from_slice(extra);
        (args, vec![("PATH", "/usr/bin:/bin")])
    };
    let declared = |cmd: &'static str| {
        (vec![cmd, "--json"], vec![("PATH", "/usr/bin:/bin"), ("GT_RUNTIME", id), ("GT_HAL_RUNTIME_VERSION", version)])
    };
    let mut out = vec![
        given("caps", &[]),
        given("events", &[]),
        given("startup", &["--role", "polecat"]),
        given("gupp", &[]),
        declared("detect"),
        declared("session-id"),
        declared("env"),
    ];
    if hal_caps::launch::launchable().contains(&id) {
        out.push(given("launch", &[]));
    }
    out
}

/// A text command's arguments and environment.
type TextWay<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)]);

#[test]
fn a_version_past_the_verified_range_warns_on_every_surface() {
    let mut checked = 0;
    for r in registry::REGISTRY {
        let Some(verified) = r.verified else { continue };
        let newest = verified.version;
        let past = just_after(newest);
        for (args, env) in surfaces(r.provider, &past) {
            let v = hal(&args, &env);
            assert_eq!(v["runtime_version"], past.as_str(), "{args:?} {env:?}");
            let ms = unverified(&v);
            assert_eq!(ms.len(), 1, "{args:?} {env:?}: {:?}", v["diagnostics"]);
            assert!(ms[0].contains(&past) && ms[0].contains(newest), "{args:?}: {}", ms[0]);
            assert!(v["warnings"].as_array().unwrap().iter().any(|w| w == ms[0].as_str()), "{args:?}");
            checked += 1;
        }
        // Text: the same message on stderr, given or declared (text `detect`,
        // `session-id` and `hook` show no version, and look for it in the environment
        // only, for this warning).
        let id = r.provider.as_str();
        let declared = [("GT_RUNTIME", id), ("GT_HAL_RUNTIME_VERSION", past.as_str())];
        let texts: [TextWay<'_>; 4] = [
            (&["caps", "--provider", id, "--runtime-version", &past], &[]),
            (&["detect"], &declared),
            (&["session-id"], &declared),
            (&["hook"], &declared),
        ];
        for (args, env) in texts {
            let out = Command::new(HAL).args(args).env_clear().envs(env.iter().copied()).output_retrying();
            let err = String::from_utf8_lossy(&out.stderr);
            let warned = err.lines().filter(|l| l.contains(&past) && l.contains(newest)).count();
            assert_eq!(warned, 1, "{args:?} {env:?}: {err}");
        }
        // Every verified version: nothing to say.
        for version in verified.versions() {
            for (args, env) in surfaces(r.provider, version) {
                assert_eq!(unverified(&hal(&args, &env)), Vec::<String>::new(), "{args:?} {env:?}");
            }
        }
    }
    assert!(checked > 100, "{checked} answers checked");
}

#[test]
fn a_version_between_verified_ones_names_its_neighbours() {
    let mut checked = 0;
    for r in registry::REGISTRY {
        let Some(verified) = r.verified else { continue };
        let mut vs: Vec<(Version, &str)> = verified.versions().map(|t| (Version::parse(t).unwrap(), t)).collect();
        vs.sort_by_key(|a| a.0);
        for pair in vs.windows(2) {
            let (lo, hi) = (pair[0].1, pair[1].1);
            let between = just_after(lo);
            if Version::parse(&between).unwrap() >= pair[1].0 {
                continue;
            }
            let id = r.provider.as_str();
            let v = hal(&["events", "--provider", id, "--runtime-version", &between, "--json"], &[]);
            let ms = unverified(&v);
            assert_eq!(ms.len(), 1, "{id} {between}: {:?}", v["diagnostics"]);
            for named in [&between[..], lo, hi, verified.version] {
                assert!(ms[0].contains(named), "{id} {between}: {named} not in {}", ms[0]);
            }
            checked += 1;
        }
    }
    assert!(checked >= 9, "{checked} gaps checked");
}

/// Claude Code's platform package (`@anthropic-ai/claude-code-linux-x64`, published ahead
/// of its wrapper) at the newest verified version, as the conformance suite installs it:
/// its native `claude` linked from `node_modules/.bin`. `launch`, `caps`, `events` and
/// `inventory` read the version from the package's manifest (no `version_unknown`, no
/// `version_unverified`); the events dated since that version (`Interrupt`) are listed
/// there and not at the older verified versions; a running `claude` of that package is
/// the ancestor `detect` reads the version from, and `session-id` reports Claude's
/// session variable; `launch --session-id` gives the id to Claude.
#[test]
fn claude_s_platform_package_is_answered_at_its_version() {
    let r = registry::runtime(P::Claude);
    let verified = r.verified.unwrap();
    let newest = verified.version;
    let package = "@anthropic-ai/claude-code-linux-x64";
    assert!(r.packages().contains(&package));
    let dir = tempfile::tempdir().unwrap();
    let modules = dir.path().join("node_modules");
    let pkg = modules.join(package);
    std::fs::create_dir_all(&pkg).unwrap();
    std::fs::write(pkg.join("package.json"), format!(r#"{{"name":"{package}","version":"{newest}"}}"#)).unwrap();
    let exe = pkg.join("claude");
    std::fs::copy("/bin/sh", &exe).unwrap();
    let bin = modules.join(".bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink(Path::new("..").join(package).join("claude"), bin.join("claude")).unwrap();
    let path = format!("{}:/usr/bin:/bin", bin.display());
    let env = [("PATH", path.as_str()), ("HOME", "/nonexistent")];
    for args in [
        &["launch", "--provider", "claude", "--mode", "print", "--prompt", "hi", "--json"][..],
        &["caps", "--provider", "claude", "--json"],
        &["events", "--provider", "claude", "--json"],
    ] {
        let v = hal(args, &env);
        assert_eq!(v["runtime_version"], newest, "{args:?}");
        assert!(v["runtime_version_source"].as_str().unwrap_or_default().contains(package), "{args:?}: {v}");
        let c = codes(&v);
        assert!(!c.iter().any(|c| c.starts_with("version_")), "{args:?}: {c:?}");
    }
    let unmapped = |v: &Value| -> Vec<String> {
        v["unmapped"].as_array().unwrap().iter().map(|e| e.as_str().unwrap().to_owned()).collect()
    };
    let since_newest: Vec<&str> =
        r.hook_system().unwrap().events.iter().filter(|e| e.span.since == Some(newest)).map(|e| e.native).collect();
    assert!(since_newest.contains(&"Interrupt"), "{since_newest:?}");
    let at_newest = hal(&["events", "--provider", "claude", "--json"], &env);
    for older in verified.older {
        let v = hal(&["events", "--provider", "claude", "--runtime-version", older, "--json"], &[]);
        for e in &since_newest {
            assert!(unmapped(&at_newest).iter().any(|u| u == e), "{e}");
            assert!(!unmapped(&v).iter().any(|u| u == e) && !natives(&v).iter().any(|n| n == e), "{e} at {older}");
        }
    }
    let inv = hal(&["inventory", "--json"], &env);
    assert_eq!((&inv["runtimes"][0]["version"], &inv["runtimes"][0]["standing"]), (&newest.into(), &"verified".into()));
    // The running package's `claude` (a shell here) asks hal as its tool would.
    let id = "4a4c0e44-5e55-4d1d-9a11-0c0ffee00044";
    let under_claude = |args: &[&str]| {
        Command::new(&exe)
            .args(["-c", "\"$@\"; true", "claude", HAL])
            .args(args)
            .env_clear()
            .envs([("CLAUDECODE", "1"), ("CLAUDE_CODE_SESSION_ID", id), ("PATH", "/usr/bin:/bin")])
            .current_dir(dir.path())
            .output_retrying()
    };
    let d = parse(&under_claude(&["detect", "--json"]), &["detect", "--json"]);
    assert_eq!((&d["provider"], &d["runtime_version"]), (&"claude".into(), &newest.into()));
    assert!(d["runtime_version_source"].as_str().unwrap().contains(package), "{d}");
    let s = under_claude(&["session-id"]);
    assert_eq!(String::from_utf8_lossy(&s.stdout).trim(), id);
    let l = hal(&["launch", "--provider", "claude", "--session-id", id, "--json"], &env);
    let argv: Vec<&str> = l["argv"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
    assert!(argv.windows(2).any(|p| p == ["--session-id", id]), "{argv:?}");
}
