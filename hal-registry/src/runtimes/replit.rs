//! Replit: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::{Exact, Truthy};
use crate::registry::model::{Combo, Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    markers: &[Marker::strong("REPLIT_SESSION", Truthy).secondary()],
    combos: &[Combo::secondary(&[("REPL_ID", Truthy), ("REPLIT_MODE", Exact("assistant"))])],
    settings: &["REPL_ID"],
    sources: &[
        Source::secondary("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts"),
        Source::secondary("expo/agent-cli-detector:src/agents.ts"),
    ],
    ..Runtime::new(P::Replit, "Replit")
};
