//! Kimi CLI's spec (see [`super`]).

use std::fmt::Write as _;

use super::{Ctx, FAKE_KEY, P, Spec, Wire, command_only, s, toml_str, write_file};

/// `~/.kimi/config.toml` (the registry's hook file, `$KIMI_SHARE_DIR/config.toml`): the
/// stub as an `openai_legacy` (Chat Completions) provider, its model the default,
/// telemetry off. The hooks are `[[hooks]]` tables of the same file, appended after it.
fn config(c: &Ctx) -> String {
    format!(
        "default_model = \"stub\"\ntelemetry = false\n\n[providers.stub]\ntype = \"openai_legacy\"\n\
         base_url = {}\napi_key = {}\n\n[models.stub]\nprovider = \"stub\"\nmodel = \"stub-model\"\n\
         max_context_size = 128000\n",
        toml_str(&c.url("/v1")),
        toml_str(FAKE_KEY)
    )
}

/// Kimi CLI 1.51.0 (PyPI `kimi-cli`, archived upstream): 1.52.0 runs nothing but a
/// deprecation gate (`kimi_cli/__main__.py`), 1.51.0 is the last release that runs.
/// Started from `hal launch` (its launch facts): `kimi --print --yolo -p PROMPT`: `--print` is its
/// non-interactive mode (it dismisses questions and approves tools itself), `--yolo`
/// approves every tool call besides; `KIMI_SHARE_DIR` puts its data and configuration in
/// the run's HOME, `KIMI_CLI_NO_AUTO_UPDATE` keeps it from looking for a newer release.
pub(super) const SPEC: Spec = Spec {
    provider: P::Kimi,
    node22: false,
    wire: Wire::Chat,
    shell_tool: "Shell",
    tool_args: command_only,
    model: None,
    own_args: &[],
    resume: false,
    pty_setup: None,
    env: |c| {
        vec![(s("KIMI_SHARE_DIR"), c.home.join(".kimi").display().to_string()), (s("KIMI_CLI_NO_AUTO_UPDATE"), s("1"))]
    },
    setup: |c| write_file(&c.hook_path(true, false)?, &config(c)),
    // `[[hooks]] event command matcher timeout` (`kimi_cli/hooks/config.py`); the command
    // runs in a shell with the payload on stdin.
    hooks: Some(|c, pairs| {
        let path = c.hook_path(true, false)?;
        let mut toml = std::fs::read_to_string(&path).unwrap_or_default();
        for (event, command) in pairs {
            // Writing to a String cannot fail.
            let _ = write!(
                toml,
                "\n[[hooks]]\nevent = {}\ncommand = {}\ntimeout = 60\n",
                toml_str(event),
                toml_str(command)
            );
        }
        write_file(&path, &toml)
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
