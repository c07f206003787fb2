//! Amazon Q Developer CLI: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::Contains;
use crate::registry::model::{Hooks, Inject, Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    aliases: &["amazonq", "q-cli", "amazon-q-cli"],
    markers: &[Marker::definitive("AWS_EXECUTION_ENV", Contains("AmazonQ-For-CLI"))],
    executables: &["qchat"],
    hooks: Some(Hooks::native(&[".amazonq/agents/"], Inject::No, super::kiro::EVENTS)),
    takes_prompt: true,
    sources: &[
        Source::vendor("aws/amazon-q-developer-cli:crates/chat-cli/src/cli/chat/consts.rs"),
        Source::vendor("aws/amazon-q-developer-cli:docs/hooks.md"),
    ],
    ..Runtime::new(P::AmazonQ, "Amazon Q Developer CLI")
};
