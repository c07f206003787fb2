//! iFlow CLI: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    aliases: &["iflow-cli"],
    markers: &[Marker::strong("IFLOW_CLI", Truthy).secondary()],
    sources: &[Source::secondary("sdairs/is-ai-agent:src/lib.rs")],
    not_run: Some("no package on the npm registry"),
    ..Runtime::new(P::Iflow, "iFlow CLI")
};
