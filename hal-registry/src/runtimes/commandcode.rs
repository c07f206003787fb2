//! Command Code: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::{Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    aliases: &["command-code"],
    executables: &["command-code"],
    takes_prompt: true,
    sources: &[Source::secondary(
        "kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/commandcode.md",
    )],
    ..Runtime::new(P::Commandcode, "Command Code")
};
