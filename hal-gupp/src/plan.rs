//! Startup plans per role: pure functions of a capability row and the registry.
//!
//! A plan is what a launcher does, as it is (see [`StartupPlan`] for what `commands`
//! means per strategy):
//!
//! - `hook_injection`: install the hook file. Where Gastown has a preset, its adapter
//!   (file, kind, and for configuration the fragment covering the events Gastown
//!   hooks); otherwise the runtime's own hook system, with a fragment where it uses
//!   Claude Code's settings schema.
//! - `startup_fallback`: deliver `commands` at start, then the startup nudge after
//!   Gastown's `DefaultPrimeWaitMs`.
//! - `polling`: nothing at start; the agent polls `state/hooks/{agentId}.json`.

use hal_caps::registry::{FragmentSchema, HookSchema, PRIME_WAIT_MS, PluginApi, Runtime};
use hal_types::{
    AgentRole, CanonicalEvent, Capabilities, CopilotHooks, GuppStrategy, HookFragment, HookKind, Poll, SettingsHooks,
    StartupNudge, StartupPlan, StartupStrategy,
};

use crate::shell::quote;

/// How long after start the startup nudge is sent (Gastown's `DefaultPrimeWaitMs`).
pub const STARTUP_NUDGE_DELAY_MS: u64 = PRIME_WAIT_MS;

/// The canonical lifecycle event a startup hook runs on.
pub const SESSION_START_EVENT: CanonicalEvent = CanonicalEvent::SessionStart;
/// The canonical event before a compaction: Gastown re-primes there.
pub const COMPACT_EVENT: CanonicalEvent = CanonicalEvent::ContextCompactPre;
/// The canonical prompt-submit event: Gastown drains queued mail there.
pub const PROMPT_EVENT: CanonicalEvent = CanonicalEvent::PromptSubmit;

/// The placeholder of the poll path when the agent id is not known.
pub const AGENT_ID_PLACEHOLDER: &str = "{agentId}";

/// The startup nudge text (Gastown's `StartupNudgeContent`), for the `gt` program `gt`.
#[must_use]
pub fn startup_nudge_text(gt: &str) -> String {
    format!("Check your hook with `{gt} hook`. If work is present, begin immediately.")
}

/// The GUPP preamble (Gastown's propulsion principle, "if work is on your hook, you run
/// it") for the `prompt_preamble` strategy: the rules put before the first prompt, for
/// the `gt` program `gt`.
#[must_use]
pub fn gupp_preamble_text(gt: &str) -> String {
    format!(
        "GUPP: if work is on your hook, you run it. Run `{gt} hook` now and after each task; \
         when it shows work, begin immediately, without waiting for confirmation."
    )
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

/// The hook state file an agent polls: `state/hooks/{agentId}.json`, the placeholder
/// kept when `agent_id` is `None` or not a plain file-name segment.
#[must_use]
pub fn poll_path(agent_id: Option<&str>) -> String {
    format!("state/hooks/{}.json", agent_id.filter(|id| plain_agent_id(id)).unwrap_or(AGENT_ID_PLACEHOLDER))
}

/// Whether `id` can name an agent's hook state file: a plain file-name segment (not
/// empty, `.` or `..`; no `/`, `\\`, control, bidi or invisible character).
#[must_use]
pub fn plain_agent_id(id: &str) -> bool {
    !id.is_empty() && id != "." && id != ".." && !id.contains(['/', '\\']) && !id.chars().any(hal_caps::text::is_unsafe)
}

/// The command a hook runs on canonical `event`, if Gastown hooks it for startup.
fn event_command(event: CanonicalEvent, gt: &str, role: AgentRole) -> Option<String> {
    match event {
        SESSION_START_EVENT => Some(prime_command(gt, role, true)),
        COMPACT_EVENT => Some(format!("{gt} prime --hook")),
        PROMPT_EVENT => Some(format!("{gt} mail check --inject")),
        _ => None,
    }
}

/// The fragment of `schema` that hooks `events` (canonical → native), with the hook
/// timeouts (session start, other) where the schema has them.
fn fragment(
    schema: FragmentSchema,
    events: &[(CanonicalEvent, &str)],
    timeouts: Option<(u32, u32)>,
    gt: &str,
    role: AgentRole,
) -> HookFragment {
    let hooked = events.iter().filter_map(|(c, native)| event_command(*c, gt, role).map(|cmd| (*c, *native, cmd)));
    match schema {
        FragmentSchema::Copilot => HookFragment::Copilot(hooked.fold(CopilotHooks::default(), |f, (c, n, cmd)| {
            // The registry's tests hold every Copilot-schema adapter to its timeouts.
            let (start, other) = timeouts.unwrap_or_default();
            f.with(n, cmd, if c == SESSION_START_EVENT { start } else { other })
        })),
        _ => HookFragment::Settings(hooked.fold(SettingsHooks::default(), |f, (_, n, cmd)| f.with(n, cmd))),
    }
}

/// The content of a startup plugin in `api` that runs `command` at session start and
/// gives its output to the agent: the plugins the conformance suite primes OpenCode, Kilo
/// and Pi with (its plan run writes this content, from `hal startup`'s answer alone).
#[must_use]
pub fn plugin_source(api: PluginApi, command: &str) -> String {
    let cmd = js_string(command);
    match api {
        PluginApi::OpencodePlugin => format!(
            "import {{ execSync }} from \"node:child_process\";\n\
             export const GastownPlan = async () => {{\n\
             const out = execSync({cmd}, {{ encoding: \"utf8\", env: process.env }});\n\
             return {{ \"experimental.chat.system.transform\": async (input, output) => {{ output.system.push(out); }} }};\n}};\n"
        ),
        PluginApi::PiExtension => format!(
            "import {{ execSync }} from \"node:child_process\";\n\
             let out = \"\";\n\
             export default function (pi) {{\n\
             pi.on(\"session_start\", async () => {{ out = execSync({cmd}, {{ encoding: \"utf8\" }}); }});\n\
             pi.on(\"before_agent_start\", async (event) => ({{ systemPrompt: event.systemPrompt + \"\\n\\n\" + out }}));\n}};\n"
        ),
    }
}

/// `s` as a JSON (and JavaScript) string literal: quotes and backslashes escaped, every
/// control character and the line separators as `\uXXXX`.
fn js_string(s: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() || c == '\u{2028}' || c == '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Sets the hook file, kind and fragment of a `hook_injection` plan.
fn hook_injection(plan: &mut StartupPlan, runtime: &Runtime, gt: &str, role: AgentRole) {
    if let Some(adapter) = runtime.gastown.and_then(|g| g.adapter).filter(|a| a.primes) {
        plan.hook_file = Some(adapter.file.to_owned());
        plan.hook_kind = Some(adapter.kind);
        plan.hook_fragment = adapter.schema.map(|s| fragment(s, adapter.events, adapter.timeouts, gt, role));
        plan.hook_content = adapter.plugin.map(|api| plugin_source(api, &plan.commands.join(" && ")));
        return;
    }
    // No Gastown preset: the runtime's own hook system, a startup plugin hal writes first.
    let Some(hooks) = runtime.hook_system() else { return };
    if let Some((file, api)) = hooks.plugin {
        plan.hook_file = Some(file.to_owned());
        plan.hook_kind = Some(HookKind::JsPlugin);
        plan.hook_content = Some(plugin_source(api, &plan.commands.join(" && ")));
        return;
    }
    plan.hook_file = hooks.files.first().map(|f| (*f).to_owned());
    if hooks.schema == HookSchema::ClaudeSettings {
        plan.hook_kind = Some(HookKind::SettingsJson);
        let events: Vec<(CanonicalEvent, &str)> = [SESSION_START_EVENT, COMPACT_EVENT, PROMPT_EVENT]
            .into_iter()
            .filter_map(|c| hooks.native_event(c).map(|n| (c, n)))
            .collect();
        plan.hook_fragment = Some(fragment(FragmentSchema::Settings, &events, None, gt, role));
    } else {
        plan.hook_kind = Some(HookKind::Native);
    }
}

/// The startup plan for `role` on a runtime with capabilities `caps` (overrides
/// already applied) and registry row `runtime`. `command` is the `gt` program name,
/// quoted here. The poll path keeps its `{agentId}` placeholder.
#[must_use]
pub fn startup_plan(caps: &Capabilities, runtime: &Runtime, role: AgentRole, command: &str) -> StartupPlan {
    startup_plan_for(caps, runtime, role, command, None)
}

/// [`startup_plan`] for a known agent: `agent_id` (e.g. the last segment of
/// `GT_ROLE`) fills the poll path of a polling plan.
#[must_use]
pub fn startup_plan_for(
    caps: &Capabilities,
    runtime: &Runtime,
    role: AgentRole,
    command: &str,
    agent_id: Option<&str>,
) -> StartupPlan {
    let gt = quote(command);
    let strategy = caps.startup_strategy;
    let mut plan = match strategy {
        StartupStrategy::HookInjection => {
            let mut plan = StartupPlan::new(caps.provider, role, strategy, vec![prime_command(&gt, role, true)]);
            hook_injection(&mut plan, runtime, &gt, role);
            plan
        }
        StartupStrategy::StartupFallback => {
            let mut plan = StartupPlan::new(caps.provider, role, strategy, vec![prime_command(&gt, role, false)]);
            plan.startup_nudge = Some(StartupNudge::new(STARTUP_NUDGE_DELAY_MS, startup_nudge_text(&gt)));
            plan
        }
        _ => {
            let mut plan = StartupPlan::new(caps.provider, role, strategy, Vec::new());
            let poll = Poll::new(format!("{gt} hook"), caps.nudge_interval.as_secs()).with_path(poll_path(agent_id));
            plan.poll = Some(poll);
            plan
        }
    };
    plan.family = caps.family;
    if caps.gupp_strategy == GuppStrategy::PromptPreamble {
        plan.gupp_preamble = Some(gupp_preamble_text(&gt));
    }
    plan
}

/// The role a Gastown role stamp (`GT_ROLE`) names: `mayor`, `deacon`, `dog`,
/// `deacon/boot` → boot, `<rig>/witness`, `<rig>/refinery`, `<rig>/polecats/<name>` →
/// polecat, `<rig>/crew/<name>` → crew; a bare role name (`polecat`, `boot`) too.
/// `None` for anything else.
#[must_use]
pub fn role_from_stamp(stamp: &str) -> Option<AgentRole> {
    let parts: Vec<&str> = stamp.trim().split('/').collect();
    if parts.iter().any(|p| p.trim().is_empty()) {
        return None;
    }
    match parts.as_slice() {
        ["deacon", "boot"] => Some(AgentRole::Boot),
        [_, "witness"] => Some(AgentRole::Witness),
        [_, "refinery"] => Some(AgentRole::Refinery),
        [_, "polecats", _] => Some(AgentRole::Polecat),
        [_, "crew", _] => Some(AgentRole::Crew),
        [bare] => bare.parse().ok(),
        _ => None,
    }
}

/// The agent id of a role stamp: its last segment (`gastown/polecats/toast` → `toast`).
#[must_use]
pub fn agent_id_from_stamp(stamp: &str) -> Option<&str> {
    stamp.trim().rsplit('/').next().filter(|s| !s.is_empty())
}
