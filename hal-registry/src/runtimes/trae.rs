//! Trae: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    markers: &[Marker::strong("TRAE_AI_SHELL_ID", Truthy).secondary()],
    sources: &[
        Source::secondary("huggingface/huggingface.js:packages/tasks/src/agent-harnesses.ts"),
        Source::secondary("jdx/mise:crates/mise-agent-env/src/lib.rs"),
    ],
    ..Runtime::new(P::Trae, "Trae")
};
