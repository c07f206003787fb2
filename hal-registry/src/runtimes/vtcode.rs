//! VT Code: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::Flag;
use crate::registry::model::{Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    markers: &[Marker::strong("VTCODE", Flag).secondary()],
    sources: &[Source::secondary("huggingface/huggingface.js:packages/tasks/src/agent-harnesses.ts")],
    ..Runtime::new(P::Vtcode, "VT Code")
};
