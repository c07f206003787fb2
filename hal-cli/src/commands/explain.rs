//! `hal explain`: the detection cascade step by step, then every override (for bug
//! reports; not a stable format).

use hal_detect::{Host, Report};
use hal_gupp::Hal;
use hal_types::Diagnostic;

use crate::answers;
use crate::cli::GlobalOpt;
use crate::context::Context;
use crate::output::{Output, versioned};
use crate::render::explain_text;

/// The global options `hal explain` takes.
pub const TAKES: &[GlobalOpt] = &[GlobalOpt::Json, GlobalOpt::Workspace, GlobalOpt::Policy, GlobalOpt::RequireKnown];

/// Every override is listed, the config file's too: it is read.
pub(crate) const READS_CONFIG: bool = true;

/// The report the context resolved (`Needs::report`), as JSON or text.
pub(crate) fn run<H: Host>(ctx: &Context<H>) -> Output {
    let Some(report) = &ctx.report else { return Output::new(String::new(), &ctx.diagnostics) };
    let stdout =
        if ctx.json { explain_json(report, &ctx.hal, &ctx.diagnostics) } else { explain_text(report, &ctx.hal) };
    Output::new(stdout, &ctx.diagnostics)
}

fn explain_json<H: Host>(report: &Report, hal: &Hal<H>, diags: &[Diagnostic]) -> String {
    let d = &report.detection;
    let steps = report
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| answers::Step {
            n: i + 1,
            step: s.kind.label(),
            outcome: s.outcome,
            looked_at: s.looked_at.clone(),
            found: s.found.clone(),
        })
        .collect();
    let body = answers::Explain {
        provider: d.provider,
        family: d.family,
        source: d.source.clone(),
        policy: d.policy,
        ambiguous: d.ambiguous,
        secondary_only: d.secondary_only,
        is_agent: d.is_agent,
        agent: d.agent.clone(),
        agent_version: d.agent_version.clone(),
        agent_context: d.agent_context,
        configured_for: d.configured_for,
        candidates: d.candidates.clone(),
        steps,
        user_settings: report
            .settings_seen
            .iter()
            .map(|(provider, variable)| answers::UserSetting { variable, provider: *provider })
            .collect(),
        overrides: hal.resolved().overrides.clone(),
    };
    versioned(body, diags)
}
