//! Mistral Vibe's spec (see [`super`]).

use std::fmt::Write as _;

use super::{Ctx, FAKE_KEY, P, Spec, Wire, command_only, s, toml_str, write_file};

/// `$VIBE_HOME/config.toml`: the stub as an OpenAI-style provider, its model active,
/// telemetry and update checks off.
fn config(c: &Ctx) -> String {
    format!(
        "active_model = \"stub\"\nenable_telemetry = false\nenable_update_checks = false\n\
         enable_auto_update = false\n\n[[providers]]\nname = \"stub\"\napi_base = {}\n\
         api_key_env_var = \"STUB_API_KEY\"\napi_style = \"openai\"\nbackend = \"generic\"\n\n\
         [[models]]\nname = \"stub-model\"\nprovider = \"stub\"\nalias = \"stub\"\n",
        toml_str(&c.url("/v1"))
    )
}

pub(super) const SPEC: Spec = Spec {
    provider: P::Vibe,
    node22: false,
    wire: Wire::Chat,
    shell_tool: "bash",
    tool_args: command_only,
    model: None,
    own_args: &["--output", "json", "--max-turns", "4"],
    resume: false,
    pty_setup: None,
    env: |c| vec![(s("VIBE_HOME"), c.home.join(".vibe").display().to_string()), (s("STUB_API_KEY"), s(FAKE_KEY))],
    setup: |c| write_file(&c.home.join(".vibe/config.toml"), &config(c)),
    hooks: Some(|c, pairs| {
        let mut toml = String::new();
        for (event, command) in pairs {
            // Writing to a String cannot fail.
            let _ = write!(
                toml,
                "[[hooks]]\nname = {}\ntype = {}\ncommand = {}\ntimeout = 30.0\n\n",
                toml_str(&format!("hal-{event}")),
                toml_str(event),
                toml_str(command)
            );
        }
        write_file(&c.hook_path(false, false)?, &toml)
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
