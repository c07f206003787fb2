//! Qoder CLI: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::{Flag, Truthy};
use crate::registry::model::{Hooks, Inject, Marker, NativeEvent, Runtime, Source};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;

/// Where Qoder's hook facts were read: its one bundle, minified (line numbers of
/// `bundle/qodercli.js` in 1.1.52).
const QODER_HOOKS: Source = Source::vendor(
    "@qoder-ai/qodercli@1.1.52:bundle/qodercli.js:14 (the `hooks` event enum, SessionStart and \
     UserPromptSubmit stdout to the model),2 (settings paths),55 (a hook's environment)",
);

pub(super) const ROW: Runtime = Runtime {
    aliases: &["qodercli", "qoder-cli"],
    // Set to "1" on its shell tool's and MCP servers' environment, `QODERCN_CLI` in the
    // China build (1.1.52's `bundle/qodercli.js:2`, `Ger=Ro?"QODERCN_CLI":"QODER_CLI"`;
    // `:55`, `{…,[XcA]:zcA,TERM:"xterm-256color",PAGER:…}` with `XcA=oDA,zcA="1"`).
    // A hook gets `QODER_PROJECT_DIR` beside Claude's `CLAUDE_PROJECT_DIR` (both the
    // project root), `QODER_HOOK_SOURCE`, `QODER_HOOK_VERSION` and `QODER_SITE` (`:55`,
    // `{…process.env, QODER_PROJECT_DIR:v, CLAUDE_PROJECT_DIR:v, [PSA]:…, [kSA]:…,
    // [ySA]:RSA, …}`, with `PSA="QODER_HOOK_SOURCE"`, `kSA="QODER_HOOK_VERSION"`,
    // `ySA="QODER_SITE"` at `:2`): Qoder's own project variable decides, as Droid's does.
    markers: &[
        Marker::strong("QODER_CLI", Flag),
        Marker::strong("QODERCN_CLI", Flag),
        Marker::strong("QODER_PROJECT_DIR", Truthy),
    ],
    weak: &["QODER_HOOK_SOURCE", "QODER_HOOK_VERSION"],
    executables: &["qodercli"],
    // Claude-style hooks: a `hooks` object of Claude's shape (`ure.safeParse(a.hooks??a)`)
    // in the project's `.qoder/settings.json` and `.qoder/settings.local.json` and the
    // user's `~/.qoder/settings.json` (`getWorkspaceSettingsPath`,
    // `getWorkspaceLocalSettingsPath`, `getGlobalSettingsPath`, `PH=".qoder"`: `:2`); a
    // SessionStart or UserPromptSubmit hook's stdout goes to the model (`lxi`,
    // `getStdoutForModel`: `:14`). Read in the package; no live run (Qoder needs its
    // account: no local model endpoint was found).
    hooks: Some(Hooks::claude_settings(
        &[".qoder/settings.json", ".qoder/settings.local.json", "~/.qoder/settings.json"],
        Inject::Yes,
        EVENTS,
    )),
    takes_prompt: true,
    sources: &[
        Source::vendor("https://www.npmjs.com/package/@qoder-ai/qodercli (1.1.52: bin qodercli)"),
        Source::vendor("@qoder-ai/qodercli@1.1.52:bundle/qodercli.js:2,55"),
        QODER_HOOKS,
    ],
    ..Runtime::new(P::Qoder, "Qoder CLI")
};

/// Qoder CLI 1.1.52's 27 hook events (`bundle/qodercli.js:14`, the enum every `hooks`
/// key is checked against), Claude Code's names, mapped as Claude's.
pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::SessionEnd, "SessionEnd"),
    Ev::mapped(E::PromptSubmit, "UserPromptSubmit"),
    Ev::mapped(E::TurnEnd, "Stop"),
    Ev::mapped(E::TurnFail, "StopFailure"),
    Ev::mapped(E::AgentIdle, "TeammateIdle"),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::ToolUsePost, "PostToolUse"),
    Ev::mapped(E::ToolUseFail, "PostToolUseFailure"),
    Ev::mapped(E::FileChangeExternal, "FileChanged"),
    Ev::mapped(E::SubagentStart, "SubagentStart"),
    Ev::mapped(E::SubagentEnd, "SubagentStop"),
    Ev::mapped(E::PermissionRequest, "PermissionRequest"),
    Ev::mapped(E::PermissionDeny, "PermissionDenied"),
    Ev::mapped(E::Notification, "Notification"),
    Ev::mapped(E::ContextCompactPre, "PreCompact"),
    Ev::mapped(E::ContextCompactPost, "PostCompact"),
    Ev::mapped(E::ConfigChanged, "ConfigChange"),
    Ev::mapped(E::InstructionsLoaded, "InstructionsLoaded"),
    // As Claude's: no canonical counterpart.
    Ev::unmapped("Setup"),
    Ev::unmapped("TaskCreated"),
    Ev::unmapped("TaskCompleted"),
    Ev::unmapped("Elicitation"),
    Ev::unmapped("ElicitationResult"),
    Ev::unmapped("WorktreeCreate"),
    Ev::unmapped("WorktreeRemove"),
    Ev::unmapped("CwdChanged"),
];
