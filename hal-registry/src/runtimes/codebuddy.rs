//! CodeBuddy: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{CapChange, CapOverride, Marker, Runtime, Source, Standing};
use hal_types::RuntimeProvider as P;
use hal_types::{GuppStrategy, StartupInjection, StartupStrategy, Support};

pub(super) const ROW: Runtime = Runtime {
    markers: &[
        Marker::strong("CODEBUDDY", Truthy).secondary(),
        Marker::strong("CODEBUDDY_SESSION_ID", Truthy).secondary(),
        Marker::strong("CODEBUDDY_PROJECT_DIR", Truthy).secondary(),
    ],
    session_vars: &["CODEBUDDY_SESSION_ID"],
    variant_of: Some(P::Claude),
    hooks: Some(super::claude::CLAUDE_HOOKS.inject_backed(Standing::Unconfirmed)),
    cap_overrides: &[CapOverride {
        change: CapChange::Startup(
            Support::Partial,
            StartupStrategy::Polling,
            GuppStrategy::Polling,
            StartupInjection::Polling,
        ),
        reason: "its Claude-style hooks are known from third-party installers only (unconfirmed; mise): \
                     hal does not rely on them to inject startup context",
    }],
    sources: &[Source::secondary("jdx/mise:crates/mise-agent-env/src/lib.rs")],
    not_run: Some(
        "its package, `@tencent-ai/codebuddy-code`, exists on the public npm registry but is not served by the one here",
    ),
    ..Runtime::new(P::Codebuddy, "CodeBuddy")
};
