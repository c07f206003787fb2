//! The canonical lifecycle events and each runtime's canonical → native map
//! (runtime-facts §4.2, §4.3, §8).

use hal_types::CanonicalEvent;
use hal_types::CanonicalEvent as E;

/// The canonical agent lifecycle events, in canonical order ([`CanonicalEvent::ALL`]).
pub const CANONICAL_EVENTS: &[CanonicalEvent] = CanonicalEvent::ALL;

// Canonical → native event maps (runtime-facts §4.2, §4.3).
pub(super) const CLAUDE_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "SessionStart"),
    (E::SessionEnd, "SessionEnd"),
    (E::PromptSubmit, "UserPromptSubmit"),
    (E::TurnEnd, "Stop"),
    (E::TurnFail, "StopFailure"),
    (E::AgentIdle, "TeammateIdle"),
    (E::ToolUsePre, "PreToolUse"),
    (E::ToolUsePost, "PostToolUse"),
    (E::ToolUseFail, "PostToolUseFailure"),
    (E::FileChangeExternal, "FileChanged"),
    (E::SubagentStart, "SubagentStart"),
    (E::SubagentEnd, "SubagentStop"),
    (E::PermissionRequest, "PermissionRequest"),
    (E::PermissionDeny, "PermissionDenied"),
    (E::Notification, "Notification"),
    (E::ContextCompactPre, "PreCompact"),
    (E::ContextCompactPost, "PostCompact"),
    (E::ConfigChanged, "ConfigChange"),
    (E::InstructionsLoaded, "InstructionsLoaded"),
];
// Codex 0.171.0's 14 hook events (the names in its binary; real-runtimes §2.3(c)).
// `Interrupt` (the user stopped the turn; the session goes on) is `turn.fail`: the turn
// ended without completing. (Cline's `TaskCancel` aborts the whole task, not a turn: it
// has no canonical event; see `CLINE_EVENTS`.)
pub(super) const CODEX_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "SessionStart"),
    (E::SessionEnd, "SessionEnd"),
    (E::PromptSubmit, "UserPromptSubmit"),
    (E::TurnEnd, "Stop"),
    (E::TurnFail, "Interrupt"),
    (E::ModelRequestPre, "PreModelRequest"),
    (E::ModelResponsePost, "PostModelRequest"),
    (E::ToolUsePre, "PreToolUse"),
    (E::ToolUsePost, "PostToolUse"),
    (E::SubagentStart, "SubagentStart"),
    (E::SubagentEnd, "SubagentStop"),
    (E::PermissionRequest, "PermissionRequest"),
    (E::ContextCompactPre, "PreCompact"),
    (E::ContextCompactPost, "PostCompact"),
];
/// Mistral Vibe 3.0.3's three hook types (`vibe/core/hooks/models.py` `HookType`, in
/// `hooks.toml`): `post_agent` runs once per turn, after the agent finished responding.
pub(super) const VIBE_EVENTS: &[(E, &str)] =
    &[(E::ToolUsePre, "pre_tool"), (E::ToolUsePost, "post_tool"), (E::TurnEnd, "post_agent")];
/// gptme 0.35.1's script hooks (`[[hooks.scripts]]`, `gptme/config/models.py`
/// `ScriptHookConfig`: only these two events): shell commands run with no payload, the
/// event in `GPTME_HOOK_EVENT` (`gptme/hooks/script.py`).
pub(super) const GPTME_EVENTS: &[(E, &str)] = &[(E::SessionStart, "session.start"), (E::SessionEnd, "session.end")];
/// Kimi CLI 1.52.0's 13 hook events, Claude's names (`kimi_cli/hooks/config.py`
/// `HookEventType`, `[[hooks]]` in `config.toml`).
pub(super) const KIMI_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "SessionStart"),
    (E::SessionEnd, "SessionEnd"),
    (E::PromptSubmit, "UserPromptSubmit"),
    (E::TurnEnd, "Stop"),
    (E::TurnFail, "StopFailure"),
    (E::ToolUsePre, "PreToolUse"),
    (E::ToolUsePost, "PostToolUse"),
    (E::ToolUseFail, "PostToolUseFailure"),
    (E::SubagentStart, "SubagentStart"),
    (E::SubagentEnd, "SubagentStop"),
    (E::Notification, "Notification"),
    (E::ContextCompactPre, "PreCompact"),
    (E::ContextCompactPost, "PostCompact"),
];
/// oh-my-pi's extension events (18.2.3's `docs/extensions.md`, "Event surface"; the
/// live run saw the lifecycle ones fire one-shot), Pi's names.
pub(super) const OMP_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "session_start"),
    (E::SessionResume, "session_switch"),
    (E::SessionEnd, "session_shutdown"),
    (E::PromptSubmit, "before_agent_start"),
    (E::TurnEnd, "agent_end"),
    (E::ModelRequestPre, "before_provider_request"),
    (E::ModelResponsePost, "after_provider_response"),
    (E::ToolUsePre, "tool_call"),
    (E::ToolUsePost, "tool_result"),
    (E::ContextCompactPre, "session_before_compact"),
    (E::ContextCompactPost, "session_compact"),
];
/// oh-my-pi's events with no canonical counterpart (the same document): input, loop,
/// turn and message notifications, tool observability, the main session's stop hook,
/// session-tree and branch events.
pub(super) const OMP_UNMAPPED: &[&str] = &[
    "input",
    "agent_start",
    "turn_start",
    "turn_end",
    "context",
    "message_start",
    "message_update",
    "message_end",
    "session_stop",
    "tool_execution_start",
    "tool_execution_update",
    "tool_execution_end",
    "session_before_switch",
    "session_before_branch",
    "session_branch",
    "session_before_tree",
    "session_tree",
];
pub(super) const GEMINI_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "SessionStart"),
    (E::SessionEnd, "SessionEnd"),
    (E::PromptSubmit, "BeforeAgent"),
    (E::TurnEnd, "AfterAgent"),
    (E::ModelRequestPre, "BeforeModel"),
    (E::ModelResponsePost, "AfterModel"),
    (E::ToolUsePre, "BeforeTool"),
    (E::ToolUsePost, "AfterTool"),
    (E::Notification, "Notification"),
    (E::ContextCompactPre, "PreCompress"),
];
pub(super) const CURSOR_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "sessionStart"),
    (E::SessionEnd, "sessionEnd"),
    (E::PromptSubmit, "beforeSubmitPrompt"),
    (E::TurnEnd, "stop"),
    (E::ModelResponsePost, "afterAgentResponse"),
    (E::ToolUsePre, "preToolUse"),
    (E::ToolUsePost, "postToolUse"),
    (E::ToolUseFail, "postToolUseFailure"),
    (E::FileEditPost, "afterFileEdit"),
    (E::FileReadPre, "beforeReadFile"),
    (E::ShellExecPre, "beforeShellExecution"),
    (E::ShellExecPost, "afterShellExecution"),
    (E::McpExecPre, "beforeMCPExecution"),
    (E::McpExecPost, "afterMCPExecution"),
    (E::SubagentStart, "subagentStart"),
    (E::SubagentEnd, "subagentStop"),
    (E::ContextCompactPre, "preCompact"),
];
// `sessionEnd` is in the CLI hooks reference (runtime-facts §4.3, §8), not in cratylus's map.
pub(super) const COPILOT_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "sessionStart"),
    (E::SessionEnd, "sessionEnd"),
    (E::PromptSubmit, "userPromptSubmitted"),
    (E::TurnEnd, "agentStop"),
    (E::TurnFail, "errorOccurred"),
    (E::ToolUsePre, "preToolUse"),
    (E::ToolUsePost, "postToolUse"),
    (E::ToolUseFail, "postToolUseFailure"),
    (E::SubagentStart, "subagentStart"),
    (E::SubagentEnd, "subagentStop"),
    (E::PermissionRequest, "permissionRequest"),
    (E::Notification, "notification"),
    (E::ContextCompactPre, "preCompact"),
];
/// Copilot CLI's hook events with no canonical counterpart (1.0.102's settings schema,
/// `hooks.*` in its runtime): an MCP tool call before it runs (beside `preToolUse`) and a
/// prompt after its transformation (after `userPromptSubmitted`).
pub(super) const COPILOT_UNMAPPED: &[&str] = &["preMcpToolCall", "userPromptTransformed"];
/// OpenHands' six hook events (`HookEventType` in `openhands-sdk` 1.21.0's
/// `openhands/sdk/hooks/types.py`, the SDK OpenHands CLI 1.16.0 pins); every one fired in
/// a live headless run. `Stop` runs when the agent would stop (its hooks may deny it).
pub(super) const OPENHANDS_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "SessionStart"),
    (E::SessionEnd, "SessionEnd"),
    (E::PromptSubmit, "UserPromptSubmit"),
    (E::TurnEnd, "Stop"),
    (E::ToolUsePre, "PreToolUse"),
    (E::ToolUsePost, "PostToolUse"),
];
/// Hermes Agent 0.19.0's shell-hook events (`VALID_HOOKS` in `hermes_cli/plugins.py`,
/// the names a config's `hooks:` block may use; call sites read in the wheel, the
/// lifecycle ones fired in a live `chat -q` run). `on_session_end` fires at the end of
/// every `run_conversation` call (one turn: it carries `completed` and `interrupted`),
/// `on_session_finalize` when the CLI shuts the session down; `pre_llm_call` once per
/// turn before the model loop, with the user's message.
pub(super) const HERMES_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "on_session_start"),
    (E::SessionEnd, "on_session_finalize"),
    (E::PromptSubmit, "pre_llm_call"),
    (E::TurnEnd, "on_session_end"),
    (E::ModelRequestPre, "pre_api_request"),
    (E::ModelResponsePost, "post_api_request"),
    (E::ToolUsePre, "pre_tool_call"),
    (E::ToolUsePost, "post_tool_call"),
    (E::SubagentStart, "subagent_start"),
    (E::SubagentEnd, "subagent_stop"),
    (E::PermissionRequest, "pre_approval_request"),
];
/// Hermes Agent 0.19.0's hook events with no canonical counterpart: output and result
/// transforms, the turn's final response (`post_llm_call`, before `on_session_end`), the
/// verification gate, a failed model request (retried), `/new` (`on_session_reset`), the
/// gateway's dispatch, an approval's answer and the kanban board's task transitions.
pub(super) const HERMES_UNMAPPED: &[&str] = &[
    "transform_terminal_output",
    "transform_tool_result",
    "transform_llm_output",
    "post_llm_call",
    "pre_verify",
    "api_request_error",
    "on_session_reset",
    "pre_gateway_dispatch",
    "post_approval_response",
    "kanban_task_claimed",
    "kanban_task_completed",
    "kanban_task_blocked",
];
// `chat.message` and `session.idle` (the bus event at the end of a run) were seen
// firing in OpenCode 1.18.33 (real-runtimes §2.6(c)). `permission.ask` is the plugin
// hook asked before a permission prompt (named in 1.18.33's binary; a bypass run asks
// none).
pub(super) const OPENCODE_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "session.created"),
    (E::PromptSubmit, "chat.message"),
    (E::TurnEnd, "session.idle"),
    (E::ToolUsePre, "tool.execute.before"),
    (E::ToolUsePost, "tool.execute.after"),
    (E::FileEditPost, "file.edited"),
    (E::PermissionRequest, "permission.ask"),
];
/// OpenCode's plugin hooks and bus events with no canonical counterpart (1.18.33): the
/// model call's parameters and headers and a shell's environment (plugin hooks; fired in
/// the live run), a slash command before it runs (a plugin hook named in its binary), and
/// the bus events the live run saw a plugin's `event` hook receive (session and message
/// updates, a plugin and the catalogs loaded). Kilo, its fork, fires the same.
pub(super) const OPENCODE_UNMAPPED: &[&str] = &[
    "chat.params",
    "chat.headers",
    "shell.env",
    "command.execute.before",
    "session.updated",
    "session.status",
    "session.diff",
    "message.updated",
    "message.part.updated",
    "message.part.delta",
    "message.part.removed",
    "plugin.added",
    "catalog.updated",
    "reference.updated",
    "integration.updated",
];
/// Kilo's events with no canonical counterpart: OpenCode's, `tool.definition` and its own
/// `session.drained` (fired in a live 7.7.7 run).
pub(super) const KILO_UNMAPPED: &[&str] = &[
    "chat.params",
    "chat.headers",
    "shell.env",
    "command.execute.before",
    "session.updated",
    "session.status",
    "session.diff",
    "message.updated",
    "message.part.updated",
    "message.part.delta",
    "message.part.removed",
    "plugin.added",
    "catalog.updated",
    "reference.updated",
    "integration.updated",
    "tool.definition",
    "session.drained",
];
pub(super) const AMP_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "session.start"),
    (E::ToolUsePre, "tool.call"),
    (E::ToolUsePost, "tool.result"),
    (E::SubagentStart, "agent.start"),
    (E::SubagentEnd, "agent.end"),
];
pub(super) const KIRO_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "agentSpawn"),
    (E::PromptSubmit, "userPromptSubmit"),
    (E::ToolUsePre, "preToolUse"),
    (E::ToolUsePost, "postToolUse"),
    (E::TurnEnd, "stop"),
];
// Cline's hook file names (`<ws>/.cline/hooks/<Name>`); the CLI's payloads carry the
// serialized names (`agent_start`), renamed to these by its payload row. Live run of
// cline@3.0.65 on 2026-12-01: TaskStart, PreToolUse, PostToolUse and TaskComplete fired
// one-shot, TaskError with an unreachable model, TaskResume on `--id`; UserPromptSubmit
// and SessionShutdown are wired in the source but never fired. `TaskCancel` (a user
// abort of the whole task, unlike Codex's `Interrupt` of one turn) is no turn failure:
// it has no canonical event (`CLINE_UNMAPPED`). `PreCompact` is not wired for
// file hooks in 3.0.65.
pub(super) const CLINE_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "TaskStart"),
    (E::SessionResume, "TaskResume"),
    (E::SessionEnd, "SessionShutdown"),
    (E::PromptSubmit, "UserPromptSubmit"),
    (E::TurnEnd, "TaskComplete"),
    (E::TurnFail, "TaskError"),
    (E::ToolUsePre, "PreToolUse"),
    (E::ToolUsePost, "PostToolUse"),
];
pub(super) const CLINE_UNMAPPED: &[&str] = &["TaskCancel"];
pub(super) const AUGMENT_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "SessionStart"),
    (E::SessionEnd, "SessionEnd"),
    (E::ToolUsePre, "PreToolUse"),
    (E::ToolUsePost, "PostToolUse"),
    (E::TurnEnd, "Stop"),
];
pub(super) const WINDSURF_EVENTS: &[(E, &str)] = &[
    (E::FileReadPre, "pre_read_code"),
    (E::FileEditPost, "post_write_code"),
    (E::ShellExecPre, "pre_run_command"),
    (E::ShellExecPost, "post_run_command"),
    (E::McpExecPre, "pre_mcp_tool_use"),
    (E::McpExecPost, "post_mcp_tool_use"),
    (E::PromptSubmit, "pre_user_prompt"),
    // The response that ends a Cascade turn (hal hook's convention: turn.end).
    (E::TurnEnd, "post_cascade_response"),
];
// Tool events: Devin's payloads carry `tool_name` and `tool_use_id` (runtime-facts §8, secondary).
pub(super) const DEVIN_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "SessionStart"),
    (E::PromptSubmit, "UserPromptSubmit"),
    (E::ToolUsePre, "PreToolUse"),
    (E::ToolUsePost, "PostToolUse"),
    (E::TurnEnd, "Stop"),
    (E::SessionEnd, "SessionEnd"),
];
// Droid's hook events: the six docs.factory.ai's hooks reference names in its matcher
// notes (PreToolUse, PostToolUse, UserPromptSubmit, Notification, Stop, SubagentStop),
// vendor; SessionStart, SessionEnd and PreCompact from third parties (syllago's and
// hookshot's Droid references), secondary.
pub(super) const DROID_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "SessionStart"),
    (E::SessionEnd, "SessionEnd"),
    (E::PromptSubmit, "UserPromptSubmit"),
    (E::TurnEnd, "Stop"),
    (E::ToolUsePre, "PreToolUse"),
    (E::ToolUsePost, "PostToolUse"),
    (E::SubagentEnd, "SubagentStop"),
    (E::Notification, "Notification"),
    (E::ContextCompactPre, "PreCompact"),
];
pub(super) const CORTEX_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "SessionStart"),
    (E::ToolUsePre, "PreToolUse"),
    (E::TurnEnd, "Stop"),
    (E::SubagentEnd, "SubagentStop"),
];
pub(super) const POLYTOKEN_EVENTS: &[(E, &str)] = &[(E::PromptSubmit, "pre_user_prompt"), (E::TurnEnd, "stop")];
pub(super) const CRUSH_EVENTS: &[(E, &str)] = &[(E::ToolUsePre, "PreToolUse")];
// Grok Build's hook events are snake_case (`pre_tool_use`; runtime-facts §8, secondary).
pub(super) const GROK_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "session_start"),
    (E::PromptSubmit, "user_prompt_submit"),
    (E::ToolUsePre, "pre_tool_use"),
    (E::ToolUsePost, "post_tool_use"),
    (E::TurnEnd, "stop"),
];
// Pi 0.73.1's extension events (real-runtimes §2.5(c): all seen firing but the two
// compaction events, registered and not triggered). Gastown's extension hooks
// session_start, session_shutdown, before_agent_start, tool_call, session_compact.
pub(super) const PI_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "session_start"),
    (E::SessionEnd, "session_shutdown"),
    (E::PromptSubmit, "before_agent_start"),
    (E::TurnEnd, "agent_end"),
    (E::ModelRequestPre, "before_provider_request"),
    (E::ModelResponsePost, "after_provider_response"),
    (E::ToolUsePre, "tool_call"),
    (E::ToolUsePost, "tool_result"),
    (E::ContextCompactPre, "session_before_compact"),
    (E::ContextCompactPost, "session_compact"),
];
/// Pi events with no canonical counterpart: seen firing in 0.73.1 (the first twelve;
/// `message_update` and `tool_execution_update` in the conformance fixtures), and named
/// by the package's `docs/extensions.md` without firing one-shot (a model or thinking
/// level selected, session switch, fork and tree navigation, a user's own `!` command).
pub(super) const PI_UNMAPPED: &[&str] = &[
    "resources_discover",
    "input",
    "agent_start",
    "turn_start",
    "turn_end",
    "context",
    "message_start",
    "message_end",
    "tool_execution_start",
    "tool_execution_end",
    "message_update",
    "tool_execution_update",
    "model_select",
    "thinking_level_select",
    "session_before_switch",
    "session_before_fork",
    "session_before_tree",
    "session_tree",
    "user_bash",
];
// Qwen Code 0.24.4's `HookEventName` enum (22 names, real-runtimes §2.4(c)): Claude's
// names where it has them, and its own. It has no TeammateIdle, FileChanged or
// ConfigChange.
pub(super) const QWEN_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "SessionStart"),
    (E::SessionEnd, "SessionEnd"),
    (E::PromptSubmit, "UserPromptSubmit"),
    (E::TurnEnd, "Stop"),
    (E::TurnFail, "StopFailure"),
    (E::ToolUsePre, "PreToolUse"),
    (E::ToolUsePost, "PostToolUse"),
    (E::ToolUseFail, "PostToolUseFailure"),
    (E::SubagentStart, "SubagentStart"),
    (E::SubagentEnd, "SubagentStop"),
    (E::PermissionRequest, "PermissionRequest"),
    (E::PermissionDeny, "PermissionDenied"),
    (E::Notification, "Notification"),
    (E::ContextCompactPre, "PreCompact"),
    (E::ContextCompactPost, "PostCompact"),
    (E::InstructionsLoaded, "InstructionsLoaded"),
];
/// Claude Code's events with no canonical counterpart. Fired in 2.1.332's `-p` mode (live
/// run, 2026-12-01): `PostToolBatch` (after a batch of tool calls) and `MessageDisplay`
/// (a message shown to the user). The rest are named by 2.1.332's `HookEvent` enum (read
/// in the binary; the conformance suite configures every one) and did not fire one-shot:
/// `UserPromptExpansion` (a prompt's expansion, after `UserPromptSubmit`), the model
/// switch (`PreModelSwitch`, `PostModelSwitch`), `Setup` (repository setup, not a
/// session start), agent-team tasks (`TaskCreated`, `TaskCompleted`), an MCP server's
/// request for input and its answer (`Elicitation`, `ElicitationResult`), worktrees
/// (`WorktreeCreate`, `WorktreeRemove`), the working directory (`CwdChanged`,
/// `DirectoryAdded`) and a skill's inline shell command (`PreSkillShellCommand`: only a
/// skill's, so not `shell.exec.pre`).
pub(super) const CLAUDE_UNMAPPED: &[&str] = &[
    "PostToolBatch",
    "MessageDisplay",
    "UserPromptExpansion",
    "PreModelSwitch",
    "PostModelSwitch",
    "Setup",
    "TaskCreated",
    "TaskCompleted",
    "Elicitation",
    "ElicitationResult",
    "WorktreeCreate",
    "WorktreeRemove",
    "CwdChanged",
    "DirectoryAdded",
    "PreSkillShellCommand",
];

/// Qwen's events with no canonical counterpart: `PostToolBatch` (after a batch of
/// tool calls, not one tool), `UserPromptExpansion` (a prompt's expansion, after
/// `UserPromptSubmit`), `MessageDisplay` (a message shown to the user), `SessionDelete`
/// (a stored session deleted, not ended), `TodoCreated`, `TodoCompleted`.
pub(super) const QWEN_UNMAPPED: &[&str] =
    &["PostToolBatch", "UserPromptExpansion", "MessageDisplay", "SessionDelete", "TodoCreated", "TodoCompleted"];
/// Gemini's `BeforeToolSelection` fires before every model call to filter the tool
/// list and asks no permission (0.61.0): no canonical event fits it.
pub(super) const GEMINI_UNMAPPED: &[&str] = &["BeforeToolSelection"];
// VS Code's agent hooks (code.visualstudio.com/docs/agents/reference/hooks-reference).
pub(super) const VSCODE_EVENTS: &[(E, &str)] = &[
    (E::SessionStart, "SessionStart"),
    (E::PromptSubmit, "UserPromptSubmit"),
    (E::TurnEnd, "Stop"),
    (E::ToolUsePre, "PreToolUse"),
    (E::ToolUsePost, "PostToolUse"),
    (E::SubagentStart, "SubagentStart"),
    (E::SubagentEnd, "SubagentStop"),
    (E::ContextCompactPre, "PreCompact"),
];
