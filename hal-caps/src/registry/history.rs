//! The dated facts: what moved between versions of a runtime, read in the packages
//! themselves on 2026-12-01 (npm `<package>@<version>`: the bundled JS's or binary's
//! strings hold the event names and variables) and seen in offline runs of those
//! versions against a loopback model stub. Each fact cites the versions read; a fact's
//! `since` is the first version read that has it (see `dated`). The events' versions are
//! their rows' (`events`: one row per native event), not repeated here.

use super::span::{AgentForm, History, HookHistory, Span, VarSpan};

/// The packages read at every version the registry dates Claude Code for.
pub(super) const CLAUDE_READ: &str = "@anthropic-ai/claude-code@1.0.56, 1.0.88, 2.0.50, 2.1.100 (cli.js)";

/// Claude Code: its events' versions are in `events::CLAUDE_EVENTS`.
pub(super) const CLAUDE: History = History {
    oldest: "1.0.56",
    packages: &[],
    version_vars: &[],
    install_vars: &["CLAUDE_CODE_EXECPATH"],
    hooks: HookHistory { span: Span { since: None, until: None }, switch: None, before: None, cite: CLAUDE_READ },
    vars: &[
        VarSpan {
            var: "CLAUDECODE",
            set_for: "tools",
            span: Span { since: None, until: None },
            cite: "offline runs of @anthropic-ai/claude-code@1.0.56, 1.0.88, 2.0.50, 2.1.100, 2.1.332",
        },
        VarSpan {
            var: "CLAUDECODE",
            set_for: "hooks",
            span: Span::since("2.1.332"),
            cite: "offline runs: absent from hooks of 1.0.56-2.1.100, present in 2.1.332",
        },
        VarSpan {
            var: "CLAUDE_PROJECT_DIR",
            set_for: "hooks",
            span: Span::since("1.0.88"),
            cite: "offline runs of @anthropic-ai/claude-code@1.0.56 (absent), 1.0.88 (present)",
        },
        VarSpan {
            var: "CLAUDE_CODE_EXECPATH",
            set_for: "tools",
            span: Span::since("2.1.100"),
            cite: "@anthropic-ai/claude-code@2.0.50 (absent), 2.1.100 (present), cli.js",
        },
        VarSpan {
            var: "CLAUDE_CODE_SESSION_ID",
            set_for: "tools and hooks",
            span: Span::since("2.1.332"),
            cite: "offline runs: absent in 1.0.56-2.1.100, present in 2.1.332 (live run 2026-12-01)",
        },
        VarSpan {
            var: "CLAUDE_CODE_CHILD_SESSION",
            set_for: "tools and hooks",
            span: Span::since("2.1.332"),
            cite: "live runs of @anthropic-ai/claude-code@1.0.56, 1.0.61, 1.0.62 (absent), 2.1.332 (present)",
        },
        VarSpan {
            var: "CLAUDE_PID",
            set_for: "tools and hooks",
            span: Span::since("2.1.332"),
            cite: "live runs of @anthropic-ai/claude-code@1.0.56, 1.0.61, 1.0.62 (absent), 2.1.332 (present)",
        },
        VarSpan {
            var: "AI_AGENT",
            set_for: "tools and hooks",
            span: Span::since("2.1.120"),
            cite: "@anthropic-ai/claude-code@2.1.100 (absent), 2.1.120 (present)",
        },
    ],
    ai_agent: &[
        AgentForm {
            form: "claude-code/<v>/agent",
            span: Span::between("2.1.122", "2.1.123"),
            cite: "@anthropic-ai/claude-code@2.1.122, 2.1.123 (also /harness in hooks)",
        },
        AgentForm {
            form: "claude-code_<v>_agent",
            span: Span::since("2.1.332"),
            cite: "live run 2026-12-01 of @anthropic-ai/claude-code@2.1.332 (_harness in hooks)",
        },
    ],
    // Beside Claude's markers at 2.1.120 or later (from its install, or
    // `CLAUDE_CODE_SESSION_ID`, set from 2.1.332), a foreign `AI_AGENT` is the nearer
    // agent's: `AI_AGENT=codex@1.2.3` with `CLAUDECODE=1` is codex then, ambiguous
    // otherwise (`History::overwrites_ai_agent`).
    overwrites_ai_agent: Some(Span::since("2.1.120")),
};

/// Codex CLI: no hook system in 0.47.0 and 0.100.0 (only `notify`); hooks from 0.146.0,
/// behind a feature switch.
pub(super) const CODEX: History = History {
    oldest: "0.47.0",
    packages: &[],
    version_vars: &["CODEX_VERSION"],
    install_vars: &["CODEX_MANAGED_PACKAGE_ROOT"],
    hooks: HookHistory {
        span: Span::since("0.146.0"),
        switch: Some("[features] hooks = true (0.146.0 also reads the deprecated alias codex_hooks = true)"),
        before: Some("notify = [program, ...] in config.toml, run after each turn with one JSON argument"),
        cite: "@openai/codex@0.47.0, 0.100.0 (no hooks: notify only), 0.146.0 (hooks with the feature), binary strings",
    },
    vars: &[
        VarSpan {
            var: "CODEX_THREAD_ID",
            set_for: "tools",
            span: Span::since("0.100.0"),
            cite: "offline runs of @openai/codex@0.47.0 (absent), 0.100.0 (present)",
        },
        VarSpan {
            var: "CODEX_SESSION_ID",
            set_for: "tools",
            span: Span::since("0.171.0"),
            cite: "live runs of @openai/codex@0.47.0, 0.100.0, 0.146.0 (absent), 0.171.0 (present)",
        },
        VarSpan {
            var: "CODEX_MANAGED_PACKAGE_ROOT",
            set_for: "tools and hooks",
            span: Span::since("0.146.0"),
            cite: "live runs of @openai/codex@0.100.0 (absent), 0.146.0, 0.171.0 (present)",
        },
        VarSpan {
            var: "CODEX_VERSION",
            set_for: "tools",
            span: Span::since("0.171.0"),
            cite: "offline runs of @openai/codex@0.47.0, 0.100.0, 0.146.0 (absent), 0.171.0 (present)",
        },
    ],
    ai_agent: &[],
    overwrites_ai_agent: None,
};

/// Gemini CLI: no hook system in 0.10.0; 0.28.2 has the 11 event names of 0.61.0.
pub(super) const GEMINI: History = History {
    oldest: "0.10.0",
    packages: &[],
    version_vars: &[],
    install_vars: &[],
    hooks: HookHistory {
        span: Span::since("0.28.2"),
        switch: None,
        before: None,
        cite: "@google/gemini-cli@0.10.0 (no hooks), 0.28.2, 0.45.2 (the 11 events of 0.61.0), bundle",
    },
    vars: &[
        VarSpan {
            var: "GEMINI_CWD",
            set_for: "hooks",
            span: Span::since("0.45.2"),
            cite: "live runs of @google/gemini-cli@0.28.2 (absent), 0.45.2, 0.61.0 (present)",
        },
        VarSpan {
            var: "GEMINI_PLANS_DIR",
            set_for: "hooks",
            span: Span::since("0.45.2"),
            cite: "live runs of @google/gemini-cli@0.28.2 (absent), 0.45.2, 0.61.0 (present)",
        },
        VarSpan {
            var: "GEMINI_SESSION_ID",
            set_for: "hooks",
            span: Span::since("0.45.2"),
            cite: "offline runs of @google/gemini-cli@0.28.2 (hooks get only GEMINI_PROJECT_DIR, CLAUDE_PROJECT_DIR); live runs of 0.45.2 (present), 0.61.0",
        },
    ],
    ai_agent: &[],
    overwrites_ai_agent: None,
};

/// Qwen Code: no hook system in 0.10.1; 14 events in 0.15.10; the 22 of 0.24.4 from 0.21.x.
pub(super) const QWEN: History = History {
    oldest: "0.10.1",
    packages: &[],
    version_vars: &[],
    install_vars: &[],
    hooks: HookHistory {
        span: Span::since("0.15.10"),
        switch: None,
        before: None,
        cite: "@qwen-code/qwen-code@0.10.1 (no hooks), 0.15.10 (14 events), bundle",
    },
    vars: &[
        VarSpan {
            var: "QWEN_CODE_SESSION_ID",
            set_for: "tools and hooks",
            span: Span::since("0.21.10"),
            cite: "offline runs of @qwen-code/qwen-code@0.15.10 (absent), 0.21.10, 0.24.4 (present)",
        },
        VarSpan {
            var: "QWEN_CODE_CLI",
            set_for: "tools and hooks",
            span: Span::since("0.21.10"),
            cite: "live runs of @qwen-code/qwen-code@0.10.1, 0.15.10 (absent), 0.21.10, 0.24.4 (present)",
        },
        VarSpan {
            var: "QWEN_CODE_PROJECT_DIR",
            set_for: "hooks",
            span: Span::since("0.21.10"),
            cite: "live runs of @qwen-code/qwen-code@0.15.10 (absent), 0.21.10, 0.24.4 (present)",
        },
        VarSpan {
            var: "QWEN_CODE_STARTUP_VERSION",
            set_for: "tools",
            span: Span::since("0.21.10"),
            cite: "@qwen-code/qwen-code@0.15.10 (absent), 0.21.10 (present), bundle",
        },
    ],
    ai_agent: &[],
    overwrites_ai_agent: None,
};

/// Pi: no `PI_CODING_AGENT` before 0.73; the project moved to `@earendil-works/pi-coding-agent` (1.x).
pub(super) const PI: History = History {
    oldest: "0.52.12",
    packages: &["@mariozechner/pi-coding-agent", "@earendil-works/pi-coding-agent"],
    version_vars: &[],
    install_vars: &[],
    hooks: HookHistory {
        span: Span { since: None, until: None },
        switch: None,
        before: None,
        cite: "@mariozechner/pi-coding-agent@0.52.12, 0.65.2, 0.73.1 (extensions)",
    },
    vars: &[
        VarSpan {
            var: "PI_CODING_AGENT",
            set_for: "tools and hooks",
            span: Span::since("0.73.0"),
            cite: "@mariozechner/pi-coding-agent@0.52.12, 0.65.2 (absent), 0.73.1 (present)",
        },
        VarSpan {
            var: "PI_SESSION_ID",
            set_for: "tools",
            span: Span::since("1.6.0"),
            cite: "live runs of @mariozechner/pi-coding-agent@0.52.12, 0.65.2, 0.73.1 (absent), @earendil-works/pi-coding-agent@1.6.0 (present)",
        },
        VarSpan {
            var: "AI_AGENT",
            set_for: "tools and hooks",
            span: Span::since("1.6.0"),
            cite: "live runs of @mariozechner/pi-coding-agent@0.65.2, 0.73.1 (absent), @earendil-works/pi-coding-agent@1.6.0 (present)",
        },
    ],
    ai_agent: &[AgentForm {
        form: "pi",
        span: Span::since("1.6.0"),
        cite: "@earendil-works/pi-coding-agent@1.6.0 (AI_AGENT=pi, merged upstream 2026-08)",
    }],
    overwrites_ai_agent: Some(Span::since("1.6.0")),
};

/// OpenCode: `OPENCODE_PID` from 1.15.x (1.1.65 sets only `OPENCODE=1` and `AGENT=1`).
pub(super) const OPENCODE: History = History {
    oldest: "1.1.65",
    packages: &[],
    version_vars: &[],
    install_vars: &[],
    hooks: HookHistory {
        span: Span { since: None, until: None },
        switch: None,
        before: None,
        cite: "opencode-ai@1.1.65, 1.15.13, 1.18.33 (plugins; live runs of the version matrix, 2026-12-02)",
    },
    vars: &[VarSpan {
        var: "OPENCODE_PID",
        set_for: "tools",
        span: Span::since("1.15.13"),
        cite: "live runs of opencode-ai@1.1.65 (absent), 1.15.13, 1.18.33 (present)",
    }],
    ai_agent: &[],
    overwrites_ai_agent: None,
};
