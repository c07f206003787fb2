//! hal against `vercel/detect-agent`, the shared rule file of the field (test data in
//! `tests/data/detect-agent/`, source and licence in its `SOURCE.md`):
//!
//! - `hal providers --format agents-json` is valid against the peer's published
//!   `agents.schema.json`, and evaluated the peer's way (first match wins) it names the
//!   runtime hal itself detects for every marker and combination;
//! - the peer's `testcases.json` runs through the `hal` binary, each expectation mapped to
//!   hal's ids; where hal deliberately answers otherwise, the case says why.

mod common;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use hal_caps::registry::{REGISTRY, ValueRule};
use serde_json::Value;

const HAL: &str = env!("CARGO_BIN_EXE_hal");

fn data(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/detect-agent").join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn export() -> Value {
    let o = Command::new(HAL).args(["providers", "--format", "agents-json"]).env_clear().output().unwrap();
    assert!(o.status.success());
    serde_json::from_slice(&o.stdout).unwrap()
}

/// hal's answer for an environment: (provider, is_agent, agent@version, ambiguous).
#[derive(Debug, PartialEq, Eq)]
struct Answer {
    provider: String,
    is_agent: bool,
    declared: Option<String>,
    ambiguous: bool,
}

fn answer(v: &Value) -> Answer {
    let declared = v["agent"].as_str().map(|a| match v["agent_version"].as_str() {
        Some(ver) => format!("{a}@{ver}"),
        None => a.to_owned(),
    });
    Answer {
        provider: v["provider"].as_str().unwrap().to_owned(),
        is_agent: v["is_agent"].as_bool().unwrap(),
        declared,
        ambiguous: v["ambiguous"].as_bool().unwrap(),
    }
}

/// Runs `hal detect --json` with exactly `env`; on a pty when `tty`; with `files` made in a
/// private mount namespace (`None`: namespaces are not allowed here).
fn hal_detect(env: &BTreeMap<String, String>, tty: bool, files: &[&str]) -> Option<Answer> {
    let detect = format!("{HAL} detect --json");
    let mut cmd = if tty {
        let mut c = Command::new("script");
        c.args(["-qec", &detect, "/dev/null"]);
        c
    } else if !files.is_empty() {
        let mut script = String::new();
        for f in files {
            let dir = Path::new(f).parent().unwrap().display();
            let _ = write!(script, "mount -t tmpfs tmpfs {dir} && : > {f} && ");
        }
        script.push_str("exec \"$0\" detect --json");
        let mut c = Command::new("unshare");
        c.args(["-Urm", "sh", "-c", &script, HAL]);
        c
    } else {
        let mut c = Command::new(HAL);
        c.args(["detect", "--json"]);
        c
    };
    cmd.env_clear().envs(env);
    let o = cmd.output().ok().filter(|o| o.status.success())?;
    let v: Value = serde_json::from_str(String::from_utf8_lossy(&o.stdout).trim()).unwrap();
    common::validate(&["detect", "--json"], &v);
    Some(answer(&v))
}

#[test]
fn the_export_is_valid_against_the_peers_schema() {
    let schema = data("agents.schema.json");
    let validator = jsonschema::draft7::new(&schema).unwrap();
    let out = export();
    let errors: Vec<String> = validator.iter_errors(&out).map(|e| format!("{}: {e}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    // What the format cannot say is said in the metadata.
    let description = out["description"].as_str().unwrap();
    for limit in ["ancestor", "ambiguous", "hook", "AI_AGENT", "user settings"] {
        assert!(description.contains(limit), "the export's description lacks {limit}");
    }
}

/// The peer's evaluation model over an environment (no files; standard output a pipe).
fn matches(cond: &Value, env: &BTreeMap<String, String>) -> bool {
    let var = |c: &Value| env.get(c["name"].as_str().unwrap()).filter(|v| !v.is_empty());
    match cond["type"].as_str().unwrap() {
        "anyOf" => cond["conditions"].as_array().unwrap().iter().any(|c| matches(c, env)),
        "allOf" => cond["conditions"].as_array().unwrap().iter().all(|c| matches(c, env)),
        "env_set" => var(cond).is_some(),
        "env_value" => env.get(cond["name"].as_str().unwrap()).map(String::as_str) == cond["value"].as_str(),
        "env_matches" => {
            var(cond).is_some_and(|v| regex::Regex::new(cond["pattern"].as_str().unwrap()).unwrap().is_match(v))
        }
        "no_tty" => true,
        _ => false,
    }
}

fn first_match(export: &Value, env: &BTreeMap<String, String>) -> Option<String> {
    export["agents"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| matches(&a["match"], env))
        .map(|a| a["name"].as_str().unwrap().to_owned())
}

fn satisfying(rule: ValueRule) -> String {
    match rule {
        ValueRule::Exact(v) => v.to_owned(),
        ValueRule::Contains(p) => format!("x-{}-y", p.to_ascii_uppercase()),
        ValueRule::PathEntry(e) => format!("/usr/bin:/home/someone{e}:/bin"),
        _ => "TRUE".to_owned(),
    }
}

#[test]
fn the_export_evaluated_the_peers_way_names_what_hal_detects() {
    let out = export();
    let mut checked = 0;
    for r in REGISTRY {
        let envs = r
            .markers
            .iter()
            .filter(|m| m.needs_ancestor.is_none())
            .map(|m| vec![(m.var, satisfying(m.value))])
            .chain(r.combos.iter().map(|c| c.all.iter().map(|(v, rule)| (*v, satisfying(*rule))).collect()));
        for env in envs {
            let env: BTreeMap<String, String> = env.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
            let hal = hal_detect(&env, false, &[]).unwrap();
            assert_eq!(first_match(&out, &env).as_deref(), Some(hal.provider.as_str()), "{env:?}");
            checked += 1;
        }
    }
    // hal's falsy values are unset for hal; the format's env_set cannot refuse them (said in
    // the description), but a flag's pattern does.
    let env = BTreeMap::from([("CLAUDECODE".to_owned(), "0".to_owned())]);
    assert_eq!(first_match(&out, &env), None);
    assert!(checked >= 90);
}

/// The peer's agent keys, as hal's runtime ids.
const KEYS: &[(&str, &str)] = &[
    ("CURSOR", "cursor"),
    ("CURSOR_CLI", "cursor"),
    ("KIMI", "kimi"),
    ("GROK", "grok"),
    ("GEMINI", "gemini"),
    ("CLINE", "cline"),
    ("CODEX", "codex"),
    ("ANTIGRAVITY", "antigravity"),
    ("AUGMENT_CLI", "auggie"),
    ("OPENCODE", "opencode"),
    ("GOOSE", "goose"),
    ("JUNIE", "junie"),
    ("PI", "pi"),
    ("COWORK", "cowork"),
    ("CLAUDE", "claude"),
    ("REPLIT", "replit"),
    ("GITHUB_COPILOT", "copilot"),
    ("KIRO", "kiro"),
    ("OPENCLAW", "openclaw"),
    ("DEVIN", "devin"),
];

/// Where hal answers otherwise on purpose: the case, why, and hal's answer
/// (provider, is_agent, ambiguous).
const DEPARTURES: &[(&str, &str, (&str, bool, bool))] = &[
    (
        "detects github copilot from COPILOT_MODEL",
        "point 5: COPILOT_MODEL is a user setting (BYOK users set it; databricks/databricks-sdk-py#1444), never a marker",
        ("unknown", false, false),
    ),
    (
        "detects github copilot from COPILOT_ALLOW_ALL",
        "point 5: a permission setting the CLI reads, set in a person's shell too",
        ("unknown", false, false),
    ),
    (
        "detects github copilot from COPILOT_GITHUB_TOKEN",
        "point 5: a credential, set wherever the user keeps tokens",
        ("unknown", false, false),
    ),
    (
        "detects cursor from CURSOR_TRACE_ID",
        "point 5: Cursor sets it in every terminal of the IDE, human or not (vercel-labs/skills#1549)",
        ("unknown", false, false),
    ),
    (
        "detects goose from GOOSE_PROVIDER",
        "point 5: Goose's provider setting, exported in a person's shell (cli/cli#13722)",
        ("unknown", false, false),
    ),
    (
        "detects replit from REPL_ID",
        "point 5: every Replit shell has it, the Agent's or a person's (cli/cli#13722)",
        ("unknown", false, false),
    ),
    (
        "AI_AGENT takes highest priority",
        "point 2: an agent hal does not know beside other runtimes' markers, without an ancestor, is ambiguous \
         (the name is still reported as agent); the documented priority names cursor",
        ("cursor", true, true),
    ),
    (
        "CURSOR_TRACE_ID takes priority over other agents",
        "markers of unrelated runtimes without an ancestor are reported as ambiguous; hal's priority names cursor \
         by CURSOR_AGENT (CURSOR_TRACE_ID is a setting)",
        ("cursor", true, true),
    ),
    (
        "CURSOR_AGENT takes priority over remaining agents",
        "markers of unrelated runtimes without an ancestor are reported as ambiguous (the same runtime as the peer's)",
        ("cursor", true, true),
    ),
];

#[test]
fn the_peers_test_cases_pass_or_carry_a_stated_reason() {
    let cases = data("testcases.json");
    let cases = cases.as_array().unwrap();
    assert_eq!(cases.len(), 41, "the copy has the peer's 41 cases");
    let mut ran = 0;
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let env: BTreeMap<String, String> =
            case["env"].as_object().unwrap().iter().map(|(k, v)| (k.clone(), v.as_str().unwrap().to_owned())).collect();
        let files: Vec<&str> =
            case["files"].as_array().map(|f| f.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
        let tty = case["tty"].as_bool().unwrap_or(false);
        let Some(got) = hal_detect(&env, tty, &files) else {
            hal_testkit::skip(&format!("{name:?}: needs a pty or a private mount namespace, unavailable here"));
            continue;
        };
        ran += 1;
        if let Some((_, why, (provider, is_agent, ambiguous))) = DEPARTURES.iter().find(|d| d.0 == name) {
            assert!(!why.is_empty());
            assert_eq!(
                (got.provider.as_str(), got.is_agent, got.ambiguous),
                (*provider, *is_agent, *ambiguous),
                "{name}: {why}"
            );
            continue;
        }
        let expected_agent = case["expectedIsAgent"].as_bool().unwrap();
        assert_eq!(got.is_agent, expected_agent, "{name}: {got:?}");
        assert!(!got.ambiguous, "{name}: {got:?}");
        match (case["expectedAgentKey"].as_str(), case["expectedName"].as_str()) {
            (Some(key), _) => {
                let id = KEYS.iter().find(|(k, _)| *k == key).unwrap_or_else(|| panic!("{key} is not mapped")).1;
                assert_eq!(got.provider, id, "{name}");
            }
            // A self-declared agent: hal reports the name (split from its version), the runtime unknown.
            (None, Some(agent)) => {
                assert_eq!((got.provider.as_str(), got.declared.as_deref()), ("unknown", Some(agent)), "{name}");
            }
            (None, None) => assert_eq!(got.provider, "unknown", "{name}"),
        }
    }
    for (name, ..) in DEPARTURES {
        assert!(cases.iter().any(|c| c["name"] == *name), "departure {name:?} names no case");
    }
    assert!(ran >= 39, "ran {ran} of 41");
}
