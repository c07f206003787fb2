//! Factory Droid's spec (see [`super`]).

use super::{P, Spec, Wire, hooks_object, json, merge_json};

/// Factory Droid at its verified version (npm `droid`, the loader of `@factory/cli-linux-x64`; the newer
/// `@factory/cli` 0.225.1 names platform packages the registry does not hold). `droid
/// exec` runs without a Factory login against a custom model of `~/.factory/settings.json`
/// (`customModels`, `generic-chat-completion-api`), addressed as `custom:<model>`. Its
/// hooks are Claude's settings `hooks` object, in the same file.
pub(super) const SPEC: Spec = Spec {
    provider: P::Droid,
    node22: false,
    wire: Wire::Chat,
    shell_tool: "Execute",
    tool_args: |cmd| {
        json!({"summary": "Run the conformance probe", "command": cmd,
            "riskLevelReason": "it only reads its environment", "riskLevel": "low"})
    },
    model: Some("custom:stub-model"),
    own_args: &[],
    resume: false,
    own_session: None,
    pty_setup: None,
    env: |_| Vec::new(),
    setup: |c| {
        let model = json!({"model": "stub-model", "displayName": "Stub model", "baseUrl": c.url("/v1"),
            "apiKey": super::FAKE_KEY, "provider": "generic-chat-completion-api", "maxOutputTokens": 1000});
        merge_json(&c.hook_path(true, false)?, &json!({"customModels": [model]}))
    },
    hooks: Some(|c, pairs| {
        merge_json(&c.hook_path(true, false)?, &json!({"hooks": hooks_object(pairs, Some("*"), 30, false)}))
    }),
    bridge: None,
    plan_plugin: None,
    // `droid`'s postinstall links the platform binary (`@factory/cli-linux-x64`).
    own_install_script: Some("its postinstall links the platform binary its `bin` runs"),
    npm_ci: Err("its lock lacks the other platforms' `@factory/cli-*` packages the registry does not serve"),
    prefix_writes: &[],
    timeout_secs: 180,
    open: None,
    native: None,
    older: &[],
};
