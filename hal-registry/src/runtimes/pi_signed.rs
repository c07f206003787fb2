//! pi (signed): every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::FIRSTMATE;
use crate::registry::model::ValueRule::Exact;
use crate::registry::model::{Combo, Runtime};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    // Firstmate launches the signed build with both variables set.
    combos: &[Combo::secondary(&[("FM_PI_HARNESS", Exact("pi-signed")), ("PI_CODING_AGENT", Exact("true"))])],
    executables: &["pi-signed"],
    variant_of: Some(P::Pi),
    keeps_markers_of: &[P::Pi],
    takes_prompt: true,
    sources: &[FIRSTMATE],
    ..Runtime::new(P::PiSigned, "pi (signed)")
};
