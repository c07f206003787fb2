//! `hal startup [--role R | --all-roles]`: the startup plan for an agent of a role.

use hal_detect::Host;
use hal_types::{AgentRole, Diagnostic, DiagnosticCode, RuntimeHal as _, StartupPlan};

use crate::answers;
use crate::cli::GlobalOpt;
use crate::context::Context;
use crate::output::{Output, versioned};
use crate::render::startup_text;

/// The global options `hal startup` takes (`--provider` skips detection: no
/// `--policy`, `--workspace`).
pub const TAKES: &[GlobalOpt] = &[GlobalOpt::Json, GlobalOpt::Workspace, GlobalOpt::Policy, GlobalOpt::RequireKnown];

/// The config file can override the strategy and timings: it is read.
pub(crate) const READS_CONFIG: bool = true;

/// `hal startup`: one role's plan (`--role`, else the role `GT_ROLE` names), or all
/// eight (`--all-roles`). No role, or a `GT_ROLE` hal cannot map, is a usage error
/// (exit 2) that lists the roles; in JSON the `role_unknown` diagnostic says so too.
pub(crate) fn run<H: Host>(ctx: &Context<H>, role: Option<AgentRole>, all: bool, agent_id: Option<&str>) -> Output {
    let hal = &ctx.hal;
    let quote = |s: &str| hal_caps::text::quote_value(std::ffi::OsStr::new(s));
    let var = hal_detect::vars::GT_ROLE;
    let roles = || AgentRole::ALL.iter().map(|r| r.as_str()).collect::<Vec<_>>().join(", ");
    let mut diags = ctx.diagnostics.clone();
    if let Some(id) = agent_id.filter(|id| !hal_gupp::plain_agent_id(id)) {
        let m = format!(
            "--agent-id {} is not a plain file-name segment; the poll path keeps {}",
            quote(id),
            hal_gupp::plan::AGENT_ID_PLACEHOLDER
        );
        diags.push(Diagnostic::new(DiagnosticCode::OverrideRejected, Some("--agent-id"), m));
    }
    let (role, from_stamp) = match (role, all, hal.stamped_role()) {
        (Some(r), ..) => (r, false),
        (None, true, _) => (AgentRole::Mayor, false),
        (None, false, Some(Ok(r))) => (r, true),
        (None, false, stamp) => {
            let message = match stamp {
                Some(Err(s)) => {
                    let m = format!("{var} = {} names no role; give --role, one of: {}", quote(s), roles());
                    diags.push(Diagnostic::new(DiagnosticCode::RoleUnknown, Some(var), m.clone()));
                    m
                }
                _ => format!("no role: give --role (or run under Gastown's {var}), one of: {}", roles()),
            };
            // A usage error, like every other: nothing on stdout; the message and the
            // diagnostic (`role_unknown` for a stamp hal cannot map) on stderr.
            return Output::new(String::new(), &diags).usage_error("", &message);
        }
    };
    let c = hal.capabilities();
    let stdout = if all {
        let plans: Vec<StartupPlan> = AgentRole::ALL.iter().map(|r| hal.startup_plan_for(*r, agent_id)).collect();
        if ctx.json {
            let running = answers::Running::of(hal.detection());
            versioned(answers::StartupAllRoles { provider: c.provider, family: c.family, plans, running }, &diags)
        } else {
            plans.iter().map(startup_text).collect::<Vec<_>>().join("\n")
        }
    } else {
        let plan = hal.startup_plan_for(role, agent_id);
        if ctx.json {
            let running = answers::Running::of(hal.detection());
            versioned(answers::Startup { plan, role_source: from_stamp.then_some(var), running }, &diags)
        } else {
            let text = startup_text(&plan);
            match hal.role_stamp().filter(|_| from_stamp) {
                Some(stamp) => text.replacen(
                    &format!("role: {role}\n"),
                    &format!("role: {role} (from {var} = {})\n", quote(stamp)),
                    1,
                ),
                None => text,
            }
        }
    };
    Output::new(stdout, &diags)
}
