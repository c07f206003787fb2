//! Bolt: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::{Exact, Truthy};
use crate::registry::model::{Combo, Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    markers: &[
        Marker::strong("BOLT_ENV", Truthy).secondary(),
        Marker::strong("BOLT_SERVER_URL", Truthy).secondary(),
        // expo/agent-cli-detector:src/agents.ts@09f4c420 (Bolt's `env`).
        Marker::strong("BOLT_ORIGIN", Truthy).secondary(),
    ],
    combos: &[Combo::secondary(&[("SHELL", Exact("/bin/jsh")), ("npm_config_yes", Truthy)])],
    weak: &["SHELL"],
    sources: &[
        Source::secondary("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts"),
        Source::secondary("expo/agent-cli-detector:src/agents.ts"),
    ],
    ..Runtime::new(P::Bolt, "Bolt")
};
