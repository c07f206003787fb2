//! GitHub Copilot (VS Code): every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::{Exact, Flag};
use crate::registry::model::{Combo, Hooks, Inject, Marker, NativeEvent, Runtime, Source, Standing};
use crate::registry::payload_shape::{NameStyle, Payload};
use hal_types::CanonicalEvent as E;
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    aliases: &["vscode-copilot", "github_copilot_vscode_agent"],
    // `COPILOT_AGENT=1` in VS Code's agent terminals (microsoft/vscode#316267, merged
    // 2026-05-13, `toolTerminalCreator.ts`).
    markers: &[Marker::strong("COPILOT_AGENT", Flag)],
    combos: &[Combo::secondary(&[("TERM_PROGRAM", Exact("vscode")), ("GIT_PAGER", Exact("cat"))])],
    weak: &["VSCODE_AGENT", "TERM_PROGRAM"],
    variant_of: Some(P::Copilot),
    // VS Code's agent hooks: its own PascalCase event names, Claude-compatible files.
    hooks: Some(
        Hooks::claude_settings(&[".github/hooks/", ".claude/settings.json"], Inject::No, EVENTS)
            .inject_backed(Standing::Unconfirmed),
    ),
    sources: &[
        Source::vendor("https://code.visualstudio.com/docs/agents/reference/hooks-reference"),
        Source::vendor("microsoft/vscode#316267"),
        Source::secondary("nrwl/nx#35757"),
    ],
    ..Runtime::new(P::CopilotVscode, "GitHub Copilot (VS Code)")
};

// VS Code's agent hooks (code.visualstudio.com/docs/agents/reference/hooks-reference).
pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::PromptSubmit, "UserPromptSubmit"),
    Ev::mapped(E::TurnEnd, "Stop"),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::ToolUsePost, "PostToolUse"),
    Ev::mapped(E::SubagentStart, "SubagentStart"),
    Ev::mapped(E::SubagentEnd, "SubagentStop"),
    Ev::mapped(E::ContextCompactPre, "PreCompact"),
];

pub(super) const PAYLOAD: Payload = Payload {
    transcript: Some("GitHub.copilot-chat"),
    sources: &[
        Source::vendor("microsoft/vscode-docs:docs/agents/reference/hooks-reference.md"),
        Source::secondary("GitGuardian/ggshield:tests/unit/verticals/ai/test_hooks.py"),
    ],
    ..Payload::new(P::CopilotVscode, Some("hookEventName"), NameStyle::Pascal, "sessionId")
};
