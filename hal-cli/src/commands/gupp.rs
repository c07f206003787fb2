//! `hal gupp [--provider P]`: the GUPP strategy, stall threshold and nudge interval.

use hal_detect::Host;
use hal_types::RuntimeHal as _;

use crate::answers;
use crate::cli::GlobalOpt;
use crate::context::Context;
use crate::output::{Output, versioned};

/// The global options `hal gupp` takes (`--provider` skips detection: no `--policy`,
/// `--workspace`).
pub const TAKES: &[GlobalOpt] = &[GlobalOpt::Json, GlobalOpt::Workspace, GlobalOpt::Policy, GlobalOpt::RequireKnown];

/// The config file can override the values: it is read.
pub(crate) const READS_CONFIG: bool = true;

/// The GUPP values in force.
pub(crate) fn run<H: Host>(ctx: &Context<H>) -> Output {
    let c = ctx.hal.capabilities();
    let stdout = if ctx.json {
        let v = answers::Gupp {
            provider: c.provider,
            family: c.family,
            gupp_strategy: c.gupp_strategy,
            stall_threshold_secs: c.stall_threshold.as_secs(),
            nudge_interval_secs: c.nudge_interval.as_secs(),
            running: answers::Running::of(ctx.hal.detection()),
        };
        versioned(v, &ctx.diagnostics)
    } else {
        format!(
            "provider: {}\ngupp strategy: {}\nstall threshold: {} s\nnudge interval: {} s\n",
            c.provider,
            c.gupp_strategy,
            c.stall_threshold.as_secs(),
            c.nudge_interval.as_secs()
        )
    };
    Output::new(stdout, &ctx.diagnostics)
}
