//! Startup plans per role: pure functions of a capability row and the registry.

use hal_caps::registry::{HookSchema, Runtime};
use hal_types::{AgentRole, Capabilities, HookFragment, Poll, StartupNudge, StartupPlan, StartupStrategy};

use crate::shell::quote;

/// How long after start the startup nudge is sent (Gastown's `DefaultPrimeWaitMs`).
pub const STARTUP_NUDGE_DELAY_MS: u64 = 2000;

/// The canonical lifecycle event a startup hook runs on.
pub const SESSION_START_EVENT: &str = "session.start";

/// The startup nudge text (Gastown's `StartupNudgeContent`), for the `gt` program `gt`.
#[must_use]
pub fn startup_nudge_text(gt: &str) -> String {
    format!("Check your hook with `{gt} hook`. If work is present, begin immediately.")
}

/// `gt prime [--hook]`, with `&& gt mail check --inject` for autonomous roles.
#[must_use]
pub fn prime_command(gt: &str, role: AgentRole, hook: bool) -> String {
    let flag = if hook { " --hook" } else { "" };
    if role.is_autonomous() {
        format!("{gt} prime{flag} && {gt} mail check --inject")
    } else {
        format!("{gt} prime{flag}")
    }
}

/// The startup plan for `role` on a runtime with capabilities `caps` (overrides
/// already applied) and registry row `runtime`. `command` is the `gt` program name,
/// quoted here.
#[must_use]
pub fn startup_plan(caps: &Capabilities, runtime: &Runtime, role: AgentRole, command: &str) -> StartupPlan {
    let gt = quote(command);
    let strategy = caps.startup_strategy;
    match strategy {
        StartupStrategy::HookInjection => {
            let cmd = prime_command(&gt, role, true);
            let mut plan = StartupPlan::new(caps.provider, role, strategy, vec![cmd.clone()]);
            if let Some(hooks) = runtime.hook_system() {
                plan.hook_file = hooks.files.first().map(|f| (*f).to_owned());
                // A fragment only where hal knows the schema; elsewhere the launcher
                // wires `commands` into the runtime's own hook or plugin.
                if hooks.schema == HookSchema::ClaudeSettings
                    && let Some((_, native)) = hooks.events.iter().find(|(c, _)| *c == SESSION_START_EVENT)
                {
                    plan.hook_fragment = Some(HookFragment::command(*native, cmd));
                }
            }
            plan
        }
        StartupStrategy::StartupFallback => {
            let mut plan = StartupPlan::new(caps.provider, role, strategy, vec![prime_command(&gt, role, false)]);
            plan.startup_nudge = Some(StartupNudge::new(STARTUP_NUDGE_DELAY_MS, startup_nudge_text(&gt)));
            plan
        }
        _ => {
            let mut plan = StartupPlan::new(caps.provider, role, strategy, vec![prime_command(&gt, role, false)]);
            plan.poll = Some(Poll::new(format!("{gt} hook"), caps.nudge_interval.as_secs()));
            plan
        }
    }
}
