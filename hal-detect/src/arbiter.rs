//! The one rule for inherited state, as a pure function.
//!
//! Markers, `AI_AGENT` and Gastown's `GT_AGENT` stamp are environment state: every
//! process below the runtime that set them inherits them, nested agents included. So
//! they are arbitrated the same way, by the nearest runtime ancestor (found by its own
//! executable name, by the script an interpreter runs, or by a name `GT_PROCESS_NAMES`
//! lists):
//!
//! - the nearest ancestor decides when it is a runtime other than, and not of the
//!   family of, every inherited signal: the signals were inherited from further up;
//! - when some signal names the ancestor's family, that signal stands, and may refine
//!   the ancestor (a `cowork` combination under a `claude` process is cowork); an
//!   ancestor that is itself the more specific (a `kilo` process under an inherited
//!   `OPENCODE=1`) decides;
//! - without a runtime ancestor, the documented priority decides (the stamp, then
//!   markers in registry order, then `AI_AGENT`), flagged `ambiguous` when signals of
//!   unrelated runtimes are present, or an agent declared itself (`AI_AGENT`, known or
//!   not: `codex@1.2.3`, `custom-agent`) beside another runtime's markers;
//! - the overwrite rule settles that last case: a runtime that overwrites `AI_AGENT`
//!   for its children at its version (the registry's `History::overwrites_ai_agent`;
//!   Claude Code from 2.1.120) would have replaced the declared name had it been the
//!   nearer, so when every runtime whose markers stand beside a foreign declared name
//!   is known to overwrite it, the declared agent ran below them and decides
//!   ([`Decision::Declared`]). A runtime that does not overwrite, or whose version is
//!   unknown, leaves both orders possible: ambiguous, answered by priority.
//!
//! A nearer ancestor always beats a farther one. Under policy `ancestry` an ancestor
//! known by its own name (executable or `GT_PROCESS_NAMES`) decides before any signal.

use hal_caps::registry;
use hal_types::{Policy, RuntimeProvider, SourceKind, Strength};

use crate::identify::{AncestorMatch, Evidence};

/// An inherited signal that names a runtime.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Signal {
    /// The runtime it names.
    pub provider: RuntimeProvider,
    /// [`SourceKind::OrchestratorStamp`] or [`SourceKind::Marker`].
    pub kind: SourceKind,
    /// The variable(s) seen (`GT_AGENT`, `CLAUDECODE`, `A+B` for a combination, `AI_AGENT`).
    pub name: String,
    /// How far it can be trusted (`AI_AGENT` is weak).
    pub strength: Strength,
    /// Whether only third parties back it.
    pub secondary: bool,
}

impl Signal {
    /// A signal of `provider` of `kind`, seen as `name`.
    #[must_use]
    pub fn new(provider: RuntimeProvider, kind: SourceKind, name: impl Into<String>, strength: Strength) -> Self {
        Self { provider, kind, name: name.into(), strength, secondary: false }
    }

    /// The same signal, backed by third parties only.
    #[must_use]
    pub const fn secondary(mut self, secondary: bool) -> Self {
        self.secondary = secondary;
        self
    }
}

/// The inherited signals present, in the documented priority: the stamp, the markers
/// in registry order, then `AI_AGENT` (weak: it counts only without a marker).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Inherited {
    /// `GT_AGENT`, when it names a runtime hal knows.
    pub stamp: Option<Signal>,
    /// Runtime markers and combinations present, in registry order.
    pub markers: Vec<Signal>,
    /// `AI_AGENT`, when it names a runtime hal knows.
    pub ai_agent: Option<Signal>,
    /// A self-declared agent hal does not know (`AI_AGENT=custom-agent`): it names no
    /// runtime, so it never decides, but beside another runtime's signals, without an
    /// ancestor to arbitrate, it makes the answer ambiguous (the agent that declared
    /// itself sets `AI_AGENT` for its children and is usually the nearer one).
    pub declared_unknown: Option<Signal>,
    /// For the runtimes whose markers are present beside a declared agent: whether each
    /// overwrites `AI_AGENT` for its children at its version (filled by the cascade,
    /// only when an agent declared itself; a runtime not listed does not).
    pub overwrites: Vec<(RuntimeProvider, Overwrites)>,
}

/// Whether a runtime overwrites `AI_AGENT` for its children at its version.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Overwrites {
    /// It does at its version: `version` (`1.2.3`, or a floor, `≥ 1.2.3`), learned
    /// from `how`.
    Yes {
        /// The version, or the floor its markers set.
        version: String,
        /// Where the version came from.
        how: String,
    },
    /// It never does (`at: None`), or not at its version `at`.
    No {
        /// The version it was known at.
        at: Option<String>,
    },
    /// It does from `since` on, and its version is unknown.
    Unknown {
        /// The versions that overwrite (`≥ 2.1.120`).
        since: String,
    },
}

impl Inherited {
    /// Every signal that takes part, in priority order (`AI_AGENT` only without markers).
    #[must_use]
    pub fn in_priority(&self) -> Vec<&Signal> {
        let ai = self.ai_agent.iter().filter(|_| self.markers.is_empty());
        self.stamp.iter().chain(&self.markers).chain(ai).collect()
    }

    /// The declared agent (`AI_AGENT`), known or not.
    #[must_use]
    pub fn declared(&self) -> Option<&Signal> {
        self.ai_agent.as_ref().or(self.declared_unknown.as_ref())
    }

    /// The runtimes whose markers stand beside the declared agent and are foreign to it:
    /// neither explains the other (neither is of the other's family nor keeps its
    /// markers). Every marker's runtime for an agent hal does not know; none without a
    /// declared agent. In registry order, each once.
    #[must_use]
    pub fn foreign_to_declared(&self) -> Vec<RuntimeProvider> {
        let Some(d) = self.declared() else { return Vec::new() };
        let mut out: Vec<RuntimeProvider> = Vec::new();
        for m in &self.markers {
            let related = d.provider != RuntimeProvider::Unknown
                && (registry::runtime(m.provider).explains(d.provider)
                    || registry::runtime(d.provider).explains(m.provider));
            if !related && !out.contains(&m.provider) {
                out.push(m.provider);
            }
        }
        out
    }

    /// What the overwrite rule says of `provider` (`No` when it was not looked up).
    #[must_use]
    pub fn overwrite_of(&self, provider: RuntimeProvider) -> Overwrites {
        self.overwrites.iter().find(|(p, _)| *p == provider).map_or(Overwrites::No { at: None }, |(_, o)| o.clone())
    }

    /// Whether the overwrite rule settles a declared agent beside foreign markers: the
    /// agent declared itself in `AI_AGENT` (not `AGENT`, which no runtime overwrites),
    /// every foreign runtime overwrites `AI_AGENT` at its version, and no stamp takes
    /// part.
    #[must_use]
    pub fn declared_is_nearer(&self) -> bool {
        // The rule is about `AI_AGENT` only: a runtime that overwrites it says nothing
        // of `AGENT`, which may have come from above it.
        let overwritten = self.declared().is_some_and(|d| d.name == hal_caps::vars::AI_AGENT);
        let foreign = self.foreign_to_declared();
        overwritten
            && self.stamp.is_none()
            && !foreign.is_empty()
            && foreign.iter().all(|p| matches!(self.overwrite_of(*p), Overwrites::Yes { .. }))
    }
}

/// What the arbiter decided.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Decision {
    /// Nothing inherited and (under policy `ancestry`) no named ancestor: the cascade
    /// goes on.
    Nothing,
    /// An inherited signal decides. `confirmed_by`: the ancestor of its family, if any.
    Signal {
        /// The deciding signal.
        signal: Signal,
        /// The nearest ancestor, when it is of the signal's family.
        confirmed_by: Option<AncestorMatch>,
        /// Signals of unrelated runtimes were present and no ancestor arbitrated.
        ambiguous: bool,
    },
    /// No runtime ancestor, and the declared agent (`AI_AGENT`) ran below every
    /// runtime whose markers stand beside it: each overwrites `AI_AGENT` for its
    /// children at its version ([`Inherited::declared_is_nearer`]). Its provider is
    /// `unknown` for an agent hal does not know.
    Declared {
        /// The declared agent's signal.
        signal: Signal,
        /// The markers' runtimes it ran below.
        below: Vec<RuntimeProvider>,
    },
    /// The nearest runtime ancestor decides over what was inherited.
    Ancestor {
        /// The ancestor.
        ancestor: AncestorMatch,
        /// The signals it overruled (inherited from further up).
        overruled: Vec<Signal>,
    },
}

impl Decision {
    /// The runtime decided, if any.
    #[must_use]
    pub fn provider(&self) -> Option<RuntimeProvider> {
        match self {
            Self::Nothing => None,
            Self::Signal { signal, .. } | Self::Declared { signal, .. } => Some(signal.provider),
            Self::Ancestor { ancestor, .. } => Some(ancestor.provider),
        }
    }

    /// The kind of source that decided, if any.
    #[must_use]
    pub fn source_kind(&self) -> Option<SourceKind> {
        match self {
            Self::Nothing => None,
            Self::Signal { signal, .. } | Self::Declared { signal, .. } => Some(signal.kind),
            Self::Ancestor { .. } => Some(SourceKind::ProcessAncestor),
        }
    }
}

fn named_by_itself(a: &AncestorMatch) -> bool {
    matches!(a.evidence, Evidence::Comm | Evidence::Listed)
}

/// Under policy `ancestry`: the nearest ancestor known by its own name, which beats
/// every environment and file signal.
#[must_use]
pub fn policy_ancestor(ancestors: &[AncestorMatch]) -> Option<&AncestorMatch> {
    ancestors.iter().find(|a| named_by_itself(a))
}

/// Arbitrates the inherited signals by the ancestors (nearest first) under `policy`.
#[must_use]
pub fn arbitrate(policy: Policy, inherited: &Inherited, ancestors: &[AncestorMatch]) -> Decision {
    if policy == Policy::Ancestry
        && let Some(a) = policy_ancestor(ancestors)
    {
        let overruled = inherited.in_priority().into_iter().filter(|s| s.provider != a.provider).cloned().collect();
        return Decision::Ancestor { ancestor: a.clone(), overruled };
    }
    let signals = inherited.in_priority();
    let Some(first) = signals.first() else { return Decision::Nothing };
    let Some(nearest) = ancestors.first() else {
        if inherited.declared_is_nearer()
            && let Some(d) = inherited.declared()
        {
            return Decision::Declared { signal: d.clone(), below: inherited.foreign_to_declared() };
        }
        let chosen = registry::runtime(first.provider);
        let ambiguous = inherited.declared_unknown.is_some()
            || !inherited.foreign_to_declared().is_empty()
            || signals.iter().any(|s| !chosen.explains(s.provider));
        return Decision::Signal { signal: (*first).clone(), confirmed_by: None, ambiguous };
    };
    let family = registry::family(nearest.provider);
    let Some(own) = signals.iter().find(|s| registry::family(s.provider) == family) else {
        return Decision::Ancestor { ancestor: nearest.clone(), overruled: signals.into_iter().cloned().collect() };
    };
    // The more specific of the two decides: a variant over its base runtime.
    let ancestor_more_specific = nearest.provider != own.provider && own.provider == family;
    if ancestor_more_specific {
        let overruled = signals.into_iter().filter(|s| s.provider != nearest.provider).cloned().collect();
        return Decision::Ancestor { ancestor: nearest.clone(), overruled };
    }
    Decision::Signal { signal: (*own).clone(), confirmed_by: Some(nearest.clone()), ambiguous: false }
}
