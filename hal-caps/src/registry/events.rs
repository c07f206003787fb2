//! The 28 canonical lifecycle events and each runtime's canonical → native map
//! (runtime-facts §4.2, §4.3, §8).

/// The canonical agent lifecycle events, in canonical order (28).
pub const CANONICAL_EVENTS: &[&str] = &[
    "session.start",
    "session.resume",
    "session.end",
    "prompt.submit",
    "turn.end",
    "turn.fail",
    "agent.idle",
    "model.request.pre",
    "model.response.post",
    "tool.use.pre",
    "tool.use.post",
    "tool.use.fail",
    "file.edit.post",
    "file.read.pre",
    "file.change.external",
    "shell.exec.pre",
    "shell.exec.post",
    "mcp.exec.pre",
    "mcp.exec.post",
    "subagent.start",
    "subagent.end",
    "permission.request",
    "permission.deny",
    "notification",
    "context.compact.pre",
    "context.compact.post",
    "config.changed",
    "instructions.loaded",
];

// Canonical → native event maps (runtime-facts §4.2, §4.3).
pub(super) const CLAUDE_EVENTS: &[(&str, &str)] = &[
    ("session.start", "SessionStart"),
    ("session.end", "SessionEnd"),
    ("prompt.submit", "UserPromptSubmit"),
    ("turn.end", "Stop"),
    ("turn.fail", "StopFailure"),
    ("agent.idle", "TeammateIdle"),
    ("tool.use.pre", "PreToolUse"),
    ("tool.use.post", "PostToolUse"),
    ("tool.use.fail", "PostToolUseFailure"),
    ("file.change.external", "FileChanged"),
    ("subagent.start", "SubagentStart"),
    ("subagent.end", "SubagentStop"),
    ("permission.request", "PermissionRequest"),
    ("permission.deny", "PermissionDenied"),
    ("notification", "Notification"),
    ("context.compact.pre", "PreCompact"),
    ("context.compact.post", "PostCompact"),
    ("config.changed", "ConfigChange"),
    ("instructions.loaded", "InstructionsLoaded"),
];
// Codex 0.171.0's 14 hook events (the names in its binary; real-runtimes §2.3(c)).
// `Interrupt` (the user stopped the turn) is `turn.fail`, as Cline's `TaskCancel` is:
// the turn ended without completing.
pub(super) const CODEX_EVENTS: &[(&str, &str)] = &[
    ("session.start", "SessionStart"),
    ("session.end", "SessionEnd"),
    ("prompt.submit", "UserPromptSubmit"),
    ("turn.end", "Stop"),
    ("turn.fail", "Interrupt"),
    ("model.request.pre", "PreModelRequest"),
    ("model.response.post", "PostModelRequest"),
    ("tool.use.pre", "PreToolUse"),
    ("tool.use.post", "PostToolUse"),
    ("subagent.start", "SubagentStart"),
    ("subagent.end", "SubagentStop"),
    ("permission.request", "PermissionRequest"),
    ("context.compact.pre", "PreCompact"),
    ("context.compact.post", "PostCompact"),
];
pub(super) const OMP_EVENTS: &[(&str, &str)] = &[
    ("session.start", "session_start"),
    ("session.resume", "session_switch"),
    ("session.end", "session_shutdown"),
    ("prompt.submit", "before_agent_start"),
    ("turn.end", "agent_end"),
    ("tool.use.pre", "tool_call"),
    ("tool.use.post", "tool_result"),
    ("context.compact.pre", "session_before_compact"),
    ("context.compact.post", "session_compact"),
];
pub(super) const GEMINI_EVENTS: &[(&str, &str)] = &[
    ("session.start", "SessionStart"),
    ("session.end", "SessionEnd"),
    ("prompt.submit", "BeforeAgent"),
    ("turn.end", "AfterAgent"),
    ("model.request.pre", "BeforeModel"),
    ("model.response.post", "AfterModel"),
    ("tool.use.pre", "BeforeTool"),
    ("tool.use.post", "AfterTool"),
    ("notification", "Notification"),
    ("context.compact.pre", "PreCompress"),
];
pub(super) const CURSOR_EVENTS: &[(&str, &str)] = &[
    ("session.start", "sessionStart"),
    ("session.end", "sessionEnd"),
    ("prompt.submit", "beforeSubmitPrompt"),
    ("turn.end", "stop"),
    ("model.response.post", "afterAgentResponse"),
    ("tool.use.pre", "preToolUse"),
    ("tool.use.post", "postToolUse"),
    ("tool.use.fail", "postToolUseFailure"),
    ("file.edit.post", "afterFileEdit"),
    ("file.read.pre", "beforeReadFile"),
    ("shell.exec.pre", "beforeShellExecution"),
    ("shell.exec.post", "afterShellExecution"),
    ("mcp.exec.pre", "beforeMCPExecution"),
    ("mcp.exec.post", "afterMCPExecution"),
    ("subagent.start", "subagentStart"),
    ("subagent.end", "subagentStop"),
    ("context.compact.pre", "preCompact"),
];
// `sessionEnd` is in the CLI hooks reference (runtime-facts §4.3, §8), not in cratylus's map.
pub(super) const COPILOT_EVENTS: &[(&str, &str)] = &[
    ("session.start", "sessionStart"),
    ("session.end", "sessionEnd"),
    ("prompt.submit", "userPromptSubmitted"),
    ("turn.end", "agentStop"),
    ("turn.fail", "errorOccurred"),
    ("tool.use.pre", "preToolUse"),
    ("tool.use.post", "postToolUse"),
    ("tool.use.fail", "postToolUseFailure"),
    ("subagent.start", "subagentStart"),
    ("subagent.end", "subagentStop"),
    ("permission.request", "permissionRequest"),
    ("notification", "notification"),
    ("context.compact.pre", "preCompact"),
];
// `chat.message` and `session.idle` (the bus event at the end of a run) were seen
// firing in OpenCode 1.18.33 (real-runtimes §2.6(c)).
pub(super) const OPENCODE_EVENTS: &[(&str, &str)] = &[
    ("session.start", "session.created"),
    ("prompt.submit", "chat.message"),
    ("turn.end", "session.idle"),
    ("tool.use.pre", "tool.execute.before"),
    ("tool.use.post", "tool.execute.after"),
    ("file.edit.post", "file.edited"),
];
pub(super) const AMP_EVENTS: &[(&str, &str)] = &[
    ("session.start", "session.start"),
    ("tool.use.pre", "tool.call"),
    ("tool.use.post", "tool.result"),
    ("subagent.start", "agent.start"),
    ("subagent.end", "agent.end"),
];
pub(super) const KIRO_EVENTS: &[(&str, &str)] = &[
    ("session.start", "agentSpawn"),
    ("prompt.submit", "userPromptSubmit"),
    ("tool.use.pre", "preToolUse"),
    ("tool.use.post", "postToolUse"),
    ("turn.end", "stop"),
];
// Cline's hook file names (`<ws>/.cline/hooks/<Name>`); the CLI's payloads carry the
// serialized names (`agent_start`), renamed to these by its payload row. Live run of
// cline@3.0.65 on 2026-12-01: TaskStart, PreToolUse, PostToolUse and TaskComplete fired
// one-shot, TaskError with an unreachable model, TaskResume on `--id`; UserPromptSubmit
// and SessionShutdown are wired in the source but never fired. `TaskCancel` (a user
// abort) is no turn failure: it has no canonical event. `PreCompact` is not wired for
// file hooks in 3.0.65.
pub(super) const CLINE_EVENTS: &[(&str, &str)] = &[
    ("session.start", "TaskStart"),
    ("session.resume", "TaskResume"),
    ("session.end", "SessionShutdown"),
    ("prompt.submit", "UserPromptSubmit"),
    ("turn.end", "TaskComplete"),
    ("turn.fail", "TaskError"),
    ("tool.use.pre", "PreToolUse"),
    ("tool.use.post", "PostToolUse"),
];
pub(super) const AUGMENT_EVENTS: &[(&str, &str)] = &[
    ("session.start", "SessionStart"),
    ("session.end", "SessionEnd"),
    ("tool.use.pre", "PreToolUse"),
    ("tool.use.post", "PostToolUse"),
    ("turn.end", "Stop"),
];
pub(super) const WINDSURF_EVENTS: &[(&str, &str)] = &[
    ("file.read.pre", "pre_read_code"),
    ("file.edit.post", "post_write_code"),
    ("shell.exec.pre", "pre_run_command"),
    ("shell.exec.post", "post_run_command"),
    ("mcp.exec.pre", "pre_mcp_tool_use"),
    ("mcp.exec.post", "post_mcp_tool_use"),
    ("prompt.submit", "pre_user_prompt"),
    // The response that ends a Cascade turn (hal hook's convention: turn.end).
    ("turn.end", "post_cascade_response"),
];
// Tool events: Devin's payloads carry `tool_name` and `tool_use_id` (runtime-facts §8, secondary).
pub(super) const DEVIN_EVENTS: &[(&str, &str)] = &[
    ("session.start", "SessionStart"),
    ("prompt.submit", "UserPromptSubmit"),
    ("tool.use.pre", "PreToolUse"),
    ("tool.use.post", "PostToolUse"),
    ("turn.end", "Stop"),
    ("session.end", "SessionEnd"),
];
pub(super) const CORTEX_EVENTS: &[(&str, &str)] = &[
    ("session.start", "SessionStart"),
    ("tool.use.pre", "PreToolUse"),
    ("turn.end", "Stop"),
    ("subagent.end", "SubagentStop"),
];
pub(super) const POLYTOKEN_EVENTS: &[(&str, &str)] = &[("prompt.submit", "pre_user_prompt"), ("turn.end", "stop")];
pub(super) const CRUSH_EVENTS: &[(&str, &str)] = &[("tool.use.pre", "PreToolUse")];
// Grok Build's hook events are snake_case (`pre_tool_use`; runtime-facts §8, secondary).
pub(super) const GROK_EVENTS: &[(&str, &str)] = &[
    ("session.start", "session_start"),
    ("prompt.submit", "user_prompt_submit"),
    ("tool.use.pre", "pre_tool_use"),
    ("tool.use.post", "post_tool_use"),
    ("turn.end", "stop"),
];
// Pi 0.73.1's extension events (real-runtimes §2.5(c): all seen firing but the two
// compaction events, registered and not triggered). Gastown's extension hooks
// session_start, session_shutdown, before_agent_start, tool_call, session_compact.
pub(super) const PI_EVENTS: &[(&str, &str)] = &[
    ("session.start", "session_start"),
    ("session.end", "session_shutdown"),
    ("prompt.submit", "before_agent_start"),
    ("turn.end", "agent_end"),
    ("model.request.pre", "before_provider_request"),
    ("model.response.post", "after_provider_response"),
    ("tool.use.pre", "tool_call"),
    ("tool.use.post", "tool_result"),
    ("context.compact.pre", "session_before_compact"),
    ("context.compact.post", "session_compact"),
];
/// Pi events with no canonical counterpart (seen firing in 0.73.1).
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
];
// Qwen Code 0.24.4's `HookEventName` enum (22 names, real-runtimes §2.4(c)): Claude's
// names where it has them, and its own. It has no TeammateIdle, FileChanged or
// ConfigChange.
pub(super) const QWEN_EVENTS: &[(&str, &str)] = &[
    ("session.start", "SessionStart"),
    ("session.end", "SessionEnd"),
    ("prompt.submit", "UserPromptSubmit"),
    ("turn.end", "Stop"),
    ("turn.fail", "StopFailure"),
    ("tool.use.pre", "PreToolUse"),
    ("tool.use.post", "PostToolUse"),
    ("tool.use.fail", "PostToolUseFailure"),
    ("subagent.start", "SubagentStart"),
    ("subagent.end", "SubagentStop"),
    ("permission.request", "PermissionRequest"),
    ("permission.deny", "PermissionDenied"),
    ("notification", "Notification"),
    ("context.compact.pre", "PreCompact"),
    ("context.compact.post", "PostCompact"),
    ("instructions.loaded", "InstructionsLoaded"),
];
/// Claude Code's events with no canonical counterpart, fired in 2.1.332's `-p` mode (live
/// run, 2026-12-01): `PostToolBatch` (after a batch of tool calls) and `MessageDisplay`
/// (a message shown to the user).
pub(super) const CLAUDE_UNMAPPED: &[&str] = &["PostToolBatch", "MessageDisplay"];

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
pub(super) const VSCODE_EVENTS: &[(&str, &str)] = &[
    ("session.start", "SessionStart"),
    ("prompt.submit", "UserPromptSubmit"),
    ("turn.end", "Stop"),
    ("tool.use.pre", "PreToolUse"),
    ("tool.use.post", "PostToolUse"),
    ("subagent.start", "SubagentStart"),
    ("subagent.end", "SubagentStop"),
    ("context.compact.pre", "PreCompact"),
];
