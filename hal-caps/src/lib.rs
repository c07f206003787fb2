//! `hal-caps`: the runtime registry, the capability matrix and operator overrides.
//!
//! Pure: nothing here reads the environment, a file or the process table. The
//! registry holds runtime facts (including the *names* of the variables runtimes set)
//! as data; hal-detect matches the host against them and hands the raw operator
//! settings back here ([`RawSettings`]) to be interpreted by [`resolve`].

pub mod config;
pub mod overrides;
pub mod registry;
pub mod render;
pub mod text;

pub use config::{Config, ConfigSource, MAX_CONFIG_BYTES};
pub use overrides::{
    DEFAULT_COMMAND, Origin, OriginKind, RawSettings, RawVar, Resolved, gupp_possible, parse_duration, resolve,
};
pub use registry::{REGISTRY, Runtime, lookup, runtime};

use hal_types::{Capabilities, RuntimeProvider};

/// The built-in capability row of `provider`, before overrides.
#[must_use]
pub fn capabilities(provider: RuntimeProvider) -> Capabilities {
    runtime(provider).caps.clone()
}

/// Every built-in row, in registry order.
#[must_use]
pub fn all_capabilities() -> Vec<Capabilities> {
    REGISTRY.iter().map(|r| r.caps.clone()).collect()
}

/// The design's matrix (claude, codex, gemini, cursor, unknown) as Markdown.
#[must_use]
pub fn design_matrix_markdown() -> String {
    let rows: Vec<Capabilities> = render::DESIGN_PROVIDERS.iter().map(|p| capabilities(*p)).collect();
    render::matrix_by_column(&rows)
}
