//! What each runtime writes on a hook command's stdin (runtime-facts §8): the key that
//! names the event and its spelling, the key that holds the session id, the fields and
//! transcript directories that only that runtime writes, the combinations of fields
//! that tell it apart where its shape is shared ([`Rule`]), the events told by fields
//! where its payload names none, and the sources.
//!
//! `hal_caps::hook` reads a payload against this table and nothing else: every key it
//! looks at comes from a row or from [`COMMON`], and no runtime is named there. A new
//! runtime's payload is a row here (plus fixtures).

use hal_types::RuntimeProvider as P;

use super::model::{Source, Standing};
use Clue::{Has, Lacks, NameIsNot, Named, Null, Num, Str, Unnamed};
use NameStyle::{Camel, Pascal};

/// How a runtime spells its event names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NameStyle {
    /// `PreToolUse`.
    Pascal,
    /// `preToolUse`.
    Camel,
    /// `pre_tool_use`.
    Snake,
}

impl NameStyle {
    /// The style `name` is written in, by its first letter and underscores
    /// (`stop` is camel and snake alike: [`NameStyle::Camel`]).
    #[must_use]
    pub fn of(name: &str) -> Option<Self> {
        let first = name.chars().next()?;
        if first.is_ascii_uppercase() {
            Some(Self::Pascal)
        } else if name.contains('_') {
            Some(Self::Snake)
        } else if first.is_ascii_lowercase() {
            Some(Self::Camel)
        } else {
            None
        }
    }

    /// Whether `name` can be written in this style.
    #[must_use]
    pub fn fits(self, name: &str) -> bool {
        match (self, Self::of(name)) {
            (Self::Snake, Some(Self::Snake | Self::Camel)) => !name.bytes().any(|b| b.is_ascii_uppercase()),
            (want, Some(got)) => want == got,
            (_, None) => false,
        }
    }
}

/// One fact about a payload, as hal's reader sees it (a top-level key's presence or
/// type, or the event's name).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Clue {
    /// The event is named under this key (a non-empty string), in this spelling.
    Named(&'static str, NameStyle),
    /// No event key holds a name: the payload names no event.
    Unnamed,
    /// The event's name is not this one.
    NameIsNot(&'static str),
    /// The key is present, whatever its value (`null` included).
    Has(&'static str),
    /// The key is absent.
    Lacks(&'static str),
    /// The key holds a string.
    Str(&'static str),
    /// The key holds a number.
    Num(&'static str),
    /// The key holds `null`.
    Null(&'static str),
}

impl Clue {
    /// The top-level key the clue reads, and whether it needs the key's value (a
    /// string or a type) rather than its presence.
    #[must_use]
    pub const fn key(self) -> Option<(&'static str, bool)> {
        match self {
            Self::Named(k, _) | Self::Str(k) | Self::Num(k) | Self::Null(k) => Some((k, true)),
            Self::Has(k) | Self::Lacks(k) => Some((k, false)),
            Self::Unnamed | Self::NameIsNot(_) => None,
        }
    }
}

/// A combination of clues naming a runtime where the key and spelling of its event
/// name are shared (a tie-break). Rules are tried in table order, each row's in its
/// order, after every row's [`Payload::tells`], [`Payload::pairs`] and
/// [`Payload::transcript`]; the first whose clues all hold decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Rule {
    /// All of these hold.
    pub when: &'static [Clue],
    /// `true`: only this runtime writes such a payload. `false`: it is one of the
    /// runtimes writing it (it joins those sharing the shape; alone, it is named).
    pub tells: bool,
}

impl Rule {
    /// Only this runtime writes a payload where all of `when` hold.
    #[must_use]
    pub const fn tell(when: &'static [Clue]) -> Self {
        Self { when, tells: true }
    }

    /// This runtime is one of those writing a payload where all of `when` hold.
    #[must_use]
    pub const fn shape(when: &'static [Clue]) -> Self {
        Self { when, tells: false }
    }
}

/// The keys under which payloads carry what hal reads from every one of them,
/// whichever runtime wrote it, each list in order of preference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Common {
    /// Session ids, where the payload lacks its runtime's [`Payload::session_key`].
    pub session: &'static [&'static str],
    /// The working directory (a string).
    pub cwd: &'static [&'static str],
    /// Workspace roots (an array: its first element is the working directory).
    pub cwd_lists: &'static [&'static str],
    /// The transcript path.
    pub transcript: &'static [&'static str],
    /// The tool name (a string).
    pub tool: &'static [&'static str],
    /// Objects holding the tool name (`{"toolName": ...}`).
    pub tool_holders: &'static [&'static str],
    /// A session start's source (`startup`, `resume`, ...).
    pub start_source: &'static str,
    /// Start sources spelt otherwise than hal's `SessionSource`: (payload's, hal's).
    pub start_aliases: &'static [(&'static str, &'static str)],
}

/// The keys every payload is read for (beside its row's).
pub static COMMON: Common = Common {
    session: &["session_id", "sessionId", "conversation_id", "taskId", "trajectory_id"],
    // `working_dir`: OpenHands' payloads.
    cwd: &["cwd", "workspaceRoot", "working_dir"],
    cwd_lists: &["workspaceRoots", "workspace_roots"],
    transcript: &["transcript_path", "transcriptPath"],
    tool: &["tool_name", "toolName"],
    tool_holders: &["preToolUse", "postToolUse", "tool_info"],
    start_source: "source",
    // Copilot CLI's `new` is a fresh session.
    start_aliases: &[("new", "startup")],
};

/// One runtime's hook payload.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Payload {
    /// The runtime.
    pub provider: P,
    /// The key naming the event (`hook_event_name`); `None`: the payload names none
    /// (Copilot CLI's camelCase form), and the event is told from its fields.
    pub event_key: Option<&'static str>,
    /// How the event names are spelt.
    pub event_style: NameStyle,
    /// The key holding the session id; `outer.inner` names a key of the object at
    /// `outer` (Cline CLI's `sessionContext.rootSessionId`). Where the payload lacks it,
    /// the first of the common session keys present (`session_id`, `sessionId`, `taskId`, ...).
    pub session_key: &'static str,
    /// Top-level keys only this runtime writes: any one of them identifies it.
    pub tells: &'static [&'static str],
    /// Tie-breaks where the key and spelling of the event name are shared.
    pub rules: &'static [Rule],
    /// For a payload naming no event: the event told by its fields (every key of an
    /// entry present; the first entry that fits), as the event map names it.
    pub events_by_fields: &'static [(&'static [&'static str], &'static str)],
    /// Pairs of top-level keys only this runtime writes together (the first holding
    /// a string): either pair identifies it.
    pub pairs: &'static [(&'static str, &'static str)],
    /// A path fragment only this runtime's transcript paths contain.
    pub transcript: Option<&'static str>,
    /// Event names the payload writes that the registry's event map spells otherwise
    /// (payload name, map name).
    pub renames: &'static [(&'static str, &'static str)],
    /// Where the payload facts come from; their [`Payload::standing`] is the best of
    /// these.
    pub sources: &'static [Source],
}

impl Payload {
    const fn new(
        provider: P,
        event_key: Option<&'static str>,
        event_style: NameStyle,
        session_key: &'static str,
    ) -> Self {
        Self {
            provider,
            event_key,
            event_style,
            session_key,
            tells: &[],
            rules: &[],
            events_by_fields: &[],
            pairs: &[],
            transcript: None,
            renames: &[],
            sources: &[],
        }
    }

    /// How far the payload facts are backed: the best standing of its sources
    /// (secondary when it has none).
    #[must_use]
    pub fn standing(&self) -> Standing {
        self.sources.iter().map(|s| s.standing).min().unwrap_or(Standing::Secondary)
    }

    /// The event told by the fields present (`has`), for a payload naming none.
    #[must_use]
    pub fn event_by_fields(&self, has: impl Fn(&str) -> bool) -> Option<&'static str> {
        self.events_by_fields.iter().find(|(keys, _)| keys.iter().all(|k| has(k))).map(|(_, e)| *e)
    }

    /// The registry's name for a payload event name (the name itself unless renamed).
    #[must_use]
    pub fn map_name<'a>(&self, name: &'a str) -> &'a str {
        self.renames.iter().find(|(from, _)| *from == name).map_or(name, |(_, to)| to)
    }
}

/// Copilot CLI's "VS Code compatible" payload names (configured under the PascalCase
/// name) → its camelCase event names.
const COPILOT_PASCAL: &[(&str, &str)] = &[
    ("SessionStart", "sessionStart"),
    ("SessionEnd", "sessionEnd"),
    ("UserPromptSubmit", "userPromptSubmitted"),
    ("PreToolUse", "preToolUse"),
    ("PostToolUse", "postToolUse"),
    ("PostToolUseFailure", "postToolUseFailure"),
    ("PermissionRequest", "permissionRequest"),
    ("Stop", "agentStop"),
    ("SubagentStart", "subagentStart"),
    ("SubagentStop", "subagentStop"),
    ("ErrorOccurred", "errorOccurred"),
    ("PreCompact", "preCompact"),
    ("Notification", "notification"),
];

/// Cline CLI's serialized `hookName`s → its hook file names (the event map's names).
/// Seen in a live run of cline@3.0.65: `agent_start`, `tool_call`, `tool_result`,
/// `agent_end`, `agent_error`, `agent_resume`; the rest from its enum, found in the binary.
/// The VS Code extension's payloads carry the file names themselves.
const CLINE_SERIALIZED: &[(&str, &str)] = &[
    ("agent_start", "TaskStart"),
    ("agent_resume", "TaskResume"),
    ("prompt_submit", "UserPromptSubmit"),
    ("tool_call", "PreToolUse"),
    ("tool_result", "PostToolUse"),
    ("agent_end", "TaskComplete"),
    ("agent_error", "TaskError"),
    ("agent_abort", "TaskCancel"),
    ("session_shutdown", "SessionShutdown"),
];

/// Every runtime whose hook payload hal reads, in the order their tells are tried.
pub static PAYLOADS: &[Payload] = &[
    Payload {
        // Not `hookName`: Copilot CLI 1.0.102's `permissionRequest` payload carries it too
        // (live run); every Cline payload carries `taskId` and `clineVersion`.
        tells: &["clineVersion", "taskId"],
        // Cline CLI 3.0.65 (live run): `taskId` (`conv_…`) is new with every process and
        // changed on `--id` resume, while `sessionContext.rootSessionId` (`<ms>_<rand5>`,
        // the id `--id` takes) stayed. The extension's payloads have no `sessionContext`:
        // their `taskId` is read instead.
        renames: CLINE_SERIALIZED,
        sources: &[
            Source::verified("live run 2026-12-01, cline@3.0.65"),
            Source::vendor("https://docs.cline.bot/features/hooks/hook-reference"),
            Source::vendor("cline/cline:src/core/hooks/hook-factory.ts"),
        ],
        ..Payload::new(P::Cline, Some("hookName"), NameStyle::Snake, "sessionContext.rootSessionId")
    },
    Payload {
        tells: &["agent_action_name", "trajectory_id", "execution_id"],
        sources: &[
            Source::vendor("https://docs.windsurf.com/windsurf/cascade/hooks"),
            Source::secondary("CorridorSecurity/hookshot:docs/reference-cascade.md"),
        ],
        ..Payload::new(P::Windsurf, Some("agent_action_name"), NameStyle::Snake, "trajectory_id")
    },
    Payload {
        tells: &["cursor_version", "conversation_id", "generation_id", "workspace_roots", "user_email"],
        transcript: Some(".cursor/projects/"),
        sources: &[
            Source::vendor("https://cursor.com/docs/agent/hooks"),
            Source::secondary("https://cursor.com/docs/reference/third-party-hooks"),
            Source::secondary("GitGuardian/ggshield:tests/unit/verticals/ai/test_hooks.py"),
        ],
        ..Payload::new(P::Cursor, Some("hook_event_name"), NameStyle::Camel, "conversation_id")
    },
    Payload {
        // Its tie-breaks come before Codex's: Copilot's payloads never carry `model`,
        // Codex's always carry `transcript_path` (a string or null).
        rules: &[
            // The notification: camelCase `sessionId` beside `hook_event_name`.
            Rule::tell(&[Named("hook_event_name", Pascal), Has("sessionId")]),
            // The "VS Code compatible" payloads carry fields no other runtime writes.
            Rule::tell(&[Named("hook_event_name", Pascal), Has("initial_prompt")]),
            Rule::tell(&[Named("hook_event_name", Pascal), Has("stop_reason")]),
            Rule::tell(&[Named("hook_event_name", Pascal), Has("error_context")]),
            Rule::tell(&[Named("hook_event_name", Pascal), Has("tool_result")]),
            // An ISO timestamp and a working directory but no transcript: Gemini and
            // Qwen always name a transcript, Copilot only on a few events.
            Rule::tell(&[Named("hook_event_name", Pascal), Str("timestamp"), Has("cwd"), Lacks("transcript_path")]),
            // The camelCase payloads name no event: `sessionId` and a numeric timestamp
            // (the older shape has no `sessionId`, but a `cwd`).
            Rule::tell(&[Unnamed, Has("sessionId"), Num("timestamp")]),
            // 1.0.102's `permissionRequest` names itself in `hookName` (live run).
            Rule::tell(&[Named("hookName", Camel), Has("sessionId"), Num("timestamp")]),
            Rule::shape(&[Unnamed, Has("sessionId")]),
            Rule::shape(&[Unnamed, Num("timestamp"), Has("cwd")]),
        ],
        // The camelCase payloads name no event: the fields that tell it (cli hooks
        // reference). `toolName` and `toolArgs` alone are read as `preToolUse`
        // (`permissionRequest`'s input is not documented).
        events_by_fields: &[
            (&["permissionSuggestions"], "permissionRequest"),
            (&["transformedPrompt"], "userPromptTransformed"),
            (&["source"], "sessionStart"),
            (&["reason"], "sessionEnd"),
            (&["prompt"], "userPromptSubmitted"),
            (&["toolResult"], "postToolUse"),
            (&["toolName", "error"], "postToolUseFailure"),
            (&["error"], "errorOccurred"),
            (&["agentName", "stopReason"], "subagentStop"),
            (&["agentName"], "subagentStart"),
            (&["stopReason"], "agentStop"),
            (&["trigger"], "preCompact"),
            (&["toolName"], "preToolUse"),
        ],
        renames: COPILOT_PASCAL,
        sources: &[
            Source::vendor("https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference"),
            Source::vendor("https://docs.github.com/en/copilot/reference/hooks-configuration"),
        ],
        ..Payload::new(P::Copilot, None, NameStyle::Camel, "sessionId")
    },
    Payload {
        // Mistral Vibe 3.0.3: every payload carries `parent_session_id` (null outside a
        // subagent) beside `session_id` (live run; `vibe/core/skills/builtins/vibe.py`).
        tells: &["parent_session_id"],
        transcript: Some(".vibe/logs/session/"),
        sources: &[
            Source::verified("live run 2026-12-01, mistral-vibe@3.0.3 (PyPI)"),
            Source::vendor("mistral-vibe 3.0.3 wheel: vibe/core/skills/builtins/vibe.py"),
        ],
        ..Payload::new(P::Vibe, Some("hook_event_name"), NameStyle::Snake, "session_id")
    },
    Payload {
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
    },
    Payload {
        // `turn_id` together with `model`: Claude Code 2.1.332's MessageDisplay carries a
        // `turn_id` too, but never a `model` beside it (live runs, 2026-12-01).
        pairs: &[("turn_id", "model")],
        rules: &[
            // Codex writes `model` on every event (Claude on SessionStart only) and a
            // null transcript path where it has none.
            Rule::tell(&[Named("hook_event_name", Pascal), Has("model"), NameIsNot("SessionStart")]),
            Rule::tell(&[Named("hook_event_name", Pascal), Null("transcript_path")]),
        ],
        transcript: Some(".codex/sessions/"),
        sources: &[
            Source::vendor("openai/codex:codex-rs/hooks/schema/generated/"),
            Source::vendor("openai/codex:codex-rs/hooks/src/engine/command_runner.rs"),
        ],
        ..Payload::new(P::Codex, Some("hook_event_name"), NameStyle::Pascal, "session_id")
    },
    Payload {
        tells: &["crons"],
        // Every 0.24.4 payload carries an ISO `timestamp` and `permission_mode` (live
        // run); Gemini's carry the first only, Claude's and Codex's the second only.
        pairs: &[("timestamp", "permission_mode")],
        transcript: Some(".qwen/"),
        sources: &[
            Source::verified("live run 2026-12-01, @qwen-code/qwen-code@0.24.4"),
            Source::vendor("QwenLM/qwen-code:packages/core/src/hooks/hookEventHandler.ts"),
            Source::vendor("QwenLM/qwen-code:packages/core/src/hooks/hookRunner.ts"),
        ],
        ..Payload::new(P::QwenCode, Some("hook_event_name"), NameStyle::Pascal, "session_id")
    },
    Payload {
        transcript: Some(".gemini/tmp/"),
        sources: &[
            Source::vendor("google-gemini/gemini-cli:docs/hooks/reference.md"),
            Source::vendor("google-gemini/gemini-cli:packages/core/src/hooks/hookEventHandler.ts"),
        ],
        ..Payload::new(P::Gemini, Some("hook_event_name"), NameStyle::Pascal, "session_id")
    },
    Payload {
        // Claude's keys (hookshot's Droid reference: `session_id`, `transcript_path`,
        // `cwd`, `permission_mode`, `hook_event_name`); its transcripts live under
        // `~/.factory/sessions/` (git-ai's Droid preset), the one thing that tells it.
        // Cupcake's Droid reference spells the keys in camelCase instead, and git-ai
        // reads both: not seen in a live run, so secondary.
        transcript: Some(".factory/sessions/"),
        sources: &[
            Source::secondary("CorridorSecurity/hookshot:docs/reference-droid.md"),
            Source::secondary("git-ai-project/git-ai:src/commands/checkpoint_agent/presets/droid.rs"),
            Source::secondary("https://cupcake.eqtylab.io/reference/harnesses/factory-ai"),
        ],
        ..Payload::new(P::Droid, Some("hook_event_name"), NameStyle::Pascal, "session_id")
    },
    Payload {
        transcript: Some(".claude/projects/"),
        sources: &[Source::vendor("https://code.claude.com/docs/en/hooks")],
        ..Payload::new(P::Claude, Some("hook_event_name"), NameStyle::Pascal, "session_id")
    },
    Payload {
        transcript: Some("GitHub.copilot-chat"),
        sources: &[
            Source::vendor("microsoft/vscode-docs:docs/agents/reference/hooks-reference.md"),
            Source::secondary("GitGuardian/ggshield:tests/unit/verticals/ai/test_hooks.py"),
        ],
        ..Payload::new(P::CopilotVscode, Some("hookEventName"), NameStyle::Pascal, "sessionId")
    },
    Payload {
        transcript: Some(".grok/sessions/"),
        sources: &[
            Source::secondary("xai-org/grok-build:crates/codegen/xai-grok-pager/docs/user-guide/10-hooks.md"),
            Source::secondary("git-ai-project/git-ai:src/commands/checkpoint_agent/presets/grok.rs"),
        ],
        ..Payload::new(P::Grok, Some("hookEventName"), NameStyle::Snake, "sessionId")
    },
    Payload {
        sources: &[
            Source::vendor("https://kiro.dev/docs/cli/hooks"),
            Source::vendor("aws/amazon-q-developer-cli:docs/hooks.md"),
            Source::secondary("git-ai-project/git-ai:src/commands/checkpoint_agent/presets/kiro.rs"),
        ],
        ..Payload::new(P::Kiro, Some("hook_event_name"), NameStyle::Camel, "session_id")
    },
    Payload {
        sources: &[Source::secondary("https://docs.devin.ai/cli/extensibility/hooks/lifecycle-hooks.md")],
        ..Payload::new(P::Devin, Some("hook_event_name"), NameStyle::Pascal, "session_id")
    },
    Payload {
        // The SDK's `HookEvent` (`openhands/sdk/hooks/types.py`): `event_type`, `tool_name`,
        // `tool_input`, `tool_response`, `message`, `session_id`, `working_dir`, `metadata`,
        // every key on every event (null where unset; live run, OpenHands CLI 1.16.0).
        rules: &[Rule::tell(&[Named("event_type", Pascal), Has("working_dir")])],
        sources: &[
            Source::verified("live run 2026-12-01, openhands@1.16.0 (PyPI)"),
            Source::vendor("https://pypi.org/project/openhands-sdk/ (1.21.0, openhands/sdk/hooks/types.py)"),
        ],
        ..Payload::new(P::Openhands, Some("event_type"), NameStyle::Pascal, "session_id")
    },
    Payload {
        // `hook_event_name`, `tool_name`, `tool_input`, `session_id`, `cwd` and the event's
        // other arguments under `extra` (`agent/shell_hooks.py`; live run, Hermes Agent
        // 0.19.0: every event carries `extra`).
        rules: &[Rule::tell(&[Named("hook_event_name", NameStyle::Snake), Has("extra")])],
        sources: &[
            Source::verified("live run 2026-12-01, hermes-agent@0.19.0 (PyPI)"),
            Source::vendor("https://pypi.org/project/hermes-agent/ (0.19.0, agent/shell_hooks.py)"),
        ],
        ..Payload::new(P::Hermes, Some("hook_event_name"), NameStyle::Snake, "session_id")
    },
];

/// The payload facts of `provider`, if hal reads its payloads.
#[must_use]
pub fn payload(provider: P) -> Option<&'static Payload> {
    PAYLOADS.iter().find(|p| p.provider == provider)
}
