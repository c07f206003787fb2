//! What a launcher does to start an agent of a given role on a runtime.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{AgentRole, HookKind, RuntimeProvider, StartupStrategy};

/// The startup plan for one role on one runtime.
///
/// hal computes it; the launcher (the mayor) carries it out as it is. hal never writes
/// hook files or sends nudges itself.
///
/// What each strategy asks of the launcher:
///
/// | strategy | `commands` | also set |
/// |---|---|---|
/// | `hook_injection` | what the runtime's session-start hook runs (`gt prime --hook`, with `&& gt mail check --inject` for autonomous roles); the launcher runs nothing itself | `hook_file`, `hook_kind`; `hook_fragment` where the adapter is configuration (JSON), none where it is code (a JS/TS plugin) |
/// | `startup_fallback` | what the launcher delivers at start, as the launch prompt or typed into the session (`gt prime`, with `&& gt mail check --inject` for autonomous roles) | `startup_nudge`: sent after `delay_ms` |
/// | `polling` | empty: the agent starts generic | `poll`: the hook state file it polls, and how often |
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct StartupPlan {
    /// The runtime the plan is for.
    pub provider: RuntimeProvider,
    /// The base runtime `provider` is a variant of (itself for a base runtime).
    #[serde(default)]
    pub family: RuntimeProvider,
    /// The role the plan is for.
    pub role: AgentRole,
    /// The startup strategy in force.
    pub strategy: StartupStrategy,
    /// POSIX shell command lines. `hook_injection`: what the session-start hook runs;
    /// `startup_fallback`: what the launcher delivers at start; `polling`: empty.
    pub commands: Vec<String>,
    /// For `hook_injection` through a configuration file: the fragment to merge into
    /// [`hook_file`](Self::hook_file), in that file's own schema, covering every event
    /// the integration hooks. `None` where the adapter is code (see [`hook_kind`](Self::hook_kind)).
    /// Merge it so that a second merge is a no-op: objects key by key, each array gains
    /// the fragment's elements it does not already hold (equal as JSON); it is already
    /// installed when merging changes nothing (`hal_caps::fragment`).
    #[serde(default)]
    pub hook_fragment: Option<HookFragment>,
    /// The hook file (or plugin) the plan installs, relative to the agent's workspace;
    /// `null` when the plan installs none.
    #[serde(default)]
    pub hook_file: Option<String>,
    /// What [`hook_file`](Self::hook_file) is: settings JSON, hooks JSON, a JS or TS
    /// plugin, or the runtime's own format.
    #[serde(default)]
    pub hook_kind: Option<HookKind>,
    /// Where the adapter is code hal writes (OpenCode's plugin, Pi's extension): the
    /// whole content of [`hook_file`](Self::hook_file), which runs `commands` at session
    /// start and gives their output to the agent; write it as is (rewriting an equal
    /// file is a no-op). `null` elsewhere.
    #[serde(default)]
    pub hook_content: Option<String>,
    /// A nudge the launcher sends after start (startup fallback).
    #[serde(default)]
    pub startup_nudge: Option<StartupNudge>,
    /// What the agent polls, and how often (polling).
    #[serde(default)]
    pub poll: Option<Poll>,
    /// Where the GUPP strategy is `prompt_preamble`: the rules to put before the first
    /// prompt (`hal launch --role` does); `null` elsewhere.
    #[serde(default)]
    pub gupp_preamble: Option<String>,
    /// The work item the agent is given (`--work-item`), in its own slot: `hal launch`
    /// puts it in the first prompt after the role's startup text; `null`: none given.
    #[serde(default)]
    pub work_item: Option<String>,
}

impl StartupPlan {
    /// A plan with the given commands and no hook, nudge or poll.
    #[must_use]
    pub const fn new(
        provider: RuntimeProvider,
        role: AgentRole,
        strategy: StartupStrategy,
        commands: Vec<String>,
    ) -> Self {
        Self {
            provider,
            family: provider,
            role,
            strategy,
            commands,
            hook_fragment: None,
            hook_file: None,
            hook_kind: None,
            hook_content: None,
            startup_nudge: None,
            poll: None,
            gupp_preamble: None,
            work_item: None,
        }
    }
}

/// The fragment a launcher merges into a runtime's hook file, in that file's schema.
///
/// Serialized as the fragment itself (no tag): merge it into the file's JSON object
/// key by key, appending to each event array the entries it does not already hold
/// (equal as JSON), so that merging again is a no-op and "already installed" is
/// "merging changes nothing". `#[non_exhaustive]`: schemas arrive
/// with the runtimes that need them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
#[non_exhaustive]
pub enum HookFragment {
    /// Copilot CLI's hooks file (`.github/hooks/*.json`):
    /// `{"version":1,"hooks":{"sessionStart":[{"type":"command","bash":"…","timeoutSec":30}]}}`.
    Copilot(CopilotHooks),
    /// Claude Code's settings schema, also used by Gemini CLI's settings, Codex's
    /// `hooks.json` and Grok's hook files:
    /// `{"hooks":{"SessionStart":[{"matcher":"","hooks":[{"type":"command","command":"…"}]}]}}`.
    Settings(SettingsHooks),
}

impl HookFragment {
    /// A settings-schema fragment that runs `command` on the native `event`, for every matcher.
    #[must_use]
    pub fn command(event: impl Into<String>, command: impl Into<String>) -> Self {
        Self::Settings(SettingsHooks::default().with(event, command))
    }

    /// The native event names the fragment hooks, in the fragment's order.
    #[must_use]
    pub fn events(&self) -> Vec<&str> {
        match self {
            Self::Copilot(c) => c.hooks.keys().map(String::as_str).collect(),
            Self::Settings(s) => s.hooks.keys().map(String::as_str).collect(),
        }
    }
}

/// A fragment in Claude Code's settings schema (see [`HookFragment::Settings`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct SettingsHooks {
    /// Native event name → matcher groups.
    pub hooks: BTreeMap<String, Vec<HookGroup>>,
}

impl SettingsHooks {
    /// The same, with a group running `command` on `event` for every matcher.
    #[must_use]
    pub fn with(mut self, event: impl Into<String>, command: impl Into<String>) -> Self {
        let group = HookGroup {
            matcher: String::new(),
            hooks: vec![HookCommand { kind: "command".to_owned(), command: command.into() }],
        };
        self.hooks.entry(event.into()).or_default().push(group);
        self
    }
}

/// A fragment of Copilot CLI's hooks file (see [`HookFragment::Copilot`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct CopilotHooks {
    /// The file's schema version (`1`).
    pub version: u32,
    /// Native event name (`sessionStart`, `userPromptSubmitted`) → hooks.
    pub hooks: BTreeMap<String, Vec<CopilotHook>>,
}

impl Default for CopilotHooks {
    fn default() -> Self {
        Self { version: 1, hooks: BTreeMap::new() }
    }
}

impl CopilotHooks {
    /// The same, with a command hook running `bash` on `event`, cut off after `timeout_sec`.
    #[must_use]
    pub fn with(mut self, event: impl Into<String>, bash: impl Into<String>, timeout_sec: u32) -> Self {
        let hook = CopilotHook { kind: "command".to_owned(), bash: bash.into(), timeout_sec };
        self.hooks.entry(event.into()).or_default().push(hook);
        self
    }
}

/// One hook of a [`CopilotHooks`] event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct CopilotHook {
    /// The hook type (`"command"`).
    #[serde(rename = "type")]
    pub kind: String,
    /// The POSIX shell command line the hook runs.
    pub bash: String,
    /// Seconds before Copilot CLI stops the hook.
    #[serde(rename = "timeoutSec")]
    pub timeout_sec: u32,
}

/// One matcher group of a [`SettingsHooks`] event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct HookGroup {
    /// The matcher (empty: every occurrence of the event).
    pub matcher: String,
    /// The hooks run for it.
    pub hooks: Vec<HookCommand>,
}

/// One hook of a [`HookGroup`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct HookCommand {
    /// The hook type (`"command"`).
    #[serde(rename = "type")]
    pub kind: String,
    /// The POSIX shell command line the hook runs.
    pub command: String,
}

/// A nudge sent after the agent starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct StartupNudge {
    /// How long after start to send it, in milliseconds.
    pub delay_ms: u64,
    /// The text of the nudge.
    pub text: String,
    /// Whether the first prompt already carries it (`hal launch --role` puts it there):
    /// then the launcher sends nothing more; `false`: send it after `delay_ms`.
    #[serde(default)]
    pub in_prompt: bool,
}

impl StartupNudge {
    /// A nudge of `text` after `delay_ms`.
    #[must_use]
    pub fn new(delay_ms: u64, text: impl Into<String>) -> Self {
        Self { delay_ms, text: text.into(), in_prompt: false }
    }
}

/// The poll loop of the polling strategy: the agent starts generic and reads its hook
/// state file at the nudge interval.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Poll {
    /// The hook state file the agent polls, relative to the town root
    /// (`state/hooks/{agentId}.json`; the `{agentId}` placeholder stays when the agent
    /// id is not known).
    #[serde(default)]
    pub path: String,
    /// The same read as a POSIX shell command (`gt hook`), for agents that run commands.
    pub command: String,
    /// Seconds between polls (the nudge interval).
    pub interval_secs: u64,
}

impl Poll {
    /// A poll of `command` every `interval_secs` (no state file path).
    #[must_use]
    pub fn new(command: impl Into<String>, interval_secs: u64) -> Self {
        Self { path: String::new(), command: command.into(), interval_secs }
    }

    /// The same, polling the hook state file `path`.
    #[must_use]
    pub fn with_path(mut self, path: impl Into<String>) -> Self {
        self.path = path.into();
        self
    }
}
