//! What a launcher does to start an agent of a given role on a runtime.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{AgentRole, RuntimeProvider, StartupStrategy};

/// The startup plan for one role on one runtime.
///
/// hal computes it; the launcher (the mayor) carries it out. hal never writes hook
/// files or sends nudges itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
    /// POSIX shell command lines: for `hook_injection` what the SessionStart hook runs,
    /// otherwise what the launcher delivers at start.
    pub commands: Vec<String>,
    /// For `hook_injection`: the settings fragment to merge into the runtime's hook
    /// file, in the runtime's own schema.
    #[serde(default)]
    pub hook_fragment: Option<HookFragment>,
    /// The hook file the fragment belongs in, relative to the agent's workspace.
    #[serde(default)]
    pub hook_file: Option<String>,
    /// A nudge the launcher sends after start (startup fallback).
    #[serde(default)]
    pub startup_nudge: Option<StartupNudge>,
    /// What the agent polls, and how often (polling).
    #[serde(default)]
    pub poll: Option<Poll>,
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
            startup_nudge: None,
            poll: None,
        }
    }
}

/// A hook settings fragment in Claude Code's schema:
/// `{"hooks":{"SessionStart":[{"matcher":"","hooks":[{"type":"command","command":"…"}]}]}}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct HookFragment {
    /// Native event name → matcher groups.
    pub hooks: BTreeMap<String, Vec<HookGroup>>,
}

impl HookFragment {
    /// A fragment that runs `command` on the native `event`, for every matcher.
    #[must_use]
    pub fn command(event: impl Into<String>, command: impl Into<String>) -> Self {
        let group = HookGroup {
            matcher: String::new(),
            hooks: vec![HookCommand { kind: "command".to_owned(), command: command.into() }],
        };
        Self { hooks: BTreeMap::from([(event.into(), vec![group])]) }
    }
}

/// One matcher group of a [`HookFragment`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct HookGroup {
    /// The matcher (empty: every occurrence of the event).
    pub matcher: String,
    /// The hooks run for it.
    pub hooks: Vec<HookCommand>,
}

/// One hook of a [`HookGroup`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
#[non_exhaustive]
pub struct StartupNudge {
    /// How long after start to send it, in milliseconds.
    pub delay_ms: u64,
    /// The text of the nudge.
    pub text: String,
}

impl StartupNudge {
    /// A nudge of `text` after `delay_ms`.
    #[must_use]
    pub fn new(delay_ms: u64, text: impl Into<String>) -> Self {
        Self { delay_ms, text: text.into() }
    }
}

/// The poll loop of the polling strategy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Poll {
    /// The POSIX shell command the agent runs at each poll.
    pub command: String,
    /// Seconds between polls (the nudge interval).
    pub interval_secs: u64,
}

impl Poll {
    /// A poll of `command` every `interval_secs`.
    #[must_use]
    pub fn new(command: impl Into<String>, interval_secs: u64) -> Self {
        Self { command: command.into(), interval_secs }
    }
}
