//! Antigravity: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::DETECT_AGENT;
use crate::registry::model::ValueRule::{Flag, Truthy};
use crate::registry::model::{Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    markers: &[
        Marker::strong("ANTIGRAVITY_AGENT", Flag).secondary(),
        Marker::strong("ANTIGRAVITY_PROJECT_ID", Truthy).secondary(),
        Marker::strong("ANTIGRAVITY_CLI_ALIAS", Truthy).secondary(),
    ],
    executables: &["antigravity"],
    session_vars: &["ANTIGRAVITY_TRAJECTORY_ID"],
    sources: &[Source::secondary("databricks/cli:libs/agent/agent.go"), DETECT_AGENT],
    ..Runtime::new(P::Antigravity, "Antigravity")
};
