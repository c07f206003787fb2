//! unknown: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::secs;
use crate::registry::model::{Runtime, Source};
use hal_types::GuppStrategy as G;
use hal_types::RuntimeProvider as P;
use hal_types::{Capabilities, StartupStrategy, Support};

pub(super) const ROW: Runtime = Runtime {
    caps: Some(&CAPS),
    sources: &[Source::vendor("DESIGN.md: capability matrix, `unknown` column")],
    ..Runtime::new(P::Unknown, "unknown")
};

/// The defaults of a runtime hal knows nothing about: the design's `unknown` column.
pub(super) const CAPS: Capabilities =
    Capabilities::new(P::Unknown, None, StartupStrategy::Polling, G::Polling, secs(300), secs(120))
        .with_nudge_support(Support::Yes);
