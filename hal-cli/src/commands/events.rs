//! `hal events [--provider P]`: the canonical lifecycle events and the native hook
//! each maps to.

use hal_caps::registry;
use hal_detect::Host;
use hal_types::RuntimeHal as _;

use std::fmt::Write as _;

use crate::answers;
use crate::args::{GlobalOpt, ProviderArg};
use crate::describe::{Cmd, Description, Invocation, answer};
use crate::context::{Context, Needs};
use crate::output::{Output, versioned};

/// The canonical lifecycle events and the native hook each maps to.
#[derive(Debug, PartialEq, Eq, clap::Args)]
pub struct Events {
    /// `--provider`, `--runtime-version`.
    #[command(flatten)]
    pub provider: ProviderArg,
}

impl Cmd for Events {
    const DESCRIPTION: Description = Description {
        name: "events",
        // `--provider` skips detection: no `--policy`, `--workspace`.
        takes: &[GlobalOpt::Json, GlobalOpt::Workspace, GlobalOpt::Policy, GlobalOpt::RequireKnown],
        answers: &[answer!(
            "events",
            None,
            "Events",
            "The canonical lifecycle events and the native hook each maps to.",
            answers::Events
        )],
    };

    fn provider(&self) -> Option<&ProviderArg> {
        Some(&self.provider)
    }

    fn exec<H: Host>(&self, input: Invocation<'_, H>) -> Output {
        // No setting of the config file changes the answer: it is not read.
        let p = &self.provider;
        run(&input.resolve(Needs::versioned(p.provider, p.runtime_version.as_deref(), false)))
    }
}

/// Canonical -> native for one runtime, with both notions of hooks.
fn run<H: Host>(ctx: &Context<H>) -> Output {
    let c = ctx.hal.capabilities();
    let at = ctx.hal.at();
    if !ctx.json {
        return Output::new(events_text(c, &at), &ctx.diagnostics);
    }
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
        // The version's own: an event dated after it is not listed (as `events` is not).
        unmapped: at.unmapped(),
        hook_switch: at.switch(),
        instead_of_hooks: at.mechanism_instead(),
        running: answers::Running::of(ctx.hal.detection()),
    };
    Output::new(versioned(body, &ctx.diagnostics), &ctx.diagnostics)
}

/// `hal events` as text: canonical -> native, with both notions of hooks.
fn events_text(c: &hal_types::Capabilities, at: &registry::dated::At<'_>) -> String {
    let p = c.provider;
    let native = |e: hal_types::CanonicalEvent| at.native_event(e);
    let summary = hal_caps::native_hooks_at(p, at.version.as_ref());
    let version = at.version.map(|v| format!(" {v}")).unwrap_or_default();
    let mut s = format!(
        "{p}{version}: {} of {} canonical events hookable (native_hooks: inject {}; session_hooks: {})\n",
        summary.hookable_events,
        registry::CANONICAL_EVENTS.len(),
        summary.inject,
        c.session_hooks
    );
    if let Some(switch) = at.switch() {
        let _ = writeln!(s, "  hooks run only with: {switch}");
    }
    if let Some(instead) = at.mechanism_instead() {
        let _ = writeln!(s, "  no hook system at this version; instead: {instead}");
    }
    for e in registry::CANONICAL_EVENTS {
        let _ = writeln!(s, "  {:<22} {}", e.as_str(), native(*e).unwrap_or("-"));
    }
    let unmapped = at.unmapped();
    if !unmapped.is_empty() {
        let _ = writeln!(s, "  no canonical event:    {}", unmapped.join(", "));
    }
    s.push_str("`hal hook` maps a hook payload on stdin back to these events.\n");
    s
}
