//! Qwen's spec (see [`super`]).

use super::{FAKE_KEY, Older, P, Spec, Wire, hooks_object, json, merge_json, s};
use hal_caps::registry::runtimes::qwen_code::live;

pub(super) const SPEC: Spec = Spec {
    provider: P::QwenCode,
    node22: true,
    wire: Wire::Chat,
    shell_tool: "run_shell_command",
    tool_args: |cmd| json!({"command": cmd, "description": "Run the conformance probe", "is_background": false}),
    model: Some("stub-model"),
    own_args: &["--auth-type", "openai"],
    resume: true,
    own_session: None,
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
    native: None,
    older: &[
        Older {
            version: live::FIRST_SESSION_VARS,
            why: "the first version read with the newest's 22 events, `QWEN_CODE_SESSION_ID` and `QWEN_CODE_CLI` \
                  (the registry dates them so)",
            default_run: true,
            node22: true,
            npm_ci: Err(super::MISSING_PLATFORMS),
            ..Older::BASE
        },
        Older {
            version: "0.15.10",
            why: "the first version with hooks (registry: since 0.15.10), 14 events",
            open: Some(
                "`SessionStart`, one of its 14 events, never fires one-shot (its `-p` run fires the other \
                 lifecycle events); the registry dates events per version, not per mode",
            ),
            npm_ci: Err(super::MISSING_PLATFORMS),
            ..Older::BASE
        },
        Older {
            version: live::OLDEST,
            why: "the oldest version the registry dates: no hook system",
            default_run: true,
            ..Older::BASE
        },
    ],
};
