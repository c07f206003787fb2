//! Operator overrides: provider defaults, then the config file, then the environment,
//! within what the runtime can structurally do.

use std::ffi::{OsStr, OsString};
use std::time::Duration;

use serde::Serialize;
use toml::Value;

use hal_types::{Capabilities, Diagnostic, DiagnosticCode, GuppStrategy, RuntimeProvider, Setting, StartupInjection};

use crate::config::{Config, ConfigSource};
use crate::text::shown_value;

/// The shortest accepted stall threshold or nudge interval.
pub const MIN_DURATION: Duration = Duration::from_secs(1);
/// The longest accepted stall threshold or nudge interval.
pub const MAX_DURATION: Duration = Duration::from_hours(24);
/// The program name used in commands when no override names another.
pub const DEFAULT_COMMAND: &str = "gt";

/// One operator variable as found on the host: its name and raw value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawVar {
    /// The variable's name (for messages).
    pub name: &'static str,
    /// Its value, exactly as set (may be any bytes).
    pub value: OsString,
}

/// The operator's raw settings, read by hal-detect, interpreted here.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct RawSettings {
    /// The stall threshold override.
    pub stall_threshold: Option<RawVar>,
    /// The nudge interval override.
    pub nudge_interval: Option<RawVar>,
    /// The GUPP strategy override.
    pub gupp_strategy: Option<RawVar>,
    /// The `gt` program name.
    pub command: Option<RawVar>,
    /// The config file.
    pub config: ConfigSource,
}

impl Default for RawSettings {
    fn default() -> Self {
        Self {
            stall_threshold: None,
            nudge_interval: None,
            gupp_strategy: None,
            command: None,
            config: ConfigSource::Absent,
        }
    }
}

/// Where a value in force came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum OriginKind {
    /// The registry's default for the runtime.
    Default,
    /// The operator config file.
    ConfigFile,
    /// An environment override.
    Env,
    /// An override that was refused; the value before it stands.
    Rejected,
}

/// The origin of one setting, or a refused override.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Origin {
    /// `stall_threshold`, `nudge_interval`, `gupp_strategy` or `command`.
    pub field: Setting,
    /// Where it came from.
    pub origin: OriginKind,
    /// The variable or file that supplied it (`null` for defaults).
    pub source: Option<String>,
    /// The value in force (for [`OriginKind::Rejected`]: the value that was refused,
    /// escaped and truncated, without quotes).
    pub value: String,
    /// The operator's text as given (escaped and truncated, never quoted; quoting
    /// happens only when text output renders it); `null` for defaults.
    pub raw: Option<String>,
    /// Why an override was refused (`null` unless rejected).
    pub reason: Option<String>,
}

/// Capabilities with every override applied, and an account of each.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Resolved {
    /// The row in force.
    pub capabilities: Capabilities,
    /// The `gt` program name in force.
    pub command: String,
    /// Where each overridable value came from, and every refused override.
    pub overrides: Vec<Origin>,
    /// Problems with the settings, each with a stable code.
    pub diagnostics: Vec<Diagnostic>,
}

impl Resolved {
    /// The diagnostics' messages, in order.
    #[must_use]
    pub fn warnings(&self) -> Vec<String> {
        hal_types::messages(&self.diagnostics)
    }
}

/// Parses a duration override: whole seconds (`240`) or with a unit (`240s`, `4m`, `1h`).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (digits, unit) = match t.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => t.split_at(i),
        None => (t, ""),
    };
    if digits.is_empty() {
        return Err("expected whole seconds or a number with s, m or h".to_owned());
    }
    let n: u64 = digits.parse().map_err(|_| "number too large".to_owned())?;
    let scale = match unit.trim() {
        "" | "s" => 1,
        "m" => 60,
        "h" => 3600,
        _ => return Err("unit must be s, m or h".to_owned()),
    };
    let d = n.checked_mul(scale).map(Duration::from_secs).ok_or("number too large")?;
    if !(MIN_DURATION..=MAX_DURATION).contains(&d) {
        return Err("out of range (1 s to 24 h)".to_owned());
    }
    Ok(d)
}

/// Whether the runtime can receive text at start: a launch command that takes a prompt
/// argument, a command palette, or a session-start hook whose output reaches the model
/// (its own, or Gastown's adapter). Registry facts and the capability row.
#[must_use]
pub fn receives_text_at_start(caps: &Capabilities) -> bool {
    let r = crate::registry::runtime(caps.provider);
    r.takes_prompt
        || caps.startup_injection == StartupInjection::CommandPalette
        || caps.session_hooks.is_full()
        || r.hook_system().is_some_and(|h| h.injects())
        || r.gastown.is_some_and(|g| g.delivers_by_hook())
}

/// The GUPP impossibility rule, the one statement of it: whether `strategy` can work
/// on a runtime with these capabilities; `Err` names the missing capability.
///
/// | strategy | possible exactly when |
/// |---|---|
/// | `hook_injection` | session hooks `yes` |
/// | `prompt_preamble` | the runtime can receive text at start ([`receives_text_at_start`]) |
/// | `startup_fallback` | the runtime is known (not `unknown`) |
/// | `polling` | always |
pub fn gupp_possible(caps: &Capabilities, strategy: GuppStrategy) -> Result<(), String> {
    let p = caps.provider;
    match strategy {
        GuppStrategy::HookInjection if !caps.session_hooks.is_full() => Err(format!(
            "{p} lacks session_hooks: yes (it has {}): no session hook that injects is wired",
            caps.session_hooks
        )),
        GuppStrategy::PromptPreamble if !receives_text_at_start(caps) => Err(format!(
            "{p} lacks a way to receive text at start (no launch prompt argument, command palette or injecting hook)"
        )),
        GuppStrategy::StartupFallback if p == RuntimeProvider::Unknown => {
            Err(format!("{strategy} needs a known runtime (the runtime is {p})"))
        }
        _ => Ok(()),
    }
}

fn fmt_secs(d: Duration) -> String {
    format!("{}s", d.as_secs())
}

/// A candidate value for a field: from the config file or the environment.
struct Candidate<'a> {
    kind: OriginKind,
    source: String,
    /// The variable or file path, for the diagnostic's subject.
    subject: String,
    shown: String,
    text: Option<&'a str>,
    number: Option<i64>,
}

struct Resolver<'a> {
    provider: RuntimeProvider,
    config: Option<&'a Config>,
    overrides: Vec<Origin>,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> Resolver<'a> {
    /// The config-file and env candidates for `field`, in precedence order (lowest first).
    fn candidates(&self, field: Setting, env: Option<&'a RawVar>) -> Vec<Candidate<'a>> {
        let mut out = Vec::new();
        if let Some(cfg) = self.config
            && let Some(v) = cfg.value(self.provider, field.as_str())
        {
            out.push(Candidate {
                kind: OriginKind::ConfigFile,
                source: format!("{} ({field})", cfg.path),
                subject: cfg.path.clone(),
                shown: shown_value(OsStr::new(&v.to_string())),
                text: v.as_str(),
                number: v.as_integer(),
            });
        }
        if let Some(var) = env {
            out.push(Candidate {
                kind: OriginKind::Env,
                source: var.name.to_owned(),
                subject: var.name.to_owned(),
                shown: shown_value(&var.value),
                text: var.value.to_str(),
                number: None,
            });
        }
        out
    }

    fn reject(&mut self, code: DiagnosticCode, field: Setting, c: &Candidate<'_>, reason: String, kept: &str) {
        let message = format!("ignoring {} = `{}`: {reason}; using {kept}", c.source, c.shown);
        self.diagnostics.push(Diagnostic::new(code, Some(&c.subject), message));
        self.overrides.push(Origin {
            field,
            origin: OriginKind::Rejected,
            source: Some(c.source.clone()),
            value: c.shown.clone(),
            raw: Some(c.shown.clone()),
            reason: Some(reason),
        });
    }

    /// Records the value in force for `field` and where it came from.
    fn keep(&mut self, field: Setting, origin: (OriginKind, Option<(String, String)>), value: String) {
        let (source, raw) = origin.1.unzip();
        self.overrides.push(Origin { field, origin: origin.0, source, value, raw, reason: None });
    }

    fn duration(&mut self, field: Setting, default: Duration, env: Option<&'a RawVar>) -> Duration {
        let mut value = default;
        let mut origin = (OriginKind::Default, None);
        for c in self.candidates(field, env) {
            let parsed = match (c.number, c.text) {
                (Some(n), _) => u64::try_from(n)
                    .map_err(|_| "out of range (1 s to 24 h)".to_owned())
                    .map(Duration::from_secs)
                    .and_then(|d| parse_duration(&d.as_secs().to_string())),
                (None, Some(t)) => parse_duration(t),
                (None, None) => Err("not text (expected seconds such as 240 or 4m)".to_owned()),
            };
            match parsed {
                Ok(d) => {
                    value = d;
                    origin = (c.kind, Some((c.source, c.shown)));
                }
                Err(reason) => self.reject(DiagnosticCode::OverrideOutOfRange, field, &c, reason, &fmt_secs(value)),
            }
        }
        self.keep(field, origin, fmt_secs(value));
        value
    }

    fn gupp(&mut self, caps: &Capabilities, env: Option<&'a RawVar>) -> GuppStrategy {
        let field = Setting::GuppStrategy;
        let mut value = caps.gupp_strategy;
        let mut origin = (OriginKind::Default, None);
        for c in self.candidates(field, env) {
            let parsed = c
                .text
                .ok_or_else(|| "not text".to_owned())
                .and_then(|t| {
                    // The reason names the accepted values, never the input (it is
                    // quoted, escaped and truncated, once, in the warning).
                    t.trim().to_ascii_lowercase().parse::<GuppStrategy>().map_err(|e| {
                        let meant = hal_types::closest(&e.value, e.accepted.iter().copied())
                            .map(|c| format!("did you mean `{c}`? "))
                            .unwrap_or_default();
                        format!("not a GUPP strategy ({meant}expected one of: {})", e.accepted.join(", "))
                    })
                })
                .and_then(|s| gupp_possible(caps, s).map(|()| s));
            match parsed {
                Ok(s) => {
                    value = s;
                    origin = (c.kind, Some((c.source, c.shown)));
                }
                Err(reason) => self.reject(DiagnosticCode::OverrideRejected, field, &c, reason, value.as_str()),
            }
        }
        self.keep(field, origin, value.to_string());
        value
    }
}

/// Applies the operator's settings to `defaults` (the registry row of the runtime).
#[must_use]
pub fn resolve(defaults: &Capabilities, raw: &RawSettings) -> Resolved {
    let mut diagnostics = Vec::new();
    let unusable = |path: &str, message: String| Diagnostic::new(DiagnosticCode::ConfigUnusable, Some(path), message);
    let config = match &raw.config {
        ConfigSource::Unusable { path, reason } => {
            diagnostics.push(unusable(path, format!("config file {path} not used: {reason}; using built-in defaults")));
            None
        }
        ConfigSource::Missing { path } => {
            diagnostics.push(Diagnostic::new(
                DiagnosticCode::ConfigMissing,
                Some(path),
                format!("config file {path} does not exist; using built-in defaults"),
            ));
            None
        }
        ConfigSource::Text { path, text } => match Config::parse(path, text) {
            Ok(c) => Some(c),
            Err(w) => {
                diagnostics.push(unusable(path, w));
                None
            }
        },
        _ => None,
    };
    if let Some(c) = &config {
        diagnostics.extend(c.problems().into_iter().map(|m| unusable(&c.path, m)));
    }
    let mut r = Resolver { provider: defaults.provider, config: config.as_ref(), overrides: Vec::new(), diagnostics };
    let mut caps = defaults.clone();
    caps.stall_threshold = r.duration(Setting::StallThreshold, caps.stall_threshold, raw.stall_threshold.as_ref());
    caps.nudge_interval = r.duration(Setting::NudgeInterval, caps.nudge_interval, raw.nudge_interval.as_ref());
    caps.gupp_strategy = r.gupp(&caps, raw.gupp_strategy.as_ref());
    if caps.nudge_interval >= caps.stall_threshold {
        r.diagnostics.push(Diagnostic::new(
            DiagnosticCode::NudgeNotShorter,
            Some(Setting::NudgeInterval.as_str()),
            format!(
                "nudge interval {} is not shorter than stall threshold {}: every agent would look stalled before its first nudge",
                fmt_secs(caps.nudge_interval),
                fmt_secs(caps.stall_threshold)
            ),
        ));
    }
    let command = command(raw.command.as_ref(), &mut r);
    Resolved { capabilities: caps, command, overrides: r.overrides, diagnostics: r.diagnostics }
}

fn command(raw: Option<&RawVar>, r: &mut Resolver<'_>) -> String {
    let Some(var) = raw.filter(|v| !v.value.is_empty()) else {
        return DEFAULT_COMMAND.to_owned();
    };
    match var.value.to_str() {
        Some(s) if !s.trim().is_empty() => {
            let shown = shown_value(OsStr::new(s));
            r.keep(Setting::Command, (OriginKind::Env, Some((var.name.to_owned(), shown.clone()))), shown);
            s.to_owned()
        }
        _ => {
            let c = Candidate {
                kind: OriginKind::Env,
                source: var.name.to_owned(),
                subject: var.name.to_owned(),
                shown: shown_value(&var.value),
                text: None,
                number: None,
            };
            r.reject(
                DiagnosticCode::OverrideRejected,
                Setting::Command,
                &c,
                "not valid UTF-8 or blank".to_owned(),
                DEFAULT_COMMAND,
            );
            DEFAULT_COMMAND.to_owned()
        }
    }
}

impl Config {
    /// Unknown runtime sections and unknown keys, as warnings.
    fn problems(&self) -> Vec<String> {
        // The first few unknown keys of a section by name, then how many more.
        const NAMED: usize = 5;
        let check_keys = |section: &str, t: &toml::Table| -> Vec<String> {
            let unknown = || t.keys().filter(|k| !crate::config::KEYS.contains(&k.as_str()));
            let mut out: Vec<String> = unknown()
                .take(NAMED)
                .map(|k| {
                    format!(
                        "config file {}: unknown key `{}` in [{section}] (known: {})",
                        self.path,
                        crate::text::shown_value(std::ffi::OsStr::new(k)),
                        crate::config::KEYS.join(", ")
                    )
                })
                .collect();
            let more = unknown().skip(NAMED).count();
            if more > 0 {
                out.push(format!("config file {}: and {more} more unknown key(s) in [{section}]", self.path));
            }
            out
        };
        let mut out = check_keys("defaults", self.defaults());
        for (id, v) in self.runtimes() {
            let section = format!("runtime.{}", crate::text::escape_control(id));
            match v {
                Value::Table(t) if crate::registry::lookup(id).is_some() => out.extend(check_keys(&section, t)),
                Value::Table(_) => out
                    .push(format!("config file {}: [{section}] names no runtime hal knows; it is ignored", self.path)),
                _ => out.push(format!("config file {}: `{section}` must be a table", self.path)),
            }
        }
        out.extend(self.shadowed());
        out
    }

    /// Keys set in two sections naming one runtime (`[runtime.claude]` and
    /// `[runtime.claude-code]`): the sections are merged, and each key set twice is
    /// reported with the section that wins.
    fn shadowed(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut done = Vec::new();
        for id in self.runtimes().keys() {
            let Some(provider) = crate::registry::lookup(id) else { continue };
            if done.contains(&provider) {
                continue;
            }
            done.push(provider);
            let sections = self.sections(provider);
            for (i, (winner, table)) in sections.iter().enumerate() {
                for (loser, other) in &sections[i + 1..] {
                    for key in table.keys().filter(|k| other.contains_key(k.as_str())) {
                        out.push(format!(
                            "config file {}: `{}` is set in [runtime.{}] and in [runtime.{}], which both name {provider}; [runtime.{}] wins",
                            self.path,
                            crate::text::escape_control(key),
                            crate::text::escape_control(winner),
                            crate::text::escape_control(loser),
                            crate::text::escape_control(winner),
                        ));
                    }
                }
            }
        }
        out
    }
}
