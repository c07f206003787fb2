//! `hal explain`: the detection cascade step by step, then every override (for bug
//! reports; not a stable format).

use hal_detect::{Host, Report};
use hal_gupp::Hal;
use hal_types::Diagnostic;

use std::fmt::Write as _;

use hal_caps::text::escape_control;
use hal_detect::Outcome;

use crate::answers;
use crate::args::GlobalOpt;
use crate::commands::detect::detect_text;
use crate::describe::{Cmd, Description, Invocation, answer};
use crate::context::{Context, Needs};
use crate::output::{Output, versioned};

/// The detection cascade step by step, then every override (for bug reports; not
/// a stable format).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, clap::Args)]
pub struct Explain {}

impl Cmd for Explain {
    const DESCRIPTION: Description = Description {
        name: "explain",
        takes: &[GlobalOpt::Json, GlobalOpt::Workspace, GlobalOpt::Policy, GlobalOpt::RequireKnown],
        answers: &[answer!(
            "explain",
            None,
            "Explain",
            "The detection cascade step by step, the decision, the candidates and the overrides.",
            answers::Explain
        )],
    };

    fn exec<H: Host>(&self, input: Invocation<'_, H>) -> Output {
        // Every override is listed, the config file's too: it is read.
        run(&input.resolve(Needs { report: true, ..Needs::detection(None, true) }))
    }
}

/// The report the context resolved (`Needs::report`), as JSON or text.
fn run<H: Host>(ctx: &Context<H>) -> Output {
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
        runtime_version: d.runtime_version.clone(),
        runtime_version_source: d.runtime_version_source.clone(),
        version_steps: report.version_tried.clone(),
    };
    versioned(body, diags)
}

/// A step's label in `hal explain`'s text: a step that did not decide says so (its JSON
/// `outcome` stays `passed`, which read as "succeeded" in text).
const fn step_mark(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Decided => "DECIDED",
        Outcome::Skipped => "skipped",
        _ => "not decided",
    }
}

fn explain_text<H: Host>(report: &Report, hal: &Hal<H>) -> String {
    let d = &report.detection;
    let mut s = format!("policy: {}\n", d.policy);
    for (i, step) in report.steps.iter().enumerate() {
        let mark = step_mark(step.outcome);
        let _ = writeln!(
            s,
            "{}. {:<20} [{mark}] looked at: {}; found: {}",
            i + 1,
            step.kind.label(),
            escape_control(&step.looked_at),
            escape_control(&step.found)
        );
    }
    let _ = writeln!(s, "=> {}", detect_text(d).trim_end());
    if !d.candidates.is_empty() {
        s.push_str("candidates:\n");
        for c in &d.candidates {
            let _ = writeln!(
                s,
                "  {} via {} {}",
                c.provider,
                c.source.kind,
                escape_control(c.source.signal.as_deref().unwrap_or("-"))
            );
        }
    }
    for (provider, var) in &report.settings_seen {
        let _ = writeln!(s, "seen: {var} ({provider}): {}", answers::USER_SETTING);
    }
    if !report.version_tried.is_empty() {
        let found = match (&d.runtime_version, &d.runtime_version_source) {
            (Some(v), Some(from)) => format!("{} from {}", escape_control(v), escape_control(from)),
            _ => "unknown (answers are for the newest verified version)".to_owned(),
        };
        let _ = writeln!(s, "version: {found}");
        for t in &report.version_tried {
            let _ = writeln!(s, "  looked at: {}", escape_control(t));
        }
    }
    s.push_str("overrides:\n");
    for o in &hal.resolved().overrides {
        let origin = serde_json::to_value(o.origin).ok().and_then(|v| v.as_str().map(str::to_owned));
        let _ = writeln!(
            s,
            "  {} = {} ({}{})",
            o.field,
            escape_control(&o.value),
            origin.unwrap_or_default(),
            o.source.as_deref().map(|x| format!(" {}", escape_control(x))).unwrap_or_default()
        );
    }
    s
}
