//! What live runs verified (`cargo xtask conformance`, offline, against a model stub, on
//! 2026-12-01), per runtime, at the version run. The conformance suite turns every fact
//! here into a check, so a record cannot outlive the truth.

use super::model::Verified;

/// Claude Code 2.1.332, `-p` mode.
pub(super) const CLAUDE: Verified = Verified {
    version: "2.1.332",
    older: &["1.0.62", "1.0.61", "1.0.56"],
    tool_vars: &[
        "CLAUDECODE",
        "CLAUDE_CODE_ENTRYPOINT",
        "CLAUDE_CODE_SESSION_ID",
        "CLAUDE_CODE_CHILD_SESSION",
        "CLAUDE_PID",
        "AI_AGENT",
    ],
    hook_vars: &[
        "CLAUDECODE",
        "CLAUDE_CODE_ENTRYPOINT",
        "CLAUDE_CODE_SESSION_ID",
        "CLAUDE_CODE_CHILD_SESSION",
        "CLAUDE_PID",
        "AI_AGENT",
        "CLAUDE_PROJECT_DIR",
    ],
    session_vars: &["CLAUDE_CODE_SESSION_ID"],
    events: &[
        "SessionStart",
        "UserPromptSubmit",
        "PreToolUse",
        "PostToolUse",
        "PostToolBatch",
        "MessageDisplay",
        "Stop",
        "SessionEnd",
    ],
};

/// Gemini CLI 0.61.0, `-p --yolo`: hooks get no `GEMINI_CLI`, but `CLAUDE_PROJECT_DIR`.
pub(super) const GEMINI: Verified = Verified {
    version: "0.61.0",
    older: &["0.45.2", "0.28.2", "0.10.0"],
    tool_vars: &["GEMINI_CLI", "GEMINI_CLI_NO_RELAUNCH"],
    hook_vars: &["GEMINI_SESSION_ID", "GEMINI_PROJECT_DIR", "GEMINI_CWD", "GEMINI_PLANS_DIR", "CLAUDE_PROJECT_DIR"],
    session_vars: &["GEMINI_SESSION_ID"],
    events: &[
        "SessionStart",
        "BeforeAgent",
        "BeforeModel",
        "BeforeToolSelection",
        "AfterModel",
        "BeforeTool",
        "AfterTool",
        "AfterAgent",
        "SessionEnd",
    ],
};

/// Codex CLI 0.171.0, `exec` with the npm launcher: hooks get only the launcher's variables.
pub(super) const CODEX: Verified = Verified {
    version: "0.171.0",
    older: &["0.146.0", "0.100.0", "0.47.0"],
    tool_vars: &["CODEX_THREAD_ID", "CODEX_SESSION_ID", "CODEX_MANAGED_BY_NPM", "CODEX_MANAGED_PACKAGE_ROOT"],
    hook_vars: &["CODEX_MANAGED_BY_NPM", "CODEX_MANAGED_PACKAGE_ROOT"],
    session_vars: &["CODEX_THREAD_ID", "CODEX_SESSION_ID"],
    events: &[
        "SessionStart",
        "UserPromptSubmit",
        "PreModelRequest",
        "PostModelRequest",
        "PreToolUse",
        "PostToolUse",
        "Stop",
        "SessionEnd",
    ],
};

/// Qwen Code 0.24.4, one-shot: hooks get no `QWEN_CODE`, but Claude's and Gemini's project dirs.
pub(super) const QWEN: Verified = Verified {
    version: "0.24.4",
    older: &["0.21.10", "0.10.1"],
    tool_vars: &["QWEN_CODE", "QWEN_CODE_SESSION_ID", "QWEN_CODE_CLI"],
    hook_vars: &[
        "QWEN_CODE_SESSION_ID",
        "QWEN_CODE_CLI",
        "QWEN_CODE_PROJECT_DIR",
        "QWEN_PROJECT_DIR",
        "CLAUDE_PROJECT_DIR",
        "GEMINI_PROJECT_DIR",
    ],
    session_vars: &["QWEN_CODE_SESSION_ID"],
    events: &[
        "InstructionsLoaded",
        "SessionStart",
        "Notification",
        "UserPromptSubmit",
        "PreToolUse",
        "PostToolUse",
        "PostToolBatch",
        "MessageDisplay",
        "Stop",
    ],
};

/// Pi 1.6.0 (`@earendil-works/pi-coding-agent`), `-p --offline --approve`: extension
/// events; its bash tool gets `PI_SESSION_ID` (the session manager's id), `PI_SESSION_FILE`,
/// `PI_PROVIDER`, `PI_MODEL`, `PI_REASONING_LEVEL` (`core/tools/bash.js`), an extension's
/// child only `PI_CODING_AGENT` and `AI_AGENT=pi`. The older verified version, 0.73.1
/// (`@mariozechner/pi-coding-agent`, live run 2026-12-01), set no session variable and
/// no `AI_AGENT`.
pub(super) const PI: Verified = Verified {
    version: "1.6.0",
    older: &["0.73.1", "0.65.2"],
    tool_vars: &["PI_CODING_AGENT", "AI_AGENT", "PI_SESSION_ID"],
    hook_vars: &["PI_CODING_AGENT", "AI_AGENT"],
    session_vars: &["PI_SESSION_ID"],
    events: &[
        "session_start",
        "input",
        "before_agent_start",
        "turn_start",
        "tool_call",
        "tool_result",
        "turn_end",
        "agent_end",
        "session_shutdown",
    ],
};

/// OpenCode 1.18.33, `run`: plugin hooks and bus events (a plugin's child passed `env: process.env`).
pub(super) const OPENCODE: Verified = Verified {
    version: "1.18.33",
    older: &["1.15.13", "1.1.65"],
    tool_vars: &["OPENCODE", "AGENT", "OPENCODE_PID"],
    hook_vars: &["OPENCODE", "AGENT", "OPENCODE_PID"],
    session_vars: &[],
    events: &[
        "session.created",
        "chat.message",
        "tool.execute.before",
        "shell.env",
        "tool.execute.after",
        "session.idle",
    ],
};

/// Kilo Code CLI 7.7.7, `run` (an OpenCode fork): its own markers and OpenCode's.
pub(super) const KILO: Verified = Verified {
    version: "7.7.7",
    older: &[],
    tool_vars: &["KILO", "OPENCODE", "AGENT", "KILO_PID"],
    hook_vars: &["KILO", "OPENCODE", "AGENT", "KILO_PID"],
    session_vars: &[],
    events: &[
        "session.created",
        "chat.message",
        "tool.execute.before",
        "shell.env",
        "tool.execute.after",
        "session.idle",
    ],
};

/// grok-cli (`@vibe-kit/grok-cli`) 0.0.34, `-p`: nothing set for its tools, no hooks, no session id.
pub(super) const GROK_CLI: Verified =
    Verified { version: "0.0.34", older: &[], tool_vars: &[], hook_vars: &[], session_vars: &[], events: &[] };

/// Continue CLI (`@continuedev/cli`) 1.5.47, `cn -p`: nothing identifying set for its
/// tools (its ancestry decides), no hooks run one-shot, no session id (live run 2026-12-01).
pub(super) const CONTINUE: Verified =
    Verified { version: "1.5.47", older: &[], tool_vars: &[], hook_vars: &[], session_vars: &[], events: &[] };

/// Cline CLI 3.0.65, `cline --json`: its hooks get the CLI's launch and build markers.
pub(super) const CLINE: Verified = Verified {
    version: "3.0.65",
    older: &[],
    tool_vars: &["CLINE_CONNECTOR_CLI_LAUNCH"],
    hook_vars: &["CLINE_CONNECTOR_CLI_LAUNCH", "CLINE_BUILD_ENV"],
    session_vars: &[],
    events: &["TaskStart", "PreToolUse", "PostToolUse", "TaskComplete"],
};

/// aider 0.86.2: OpenRouter attribution variables in its shell commands; no hooks, no session id.
pub(super) const AIDER: Verified = Verified {
    version: "0.86.2",
    older: &[],
    tool_vars: &["OR_APP_NAME", "OR_SITE_URL"],
    hook_vars: &[],
    session_vars: &[],
    events: &[],
};

/// GitHub Copilot CLI 1.0.102, `-p -s --allow-all --no-ask-user`, offline with a custom
/// provider: tools get `COPILOT_CLI=1` and the session id in `COPILOT_AGENT_SESSION_ID`;
/// hooks (a repository's `.github/hooks/*.json`, in a trusted folder) get `COPILOT_CLI`,
/// `COPILOT_PROJECT_DIR` and `CLAUDE_PROJECT_DIR`, the session id only in the payload.
/// `permissionRequest` fires before the tool runs even under `--allow-all`.
pub(super) const COPILOT: Verified = Verified {
    version: "1.0.102",
    older: &[],
    tool_vars: &["COPILOT_CLI", "COPILOT_AGENT_SESSION_ID", "COPILOT_CLI_BINARY_VERSION"],
    hook_vars: &["COPILOT_CLI", "COPILOT_PROJECT_DIR", "CLAUDE_PROJECT_DIR", "COPILOT_CLI_BINARY_VERSION"],
    session_vars: &["COPILOT_AGENT_SESSION_ID"],
    events: &[
        "sessionStart",
        "userPromptSubmitted",
        "userPromptTransformed",
        "preToolUse",
        "permissionRequest",
        "postToolUse",
        "agentStop",
        "sessionEnd",
    ],
};

/// oh-my-pi 18.2.3, `omp -p --yolo` on Bun 1.4.5 with a `models.yml` provider: its bash
/// tool's environment sets `AGENT=1` and `CI=true` (OpenCode's and CI's spellings, no
/// variable of its own) and no session id, so its ancestry decides; extension events
/// reach a `.omp/hooks/pre/` factory.
pub(super) const OMP: Verified = Verified {
    version: "18.2.3",
    older: &[],
    tool_vars: &[],
    hook_vars: &[],
    session_vars: &[],
    events: &["session_start", "before_agent_start", "tool_call", "tool_result", "agent_end", "session_shutdown"],
};

/// Factory Droid 0.215.0, `droid exec --auto high` with a custom model, no Factory login:
/// tools get only `FACTORY_*` settings variables (its ancestry decides); hooks (Claude's
/// settings object in `~/.factory/settings.json`) get `DROID_PROJECT_DIR`,
/// `FACTORY_PROJECT_DIR` and Claude's `CLAUDE_PROJECT_DIR`; the session id only in the
/// payload. A SessionStart hook's plain stdout reaches the model.
pub(super) const DROID: Verified = Verified {
    version: "0.215.0",
    older: &[],
    tool_vars: &[],
    hook_vars: &["DROID_PROJECT_DIR", "FACTORY_PROJECT_DIR", "CLAUDE_PROJECT_DIR"],
    session_vars: &[],
    events: &["SessionStart", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"],
};

/// OpenHands CLI 1.16.0 (PyPI `openhands`, `openhands-sdk` 1.21.0), `--headless --json -t
/// --override-with-envs`: its terminal tool runs in a tmux server of its own (so no
/// OpenHands process is among the tool's ancestors) whose shell exports the `###PS1JSON###`
/// prompt; the SDK sets OpenRouter's attribution on `os.environ` (tool and hooks); hooks
/// get `OPENHANDS_*` (`hooks/executor.py`), the session id in `OPENHANDS_SESSION_ID`.
pub(super) const OPENHANDS: Verified = Verified {
    version: "1.16.0",
    older: &[],
    tool_vars: &["PS1", "PROMPT_COMMAND", "OR_APP_NAME", "OR_SITE_URL"],
    hook_vars: &["OPENHANDS_SESSION_ID", "OPENHANDS_PROJECT_DIR", "OPENHANDS_EVENT_TYPE", "OR_APP_NAME", "OR_SITE_URL"],
    session_vars: &["OPENHANDS_SESSION_ID"],
    events: &["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"],
};

/// Hermes Agent 0.19.0 (PyPI `hermes-agent`), `chat -q --yolo --accept-hooks`: tools and
/// shell hooks inherit its `os.environ`, where it puts `HERMES_SESSION_ID`
/// (`agent/agent_init.py`), `HERMES_QUIET=1` (at import, `cli.py`), `HERMES_INTERACTIVE`
/// and `HERMES_KANBAN_BOARD`; tools also get `HERMES_REAL_HOME`. No `HERMES_AGENT`.
pub(super) const HERMES: Verified = Verified {
    version: "0.19.0",
    older: &[],
    tool_vars: &["HERMES_SESSION_ID", "HERMES_QUIET", "HERMES_INTERACTIVE", "HERMES_KANBAN_BOARD", "HERMES_REAL_HOME"],
    hook_vars: &["HERMES_SESSION_ID", "HERMES_QUIET", "HERMES_INTERACTIVE", "HERMES_KANBAN_BOARD"],
    session_vars: &["HERMES_SESSION_ID"],
    events: &[
        "on_session_start",
        "pre_llm_call",
        "pre_api_request",
        "pre_tool_call",
        "transform_terminal_output",
        "transform_tool_result",
        "post_tool_call",
        "post_api_request",
        "transform_llm_output",
        "post_llm_call",
        "on_session_end",
        "on_session_finalize",
    ],
};

/// Mistral Vibe 3.0.3 (PyPI `mistral-vibe`), `-p --auto-approve --trust`, the stub as an
/// OpenAI-style provider: `vibe` runs the Rust front end `vibe-rs`, which runs the Python
/// `vibe-app-server` with `VIBE_APP_SERVER_BIN` set; tools and hooks inherit it. Tools also
/// get `CI=true`, `NONINTERACTIVE=1`, `NO_TTY=1`, `PAGER=cat` (`vibe/core/utils/shell.py`).
/// No session variable: the session id is only in a payload. The project's
/// `.vibe/hooks.toml` loads in a trusted folder only (`--trust`).
pub(super) const VIBE: Verified = Verified {
    version: "3.0.3",
    older: &[],
    tool_vars: &["VIBE_APP_SERVER_BIN", "CI", "NONINTERACTIVE", "NO_TTY"],
    hook_vars: &["VIBE_APP_SERVER_BIN"],
    session_vars: &[],
    events: &["pre_tool", "post_tool", "post_agent"],
};

/// gptme 0.35.1 (PyPI `gptme`), `-n -y --tool-format tool -m local/<model>`: its shell
/// tool gets nothing of its own; its script hooks get `GPTME_HOOK_EVENT` and the rest of
/// `gptme/hooks/script.py`'s variables, no payload and no session id.
pub(super) const GPTME: Verified = Verified {
    version: "0.35.1",
    older: &[],
    tool_vars: &[],
    hook_vars: &["GPTME_HOOK_EVENT", "GPTME_LOGDIR", "GPTME_WORKSPACE", "GPTME_MODEL"],
    session_vars: &[],
    events: &["session.start", "session.end"],
};

/// Kimi CLI 1.51.0 (PyPI `kimi-cli`), `--print -p --yolo`, the stub an `openai_legacy`
/// provider: its process is `Kimi Code` (`setproctitle`); tools get only
/// `GIT_TERMINAL_PROMPT=0`, hooks its environment unchanged (nothing of its own); the
/// session id only in a payload. Tool-less events of a one-shot run fired; the rest
/// (subagents, compaction, failures, notifications) need what `-p` does not do.
pub(super) const KIMI: Verified = Verified {
    version: "1.51.0",
    older: &[],
    tool_vars: &[],
    hook_vars: &[],
    session_vars: &[],
    events: &["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"],
};
