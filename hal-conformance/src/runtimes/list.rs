//! The runtimes the suite runs, in run order: apart from the shared spec types of
//! [`super`], so that no runtime's file and the list import each other.

use super::Spec;
use super::{
    claude, cline, codex, continue_cli, copilot, droid, gemini, gptme, grok, hermes, kilo, kimi, omp, opencode,
    openhands, pi, qwen, vibe,
};

/// Every runtime the suite knows, in run order (slowest first, for two workers).
pub(crate) const RUNTIMES: &[Spec] = &[
    opencode::SPEC,
    openhands::SPEC,
    kilo::SPEC,
    gemini::SPEC,
    claude::SPEC,
    codex::SPEC,
    qwen::SPEC,
    copilot::SPEC,
    pi::SPEC,
    omp::SPEC,
    droid::SPEC,
    hermes::SPEC,
    cline::SPEC,
    grok::SPEC,
    continue_cli::SPEC,
    vibe::SPEC,
    kimi::SPEC,
    gptme::SPEC,
];

/// The spec of `id`.
pub(crate) fn spec(id: &str) -> Option<&'static Spec> {
    RUNTIMES.iter().find(|s| s.id() == id)
}
