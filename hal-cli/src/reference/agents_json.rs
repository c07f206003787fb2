//! hal's environment rules in the `agents.json` format of `vercel/detect-agent` (its
//! `agents.schema.json`, version 1): `hal providers --format agents-json`, so detectors
//! in other languages can use hal's rules. Generated from the registry, in its marker
//! priority order; what the format cannot say (ancestry, arbitration, hook payloads,
//! launch markers that need an ancestor, hal's falsy values) is said in descriptions.

use std::fmt::Write as _;

use serde_json::{Value, json};

use hal_caps::registry::{Combo, Marker, REGISTRY, Runtime, Standing, ValueRule};
use hal_types::RuntimeProvider;

/// The published schema the export is valid against.
pub const SCHEMA_ID: &str = "https://github.com/vercel/detect-agent/agents.schema.json";

/// What hal decides that the format cannot express, for the top-level description.
pub const LIMITS: &str = "Generated from hal's runtime registry (`hal providers --format agents-json`); \
    agents are in hal's marker priority order. What this format cannot say, and hal does: \
    (1) markers are inherited state: hal arbitrates them by the nearest runtime process ancestor \
    (executable name or interpreter script), which beats a farther runtime's markers; \
    (2) without an ancestor, signals of unrelated runtimes are reported as ambiguous, not decided by order alone; \
    (3) a hook's stdin payload names the runtime running the hook and beats inherited markers; \
    (4) AI_AGENT: hal maps a name it knows (claude-code_2-1-332_agent, crush, devin@1) to its runtime \
    and never lets it beat a runtime's own marker; an unknown name is reported as a self-declared agent \
    (is_agent, agent, agent_version), with the runtime unknown; \
    (5) env_set conditions below also refuse the values 0, false, no and off (any case, trimmed), \
    which hal counts as unset; \
    (6) user settings (COPILOT_MODEL, GOOSE_PROVIDER, REPL_ID, CURSOR_TRACE_ID, ...) are never markers; \
    (7) runtimes known only by process ancestry, and launch markers that count only with a given ancestor, \
    are left out.";

/// The condition a value rule puts on `var`.
fn rule(var: &str, value: ValueRule) -> Value {
    match value {
        ValueRule::Truthy => json!({ "type": "env_set", "name": var }),
        ValueRule::Flag => json!({
            "type": "env_matches",
            "name": var,
            "pattern": "^\\s*(1|[Tt][Rr][Uu][Ee]|[Yy][Ee][Ss]|[Oo][Nn])\\s*$"
        }),
        ValueRule::Exact(v) => json!({ "type": "env_value", "name": var, "value": v }),
        ValueRule::Contains(p) => json!({ "type": "env_matches", "name": var, "pattern": any_case(p) }),
        ValueRule::PathEntry(e) => json!({
            "type": "env_matches",
            "name": var,
            "pattern": format!("(^|:)[^:]*{}/?(:|$)", escape(e))
        }),
    }
}

/// A regular expression matching exactly `s` (the syntax JavaScript and Go's RE2 share).
fn escape(s: &str) -> String {
    s.chars().fold(String::new(), |mut out, c| {
        if "\\.+*?()|[]{}^$/".contains(c) {
            out.push('\\');
        }
        out.push(c);
        out
    })
}

/// `s` in any ASCII case: `[Kk][Ii][Rr][Oo]` (the format's patterns are case-sensitive).
fn any_case(s: &str) -> String {
    s.chars()
        .map(|c| match (c.to_ascii_uppercase(), c.to_ascii_lowercase()) {
            (u, l) if u != l => format!("[{u}{l}]"),
            _ => escape(&c.to_string()),
        })
        .collect()
}

fn marker(m: &Marker) -> Value {
    let leaf = rule(m.var, m.value);
    if m.unless_terminal { json!({ "type": "allOf", "conditions": [leaf, { "type": "no_tty" }] }) } else { leaf }
}

fn combo(c: &Combo) -> Value {
    json!({ "type": "allOf", "conditions": c.all.iter().map(|(v, r)| rule(v, *r)).collect::<Vec<_>>() })
}

const fn standing(s: Standing) -> &'static str {
    match s {
        Standing::Verified => "seen in a live run",
        Standing::Vendor => "vendor",
        Standing::Secondary => "secondary",
        Standing::Unconfirmed => "unconfirmed",
    }
}

/// The stable key of a runtime: its id in UPPER_SNAKE_CASE (`qwen-code` → `QWEN_CODE`).
#[must_use]
pub fn key(p: RuntimeProvider) -> String {
    p.as_str().to_ascii_uppercase().replace('-', "_")
}

/// One runtime's entry, or `None` when no condition of the format can find it.
fn agent(r: &Runtime) -> Option<Value> {
    let markers = r.markers.iter().filter(|m| m.needs_ancestor.is_none());
    let mut conditions: Vec<Value> = markers.clone().map(marker).collect();
    conditions.extend(r.combos.iter().map(combo));
    conditions.extend(r.host_files.iter().map(|f| json!({ "type": "file_exists", "path": f })));
    if conditions.is_empty() {
        return None;
    }
    let mut said: Vec<String> = markers.map(|m| format!("{} ({})", m.label(), standing(m.standing))).collect();
    said.extend(r.combos.iter().map(|c| format!("{} ({})", c.label(), standing(c.standing))));
    said.extend(r.host_files.iter().map(|f| format!("{f} exists")));
    let mut description = format!("{}. Signals, with who backs them: {}.", r.name, said.join("; "));
    if !r.executables.is_empty() {
        let _ = write!(
            description,
            " hal also knows it by process ancestry (executables: {}), which this format cannot express.",
            r.executables.join(", ")
        );
    }
    if let Some(base) = r.variant_of {
        let _ = write!(description, " A variant of {base}: listed before it.");
    }
    if !r.settings.is_empty() {
        let _ = write!(description, " User settings, never evidence: {}.", r.settings.join(", "));
    }
    Some(json!({
        "key": key(r.provider),
        "name": r.provider.as_str(),
        "description": description,
        "match": { "type": "anyOf", "conditions": conditions },
    }))
}

/// The whole export: the format's version 1, `AI_AGENT`, every runtime an environment or
/// file condition can find, in marker priority order.
#[must_use]
pub fn export() -> Value {
    let agents: Vec<Value> =
        REGISTRY.iter().filter(|r| r.provider != RuntimeProvider::Unknown).filter_map(agent).collect();
    let left_out: Vec<&str> = REGISTRY
        .iter()
        .filter(|r| r.provider != RuntimeProvider::Unknown && agent(r).is_none())
        .map(|r| r.provider.as_str())
        .collect();
    json!({
        "$schema": SCHEMA_ID,
        "version": 1,
        "description": format!("{LIMITS} Known only by process ancestry or a stamp: {}.", left_out.join(", ")),
        "aiAgentVar": "AI_AGENT",
        "agents": agents,
    })
}
