//! Jules: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::Exact;
use crate::registry::model::{Combo, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    combos: &[Combo::secondary(&[("HOME", Exact("/home/jules")), ("USER", Exact("swebot"))])],
    sources: &[Source::secondary("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts")],
    ..Runtime::new(P::Jules, "Jules")
};
