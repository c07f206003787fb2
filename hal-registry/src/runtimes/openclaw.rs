//! OpenClaw: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::{Exact, Flag};
use crate::registry::model::{Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    markers: &[
        Marker::strong("OPENCLAW_SHELL", Exact("exec")).secondary(),
        Marker::strong("OPENCLAW_CLI", Flag).secondary(),
    ],
    sources: &[Source::secondary("vercel/vercel#16095")],
    ..Runtime::new(P::Openclaw, "OpenClaw")
};
