//! Opencode's spec (see [`super`]).

use super::{FAKE_KEY, Older, P, Spec, Wire, bun_plugin_bridge, command_and_description, json, s, write_json};
use hal_caps::registry::runtimes::opencode::live;

pub(super) const SPEC: Spec = Spec {
    provider: P::Opencode,
    node22: false,
    wire: Wire::Chat,
    shell_tool: "bash",
    tool_args: command_and_description,
    model: Some("stub/stub-model"),
    own_args: &[],
    resume: false,
    own_session: None,
    pty_setup: None,
    env: |_| {
        vec![
            (s("STUB_API_KEY"), s(FAKE_KEY)),
            (s("OPENCODE_DISABLE_MODELS_FETCH"), s("1")),
            (s("OPENCODE_DISABLE_AUTOUPDATE"), s("1")),
        ]
    },
    setup: |c| {
        write_json(
            &c.ws.join("opencode.json"),
            &json!({"provider": {"stub": {"npm": "@ai-sdk/openai-compatible", "name": "stub",
                "options": {"baseURL": c.url("/v1"), "apiKey": "{env:STUB_API_KEY}"},
                "models": {"stub-model": {"name": "Stub model", "tool_call": true}}}},
                "model": "stub/stub-model", "small_model": "stub/stub-model", "autoupdate": false,
                "share": "disabled", "permission": {"bash": "allow", "edit": "allow", "external_directory": "allow"}}),
        )
    },
    hooks: None,
    bridge: Some(|c| bun_plugin_bridge(c, &c.hook_path(false, true)?.join("hal-probe.js"))),
    // The plan run writes `hal startup`'s `hook_content` (hal-gupp's `plugin_source`).
    plan_plugin: None,
    own_install_script: Some(super::COPIES_ITS_BINARY),
    npm_ci: Err(super::MISSING_PLATFORMS),
    prefix_writes: &[],
    timeout_secs: 300,
    open: None,
    native: None,
    older: &[
        Older {
            version: live::FIRST_PID,
            why: "the first version read with `OPENCODE_PID` (the registry dates it so); its probe run takes over a \
                  minute, so the default run takes the oldest",
            own_install_script: Some(super::COPIES_ITS_BINARY),
            npm_ci: Err(super::MISSING_PLATFORMS),
            ..Older::BASE
        },
        Older {
            version: live::OLDEST,
            why: "the oldest version read (`OPENCODE=1`, `AGENT=1`, no `OPENCODE_PID`)",
            default_run: true,
            own_install_script: Some(super::COPIES_ITS_BINARY),
            npm_ci: Err(super::MISSING_PLATFORMS),
            ..Older::BASE
        },
    ],
};
