//! Plugin formats hosted by other runtimes: a host that runs plugins written for another
//! runtime sets that runtime's plugin variables for their hooks and tools (Mistral Vibe
//! sets `KIMI_PLUGIN_ROOT` for a Kimi-format plugin's hooks). Those variables are
//! evidence of the plugin's format, not of the runtime running it: beside the host's
//! own marker the host decides (hal-detect drops the format's marker then), and a
//! runtime ancestor decides as it does for every inherited signal. Alone, such a
//! variable still names its format's runtime, which sets it for its own plugins.

use hal_types::RuntimeProvider as P;

pub use super::model::PluginHost;
pub use super::runtimes::PLUGIN_HOSTS;

/// Whether `var`, a variable of `format`'s plugins, is one `host` sets for the
/// `format` plugins it hosts.
#[must_use]
pub fn hosted_by(var: &str, format: P, host: P) -> bool {
    PLUGIN_HOSTS.iter().any(|h| h.format == format && h.host == host && h.vars.contains(&var))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::runtime;

    /// Each variable is one the format's row knows (a marker, weak signal or setting),
    /// and each host has a marker of its own to decide with.
    #[test]
    fn every_hosted_variable_is_the_formats_and_every_host_has_a_marker() {
        for h in PLUGIN_HOSTS {
            let f = runtime(h.format);
            for var in h.vars {
                let known = f.markers.iter().any(|m| m.var == *var)
                    || f.weak.contains(var)
                    || f.settings.contains(var)
                    || f.skill_vars.contains(var);
                assert!(known, "{}: {var} is no variable of {}", h.host, h.format);
            }
            let host = runtime(h.host);
            assert!(!host.markers.is_empty() || !host.combos.is_empty(), "{} has no marker to decide with", h.host);
            assert!(!h.cite.trim().is_empty());
        }
    }
}
