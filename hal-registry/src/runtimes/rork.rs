//! Rork: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    // Rork's agent runs commands with `RORK_API_URL` set (other-detector standing:
    // expo/agent-cli-detector:src/agents.ts@cd1cc511, Rork's `env`; no vendor document).
    markers: &[Marker::strong("RORK_API_URL", Truthy).secondary()],
    sources: &[Source::secondary("expo/agent-cli-detector:src/agents.ts")],
    ..Runtime::new(P::Rork, "Rork")
};
