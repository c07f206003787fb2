//! `hal-caps`: the capability matrix, operator overrides and the launch planner, over
//! the runtime registry (`hal-registry`, re-exported as [`registry`]).
//!
//! Pure: nothing here reads the environment, a file or the process table. The
//! registry holds runtime facts (including the *names* of the variables runtimes set)
//! as data; hal-detect matches the host against them and hands the raw operator
//! settings back here ([`RawSettings`]) to be interpreted by [`resolve`].

pub mod config;
pub mod fragment;
pub mod launch;
pub mod native;
pub mod overrides;

// The registry and the payload readers are crates of their own; their old paths here
// stay (`hal_caps::registry`, `hal_caps::hook`, ...).
pub use hal_payload::{hook, manifest, text};
pub use hal_registry as registry;
pub use hal_registry::{platform, vars};

pub use config::{Config, ConfigSource, MAX_CONFIG_BYTES};
pub use native::{NativeHooks, hooks_disagreement, native_hooks, native_hooks_at};
pub use overrides::{
    DEFAULT_COMMAND, Origin, OriginKind, RawSettings, RawVar, Resolved, gupp_possible, parse_duration,
    receives_text_at_start, resolve,
};
pub use registry::{REGISTRY, Runtime, family, lookup, runtime};

use hal_types::{Capabilities, GuppStrategy, RuntimeProvider, StartupInjection, StartupStrategy, Support};

use crate::registry::UNKNOWN_CAPS;

/// The built-in capability row of `provider`, before overrides: the design's row for
/// claude, codex, gemini, cursor and unknown, else derived from the registry ([`derive()`]).
#[must_use]
pub fn capabilities(provider: RuntimeProvider) -> Capabilities {
    row(runtime(provider))
}

/// The built-in row of a registry entry, always with the entry's own provider and
/// family: the design's literal row; for a variant of a design runtime (cowork,
/// groq-compound, codebuddy → claude; qwen-code → gemini) its base's literal row;
/// else [`derive()`]d from the entry's facts, a variant's inherited where it states
/// none of its own. A variant's listed departures ([`Runtime::cap_overrides`]) apply last.
#[must_use]
pub fn row(r: &Runtime) -> Capabilities {
    let literal = r.caps.or_else(|| r.variant_of.and_then(|p| runtime(p).caps));
    let base = literal.cloned().unwrap_or_else(|| derive(r));
    let mut caps = r.cap_overrides.iter().fold(base, |c, o| o.apply(c));
    caps.provider = r.provider;
    caps.family = r.family();
    caps
}

/// The documented derivation of a capability row from registry facts. Where Gastown
/// has a preset for the runtime, its integration decides (so the row and the startup
/// plan agree, and no runtime is primed twice):
///
/// - Gastown installs an adapter that primes at session start, and no live run showed
///   its output missing the model ([`registry::GastownPreset::delivers_by_hook`]) →
///   session hooks `yes`, startup and GUPP `hook_injection`, startup injection by
///   SessionStart hook;
/// - otherwise → `startup_fallback` (`gt prime` at start, the startup nudge after
///   2000 ms), session hooks `partial` when the runtime has hooks of its own (hooks
///   Gastown's integration does not use), else `no`.
///
/// Without a preset, the runtime's native facts decide:
///
/// - a session-start hook whose output reaches the model, on a fact that is not
///   unconfirmed, or a startup plugin hal writes ([`registry::Hooks::plugin`]) → as an
///   adapter above;
/// - otherwise, a launch command that takes an initial prompt → `startup_fallback`,
///   session hooks `partial` when the runtime has hooks that cannot inject, else `no`;
/// - otherwise the `unknown` row's strategies (`polling`), hooks `partial` or `no`.
///
/// Always: the `unknown` row's stall threshold and nudge interval, nudges through the
/// filesystem, the runtime's first session variable and its context-fork fact.
#[must_use]
pub fn derive(r: &Runtime) -> Capabilities {
    let u = &UNKNOWN_CAPS;
    let session = r.own_session_vars().first().copied();
    let hooks = r.hook_system();
    let (injects, prompt) = match r.gastown {
        Some(g) => (g.delivers_by_hook(), true),
        None => (hooks.is_some_and(|h| h.primes()), r.takes_prompt),
    };
    let (strategy, gupp, injection) = match (injects, prompt) {
        (true, _) => (StartupStrategy::HookInjection, GuppStrategy::HookInjection, StartupInjection::SessionStartHook),
        (_, true) => (StartupStrategy::StartupFallback, GuppStrategy::StartupFallback, StartupInjection::PrimeFallback),
        _ => (u.startup_strategy, u.gupp_strategy, u.startup_injection),
    };
    let hooks = match (injects, hooks) {
        (true, _) => Support::Yes,
        (false, Some(_)) => Support::Partial,
        (false, None) => Support::No,
    };
    Capabilities::new(r.provider, session, strategy, gupp, u.stall_threshold, u.nudge_interval)
        .with_session_hooks(hooks)
        .with_startup_injection(injection)
        .with_context_fork(r.context_fork)
        .with_nudge_support(u.nudge_support)
}

/// The built-in row of `provider` at `version` (`None`: unknown, the newest's row):
/// [`capabilities`], then the version's departures ([`at_version`]).
#[must_use]
pub fn capabilities_at(provider: RuntimeProvider, version: Option<&registry::Version>) -> Capabilities {
    let r = runtime(provider);
    at_version(row(r), &registry::dated::At::new(r, version.copied()))
}

/// A row as it holds at one version: a plan of `hook_injection` needs the session-start
/// event at that version (Claude Code 1.0.x before its `SessionStart` has none), else the
/// startup fallback (or the `unknown` row's strategies for a runtime that takes no
/// prompt); a version without the hook system has no session hooks.
#[must_use]
pub fn at_version(mut caps: Capabilities, at: &registry::dated::At<'_>) -> Capabilities {
    let hooks = at.hook_system().is_some();
    let starts = at.native_event(hal_types::CanonicalEvent::SessionStart).is_some();
    if caps.startup_strategy == StartupStrategy::HookInjection && !starts {
        let u = &UNKNOWN_CAPS;
        let (strategy, gupp, injection) = if at.runtime.takes_prompt {
            (StartupStrategy::StartupFallback, GuppStrategy::StartupFallback, StartupInjection::PrimeFallback)
        } else {
            (u.startup_strategy, u.gupp_strategy, u.startup_injection)
        };
        caps.startup_strategy = strategy;
        if caps.gupp_strategy == GuppStrategy::HookInjection {
            caps.gupp_strategy = gupp;
        }
        caps.startup_injection = injection;
        caps.session_hooks = if hooks { Support::Partial } else { Support::No };
    } else if !hooks {
        caps.session_hooks = Support::No;
    }
    caps
}

/// What an answer for `provider` at `version` must say about the version: with the
/// version unknown, a `version_unknown` diagnostic naming each floor the newest
/// version's answer rests on (`"SessionStart needs Claude Code ≥ <version>"`); with a
/// version older than the registry dates, `version_unsupported`; with a known version
/// no live run verified, `version_unverified` ([`version_unverified`]). Nothing for a
/// runtime without dated facts or a verified record.
#[must_use]
pub fn version_diagnostics(
    provider: RuntimeProvider,
    version: Option<&registry::Version>,
) -> Vec<hal_types::Diagnostic> {
    use hal_types::{Diagnostic, DiagnosticCode};
    let r = runtime(provider);
    let Some(h) = r.history else { return version.and_then(|v| version_unverified(r, v)).into_iter().collect() };
    let at = registry::dated::At::new(r, version.copied());
    let newest = r.verified.map_or_else(|| "newest".to_owned(), |v| format!("newest verified version, {}", v.version));
    match version {
        None => {
            let floors: Vec<String> =
                at.floors().iter().map(|(what, span)| format!("{what} needs {} {}", r.name, span.label())).collect();
            if floors.is_empty() {
                return Vec::new();
            }
            let message = format!("{}; version unknown: answering for the {newest}", floors.join(", "));
            vec![Diagnostic::new(DiagnosticCode::VersionUnknown, Some(provider.as_str()), message)]
        }
        Some(v) if at.older_than_supported() => {
            let message = format!(
                "{} {v} is older than the oldest version hal dates facts for ({}); its answers may be wrong",
                r.name, h.oldest
            );
            vec![Diagnostic::new(DiagnosticCode::VersionUnsupported, Some(provider.as_str()), message)]
        }
        Some(v) => version_unverified(r, v).into_iter().collect(),
    }
}

/// The `version_unverified` diagnostic of runtime `r` at `version`, when no live run
/// verified that version ([`registry::Verified`]): newer than the newest verified one
/// (the answer extrapolates from it), between two verified ones (both named), or older
/// than the oldest verified one. The message always names the newest verified
/// version. `None` for a verified version, or a runtime without a verified record.
#[must_use]
pub fn version_unverified(r: &registry::Runtime, version: &registry::Version) -> Option<hal_types::Diagnostic> {
    use hal_types::{Diagnostic, DiagnosticCode};
    let verified = r.verified?;
    let mut seen: Vec<(registry::Version, &str)> =
        verified.versions().filter_map(|t| registry::Version::parse(t).map(|v| (v, t))).collect();
    seen.sort_by_key(|a| a.0);
    if seen.iter().any(|(v, _)| v == version) {
        return None;
    }
    let newest = seen.last().map_or(verified.version, |(_, t)| *t);
    let below = seen.iter().rev().find(|(v, _)| v < version).map(|(_, t)| *t);
    let above = seen.iter().find(|(v, _)| v > version).map(|(_, t)| *t);
    let name = r.name;
    let message = match (below, above) {
        (_, None) => format!(
            "{name} {version} is newer than the newest verified version, {newest}: no live run verified it, the answer extrapolates from {newest}"
        ),
        (Some(lo), Some(hi)) => format!(
            "{name} {version} lies between the verified versions {lo} and {hi}: no live run verified it (newest verified version, {newest})"
        ),
        (None, Some(oldest)) => format!(
            "{name} {version} is older than the oldest verified version, {oldest}: no live run verified it (newest verified version, {newest})"
        ),
    };
    Some(Diagnostic::new(DiagnosticCode::VersionUnverified, Some(r.provider.as_str()), message))
}

/// Every built-in row, in registry order.
#[must_use]
pub fn all_capabilities() -> Vec<Capabilities> {
    REGISTRY.iter().map(row).collect()
}
