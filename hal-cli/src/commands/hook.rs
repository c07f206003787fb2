//! `hal hook [--from FILE]`: the hook payload on stdin as a canonical lifecycle event.
//! Exit 0 with the event, 1 when the input is no hook payload (or, under
//! `--require-known`, its runtime is unknown), 2 when stdin is a terminal or the file
//! cannot be opened.

use std::path::PathBuf;

use hal_caps::text::escape_control;
use hal_detect::Host;

use crate::answers;
use crate::args::GlobalOpt;
use crate::describe::{Cmd, Description, Invocation, answer};
use crate::context::{Context, Needs, Payload, Read};
use crate::output::{Output, versioned};

/// The hook payload on stdin as a canonical lifecycle event: provider, event,
/// session id (names and ids only; never prompts, tool inputs or outputs).
#[derive(Debug, Default, Clone, PartialEq, Eq, clap::Args)]
pub struct Hook {
    /// Read the payload from FILE instead of stdin (`-`: stdin).
    #[arg(long, value_name = "FILE")]
    pub from: Option<PathBuf>,
}

impl Cmd for Hook {
    const DESCRIPTION: Description = Description {
        name: "hook",
        takes: &[GlobalOpt::Json, GlobalOpt::Workspace, GlobalOpt::Policy, GlobalOpt::RequireKnown],
        answers: &[answer!(
            "hook",
            None,
            "HookAnswer",
            "The canonical lifecycle event of a hook payload on stdin (names and ids only).",
            answers::Hook
        )],
    };

    fn exec<H: Host>(&self, input: Invocation<'_, H>) -> Output {
        // No setting of the config file changes the answer: it is not read.
        let needs = Needs {
            payload: Payload::Required(self.from.as_deref()),
            shows_version: false,
            ..Needs::detection(None, false)
        };
        run(&input.resolve(needs))
    }
}

/// The event; its diagnostics are the context's, as for `detect --hook`.
fn run<H: Host>(ctx: &Context<H>) -> Output {
    let (body, code, usage) = match &ctx.read {
        Some(Read::Event(e)) => (answers::Hook::from(e), 0, None),
        Some(Read::Failed(why)) => {
            let code = if why.is_usage_error() { 2 } else { 1 };
            (answers::Hook::default(), code, why.is_usage_error().then(|| why.message()))
        }
        None => (answers::Hook::default(), 1, None),
    };
    let stdout = if ctx.json {
        versioned(&body, &ctx.diagnostics)
    } else if code == 0 {
        let dash = |s: Option<&str>| escape_control(s.unwrap_or("-")).into_owned();
        let provider = body.provider.map_or_else(|| "-".to_owned(), |p| p.to_string());
        format!("{provider} {} {}\n", dash(body.event.as_deref()), dash(body.session_id.as_deref()))
    } else {
        String::new()
    };
    let out = Output::new(stdout, &ctx.diagnostics).at_least(code);
    match usage {
        Some(message) => out.usage_error("usage: ", &message),
        None => out,
    }
}
