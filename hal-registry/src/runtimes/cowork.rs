//! Claude Code (Cowork): every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::DETECT_AGENT;
use crate::registry::model::ValueRule::Flag;
use crate::registry::model::{Combo, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    combos: &[
        Combo::secondary(&[("CLAUDE_CODE_IS_COWORK", Flag), ("CLAUDECODE", Flag)]),
        Combo::secondary(&[("CLAUDE_CODE_IS_COWORK", Flag), ("CLAUDE_CODE", Flag)]),
    ],
    weak: &["CLAUDE_CODE_IS_COWORK"],
    variant_of: Some(P::Claude),
    keeps_markers_of: &[P::Claude],
    sources: &[
        Source::secondary("vercel/vercel:packages/detect-agent/src/index.ts"),
        Source::secondary("vercel/vercel#15441"),
        DETECT_AGENT,
    ],
    ..Runtime::new(P::Cowork, "Claude Code (Cowork)")
};
