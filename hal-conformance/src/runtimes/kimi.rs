//! Kimi Code's spec, and the Python Kimi CLI it replaced (see [`super`]).

use std::fmt::Write as _;
use std::io;

use super::{Ctx, Differs, FAKE_KEY, Older, P, Package, Spec, Wire, command_only, s, toml_str, write_file};
use hal_caps::registry::runtimes::kimi::live;

/// The Python CLI's `config.toml` (the registry's hook file, `$KIMI_SHARE_DIR/config.toml`):
/// the stub as an `openai_legacy` (Chat Completions) provider, its model the default,
/// telemetry off. The hooks are `[[hooks]]` tables of the same file, appended after it.
fn python_config(c: &Ctx) -> io::Result<()> {
    let text = format!(
        "default_model = \"stub\"\ntelemetry = false\n\n[providers.stub]\ntype = \"openai_legacy\"\n\
         base_url = {}\napi_key = {}\n\n[models.stub]\nprovider = \"stub\"\nmodel = \"stub-model\"\n\
         max_context_size = 128000\n",
        toml_str(&c.url("/v1")),
        toml_str(FAKE_KEY)
    );
    write_file(&c.hook_path(true, false)?, &text)
}

/// Kimi Code at its verified version (npm `@moonshot-ai/kimi-code`, plain JavaScript on Node ≥ 22.19):
/// started from `hal launch` (its launch facts): `kimi -p PROMPT --auto`. Its model comes
/// from the environment alone (`KIMI_MODEL_NAME`, `KIMI_MODEL_API_KEY`,
/// `KIMI_MODEL_PROVIDER_TYPE`, `KIMI_MODEL_BASE_URL`: `dist/main.mjs:58429-58445`), no
/// login; `KIMI_CODE_HOME` puts its data and `config.toml` (the hooks) in the run's HOME,
/// `KIMI_CODE_NO_AUTO_UPDATE` and `KIMI_DISABLE_TELEMETRY` keep it quiet. The Python
/// CLI's `KIMI_SHARE_DIR` names the same folder, so both write their hooks to one file.
pub(super) const SPEC: Spec = Spec {
    provider: P::Kimi,
    node22: true,
    wire: Wire::Chat,
    // Kimi Code's shell tool is `Bash`; the Python CLI's `Shell`.
    shell_tool: "Bash",
    tool_args: command_only,
    model: None,
    own_args: &[],
    resume: true,
    own_session: None,
    pty_setup: None,
    env: |c| {
        let home = c.home.join(".kimi-code").display().to_string();
        vec![
            (s("KIMI_CODE_HOME"), home.clone()),
            (s("KIMI_SHARE_DIR"), home),
            (s("KIMI_MODEL_NAME"), s("stub-model")),
            (s("KIMI_MODEL_API_KEY"), s(FAKE_KEY)),
            (s("KIMI_MODEL_PROVIDER_TYPE"), s("openai")),
            (s("KIMI_MODEL_BASE_URL"), c.url("/v1")),
            (s("KIMI_CODE_NO_AUTO_UPDATE"), s("1")),
            (s("KIMI_CLI_NO_AUTO_UPDATE"), s("1")),
            (s("KIMI_DISABLE_TELEMETRY"), s("1")),
        ]
    },
    // Kimi Code needs no file: the hooks start it.
    setup: |_| Ok(()),
    // `[[hooks]] event command matcher timeout`, in both products (Kimi Code's schema is
    // strict: `dist/main.mjs:198445-198460`; the Python CLI's `kimi_cli/hooks/config.py`);
    // the command runs in a shell with the payload on stdin.
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
    older: &[Older {
        version: live::PYTHON_CLI_LAST,
        why: "the Python Kimi CLI's last release that runs (PyPI `kimi-cli`; 1.52.0 is a deprecation gate): \
              the registry dates `--print` and `--yolo` to end there, and its 13 events",
        default_run: true,
        package: Some(Package::PyPi("kimi-cli")),
        differs: Differs { setup: Some(python_config), shell_tool: Some(("Shell", command_only)) },
        ..Older::BASE
    }],
};
