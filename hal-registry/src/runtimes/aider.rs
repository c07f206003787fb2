//! Aider: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::Exact;
use crate::registry::model::{Marker, Package, Runtime, Source, Verified};
use hal_types::RuntimeProvider as P;

pub(super) const LIVE_AIDER: Source = Source::ran("live run 2026-12-01", PACKAGE, live::NEWEST);

pub(super) const ROW: Runtime = Runtime {
    markers: &[
        // OpenRouter's app attribution, set on `os.environ` when `aider.llm` is
        // imported, so every child inherits it (live run, aider-chat 0.86.2: tool and
        // notifications command). Strong, not definitive: a generic OpenRouter
        // setting others set to their own names (OpenHands), hence the exact value.
        Marker::strong("OR_APP_NAME", Exact("Aider")).verified(),
        Marker::strong("OR_SITE_URL", Exact("https://aider.chat")).verified(),
    ],
    // `LITELLM_MODE=PRODUCTION` comes with the two above, but every litellm program
    // may set it; all `AIDER_*` variables are configuration.
    weak: &["AIDER_API_KEY", "LITELLM_MODE"],
    executables: &["aider"],
    takes_prompt: true,
    sources: &[
        LIVE_AIDER,
        Source::vendor("Aider-AI/aider:aider/llm.py"),
        Source::vendor("https://aider.chat/docs/config/aider_conf.html"),
    ],
    // No hooks (`--notifications-command` runs with an empty stdin), no session id.
    verified: Some(VERIFIED),
    package: Some(PACKAGE),
    not_run: Some(
        "its record (0.86.2, `tests/fixtures/live/aider-tool.env`) is from a live run by hand; the suite has no spec or lock for it yet",
    ),
    ..Runtime::new(P::Aider, "Aider")
};

/// The package it is installed from.
const PACKAGE: Package = Package::PyPi("aider-chat");

/// The versions live runs verified, each written once, here: the verified record and
/// every source that cites a run name them.
pub mod live {
    /// The newest verified.
    pub const NEWEST: &str = "0.86.2";
}

/// aider 0.86.2: OpenRouter attribution variables in its shell commands; no hooks, no session id.
pub(super) const VERIFIED: Verified = Verified {
    version: live::NEWEST,
    older: &[],
    tool_vars: &["OR_APP_NAME", "OR_SITE_URL"],
    hook_vars: &[],
    session_vars: &[],
    events: &[],
};
