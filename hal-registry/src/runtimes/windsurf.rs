//! Windsurf: every fact hal holds of it, one descriptor (see [`super`]).

/// Its hook documentation.
const HOOKS_DOC: &str = "https://docs.windsurf.com/windsurf/cascade/hooks";

use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{Hooks, Inject, Marker, NativeEvent, Runtime, Source};
use crate::registry::payload_shape::{NameStyle, Payload};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    aliases: &["devin-desktop"],
    markers: &[Marker::strong("CODEIUM_EDITOR_APP_ROOT", Truthy).secondary()],
    hooks: Some(Hooks::native(
        &[".windsurf/hooks.json", "~/.codeium/windsurf/hooks.json", "/etc/windsurf/hooks.json"],
        Inject::No,
        EVENTS,
    )),
    sources: &[
        Source::vendor(HOOKS_DOC),
        Source::secondary("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts"),
    ],
    // Skills read these to tell this runtime (hal-lint's labelled corpus).
    skill_vars: &["WINDSURF_SESSION_ID"],
    ..Runtime::new(P::Windsurf, "Windsurf")
};

pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::FileReadPre, "pre_read_code"),
    Ev::mapped(E::FileEditPost, "post_write_code"),
    Ev::mapped(E::ShellExecPre, "pre_run_command"),
    Ev::mapped(E::ShellExecPost, "post_run_command"),
    Ev::mapped(E::McpExecPre, "pre_mcp_tool_use"),
    Ev::mapped(E::McpExecPost, "post_mcp_tool_use"),
    Ev::mapped(E::PromptSubmit, "pre_user_prompt"),
    // The response that ends a Cascade turn (hal hook's convention: turn.end).
    Ev::mapped(E::TurnEnd, "post_cascade_response"),
];

pub(super) const PAYLOAD: Payload = Payload {
    tells: &["agent_action_name", "trajectory_id", "execution_id"],
    sources: &[Source::vendor(HOOKS_DOC), Source::secondary("CorridorSecurity/hookshot:docs/reference-cascade.md")],
    ..Payload::new(P::Windsurf, Some("agent_action_name"), NameStyle::Snake, "trajectory_id")
};
