//! Hermes Agent's spec (see [`super`]).

use super::{FAKE_KEY, P, Spec, Value, Wire, command_only, json, merge_json};

/// Hermes Agent at its verified version (PyPI `hermes-agent`), one query (`chat -q`), tools approved
/// (`--yolo`), shell hooks registered off a terminal (`--accept-hooks`). Its model is a
/// `custom` OpenAI-compatible provider in `~/.hermes/config.yaml`, written as JSON (which
/// YAML reads), where its hooks go too.
pub(super) const SPEC: Spec = Spec {
    provider: P::Hermes,
    node22: false,
    wire: Wire::Chat,
    shell_tool: "terminal",
    tool_args: command_only,
    model: None,
    own_args: &[],
    resume: false,
    own_session: None,
    pty_setup: None,
    env: |_| Vec::new(),
    setup: |c| {
        let model =
            json!({"provider": "custom", "base_url": c.url("/v1"), "default": "stub-model", "api_key": FAKE_KEY});
        merge_json(&c.hook_path(true, false)?, &json!({"model": model}))
    },
    // `hooks: {event: [{command, timeout}]}`; a command is split with `shlex`, not run by
    // a shell.
    hooks: Some(|c, pairs| {
        let mut hooks = serde_json::Map::new();
        for (event, command) in pairs {
            let hook = json!({"command": command, "timeout": 60});
            match hooks.get_mut(*event).and_then(Value::as_array_mut) {
                Some(list) => list.push(hook),
                None => {
                    hooks.insert((*event).to_owned(), json!([hook]));
                }
            }
        }
        merge_json(&c.hook_path(true, false)?, &json!({"hooks": hooks}))
    }),
    bridge: None,
    plan_plugin: None,
    own_install_script: None,
    npm_ci: Ok(()),
    prefix_writes: &[],
    timeout_secs: 240,
    open: None,
    native: None,
    older: &[],
};
