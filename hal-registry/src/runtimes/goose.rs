//! Goose: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::{Exact, Flag};
use crate::registry::model::{Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    markers: &[Marker::strong("AGENT", Exact("goose")), Marker::strong("GOOSE_TERMINAL", Flag).secondary()],
    weak: &["GOOSE_MODEL"],
    settings: &["GOOSE_PROVIDER"],
    executables: &["goose"],
    session_vars: &["AGENT_SESSION_ID"],
    takes_prompt: true,
    sources: &[
        Source::vendor("aaif-goose/goose#7017"),
        Source::secondary("huggingface/huggingface.js:packages/tasks/src/agent-harnesses.ts"),
    ],
    not_run: Some("no package on the npm registry or PyPI"),
    ..Runtime::new(P::Goose, "Goose")
};
