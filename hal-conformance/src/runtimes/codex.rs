//! Codex's spec (see [`super`]).

use super::{Ctx, FAKE_KEY, P, PathBuf, Spec, Wire, hooks_object, json, merge_json, s};

/// Codex's home: deliberately not named `.codex` (as on the day the runs found the
/// payload disagreement).
fn codex_home(c: &Ctx) -> PathBuf {
    c.home.join("codex-home")
}

pub(super) const SPEC: Spec = Spec {
    provider: P::Codex,
    version: "0.171.0",
    node22: false,
    wire: Wire::Responses,
    shell_tool: "exec_command",
    tool_args: |cmd| json!({"cmd": cmd}),
    model: None,
    own_args: &[],
    resume: true,
    pty_setup: Some(|c| {
        // The workspace trusted (a table after the base config's).
        use std::io::Write as _;
        let mut f = std::fs::OpenOptions::new().append(true).open(codex_home(c).join("config.toml"))?;
        write!(f, "\n[projects.{}]\ntrust_level = \"trusted\"\n", super::toml_str(&c.ws.display().to_string()))
    }),
    env: |c| vec![(s("CODEX_HOME"), codex_home(c).display().to_string()), (s("STUB_API_KEY"), s(FAKE_KEY))],
    setup: |c| {
        let home = codex_home(c);
        std::fs::create_dir_all(&home)?;
        let toml = format!(
            "model = \"stub-model\"\nmodel_provider = \"stub\"\napproval_policy = \"never\"\n\
             sandbox_mode = \"danger-full-access\"\n\n[model_providers.stub]\nname = \"stub\"\n\
             base_url = \"{}\"\nenv_key = \"STUB_API_KEY\"\nwire_api = \"responses\"\n\n[features]\nhooks = true\n",
            c.url("/v1")
        );
        std::fs::write(home.join("config.toml"), toml)
    },
    hooks: Some(|c, pairs| {
        merge_json(&codex_home(c).join("hooks.json"), &json!({"hooks": hooks_object(pairs, None, 30, false)}))
    }),
    bridge: None,
    plan_plugin: None,
    own_install_script: None,
    npm_ci: Ok(()),
    prefix_writes: &[],
    timeout_secs: 180,
    open: None,
};
