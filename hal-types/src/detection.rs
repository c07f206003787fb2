//! The answer to "which runtime am I running under?", with its evidence.

use serde::{Deserialize, Serialize};

use crate::vocab::string_enum;
use crate::{Diagnostic, Policy, RuntimeProvider, SourceKind, Strength};

string_enum! {
    /// What a step of the detection cascade did (`hal explain`).
    pub enum StepOutcome("step outcome") {
        /// The step decided the provider.
        Decided = "decided",
        /// The step found nothing that decides; the cascade went on.
        Passed = "passed",
        /// The step did not run (an earlier step decided, or the policy skips it).
        Skipped = "skipped",
    }
}

string_enum! {
    /// Which of an agent's processes this is, as the agent's self-declared name says
    /// (Claude Code's `AI_AGENT` ends in `_agent` in its tools' processes and in
    /// `_harness` in its hooks').
    pub enum AgentContext("agent context", newer = Newer) {
        /// A process the agent's tools run (a shell command of the model's).
        Tool = "tool",
        /// A hook command the agent runs on one of its lifecycle events.
        Hook = "hook",
    }
}

/// The signal that decided a detection.
///
/// It names the variable, path or process that was seen, never a variable's value
/// (values may be secrets).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct DetectionSource {
    /// Which cascade step decided.
    pub kind: SourceKind,
    /// The variable name, workspace path or executable name seen; `null` for
    /// [`SourceKind::Fallback`].
    #[serde(default)]
    pub signal: Option<String>,
    /// For a process ancestor: how many levels above us it is (1 = our parent);
    /// `null` otherwise.
    #[serde(default)]
    pub depth: Option<u32>,
}

impl DetectionSource {
    /// A source of the given kind that saw `signal`.
    #[must_use]
    pub fn new(kind: SourceKind, signal: impl Into<String>) -> Self {
        Self { kind, signal: Some(signal.into()), depth: None }
    }

    /// A process-ancestor source: the executable `name`, `depth` levels up.
    #[must_use]
    pub fn ancestor(name: impl Into<String>, depth: u32) -> Self {
        Self { kind: SourceKind::ProcessAncestor, signal: Some(name.into()), depth: Some(depth) }
    }

    /// The fallback: nothing decided.
    #[must_use]
    pub const fn fallback() -> Self {
        Self { kind: SourceKind::Fallback, signal: None, depth: None }
    }
}

/// A signal seen during detection, whether or not it decided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Candidate {
    /// The runtime the signal points at (`unknown` for a name hal does not know).
    pub provider: RuntimeProvider,
    /// Where the signal was seen, and what it was (a name, never a value).
    #[serde(flatten)]
    pub source: DetectionSource,
    /// How far the signal can be trusted, where the registry says; `null` otherwise.
    #[serde(default)]
    pub strength: Option<Strength>,
}

impl Candidate {
    /// A candidate for `provider` seen at `source`.
    #[must_use]
    pub const fn new(provider: RuntimeProvider, source: DetectionSource, strength: Option<Strength>) -> Self {
        Self { provider, source, strength }
    }
}

/// The result of detection: the provider, why, and everything seen on the way.
///
/// Detection never fails: a probe that errors becomes a diagnostic here and the
/// cascade goes on, ending at [`RuntimeProvider::Unknown`] at worst.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Detection {
    /// The runtime hal decided on.
    pub provider: RuntimeProvider,
    /// The base runtime `provider` is a variant of (`claude` for `cowork` and
    /// `groq-compound`, `copilot` for `copilot-vscode`); the provider itself for a base
    /// runtime. A skill that asks "is this Claude Code?" compares the family.
    #[serde(default)]
    pub family: RuntimeProvider,
    /// The signal that decided.
    pub source: DetectionSource,
    /// Every signal seen, in cascade order.
    #[serde(default)]
    pub candidates: Vec<Candidate>,
    /// `true` when signals of several runtimes were present and no process ancestor
    /// arbitrated between them, so a documented priority decided.
    #[serde(default)]
    pub ambiguous: bool,
    /// The policy the cascade ran under.
    pub policy: Policy,
    /// `true` when the deciding fact rests only on third-party sources (not on the
    /// runtime vendor's own code or docs).
    #[serde(default)]
    pub secondary_only: bool,
    /// Probes that failed and values that were ignored, each with a stable code.
    #[serde(default)]
    pub diagnostics: Vec<Diagnostic>,
    /// `true` only on evidence of a running agent: a runtime's marker, an orchestrator's
    /// stamp, an agent that named itself ([`Detection::agent`], known to hal or not), a
    /// runtime ancestor, a hook payload, the operator's override, the design's session
    /// id or a runtime's host file. `false` for a plain terminal, for a name-less
    /// `unknown`, and where only a workspace file named the runtime
    /// ([`Detection::configured_for`]): a repository configured for a runtime is not a
    /// running agent.
    #[serde(default)]
    pub is_agent: bool,
    /// The name an agent declared for itself (`AI_AGENT`, else `AGENT` when its value is
    /// a name rather than a flag), trimmed, without its version; `null` when none did. A
    /// name hal does not know leaves `provider` `unknown` but is reported here.
    #[serde(default)]
    pub agent: Option<String>,
    /// The version the agent declared with its name (`my-agent@v1.0` → `v1.0`;
    /// `claude-code_2-1-332_agent` → `2.1.332`); `null` when it declared none.
    #[serde(default)]
    pub agent_version: Option<String>,
    /// Whether this process is one of the agent's tools or one of its hooks, when the
    /// declared name says so (Claude Code's `_agent` / `_harness`); `null` otherwise.
    #[serde(default)]
    pub agent_context: Option<AgentContext>,
    /// The detected runtime's version, when learned (an override, a version the
    /// runtime declares, or its install's manifest); `null`: unknown (answers are then
    /// for the newest verified version, with a `version_unknown` diagnostic where a
    /// fact depends on it).
    #[serde(default)]
    pub runtime_version: Option<String>,
    /// Where the version was learned: the option or variable (`--runtime-version`,
    /// `GT_HAL_RUNTIME_VERSION`, `AI_AGENT`, `CODEX_VERSION`), or the manifest read and
    /// how it was found (`package.json of @anthropic-ai/claude-code, from the script of
    /// ancestor `node` (1 level up)`); `null` when the version is unknown.
    #[serde(default)]
    pub runtime_version_source: Option<String>,
    /// The runtime the workspace is configured for, when a workspace file
    /// (`.claude/settings.json`) decided the provider and nothing showed an agent
    /// running ("configured for claude; no agent running"); `null` otherwise.
    #[serde(default)]
    pub configured_for: Option<RuntimeProvider>,
}

impl Detection {
    /// A detection of `provider` (its own family) decided by `source`, with no
    /// candidates or diagnostics yet. A workspace-file source is no agent: `is_agent`
    /// false, `configured_for` the provider.
    #[must_use]
    pub const fn new(provider: RuntimeProvider, source: DetectionSource, policy: Policy) -> Self {
        let configured = matches!(source.kind, SourceKind::WorkspaceFile);
        Self {
            provider,
            family: provider,
            source,
            candidates: Vec::new(),
            ambiguous: false,
            policy,
            secondary_only: false,
            diagnostics: Vec::new(),
            is_agent: !matches!(provider, RuntimeProvider::Unknown) && !configured,
            agent: None,
            agent_version: None,
            agent_context: None,
            runtime_version: None,
            runtime_version_source: None,
            configured_for: if configured { Some(provider) } else { None },
        }
    }

    /// The diagnostics' messages, in order (the `warnings` of hal's JSON).
    #[must_use]
    pub fn warnings(&self) -> Vec<String> {
        crate::diagnostic::messages(&self.diagnostics)
    }

    /// The runtime the workspace is configured for while no agent runs (see
    /// [`Detection::configured_for`]).
    #[must_use]
    pub const fn configured_only(&self) -> Option<RuntimeProvider> {
        if self.is_agent { None } else { self.configured_for }
    }

    /// The `unknown` detection of a host where nothing was found.
    #[must_use]
    pub const fn unknown(policy: Policy) -> Self {
        Self::new(RuntimeProvider::Unknown, DetectionSource::fallback(), policy)
    }
}
