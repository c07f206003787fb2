//! gptme's spec (see [`super`]).

use std::fmt::Write as _;

use super::{FAKE_KEY, P, Spec, Wire, command_only, s, toml_str, write_file};

/// gptme at its verified version (PyPI `gptme`), its model the stub as its `local` provider (an
/// OpenAI-compatible server at `OPENAI_BASE_URL`). Started from `hal launch` (its
/// launch facts): `gptme -n -y --tool-format tool -m local/stub-model PROMPT`: `-n` is its
/// non-interactive mode (it exits after the prompt's answer), `-y` runs every tool
/// without asking, `--tool-format tool` makes it take the model's native tool calls
/// (its default reads fenced code blocks from the text). Its script hooks are the user
/// configuration's (`~/.config/gptme/config.toml`, the registry's hook file: always
/// trusted, where a project's `gptme.toml` asks on a terminal first).
pub(super) const SPEC: Spec = Spec {
    provider: P::Gptme,
    node22: false,
    wire: Wire::Chat,
    shell_tool: "shell",
    tool_args: command_only,
    model: Some("local/stub-model"),
    own_args: &["--tool-format", "tool"],
    resume: false,
    own_session: None,
    pty_setup: None,
    env: |c| vec![(s("OPENAI_BASE_URL"), c.url("/v1")), (s("OPENAI_API_KEY"), s(FAKE_KEY))],
    setup: |c| std::fs::create_dir_all(c.home.join(".config/gptme")),
    // `[[hooks.scripts]] event command timeout` (`gptme/config/models.py`), run by a shell.
    hooks: Some(|c, pairs| {
        let mut toml = String::new();
        for (event, command) in pairs {
            // Writing to a String cannot fail.
            let _ = write!(
                toml,
                "[[hooks.scripts]]\nevent = {}\ncommand = {}\ntimeout = 60\n\n",
                toml_str(event),
                toml_str(command)
            );
        }
        write_file(&c.hook_path(true, false)?, &toml)
    }),
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
