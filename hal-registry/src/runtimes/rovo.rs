//! Rovo Dev: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::FIRSTMATE;
use crate::registry::model::ValueRule::{Exact, Flag};
use crate::registry::model::{Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    aliases: &["rovodev", "rovo-dev"],
    markers: &[
        Marker::strong("ATLASSIAN_AGENT_TYPE", Exact("rovo")).secondary(),
        Marker::strong("ROVODEV_CLI", Flag).secondary(),
        Marker::strong("AGENT", Exact("rovodev_cli")).secondary(),
    ],
    executables: &["rovo"],
    keeps_markers_of: &[P::Claude],
    takes_prompt: true,
    sources: &[
        Source::secondary("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/rovo.md"),
        FIRSTMATE,
    ],
    ..Runtime::new(P::Rovo, "Rovo Dev")
};
