//! Octofriend: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::{Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    executables: &["octofriend"],
    sources: &[Source::secondary("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts")],
    ..Runtime::new(P::Octofriend, "Octofriend")
};
