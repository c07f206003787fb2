//! Gemini's spec (see [`super`]).

use super::{
    FAKE_KEY, Older, P, Spec, Wire, command_and_description, hooks_object, json, merge, merge_json, s, write_json,
};
use hal_caps::registry::runtimes::gemini::live;

/// Versions before the bundle (0.28.x and older): the package's `dist/index.js` is its
/// `bin`; `hal launch` starts it as the newest.
const UNBUNDLED: Older = Older::BASE;

pub(super) const SPEC: Spec = Spec {
    provider: P::Gemini,
    node22: false,
    wire: Wire::Gemini,
    shell_tool: "run_shell_command",
    tool_args: command_and_description,
    model: None,
    own_args: &[],
    resume: true,
    own_session: None,
    pty_setup: None,
    env: |c| vec![(s("GEMINI_API_KEY"), s(FAKE_KEY)), (s("GOOGLE_GEMINI_BASE_URL"), c.url(""))],
    setup: |c| {
        write_json(
            &c.home.join(".gemini/settings.json"),
            &json!({"security": {"auth": {"selectedType": "gemini-api-key"}},
                "general": {"enableAutoUpdate": false, "enableAutoUpdateNotification": false},
                "privacy": {"usageStatisticsEnabled": false}, "telemetry": {"enabled": false}}),
        )?;
        write_json(&c.home.join(".gemini/trustedFolders.json"), &json!({ c.ws.display().to_string(): "TRUST_FOLDER" }))
    },
    hooks: Some(|c, pairs| {
        // A matcher only on the tool events: with one, SessionStart, SessionEnd and
        // PreCompress never fire.
        let (tools, rest): (Vec<_>, Vec<_>) =
            pairs.iter().cloned().partition(|(e, _)| matches!(*e, "BeforeTool" | "AfterTool"));
        let mut hooks = hooks_object(&rest, None, 30000, true);
        merge(&mut hooks, &hooks_object(&tools, Some(".*"), 30000, true));
        merge_json(&c.hook_path(false, false)?, &json!({ "hooks": hooks }))
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
            version: live::FIRST_SESSION_VARS_IN_HOOKS,
            why: "the first version read whose hooks get `GEMINI_SESSION_ID`, `GEMINI_CWD`, `GEMINI_PLANS_DIR` \
                  (the registry dates them so)",
            default_run: true,
            ..Older::BASE
        },
        Older {
            version: live::FIRST_HOOKS,
            why: "the first version read with hooks (the registry dates them so), no session variable in them",
            ..UNBUNDLED
        },
        Older { version: live::OLDEST, why: "the oldest version the registry dates: no hook system", ..UNBUNDLED },
    ],
};
