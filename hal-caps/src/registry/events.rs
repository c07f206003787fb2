//! Every runtime's native hook events, one row each ([`NativeEvent`]): its native name,
//! its canonical event (or none), the versions that have it and what they were read in
//! (runtime-facts §4.2, §4.3, §8). Every consumer (the rows, `hal events`, `hal caps`,
//! the answers at a version, the hook reader, the conformance suite, README's examples)
//! reads these rows. No other source adds one: what names a native event elsewhere (a
//! live run's record, a payload rename, Gastown's adapter) refers to a row here, and
//! `tests/events.rs` holds it to that.
//!
//! A row's span is `Span::ANY` unless the runtime's packages were read at several
//! versions (its row's `history`): then `since` is the first version read that has the
//! event, with the packages read as its citation (see `dated`).

use hal_types::CanonicalEvent;
use hal_types::CanonicalEvent as E;

use super::history::CLAUDE_READ;
use super::model::NativeEvent;
use super::model::NativeEvent as Ev;

/// The canonical agent lifecycle events, in canonical order ([`CanonicalEvent::ALL`]).
pub const CANONICAL_EVENTS: &[CanonicalEvent] = CanonicalEvent::ALL;

const CLAUDE_1_0_62: &str = "@anthropic-ai/claude-code@1.0.61 (absent), 1.0.62 (present), cli.js";
const CLAUDE_1_0_88: &str = "@anthropic-ai/claude-code@1.0.56 (absent), 1.0.88 (present), cli.js";
const CLAUDE_2_0_50: &str = "@anthropic-ai/claude-code@1.0.88 (absent), 2.0.50 (present), cli.js";
const CLAUDE_2_1_100: &str = "@anthropic-ai/claude-code@2.0.50 (absent), 2.1.100 (present), cli.js";
/// The events a live run of 2.1.332 configured and 2.1.100's 27 event names lack.
const CLAUDE_2_1_332: &str = "live run 2026-12-01 of @anthropic-ai/claude-code@2.1.332; absent in 2.1.100's cli.js";
const CODEX_0_171: &str = "@openai/codex@0.146.0 (absent), 0.171.0 (present), binary strings";
const QWEN_0_21: &str = "@qwen-code/qwen-code@0.15.10 (absent), 0.21.10 (present), bundle";

/// `a` then `b`, as one table (a fork's events: its base's and its own).
const fn join<const N: usize>(a: &[NativeEvent], b: &[NativeEvent]) -> [NativeEvent; N] {
    let mut out = [Ev::unmapped(""); N];
    let mut i = 0;
    while i < a.len() {
        out[i] = a[i];
        i += 1;
    }
    while i < N {
        out[i] = b[i - a.len()];
        i += 1;
    }
    out
}

// Claude Code: 7 hook events in 1.0.56 (undated: as far back as the registry knows), 9
// in 1.0.88, 11 in 2.0.50, 27 in 2.1.100; the rest from 2.1.332. Each runtime's
// mapped events in canonical order, then its events with no canonical counterpart.
pub(super) const CLAUDE_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart").since("1.0.62", CLAUDE_1_0_62),
    Ev::mapped(E::SessionEnd, "SessionEnd").since("1.0.88", CLAUDE_1_0_88),
    Ev::mapped(E::PromptSubmit, "UserPromptSubmit").cited(CLAUDE_READ),
    Ev::mapped(E::TurnEnd, "Stop").cited(CLAUDE_READ),
    Ev::mapped(E::TurnFail, "StopFailure").since("2.1.100", CLAUDE_2_1_100),
    Ev::mapped(E::AgentIdle, "TeammateIdle").since("2.1.100", CLAUDE_2_1_100),
    Ev::mapped(E::ToolUsePre, "PreToolUse").cited(CLAUDE_READ),
    Ev::mapped(E::ToolUsePost, "PostToolUse").cited(CLAUDE_READ),
    Ev::mapped(E::ToolUseFail, "PostToolUseFailure").since("2.1.100", CLAUDE_2_1_100),
    Ev::mapped(E::FileChangeExternal, "FileChanged").since("2.1.100", CLAUDE_2_1_100),
    Ev::mapped(E::SubagentStart, "SubagentStart").since("2.0.50", CLAUDE_2_0_50),
    Ev::mapped(E::SubagentEnd, "SubagentStop").cited(CLAUDE_READ),
    Ev::mapped(E::PermissionRequest, "PermissionRequest").since("2.0.50", CLAUDE_2_0_50),
    Ev::mapped(E::PermissionDeny, "PermissionDenied").since("2.1.100", CLAUDE_2_1_100),
    Ev::mapped(E::Notification, "Notification").cited(CLAUDE_READ),
    Ev::mapped(E::ContextCompactPre, "PreCompact").cited(CLAUDE_READ),
    Ev::mapped(E::ContextCompactPost, "PostCompact").since("2.1.100", CLAUDE_2_1_100),
    Ev::mapped(E::ConfigChanged, "ConfigChange").since("2.1.100", CLAUDE_2_1_100),
    Ev::mapped(E::InstructionsLoaded, "InstructionsLoaded").since("2.1.100", CLAUDE_2_1_100),
    // Claude Code's events with no canonical counterpart. Fired in 2.1.332's `-p` mode (live
    // run, 2026-12-01): `PostToolBatch` (after a batch of tool calls) and `MessageDisplay`
    // (a message shown to the user). The rest are named by 2.1.332's `HookEvent` enum (read
    // in the binary; the conformance suite configures every one) and did not fire one-shot:
    // `UserPromptExpansion` (a prompt's expansion, after `UserPromptSubmit`), the model
    // switch (`PreModelSwitch`, `PostModelSwitch`), `Setup` (repository setup, not a
    // session start), agent-team tasks (`TaskCreated`, `TaskCompleted`), an MCP server's
    // request for input and its answer (`Elicitation`, `ElicitationResult`), worktrees
    // (`WorktreeCreate`, `WorktreeRemove`), the working directory (`CwdChanged`,
    // `DirectoryAdded`) and a skill's inline shell command (`PreSkillShellCommand`: only a
    // skill's, so not `shell.exec.pre`).
    Ev::unmapped("PostToolBatch").since("2.1.332", CLAUDE_2_1_332),
    Ev::unmapped("MessageDisplay").since("2.1.332", CLAUDE_2_1_332),
    Ev::unmapped("UserPromptExpansion").since("2.1.332", CLAUDE_2_1_332),
    Ev::unmapped("PreModelSwitch").since("2.1.332", CLAUDE_2_1_332),
    Ev::unmapped("PostModelSwitch").since("2.1.332", CLAUDE_2_1_332),
    Ev::unmapped("Setup").since("2.1.100", CLAUDE_2_1_100),
    Ev::unmapped("TaskCreated").since("2.1.100", CLAUDE_2_1_100),
    Ev::unmapped("TaskCompleted").since("2.1.100", CLAUDE_2_1_100),
    Ev::unmapped("Elicitation").since("2.1.100", CLAUDE_2_1_100),
    Ev::unmapped("ElicitationResult").since("2.1.100", CLAUDE_2_1_100),
    Ev::unmapped("WorktreeCreate").since("2.1.100", CLAUDE_2_1_100),
    Ev::unmapped("WorktreeRemove").since("2.1.100", CLAUDE_2_1_100),
    Ev::unmapped("CwdChanged").since("2.1.100", CLAUDE_2_1_100),
    Ev::unmapped("DirectoryAdded").since("2.1.332", CLAUDE_2_1_332),
    Ev::unmapped("PreSkillShellCommand").since("2.1.332", CLAUDE_2_1_332),
];
// Codex 0.171.0's 14 hook events (the names in its binary; real-runtimes §2.3(c)).
// `Interrupt` (the user stopped the turn; the session goes on) is `turn.fail`: the turn
// ended without completing. (Cline's `TaskCancel` aborts the whole task, not a turn: it
// has no canonical event; see `CLINE_EVENTS`.)
pub(super) const CODEX_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::SessionEnd, "SessionEnd"),
    Ev::mapped(E::PromptSubmit, "UserPromptSubmit"),
    Ev::mapped(E::TurnEnd, "Stop"),
    Ev::mapped(E::TurnFail, "Interrupt"),
    Ev::mapped(E::ModelRequestPre, "PreModelRequest").since("0.171.0", CODEX_0_171),
    Ev::mapped(E::ModelResponsePost, "PostModelRequest").since("0.171.0", CODEX_0_171),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::ToolUsePost, "PostToolUse"),
    Ev::mapped(E::SubagentStart, "SubagentStart"),
    Ev::mapped(E::SubagentEnd, "SubagentStop"),
    Ev::mapped(E::PermissionRequest, "PermissionRequest"),
    Ev::mapped(E::ContextCompactPre, "PreCompact"),
    Ev::mapped(E::ContextCompactPost, "PostCompact"),
];
/// Mistral Vibe 3.0.3's three hook types (`vibe/core/hooks/models.py` `HookType`, in
/// `hooks.toml`): `post_agent` runs once per turn, after the agent finished responding.
pub(super) const VIBE_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::ToolUsePre, "pre_tool"),
    Ev::mapped(E::ToolUsePost, "post_tool"),
    Ev::mapped(E::TurnEnd, "post_agent"),
];
/// gptme 0.35.1's script hooks (`[[hooks.scripts]]`, `gptme/config/models.py`
/// `ScriptHookConfig`: only these two events): shell commands run with no payload, the
/// event in `GPTME_HOOK_EVENT` (`gptme/hooks/script.py`).
pub(super) const GPTME_EVENTS: &[NativeEvent] =
    &[Ev::mapped(E::SessionStart, "session.start"), Ev::mapped(E::SessionEnd, "session.end")];
/// Kimi CLI 1.52.0's 13 hook events, Claude's names (`kimi_cli/hooks/config.py`
/// `HookEventType`, `[[hooks]]` in `config.toml`).
pub(super) const KIMI_EVENTS: &[NativeEvent] = &[
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
/// oh-my-pi's extension events (18.2.3's `docs/extensions.md`, "Event surface"; the
/// live run saw the lifecycle ones fire one-shot), Pi's names.
pub(super) const OMP_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "session_start"),
    Ev::mapped(E::SessionResume, "session_switch"),
    Ev::mapped(E::SessionEnd, "session_shutdown"),
    Ev::mapped(E::PromptSubmit, "before_agent_start"),
    Ev::mapped(E::TurnEnd, "agent_end"),
    Ev::mapped(E::ModelRequestPre, "before_provider_request"),
    Ev::mapped(E::ModelResponsePost, "after_provider_response"),
    Ev::mapped(E::ToolUsePre, "tool_call"),
    Ev::mapped(E::ToolUsePost, "tool_result"),
    Ev::mapped(E::ContextCompactPre, "session_before_compact"),
    Ev::mapped(E::ContextCompactPost, "session_compact"),
    // oh-my-pi's events with no canonical counterpart (the same document): input, loop,
    // turn and message notifications, tool observability, the main session's stop hook,
    // session-tree and branch events.
    Ev::unmapped("input"),
    Ev::unmapped("agent_start"),
    Ev::unmapped("turn_start"),
    Ev::unmapped("turn_end"),
    Ev::unmapped("context"),
    Ev::unmapped("message_start"),
    Ev::unmapped("message_update"),
    Ev::unmapped("message_end"),
    Ev::unmapped("session_stop"),
    Ev::unmapped("tool_execution_start"),
    Ev::unmapped("tool_execution_update"),
    Ev::unmapped("tool_execution_end"),
    Ev::unmapped("session_before_switch"),
    Ev::unmapped("session_before_branch"),
    Ev::unmapped("session_branch"),
    Ev::unmapped("session_before_tree"),
    Ev::unmapped("session_tree"),
];
pub(super) const GEMINI_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::SessionEnd, "SessionEnd"),
    Ev::mapped(E::PromptSubmit, "BeforeAgent"),
    Ev::mapped(E::TurnEnd, "AfterAgent"),
    Ev::mapped(E::ModelRequestPre, "BeforeModel"),
    Ev::mapped(E::ModelResponsePost, "AfterModel"),
    Ev::mapped(E::ToolUsePre, "BeforeTool"),
    Ev::mapped(E::ToolUsePost, "AfterTool"),
    Ev::mapped(E::Notification, "Notification"),
    Ev::mapped(E::ContextCompactPre, "PreCompress"),
    // Gemini's `BeforeToolSelection` fires before every model call to filter the tool
    // list and asks no permission (0.61.0): no canonical event fits it.
    Ev::unmapped("BeforeToolSelection"),
];
pub(super) const CURSOR_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "sessionStart"),
    Ev::mapped(E::SessionEnd, "sessionEnd"),
    Ev::mapped(E::PromptSubmit, "beforeSubmitPrompt"),
    Ev::mapped(E::TurnEnd, "stop"),
    Ev::mapped(E::ModelResponsePost, "afterAgentResponse"),
    Ev::mapped(E::ToolUsePre, "preToolUse"),
    Ev::mapped(E::ToolUsePost, "postToolUse"),
    Ev::mapped(E::ToolUseFail, "postToolUseFailure"),
    Ev::mapped(E::FileEditPost, "afterFileEdit"),
    Ev::mapped(E::FileReadPre, "beforeReadFile"),
    Ev::mapped(E::ShellExecPre, "beforeShellExecution"),
    Ev::mapped(E::ShellExecPost, "afterShellExecution"),
    Ev::mapped(E::McpExecPre, "beforeMCPExecution"),
    Ev::mapped(E::McpExecPost, "afterMCPExecution"),
    Ev::mapped(E::SubagentStart, "subagentStart"),
    Ev::mapped(E::SubagentEnd, "subagentStop"),
    Ev::mapped(E::ContextCompactPre, "preCompact"),
];
// `sessionEnd` is in the CLI hooks reference (runtime-facts §4.3, §8), not in cratylus's map.
pub(super) const COPILOT_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "sessionStart"),
    Ev::mapped(E::SessionEnd, "sessionEnd"),
    Ev::mapped(E::PromptSubmit, "userPromptSubmitted"),
    Ev::mapped(E::TurnEnd, "agentStop"),
    Ev::mapped(E::TurnFail, "errorOccurred"),
    Ev::mapped(E::ToolUsePre, "preToolUse"),
    Ev::mapped(E::ToolUsePost, "postToolUse"),
    Ev::mapped(E::ToolUseFail, "postToolUseFailure"),
    Ev::mapped(E::SubagentStart, "subagentStart"),
    Ev::mapped(E::SubagentEnd, "subagentStop"),
    Ev::mapped(E::PermissionRequest, "permissionRequest"),
    Ev::mapped(E::Notification, "notification"),
    Ev::mapped(E::ContextCompactPre, "preCompact"),
    // Copilot CLI's hook events with no canonical counterpart (1.0.102's settings schema,
    // `hooks.*` in its runtime): an MCP tool call before it runs (beside `preToolUse`) and a
    // prompt after its transformation (after `userPromptSubmitted`).
    Ev::unmapped("preMcpToolCall"),
    Ev::unmapped("userPromptTransformed"),
];
/// OpenHands' six hook events (`HookEventType` in `openhands-sdk` 1.21.0's
/// `openhands/sdk/hooks/types.py`, the SDK OpenHands CLI 1.16.0 pins); every one fired in
/// a live headless run. `Stop` runs when the agent would stop (its hooks may deny it).
pub(super) const OPENHANDS_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::SessionEnd, "SessionEnd"),
    Ev::mapped(E::PromptSubmit, "UserPromptSubmit"),
    Ev::mapped(E::TurnEnd, "Stop"),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::ToolUsePost, "PostToolUse"),
];
/// Hermes Agent 0.19.0's shell-hook events (`VALID_HOOKS` in `hermes_cli/plugins.py`,
/// the names a config's `hooks:` block may use; call sites read in the wheel, the
/// lifecycle ones fired in a live `chat -q` run). `on_session_end` fires at the end of
/// every `run_conversation` call (one turn: it carries `completed` and `interrupted`),
/// `on_session_finalize` when the CLI shuts the session down; `pre_llm_call` once per
/// turn before the model loop, with the user's message.
pub(super) const HERMES_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "on_session_start"),
    Ev::mapped(E::SessionEnd, "on_session_finalize"),
    Ev::mapped(E::PromptSubmit, "pre_llm_call"),
    Ev::mapped(E::TurnEnd, "on_session_end"),
    Ev::mapped(E::ModelRequestPre, "pre_api_request"),
    Ev::mapped(E::ModelResponsePost, "post_api_request"),
    Ev::mapped(E::ToolUsePre, "pre_tool_call"),
    Ev::mapped(E::ToolUsePost, "post_tool_call"),
    Ev::mapped(E::SubagentStart, "subagent_start"),
    Ev::mapped(E::SubagentEnd, "subagent_stop"),
    Ev::mapped(E::PermissionRequest, "pre_approval_request"),
    // Hermes Agent 0.19.0's hook events with no canonical counterpart: output and result
    // transforms, the turn's final response (`post_llm_call`, before `on_session_end`), the
    // verification gate, a failed model request (retried), `/new` (`on_session_reset`), the
    // gateway's dispatch, an approval's answer and the kanban board's task transitions.
    Ev::unmapped("transform_terminal_output"),
    Ev::unmapped("transform_tool_result"),
    Ev::unmapped("transform_llm_output"),
    Ev::unmapped("post_llm_call"),
    Ev::unmapped("pre_verify"),
    Ev::unmapped("api_request_error"),
    Ev::unmapped("on_session_reset"),
    Ev::unmapped("pre_gateway_dispatch"),
    Ev::unmapped("post_approval_response"),
    Ev::unmapped("kanban_task_claimed"),
    Ev::unmapped("kanban_task_completed"),
    Ev::unmapped("kanban_task_blocked"),
];
// `chat.message` and `session.idle` (the bus event at the end of a run) were seen
// firing in OpenCode 1.18.33 (real-runtimes §2.6(c)). `permission.ask` is the plugin
// hook asked before a permission prompt (named in 1.18.33's binary; a bypass run asks
// none).
pub(super) const OPENCODE_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "session.created"),
    Ev::mapped(E::PromptSubmit, "chat.message"),
    Ev::mapped(E::TurnEnd, "session.idle"),
    Ev::mapped(E::ToolUsePre, "tool.execute.before"),
    Ev::mapped(E::ToolUsePost, "tool.execute.after"),
    Ev::mapped(E::FileEditPost, "file.edited"),
    Ev::mapped(E::PermissionRequest, "permission.ask"),
    // OpenCode's plugin hooks and bus events with no canonical counterpart (1.18.33): the
    // model call's parameters and headers and a shell's environment (plugin hooks; fired in
    // the live run), a slash command before it runs (a plugin hook named in its binary), and
    // the bus events the live run saw a plugin's `event` hook receive (session and message
    // updates, a plugin and the catalogs loaded). Kilo, its fork, fires the same.
    Ev::unmapped("chat.params"),
    Ev::unmapped("chat.headers"),
    Ev::unmapped("shell.env"),
    Ev::unmapped("command.execute.before"),
    Ev::unmapped("session.updated"),
    Ev::unmapped("session.status"),
    Ev::unmapped("session.diff"),
    Ev::unmapped("message.updated"),
    Ev::unmapped("message.part.updated"),
    Ev::unmapped("message.part.delta"),
    Ev::unmapped("message.part.removed"),
    Ev::unmapped("plugin.added"),
    Ev::unmapped("catalog.updated"),
    Ev::unmapped("reference.updated"),
    Ev::unmapped("integration.updated"),
];
pub(super) const AMP_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "session.start"),
    Ev::mapped(E::ToolUsePre, "tool.call"),
    Ev::mapped(E::ToolUsePost, "tool.result"),
    Ev::mapped(E::SubagentStart, "agent.start"),
    Ev::mapped(E::SubagentEnd, "agent.end"),
];
pub(super) const KIRO_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "agentSpawn"),
    Ev::mapped(E::PromptSubmit, "userPromptSubmit"),
    Ev::mapped(E::ToolUsePre, "preToolUse"),
    Ev::mapped(E::ToolUsePost, "postToolUse"),
    Ev::mapped(E::TurnEnd, "stop"),
];
// Cline's hook file names (`<ws>/.cline/hooks/<Name>`); the CLI's payloads carry the
// serialized names (`agent_start`), renamed to these by its payload row. Live run of
// cline@3.0.65 on 2026-12-01: TaskStart, PreToolUse, PostToolUse and TaskComplete fired
// one-shot, TaskError with an unreachable model, TaskResume on `--id`; UserPromptSubmit
// and SessionShutdown are wired in the source but never fired. `TaskCancel` (a user
// abort of the whole task, unlike Codex's `Interrupt` of one turn) is no turn failure:
// it has no canonical event (an unmapped row). `PreCompact` is not wired for
// file hooks in 3.0.65.
pub(super) const CLINE_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "TaskStart"),
    Ev::mapped(E::SessionResume, "TaskResume"),
    Ev::mapped(E::SessionEnd, "SessionShutdown"),
    Ev::mapped(E::PromptSubmit, "UserPromptSubmit"),
    Ev::mapped(E::TurnEnd, "TaskComplete"),
    Ev::mapped(E::TurnFail, "TaskError"),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::ToolUsePost, "PostToolUse"),
    Ev::unmapped("TaskCancel"),
];
pub(super) const AUGMENT_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::SessionEnd, "SessionEnd"),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::ToolUsePost, "PostToolUse"),
    Ev::mapped(E::TurnEnd, "Stop"),
];
pub(super) const WINDSURF_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::FileReadPre, "pre_read_code"),
    Ev::mapped(E::FileEditPost, "post_write_code"),
    Ev::mapped(E::ShellExecPre, "pre_run_command"),
    Ev::mapped(E::ShellExecPost, "post_run_command"),
    Ev::mapped(E::McpExecPre, "pre_mcp_tool_use"),
    Ev::mapped(E::McpExecPost, "post_mcp_tool_use"),
    Ev::mapped(E::PromptSubmit, "pre_user_prompt"),
    // The response that ends a Cascade turn (hal hook's convention: turn.end).
    Ev::mapped(E::TurnEnd, "post_cascade_response"),
];
// Tool events: Devin's payloads carry `tool_name` and `tool_use_id` (runtime-facts §8, secondary).
pub(super) const DEVIN_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::PromptSubmit, "UserPromptSubmit"),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::ToolUsePost, "PostToolUse"),
    Ev::mapped(E::TurnEnd, "Stop"),
    Ev::mapped(E::SessionEnd, "SessionEnd"),
];
// Droid's hook events: the six docs.factory.ai's hooks reference names in its matcher
// notes (PreToolUse, PostToolUse, UserPromptSubmit, Notification, Stop, SubagentStop),
// vendor; SessionStart, SessionEnd and PreCompact from third parties (syllago's and
// hookshot's Droid references), secondary.
pub(super) const DROID_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::SessionEnd, "SessionEnd"),
    Ev::mapped(E::PromptSubmit, "UserPromptSubmit"),
    Ev::mapped(E::TurnEnd, "Stop"),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::ToolUsePost, "PostToolUse"),
    Ev::mapped(E::SubagentEnd, "SubagentStop"),
    Ev::mapped(E::Notification, "Notification"),
    Ev::mapped(E::ContextCompactPre, "PreCompact"),
];
pub(super) const CORTEX_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::TurnEnd, "Stop"),
    Ev::mapped(E::SubagentEnd, "SubagentStop"),
];
pub(super) const POLYTOKEN_EVENTS: &[NativeEvent] =
    &[Ev::mapped(E::PromptSubmit, "pre_user_prompt"), Ev::mapped(E::TurnEnd, "stop")];
pub(super) const CRUSH_EVENTS: &[NativeEvent] = &[Ev::mapped(E::ToolUsePre, "PreToolUse")];
// Grok Build's hook events are snake_case (`pre_tool_use`; runtime-facts §8, secondary).
pub(super) const GROK_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "session_start"),
    Ev::mapped(E::PromptSubmit, "user_prompt_submit"),
    Ev::mapped(E::ToolUsePre, "pre_tool_use"),
    Ev::mapped(E::ToolUsePost, "post_tool_use"),
    Ev::mapped(E::TurnEnd, "stop"),
];
// Pi 0.73.1's extension events (real-runtimes §2.5(c): all seen firing but the two
// compaction events, registered and not triggered). Gastown's extension hooks
// session_start, session_shutdown, before_agent_start, tool_call, session_compact.
pub(super) const PI_EVENTS: &[NativeEvent] = &[
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
// Qwen Code 0.24.4's `HookEventName` enum (22 names, real-runtimes §2.4(c)): Claude's
// names where it has them, and its own. It has no TeammateIdle, FileChanged or
// ConfigChange.
pub(super) const QWEN_EVENTS: &[NativeEvent] = &[
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
    Ev::mapped(E::PermissionRequest, "PermissionRequest"),
    Ev::mapped(E::PermissionDeny, "PermissionDenied").since("0.21.10", QWEN_0_21),
    Ev::mapped(E::Notification, "Notification"),
    Ev::mapped(E::ContextCompactPre, "PreCompact"),
    Ev::mapped(E::ContextCompactPost, "PostCompact"),
    Ev::mapped(E::InstructionsLoaded, "InstructionsLoaded").since("0.21.10", QWEN_0_21),
    // Qwen's events with no canonical counterpart: `PostToolBatch` (after a batch of
    // tool calls, not one tool), `UserPromptExpansion` (a prompt's expansion, after
    // `UserPromptSubmit`), `MessageDisplay` (a message shown to the user), `SessionDelete`
    // (a stored session deleted, not ended), `TodoCreated`, `TodoCompleted`.
    Ev::unmapped("PostToolBatch").since("0.21.10", QWEN_0_21),
    Ev::unmapped("UserPromptExpansion").since("0.21.10", QWEN_0_21),
    Ev::unmapped("MessageDisplay").since("0.21.10", QWEN_0_21),
    Ev::unmapped("SessionDelete").since("0.21.10", QWEN_0_21),
    Ev::unmapped("TodoCreated").since("0.21.10", QWEN_0_21),
    Ev::unmapped("TodoCompleted").since("0.21.10", QWEN_0_21),
];
// VS Code's agent hooks (code.visualstudio.com/docs/agents/reference/hooks-reference).
pub(super) const VSCODE_EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::PromptSubmit, "UserPromptSubmit"),
    Ev::mapped(E::TurnEnd, "Stop"),
    Ev::mapped(E::ToolUsePre, "PreToolUse"),
    Ev::mapped(E::ToolUsePost, "PostToolUse"),
    Ev::mapped(E::SubagentStart, "SubagentStart"),
    Ev::mapped(E::SubagentEnd, "SubagentStop"),
    Ev::mapped(E::ContextCompactPre, "PreCompact"),
];

/// Kilo's own events with no canonical counterpart, beside OpenCode's: `tool.definition`
/// and `session.drained` (fired in a live 7.7.7 run).
const KILO_OWN: &[NativeEvent] = &[Ev::unmapped("tool.definition"), Ev::unmapped("session.drained")];
/// Kilo's events: OpenCode's (its fork's base fires the same), then its own.
pub(super) const KILO_EVENTS: &[NativeEvent] =
    &join::<{ OPENCODE_EVENTS.len() + KILO_OWN.len() }>(OPENCODE_EVENTS, KILO_OWN);
