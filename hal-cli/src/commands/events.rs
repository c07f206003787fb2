//! `hal events [--provider P]`: the canonical lifecycle events and the native hook
//! each maps to.

use hal_caps::registry;
use hal_detect::Host;
use hal_types::RuntimeHal as _;

use crate::answers;
use crate::cli::GlobalOpt;
use crate::context::Context;
use crate::output::{Output, versioned};
use crate::render::events_text;

/// The global options `hal events` takes (`--provider` skips detection: no
/// `--policy`, `--workspace`).
pub const TAKES: &[GlobalOpt] = &[GlobalOpt::Json, GlobalOpt::Workspace, GlobalOpt::Policy, GlobalOpt::RequireKnown];

/// No setting of the config file changes the answer: it is not read.
pub(crate) const READS_CONFIG: bool = false;

/// Canonical -> native for one runtime, with both notions of hooks.
pub(crate) fn run<H: Host>(ctx: &Context<H>) -> Output {
    let c = ctx.hal.capabilities();
    let at = ctx.hal.at();
    if !ctx.json {
        return Output::new(events_text(c, &at), &ctx.diagnostics);
    }
    let hooks = at.hook_system();
    let native = |e: hal_types::CanonicalEvent| at.native_event(e);
    let summary = ctx.hal.native_hooks();
    let events = registry::CANONICAL_EVENTS
        .iter()
        .map(|e| answers::Event { canonical: e.as_str(), native: native(*e) })
        .collect();
    let n = summary.hookable_events;
    let body = answers::Events {
        provider: c.provider,
        family: c.family,
        hookable: n,
        hookable_events: n,
        native_hooks: summary,
        session_hooks: c.session_hooks,
        events,
        unmapped: hooks.map_or(&[], |h| h.unmapped),
        hook_switch: at.switch(),
        instead_of_hooks: at.mechanism_instead(),
        running: answers::Running::of(ctx.hal.detection()),
    };
    Output::new(versioned(body, &ctx.diagnostics), &ctx.diagnostics)
}
