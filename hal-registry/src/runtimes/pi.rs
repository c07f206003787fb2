//! pi: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{DETECT_AGENT, GASTOWN_AGENTS, ITSELF_NODE_BUN, NONE, c, exe};
use crate::registry::launch_shape::{Args, Autonomy, ConfigDir, Launch, Level, Output, PromptAt, Resume, Start, Style};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::{Exact, PathEntry};
use crate::registry::model::{
    Adapter, GastownPreset, Hooks, Inject, Marker, NativeEvent, Package, PluginApi, PresetFact, Runtime, Source, Stale,
    Standing, Verified,
};
use crate::registry::span::{AgentForm, History, HookHistory, Span, VarSpan};
use hal_types::CanonicalEvent as E;
use hal_types::HookKind;
use hal_types::RuntimeProvider as P;

/// Its package (1.x).
const PACKAGE_NAME: &str = "@earendil-works/pi-coding-agent";

/// Its old package (0.x).
const OLD_PACKAGE_NAME: &str = "@mariozechner/pi-coding-agent";

// pi's config folder: `home!()`.
config_folder!("~/.pi/agent");

pub(super) const LIVE_PI: Source = Source::ran("live run 2026-12-01", PACKAGE, live::NEWEST);

/// Pi's older verified version (the old package ends at 0.73.1).
pub(super) const LIVE_PI_073: Source =
    Source::ran("live run 2026-12-01", Package::Npm(OLD_PACKAGE_NAME), live::OLD_PACKAGE_LAST);

pub(super) const ROW: Runtime = Runtime {
    aliases: &["pi-coding-agent"],
    markers: &[
        Marker::definitive("PI_CODING_AGENT", Exact("true")).verified(),
        // pi prefixes its tools' PATH with `$HOME/.pi/agent/bin` (seen: 0.73.1).
        Marker::strong("PATH", PathEntry("/.pi/agent/bin")),
    ],
    executables: &["pi", "pi-launcher"],
    // 1.x gives its bash tool `PI_SESSION_ID`, the session manager's id (live run of
    // 1.6.0; `core/tools/bash.js`), not an extension's child. 0.73.1 put its session
    // id in no child's environment (no `PI_SESSION_ID` anywhere in that package).
    session_vars: &["PI_SESSION_ID"],
    // In-process extensions, no subprocess hooks: 0.73.1 and 1.6.0 load `*.ts` / `*.js`
    // and `*/index.ts` / `*/index.js` from these directories (a `hooks/` directory only
    // draws the warning "Hooks have been renamed to extensions"). 1.x loads the
    // project's directory only in a trusted folder: `--approve`, a saved decision, or
    // `defaultProjectTrust: "always"` (`core/project-trust.js`); `-p` asks no one.
    hooks: Some(
        Hooks::native(&[".pi/extensions/", concat!(home!(), "/extensions/")], Inject::Yes, EVENTS)
            .inject_backed(Standing::Secondary),
    ),
    takes_prompt: true,
    sources: &[
        LIVE_PI,
        LIVE_PI_073,
        Source::vendor("earendil-works/pi:packages/coding-agent/src/cli.ts"),
        GASTOWN_AGENTS,
        DETECT_AGENT,
    ],
    gastown: Some(
        GastownPreset::hooked(
            P::Pi,
            // Gastown's file, a `.js` in the directory Pi 0.73.1 discovers (it loads
            // `.js` beside `.ts`; read in the package).
            Adapter::unrendered(".pi/extensions/gastown-hooks.js", HookKind::JsPlugin)
                .written_in(PluginApi::PiExtension),
            ITSELF_NODE_BUN,
        )
        .ready_after(8000)
        .session_env("PI_SESSION_ID")
        .stale(&[Stale {
            gastown: PresetFact::SessionEnv("PI_SESSION_ID"),
            reality: "holds only from Pi 1.x, in its bash tool's environment (1.6.0, live run); 0.73.1 \
                          sets it nowhere (no occurrence in @mariozechner/pi-coding-agent@0.73.1)",
        }]),
    ),
    verified: Some(VERIFIED),
    package: Some(PACKAGE),
    history: Some(&HISTORY),
    ..Runtime::new(P::Pi, "pi")
};

// Pi 0.73.1's extension events (real-runtimes §2.5(c): all seen firing but the two
// compaction events, registered and not triggered). Gastown's extension hooks
// session_start, session_shutdown, before_agent_start, tool_call, session_compact.
pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "session_start"),
    Ev::mapped(E::SessionEnd, "session_shutdown"),
    Ev::mapped(E::PromptSubmit, "before_agent_start"),
    Ev::mapped(E::TurnEnd, "agent_end"),
    Ev::mapped(E::ModelRequestPre, "before_provider_request"),
    Ev::mapped(E::ModelResponsePost, "after_provider_response"),
    Ev::mapped(E::ToolUsePre, "tool_call"),
    Ev::mapped(E::ToolUsePost, "tool_result"),
    Ev::mapped(E::ContextCompactPre, "session_before_compact"),
    Ev::mapped(E::ContextCompactPost, "session_compact"),
    // Pi events with no canonical counterpart: seen firing in 0.73.1 (the first twelve;
    // `message_update` and `tool_execution_update` in the conformance fixtures), and named
    // by the package's `docs/extensions.md` without firing one-shot (a model or thinking
    // level selected, session switch, fork and tree navigation, a user's own `!` command).
    Ev::unmapped("resources_discover"),
    Ev::unmapped("input"),
    Ev::unmapped("agent_start"),
    Ev::unmapped("turn_start"),
    Ev::unmapped("turn_end"),
    Ev::unmapped("context"),
    Ev::unmapped("message_start"),
    Ev::unmapped("message_end"),
    Ev::unmapped("tool_execution_start"),
    Ev::unmapped("tool_execution_end"),
    Ev::unmapped("message_update"),
    Ev::unmapped("tool_execution_update"),
    Ev::unmapped("model_select"),
    Ev::unmapped("thinking_level_select"),
    Ev::unmapped("session_before_switch"),
    Ev::unmapped("session_before_fork"),
    Ev::unmapped("session_before_tree"),
    Ev::unmapped("session_tree"),
    Ev::unmapped("user_bash"),
];

/// The package it is installed from.
const PACKAGE: Package = Package::Npm(PACKAGE_NAME);

/// The versions live runs verified, each written once, here: the verified record and
/// every other crate (the conformance suite's older-version runs, the tests) name them.
pub mod live {
    /// The newest verified.
    pub const NEWEST: &str = "1.6.0";
    /// The old package's last version, the first read with `PI_CODING_AGENT`.
    pub const OLD_PACKAGE_LAST: &str = "0.73.1";
    /// A version read without `PI_CODING_AGENT`: its ancestry alone names it.
    pub const WITHOUT_MARKER: &str = "0.65.2";
}

/// Pi 1.6.0 (`@earendil-works/pi-coding-agent`), `-p --offline --approve`: extension
/// events; its bash tool gets `PI_SESSION_ID` (the session manager's id), `PI_SESSION_FILE`,
/// `PI_PROVIDER`, `PI_MODEL`, `PI_REASONING_LEVEL` (`core/tools/bash.js`), an extension's
/// child only `PI_CODING_AGENT` and `AI_AGENT=pi`. The older verified version, 0.73.1
/// (`@mariozechner/pi-coding-agent`, live run 2026-12-01), set no session variable and
/// no `AI_AGENT`.
pub(super) const VERIFIED: Verified = Verified {
    version: live::NEWEST,
    older: &[live::OLD_PACKAGE_LAST, live::WITHOUT_MARKER],
    tool_vars: &["PI_CODING_AGENT", "AI_AGENT", "PI_SESSION_ID"],
    hook_vars: &["PI_CODING_AGENT", "AI_AGENT"],
    session_vars: &["PI_SESSION_ID"],
    events: &[
        "session_start",
        "input",
        "before_agent_start",
        "turn_start",
        "tool_call",
        "tool_result",
        "turn_end",
        "agent_end",
        "session_shutdown",
    ],
};

/// Pi: no `PI_CODING_AGENT` before 0.73; the project moved to `@earendil-works/pi-coding-agent` (1.x).
pub(super) const HISTORY: History = History {
    oldest: "0.52.12",
    packages: &[OLD_PACKAGE_NAME, PACKAGE_NAME],
    version_vars: &[],
    install_vars: &[],
    hooks: HookHistory {
        span: Span { since: None, until: None },
        switch: None,
        before: None,
        cite: "@mariozechner/pi-coding-agent@0.52.12, 0.65.2, 0.73.1 (extensions)",
    },
    vars: &[
        VarSpan {
            var: "PI_CODING_AGENT",
            set_for: "tools and hooks",
            span: Span::since("0.73.0"),
            cite: "@mariozechner/pi-coding-agent@0.52.12, 0.65.2 (absent), 0.73.1 (present)",
        },
        VarSpan {
            var: "PI_SESSION_ID",
            set_for: "tools",
            span: Span::since("1.6.0"),
            cite: "live runs of @mariozechner/pi-coding-agent@0.52.12, 0.65.2, 0.73.1 (absent), @earendil-works/pi-coding-agent@1.6.0 (present)",
        },
        VarSpan {
            var: "AI_AGENT",
            set_for: "tools and hooks",
            span: Span::since("1.6.0"),
            cite: "live runs of @mariozechner/pi-coding-agent@0.65.2, 0.73.1 (absent), @earendil-works/pi-coding-agent@1.6.0 (present)",
        },
    ],
    ai_agent: &[AgentForm {
        form: "pi",
        span: Span::since("1.6.0"),
        cite: "@earendil-works/pi-coding-agent@1.6.0 (AI_AGENT=pi, merged upstream 2026-08)",
    }],
    overwrites_ai_agent: Some(Span::since("1.6.0")),
};

pub(super) const S_PI: Source = Source::ran("hal-conformance", PACKAGE, live::NEWEST);

pub(super) const PI_README: Source = Source::vendor("@mariozechner/pi-coding-agent@0.65.2:README.md");

/// Pi's `parseArgs` (`dist/cli/args.js`) takes every argument after `--` as a message
/// from 1.6.0; 0.73.1's has no `--` case (it is read as a flag).
pub(super) const PI_END_OF_OPTIONS: Source = Source::ran("hal-conformance dash check", PACKAGE, live::NEWEST);

/// Pi 1.6.0's argument parser and help: `--session <path|id>`, "Open a session by file
/// path or full/partial ID" (lines 90, 303).
pub(super) const PI_ARGS: Source = Source::vendor("@earendil-works/pi-coding-agent@1.6.0:dist/cli/args.js:90,303");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Pi,
    executable: exe(&ROW, S_PI),
    interactive: c(Start::new(NONE, PromptAt::Positional), PI_README),
    print: Some(c(Start::new(&[Args::always(&["-p"])], PromptAt::Positional), S_PI)),
    output: Some(c(Output { flag: "--mode", values: &["text", "json", "rpc"] }, PI_README)),
    autonomy: Autonomy {
        none: None,
        edits: None,
        full: Some(c(
            Level::args(
                &[Args::since(
                    "1.6.0",
                    &["--approve"],
                    "@mariozechner/pi-coding-agent@0.52.12, 0.65.2 (absent: no permission prompts at all), @earendil-works/pi-coding-agent@1.6.0 (present)",
                )],
                "nothing asked (before 1.x pi asks nothing: it has no permission prompts)",
            ),
            S_PI,
        )),
    },
    // `--session <path|id>` opens a session by file path or full/partial id (in every
    // version read, 0.52.12 on); the id is `PI_SESSION_ID`'s (both are the session
    // manager's `getSessionId()`, 1.6.0's `dist/core/tools/bash.js:168`).
    resume: Some(c(
        Resume { by_id: Some(&["--session"]), latest: Some(&["--continue"]), style: Style::Flag, hal_ids: true },
        PI_ARGS,
    )),
    model: Some(c("--model", S_PI)),
    instructions: c(&["AGENTS.md", "CLAUDE.md"], PI_README),
    config_dir: Some(c(ConfigDir { dir: home!(), var: Some("PI_CODING_AGENT_DIR") }, PI_README)),
    hook_trust: None,
    ready_prompt: None,
    startup_dialog: None,
    escape_cancels: None,
    session_id: None,
    acp: None,
    end_of_options: Some(c(
        Args::since("1.6.0", &["--"], "@mariozechner/pi-coding-agent@0.73.1, @earendil-works/pi-coding-agent@1.6.0"),
        PI_END_OF_OPTIONS,
    )),
    env: &[],
    env_from: &[],
    offline: &[Args::since(
        "0.55.1",
        &["--offline"],
        "@mariozechner/pi-coding-agent@0.52.12, 0.53.0, 0.54.0, 0.55.0 (absent), 0.55.1, 0.55.3, 0.55.4, 0.65.2 (present)",
    )],
    stamps: &[
        "PI_MODEL",
        "PI_OFFLINE",
        "PI_PROVIDER",
        "PI_REASONING_LEVEL",
        "PI_SESSION_FILE",
        "PI_SKIP_VERSION_CHECK",
    ],
    gastown_stale: &[
        (
            "NonInteractive.OutputFlag",
            "--no-session is not an output flag (it keeps no session file); the output flag is --mode json",
        ),
        (
            "ResumeFlag",
            "empty, but pi opens a session by id with --session and continues the latest with --continue (-c)",
        ),
    ],
};
