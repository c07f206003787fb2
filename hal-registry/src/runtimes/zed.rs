//! Zed: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::Exact;
use crate::registry::model::{Combo, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    combos: &[Combo::secondary(&[("TERM_PROGRAM", Exact("zed")), ("PAGER", Exact("cat"))])],
    weak: &["ZED_TERM", "ZED_ENVIRONMENT"],
    sources: &[
        Source::vendor("https://zed.dev/docs/ai/external-agents"),
        Source::secondary("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts"),
    ],
    not_run: Some("no registry package (a desktop application)"),
    ..Runtime::new(P::Zed, "Zed")
};
