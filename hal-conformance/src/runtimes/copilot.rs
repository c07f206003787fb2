//! Copilot's spec (see [`super`]).

use super::{FAKE_KEY, P, Spec, Value, Wire, json, s, write_json};

/// GitHub Copilot CLI at its verified version (`copilot`, the npm loader of the platform binary), in its
/// offline "your own model" mode: a custom OpenAI-compatible provider, no GitHub login.
/// Its hooks are `{"version": 1, "hooks": {event: [{type, bash, timeoutSec}]}}` files in
/// the registry's hook directory (`.github/hooks/`).
pub(super) const SPEC: Spec = Spec {
    provider: P::Copilot,
    node22: false,
    wire: Wire::Chat,
    shell_tool: "bash",
    tool_args: |cmd| json!({"command": cmd, "description": "Run the conformance probe", "mode": "sync"}),
    model: None,
    own_args: &[],
    resume: false,
    own_session: None,
    pty_setup: None,
    env: |c| {
        vec![
            (s("COPILOT_OFFLINE"), s("true")),
            (s("COPILOT_PROVIDER_TYPE"), s("openai")),
            (s("COPILOT_PROVIDER_BASE_URL"), c.url("/v1")),
            (s("COPILOT_PROVIDER_API_KEY"), s(FAKE_KEY)),
            (s("COPILOT_MODEL"), s("stub-model")),
            (s("COPILOT_AUTO_UPDATE"), s("false")),
            // The platform binary unpacks its JavaScript (about 235 MB) under this
            // directory: once per installed version, not once per run.
            (s("COPILOT_CACHE_HOME"), c.prefix.join("copilot-cache").display().to_string()),
        ]
    },
    // A repository's hooks load in `-p` only in a trusted folder (the verified version logs "Loading
    // repo hooks in prompt mode (folder is trusted or opt-in set)").
    setup: |c| write_json(&c.home.join(".copilot/config.json"), &json!({"trustedFolders": [c.ws]})),
    hooks: Some(|c, pairs| {
        let mut hooks = serde_json::Map::new();
        for (event, command) in pairs {
            let hook = json!({"type": "command", "bash": command, "timeoutSec": 30});
            match hooks.get_mut(*event).and_then(Value::as_array_mut) {
                Some(list) => list.push(hook),
                None => {
                    hooks.insert((*event).to_owned(), json!([hook]));
                }
            }
        }
        write_json(&c.hook_path(false, true)?.join("hal-probe.json"), &json!({"version": 1, "hooks": hooks}))
    }),
    bridge: None,
    plan_plugin: None,
    own_install_script: None,
    npm_ci: Ok(()),
    prefix_writes: &["copilot-cache"],
    timeout_secs: 180,
    open: None,
    native: None,
    older: &[],
};
