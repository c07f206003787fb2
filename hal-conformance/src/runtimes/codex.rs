//! Codex's spec (see [`super`]).

use super::{Ctx, Differs, FAKE_KEY, Older, P, PathBuf, Spec, Wire, hooks_object, json, merge_json, s};
use hal_caps::registry::runtimes::codex::live;

/// Versions before the hook system: no hook trust to bypass (`hal launch` adds the
/// flag only from `live::FIRST_HOOKS`).
const BEFORE_HOOKS: Differs = Differs::NONE;

/// Codex's home: deliberately not named `.codex` (as on the day the runs found the
/// payload disagreement).
fn codex_home(c: &Ctx) -> PathBuf {
    c.home.join("codex-home")
}

pub(super) const SPEC: Spec = Spec {
    provider: P::Codex,
    node22: false,
    wire: Wire::Responses,
    shell_tool: "exec_command",
    tool_args: |cmd| json!({"cmd": cmd}),
    model: None,
    own_args: &[],
    resume: true,
    own_session: None,
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
    native: None,
    older: &[
        Older {
            version: live::FIRST_HOOKS,
            why: "the first version with hooks (the registry dates them so, behind its feature switch), 12 events, \
                  no PreModelRequest/PostModelRequest",
            default_run: true,
            differs: Differs {
                // The registry's switch, in the spelling that version documents (its alias of `hooks`).
                setup: Some(|c| {
                    let path = codex_home(c).join("config.toml");
                    let toml = std::fs::read_to_string(&path)?;
                    std::fs::write(
                        &path,
                        toml.replace("[features]\nhooks = true\n", "[features]\ncodex_hooks = true\n"),
                    )
                }),
                ..Differs::NONE
            },
            ..Older::BASE
        },
        Older {
            version: live::FIRST_THREAD_ID,
            why: "the last version read without a hook system (only `notify`): no events, no native hooks",
            default_run: true,
            npm_ci: Err(super::MISSING_PLATFORMS),
            differs: BEFORE_HOOKS,
            ..Older::BASE
        },
        Older {
            version: live::OLDEST,
            why: "the oldest version the registry dates (no hooks; no session variable in tools)",
            differs: Differs {
                // Its shell tool is `shell`, an argv array (`exec_command` came later).
                shell_tool: Some(("shell", |cmd| json!({"command": ["bash", "-lc", cmd]}))),
                ..BEFORE_HOOKS
            },
            ..Older::BASE
        },
    ],
};
