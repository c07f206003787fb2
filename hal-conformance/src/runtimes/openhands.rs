//! OpenHands' spec (see [`super`]).

use super::{FAKE_KEY, P, Spec, Wire, hooks_object, json, merge_json, s};

/// OpenHands CLI at its verified version (PyPI `openhands`, a venv of Python 3.12: it requires `==3.12.*`),
/// headless, its LLM taken from the environment (`--override-with-envs`; LiteLLM's
/// `openai/` prefix for an OpenAI-compatible server). Its terminal tool runs in a tmux
/// server it starts on a socket of its own name: `TMUX_TMPDIR` keeps that socket in the
/// run's HOME, so no other run's server is reused. Every tool call carries the
/// `security_risk` the SDK requires.
pub(super) const SPEC: Spec = Spec {
    provider: P::Openhands,
    node22: false,
    wire: Wire::Chat,
    shell_tool: "terminal",
    tool_args: |cmd| json!({"command": cmd, "is_input": false, "security_risk": "LOW"}),
    model: None,
    own_args: &["--override-with-envs"],
    resume: false,
    own_session: None,
    pty_setup: None,
    env: |c| {
        vec![
            (s("LLM_BASE_URL"), c.url("/v1")),
            (s("LLM_API_KEY"), s(FAKE_KEY)),
            (s("LLM_MODEL"), s("openai/stub-model")),
            (s("OPENHANDS_SUPPRESS_BANNER"), s("1")),
            (s("TMUX_TMPDIR"), c.home.join(".tmux").display().to_string()),
            // tmux starts its panes with `$SHELL`, else the user's login shell: the
            // sandbox's user (`nobody`) has `nologin`, whose pane exits at once and takes
            // the server with it ("no server running").
            (s("SHELL"), s("/bin/bash")),
        ]
    },
    setup: |c| std::fs::create_dir_all(c.home.join(".tmux")),
    // Claude's `{"hooks": {event: [{matcher, hooks: [{type, command, timeout}]}]}}` shape,
    // which the SDK accepts; `timeout` in seconds.
    hooks: Some(|c, pairs| {
        merge_json(&c.hook_path(true, false)?, &json!({"hooks": hooks_object(pairs, Some("*"), 60, false)}))
    }),
    bridge: None,
    plan_plugin: None,
    own_install_script: None,
    npm_ci: Ok(()),
    prefix_writes: &[],
    timeout_secs: 300,
    open: None,
    native: None,
    older: &[],
};
