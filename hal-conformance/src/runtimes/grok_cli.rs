//! Grok's spec (see [`super`]).

use super::{FAKE_KEY, P, Spec, Wire, command_only, s};

pub(super) const SPEC: Spec = Spec {
    // npm's grok-cli: another product than xAI's Grok Build (hal's `grok` row).
    provider: P::GrokCli,
    node22: false,
    wire: Wire::Chat,
    shell_tool: "bash",
    tool_args: command_only,
    model: None,
    own_args: &["--max-tool-rounds", "4"],
    resume: false,
    pty_setup: None,
    env: |c| {
        vec![(s("GROK_API_KEY"), s(FAKE_KEY)), (s("GROK_BASE_URL"), c.url("/v1")), (s("GROK_MODEL"), s("stub-model"))]
    },
    setup: |_| Ok(()),
    hooks: None,
    bridge: None,
    plan_plugin: None,
    own_install_script: None,
    npm_ci: Ok(()),
    prefix_writes: &[],
    timeout_secs: 180,
    open: None,
    native: None,
    older: &[],
};
