//! Muse: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    markers: &[Marker::strong("MUSE_RELEASE_INFO", Truthy).secondary()],
    weak: &["MUSE_CURRENT_SESSION_LOG"],
    executables: &["muse", "muse-bin-*"],
    takes_prompt: true,
    sources: &[Source::secondary("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/muse.md")],
    ..Runtime::new(P::Muse, "Muse")
};
