//! hal's operator config file, parsed (reading it is hal-detect's job).
//!
//! ```toml
//! # defaults for every runtime
//! [defaults]
//! stall_threshold = "4m"
//!
//! # one runtime; beats [defaults]
//! [runtime.codex]
//! runtime_version = "0.140.0"   # answer for this version (GT_HAL_RUNTIME_VERSION beats it)
//! nudge_interval = 45
//! gupp_strategy = "polling"
//! ```

use toml::{Table, Value};

use hal_types::RuntimeProvider;

/// The largest config file hal reads; a larger one is ignored with a warning.
pub const MAX_CONFIG_BYTES: u64 = 1024 * 1024;

/// The settings keys of a section.
pub const KEYS: &[&str] = &["stall_threshold", "nudge_interval", "gupp_strategy", RUNTIME_VERSION];

/// The key of a `[runtime.<id>]` section naming the runtime's version (beside
/// `GT_HAL_RUNTIME_VERSION`, which beats it); in `[defaults]` it means nothing.
pub const RUNTIME_VERSION: &str = "runtime_version";

/// A config file as hal-detect found it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConfigSource {
    /// No file at the path: normal.
    Absent,
    /// The file's text.
    Text {
        /// Where it was read, for messages.
        path: String,
        /// Its contents.
        text: String,
    },
    /// `GT_HAL_CONFIG` names a file that does not exist (a default path that does
    /// not exist is [`ConfigSource::Absent`]).
    Missing {
        /// The path `GT_HAL_CONFIG` names, escaped.
        path: String,
    },
    /// The file exists but could not be used (unreadable, too large, not UTF-8, not a
    /// regular file); the reason becomes a warning.
    Unusable {
        /// Where it was looked for.
        path: String,
        /// Why it was not used.
        reason: String,
    },
}

/// A parsed config file: the sections that apply, as raw TOML values.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Config {
    /// Where the file was read.
    pub path: String,
    defaults: Table,
    runtimes: Table,
}

impl Config {
    /// Parses the file's text. Errors are messages for a warning.
    pub fn parse(path: &str, text: &str) -> Result<Self, String> {
        let table: Table = text.parse().map_err(|e: toml::de::Error| {
            format!("config file {path} is not valid TOML ({}); using built-in defaults", e.message())
        })?;
        let mut config = Self { path: path.to_owned(), ..Self::default() };
        for (key, value) in table {
            match (key.as_str(), value) {
                ("defaults", Value::Table(t)) => config.defaults = t,
                ("runtime", Value::Table(t)) => config.runtimes = t,
                (other, _) => {
                    return Err(format!(
                        "config file {path}: unexpected top-level key `{}` (expected [defaults] or [runtime.<id>]); using built-in defaults",
                        crate::text::escape_control(other)
                    ));
                }
            }
        }
        Ok(config)
    }

    pub(crate) fn defaults(&self) -> &Table {
        &self.defaults
    }

    pub(crate) fn runtimes(&self) -> &Table {
        &self.runtimes
    }

    /// The `[runtime.<id>]` sections that name `provider` (by its id or an alias), in
    /// precedence order: the one under the runtime's own id first, then the aliases'
    /// in the file's (sorted) order.
    pub(crate) fn sections(&self, provider: RuntimeProvider) -> Vec<(&str, &Table)> {
        let mut out: Vec<(&str, &Table)> = self
            .runtimes
            .iter()
            .filter(|(id, _)| crate::registry::lookup(id) == Some(provider))
            .filter_map(|(id, v)| v.as_table().map(|t| (id.as_str(), t)))
            .collect();
        out.sort_by_key(|(id, _)| *id != provider.as_str());
        out
    }

    /// The string value of `key` in `provider`'s `[runtime.<id>]` sections only (not
    /// `[defaults]`).
    #[must_use]
    pub fn runtime_str(&self, provider: RuntimeProvider, key: &str) -> Option<&str> {
        self.sections(provider).into_iter().find_map(|(_, t)| t.get(key)).and_then(|v| v.as_str())
    }

    /// The value of `key` for `provider`: its `[runtime.<id>]` sections (merged, when
    /// aliases name it too: the one under the runtime's own id first), else `[defaults]`.
    #[must_use]
    pub fn value(&self, provider: RuntimeProvider, key: &str) -> Option<&Value> {
        self.sections(provider).into_iter().find_map(|(_, t)| t.get(key)).or_else(|| self.defaults.get(key))
    }
}
