//! The design's capability matrix, literally: the rows of claude, codex, gemini,
//! cursor and unknown. Every other runtime's row is derived (`hal_caps::derive`) or
//! its base runtime's (a variant).

use std::time::Duration;

use hal_types::{Capabilities, GuppStrategy as G, RuntimeProvider as P, StartupInjection, StartupStrategy, Support};

const fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

/// The design's five columns, in the design's order.
pub const DESIGN_PROVIDERS: &[P] = &[P::Claude, P::Codex, P::Gemini, P::Cursor, P::Unknown];

/// The defaults of a runtime hal knows nothing about: the design's `unknown` column.
pub const UNKNOWN_CAPS: Capabilities =
    Capabilities::new(P::Unknown, None, StartupStrategy::Polling, G::Polling, secs(300), secs(120))
        .with_nudge_support(Support::Yes);

pub(super) const CLAUDE_CAPS: Capabilities = Capabilities::new(
    P::Claude,
    Some("CLAUDE_SESSION_ID"),
    StartupStrategy::HookInjection,
    G::HookInjection,
    secs(120),
    secs(30),
)
.with_session_hooks(Support::Yes)
.with_context_fork(Support::Yes)
.with_startup_injection(StartupInjection::SessionStartHook)
.with_nudge_support(Support::Yes);

pub(super) const CODEX_CAPS: Capabilities = Capabilities::new(
    P::Codex,
    Some("GT_SESSION_ID"),
    StartupStrategy::StartupFallback,
    G::StartupFallback,
    secs(180),
    secs(60),
)
.with_startup_injection(StartupInjection::PrimeFallback)
.with_nudge_support(Support::Yes);

pub(super) const GEMINI_CAPS: Capabilities = Capabilities::new(
    P::Gemini,
    Some("GT_SESSION_ID"),
    StartupStrategy::StartupFallback,
    G::Polling,
    secs(300),
    secs(120),
)
.with_startup_injection(StartupInjection::PrimeFallback)
.with_nudge_support(Support::Yes);

pub(super) const CURSOR_CAPS: Capabilities =
    Capabilities::new(P::Cursor, None, StartupStrategy::StartupFallback, G::PromptPreamble, secs(120), secs(30))
        .with_session_hooks(Support::Partial)
        .with_context_fork(Support::Yes)
        .with_startup_injection(StartupInjection::CommandPalette)
        .with_nudge_support(Support::Partial);

/// A field where the design's literal row departs from what the registry's facts would
/// derive for that runtime, and why the design's cell stands (a test holds every
/// difference to this list, and the list to the differences).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Departure {
    /// The design's runtime.
    pub provider: P,
    /// The capability field, as the JSON names it.
    pub field: &'static str,
    /// Why the design's cell stands.
    pub reason: &'static str,
}

impl Departure {
    const fn new(provider: P, field: &'static str, reason: &'static str) -> Self {
        Self { provider, field, reason }
    }
}

/// The design rows' departures from their derived rows.
pub const DESIGN_DEPARTURES: &[Departure] = &[
    Departure::new(
        P::Claude,
        "session_id_env",
        "the design's cell is CLAUDE_SESSION_ID; Claude Code exports CLAUDE_CODE_SESSION_ID",
    ),
    Departure::new(P::Claude, "stall_threshold", "the design's own per-provider default (120 s), not Gastown's"),
    Departure::new(P::Claude, "nudge_interval", "the design's own per-provider default (30 s)"),
    Departure::new(P::Codex, "session_id_env", "the design's cell is GT_SESSION_ID; Codex exports CODEX_THREAD_ID"),
    Departure::new(
        P::Codex,
        "session_hooks",
        "the design's cell is no; Codex has hooks, which Gastown's preset does not install (partial when derived)",
    ),
    Departure::new(P::Codex, "stall_threshold", "the design's own per-provider default (180 s)"),
    Departure::new(P::Codex, "nudge_interval", "the design's own per-provider default (60 s)"),
    Departure::new(
        P::Gemini,
        "session_id_env",
        "the design's cell is GT_SESSION_ID; Gemini CLI's hooks get GEMINI_SESSION_ID",
    ),
    Departure::new(
        P::Gemini,
        "session_hooks",
        "the design's cell is no; Gastown's .gemini/settings.json adapter is recorded as a native fact, not the plan",
    ),
    Departure::new(P::Gemini, "startup_injection", "the design's cell: gt prime fallback (not Gastown's adapter)"),
    Departure::new(P::Gemini, "startup_strategy", "the design's cell: startup_fallback (not Gastown's adapter)"),
    Departure::new(P::Gemini, "gupp_strategy", "the design's cell: polling"),
    Departure::new(
        P::Cursor,
        "session_id_env",
        "the design's cell is none; Cursor's id is CURSOR_CONVERSATION_ID (secondary)",
    ),
    Departure::new(
        P::Cursor,
        "session_hooks",
        "the design's cell is partial; Gastown's .cursor/hooks.json adapter is recorded as a native fact, not the plan",
    ),
    Departure::new(P::Cursor, "startup_strategy", "the design's cell: startup_fallback (not Gastown's adapter)"),
    Departure::new(P::Cursor, "startup_injection", "the design's cell: command palette"),
    Departure::new(P::Cursor, "gupp_strategy", "the design's cell: prompt_preamble through the command palette"),
    Departure::new(P::Cursor, "stall_threshold", "the design's own per-provider default (120 s)"),
    Departure::new(P::Cursor, "nudge_interval", "the design's own per-provider default (30 s)"),
    Departure::new(P::Cursor, "nudge_support", "the design's cell: limited"),
];
