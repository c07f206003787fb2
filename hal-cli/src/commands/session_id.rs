//! `hal session-id [--hook]`: the session id; nothing and exit 1 when there is none.

use hal_caps::text::escape_control;
use hal_detect::Host;
use hal_types::RuntimeHal as _;

use crate::answers;
use crate::args::{GlobalOpt, HookArg};
use crate::describe::{Cmd, Description, Invocation, answer};
use crate::context::{Context, Needs, Payload, Read};
use crate::output::{Output, versioned};

/// The session id; prints nothing and exits 1 when there is none.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, clap::Args)]
pub struct SessionId {
    /// `--hook`.
    #[command(flatten)]
    pub hook: HookArg,
}

impl Cmd for SessionId {
    const DESCRIPTION: Description = Description {
        name: "session-id",
        takes: &[GlobalOpt::Json, GlobalOpt::Workspace, GlobalOpt::Policy, GlobalOpt::RequireKnown],
        answers: &[answer!(
            "session-id",
            None,
            "SessionId",
            "The session id, the variable it came from, and the variables read in order.",
            answers::SessionId
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

/// The payload's session id (`--hook`), else the environment's.
fn run<H: Host>(ctx: &Context<H>) -> Output {
    let hal = &ctx.hal;
    let c = hal.capabilities();
    let from_payload = match &ctx.read {
        Some(Read::Event(e)) => e.session_id.clone(),
        Some(Read::Failed(_)) | None => None,
    };
    let (id, variable) = match from_payload {
        Some(id) => (Some(id), None),
        None => hal.session().map_or((None, None), |s| (Some(s.id), Some(s.variable))),
    };
    let stdout = match (&id, ctx.json) {
        (_, true) => {
            let body = answers::SessionId {
                provider: c.provider,
                family: c.family,
                session_id: id.clone(),
                variable,
                session_id_vars: hal.session_id_vars(),
                running: answers::Running::of(hal.detection()),
            };
            versioned(body, &ctx.diagnostics)
        }
        (Some(id), false) => format!("{}\n", escape_control(id)),
        (None, false) => String::new(),
    };
    Output::new(stdout, &ctx.diagnostics).at_least(u8::from(id.is_none()))
}
