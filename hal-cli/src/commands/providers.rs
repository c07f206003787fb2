//! `hal providers`: every runtime hal knows: strongest signal, hooks, sources, vendor
//! verification.

use std::fmt::Write as _;

use hal_caps::{native_hooks, registry};
use hal_detect::Host;
use hal_types::RuntimeProvider;

use crate::answers;
use crate::args::{GlobalOpt, ProvidersFormat};
use crate::describe::{Cmd, Description, Invocation, answer};
use crate::output::{Output, versioned};

/// Every runtime hal knows, sorted by id: best-known marker, hooks, sources, verification.
#[derive(Debug, PartialEq, Eq, clap::Args)]
pub struct Providers {
    /// agents-json: the rules in vercel/detect-agent's agents.json format
    #[arg(long, value_enum, default_value_t = ProvidersFormat::Text)]
    pub format: ProvidersFormat,
}

impl Cmd for Providers {
    const DESCRIPTION: Description = Description {
        name: "providers",
        takes: &[GlobalOpt::Json],
        answers: &[answer!(
            "providers",
            None,
            "Providers",
            "Every runtime hal knows: signals, both notions of hooks, sources, verification.",
            answers::Providers
        )],
    };

    /// It reads no host: the registry only.
    fn exec<H: Host>(&self, input: Invocation<'_, H>) -> Output {
        run(input.global.json, self.format)
    }
}

/// `hal providers`: a table, JSON, or the rules in `vercel/detect-agent`'s format.
fn run(json: bool, format: ProvidersFormat) -> Output {
    if format == ProvidersFormat::AgentsJson {
        let mut s = serde_json::to_string_pretty(&crate::reference::agents_json::export()).unwrap_or_default();
        s.push('\n');
        return Output::new(s, &[]);
    }
    if !json {
        return Output::new(providers_text(), &[]);
    }
    let providers = registry::REGISTRY
        .iter()
        .filter(|r| r.provider != RuntimeProvider::Unknown)
        .map(|r| {
            let native = native_hooks(r.provider);
            answers::Provider {
                provider: r.provider,
                id: r.provider,
                family: r.family(),
                name: r.name,
                aliases: r.aliases,
                strongest_signal: r.strongest_signal(),
                executables: r.executables,
                session_hooks: hal_caps::row(r).session_hooks,
                hooks_inject: native.inject.as_str(),
                hookable_events: native.hookable_events,
                native_hooks: native,
                sources: r.sources.len(),
                vendor_verified: r.vendor_verified(),
                verified: r.verified.as_ref().map(answers::LiveRun::from),
            }
        })
        .collect();
    Output::new(versioned(answers::Providers { providers }, &[]), &[])
}

/// `hal providers` as a table.
fn providers_text() -> String {
    let mut rows: Vec<_> = registry::REGISTRY.iter().filter(|r| r.provider != RuntimeProvider::Unknown).collect();
    rows.sort_by_key(|r| r.provider.as_str());
    let mut table = vec![["PROVIDER", "MARKER", "HOOKS", "EVENTS", "SRC", "VERIFIED"].map(str::to_owned)];
    table.extend(rows.iter().map(|r| {
        let native = native_hooks(r.provider);
        [
            r.provider.as_str().to_owned(),
            r.best_known_marker().unwrap_or_else(|| "-".to_owned()),
            format!("{}/{}", hal_caps::row(r).session_hooks, native.inject),
            native.hookable_events.to_string(),
            r.sources.len().to_string(),
            match (&r.verified, r.vendor_verified()) {
                (Some(v), _) => format!("live {}", v.version),
                (None, true) => "vendor".to_owned(),
                (None, false) => "secondary".to_owned(),
            },
        ]
    }));
    let widths: Vec<usize> = (0..6).map(|i| table.iter().map(|l| l[i].chars().count()).max().unwrap_or(0)).collect();
    let mut s = String::from(PROVIDERS_LEGEND);
    for l in &table {
        let line = format!(
            "{:<w0$} {:<w1$} {:<w2$} {:>w3$} {:>w4$} {}",
            l[0],
            l[1],
            l[2],
            l[3],
            l[4],
            l[5],
            w0 = widths[0],
            w1 = widths[1],
            w2 = widths[2],
            w3 = widths[3],
            w4 = widths[4]
        );
        let _ = writeln!(s, "{}", line.trim_end());
    }
    // The versions live runs verified, where more than the newest (the table keeps to
    // 100 columns).
    for r in &rows {
        if let Some(v) = r.verified.filter(|v| v.versions().count() > 1) {
            let _ = writeln!(s, "# {}: verified {}", r.provider.as_str(), v.range());
        }
    }
    s
}

/// The lines above `hal providers`' table: its order and what the columns mean.
const PROVIDERS_LEGEND: &str = "\
# sorted by id; MARKER: the variable a runtime is best known by (`hal detect` weighs them all);
# HOOKS: session_hooks/native inject; EVENTS: hookable; SRC: sources; VERIFIED: the newest
# version a live run verified (below the table: every version verified, oldest-newest, and
# how many), vendor sources, or secondary (third-party) sources only; every value: --json
";
