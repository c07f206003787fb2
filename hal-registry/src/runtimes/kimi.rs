//! Kimi CLI: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{ASKS, DETECT_AGENT, NONE, c, suite};
use crate::registry::launch_shape::{Args, Autonomy, ConfigDir, Launch, Level, Output, PromptAt, Start};
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::Truthy;
use crate::registry::model::{Hooks, Inject, Marker, NativeEvent, Package, Runtime, Source, Verified};
use crate::registry::payload_shape::Clue::{Has, Lacks, Named, Str};
use crate::registry::payload_shape::NameStyle::Pascal;
use crate::registry::payload_shape::{NameStyle, Payload, Rule};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;

pub(super) const LIVE_KIMI: Source = Source::verified("live run 2026-12-02, kimi-cli@1.51.0 (PyPI)");

pub(super) const ROW: Runtime = Runtime {
    // Plugin-scoped: set for a plugin's hooks and tools.
    markers: &[Marker::strong("KIMI_PLUGIN_ROOT", Truthy).secondary()],
    // Relocates Kimi's data directory; set outside a session too.
    settings: &["KIMI_CODE_HOME"],
    // 1.51.0 renames its process `Kimi Code` (`setproctitle`: comm and argv, its exe
    // the venv's Python; live run): that is what its tools and hooks have above them.
    // Its tools get only `GIT_TERMINAL_PROMPT=0` (`utils/subprocess_env.py`), its hooks
    // its environment unchanged: nothing of Kimi's own, so the ancestry decides.
    executables: &["kimi", "Kimi Code"],
    // `[[hooks]]` in `~/.kimi/config.toml` (`$KIMI_SHARE_DIR`): 13 Claude-named events
    // (1.51.0 and 1.52.0, `kimi_cli/hooks/config.py`). A hook's stdout is never put
    // before the model (`kimi_cli/hooks/runner.py` reads only a JSON decision from it),
    // so SessionStart cannot prime a session. 1.52.0 itself runs nothing: every entry
    // point is a deprecation gate (`kimi_cli/__main__.py`, `deprecation.py`: a notice,
    // or with no argument the Kimi Code installer); 1.51.0 is the last that runs (the
    // conformance suite's version).
    hooks: Some(Hooks::native(&["~/.kimi/config.toml"], Inject::No, EVENTS)),
    takes_prompt: true,
    sources: &[
        Source::secondary("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/kimi.md"),
        Source::vendor("https://moonshotai.github.io/kimi-code/en/configuration/env-vars"),
        DETECT_AGENT,
        LIVE_KIMI,
    ],
    verified: Some(VERIFIED),
    package: Some(Package::PyPi("kimi-cli")),
    ..Runtime::new(P::Kimi, "Kimi CLI")
};

/// Kimi CLI 1.52.0's 13 hook events, Claude's names (`kimi_cli/hooks/config.py`
/// `HookEventType`, `[[hooks]]` in `config.toml`).
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
    Ev::mapped(E::Notification, "Notification"),
    Ev::mapped(E::ContextCompactPre, "PreCompact"),
    Ev::mapped(E::ContextCompactPost, "PostCompact"),
];

/// Kimi CLI 1.51.0 (PyPI `kimi-cli`), `--print -p --yolo`, the stub an `openai_legacy`
/// provider: its process is `Kimi Code` (`setproctitle`); tools get only
/// `GIT_TERMINAL_PROMPT=0`, hooks its environment unchanged (nothing of its own); the
/// session id only in a payload. Tool-less events of a one-shot run fired; the rest
/// (subagents, compaction, failures, notifications) need what `-p` does not do.
pub(super) const VERIFIED: Verified = Verified {
    version: "1.51.0",
    older: &[],
    tool_vars: &[],
    hook_vars: &[],
    session_vars: &[],
    events: &["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"],
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
        Source::verified("live run 2026-12-02, kimi-cli@1.51.0 (PyPI)"),
        Source::vendor("https://pypi.org/project/kimi-cli/ (1.51.0, kimi_cli/hooks/events.py)"),
    ],
    ..Payload::new(P::Kimi, Some("hook_event_name"), NameStyle::Pascal, "session_id")
};

pub(super) const S_KIMI: Source = suite("hal-conformance, kimi-cli@1.51.0 (PyPI)");

pub(super) const KIMI_PKG: Source = Source::vendor("kimi-cli@1.51.0 (PyPI, its --help, kimi_cli/cli.py)");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Kimi,
    executable: c("kimi", S_KIMI),
    interactive: c(Start::new(NONE, PromptAt::Typed), KIMI_PKG),
    // `--print`: non-interactive, questions dismissed.
    print: Some(c(Start::new(&[Args::always(&["--print"])], PromptAt::Flag("-p")), S_KIMI)),
    output: Some(c(Output { flag: "--output-format", values: &["text", "stream-json"] }, KIMI_PKG)),
    autonomy: Autonomy {
        none: Some(c(ASKS, KIMI_PKG)),
        edits: None,
        full: Some(c(Level::args(&[Args::always(&["--yolo"])], "nothing asked"), S_KIMI)),
    },
    resume: None,
    model: Some(c("-m", KIMI_PKG)),
    instructions: c(&["AGENTS.md"], KIMI_PKG),
    config_dir: Some(c(ConfigDir { dir: "~/.kimi", var: Some("KIMI_SHARE_DIR") }, S_KIMI)),
    hook_trust: None,
    ready_prompt: None,
    startup_dialog: None,
    escape_cancels: None,
    session_id: None,
    acp: None,
    end_of_options: None,
    env: &[],
    env_from: &[],
    offline: &[],
    stamps: &[],
    gastown_stale: &[],
};
