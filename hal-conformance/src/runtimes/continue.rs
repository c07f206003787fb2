//! Continue's spec (see [`super`]).

use super::{FAKE_KEY, P, Spec, Wire, command_only, s};

/// Continue CLI at its verified version (`cn`): hal has no row for it yet. Its Claude-shaped hooks are
/// loaded but never fired in that version, so the suite configures none.
pub(super) const SPEC: Spec = Spec {
    provider: P::Continue,
    node22: false,
    wire: Wire::Chat,
    shell_tool: "Bash",
    tool_args: command_only,
    model: None,
    own_args: &[],
    resume: false,
    own_session: None,
    pty_setup: None,
    env: |_| vec![(s("CONTINUE_CLI_ENABLE_TELEMETRY"), s("0")), (s("CONTINUE_METRICS_ENABLED"), s("0"))],
    setup: |c| {
        let dir = c.home.join(".continue");
        std::fs::create_dir_all(&dir)?;
        let yaml = format!(
            "name: Stub\nversion: 1.0.0\nschema: v1\nmodels:\n  - name: Stub\n    provider: openai\n    model: stub-model\n    \
             apiBase: \"{}\"\n    apiKey: {FAKE_KEY}\n    roles: [chat, edit, apply]\n    capabilities: [tool_use]\n",
            c.url("/v1")
        );
        std::fs::write(dir.join("config.yaml"), yaml)
    },
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
