//! The text renderers: each command's answer as text, every value that came from
//! outside escaped ([`escape_control`]); the JSON answers are `output::versioned`'s.

use std::fmt::Write as _;

use hal_caps::text::{escape_control, escape_json, is_unsafe};
use hal_caps::{OriginKind, native_hooks, registry};
use hal_detect::{Host, Outcome};
use hal_gupp::Hal;
use hal_gupp::shell::quote;
use hal_types::{Detection, RuntimeHal as _, RuntimeProvider};
use serde_json::Value;

use crate::answers;

fn source_text(d: &Detection) -> String {
    let s = &d.source;
    let mut out = s.kind.to_string();
    if let Some(sig) = &s.signal {
        let _ = write!(out, " {}", escape_control(sig));
    }
    if let Some(depth) = s.depth {
        let _ = write!(out, ", {depth} level(s) up");
    }
    out
}

pub(crate) fn detect_text(d: &Detection) -> String {
    let declared = declared_text(d);
    let mut s = match (&declared, d.provider) {
        (Some(t), RuntimeProvider::Unknown) => t.clone(),
        (Some(t), _) => format!("{} ({}); {t}", d.provider, source_text(d)),
        (None, _) => format!("{} ({})", d.provider, source_text(d)),
    };
    if let Some(runtime) = d.configured_only() {
        let _ = write!(s, ": {}", configured_text(runtime));
    }
    if d.ambiguous {
        s.push_str(" [ambiguous]");
    }
    if d.secondary_only {
        s.push_str(" [secondary sources only]");
    }
    s.push('\n');
    s
}

/// What a workspace configured for `runtime` with no agent running is called, on every
/// text surface (`detect`, `explain`).
pub(crate) fn configured_text(runtime: RuntimeProvider) -> String {
    format!("configured for {runtime}; no agent running")
}

/// The variable an agent hal does not know declared itself in (`AI_AGENT`, `AGENT`),
/// from the candidates.
fn declared_var(d: &Detection) -> Option<&str> {
    d.candidates
        .iter()
        .find(|c| c.provider == RuntimeProvider::Unknown && c.source.kind == hal_types::SourceKind::Marker)
        .and_then(|c| c.source.signal.as_deref())
}

/// `unknown agent "custom-agent" (AI_AGENT)`: a self-declared agent hal has no row
/// for; the name in Rust's debug quoting, so nothing in it can break the line, and what
/// that quoting leaves raw of the table of unsafe characters (a Hangul filler, the
/// braille blank: N16) escaped too.
fn declared_text(d: &Detection) -> Option<String> {
    let (name, var) = (d.agent.as_deref()?, declared_var(d)?);
    let version = d.agent_version.as_deref().map(|v| format!(" version {v:?}")).unwrap_or_default();
    Some(escape_control(&format!("unknown agent {name:?}{version} ({var})")).into_owned())
}

/// The keys of `caps` text, in order; each line is the JSON value of the key.
pub(crate) const CAPS_KEYS: &[&str] = &[
    "provider",
    "family",
    "session_hooks",
    "native_hooks",
    "context_fork",
    "session_id_env",
    "session_id_vars",
    "startup_injection",
    "startup_strategy",
    "gupp_strategy",
    "stall_threshold_secs",
    "nudge_interval_secs",
    "nudge_support",
];

/// A JSON value as one line of text: strings bare, `null` as `-`, arrays comma-separated.
pub(crate) fn text_value(v: &Value) -> String {
    match v {
        Value::Null => "-".to_owned(),
        Value::String(s) => escape_control(s).into_owned(),
        Value::Array(a) if a.is_empty() => "-".to_owned(),
        Value::Array(a) => a.iter().map(text_value).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    }
}

/// `caps --all` as text: one line per runtime, the JSON values of [`CAPS_KEYS`]
/// (`native_hooks` as its `inject`), in aligned columns.
pub(crate) fn rows_text(rows: &[Value]) -> String {
    let keys: Vec<&str> = CAPS_KEYS.iter().copied().filter(|k| *k != "session_id_vars").collect();
    let cell = |row: &Value, key: &str| match key {
        "native_hooks" => text_value(&row[key]["inject"]),
        _ => text_value(&row[key]),
    };
    let mut table: Vec<Vec<String>> = vec![keys.iter().map(|k| (*k).to_owned()).collect()];
    table.extend(rows.iter().map(|r| keys.iter().map(|k| cell(r, k)).collect()));
    let widths: Vec<usize> =
        (0..keys.len()).map(|i| table.iter().map(|line| line[i].len()).max().unwrap_or(0)).collect();
    table.iter().fold(String::new(), |mut s, line| {
        let cells: Vec<String> = line.iter().zip(&widths).map(|(c, w)| format!("{c:<w$}")).collect();
        let _ = writeln!(s, "{}", cells.join(" ").trim_end());
        s
    })
}

pub(crate) fn caps_text<H: Host>(hal: &Hal<H>, v: &Value) -> String {
    let mut s = String::new();
    for key in CAPS_KEYS {
        let cell = match key {
            &"native_hooks" => native_hooks(hal.capabilities().provider).summary(),
            _ => text_value(&v[key]),
        };
        let _ = writeln!(s, "{key:<21}{cell}");
    }
    s.push_str("overrides:\n");
    for o in &hal.resolved().overrides {
        let origin = match o.origin {
            OriginKind::Default => "default".to_owned(),
            OriginKind::Rejected => format!(
                "rejected `{}` from {}: {}",
                o.value,
                o.source.as_deref().unwrap_or("?"),
                o.reason.as_deref().unwrap_or("")
            ),
            _ => format!("from {}", o.source.as_deref().unwrap_or("?")),
        };
        let _ = writeln!(s, "  {}: {} ({})", o.field, escape_control(&o.value), escape_control(&origin));
    }
    if let Some(note) = hal_caps::hooks_disagreement(hal.capabilities()) {
        let _ = writeln!(s, "note: {note}");
    }
    s
}

/// `hal providers` as a table.
pub(crate) fn providers_text() -> String {
    let mut rows: Vec<_> = registry::REGISTRY.iter().filter(|r| r.provider != RuntimeProvider::Unknown).collect();
    rows.sort_by_key(|r| r.provider.as_str());
    let mut table = vec![["PROVIDER", "MARKER", "HOOKS", "EVENTS", "SRC", "VERIFIED"].map(str::to_owned)];
    table.extend(rows.iter().map(|r| {
        let native = native_hooks(r.provider);
        [
            r.provider.as_str().to_owned(),
            r.best_known_marker().unwrap_or_else(|| "-".to_owned()),
            format!("{}/{}", hal_caps::row(r).session_hooks, native.inject),
            native.hookable_events.to_string(),
            r.sources.len().to_string(),
            match (&r.verified, r.vendor_verified()) {
                (Some(v), _) => format!("live {}", v.version),
                (None, true) => "vendor".to_owned(),
                (None, false) => "secondary".to_owned(),
            },
        ]
    }));
    let widths: Vec<usize> = (0..6).map(|i| table.iter().map(|l| l[i].chars().count()).max().unwrap_or(0)).collect();
    let mut s = String::from(PROVIDERS_LEGEND);
    for l in &table {
        let line = format!(
            "{:<w0$} {:<w1$} {:<w2$} {:>w3$} {:>w4$} {}",
            l[0],
            l[1],
            l[2],
            l[3],
            l[4],
            l[5],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = widths[3],
            w4 = widths[4]
        );
        let _ = writeln!(s, "{}", line.trim_end());
    }
    // The versions live runs verified, where more than the newest (the table keeps to
    // 100 columns).
    for r in &rows {
        if let Some(v) = r.verified.filter(|v| v.versions().count() > 1) {
            let _ = writeln!(s, "# {}: verified {}", r.provider.as_str(), v.range());
        }
    }
    s
}

/// The lines above `hal providers`' table: its order and what the columns mean.
pub(crate) const PROVIDERS_LEGEND: &str = "\
# sorted by id; MARKER: the variable a runtime is best known by (`hal detect` weighs them all);
# HOOKS: session_hooks/native inject; EVENTS: hookable; SRC: sources; VERIFIED: the newest
# version a live run verified (below the table: every version verified, oldest-newest, and
# how many), vendor sources, or secondary (third-party) sources only; every value: --json
";

/// `hal events` as text: canonical -> native, with both notions of hooks.
pub(crate) fn events_text(c: &hal_types::Capabilities, at: &registry::dated::At<'_>) -> String {
    let p = c.provider;
    let hooks = at.hook_system();
    let native = |e: hal_types::CanonicalEvent| at.native_event(e);
    let summary = hal_caps::native_hooks_at(p, at.version.as_ref());
    let version = at.version.map(|v| format!(" {v}")).unwrap_or_default();
    let mut s = format!(
        "{p}{version}: {} of {} canonical events hookable (native_hooks: inject {}; session_hooks: {})\n",
        summary.hookable_events,
        registry::CANONICAL_EVENTS.len(),
        summary.inject,
        c.session_hooks
    );
    if let Some(switch) = at.switch() {
        let _ = writeln!(s, "  hooks run only with: {switch}");
    }
    if let Some(instead) = at.mechanism_instead() {
        let _ = writeln!(s, "  no hook system at this version; instead: {instead}");
    }
    for e in registry::CANONICAL_EVENTS {
        let _ = writeln!(s, "  {:<22} {}", e.as_str(), native(*e).unwrap_or("-"));
    }
    if let Some(h) = hooks.filter(|h| !h.unmapped.is_empty()) {
        let _ = writeln!(s, "  no canonical event:    {}", h.unmapped.join(", "));
    }
    s.push_str("`hal hook` maps a hook payload on stdin back to these events.\n");
    s
}

pub(crate) fn startup_text(p: &hal_types::StartupPlan) -> String {
    let mut s = format!("provider: {}\nrole: {}\nstrategy: {}\ncommands:", p.provider, p.role, p.strategy);
    if p.commands.is_empty() {
        s.push_str(" none (the agent starts generic)");
    }
    s.push('\n');
    for c in &p.commands {
        let _ = writeln!(s, "  {}", escape_control(c));
    }
    if let Some(file) = &p.hook_file {
        let kind = p.hook_kind.map(|k| format!(" ({k})")).unwrap_or_default();
        let _ = writeln!(s, "hook file: {file}{kind}");
    }
    if let Some(f) = &p.hook_fragment {
        let _ =
            writeln!(s, "hook fragment to merge:\n  {}", escape_json(&serde_json::to_string(f).unwrap_or_default()));
    }
    if let Some(n) = &p.startup_nudge {
        let _ = writeln!(s, "startup nudge after {} ms: {}", n.delay_ms, escape_control(&n.text));
    }
    if let Some(poll) = &p.poll {
        let _ = writeln!(
            s,
            "poll {} every {} s (`{}` reads the same)",
            escape_control(&poll.path),
            poll.interval_secs,
            escape_control(&poll.command)
        );
    }
    s
}

/// A step's label in `hal explain`'s text: a step that did not decide says so (its JSON
/// `outcome` stays `passed`, which read as "succeeded" in text).
pub(crate) const fn step_mark(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Decided => "DECIDED",
        Outcome::Skipped => "skipped",
        _ => "not decided",
    }
}

pub(crate) fn explain_text<H: Host>(report: &hal_detect::Report, hal: &Hal<H>) -> String {
    let d = &report.detection;
    let mut s = format!("policy: {}\n", d.policy);
    for (i, step) in report.steps.iter().enumerate() {
        let mark = step_mark(step.outcome);
        let _ = writeln!(
            s,
            "{}. {:<20} [{mark}] looked at: {}; found: {}",
            i + 1,
            step.kind.label(),
            escape_control(&step.looked_at),
            escape_control(&step.found)
        );
    }
    let _ = writeln!(s, "=> {}", detect_text(d).trim_end());
    if !d.candidates.is_empty() {
        s.push_str("candidates:\n");
        for c in &d.candidates {
            let _ = writeln!(
                s,
                "  {} via {} {}",
                c.provider,
                c.source.kind,
                escape_control(c.source.signal.as_deref().unwrap_or("-"))
            );
        }
    }
    for (provider, var) in &report.settings_seen {
        let _ = writeln!(s, "seen: {var} ({provider}): {}", answers::USER_SETTING);
    }
    if !report.version_tried.is_empty() {
        let found = match (&d.runtime_version, &d.runtime_version_source) {
            (Some(v), Some(from)) => format!("{} from {}", escape_control(v), escape_control(from)),
            _ => "unknown (answers are for the newest verified version)".to_owned(),
        };
        let _ = writeln!(s, "version: {found}");
        for t in &report.version_tried {
            let _ = writeln!(s, "  looked at: {}", escape_control(t));
        }
    }
    s.push_str("overrides:\n");
    for o in &hal.resolved().overrides {
        let origin = serde_json::to_value(o.origin).ok().and_then(|v| v.as_str().map(str::to_owned));
        let _ = writeln!(
            s,
            "  {} = {} ({}{})",
            o.field,
            escape_control(&o.value),
            origin.unwrap_or_default(),
            o.source.as_deref().map(|x| format!(" {}", escape_control(x))).unwrap_or_default()
        );
    }
    s
}

/// `export NAME=value` lines that a POSIX shell evaluates into exactly these variables
/// and nothing else, one line each. A variable without a value is exported empty
/// (`export NAME=`), never unset: every variable named is set, so a hook under `set -u`
/// reads each of them (`[ -n "$HAL_SESSION_ID" ]`).
pub(crate) fn env_lines(vars: &[(&str, Option<String>)]) -> String {
    vars.iter().fold(String::new(), |mut s, (k, v)| {
        let _ = writeln!(s, "{}", export_line(k, v.as_deref().unwrap_or("")));
        s
    })
}

/// One line that sets and exports `name` to exactly `value` in a POSIX shell. A value
/// with control, bidi or invisible characters (a newline, U+202E) goes through
/// `printf %b` with octal escapes of their bytes (`\0ddd`), so the line stays one line
/// and shows nothing raw; a trailing `.` keeps `$(…)` from eating final newlines.
#[must_use]
pub fn export_line(name: &str, value: &str) -> String {
    if !value.chars().any(is_unsafe) {
        return format!("export {name}={}", quote(value));
    }
    let mut escaped = String::new();
    for ch in value.chars() {
        match ch {
            '\\' => escaped.push_str("\\\\"),
            // Every byte of a control, bidi or invisible character, in octal.
            c if is_unsafe(c) => {
                for b in c.encode_utf8(&mut [0; 4]).bytes() {
                    let _ = write!(escaped, "\\0{b:03o}");
                }
            }
            c => escaped.push(c),
        }
    }
    escaped.push('.');
    format!("{name}=$(printf %b {}); export {name}=\"${{{name}%.}}\"", quote(&escaped))
}

/// `export NAME=value` lines that a POSIX shell evaluates into exactly these
/// variables and nothing else.
#[must_use]
pub fn export_lines(vars: &[(&str, String)]) -> String {
    vars.iter().fold(String::new(), |mut s, (k, v)| {
        let _ = writeln!(s, "{}", export_line(k, v));
        s
    })
}
