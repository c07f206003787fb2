//! The dated facts' shape: the versions a fact holds for ([`Span`]) and a runtime's
//! [`History`] (its hooks, variables and `AI_AGENT` forms over its versions; its events'
//! versions are their rows', `NativeEvent::span`),
//! each fact citing the packages read. Plain data: `dated` reads it at one version.

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
    /// Holds at every version (as far back as the registry knows, and still).
    pub const ANY: Self = Self { since: None, until: None };

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

    /// `≥ 1.0.60`, `2.1.122-2.1.123`, `≤ 2.1.100` or `any version`, as messages show it.
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
    /// Markers and session variables per version range.
    pub vars: &'static [VarSpan],
    /// The forms of the runtime's `AI_AGENT`.
    pub ai_agent: &'static [AgentForm],
    /// From which versions the runtime overwrites `AI_AGENT` for its children (so,
    /// beside its markers, a foreign `AI_AGENT` was set by a nearer agent).
    ///
    /// The overwrite rule (hal-detect's arbiter), with no runtime ancestor: a declared
    /// `AI_AGENT` foreign to every runtime whose markers stand beside it (neither of the
    /// other's family nor keeping its markers) decides when each of them overwrites at its
    /// known version, since the name would otherwise be theirs: the declared agent ran
    /// below them. A runtime that does not overwrite at its version, or whose version is
    /// unknown, leaves both orders possible: the markers' runtime by priority, `ambiguous`
    /// and `agent_ambiguous`. The declared runtime's own overwriting settles nothing
    /// (whichever runs nearer, its name is written last when it is the nearer, and kept
    /// when the other does not overwrite).
    pub overwrites_ai_agent: Option<Span>,
}

impl History {
    /// A history that dates events only (oh-my-pi's, Kimi's): `oldest`, the oldest
    /// version read; the hook system at every version (`cite`: the packages read); no
    /// dated variables or `AI_AGENT` forms.
    #[must_use]
    pub const fn events_only(oldest: &'static str, packages: &'static [&'static str], cite: &'static str) -> Self {
        Self {
            oldest,
            packages,
            version_vars: &[],
            install_vars: &[],
            hooks: HookHistory { span: Span::ANY, switch: None, before: None, cite },
            vars: &[],
            ai_agent: &[],
            overwrites_ai_agent: None,
        }
    }
}
