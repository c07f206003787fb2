//! Facts that hold for a range of a runtime's versions, and what a runtime is at one
//! version. Each fact cites the packages it was read from (`History`'s data lives in
//! `history`, one record per runtime whose facts moved between versions).
//!
//! A fact's `since` is the first version read that has it (the truth may be earlier:
//! hal under-claims between two versions read, never over-claims, because a Claude
//! Code ≤ 2.0.x settings file naming one event the version lacks runs no hook at all).

use hal_types::CanonicalEvent;

use super::model::{Hooks, Runtime};
use super::version::Version;

/// The versions a fact holds for: from `since` (inclusive; `None`: as far back as the
/// registry knows) through `until` (the last version read that has it; `None`: still).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Span {
    /// The first version read that has the fact.
    pub since: Option<&'static str>,
    /// The last version read that has it, where it went away.
    pub until: Option<&'static str>,
}

impl Span {
    /// Holds from `since` on.
    #[must_use]
    pub const fn since(version: &'static str) -> Self {
        Self { since: Some(version), until: None }
    }

    /// Holds from `since` through `until`.
    #[must_use]
    pub const fn between(since: &'static str, until: &'static str) -> Self {
        Self { since: Some(since), until: Some(until) }
    }

    /// Whether the fact holds at `v`.
    #[must_use]
    pub fn holds(&self, v: &Version) -> bool {
        self.since.is_none_or(|s| v.at_least(s))
            && self.until.is_none_or(|u| Version::parse(u).is_some_and(|u| *v <= u))
    }

    /// `≥ 1.0.62`, `2.1.122-2.1.123`, `≤ 2.1.100` or `any version`, as messages show it.
    #[must_use]
    pub fn label(&self) -> String {
        match (self.since, self.until) {
            (Some(s), Some(u)) => format!("{s}-{u}"),
            (Some(s), None) => format!("≥ {s}"),
            (None, Some(u)) => format!("≤ {u}"),
            (None, None) => "any version".to_owned(),
        }
    }
}

/// A hook event's versions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct EventSpan {
    /// The native event name (as in the runtime's event map).
    pub native: &'static str,
    /// The versions that have it.
    pub span: Span,
    /// The packages read.
    pub cite: &'static str,
}

/// A variable the runtime sets for its children, with its versions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct VarSpan {
    /// The variable.
    pub var: &'static str,
    /// Where it is set: `tools`, `hooks` or `tools and hooks`.
    pub set_for: &'static str,
    /// The versions that set it.
    pub span: Span,
    /// The packages read (or the runs seen).
    pub cite: &'static str,
}

/// A form of the runtime's `AI_AGENT` value, with its versions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct AgentForm {
    /// The form, `<v>` standing for the version (`claude-code_<v>_agent`).
    pub form: &'static str,
    /// The versions that write it.
    pub span: Span,
    /// Where it was seen.
    pub cite: &'static str,
}

/// A runtime's hook system over its versions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct HookHistory {
    /// The versions that have the hook system.
    pub span: Span,
    /// A configuration switch the hook system needs to run at all (Codex's
    /// `[features] hooks = true`), `None` when hooks run as configured.
    pub switch: Option<&'static str>,
    /// The callback versions before the hook system have instead (Codex's `notify`).
    pub before: Option<&'static str>,
    /// The packages read.
    pub cite: &'static str,
}

/// What moved between a runtime's versions: the registry's dated facts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct History {
    /// The oldest version the registry dates facts for: the oldest it supports.
    pub oldest: &'static str,
    /// npm packages the runtime ships as, beside the row's script anchors (a package
    /// that moved: Pi's `@earendil-works/pi-coding-agent`).
    pub packages: &'static [&'static str],
    /// Variables the runtime sets to its own version for its children (`CODEX_VERSION`).
    pub version_vars: &'static [&'static str],
    /// Variables the runtime sets to a path inside its install (`CLAUDE_CODE_EXECPATH`,
    /// `CODEX_MANAGED_PACKAGE_ROOT`): the package's manifest is found from them.
    pub install_vars: &'static [&'static str],
    /// The hook system's versions.
    pub hooks: HookHistory,
    /// Each native event's versions; an event of the row's map not listed holds
    /// wherever the hook system does.
    pub events: &'static [EventSpan],
    /// Markers and session variables per version range.
    pub vars: &'static [VarSpan],
    /// The forms of the runtime's `AI_AGENT`.
    pub ai_agent: &'static [AgentForm],
    /// From which versions the runtime overwrites `AI_AGENT` for its children (so,
    /// beside its markers, a foreign `AI_AGENT` was set by a nearer agent).
    pub overwrites_ai_agent: Option<Span>,
}

impl Runtime {
    /// The npm packages the runtime ships as: its script anchors' packages
    /// (`@google/gemini-cli/` → `@google/gemini-cli`) and its history's.
    #[must_use]
    pub fn packages(&self) -> Vec<&'static str> {
        let anchors = self.scripts.iter().map(|s| s.trim_end_matches('/')).filter(|s| !s.is_empty());
        let mut out: Vec<&'static str> =
            anchors.chain(self.history.iter().flat_map(|h| h.packages.iter().copied())).collect();
        out.dedup();
        out
    }
}

impl History {
    /// The versions that have `native`, where it is dated.
    #[must_use]
    pub fn event_span(&self, native: &str) -> Option<&EventSpan> {
        self.events.iter().find(|e| e.native == native)
    }
}

/// A runtime at one version (or at the newest, when the version is unknown): what of
/// its row holds there.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct At<'a> {
    /// The row.
    pub runtime: &'a Runtime,
    /// The version, when known.
    pub version: Option<Version>,
}

impl<'a> At<'a> {
    /// `runtime` at `version` (`None`: unknown, answered for the newest).
    #[must_use]
    pub const fn new(runtime: &'a Runtime, version: Option<Version>) -> Self {
        Self { runtime, version }
    }

    fn history(&self) -> Option<&'static History> {
        self.runtime.history
    }

    /// Whether the version is known and the hook system is not there yet (or any more).
    #[must_use]
    pub fn lacks_hooks(&self) -> bool {
        match (self.history(), &self.version) {
            (Some(h), Some(v)) => !h.hooks.span.holds(v),
            _ => false,
        }
    }

    /// The hook system at this version: the row's, or none before it existed.
    #[must_use]
    pub fn hook_system(&self) -> Option<Hooks> {
        if self.lacks_hooks() { None } else { self.runtime.hook_system() }
    }

    /// Whether `native` is an event of this version (always, for an event not dated
    /// or an unknown version).
    #[must_use]
    pub fn has_event(&self, native: &str) -> bool {
        match (self.history().and_then(|h| h.event_span(native)), &self.version) {
            (Some(e), Some(v)) => e.span.holds(v),
            _ => true,
        }
    }

    /// Canonical → native, for the events this version has.
    #[must_use]
    pub fn events(&self) -> Vec<(CanonicalEvent, &'static str)> {
        self.hook_system()
            .map(|h| h.events.iter().copied().filter(|(_, n)| self.has_event(n)).collect())
            .unwrap_or_default()
    }

    /// The native name of `canonical` at this version, if it can be hooked there.
    #[must_use]
    pub fn native_event(&self, canonical: CanonicalEvent) -> Option<&'static str> {
        self.events().into_iter().find(|(c, _)| *c == canonical).map(|(_, n)| n)
    }

    /// The switch the hook system needs at this version, if any.
    #[must_use]
    pub fn switch(&self) -> Option<&'static str> {
        self.hook_system()?;
        self.history().and_then(|h| h.hooks.switch)
    }

    /// The callback a version without the hook system has instead (`notify`).
    #[must_use]
    pub fn mechanism_instead(&self) -> Option<&'static str> {
        if self.lacks_hooks() { self.history().and_then(|h| h.hooks.before) } else { None }
    }

    /// Whether the version is known and older than the oldest the registry dates.
    #[must_use]
    pub fn older_than_supported(&self) -> bool {
        match (self.history(), &self.version) {
            (Some(h), Some(v)) => !v.at_least(h.oldest),
            _ => false,
        }
    }

    /// The dated facts an answer for the newest version rests on, as
    /// `(what, span)`: the hook system's first version and each mapped event's, where
    /// the newest version has them and older ones did not. Empty for a runtime
    /// without history.
    #[must_use]
    pub fn floors(&self) -> Vec<(String, Span)> {
        let Some(h) = self.history() else { return Vec::new() };
        let mut out = Vec::new();
        if h.hooks.span.since.is_some() {
            out.push((format!("{}'s hook system", self.runtime.name), h.hooks.span));
        }
        if let Some(start) = self.runtime.hook_system().and_then(|x| x.native_event(CanonicalEvent::SessionStart))
            && let Some(e) = h.event_span(start)
            && e.span.since.is_some()
        {
            out.push((format!("`{start}`"), e.span));
        }
        out
    }
}
