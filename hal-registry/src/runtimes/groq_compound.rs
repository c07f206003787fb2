//! Groq compound (Claude Code): every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{GASTOWN_AGENTS, GT, exe};
use crate::registry::launch_shape::Launch;
use crate::registry::model::{GastownPreset, Runtime};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    variant_of: Some(P::Claude),
    takes_prompt: true,
    sources: &[GASTOWN_AGENTS],
    gastown: Some(
        GastownPreset::hooked(P::GroqCompound, super::claude::CLAUDE_ADAPTER, super::claude::NODE_ITSELF)
            .ready_after(10_000)
            .session_env("CLAUDE_SESSION_ID")
            .stale(super::claude::CLAUDE_SESSION_STALE),
    ),
    ..Runtime::new(P::GroqCompound, "Groq compound (Claude Code)")
};

pub(super) const LAUNCH: Launch = Launch {
    provider: P::GroqCompound,
    executable: exe(&super::claude::ROW, GT),
    end_of_options: None,
    env: &[("ANTHROPIC_BASE_URL", "https://api.groq.com/openai/v1"), ("ANTHROPIC_MODEL", "compound-beta")],
    env_from: &[("ANTHROPIC_API_KEY", "GROQ_API_KEY")],
    stamps: &[],
    gastown_stale: &[],
    ..super::claude::LAUNCH
};
