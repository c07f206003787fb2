//! `hal inventory [--require-verified PROVIDER]`: the runtimes installed on this host,
//! each with its executable, the version read from its install and its standing
//! against the versions live runs verified. No process is spawned unless `--probe`.

use std::fmt::Write as _;

use hal_caps::registry::dated::InstallStanding;
use hal_caps::text::escape_control;
use hal_detect::Host;
use hal_detect::inventory::{Installed, inventory};
use hal_types::RuntimeProvider;

use crate::answers;
use crate::args::{Completed, GlobalOpt, parse_provider, providers};
use crate::describe::{Cmd, Description, Invocation, answer};
use crate::output::{Output, versioned};

/// The runtimes installed on this host: executable, version, and its standing
/// against the versions live runs verified.
#[derive(Debug, PartialEq, Eq, clap::Args)]
pub struct Inventory {
    /// Exit 1 unless this runtime is installed at a version a live run verified.
    #[arg(long, value_name = "PROVIDER", value_parser = Completed(parse_provider, providers), hide_possible_values = true)]
    pub require_verified: Option<RuntimeProvider>,
    /// Where the install says no version, run the runtime's `--version` (a cleared
    /// environment, killed after 3 s).
    #[arg(long)]
    pub probe: bool,
}

impl Cmd for Inventory {
    const DESCRIPTION: Description = Description {
        name: "inventory",
        // It reads no detection.
        takes: &[GlobalOpt::Json],
        answers: &[answer!(
            "inventory",
            None,
            "Inventory",
            "The runtimes installed on this host: executable, version read from the install, standing against the verified versions.",
            answers::Inventory
        )],
    };

    /// The host's files (and, with `--probe`, the runtimes' `--version`), no detection.
    fn exec<H: Host>(&self, input: Invocation<'_, H>) -> Output {
        run(&input.host, input.global.json, self.require_verified, self.probe)
    }
}

fn shown(p: &std::path::Path) -> String {
    escape_control(&p.to_string_lossy()).into_owned()
}

fn answer(i: &Installed) -> answers::Installed {
    answers::Installed {
        provider: i.provider,
        executable: shown(&i.executable),
        resolved: shown(&i.resolved),
        version: i.version.as_deref().map(|v| escape_control(v).into_owned()),
        version_source: i.version_source.as_deref().map(|v| escape_control(v).into_owned()),
        standing: i.standing.as_str(),
    }
}

/// The inventory as text or JSON; exit 1 under `--require-verified P` unless `P` is
/// installed at a verified version.
fn run<H: Host>(host: &H, json: bool, require: Option<RuntimeProvider>, probe: bool) -> Output {
    let mut found = inventory(host);
    if probe {
        hal_detect::inventory::probe(&mut found, hal_caps::registry::runtime);
    }
    let runtimes: Vec<answers::Installed> = found.iter().map(answer).collect();
    let stdout = if json {
        versioned(answers::Inventory { runtimes }, &[])
    } else if runtimes.is_empty() {
        "no runtime hal knows is installed (looked on PATH and in the usual install places)\n".to_owned()
    } else {
        let mut s = String::new();
        for r in &runtimes {
            let version = r.version.as_deref().unwrap_or("-");
            let how = r.version_source.as_deref().map(|s| format!(" ({s})")).unwrap_or_default();
            let _ = writeln!(s, "{:<16} {:<14} {:<22} {}{how}", r.provider.as_str(), version, r.standing, r.executable);
        }
        s
    };
    let ok = require.is_none_or(|p| found.iter().any(|i| i.provider == p && i.standing == InstallStanding::Verified));
    Output::new(stdout, &[]).at_least(u8::from(!ok))
}
