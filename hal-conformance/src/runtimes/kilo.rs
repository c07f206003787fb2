//! Kilo's spec (see [`super`]).

use super::{FAKE_KEY, P, Spec, Wire, bun_plugin_bridge, command_and_description, json, s, write_json};

pub(super) const SPEC: Spec = Spec {
    provider: P::Kilo,
    node22: false,
    wire: Wire::Chat,
    shell_tool: "bash",
    tool_args: command_and_description,
    model: Some("stub/stub-model"),
    own_args: &[],
    resume: false,
    pty_setup: None,
    env: |_| {
        vec![
            (s("STUB_API_KEY"), s(FAKE_KEY)),
            (s("KILO_DISABLE_MODELS_FETCH"), s("1")),
            (s("KILO_DISABLE_AUTOUPDATE"), s("1")),
            (s("KILO_TELEMETRY_LEVEL"), s("off")),
        ]
    },
    // The provider goes in the global config: a project config may not reference `{env:}`.
    setup: |c| {
        write_json(
            &c.home.join(".config/kilo/kilo.json"),
            &json!({"provider": {"stub": {"npm": "@ai-sdk/openai-compatible", "name": "stub",
                "options": {"baseURL": c.url("/v1"), "apiKey": "{env:STUB_API_KEY}"},
                "models": {"stub-model": {"name": "Stub model", "tool_call": true}}}},
                "model": "stub/stub-model", "small_model": "stub/stub-model", "autoupdate": false,
                "share": "disabled", "permission": {"bash": "allow", "edit": "allow", "external_directory": "allow"}}),
        )
    },
    hooks: None,
    bridge: Some(|c| bun_plugin_bridge(c, &c.hook_path(false, true)?.join("hal-probe.js"))),
    plan_plugin: None,
    own_install_script: Some(super::COPIES_ITS_BINARY),
    npm_ci: Err(super::MISSING_PLATFORMS),
    prefix_writes: &[],
    timeout_secs: 300,
    open: None,
    native: None,
    older: &[],
};
