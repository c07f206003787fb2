//! Runs a parsed command: returns what to print and the exit code; no I/O here
//! except reading the host through hal-detect.
//!
//! Every command that answers about the host builds one [`Hal`] and reports exactly
//! its [`Hal::diagnostics`]: in JSON as `diagnostics` (objects) and `warnings` (their
//! messages), in text once each on stderr.

use std::fmt::Write as _;

use clap::CommandFactory as _;
use hal_caps::text::{escape_control, escape_json, is_unsafe};
use hal_caps::{OriginKind, native_hooks, registry};
use hal_detect::{Detector, Host, Outcome};
use hal_gupp::Hal;
use hal_gupp::shell::quote;
use hal_types::wire::Answer;
use hal_types::{AgentRole, Detection, Diagnostic, DiagnosticCode, RuntimeHal, RuntimeProvider, StartupPlan};
use serde::Serialize;
use serde_json::Value;

use crate::answers;
use crate::cli::{BIN_NAME, Cli, Command, Format, Global, ProvidersFormat};

/// The JSON wire format's version; changes only additively.
pub use hal_types::wire::JSON_VERSION;

/// What a command produced.
#[derive(Debug, Default)]
pub struct Output {
    /// What goes to stdout.
    pub stdout: String,
    /// Warnings for stderr (human mode only; JSON carries its own).
    pub warnings: Vec<String>,
    /// Errors for stderr (usage errors, exit 2), printed even with `--quiet`.
    pub errors: Vec<String>,
    /// The exit code.
    pub code: u8,
}

impl Output {
    /// `stdout` with `diagnostics` reported: as text warnings, and the exit code 1
    /// when `--require-known` found the runtime unknown.
    fn with(stdout: String, diagnostics: &[Diagnostic]) -> Self {
        let code = u8::from(diagnostics.iter().any(|d| d.code == DiagnosticCode::RuntimeUnknown));
        Self { stdout, warnings: hal_types::messages(diagnostics), errors: Vec::new(), code }
    }
}

/// The answer of `body` (one of [`crate::answers`], or a hal-types struct) as one line of
/// JSON: [`Answer`] adds `"version": 1`, `warnings` (the messages) and `diagnostics`;
/// keys sorted.
pub(crate) fn versioned<T: Serialize>(body: T, diagnostics: &[Diagnostic]) -> String {
    let value = serde_json::to_value(Answer::new(body, diagnostics.to_vec())).unwrap_or(Value::Null);
    let mut s = escape_json(&serde_json::to_string(&value).unwrap_or_default()).into_owned();
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

/// The HAL for a command: the given provider, or detection on the host. The config
/// file is read only `with_config` (the commands whose answer a setting can change).
fn hal<H: Host>(host: H, g: &Global, provider: Option<RuntimeProvider>, with_config: bool) -> Hal<H> {
    let detection = match provider {
        Some(p) => hal_gupp::given(p),
        None => detector(&host, g).detect(),
    };
    if with_config { Hal::new(host, detection) } else { Hal::without_config(host, detection) }
}

pub(crate) fn detector<H: Host>(host: H, g: &Global) -> Detector<H> {
    let mut det = Detector::new(host).maybe_policy(g.policy);
    if let Some(w) = &g.workspace {
        det = det.workspace(w);
    }
    det
}

/// The HAL's diagnostics, and `runtime_unknown` under `--require-known`.
pub(crate) fn diagnostics<H: Host>(g: &Global, hal: &Hal<H>) -> Vec<Diagnostic> {
    let mut out = hal.diagnostics().to_vec();
    if g.require_known && hal.detect_provider() == RuntimeProvider::Unknown {
        out.push(Diagnostic::new(
            DiagnosticCode::RuntimeUnknown,
            None,
            "the runtime is unknown (--require-known)".to_owned(),
        ));
    }
    out
}

/// Runs `cli` against `host`.
pub fn run<H: Host>(cli: &Cli, host: H) -> Output {
    if let Some(out) = crate::hook::run(cli, &host) {
        return out;
    }
    let g = &cli.global;
    let as_json = g.json;
    match &cli.command {
        Command::Caps { all: true, format, .. } => {
            let rows: Vec<answers::CapsRow> = hal_caps::all_capabilities().into_iter().map(caps_row).collect();
            Output::with(
                match (as_json, format) {
                    (true, _) => versioned(answers::CapsAll { runtimes: rows }, &[]),
                    (false, Format::Markdown) => hal_caps::design_matrix_markdown(),
                    (false, Format::Text) => rows_text(
                        &rows.iter().map(|r| serde_json::to_value(r).unwrap_or(Value::Null)).collect::<Vec<_>>(),
                    ),
                },
                &[],
            )
        }
        Command::Lint { paths, format, strict } => crate::lint::run(paths, *format, *strict, as_json, &host),
        Command::Providers { format: ProvidersFormat::AgentsJson } => {
            let mut s = serde_json::to_string_pretty(&hal_caps::agents_json::export()).unwrap_or_default();
            s.push('\n');
            Output::with(s, &[])
        }
        Command::Providers { .. } => Output::with(providers(as_json), &[]),
        Command::Completions { shell } => {
            let mut buf = Vec::new();
            clap_complete::generate(*shell, &mut Cli::command(), BIN_NAME, &mut buf);
            Output::with(String::from_utf8_lossy(&buf).into_owned(), &[])
        }
        Command::Man => Output::with(crate::man::render(), &[]),
        #[cfg(feature = "schema")]
        Command::Schema { command } => schema(command.as_deref()),
        Command::Explain => {
            let report = detector(&host, g).report();
            let hal = Hal::new(&host, report.detection.clone());
            let diags = diagnostics(g, &hal);
            let stdout = if as_json { explain_json(&report, &hal, &diags) } else { explain_text(&report, &hal) };
            Output::with(stdout, &diags)
        }
        Command::Startup { role, all_roles, agent_id, provider } => {
            let hal = hal(host, g, provider.provider, true);
            startup(&hal, g, *role, *all_roles, agent_id.as_deref())
        }
        command => {
            let provider = match command {
                Command::Caps { provider, .. }
                | Command::Startup { provider, .. }
                | Command::Gupp { provider }
                | Command::Events { provider } => provider.provider,
                _ => None,
            };
            // No setting of the config file changes these answers: it is not read.
            let with_config = !matches!(command, Command::Detect(_) | Command::SessionId(_) | Command::Events { .. });
            let hal = hal(host, g, provider, with_config);
            let diags = diagnostics(g, &hal);
            let mut out = Output::with(String::new(), &diags);
            out.stdout = about_host(command, &hal, &diags, as_json, &mut out.code);
            out
        }
    }
}

/// `hal startup`: one role's plan (`--role`, else the role `GT_ROLE` names), or all
/// eight (`--all-roles`). No role, or a `GT_ROLE` hal cannot map, is a usage error
/// (exit 2) that lists the roles; in JSON the `role_unknown` diagnostic says so too.
fn startup<H: Host>(hal: &Hal<H>, g: &Global, role: Option<AgentRole>, all: bool, agent_id: Option<&str>) -> Output {
    let quote = |s: &str| hal_caps::text::quote_value(std::ffi::OsStr::new(s));
    let var = hal_detect::vars::GT_ROLE;
    let roles = || AgentRole::ALL.iter().map(|r| r.as_str()).collect::<Vec<_>>().join(", ");
    let mut diags = diagnostics(g, hal);
    if let Some(id) = agent_id.filter(|id| !hal_gupp::plain_agent_id(id)) {
        let m = format!(
            "--agent-id {} is not a plain file-name segment; the poll path keeps {}",
            quote(id),
            hal_gupp::plan::AGENT_ID_PLACEHOLDER
        );
        diags.push(Diagnostic::new(DiagnosticCode::OverrideRejected, Some("--agent-id"), m));
    }
    let (role, from_stamp) = match (role, all, hal.stamped_role()) {
        (Some(r), ..) => (r, false),
        (None, true, _) => (AgentRole::Mayor, false),
        (None, false, Some(Ok(r))) => (r, true),
        (None, false, stamp) => {
            let message = match stamp {
                Some(Err(s)) => {
                    let m = format!("{var} = {} names no role; give --role, one of: {}", quote(s), roles());
                    diags.push(Diagnostic::new(DiagnosticCode::RoleUnknown, Some(var), m.clone()));
                    m
                }
                _ => format!("no role: give --role (or run under Gastown's {var}), one of: {}", roles()),
            };
            // A usage error, like every other: nothing on stdout; the message and the
            // diagnostic (`role_unknown` for a stamp hal cannot map) on stderr.
            let mut out = Output::with(String::new(), &diags);
            out.warnings.retain(|w| *w != message);
            out.errors.push(message);
            out.code = 2;
            return out;
        }
    };
    let c = hal.capabilities();
    let stdout = if all {
        let plans: Vec<StartupPlan> = AgentRole::ALL.iter().map(|r| hal.startup_plan_for(*r, agent_id)).collect();
        if g.json {
            versioned(answers::StartupAllRoles { provider: c.provider, family: c.family, plans }, &diags)
        } else {
            plans.iter().map(startup_text).collect::<Vec<_>>().join("\n")
        }
    } else {
        let plan = hal.startup_plan_for(role, agent_id);
        if g.json {
            versioned(answers::Startup { plan, role_source: from_stamp.then_some(var) }, &diags)
        } else {
            let text = startup_text(&plan);
            match hal.role_stamp().filter(|_| from_stamp) {
                Some(stamp) => text.replacen(
                    &format!("role: {role}\n"),
                    &format!("role: {role} (from {var} = {})\n", quote(stamp)),
                    1,
                ),
                None => text,
            }
        }
    };
    Output::with(stdout, &diags)
}

/// The commands that answer about one runtime, detected or given.
fn about_host<H: Host>(command: &Command, hal: &Hal<H>, diags: &[Diagnostic], as_json: bool, code: &mut u8) -> String {
    let c = hal.capabilities();
    match command {
        Command::Detect(_) => {
            let d = hal.detection();
            if as_json { versioned(d, diags) } else { detect_text(d) }
        }
        Command::Caps { .. } => {
            let v = caps_body(hal);
            if as_json { versioned(v, diags) } else { caps_text(hal, &serde_json::to_value(&v).unwrap_or(Value::Null)) }
        }
        Command::Gupp { .. } => {
            let v = answers::Gupp {
                provider: c.provider,
                family: c.family,
                gupp_strategy: c.gupp_strategy,
                stall_threshold_secs: c.stall_threshold.as_secs(),
                nudge_interval_secs: c.nudge_interval.as_secs(),
            };
            if as_json {
                versioned(v, diags)
            } else {
                format!(
                    "provider: {}\ngupp strategy: {}\nstall threshold: {} s\nnudge interval: {} s\n",
                    c.provider,
                    c.gupp_strategy,
                    c.stall_threshold.as_secs(),
                    c.nudge_interval.as_secs()
                )
            }
        }
        Command::Events { .. } => events(hal.capabilities(), as_json, diags),
        Command::SessionId(_) => {
            let s = hal.session();
            if s.is_none() {
                *code = 1;
            }
            if as_json {
                let body = answers::SessionId {
                    provider: c.provider,
                    family: c.family,
                    session_id: s.as_ref().map(|s| s.id.clone()),
                    variable: s.as_ref().map(|s| s.variable.clone()),
                    session_id_vars: hal.session_id_vars(),
                };
                versioned(body, diags)
            } else {
                s.map(|s| format!("{}\n", escape_control(&s.id))).unwrap_or_default()
            }
        }
        _ => {
            let vars = env_vars(hal);
            if as_json {
                let variables = vars.iter().map(|(k, v)| ((*k).to_owned(), v.clone())).collect();
                versioned(answers::Env { provider: c.provider, variables }, diags)
            } else {
                env_lines(&vars)
            }
        }
    }
}

/// A capability row with both notions of hooks.
fn caps_row(capabilities: hal_types::Capabilities) -> answers::CapsRow {
    let native_hooks = native_hooks(capabilities.provider);
    answers::CapsRow { capabilities, hookable_events: native_hooks.hookable_events, native_hooks }
}

/// `caps`: the row, both notions of hooks, the session variables read, every override.
fn caps_body<H: Host>(hal: &Hal<H>) -> answers::Caps {
    let r = hal.resolved();
    answers::Caps {
        row: caps_row(r.capabilities.clone()),
        session_id_vars: hal.session_id_vars(),
        overrides: r.overrides.clone(),
    }
}

/// `caps --all` as text: one line per runtime, the JSON values of [`CAPS_KEYS`]
/// (`native_hooks` as its `inject`), in aligned columns.
fn rows_text(rows: &[Value]) -> String {
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

/// The keys of `caps` text, in order; each line is the JSON value of the key.
const CAPS_KEYS: &[&str] = &[
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
fn text_value(v: &Value) -> String {
    match v {
        Value::Null => "-".to_owned(),
        Value::String(s) => escape_control(s).into_owned(),
        Value::Array(a) if a.is_empty() => "-".to_owned(),
        Value::Array(a) => a.iter().map(text_value).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    }
}

fn caps_text<H: Host>(hal: &Hal<H>, v: &Value) -> String {
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

/// `hal providers`.
fn providers(as_json: bool) -> String {
    let rows = registry::REGISTRY.iter().filter(|r| r.provider != RuntimeProvider::Unknown);
    if as_json {
        let providers = rows
            .map(|r| {
                let native = native_hooks(r.provider);
                answers::Provider {
                    provider: r.provider,
                    id: r.provider,
                    family: r.family(),
                    name: r.name,
                    aliases: r.aliases,
                    strongest_signal: r.strongest_signal(),
                    executables: r.executables,
                    session_hooks: hal_caps::row(r).session_hooks,
                    hooks_inject: native.inject,
                    hookable_events: native.hookable_events,
                    native_hooks: native,
                    sources: r.sources.len(),
                    vendor_verified: r.vendor_verified(),
                    verified: r.verified.as_ref().map(answers::LiveRun::from),
                }
            })
            .collect();
        return versioned(answers::Providers { providers }, &[]);
    }
    let mut s = format!(
        "{:<16} {:<46} {:<13} {:<6} {:>6} {:>7}  {}\n",
        "PROVIDER", "STRONGEST SIGNAL", "SESSION_HOOKS", "INJECT", "EVENTS", "SOURCES", "VERIFIED"
    );
    for r in rows {
        let native = native_hooks(r.provider);
        let _ = writeln!(
            s,
            "{:<16} {:<46} {:<13} {:<6} {:>6} {:>7}  {}",
            r.provider.as_str(),
            r.strongest_signal().unwrap_or_else(|| "-".to_owned()),
            hal_caps::row(r).session_hooks.as_str(),
            native.inject,
            native.hookable_events,
            r.sources.len(),
            match (&r.verified, r.vendor_verified()) {
                (Some(v), _) => format!("verified {}", v.version),
                (None, true) => "vendor".to_owned(),
                (None, false) => "secondary only".to_owned(),
            }
        );
    }
    s
}

/// `hal events`: canonical → native for one runtime, with both notions of hooks.
fn events(c: &hal_types::Capabilities, as_json: bool, diags: &[Diagnostic]) -> String {
    let p = c.provider;
    let hooks = registry::runtime(p).hook_system();
    let native = |e: hal_types::CanonicalEvent| hooks.and_then(|h| h.native_event(e));
    let summary = native_hooks(p);
    if as_json {
        let events = registry::CANONICAL_EVENTS
            .iter()
            .map(|e| answers::Event { canonical: e.as_str(), native: native(*e) })
            .collect();
        let n = summary.hookable_events;
        let body = answers::Events {
            provider: p,
            family: c.family,
            hookable: n,
            hookable_events: n,
            native_hooks: summary,
            session_hooks: c.session_hooks,
            events,
            unmapped: hooks.map_or(&[], |h| h.unmapped),
        };
        return versioned(body, diags);
    }
    let mut s = format!(
        "{p}: {} of {} canonical events hookable (native_hooks: inject {}; session_hooks: {})\n",
        summary.hookable_events,
        registry::CANONICAL_EVENTS.len(),
        summary.inject,
        c.session_hooks
    );
    for e in registry::CANONICAL_EVENTS {
        let _ = writeln!(s, "  {:<22} {}", e.as_str(), native(*e).unwrap_or("-"));
    }
    if let Some(h) = hooks.filter(|h| !h.unmapped.is_empty()) {
        let _ = writeln!(s, "  no canonical event:    {}", h.unmapped.join(", "));
    }
    s.push_str("`hal hook` maps a hook payload on stdin back to these events.\n");
    s
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
/// for; the name in Rust's debug quoting, so nothing in it can break the line.
fn declared_text(d: &Detection) -> Option<String> {
    let (name, var) = (d.agent.as_deref()?, declared_var(d)?);
    let version = d.agent_version.as_deref().map(|v| format!(" version {v:?}")).unwrap_or_default();
    Some(format!("unknown agent {name:?}{version} ({var})"))
}

pub(crate) fn detect_text(d: &Detection) -> String {
    let declared = declared_text(d);
    let mut s = match (&declared, d.provider) {
        (Some(t), RuntimeProvider::Unknown) => t.clone(),
        (Some(t), _) => format!("{} ({}); {t}", d.provider, source_text(d)),
        (None, _) => format!("{} ({})", d.provider, source_text(d)),
    };
    if d.ambiguous {
        s.push_str(" [ambiguous]");
    }
    if d.secondary_only {
        s.push_str(" [secondary sources only]");
    }
    s.push('\n');
    s
}

fn startup_text(p: &hal_types::StartupPlan) -> String {
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

/// `decided`, `passed` or `skipped`: the outcome's word in text and JSON.
const fn outcome_word(o: Outcome) -> &'static str {
    match o {
        Outcome::Decided => answers::OUTCOMES[0],
        Outcome::Passed => answers::OUTCOMES[1],
        _ => answers::OUTCOMES[2],
    }
}

fn explain_json<H: Host>(report: &hal_detect::Report, hal: &Hal<H>, diags: &[Diagnostic]) -> String {
    let d = &report.detection;
    let steps = report
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| answers::Step {
            n: i + 1,
            step: s.kind.label(),
            outcome: outcome_word(s.outcome),
            looked_at: s.looked_at.clone(),
            found: s.found.clone(),
        })
        .collect();
    let body = answers::Explain {
        provider: d.provider,
        family: d.family,
        source: d.source.clone(),
        policy: d.policy,
        ambiguous: d.ambiguous,
        secondary_only: d.secondary_only,
        is_agent: d.is_agent,
        agent: d.agent.clone(),
        agent_version: d.agent_version.clone(),
        agent_context: d.agent_context,
        candidates: d.candidates.clone(),
        steps,
        user_settings: report
            .settings_seen
            .iter()
            .map(|(provider, variable)| answers::UserSetting { variable, provider: *provider })
            .collect(),
        overrides: hal.resolved().overrides.clone(),
    };
    versioned(body, diags)
}

fn explain_text<H: Host>(report: &hal_detect::Report, hal: &Hal<H>) -> String {
    let d = &report.detection;
    let mut s = format!("policy: {}\n", d.policy);
    for (i, step) in report.steps.iter().enumerate() {
        let mark = match step.outcome {
            Outcome::Decided => "DECIDED",
            o => outcome_word(o),
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
    for (provider, var) in &report.settings_seen {
        let _ = writeln!(s, "seen: {var} ({provider}): {}", answers::USER_SETTING);
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

/// The variables `hal env` sets (or unsets), in order, each with what it means (for
/// `hal man`).
pub const ENV_VARS: &[(&str, &str)] = &[
    ("HAL_PROVIDER", "the runtime (`hal detect`)"),
    ("HAL_FAMILY", "the base runtime the provider is a variant of (itself for a base runtime)"),
    ("HAL_SOURCE", "the kind of signal that decided"),
    ("HAL_STARTUP_STRATEGY", "the startup strategy"),
    ("HAL_GUPP_STRATEGY", "the GUPP strategy, overrides applied"),
    ("HAL_STALL_THRESHOLD_SECS", "the stall threshold in seconds"),
    ("HAL_NUDGE_INTERVAL_SECS", "the nudge interval in seconds"),
    ("HAL_SUPPORTS_HOOKS", "1 when the design's session_hooks is yes (startup by hook injection), else 0"),
    (
        "HAL_NATIVE_HOOKS",
        "1 when the runtime's own session-start hook reaches the model (native_hooks.inject yes), else 0",
    ),
    ("HAL_SUPPORTS_NUDGE", "1 when the agent can be nudged, else 0"),
    ("HAL_SESSION_ID", "the session id (`hal session-id`); unset when there is none"),
    ("HAL_IS_AGENT", "1 when an agent signal was seen (a known runtime, or an agent that named itself), else 0"),
    ("HAL_AGENT", "the name an agent declared for itself (AI_AGENT, AGENT), without its version; unset when none"),
];

/// The value of every variable of [`ENV_VARS`], in order; `None`: unset it.
fn env_vars<H: Host>(hal: &Hal<H>) -> Vec<(&'static str, Option<String>)> {
    let c = hal.capabilities();
    let d = hal.detection();
    let flag = |b: bool| Some(if b { "1" } else { "0" }.to_owned());
    ENV_VARS
        .iter()
        .map(|(name, _)| {
            let value = match *name {
                "HAL_PROVIDER" => Some(c.provider.to_string()),
                "HAL_FAMILY" => Some(c.family.to_string()),
                "HAL_SOURCE" => Some(d.source.kind.to_string()),
                "HAL_STARTUP_STRATEGY" => Some(c.startup_strategy.to_string()),
                "HAL_GUPP_STRATEGY" => Some(c.gupp_strategy.to_string()),
                "HAL_STALL_THRESHOLD_SECS" => Some(c.stall_threshold.as_secs().to_string()),
                "HAL_NUDGE_INTERVAL_SECS" => Some(c.nudge_interval.as_secs().to_string()),
                "HAL_SUPPORTS_HOOKS" => flag(c.supports_hooks()),
                "HAL_NATIVE_HOOKS" => flag(native_hooks(c.provider).injects()),
                "HAL_SUPPORTS_NUDGE" => flag(c.supports_nudge()),
                "HAL_IS_AGENT" => flag(d.is_agent),
                "HAL_AGENT" => d.agent.clone(),
                _ => hal.session_id(),
            };
            (*name, value)
        })
        .collect()
}

/// `export NAME=value` (or `unset NAME`) lines that a POSIX shell evaluates into
/// exactly these variables and nothing else, one line each.
fn env_lines(vars: &[(&str, Option<String>)]) -> String {
    vars.iter().fold(String::new(), |mut s, (k, v)| {
        let _ = match v {
            Some(v) => writeln!(s, "{}", export_line(k, v)),
            None => writeln!(s, "unset {k}"),
        };
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

/// `hal schema [COMMAND]`: a schema, or the list; exit 2 for a command without one.
#[cfg(feature = "schema")]
fn schema(command: Option<&str>) -> Output {
    use crate::schema::{OUTPUTS, output};
    let mut out = Output::default();
    match command.map(|c| (c, output(c))) {
        None => {
            let width = OUTPUTS.iter().map(|o| o.command.len()).max().unwrap_or(0);
            for o in OUTPUTS {
                let _ = writeln!(out.stdout, "{:<width$}  {}", o.command, o.about);
            }
        }
        Some((_, Some(o))) => {
            out.stdout = serde_json::to_string_pretty(&o.schema()).unwrap_or_default();
            out.stdout.push('\n');
        }
        Some((c, None)) => {
            let names: Vec<&str> = OUTPUTS.iter().map(|o| o.command).collect();
            out.errors.push(format!(
                "no command `{}` with a JSON answer; expected one of: {}",
                escape_control(c),
                names.join(", ")
            ));
            out.code = 2;
        }
    }
    out
}
