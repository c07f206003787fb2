//! Pi's spec (see [`super`]).

use super::{FAKE_KEY, Older, P, Package, Spec, Wire, command_only, json, pi_bridge, s, write_json};
use hal_caps::registry::runtimes::pi::live;

/// Pi 0.x: the old package (no project trust to approve: `hal launch` adds `--approve`
/// only from 1.x, `--offline` from 0.55.1).
const OLD_PACKAGE: Older = Older { package: Some(Package::Npm("@mariozechner/pi-coding-agent")), ..Older::BASE };

/// Pi 1.x (`@earendil-works/pi-coding-agent`, the registry's package; the old
/// `@mariozechner/pi-coding-agent` ends at `live::OLD_PACKAGE_LAST`, an older verified version). 1.x needs
/// Node >= 22.19.
pub(super) const SPEC: Spec = Spec {
    provider: P::Pi,
    node22: true,
    wire: Wire::Chat,
    shell_tool: "bash",
    tool_args: command_only,
    model: Some("stub-model"),
    own_args: &["--provider", "stub"],
    resume: true,
    own_session: None,
    pty_setup: None,
    env: |_| vec![(s("STUB_API_KEY"), s(FAKE_KEY))],
    setup: |c| {
        write_json(
            &c.home.join(".pi/agent/models.json"),
            &json!({"providers": {"stub": {"baseUrl": c.url("/v1"), "api": "openai-completions",
                "apiKey": "STUB_API_KEY", "compat": {"supportsDeveloperRole": false, "supportsReasoningEffort": false},
                "models": [{"id": "stub-model", "name": "Stub model"}]}}}),
        )?;
        // The stub as the default model too: a start without `--provider` (the guide's
        // mayor's) reaches it.
        write_json(&c.home.join(".pi/agent/settings.json"), &json!({"defaultProvider": "stub", "defaultModel": "stub-model"}))
    },
    hooks: None,
    bridge: Some(|c| pi_bridge(c, "hal-probe.ts")),
    // The plan run writes `hal startup`'s `hook_content` (hal-gupp's `plugin_source`).
    plan_plugin: None,
    own_install_script: None,
    npm_ci: Ok(()),
    prefix_writes: &[],
    timeout_secs: 180,
    open: None,
    native: None,
    older: &[
        Older {
            version: live::OLD_PACKAGE_LAST,
            why: "the old package's last version, the first read with `PI_CODING_AGENT` (registry: since 0.73.0)",
            default_run: true,
            ..OLD_PACKAGE
        },
        Older {
            version: live::WITHOUT_MARKER,
            why: "the last version read without `PI_CODING_AGENT`: its ancestry alone names it",
            ..OLD_PACKAGE
        },
        Older {
            version: "0.52.12",
            why: "the oldest version the registry dates (no `--offline` flag)",
            open: Some(
                "its `-p` run emits no `session_shutdown` (0.52.12 has the event in RPC mode only), and the \
                 registry dates events per version, not per mode",
            ),
            ..OLD_PACKAGE
        },
    ],
};
