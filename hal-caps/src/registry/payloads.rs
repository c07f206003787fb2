//! What each runtime writes on a hook command's stdin (runtime-facts §8): the key that
//! names the event and its spelling, the key that holds the session id, the fields and
//! transcript directories that only that runtime writes, and the sources.
//!
//! `hal_caps::hook` reads a payload against this table; nothing about a runtime's
//! payload is written there.

use hal_types::RuntimeProvider as P;

use super::model::{Source, Standing};

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
    /// Pairs of top-level keys only this runtime writes together (the first holding
    /// a string): either pair identifies it.
    pub pairs: &'static [(&'static str, &'static str)],
    /// A path fragment only this runtime's transcript paths contain.
    pub transcript: Option<&'static str>,
    /// Event names the payload writes that the registry's event map spells otherwise
    /// (payload name, map name).
    pub renames: &'static [(&'static str, &'static str)],
    /// How far the payload facts are backed.
    pub standing: Standing,
    /// Where they come from.
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
            pairs: &[],
            transcript: None,
            renames: &[],
            standing: Standing::Vendor,
            sources: &[],
        }
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
        tells: &["clineVersion", "hookName", "taskId"],
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
        // `turn_id` together with `model`: Claude Code 2.1.332's MessageDisplay carries a
        // `turn_id` too, but never a `model` beside it (live runs, 2026-12-01).
        pairs: &[("turn_id", "model")],
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
        standing: Standing::Secondary,
        sources: &[
            Source::secondary("xai-org/grok-build:crates/codegen/xai-grok-pager/docs/user-guide/10-hooks.md"),
            Source::secondary("git-ai-project/git-ai:src/commands/checkpoint_agent/presets/grok.rs"),
        ],
        ..Payload::new(P::Grok, Some("hookEventName"), NameStyle::Snake, "sessionId")
    },
    Payload {
        renames: COPILOT_PASCAL,
        sources: &[
            Source::vendor("https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference"),
            Source::vendor("https://docs.github.com/en/copilot/reference/hooks-configuration"),
        ],
        ..Payload::new(P::Copilot, None, NameStyle::Camel, "sessionId")
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
        standing: Standing::Secondary,
        sources: &[Source::secondary("https://docs.devin.ai/cli/extensibility/hooks/lifecycle-hooks.md")],
        ..Payload::new(P::Devin, Some("hook_event_name"), NameStyle::Pascal, "session_id")
    },
];

/// The payload facts of `provider`, if hal reads its payloads.
#[must_use]
pub fn payload(provider: P) -> Option<&'static Payload> {
    PAYLOADS.iter().find(|p| p.provider == provider)
}
