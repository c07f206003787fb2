//! `hal inventory [--require-verified PROVIDER]`: the runtimes installed on this host,
//! each with its executable, the version read from its install and its standing
//! against the versions live runs verified. No process is spawned unless `--probe`.

use std::fmt::Write as _;

use hal_caps::registry::dated::InstallStanding;
use hal_caps::text::escape_control;
use hal_detect::Host;
use hal_detect::inventory::{Installed, inventory};
use hal_caps::registry::Version;
use hal_types::{Diagnostic, DiagnosticCode, RuntimeProvider};

use crate::answers;
use crate::args::{Completed, GlobalOpt, parse_provider, providers};
use crate::describe::{Cmd, Description, Invocation, answer};
use crate::output::{Output, versioned};

/// The runtimes installed on this host: executable, version, and its standing
/// against the versions live runs verified.
#[derive(Debug, PartialEq, Eq, clap::Args)]
#[command(after_help = standings())]
pub struct Inventory {
    /// Exit 1 unless this runtime is installed at a version a live run verified (else
    /// why not, on stderr and as a JSON diagnostic).
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

/// `--help`'s and the man page's last words: each standing and what it means.
fn standings() -> String {
    let mut s = String::from("Standings:");
    for st in InstallStanding::ALL {
        let _ = write!(s, "\n  {:<21} {}", st.as_str(), st.meaning());
    }
    s
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
/// installed at a verified version, and then why not (on stderr, and as diagnostics).
fn run<H: Host>(host: &H, json: bool, require: Option<RuntimeProvider>, probe: bool) -> Output {
    let mut found = inventory(host);
    if probe {
        hal_detect::inventory::probe(&mut found, hal_caps::registry::runtime);
    }
    let why = require.and_then(|p| why_not_verified(host, &found, p));
    let diags: Vec<Diagnostic> = why.iter().flat_map(|(_, d)| d.iter().cloned()).collect();
    let runtimes: Vec<answers::Installed> = found.iter().map(answer).collect();
    let stdout = if json {
        versioned(answers::Inventory { runtimes }, &diags)
    } else if runtimes.is_empty() {
        "no runtime hal knows is installed (looked on PATH and in the usual install places)\n".to_owned()
    } else {
        let mut s = format!("{:<16} {:<14} {:<22} {}\n", "PROVIDER", "VERSION", "STANDING", "EXECUTABLE (VERSION SOURCE)");
        for r in &runtimes {
            let version = r.version.as_deref().unwrap_or("-");
            let how = r.version_source.as_deref().map(|s| format!(" ({s})")).unwrap_or_default();
            let _ = writeln!(s, "{:<16} {:<14} {:<22} {}{how}", r.provider.as_str(), version, r.standing, r.executable);
        }
        s
    };
    let mut out = Output::new(stdout, &[]);
    if let Some((message, _)) = why {
        out.error(message);
        out = out.at_least(1);
    }
    out
}

/// Why `p` fails `--require-verified`: the line for stderr and the diagnostics; `None`
/// when it is installed at a verified version.
fn why_not_verified<H: Host>(host: &H, found: &[Installed], p: RuntimeProvider) -> Option<(String, Vec<Diagnostic>)> {
    let rt = hal_caps::registry::runtime(p);
    let flag = format!("--require-verified {p}");
    let Some(inst) = found.iter().find(|i| i.provider == p) else {
        let looked = hal_detect::inventory::looked(host, p);
        let exes: Vec<String> = looked.iter().map(|(e, _)| format!("`{e}`")).collect();
        let mut dirs: Vec<String> = Vec::new();
        for d in looked.iter().flat_map(|(_, d)| d) {
            let d = shown(d);
            if !dirs.contains(&d) {
                dirs.push(d);
            }
        }
        let looked = if exes.is_empty() {
            "nothing: hal knows no executable of it".to_owned()
        } else {
            format!("{} in {}", exes.join(", "), if dirs.is_empty() { "no directory".to_owned() } else { dirs.join(", ") })
        };
        let m = format!("{flag}: {} is not installed: hal looked for {looked}", rt.name);
        return Some((m.clone(), vec![Diagnostic::new(DiagnosticCode::RuntimeNotInstalled, Some(p.as_str()), m)]));
    };
    if inst.standing == InstallStanding::Verified {
        return None;
    }
    let exe = shown(&inst.executable);
    let verified = rt.verified.map_or_else(
        || "no live run verified any version of it".to_owned(),
        |rec| format!("the verified versions are {}", rec.versions().collect::<Vec<_>>().join(", ")),
    );
    let parsed = inst.version.as_deref().and_then(Version::parse);
    let (head, mut diags) = match (&inst.version, parsed) {
        (Some(ver), Some(parsed)) => (
            format!("{} is installed at {} ({exe}): {}", rt.name, escape_control(ver), inst.standing.as_str()),
            hal_caps::version_diagnostics(p, Some(&parsed)),
        ),
        _ => (
            format!("{} is installed ({exe}) but its install says no version (--probe runs its --version)", rt.name),
            Vec::new(),
        ),
    };
    let why: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
    let m = if why.is_empty() {
        format!("{flag}: {head}; {verified}")
    } else {
        format!("{flag}: {head}: {}; {verified}", why.join("; "))
    };
    if diags.is_empty() {
        let code = if parsed.is_some() { DiagnosticCode::VersionUnverified } else { DiagnosticCode::VersionUnknown };
        diags.push(Diagnostic::new(code, Some(p.as_str()), m.clone()));
    } else {
        for d in &mut diags {
            d.message = format!("{flag}: {}; {verified}", d.message);
        }
    }
    Some((m, diags))
}
