//! Runs a parsed command: returns what to print and the exit code; no I/O here
//! except reading the host through hal-detect.

use std::fmt::Write as _;

use clap::CommandFactory as _;
use hal_caps::text::escape_control;
use hal_caps::{OriginKind, registry};
use hal_detect::{Detector, Host, Outcome};
use hal_gupp::Hal;
use hal_gupp::shell::quote;
use hal_types::{Detection, RuntimeHal, RuntimeProvider};
use serde::Serialize;
use serde_json::{Value, json};

use crate::cli::{BIN_NAME, Cli, Command, Format, Global};

/// The JSON wire format's version; changes only additively.
pub const JSON_VERSION: u32 = 1;

/// What a command produced.
#[derive(Debug, Default)]
pub struct Output {
    pub stdout: String,
    /// Warnings for stderr (human mode only; JSON carries its own).
    pub warnings: Vec<String>,
    pub code: u8,
}

/// `v` as one line of JSON with `"version": 1` added (keys sorted).
pub(crate) fn versioned(v: impl Serialize) -> String {
    let mut value = serde_json::to_value(v).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut value {
        map.insert("version".to_owned(), json!(JSON_VERSION));
    }
    let mut s = serde_json::to_string(&value).unwrap_or_default();
    s.push('\n');
    s
}

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

/// The HAL for a command: the given provider, or detection on the host.
fn hal<H: Host>(host: H, g: &Global, provider: Option<RuntimeProvider>) -> Hal<H> {
    match provider {
        Some(p) => Hal::for_provider(host, p),
        None => {
            let detection = detector(&host, g).detect();
            Hal::new(host, detection)
        }
    }
}

pub(crate) fn detector<H: Host>(host: H, g: &Global) -> Detector<H> {
    let mut det = Detector::new(host).maybe_policy(g.policy);
    if let Some(w) = &g.workspace {
        det = det.workspace(w);
    }
    det
}

fn require_known(g: &Global, provider: RuntimeProvider, out: &mut Output) {
    if g.require_known && provider == RuntimeProvider::Unknown {
        out.code = 1;
        out.warnings.push("the runtime is unknown (--require-known)".to_owned());
    }
}

/// Runs `cli` against `host`.
#[allow(clippy::too_many_lines, reason = "one arm per command reads as the command table")]
pub fn run<H: Host>(cli: &Cli, host: H) -> Output {
    if let Some(out) = crate::hook::run(cli, &host) {
        return out;
    }
    let g = &cli.global;
    let mut out = Output::default();
    match &cli.command {
        Command::Detect(_) => {
            let d = detector(host, g).detect();
            out.stdout = if g.json {
                let mut v = serde_json::to_value(&d).unwrap_or(Value::Null);
                v["warnings"] = json!(d.warnings());
                versioned(v)
            } else {
                detect_text(&d)
            };
            out.warnings = d.warnings();
            require_known(g, d.provider, &mut out);
        }
        Command::Caps { all: true, format, .. } => {
            let rows = hal_caps::all_capabilities();
            out.stdout = match (g.json, format) {
                (true, _) => versioned(json!({ "runtimes": rows })),
                (false, Format::Markdown) => hal_caps::design_matrix_markdown(),
                (false, Format::Text) => hal_caps::render::matrix_by_row(&rows),
            };
        }
        Command::Caps { provider, .. } => {
            let hal = hal(host, g, provider.provider);
            let r = hal.resolved();
            let mut warnings = hal.detection().warnings();
            warnings.extend(r.warnings.iter().cloned());
            out.stdout = if g.json {
                let mut v = serde_json::to_value(&r.capabilities).unwrap_or(Value::Null);
                v["hookable_events"] = json!(hookable_events(r.capabilities.provider));
                v["overrides"] = json!(r.overrides);
                v["warnings"] = json!(warnings);
                versioned(v)
            } else {
                caps_text(&hal)
            };
            out.warnings = warnings;
            require_known(g, hal.detect_provider(), &mut out);
        }
        Command::Startup { role, provider } => {
            let hal = hal(host, g, provider.provider);
            let plan = hal.startup_plan(*role);
            out.stdout = if g.json { versioned(&plan) } else { startup_text(&plan) };
            out.warnings.clone_from(&hal.resolved().warnings);
            require_known(g, hal.detect_provider(), &mut out);
        }
        Command::Gupp { provider } => {
            let hal = hal(host, g, provider.provider);
            let c = hal.capabilities();
            out.stdout = if g.json {
                versioned(json!({
                    "provider": c.provider,
                    "gupp_strategy": c.gupp_strategy,
                    "stall_threshold_secs": c.stall_threshold.as_secs(),
                    "nudge_interval_secs": c.nudge_interval.as_secs(),
                    "warnings": hal.resolved().warnings,
                }))
            } else {
                format!(
                    "provider: {}\ngupp strategy: {}\nstall threshold: {} s\nnudge interval: {} s\n",
                    c.provider,
                    c.gupp_strategy,
                    c.stall_threshold.as_secs(),
                    c.nudge_interval.as_secs()
                )
            };
            out.warnings.clone_from(&hal.resolved().warnings);
            require_known(g, hal.detect_provider(), &mut out);
        }
        Command::SessionId(_) => {
            let hal = hal(host, g, None);
            let id = hal.session_id();
            out.stdout = match (&id, g.json) {
                (_, true) => versioned(json!({ "provider": hal.detect_provider(), "session_id": id })),
                (Some(id), false) => format!("{}\n", escape_control(id)),
                (None, false) => String::new(),
            };
            if id.is_none() {
                out.code = 1;
            }
        }
        Command::Explain => {
            let report = detector(&host, g).report();
            let hal = Hal::new(&host, report.detection.clone());
            out.stdout = explain_text(&report, &hal);
        }
        Command::Env => {
            let hal = hal(host, g, None);
            out.stdout = env_text(&hal);
            out.warnings = hal.detection().warnings();
            require_known(g, hal.detect_provider(), &mut out);
        }
        Command::Lint { path } => out = lint(path, g.json),
        Command::Providers => out.stdout = providers(g.json),
        Command::Events { provider } => {
            let p = provider.provider.unwrap_or_else(|| detector(&host, g).detect().provider);
            out.stdout = events(p, g.json);
            require_known(g, p, &mut out);
        }
        Command::Hook(_) => {} // answered by crate::hook above
        Command::Completions { shell } => {
            let mut buf = Vec::new();
            clap_complete::generate(*shell, &mut Cli::command(), BIN_NAME, &mut buf);
            out.stdout = String::from_utf8_lossy(&buf).into_owned();
        }
        Command::Man => {
            let mut buf = Vec::new();
            let _ = clap_mangen::Man::new(Cli::command()).render(&mut buf);
            out.stdout = String::from_utf8_lossy(&buf).into_owned();
        }
    }
    out
}

/// How many canonical lifecycle events a runtime can hook.
fn hookable_events(p: RuntimeProvider) -> usize {
    registry::runtime(p).hook_system().map_or(0, |h| h.events.len())
}

fn inject_word(r: &registry::Runtime) -> &'static str {
    r.hook_system().map_or("none", |h| match h.inject {
        registry::Inject::Yes => "yes",
        registry::Inject::Nudge => "nudge",
        _ => "no",
    })
}

/// `hal providers`.
fn providers(as_json: bool) -> String {
    let rows = registry::REGISTRY.iter().filter(|r| r.provider != RuntimeProvider::Unknown);
    if as_json {
        let list: Vec<Value> = rows
            .map(|r| {
                json!({
                    "id": r.provider,
                    "name": r.name,
                    "aliases": r.aliases,
                    "strongest_signal": r.strongest_signal(),
                    "executables": r.executables,
                    "hooks_inject": inject_word(r),
                    "hookable_events": r.hook_system().map_or(0, |h| h.events.len()),
                    "sources": r.sources.len(),
                    "vendor_verified": r.vendor_verified(),
                })
            })
            .collect();
        return versioned(json!({ "providers": list }));
    }
    let mut s = format!("{:<16} {:<44} {:<6} {:>7}  {}\n", "ID", "STRONGEST SIGNAL", "HOOKS", "SOURCES", "VERIFIED");
    for r in rows {
        let _ = writeln!(
            s,
            "{:<16} {:<44} {:<6} {:>7}  {}",
            r.provider.as_str(),
            r.strongest_signal().unwrap_or_else(|| "-".to_owned()),
            inject_word(r),
            r.sources.len(),
            if r.vendor_verified() { "vendor" } else { "secondary only" }
        );
    }
    s
}

/// `hal events`: canonical → native for one runtime.
fn events(p: RuntimeProvider, as_json: bool) -> String {
    let map = registry::runtime(p).hook_system().map_or(&[][..], |h| h.events);
    let native = |c: &str| map.iter().find(|(k, _)| *k == c).map(|(_, n)| *n);
    if as_json {
        let list: Vec<Value> =
            registry::CANONICAL_EVENTS.iter().map(|c| json!({"canonical": c, "native": native(c)})).collect();
        return versioned(json!({ "provider": p, "hookable": map.len(), "events": list }));
    }
    let mut s = format!("{p}: {} of {} canonical events hookable\n", map.len(), registry::CANONICAL_EVENTS.len());
    for c in registry::CANONICAL_EVENTS {
        let _ = writeln!(s, "  {c:<22} {}", native(c).unwrap_or("-"));
    }
    s.push_str("`hal hook` maps a hook payload on stdin back to these events.\n");
    s
}

/// `hal lint PATH`: exit 1 on findings, 2 when the path cannot be read.
fn lint(path: &std::path::Path, as_json: bool) -> Output {
    let mut out = Output::default();
    match hal_detect::lint::lint_dir(path, &[("target/", "build output")]) {
        Ok(findings) => {
            out.stdout = if as_json {
                let list: Vec<Value> = findings
                    .iter()
                    .map(|f| json!({"path": f.path.to_string_lossy(), "line": f.line, "col": f.col, "rule": f.rule, "found": f.found}))
                    .collect();
                versioned(json!({ "findings": list }))
            } else {
                findings.iter().fold(String::new(), |mut s, f| {
                    let _ = writeln!(s, "{}", escape_control(&f.to_string()));
                    s
                })
            };
            out.code = u8::from(!findings.is_empty());
        }
        Err(e) => {
            out.warnings.push(format!("cannot lint {}: {e}", escape_control(&path.to_string_lossy())));
            out.code = 2;
        }
    }
    out
}

pub(crate) fn detect_text(d: &Detection) -> String {
    let mut s = format!("{} ({})", d.provider, source_text(d));
    if d.ambiguous {
        s.push_str(" [ambiguous]");
    }
    if d.secondary_only {
        s.push_str(" [secondary sources only]");
    }
    s.push('\n');
    s
}

fn caps_text<H: Host>(hal: &Hal<H>) -> String {
    let c = hal.capabilities();
    let mut s = String::new();
    for (label, cell) in hal_caps::render::ROWS {
        let _ = writeln!(s, "{label:<20} {}", cell(c));
    }
    let _ = writeln!(s, "{:<20} {}", "Provider", c.provider);
    let _ = writeln!(s, "{:<20} {}", "Hookable events", hookable_events(c.provider));
    for o in &hal.resolved().overrides {
        let origin = match o.origin {
            OriginKind::Default => "default".to_owned(),
            OriginKind::Rejected => format!(
                "rejected {} from {}: {}",
                o.value,
                o.source.as_deref().unwrap_or("?"),
                o.reason.as_deref().unwrap_or("")
            ),
            _ => format!("from {}", o.source.as_deref().unwrap_or("?")),
        };
        let _ = writeln!(s, "  {}: {} ({})", o.field, o.value, escape_control(&origin));
    }
    s
}

fn startup_text(p: &hal_types::StartupPlan) -> String {
    let mut s = format!("provider: {}\nrole: {}\nstrategy: {}\ncommands:\n", p.provider, p.role, p.strategy);
    for c in &p.commands {
        let _ = writeln!(s, "  {}", escape_control(c));
    }
    if let (Some(f), Some(file)) = (&p.hook_fragment, &p.hook_file) {
        let _ = writeln!(s, "hook fragment for {file}:\n  {}", serde_json::to_string(f).unwrap_or_default());
    }
    if let Some(n) = &p.startup_nudge {
        let _ = writeln!(s, "startup nudge after {} ms: {}", n.delay_ms, escape_control(&n.text));
    }
    if let Some(poll) = &p.poll {
        let _ = writeln!(s, "poll every {} s: {}", poll.interval_secs, escape_control(&poll.command));
    }
    s
}

fn explain_text<H: Host>(report: &hal_detect::Report, hal: &Hal<H>) -> String {
    let d = &report.detection;
    let mut s = format!("policy: {}\n", d.policy);
    for (i, step) in report.steps.iter().enumerate() {
        let mark = match step.outcome {
            Outcome::Decided => "DECIDED",
            Outcome::Passed => "passed",
            _ => "skipped",
        };
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
    s.push_str("overrides:\n");
    for o in &hal.resolved().overrides {
        let _ = writeln!(
            s,
            "  {} = {} ({}{})",
            o.field,
            escape_control(&o.value),
            serde_json::to_value(o.origin).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default(),
            o.source.as_deref().map(|x| format!(" {}", escape_control(x))).unwrap_or_default()
        );
    }
    for w in d.warnings().iter().chain(&hal.resolved().warnings) {
        let _ = writeln!(s, "warning: {}", escape_control(w));
    }
    s
}

fn env_text<H: Host>(hal: &Hal<H>) -> String {
    let c = hal.capabilities();
    let d = hal.detection();
    let flag = |b: bool| if b { "1" } else { "0" };
    let stall = c.stall_threshold.as_secs().to_string();
    let nudge = c.nudge_interval.as_secs().to_string();
    let mut vars: Vec<(&str, String)> = vec![
        ("HAL_PROVIDER", c.provider.to_string()),
        ("HAL_SOURCE", d.source.kind.to_string()),
        ("HAL_STARTUP_STRATEGY", c.startup_strategy.to_string()),
        ("HAL_GUPP_STRATEGY", c.gupp_strategy.to_string()),
        ("HAL_STALL_THRESHOLD_SECS", stall),
        ("HAL_NUDGE_INTERVAL_SECS", nudge),
        ("HAL_SUPPORTS_HOOKS", flag(c.supports_hooks()).to_owned()),
        ("HAL_SUPPORTS_NUDGE", flag(c.supports_nudge()).to_owned()),
    ];
    if let Some(id) = hal.session_id() {
        vars.push(("HAL_SESSION_ID", id));
    }
    export_lines(&vars)
}

/// `export NAME=value` lines that a POSIX shell evaluates into exactly these
/// variables (values single-quoted where needed) and nothing else.
#[must_use]
pub fn export_lines(vars: &[(&str, String)]) -> String {
    vars.iter().fold(String::new(), |mut s, (k, v)| {
        let _ = writeln!(s, "export {k}={}", quote(v));
        s
    })
}
