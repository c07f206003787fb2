//! Qwen's spec (see [`super`]).

use super::{FAKE_KEY, P, Spec, Wire, hooks_object, json, merge_json, s};

pub(super) const SPEC: Spec = Spec {
    provider: P::QwenCode,
    version: "0.24.4",
    node22: true,
    wire: Wire::Chat,
    shell_tool: "run_shell_command",
    tool_args: |cmd| json!({"command": cmd, "description": "Run the conformance probe", "is_background": false}),
    model: Some("stub-model"),
    own_args: &["--auth-type", "openai"],
    resume: true,
    pty_setup: None,
    env: |c| {
        vec![
            (s("OPENAI_API_KEY"), s(FAKE_KEY)),
            (s("OPENAI_BASE_URL"), c.url("/v1")),
            (s("OPENAI_MODEL"), s("stub-model")),
            (s("QWEN_CODE_SUPPRESS_YOLO_WARNING"), s("1")),
        ]
    },
    setup: |c| {
        merge_json(
            &c.home.join(".qwen/settings.json"),
            &json!({"security": {"auth": {"selectedType": "openai"}}, "model": {"name": "stub-model"},
                "privacy": {"usageStatisticsEnabled": false}, "telemetry": {"enabled": false},
                "general": {"disableAutoUpdate": true, "disableUpdateNag": true}}),
        )
    },
    hooks: Some(|c, pairs| {
        merge_json(&c.hook_path(true, false)?, &json!({"hooks": hooks_object(pairs, None, 30000, false)}))
    }),
    bridge: None,
    plan_plugin: None,
    own_install_script: None,
    npm_ci: Err(super::MISSING_PLATFORMS),
    prefix_writes: &[],
    timeout_secs: 180,
    open: None,
};
