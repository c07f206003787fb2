//! `hal detect [--hook]`: the runtime this process runs under, and the signal that
//! decided.

use hal_detect::Host;
use hal_types::RuntimeHal as _;

use crate::cli::GlobalOpt;
use crate::context::Context;
use crate::output::{Output, versioned};
use crate::render::detect_text;

/// The global options `hal detect` takes.
pub const TAKES: &[GlobalOpt] = &[GlobalOpt::Json, GlobalOpt::Workspace, GlobalOpt::Policy, GlobalOpt::RequireKnown];

/// No setting of the config file changes the answer: it is not read.
pub(crate) const READS_CONFIG: bool = false;

/// The detection, with `--hook` the payload's runtime deciding after the override.
pub(crate) fn run<H: Host>(ctx: &Context<H>) -> Output {
    let d = ctx.hal.detection();
    let stdout = if ctx.json { versioned(d, &ctx.diagnostics) } else { detect_text(d) };
    Output::new(stdout, &ctx.diagnostics)
}
