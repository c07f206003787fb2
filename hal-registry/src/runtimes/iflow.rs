//! iFlow CLI: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    aliases: &["iflow-cli"],
    markers: &[Marker::strong("IFLOW_CLI", Truthy).secondary()],
    sources: &[Source::secondary("sdairs/is-ai-agent:src/lib.rs")],
    not_run: Some(
        "iFlow CLI was shut down on 2026-04-17 (the banner of `iflow-ai/iflow-cli`'s README); its package, `@iflow-ai/iflow-cli`, is not served by the npm registry here",
    ),
    ..Runtime::new(P::Iflow, "iFlow CLI")
};
