//! The bodies of the commands' JSON answers: one struct per command, serialised inside
//! [`hal_types::wire::Answer`] (which adds `version`, `warnings` and `diagnostics`), and
//! the source of the schemas `hal schema` prints.

use std::collections::BTreeMap;

use hal_caps::{NativeHooks, Origin};
use hal_types::{
    Candidate, Capabilities, DetectionSource, GuppStrategy, Policy, RuntimeProvider, StartupPlan, Support,
};
use serde::Serialize;

/// The running agent, on every answer that carries a detection (flattened into it):
/// whether an agent was seen, the name it declared, and the runtime's version.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Running {
    /// An agent signal was seen (a known runtime, or an agent that named itself).
    pub is_agent: bool,
    /// The name an agent declared for itself, without its version.
    pub agent: Option<String>,
    /// The runtime's version the answer is for (detected, or `--runtime-version`);
    /// `null`: unknown, and the answer is for the newest verified version.
    pub runtime_version: Option<String>,
    /// Where `runtime_version` came from (`--runtime-version`, the install `hal
    /// inventory` finds, the running process's manifest, ...); `null` with no version.
    pub runtime_version_source: Option<String>,
}

impl Running {
    /// What `d` says of the running agent.
    #[must_use]
    pub fn of(d: &hal_types::Detection) -> Self {
        Self {
            is_agent: d.is_agent,
            agent: d.agent.clone(),
            runtime_version: d.runtime_version.clone(),
            runtime_version_source: d.runtime_version_source.clone(),
        }
    }
}

/// One runtime's capability row with both notions of hooks (`caps --all` rows).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CapsRow {
    /// The row.
    #[serde(flatten)]
    pub capabilities: Capabilities,
    /// How many canonical lifecycle events the runtime can hook (= `native_hooks.hookable_events`).
    pub hookable_events: usize,
    /// What the runtime's hook system offers natively.
    pub native_hooks: NativeHooks,
}

/// `hal caps`: the row in force, both notions of hooks, the session variables read, and
/// the origin of every overridable value.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Caps {
    /// The row and its hooks.
    #[serde(flatten)]
    pub row: CapsRow,
    /// The variables `hal session-id` reads, in order.
    pub session_id_vars: Vec<String>,
    /// Where each overridable value came from, and every refused override.
    pub overrides: Vec<Origin>,
    /// The running agent and the version answered for.
    #[serde(flatten)]
    pub running: Running,
}

/// `hal caps --all`: every runtime's built-in row.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CapsAll {
    /// One row per runtime, in registry order.
    pub runtimes: Vec<CapsRow>,
}

/// `hal gupp`: how GUPP is enforced and the witness's timings.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Gupp {
    /// The runtime.
    pub provider: RuntimeProvider,
    /// Its family.
    pub family: RuntimeProvider,
    /// The GUPP strategy in force.
    pub gupp_strategy: GuppStrategy,
    /// Seconds without activity before an agent counts as stalled.
    pub stall_threshold_secs: u64,
    /// Seconds between nudges.
    pub nudge_interval_secs: u64,
    /// The running agent and the version answered for.
    #[serde(flatten)]
    pub running: Running,
}

/// `hal session-id`: the id, the variable it came from, and the order read.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SessionId {
    /// The runtime.
    pub provider: RuntimeProvider,
    /// Its family.
    pub family: RuntimeProvider,
    /// The session id (`null`: none; the command exits 1).
    pub session_id: Option<String>,
    /// The variable it was read from.
    pub variable: Option<String>,
    /// The variables read, in order.
    pub session_id_vars: Vec<String>,
    /// The running agent and its version.
    #[serde(flatten)]
    pub running: Running,
}

/// `hal env --json`: the variables `hal env` exports (`null`: it unsets them).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Env {
    /// The runtime.
    pub provider: RuntimeProvider,
    /// `HAL_*` name → value, `null` for a variable `hal env` unsets.
    pub variables: BTreeMap<String, Option<String>>,
    /// The running agent and the version answered for.
    #[serde(flatten)]
    pub running: Running,
}

/// One runtime of `hal providers`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Provider {
    /// The runtime.
    pub provider: RuntimeProvider,
    /// Deprecated alias of `provider` (until JSON version 2).
    pub id: RuntimeProvider,
    /// Its family.
    pub family: RuntimeProvider,
    /// Human name.
    pub name: &'static str,
    /// Other spellings accepted.
    pub aliases: &'static [&'static str],
    /// The strongest identifying signal.
    pub strongest_signal: Option<String>,
    /// Executable names.
    pub executables: &'static [&'static str],
    /// The design's notion of hooks.
    pub session_hooks: Support,
    /// What the runtime's hook system offers natively.
    pub native_hooks: NativeHooks,
    /// Deprecated alias of `native_hooks.inject` (until JSON version 2).
    pub hooks_inject: &'static str,
    /// How many canonical lifecycle events the runtime can hook.
    pub hookable_events: usize,
    /// How many sources back the row.
    pub sources: usize,
    /// Whether the runtime's vendor backs the deciding fact.
    pub vendor_verified: bool,
    /// What a live run of the runtime showed, at which version; `null`: never run.
    pub verified: Option<LiveRun>,
}

/// What a live run of a runtime showed (the registry's `Verified` record).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct LiveRun {
    /// The runtime's version the run used: the newest verified.
    pub version: &'static str,
    /// Every version live runs verified, newest first (`version`, then the older ones
    /// the conformance suite's version matrix ran green).
    pub versions: Vec<&'static str>,
    /// The verified versions as text shows them (`1.0.56-2.1.332, 4 versions`).
    pub range: String,
    /// Identifying variables seen in its shell tool's environment.
    pub tool_vars: &'static [&'static str],
    /// Identifying variables seen in a hook's environment.
    pub hook_vars: &'static [&'static str],
    /// Variables seen holding the session id; empty: none reaches a child.
    pub session_vars: &'static [&'static str],
    /// Native hook events seen firing.
    pub events: &'static [&'static str],
}

impl From<&hal_caps::registry::Verified> for LiveRun {
    fn from(v: &hal_caps::registry::Verified) -> Self {
        Self {
            version: v.version,
            versions: v.versions().collect(),
            range: v.range(),
            tool_vars: v.tool_vars,
            hook_vars: v.hook_vars,
            session_vars: v.session_vars,
            events: v.events,
        }
    }
}

/// One runtime found installed (`hal inventory`).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Installed {
    /// The runtime.
    pub provider: RuntimeProvider,
    /// The executable found (`PATH` or a usual install place), escaped.
    pub executable: String,
    /// Where its links lead, escaped.
    pub resolved: String,
    /// The version read from the install; `null`: none could be read.
    pub version: Option<String>,
    /// How the version was learned (the manifest, the native layout, the Python distribution).
    pub version_source: Option<String>,
    /// `verified` (a live run at this exact version), `within_verified`,
    /// `newer_than_verified`, `older_than_verified`, `older_than_supported`,
    /// `never_verified` or `unknown_version`.
    #[cfg_attr(feature = "schema", schemars(schema_with = "standing_schema"))]
    pub standing: &'static str,
}

#[cfg(feature = "schema")]
fn standing_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let all: Vec<&str> = hal_caps::registry::dated::InstallStanding::ALL.iter().map(|s| s.as_str()).collect();
    schemars::json_schema!({ "type": "string", "enum": all })
}

/// `hal inventory`: the runtimes installed on this host, in registry order.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Inventory {
    /// Each runtime found.
    pub runtimes: Vec<Installed>,
}

/// `hal providers`: every runtime hal knows.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Providers {
    /// In registry order, `unknown` left out.
    pub providers: Vec<Provider>,
}

/// One canonical lifecycle event and the runtime's native name for it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Event {
    /// The canonical event (`session.start`).
    pub canonical: &'static str,
    /// The runtime's hook name, `null` when it cannot hook the event.
    pub native: Option<&'static str>,
}

/// `hal events`: the canonical events (`CanonicalEvent::ALL`) → native hook names, with both notions of hooks.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Events {
    /// The runtime.
    pub provider: RuntimeProvider,
    /// Its family.
    pub family: RuntimeProvider,
    /// Deprecated alias of `hookable_events` (until JSON version 2).
    pub hookable: usize,
    /// How many canonical events the runtime can hook.
    pub hookable_events: usize,
    /// What the runtime's hook system offers natively.
    pub native_hooks: NativeHooks,
    /// The design's notion of hooks.
    pub session_hooks: Support,
    /// Every canonical event, in canonical order.
    pub events: Vec<Event>,
    /// Native events the runtime has that no canonical event fits (`hal hook` reports
    /// them with `event` null and no warning).
    pub unmapped: Vec<&'static str>,
    /// A configuration switch the hook system needs at this version to run at all
    /// (Codex's `[features] hooks = true`); `null`: none.
    pub hook_switch: Option<&'static str>,
    /// What a version without the hook system has instead (Codex's `notify`); `null`:
    /// it has hooks, or nothing.
    pub instead_of_hooks: Option<&'static str>,
    /// The running agent and the version answered for.
    #[serde(flatten)]
    pub running: Running,
}

/// One step of `hal explain`.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Step {
    /// 1-based position.
    pub n: usize,
    /// The step's name.
    pub step: &'static str,
    /// `decided`, `passed` or `skipped`.
    #[cfg_attr(feature = "schema", schemars(schema_with = "outcome_schema"))]
    pub outcome: hal_types::StepOutcome,
    /// What it looked at.
    pub looked_at: String,
    /// What it found (names only).
    pub found: String,
}

/// `hal explain --json`: the decision, the steps, every candidate and override.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Explain {
    /// The runtime decided.
    pub provider: RuntimeProvider,
    /// Its family.
    pub family: RuntimeProvider,
    /// What decided.
    pub source: DetectionSource,
    /// The policy the cascade ran under.
    pub policy: Policy,
    /// Signals of unrelated runtimes, and no ancestor to arbitrate.
    pub ambiguous: bool,
    /// The deciding fact rests on third parties only.
    pub secondary_only: bool,
    /// Evidence of a running agent was seen (not a workspace file alone).
    pub is_agent: bool,
    /// The name an agent declared for itself, without its version.
    pub agent: Option<String>,
    /// The version it declared.
    pub agent_version: Option<String>,
    /// `tool` or `hook`, when the declared name says which.
    pub agent_context: Option<hal_types::AgentContext>,
    /// The runtime a workspace file named while no agent runs ("configured for claude;
    /// no agent running"); `null` otherwise.
    pub configured_for: Option<RuntimeProvider>,
    /// Every signal seen.
    pub candidates: Vec<Candidate>,
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// User settings seen: never evidence of a running agent.
    pub user_settings: Vec<UserSetting>,
    /// The runtime's version, when learned.
    pub runtime_version: Option<String>,
    /// Where it was learned (the variable, or the manifest and how it was found).
    pub runtime_version_source: Option<String>,
    /// How the version was looked for: each source tried, in order, and what it gave.
    pub version_steps: Vec<String>,
    /// Where each overridable value came from.
    pub overrides: Vec<Origin>,
}

/// A user setting `hal explain` saw: read by a runtime, or set in every terminal of an
/// IDE, human or not; never evidence of a running agent.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct UserSetting {
    /// The variable (its name; never its value).
    pub variable: &'static str,
    /// The runtime that reads it.
    pub provider: RuntimeProvider,
}

/// What `hal explain` says of a user setting it saw.
pub const USER_SETTING: &str = "a user setting, not evidence of a running agent";

#[cfg(feature = "schema")]
fn outcome_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    // Inline, as before `outcome` was typed: the schema stays byte-identical.
    schemars::json_schema!({ "type": "string", "enum": hal_types::StepOutcome::variants() })
}

/// `hal startup`: one role's plan, and where the role came from.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Startup {
    /// The plan.
    #[serde(flatten)]
    pub plan: StartupPlan,
    /// `GT_ROLE` when the role came from Gastown's stamp; `null` when `--role` gave it.
    pub role_source: Option<&'static str>,
    /// The running agent and the version answered for.
    #[serde(flatten)]
    pub running: Running,
}

/// `hal startup --all-roles`: the eight plans at once, for a launcher to cache.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct StartupAllRoles {
    /// The runtime.
    pub provider: RuntimeProvider,
    /// Its family.
    pub family: RuntimeProvider,
    /// One plan per role, in role order.
    pub plans: Vec<StartupPlan>,
    /// The running agent and the version answered for.
    #[serde(flatten)]
    pub running: Running,
}

/// `hal hook`: the canonical event of a hook payload (names and ids only); every key
/// `null` when stdin held no hook payload (exit 1).
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Hook {
    /// The runtime that wrote the payload.
    pub provider: Option<RuntimeProvider>,
    /// Its family.
    pub family: Option<RuntimeProvider>,
    /// The payload's own event name.
    pub native_event: Option<String>,
    /// The canonical lifecycle event (a `CanonicalEvent`), `null` when the payload names none.
    pub event: Option<String>,
    /// The session id the payload carries.
    pub session_id: Option<String>,
    /// The working directory the payload names.
    pub cwd: Option<String>,
    /// The transcript path the payload names.
    pub transcript_path: Option<String>,
    /// For a session start: `startup`, `resume`, `clear`, `compact` or `fork`.
    pub source: Option<hal_types::SessionSource>,
    /// The tool's name, for tool events.
    pub tool: Option<String>,
}

impl From<&hal_types::HookEvent> for Hook {
    fn from(e: &hal_types::HookEvent) -> Self {
        Self {
            provider: Some(e.provider),
            family: Some(e.family),
            native_event: e.native_event.clone(),
            event: e.event.map(|c| c.as_str().to_owned()),
            session_id: e.session_id.clone(),
            cwd: e.cwd.clone(),
            transcript_path: e.transcript_path.clone(),
            source: e.source,
            tool: e.tool.clone(),
        }
    }
}
