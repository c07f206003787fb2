//! `hal providers`: every runtime hal knows: strongest signal, hooks, sources, vendor
//! verification.

use hal_caps::{native_hooks, registry};
use hal_types::RuntimeProvider;

use crate::answers;
use crate::cli::{GlobalOpt, ProvidersFormat};
use crate::output::{Output, versioned};
use crate::render::providers_text;

/// The global options `hal providers` takes.
pub const TAKES: &[GlobalOpt] = &[GlobalOpt::Json];

/// `hal providers`: a table, JSON, or the rules in `vercel/detect-agent`'s format.
pub(crate) fn run(json: bool, format: ProvidersFormat) -> Output {
    if format == ProvidersFormat::AgentsJson {
        let mut s = serde_json::to_string_pretty(&hal_caps::agents_json::export()).unwrap_or_default();
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
