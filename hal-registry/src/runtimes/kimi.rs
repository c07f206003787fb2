//! Kimi: Kimi Code (npm `@moonshot-ai/kimi-code`, 2.x), and before it the Python Kimi CLI
//! (PyPI `kimi-cli`, whose facts end at 1.51.0): every fact hal holds of it, one
//! descriptor (see [`super`]).

use super::shared::{ASKS, DETECT_AGENT, NONE, c, exe};
use crate::registry::launch_shape::{Args, Autonomy, ConfigDir, Launch, Level, Output, PromptAt, Resume, Start, Style};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{Hooks, Inject, Marker, NativeEvent, Package, Runtime, Source, Verified};
use crate::registry::payload_shape::Clue::{Has, Lacks, Named, Str};
use crate::registry::payload_shape::NameStyle::Pascal;
use crate::registry::payload_shape::{NameStyle, Payload, Rule};
use crate::registry::span::History;
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;

/// Its package.
const PACKAGE_NAME: &str = "@moonshot-ai/kimi-code";

// Kimi's config folder: `home!()`.
config_folder!("~/.kimi-code");

pub(super) const LIVE_KIMI: Source = Source::ran("live run 2026-12-06", PACKAGE, live::NEWEST);

/// The Python CLI's live run (its older verified version).
pub(super) const LIVE_KIMI_CLI: Source =
    Source::ran("live run 2026-12-06", Package::PyPi("kimi-cli"), live::PYTHON_CLI_LAST);

/// What the Kimi Code facts were read in: its one bundle (`dist/main.mjs` of 2.1.0).
pub(super) const KIMI_CODE_PKG: Source =
    Source::vendor("@moonshot-ai/kimi-code@2.1.0:dist/main.mjs (options :382237-382247, hooks :198419-198460)");

pub(super) const ROW: Runtime = Runtime {
    // Plugin-scoped: set for a plugin's hooks and tools (Kimi Code 2.1.0 too,
    // `dist/main.mjs:199519`).
    markers: &[Marker::strong("KIMI_PLUGIN_ROOT", Truthy).secondary()],
    // Move Kimi's data directory; set outside a session too: Kimi Code's
    // `KIMI_CODE_HOME` (`dist/main.mjs:109029`), the Python CLI's `KIMI_SHARE_DIR`.
    settings: &["KIMI_CODE_HOME", "KIMI_SHARE_DIR"],
    // Kimi Code titles its process `kimi-code` (`process.title = PROCESS_NAME`,
    // `dist/main.mjs:491037`, `PROCESS_NAME = "kimi-code"`, `:285364`), its `bin` is
    // `kimi`. The Python CLI (1.51.0) renamed its process `Kimi Code` (`setproctitle`:
    // comm and argv, its exe the venv's Python; live run). Neither gives its tools a
    // variable of its own (Kimi Code: `NO_COLOR`, `TERM=dumb`, `GIT_TERMINAL_PROMPT`,
    // `SHELL`, `dist/main.mjs:176751-176758`; the Python CLI `GIT_TERMINAL_PROMPT=0`),
    // and hooks get its environment unchanged: the ancestry decides.
    executables: &["kimi", "kimi-code", "Kimi Code"],
    // Node running Kimi Code's bundle, before it retitles itself.
    scripts: &["@moonshot-ai/kimi-code/"],
    // `[[hooks]]` in `config.toml` of Kimi Code's home, `~/.kimi-code` (`$KIMI_CODE_HOME`,
    // `dist/main.mjs:109029`, `:198452`), first; the Python CLI's `~/.kimi/config.toml`
    // (`$KIMI_SHARE_DIR`) through 1.51.0. Claude's event names. A hook's stdout is never
    // put before the model (the Python CLI's `kimi_cli/hooks/runner.py` reads only a JSON
    // decision from it), so SessionStart cannot prime a session.
    hooks: Some(Hooks::native(&[concat!(home!(), "/config.toml"), "~/.kimi/config.toml"], Inject::No, EVENTS)),
    takes_prompt: true,
    sources: &[
        Source::secondary("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/kimi.md"),
        Source::vendor("https://moonshotai.github.io/kimi-code/en/configuration/env-vars"),
        KIMI_CODE_PKG,
        KIMI_CLI_PKG,
        DETECT_AGENT,
        LIVE_KIMI,
        LIVE_KIMI_CLI,
    ],
    verified: Some(VERIFIED),
    package: Some(PACKAGE),
    history: Some(&HISTORY),
    ..Runtime::new(P::Kimi, "Kimi Code")
};

/// The packages the 7 events Kimi Code added were read in.
const KIMI_CODE_EVENTS: &str = "kimi-cli@1.51.0, 1.52.0 (absent: kimi_cli/hooks/config.py), \
     @moonshot-ai/kimi-code@2.0.2, 2.1.0 (present: dist/main.mjs:198129, :198419)";

/// Kimi's hook events, Claude's names: the Python CLI's 13 (1.51.0 and 1.52.0,
/// `kimi_cli/hooks/config.py` `HookEventType`), and the 7 Kimi Code 2.x adds: 20 in
/// `HOOK_EVENT_TYPES` of 2.0.2 and 2.1.0, which the `[[hooks]]` schema validates against.
pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::SessionEnd, "SessionEnd"),
    Ev::mapped(E::PromptSubmit, "UserPromptSubmit"),
    Ev::mapped(E::TurnEnd, "Stop"),
    Ev::mapped(E::TurnFail, "StopFailure"),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::ToolUsePost, "PostToolUse"),
    Ev::mapped(E::ToolUseFail, "PostToolUseFailure"),
    Ev::mapped(E::SubagentStart, "SubagentStart"),
    Ev::mapped(E::SubagentEnd, "SubagentStop"),
    Ev::mapped(E::PermissionRequest, "PermissionRequest").since("2.0.2", KIMI_CODE_EVENTS),
    Ev::mapped(E::Notification, "Notification"),
    Ev::mapped(E::ContextCompactPre, "PreCompact"),
    Ev::mapped(E::ContextCompactPost, "PostCompact"),
    // Kimi Code's events no canonical event fits: a permission's outcome (granted or
    // not), a prompt queued behind a running turn, a turn's start, an interrupted turn, a
    // live session's heartbeat, a background task's start.
    Ev::unmapped("PermissionResult").since("2.0.2", KIMI_CODE_EVENTS),
    Ev::unmapped("UserPromptQueued").since("2.0.2", KIMI_CODE_EVENTS),
    Ev::unmapped("TurnStarted").since("2.0.2", KIMI_CODE_EVENTS),
    Ev::unmapped("Interrupt").since("2.0.2", KIMI_CODE_EVENTS),
    Ev::unmapped("SessionHeartbeat").since("2.0.2", KIMI_CODE_EVENTS),
    Ev::unmapped("TaskStarted").since("2.0.2", KIMI_CODE_EVENTS),
];

/// Kimi: the Python CLI's facts end at 1.51.0 (1.52.0 runs nothing: every entry point
/// is a deprecation gate, `kimi_cli/__main__.py`, `deprecation.py`); Kimi Code is 2.x
/// (`@moonshot-ai/kimi-code`'s 0.x releases are not read).
pub(super) const HISTORY: History = History::events_only(
    live::PYTHON_CLI_LAST,
    &[PACKAGE_NAME],
    "kimi-cli@1.51.0 (kimi_cli/hooks/config.py), @moonshot-ai/kimi-code@2.0.2, 2.1.0 (dist/main.mjs)",
);

/// The package it is installed from.
const PACKAGE: Package = Package::Npm(PACKAGE_NAME);

/// The versions live runs verified, each written once, here: the verified record and
/// every other crate (the conformance suite's older-version runs, the tests) name them.
pub mod live {
    /// The newest verified: Kimi Code.
    pub const NEWEST: &str = "2.1.0";
    /// The Python Kimi CLI's last release that runs.
    pub const PYTHON_CLI_LAST: &str = "1.51.0";
}

/// Kimi Code 2.1.0 (`@moonshot-ai/kimi-code`), `-p` on Node 22 (it runs unasked), its
/// model from `KIMI_MODEL_*`: its process is `kimi-code`; tools and hooks get nothing of
/// its own; the session id (`session_…`, what `-S` takes: the resume check) only in a
/// payload. `TurnStarted` fires before the tools; `PostToolUse` is started without being
/// awaited (`fireAndForget`, `dist/main.mjs:207349`), so a one-shot run may exit before
/// its hook runs (seen in one of two runs); `SessionEnd` does not fire one-shot (the
/// print runner exits without closing the session, whose close fires it:
/// `dist/main.mjs:206886-206890`). The older verified version, the Python CLI 1.51.0
/// (`--print -p --yolo`, the stub an `openai_legacy` provider), fired `SessionEnd` too.
/// The rest (subagents, compaction, failures, notifications, permissions) need what `-p`
/// does not do.
pub(super) const VERIFIED: Verified = Verified {
    version: live::NEWEST,
    older: &[live::PYTHON_CLI_LAST],
    tool_vars: &[],
    hook_vars: &[],
    session_vars: &[],
    events: &["SessionStart", "UserPromptSubmit", "TurnStarted", "PreToolUse", "Stop"],
};

pub(super) const PAYLOAD: Payload = Payload {
    // Kimi CLI 1.51.0 (`kimi_cli/hooks/events.py`, live run): Claude's event names and
    // keys, `hook_event_name`, `session_id` and `cwd` on every event, but never a
    // `transcript_path` (Claude, Codex, Gemini, Qwen Code and Droid always write one)
    // nor a `timestamp` (Copilot's VS Code compatible payloads carry one beside `cwd`;
    // Devin's documented ones carry no `cwd`); its tool events carry `tool_call_id`
    // (Claude's say `tool_use_id`).
    rules: &[
        Rule::tell(&[Named("hook_event_name", Pascal), Has("tool_call_id"), Lacks("transcript_path")]),
        Rule::tell(&[
            Named("hook_event_name", Pascal),
            Str("session_id"),
            Str("cwd"),
            Lacks("transcript_path"),
            Lacks("timestamp"),
        ]),
    ],
    sources: &[
        LIVE_KIMI,
        LIVE_KIMI_CLI,
        Source::vendor("https://pypi.org/project/kimi-cli/ (1.51.0, kimi_cli/hooks/events.py)"),
    ],
    ..Payload::new(P::Kimi, Some("hook_event_name"), NameStyle::Pascal, "session_id")
};

pub(super) const S_KIMI: Source = Source::ran("hal-conformance", PACKAGE, live::NEWEST);

/// The Python CLI's options (`kimi_cli/cli/__init__.py`: `--print`, `--yolo`,
/// `--session/-S`, `--continue/-C`, the `acp` subcommand).
pub(super) const KIMI_CLI_PKG: Source = Source::vendor("kimi-cli@1.51.0 (PyPI, its --help, kimi_cli/cli/__init__.py)");

/// Where the Python CLI's `--print` and `--yolo` were read, and Kimi Code's `--auto`.
const PY_ONLY: &str = "kimi-cli@1.51.0 (kimi_cli/cli/__init__.py: present), @moonshot-ai/kimi-code@2.0.2, 2.1.0 \
     (dist/main.mjs:382238: absent, and unknown options are refused)";
const CODE_ONLY: &str =
    "kimi-cli@1.51.0 (absent), @moonshot-ai/kimi-code@2.0.2, 2.1.0 (dist/main.mjs:382238: `--auto`, Never Ask)";

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Kimi,
    executable: exe(&ROW, S_KIMI),
    // Kimi Code takes no positional prompt (`unknown command`, `dist/main.mjs:382270`).
    interactive: c(Start::new(NONE, PromptAt::Typed), KIMI_CODE_PKG),
    // `-p, --prompt`: one prompt, non-interactive, in both products; the Python CLI's
    // `--print` (questions dismissed) is no option of Kimi Code.
    print: Some(c(
        Start::new(&[Args::until(live::PYTHON_CLI_LAST, &["--print"], PY_ONLY)], PromptAt::Flag("-p")),
        S_KIMI,
    )),
    output: Some(c(Output { flag: "--output-format", values: &["text", "stream-json"] }, KIMI_CODE_PKG)),
    autonomy: Autonomy {
        none: Some(c(ASKS, KIMI_CODE_PKG)),
        // Kimi Code's `--yolo` is "Ask When Needed" (routine edits and commands run,
        // risky ones ask): neither hal's `edits` nor `full`.
        edits: None,
        // Kimi Code's `-p` runs in Never Ask by itself (`forceAuto`, `dist/main.mjs:468373`)
        // and refuses `--auto` and `--yolo` beside it (`:382407-382408`); the Python CLI's
        // `--print` needs `--yolo` too.
        full: Some(c(
            Level::args(
                &[
                    Args::until(live::PYTHON_CLI_LAST, &["--yolo"], PY_ONLY),
                    Args::since("2.0.2", &["--auto"], CODE_ONLY),
                ],
                "nothing asked (Kimi Code's -p: always)",
            )
            .in_print(&[Args::until(live::PYTHON_CLI_LAST, &["--yolo"], PY_ONLY)]),
            S_KIMI,
        )),
    },
    // `-S, --session [id]` and `-c, --continue` (Kimi Code, `dist/main.mjs:382238`); the
    // Python CLI's `--session/-S` and `--continue/-C`: the long forms hold for both. The id
    // is the hook payload's `session_id` (the suite's resume check).
    resume: Some(c(
        Resume { by_id: Some(&["--session"]), latest: Some(&["--continue"]), style: Style::Flag, hal_ids: true },
        S_KIMI,
    )),
    model: Some(c("-m", KIMI_CODE_PKG)),
    instructions: c(&["AGENTS.md"], KIMI_CODE_PKG),
    config_dir: Some(c(ConfigDir { dir: home!(), var: Some("KIMI_CODE_HOME") }, S_KIMI)),
    hook_trust: None,
    ready_prompt: None,
    startup_dialog: None,
    escape_cancels: None,
    session_id: None,
    // `kimi acp` (Kimi Code `dist/main.mjs:313536`; the Python CLI's `acp` subcommand too).
    acp: Some(c(&["acp"], KIMI_CODE_PKG)),
    end_of_options: None,
    env: &[],
    env_from: &[],
    offline: &[],
    stamps: &[],
    gastown_stale: &[],
};
