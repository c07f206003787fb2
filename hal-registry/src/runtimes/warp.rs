//! Warp (Oz): every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    aliases: &["oz"],
    markers: &[Marker::definitive("OZ_RUN_ID", Truthy)],
    weak: &["TERM_PROGRAM"],
    session_vars: &["OZ_RUN_ID"],
    sources: &[Source::vendor("warpdotdev/warp:crates/warp_cli/src/lib.rs")],
    not_run: Some("no registry package (a desktop application)"),
    ..Runtime::new(P::Warp, "Warp (Oz)")
};
