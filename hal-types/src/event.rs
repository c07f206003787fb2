//! The canonical agent lifecycle events: one vocabulary every runtime's hooks map onto.

use crate::vocab::string_enum;

string_enum! {
    /// A canonical lifecycle event (`tool.use.pre`), in canonical order. Each runtime's
    /// registry row maps the events it can hook to its native names.
    pub enum CanonicalEvent("canonical event", newer = Newer) {
        /// A session started (fresh, cleared or compacted).
        SessionStart = "session.start",
        /// A session resumed from its transcript.
        SessionResume = "session.resume",
        /// A session ended.
        SessionEnd = "session.end",
        /// The user submitted a prompt.
        PromptSubmit = "prompt.submit",
        /// The agent finished its turn.
        TurnEnd = "turn.end",
        /// The turn ended without completing (an error, an interrupt).
        TurnFail = "turn.fail",
        /// The agent (or a teammate) is idle.
        AgentIdle = "agent.idle",
        /// Before a model request.
        ModelRequestPre = "model.request.pre",
        /// After a model response.
        ModelResponsePost = "model.response.post",
        /// Before a tool runs.
        ToolUsePre = "tool.use.pre",
        /// After a tool ran.
        ToolUsePost = "tool.use.post",
        /// A tool failed.
        ToolUseFail = "tool.use.fail",
        /// After the agent edited a file.
        FileEditPost = "file.edit.post",
        /// Before the agent reads a file.
        FileReadPre = "file.read.pre",
        /// A file changed outside the agent.
        FileChangeExternal = "file.change.external",
        /// Before a shell command runs.
        ShellExecPre = "shell.exec.pre",
        /// After a shell command ran.
        ShellExecPost = "shell.exec.post",
        /// Before an MCP tool runs.
        McpExecPre = "mcp.exec.pre",
        /// After an MCP tool ran.
        McpExecPost = "mcp.exec.post",
        /// A subagent started.
        SubagentStart = "subagent.start",
        /// A subagent ended.
        SubagentEnd = "subagent.end",
        /// The agent asks for a permission.
        PermissionRequest = "permission.request",
        /// A permission was denied.
        PermissionDeny = "permission.deny",
        /// The runtime notifies the user.
        Notification = "notification",
        /// Before the context is compacted.
        ContextCompactPre = "context.compact.pre",
        /// After the context was compacted.
        ContextCompactPost = "context.compact.post",
        /// The runtime's configuration changed.
        ConfigChanged = "config.changed",
        /// Instruction files were loaded.
        InstructionsLoaded = "instructions.loaded",
    }
}
