//! Junie: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    markers: &[Marker::strong("JUNIE_DATA", Truthy).secondary(), Marker::strong("JUNIE_SHIM_PATH", Truthy).secondary()],
    sources: &[Source::secondary("unjs/std-env:src/agents.ts")],
    not_run: Some(
        "`@jetbrains/junie`'s postinstall downloads the release archive from GitHub (`postinstall.js:52`; no install script runs here, and the run is offline)",
    ),
    ..Runtime::new(P::Junie, "Junie")
};
