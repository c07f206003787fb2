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
