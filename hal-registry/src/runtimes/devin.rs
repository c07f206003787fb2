//! Devin: every fact hal holds of it, one descriptor (see [`super`]).

/// Its lifecycle hooks page.
const HOOKS_DOC: &str = "https://docs.devin.ai/cli/extensibility/hooks/lifecycle-hooks.md";

use super::shared::DETECT_AGENT;
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{Hooks, Inject, Marker, NativeEvent, Runtime, Source};
use crate::registry::payload_shape::{NameStyle, Payload};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    markers: &[
        Marker::strong("DEVIN_SESSION_ID", Truthy).secondary(),
        Marker::strong("DEVIN_WRAPPER_ACTIVE", Truthy).secondary(),
        // Set for every hook (the lifecycle hooks page's hook environment, as quoted
        // by third parties): Devin's payloads name no runtime by themselves, so this
        // decides them.
        Marker::strong("DEVIN_PROJECT_DIR", Truthy).secondary(),
    ],
    weak: &["EDITOR"],
    // Devin's cloud VM.
    host_files: &["/opt/.devin"],
    executables: &["devin"],
    session_vars: &["DEVIN_SESSION_ID"],
    hooks: Some(Hooks::native(&[], Inject::No, EVENTS)),
    takes_prompt: true,
    sources: &[
        Source::secondary(HOOKS_DOC),
        Source::secondary("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/devin.md"),
        DETECT_AGENT,
    ],
    ..Runtime::new(P::Devin, "Devin")
};

// Tool events: Devin's payloads carry `tool_name` and `tool_use_id` (runtime-facts §8, secondary).
pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::PromptSubmit, "UserPromptSubmit"),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::ToolUsePost, "PostToolUse"),
    Ev::mapped(E::TurnEnd, "Stop"),
    Ev::mapped(E::SessionEnd, "SessionEnd"),
];

pub(super) const PAYLOAD: Payload = Payload {
    sources: &[Source::secondary(HOOKS_DOC)],
    ..Payload::new(P::Devin, Some("hook_event_name"), NameStyle::Pascal, "session_id")
};
