//! Antigravity CLI: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::{Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    aliases: &["antigravity-cli"],
    executables: &["agy"],
    takes_prompt: true,
    sources: &[Source::secondary("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/agy.md")],
    ..Runtime::new(P::Agy, "Antigravity CLI")
};
