//! `hal detect [--hook]`: the runtime this process runs under, and the signal that
//! decided.

use std::fmt::Write as _;

use hal_caps::text::escape_control;
use hal_detect::Host;
use hal_types::{Detection, RuntimeHal as _, RuntimeProvider};

use crate::args::{GlobalOpt, HookArg};
use crate::describe::{Cmd, Description, Invocation, answer};
use crate::context::{Context, Needs, Payload};
use crate::output::{Output, versioned};

/// The runtime this process runs under, and the signal that decided.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, clap::Args)]
pub struct Detect {
    /// `--hook`.
    #[command(flatten)]
    pub hook: HookArg,
}

impl Cmd for Detect {
    const DESCRIPTION: Description = Description {
        name: "detect",
        takes: &[GlobalOpt::Json, GlobalOpt::Workspace, GlobalOpt::Policy, GlobalOpt::RequireKnown],
        answers: &[answer!(
            "detect",
            None,
            "Detection",
            "The runtime this process runs under, the signal that decided, and every candidate.",
            Detection
        )],
    };

    fn exec<H: Host>(&self, input: Invocation<'_, H>) -> Output {
        // No setting of the config file changes the answer: it is not read.
        let needs = Needs {
            payload: Payload::hook(self.hook.hook),
            shows_version: input.global.json,
            ..Needs::detection(None, false)
        };
        run(&input.resolve(needs))
    }
}

/// The detection, with `--hook` the payload's runtime deciding after the override.
fn run<H: Host>(ctx: &Context<H>) -> Output {
    let d = ctx.hal.detection();
    let stdout = if ctx.json { versioned(d, &ctx.diagnostics) } else { detect_text(d) };
    Output::new(stdout, &ctx.diagnostics)
}

fn source_text(d: &Detection) -> String {
    let s = &d.source;
    let mut out = s.kind.to_string();
    if let Some(sig) = &s.signal {
        let _ = write!(out, " {}", escape_control(sig));
    }
    if let Some(depth) = s.depth {
        let _ = write!(out, ", {depth} level(s) up");
    }
    out
}

/// The detection as one line of text (`hal detect`, and `hal explain`'s verdict).
pub(crate) fn detect_text(d: &Detection) -> String {
    let declared = declared_text(d);
    let mut s = match (&declared, d.provider) {
        (Some(t), RuntimeProvider::Unknown) => t.clone(),
        (Some(t), _) => format!("{} ({}); {t}", d.provider, source_text(d)),
        (None, _) => format!("{} ({})", d.provider, source_text(d)),
    };
    if let Some(runtime) = d.configured_only() {
        let _ = write!(s, ": {}", configured_text(runtime));
    }
    if d.ambiguous {
        s.push_str(" [ambiguous]");
    }
    if d.secondary_only {
        s.push_str(" [secondary sources only]");
    }
    s.push('\n');
    s
}

/// What a workspace configured for `runtime` with no agent running is called, on every
/// text surface (`detect`, `explain`).
pub(crate) fn configured_text(runtime: RuntimeProvider) -> String {
    format!("configured for {runtime}; no agent running")
}

/// The variable an agent hal does not know declared itself in (`AI_AGENT`, `AGENT`),
/// from the candidates.
fn declared_var(d: &Detection) -> Option<&str> {
    d.candidates
        .iter()
        .find(|c| c.provider == RuntimeProvider::Unknown && c.source.kind == hal_types::SourceKind::Marker)
        .and_then(|c| c.source.signal.as_deref())
}

/// `unknown agent "custom-agent" (AI_AGENT)`: a self-declared agent hal has no row
/// for; the name in Rust's debug quoting, so nothing in it can break the line, and what
/// that quoting leaves raw of the table of unsafe characters (a Hangul filler, the
/// braille blank: N16) escaped too.
fn declared_text(d: &Detection) -> Option<String> {
    let (name, var) = (d.agent.as_deref()?, declared_var(d)?);
    let version = d.agent_version.as_deref().map(|v| format!(" version {v:?}")).unwrap_or_default();
    Some(escape_control(&format!("unknown agent {name:?}{version} ({var})")).into_owned())
}
