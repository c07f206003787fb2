//! GitHub Copilot cloud agent: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::ValueRule::{Exact, Truthy};
use crate::registry::model::{Marker, Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    markers: &[
        Marker::strong("GITHUB_TRIGGERING_ACTOR", Exact("copilot-swe-agent[bot]")).secondary(),
        Marker::strong("GITHUB_WORKFLOW", Exact("dynamic/copilot-swe-agent/copilot")).secondary(),
        Marker::strong("COPILOT_AGENT_JOB_ID", Truthy).secondary(),
    ],
    weak: &["GITHUB_ACTIONS"],
    session_vars: &["COPILOT_AGENT_SESSION_ID"],
    variant_of: Some(P::Copilot),
    keeps_markers_of: &[P::Copilot],
    takes_prompt: true,
    sources: &[Source::secondary("watson/is-ci#28"), Source::secondary("moonrepo/proto#1028")],
    ..Runtime::new(P::CopilotCloud, "GitHub Copilot cloud agent")
};
