//! Cortex: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{Hooks, Inject, Marker, NativeEvent, Runtime, Source};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;
use hal_types::Support;

pub(super) const ROW: Runtime = Runtime {
    markers: &[
        Marker::strong("CORTEX_SESSION_ID", Truthy).secondary(),
        Marker::strong("CORTEX_TASK_CONTEXT_ID", Truthy).secondary(),
    ],
    weak: &["CORTEX_THINKING_EFFORT"],
    executables: &["cortex"],
    keeps_markers_of: &[P::Claude],
    session_vars: &["CORTEX_SESSION_ID"],
    hooks: Some(Hooks::native(&[], Inject::No, EVENTS)),
    takes_prompt: true,
    context_fork: Support::Yes,
    sources: &[Source::secondary("svc-bi-concepts/firstmate:bin/fm-harness.sh")],
    ..Runtime::new(P::Cortex, "Cortex")
};

pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::TurnEnd, "Stop"),
    Ev::mapped(E::SubagentEnd, "SubagentStop"),
];
