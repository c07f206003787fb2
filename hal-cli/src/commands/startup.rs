//! `hal startup [--role R | --all-roles] [--agent-id ID] [--work-item TEXT]`: the startup
//! plan for an agent of a role.

use hal_detect::Host;
use hal_types::{AgentRole, Diagnostic, DiagnosticCode, RuntimeHal as _, StartupPlan};

use std::fmt::Write as _;

use hal_caps::text::{escape_control, escape_json};

use crate::answers;
use crate::args::{Completed, GlobalOpt, ProviderArg, parse_role, roles};
use crate::describe::{Cmd, Description, Invocation, answer};
use crate::context::{Context, Needs};
use crate::output::{Output, versioned};

/// The startup plan for an agent of a role.
#[derive(Debug, PartialEq, Eq, clap::Args)]
pub struct Startup {
    /// The Gastown role (default: the role GT_ROLE names).
    #[arg(long, value_parser = Completed(parse_role, roles), hide_possible_values = true, conflicts_with = "all_roles")]
    pub role: Option<AgentRole>,
    /// The plans of all eight roles at once.
    #[arg(long)]
    pub all_roles: bool,
    /// The agent id in a polling plan's path (default: GT_ROLE's last segment).
    #[arg(long, value_name = "ID")]
    pub agent_id: Option<String>,
    /// The work item the agent is given, in the plan's own slot (`work_item`).
    #[arg(long, value_name = "TEXT")]
    pub work_item: Option<String>,
    /// `--provider`, `--runtime-version`.
    #[command(flatten)]
    pub provider: ProviderArg,
}

impl Cmd for Startup {
    const DESCRIPTION: Description = Description {
        name: "startup",
        // `--provider` skips detection: no `--policy`, `--workspace`.
        takes: &[GlobalOpt::Json, GlobalOpt::Workspace, GlobalOpt::Policy, GlobalOpt::RequireKnown],
        answers: &[
            answer!("startup", None, "StartupAnswer", "The startup plan for an agent of a role.", answers::Startup),
            answer!(
                "startup-all-roles",
                Some("--all-roles"),
                "StartupPlans",
                "The startup plans of all eight roles at once.",
                answers::StartupAllRoles
            ),
        ],
    };

    fn provider(&self) -> Option<&ProviderArg> {
        Some(&self.provider)
    }

    fn exec<H: Host>(&self, input: Invocation<'_, H>) -> Output {
        // The config file can override the strategy and timings: it is read.
        let p = &self.provider;
        let ctx = input.resolve(Needs::versioned(p.provider, p.runtime_version.as_deref(), true));
        run(&ctx, self, self.role)
    }
}

/// `hal startup`: one role's plan (`--role`, else the role `GT_ROLE` names), or all
/// eight (`--all-roles`). No role, or a `GT_ROLE` hal cannot map, is a usage error
/// (exit 2) that lists the roles; in JSON the `role_unknown` diagnostic says so too.
fn run<H: Host>(ctx: &Context<H>, args: &Startup, role: Option<AgentRole>) -> Output {
    let (all, agent_id) = (args.all_roles, args.agent_id.as_deref());
    let hal = &ctx.hal;
    let plan_for = |r: AgentRole| {
        let mut p = hal.startup_plan_for(r, agent_id);
        p.work_item.clone_from(&args.work_item);
        p
    };
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
        let plans: Vec<StartupPlan> = AgentRole::ALL.iter().map(|r| plan_for(*r)).collect();
        if ctx.json {
            let running = answers::Running::of(hal.detection());
            versioned(answers::StartupAllRoles { provider: c.provider, family: c.family, plans, running }, &diags)
        } else {
            plans.iter().map(startup_text).collect::<Vec<_>>().join("\n")
        }
    } else {
        let plan = plan_for(role);
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

/// One plan as text.
fn startup_text(p: &StartupPlan) -> String {
    let mut s = format!("provider: {}\nrole: {}\nstrategy: {}\ncommands:", p.provider, p.role, p.strategy);
    if p.commands.is_empty() {
        s.push_str(" none (the agent starts generic)");
    }
    s.push('\n');
    for c in &p.commands {
        let _ = writeln!(s, "  {}", escape_control(c));
    }
    if let Some(file) = &p.hook_file {
        let kind = p.hook_kind.map(|k| format!(" ({k})")).unwrap_or_default();
        let _ = writeln!(s, "hook file: {file}{kind}");
    }
    if let Some(f) = &p.hook_fragment {
        let _ =
            writeln!(s, "hook fragment to merge:\n  {}", escape_json(&serde_json::to_string(f).unwrap_or_default()));
    }
    if let Some(n) = &p.startup_nudge {
        let when = if n.in_prompt { "in the first prompt".to_owned() } else { format!("after {} ms", n.delay_ms) };
        let _ = writeln!(s, "startup nudge {when}: {}", escape_control(&n.text));
    }
    if let Some(g) = &p.gupp_preamble {
        let _ = writeln!(s, "GUPP preamble (before the first prompt): {}", escape_control(g));
    }
    if let Some(w) = &p.work_item {
        let _ = writeln!(s, "work item: {}", escape_control(w));
    }
    if let Some(poll) = &p.poll {
        let _ = writeln!(
            s,
            "poll {} every {} s (`{}` reads the same)",
            escape_control(&poll.path),
            poll.interval_secs,
            escape_control(&poll.command)
        );
    }
    s
}
