//! Claude's spec (see [`super`]).

use super::{FAKE_KEY, P, Spec, Wire, command_and_description, hooks_object, json, merge_json, s};

pub(super) const SPEC: Spec = Spec {
    provider: P::Claude,
    version: "2.1.332",
    node22: false,
    wire: Wire::Anthropic,
    shell_tool: "Bash",
    tool_args: command_and_description,
    model: None,
    own_args: &[],
    resume: true,
    pty_setup: Some(|c| {
        // Onboarding done, the fake key approved, the workspace trusted.
        let key = &FAKE_KEY[FAKE_KEY.len() - 20..];
        super::write_json(
            &c.home.join(".claude.json"),
            &json!({"hasCompletedOnboarding": true, "customApiKeyResponses": {"approved": [key], "rejected": []},
                "projects": { c.ws.display().to_string(): {"hasTrustDialogAccepted": true} }}),
        )
    }),
    env: |c| {
        vec![
            (s("ANTHROPIC_API_KEY"), s(FAKE_KEY)),
            (s("ANTHROPIC_BASE_URL"), c.url("")),
            (s("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC"), s("1")),
            (s("DISABLE_AUTOUPDATER"), s("1")),
        ]
    },
    setup: |_| Ok(()),
    hooks: Some(|c, pairs| {
        merge_json(&c.hook_path(false, false)?, &json!({"hooks": hooks_object(pairs, Some("*"), 30, false)}))
    }),
    bridge: None,
    plan_plugin: None,
    own_install_script: Some(super::COPIES_ITS_BINARY),
    npm_ci: Ok(()),
    prefix_writes: &[],
    timeout_secs: 180,
    open: None,
};
