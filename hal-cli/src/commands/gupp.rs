//! `hal gupp [--provider P]`: the GUPP strategy, stall threshold and nudge interval.

use hal_detect::Host;
use hal_types::RuntimeHal as _;

use crate::answers;
use crate::args::{GlobalOpt, ProviderArg};
use crate::describe::{Cmd, Description, Invocation, answer};
use crate::context::{Context, Needs};
use crate::output::{Output, versioned};

/// The GUPP strategy, stall threshold and nudge interval.
#[derive(Debug, PartialEq, Eq, clap::Args)]
pub struct Gupp {
    /// `--provider`, `--runtime-version`.
    #[command(flatten)]
    pub provider: ProviderArg,
}

impl Cmd for Gupp {
    const DESCRIPTION: Description = Description {
        name: "gupp",
        // `--provider` skips detection: no `--policy`, `--workspace`.
        takes: &[GlobalOpt::Json, GlobalOpt::Workspace, GlobalOpt::Policy, GlobalOpt::RequireKnown],
        answers: &[answer!(
            "gupp",
            None,
            "Gupp",
            "The GUPP strategy, the stall threshold and the nudge interval.",
            answers::Gupp
        )],
    };

    fn provider(&self) -> Option<&ProviderArg> {
        Some(&self.provider)
    }

    fn exec<H: Host>(&self, input: Invocation<'_, H>) -> Output {
        // The config file can override the values: it is read.
        let p = &self.provider;
        run(&input.resolve(Needs::versioned(p.provider, p.runtime_version.as_deref(), true)))
    }
}

/// The GUPP values in force.
fn run<H: Host>(ctx: &Context<H>) -> Output {
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
