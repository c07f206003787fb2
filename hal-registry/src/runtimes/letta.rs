//! Letta Code: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::{Exact, Truthy};
use crate::registry::model::{Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    aliases: &["letta-code"],
    markers: &[
        // Set on its tools' shells (getShellEnv), its hooks' and its subagents'.
        Marker::strong("LETTA_CODE_BIN", Truthy),
        Marker::strong("LETTA_HOOK_EVENT", Truthy),
        Marker::strong("LETTA_CODE_AGENT_ROLE", Exact("subagent")),
    ],
    // Its docs have people export it to run `letta` commands by hand.
    settings: &["LETTA_AGENT_ID"],
    executables: &["letta"],
    // The conversation id, on its shell tools (0.32.18's `letta.js:204428`, beside
    // `CONVERSATION_ID`) and its hooks (`:200380`).
    session_vars: &["LETTA_CONVERSATION_ID"],
    takes_prompt: true,
    sources: &[
        Source::vendor("https://www.npmjs.com/package/@letta-ai/letta-code (0.25.9, letta.js)"),
        Source::vendor("@letta-ai/letta-code@0.32.18:letta.js:200380,204428"),
    ],
    ..Runtime::new(P::Letta, "Letta Code")
};
