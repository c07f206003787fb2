//! How to start each runtime: its launch facts, as data (issue "How to start it").
//!
//! Per runtime: the executable, the interactive start, the non-interactive start
//! (subcommand or flag, where the prompt goes, the output flag and its values), the
//! autonomy levels (`none`, `edits`, `full`: what each maps to, and which a runtime
//! lacks), resume by id and continue the latest, the model flag, the instructions
//! files, the config directory and the variable that moves it, the hook trust switch or
//! rule, the ready prompt prefix, whether Escape cancels a request, the ACP entry, the
//! environment it needs and the variables it stamps on its children. Every fact cites
//! its [`Source`](super::model::Source) (whose [`Standing`](super::model::Standing) says how far it is
//! backed: verified by the conformance suite at a version, the vendor's, or an
//! orchestrator's); an argument a version lacks carries its [`Span`](super::span::Span).
//!
//! Beside the rows: [`GASTOWN_FIELDS`], each of Gastown's 27 preset fields and hal's
//! counterpart (or why there is none), and [`clear_vars`], the variables a child must
//! not inherit, derived from every row's markers and session variables.
//!
//! `hal_caps::launch` turns these facts and a request into a plan; this module states
//! facts only.

use hal_types::RuntimeProvider as P;

pub use super::launch_shape::{
    Args, Autonomy, Cited, ConfigDir, Launch, Level, Output, PromptAt, Resume, Start, Style, Trust, TrustSetting,
    WORKSPACE, args_at,
};
use super::model::{Runtime, ValueRule};
pub use super::runtimes::LAUNCH;
use super::runtimes::REGISTRY;

/// The launch facts of `provider`, if hal has them.
#[must_use]
pub fn launch(provider: P) -> Option<&'static Launch> {
    LAUNCH.iter().find(|l| l.provider == provider)
}

/// One of Gastown's preset fields and hal's counterpart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct GastownField {
    /// The field of Gastown's `AgentPresetInfo`.
    pub field: &'static str,
    /// hal's counterpart (where it lives), or `None`.
    pub hal: Option<&'static str>,
    /// Why there is none, or how the counterpart differs.
    pub note: &'static str,
}

const fn gf(field: &'static str, hal: &'static str, note: &'static str) -> GastownField {
    GastownField { field, hal: Some(hal), note }
}

const fn none(field: &'static str, note: &'static str) -> GastownField {
    GastownField { field, hal: None, note }
}

/// Every field of Gastown's preset (`AgentPresetInfo`, 27 fields) and hal's counterpart,
/// or the stated reason there is none.
pub const GASTOWN_FIELDS: &[GastownField] = &[
    gf("Name", "provider id; GastownPreset.name (GT_AGENT)", ""),
    gf("Command", "Launch.executable", "checked to be one of the row's executables or script names"),
    gf(
        "Args",
        "Launch.autonomy.full",
        "Gastown's default args are its autonomous start; hal names none, edits and full",
    ),
    gf(
        "Env",
        "Launch.env, Launch.env_from and each autonomy level's env",
        "OPENCODE_PERMISSION is opencode's full level",
    ),
    gf("ProcessNames", "Runtime.executables; GastownPreset.process_names", "hal-detect names processes from the row"),
    gf(
        "SessionIDEnv",
        "Runtime.session_vars",
        "where Gastown's variable is not set by the runtime, Launch.gastown_stale says so",
    ),
    gf("ResumeFlag", "Launch.resume.by_id", ""),
    gf("ContinueFlag", "Launch.resume.latest", ""),
    gf("ResumeStyle", "Launch.resume.style", "flag or subcommand"),
    gf("SupportsHooks", "Runtime.hooks (and the dated hook history)", "hal's is the runtime's own hook system"),
    gf("SupportsForkSession", "Runtime.context_fork", ""),
    gf(
        "NonInteractive",
        "Launch.print and Launch.output",
        "subcommand or flag, where the prompt goes, the output flag and its values",
    ),
    gf("PromptMode", "Launch.interactive.prompt and Launch.print.prompt", "argv, flag, stdin or typed"),
    gf("ConfigDirEnv", "Launch.config_dir.var", ""),
    gf("ConfigDir", "Launch.config_dir.dir", "hal's is the runtime's user directory"),
    gf("HooksProvider", "Runtime.hooks.schema; Adapter.kind", ""),
    gf("HooksDir", "Adapter.file (its directory); Hooks.files", ""),
    gf("HooksSettingsFile", "Adapter.file", ""),
    gf(
        "HooksInformational",
        "Hooks.inject (nudge or no)",
        "hal says whether a session-start hook's output reaches the model",
    ),
    none(
        "HooksUseSettingsDir",
        "a launcher's choice (Claude's --settings DIR), not a runtime fact: hal's plan names the workspace hook file",
    ),
    gf("ReadyPromptPrefix", "Launch.ready_prompt", ""),
    gf("ReadyDelayMs", "GastownPreset.ready_delay_ms", "a delay is Gastown's tuning; hal keeps Gastown's value, cited"),
    gf("InstructionsFile", "Launch.instructions", "every file the runtime reads, the one to write first"),
    gf("EmitsPermissionWarning", "Launch.startup_dialog", ""),
    gf(
        "HasTurnBoundaryDrain",
        "the prompt.submit event of Runtime.hooks",
        "a runtime drains at turn boundaries when it has that event",
    ),
    gf("EscapeCancelsRequest", "Launch.escape_cancels", ""),
    gf("ACP", "Launch.acp", "the arguments that make the runtime speak ACP on stdio"),
];

/// Variables that a child may inherit and that hal never clears: Gastown's own stamps
/// (`GT_*`) mean to pass down, and the OS's variables are no runtime's.
#[must_use]
pub fn kept(var: &str) -> bool {
    var.starts_with("GT_") || super::GENERIC_VARS.contains(&var)
}

/// A variable on the clear-list: a runtime's marker (cleared when its value is one the
/// marker counts), session variable or stamp (cleared whenever set).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Clear {
    /// The variable.
    pub var: &'static str,
    /// The rule its value must meet to be cleared; `None`: any value.
    pub rule: Option<ValueRule>,
    /// The runtime that sets it.
    pub provider: P,
}

fn row_clears(r: &'static Runtime) -> impl Iterator<Item = Clear> {
    let p = r.provider;
    let any = move |var: &'static str| Clear { var, rule: None, provider: p };
    let markers = r.markers.iter().map(move |m| Clear { var: m.var, rule: Some(m.value), provider: p });
    let verified = r.verified.iter().flat_map(|v| v.tool_vars.iter().chain(v.hook_vars).chain(v.session_vars));
    let history = r.history.iter().flat_map(|h| {
        h.vars.iter().map(|v| v.var).chain(h.version_vars.iter().copied()).chain(h.install_vars.iter().copied())
    });
    let stamps = launch(p).into_iter().flat_map(|l| l.stamps.iter().copied());
    markers.chain(
        r.session_vars
            .iter()
            .copied()
            .chain(r.cascade_session_var)
            .chain(verified.copied())
            .chain(history)
            .chain(stamps)
            .map(any),
    )
}

/// The clear-list: every row's markers (with their value rules), session variables,
/// the variables live runs saw it set for its tools and hooks, its dated variables and
/// its stamps; not the variables a user sets for it (`settings`), nor [`kept`] ones.
/// One entry per variable (a marker's rule where a row makes it one, else any value).
#[must_use]
pub fn clear_vars() -> Vec<Clear> {
    let mut out: Vec<Clear> = Vec::new();
    for r in REGISTRY {
        for c in row_clears(r) {
            if kept(c.var) || REGISTRY.iter().any(|r| r.settings.contains(&c.var)) {
                continue;
            }
            match out.iter_mut().find(|o| o.var == c.var) {
                // Any value beats a rule: a stamp of one row is a marker of another.
                Some(o) if c.rule.is_none() => o.rule = None,
                Some(_) => {}
                None => out.push(c),
            }
        }
    }
    out.sort_by(|a, b| a.var.cmp(b.var));
    out
}

/// The variables of the clear-list that `value` (the launcher's environment) holds in
/// a form that counts, sorted: what a child must not inherit.
#[must_use]
pub fn env_unset(value: &dyn Fn(&str) -> Option<String>) -> Vec<&'static str> {
    clear_vars()
        .into_iter()
        .filter(|c| {
            let v = value(c.var);
            match c.rule {
                None => v.is_some(),
                Some(rule) => rule.matches(v.as_deref()),
            }
        })
        .map(|c| c.var)
        .collect()
}
