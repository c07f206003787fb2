//! Firebender: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    markers: &[Marker::strong("FIREBENDER_TERMINAL", Truthy).secondary()],
    sources: &[Source::secondary("jdx/mise:crates/mise-agent-env/src/lib.rs")],
    ..Runtime::new(P::Firebender, "Firebender")
};
