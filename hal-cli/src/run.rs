//! Runs a parsed command: one exhaustive `match` over [`Command`], each arm resolving
//! what the command needs (`Context::resolve`) and handing it to the command's file
//! under [`crate::commands`]. No I/O here except reading the host through hal-detect
//! and the hook payload.

use hal_detect::Host;

use crate::cli::{Cli, Command};
use crate::commands::{
    caps, completions, detect, env, events, explain, gupp, hook, inventory, launch, lint, man, providers, session_id,
    startup,
};
use crate::context::{Context, Needs, Payload};
use crate::output::Output;
use crate::usage;

/// Runs `cli` against `host`.
pub fn run<H: Host>(cli: &Cli, host: H) -> Output {
    let g = &cli.global;
    let provider = cli.command.provider();
    let version = cli.command.runtime_version();
    let payload = |hook: bool| if hook { Payload::Optional } else { Payload::None };
    match &cli.command {
        Command::Detect(arg) => detect::run(&Context::resolve(
            g,
            host,
            Needs { payload: payload(arg.hook), shows_version: g.json, ..Needs::detection(None, detect::READS_CONFIG) },
        )),
        Command::SessionId(arg) => session_id::run(&Context::resolve(
            g,
            host,
            Needs {
                payload: payload(arg.hook),
                shows_version: g.json,
                ..Needs::detection(None, session_id::READS_CONFIG)
            },
        )),
        Command::Hook(source) => hook::run(&Context::resolve(
            g,
            host,
            Needs {
                payload: Payload::Required(source.from.as_deref()),
                shows_version: false,
                ..Needs::detection(None, hook::READS_CONFIG)
            },
        )),
        Command::Caps { all: true, format, .. } => caps::all(g.json, *format),
        Command::Caps { .. } => {
            caps::run(&Context::resolve(g, host, Needs::versioned(provider, version, caps::READS_CONFIG)))
        }
        Command::Startup { role, all_roles, agent_id, .. } => startup::run(
            &Context::resolve(g, host, Needs::versioned(provider, version, startup::READS_CONFIG)),
            *role,
            *all_roles,
            agent_id.as_deref(),
        ),
        Command::Launch(args) => {
            launch::run(&Context::resolve(g, host, Needs::versioned(provider, version, launch::READS_CONFIG)), args)
        }
        Command::Gupp { .. } => {
            gupp::run(&Context::resolve(g, host, Needs::versioned(provider, version, gupp::READS_CONFIG)))
        }
        Command::Events { .. } => {
            events::run(&Context::resolve(g, host, Needs::versioned(provider, version, events::READS_CONFIG)))
        }
        Command::Explain => explain::run(&Context::resolve(
            g,
            host,
            Needs { report: true, ..Needs::detection(None, explain::READS_CONFIG) },
        )),
        Command::Env => env::run(&Context::resolve(g, host, Needs::versioned(None, None, env::READS_CONFIG))),
        Command::Providers { format } => providers::run(g.json, *format),
        Command::Inventory { require_verified, probe } => inventory::run(&host, g.json, *require_verified, *probe),
        Command::Lint { paths, format, strict, no_markdown } => {
            let walk = lint::Walk { strict: *strict, markdown: !*no_markdown };
            lint::run(paths, *format, walk, g.json, g.verbose > 0, &host)
        }
        Command::Completions { shell } => completions::run(usage::documented(), *shell),
        Command::Man => man::run(&usage::documented()),
        #[cfg(feature = "schema")]
        Command::Schema { command } => crate::commands::schema::run(command.as_deref()),
    }
}
