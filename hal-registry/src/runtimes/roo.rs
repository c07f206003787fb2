//! Roo Code: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    aliases: &["roo-code"],
    markers: &[
        Marker::strong("ROO_ACTIVE", Truthy).secondary(),
        Marker::strong("ROO_CODE_TASK_ID", Truthy).secondary(),
    ],
    session_vars: &["ROO_CODE_TASK_ID"],
    sources: &[Source::secondary("sdairs/is-ai-agent:src/lib.rs")],
    not_run: Some("no CLI package on the npm registry"),
    ..Runtime::new(P::Roo, "Roo Code")
};
