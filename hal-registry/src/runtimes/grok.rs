//! Grok Build: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{DETECT_AGENT, GASTOWN_AGENTS, ITSELF, NONE, c, exe};
use crate::registry::launch_shape::{Autonomy, ConfigDir, Launch, PromptAt, Start};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::PluginHost;
use crate::registry::model::ValueRule::{Flag, Truthy};
use crate::registry::model::{
    Adapter, FragmentSchema, GastownPreset, Hooks, Inject, Marker, NativeEvent, Runtime, Source,
};
use crate::registry::payload_shape::{NameStyle, Payload};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;
use hal_types::{CanonicalEvent, HookKind, Support};

/// Its hook file in the workspace, the one Gastown's adapter writes: written once.
const WORKSPACE_HOOKS: &str = ".grok/hooks/gastown.json";

/// Firstmate's adapter notes for it.
const FIRSTMATE_GROK: &str = "kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/grok.md";

// Grok Build's config folder: `home!()`.
config_folder!("~/.grok");

pub(super) const ROW: Runtime = Runtime {
    aliases: &["grok-build"],
    // A plugin's hooks get GROK_PLUGIN_ROOT and GROK_PLUGIN_DATA beside Claude-compatible
    // aliases (CLAUDE_PLUGIN_ROOT, CLAUDE_PROJECT_DIR): it keeps Claude's markers.
    markers: &[
        Marker::strong("GROK_AGENT", Flag).secondary(),
        Marker::strong("GROK_PLUGIN_ROOT", Truthy).secondary(),
        Marker::strong("GROK_PLUGIN_DATA", Truthy).secondary(),
    ],
    weak: &["GROK_HOOK_EVENT", "GROK_WORKSPACE_ROOT"],
    // A native executable; a `grok` script under an interpreter is grok-cli's.
    executables: &["grok"],
    session_vars: &["GROK_SESSION_ID"],
    keeps_markers_of: &[P::Claude],
    hooks: Some(Hooks::native(&[WORKSPACE_HOOKS, concat!(home!(), "/hooks")], Inject::Nudge, EVENTS)),
    takes_prompt: true,
    context_fork: Support::Yes,
    sources: &[Source::secondary(FIRSTMATE_GROK), GASTOWN_AGENTS, DETECT_AGENT],
    gastown: Some(
        GastownPreset::hooked(
            P::Grok,
            Adapter::config(
                WORKSPACE_HOOKS,
                HookKind::HooksJson,
                FragmentSchema::Settings,
                &[
                    (CanonicalEvent::SessionStart, "SessionStart"),
                    (CanonicalEvent::ContextCompactPre, "PreCompact"),
                    (CanonicalEvent::PromptSubmit, "UserPromptSubmit"),
                ],
            ),
            ITSELF,
        )
        .ready_after(5000),
    ),
    ..Runtime::new(P::Grok, "Grok Build")
};

// Grok Build's hook events are snake_case (`pre_tool_use`; runtime-facts §8, secondary).
pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "session_start"),
    Ev::mapped(E::PromptSubmit, "user_prompt_submit"),
    Ev::mapped(E::ToolUsePre, "pre_tool_use"),
    Ev::mapped(E::ToolUsePost, "post_tool_use"),
    Ev::mapped(E::TurnEnd, "stop"),
];

pub(super) const PAYLOAD: Payload = Payload {
    transcript: Some(".grok/sessions/"),
    sources: &[
        Source::secondary("xai-org/grok-build:crates/codegen/xai-grok-pager/docs/user-guide/10-hooks.md"),
        Source::secondary("git-ai-project/git-ai:src/commands/checkpoint_agent/presets/grok.rs"),
    ],
    ..Payload::new(P::Grok, Some("hookEventName"), NameStyle::Snake, "sessionId")
};

/// Firstmate's harness notes (an orchestrator's).
pub(super) const FM_GROK: Source = Source::secondary(FIRSTMATE_GROK);

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Grok,
    executable: exe(&ROW, FM_GROK),
    interactive: c(Start::new(NONE, PromptAt::Positional), FM_GROK),
    print: Some(c(Start::new(NONE, PromptAt::Flag("-p")), FM_GROK)),
    output: None,
    autonomy: Autonomy { none: None, edits: None, full: None },
    resume: None,
    model: None,
    instructions: c(&["AGENTS.md"], FM_GROK),
    config_dir: Some(c(ConfigDir { dir: home!(), var: None }, FM_GROK)),
    hook_trust: None,
    ready_prompt: None,
    startup_dialog: None,
    escape_cancels: None,
    session_id: None,
    acp: None,
    end_of_options: None,
    env: &[],
    env_from: &[],
    offline: &[],
    stamps: &["GROK_PLUGIN_ROOT", "GROK_PLUGIN_DATA", "GROK_HOOK_EVENT", "GROK_WORKSPACE_ROOT"],
    gastown_stale: &[],
};

pub(super) const PLUGIN_HOSTS: &[PluginHost] =
    &[PluginHost { host: P::Grok, format: P::Claude, vars: &["CLAUDE_PLUGIN_ROOT"], cite: FIRSTMATE_GROK }];
