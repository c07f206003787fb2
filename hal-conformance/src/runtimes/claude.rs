//! Claude's spec (see [`super`]).

use super::{FAKE_KEY, Native, Older, P, Spec, Wire, command_and_description, hooks_object, json, merge_json, s};
use hal_caps::registry::runtimes::claude::live;

/// A JS build (1.0.x): `cli.js` under Node, no platform binary, so no install script
/// (nothing to copy); `hal launch` starts it as the newest (its `bin` is `claude`).
const JS: Older = Older::BASE;

pub(super) const SPEC: Spec = Spec {
    provider: P::Claude,
    node22: false,
    wire: Wire::Anthropic,
    shell_tool: "Bash",
    tool_args: command_and_description,
    model: None,
    own_args: &[],
    resume: true,
    own_session: None,
    pty_setup: Some(|c| {
        // Onboarding done, the fake key approved, the workspace trusted.
        let key = &FAKE_KEY[FAKE_KEY.len() - 20..];
        super::write_json(
            &c.home.join(".claude.json"),
            &json!({"hasCompletedOnboarding": true, "customApiKeyResponses": {"approved": [key], "rejected": []},
                "projects": { c.ws.display().to_string(): {"hasTrustDialogAccepted": true} }}),
        )
    }),
    env: |c| {
        vec![
            (s("ANTHROPIC_API_KEY"), s(FAKE_KEY)),
            (s("ANTHROPIC_BASE_URL"), c.url("")),
            (s("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC"), s("1")),
            (s("DISABLE_AUTOUPDATER"), s("1")),
        ]
    },
    setup: |_| Ok(()),
    hooks: Some(|c, pairs| {
        merge_json(&c.hook_path(false, false)?, &json!({"hooks": hooks_object(pairs, Some("*"), 30, false)}))
    }),
    bridge: None,
    plan_plugin: None,
    own_install_script: None,
    npm_ci: Ok(()),
    prefix_writes: &[],
    timeout_secs: 180,
    open: None,
    native: Some(Native {
        package: "@anthropic-ai/claude-code-linux-x64",
        bins: &[("claude", "claude")],
        why: "the npm wrapper `@anthropic-ai/claude-code` stops at its last version (`live::NPM_WRAPPER_LAST`); its Linux x64 binary package (what \
              the wrapper's postinstall copies into place) is published ahead of it",
    }),
    older: &[
        Older {
            version: live::NPM_WRAPPER_LAST,
            why: "the newest version the npm wrapper `@anthropic-ai/claude-code` ships (its postinstall copies the \
                  platform binary into place): what `npm install -g` gives",
            default_run: true,
            own_install_script: Some(super::COPIES_ITS_BINARY),
            ..Older::BASE
        },
        Older {
            version: live::FIRST_SESSION_START,
            why: "the first version with `SessionStart` (the registry dates it so): hook_injection is planned from here",
            default_run: true,
            ..JS
        },
        Older {
            version: live::LAST_WITHOUT_SESSION_START,
            why: "the last version without `SessionStart`: hal plans startup_fallback, and a settings file naming it \
                  would run no hook at all",
            default_run: true,
            ..JS
        },
        Older {
            version: live::OLDEST,
            why: "the oldest version the registry dates (7 hook events, no `CLAUDE_PROJECT_DIR` in hooks)",
            ..JS
        },
    ],
};
