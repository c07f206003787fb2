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
pub(super) const CODEX_EVENTS: &[(&str, &str)] = &[
    ("session.start", "SessionStart"),
    ("session.end", "SessionEnd"),
    ("prompt.submit", "UserPromptSubmit"),
    ("turn.end", "Stop"),
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
    ("permission.request", "BeforeToolSelection"),
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
pub(super) const OPENCODE_EVENTS: &[(&str, &str)] = &[
    ("session.start", "session.created"),
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
pub(super) const CLINE_EVENTS: &[(&str, &str)] = &[
    ("session.start", "TaskStart"),
    ("session.resume", "TaskResume"),
    ("turn.fail", "TaskCancel"),
    ("prompt.submit", "UserPromptSubmit"),
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
// What Gastown's pi extension hooks (`.pi/extensions/gastown-hooks.js`).
pub(super) const PI_EVENTS: &[(&str, &str)] = &[
    ("session.start", "session_start"),
    ("session.end", "session_shutdown"),
    ("prompt.submit", "before_agent_start"),
    ("tool.use.pre", "tool_call"),
    ("context.compact.post", "session_compact"),
];
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
