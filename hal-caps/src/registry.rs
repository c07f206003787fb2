//! The runtime registry: one row per runtime, the single source of every fact hal
//! knows about a runtime (its signals, executables, session variables, hooks,
//! capabilities and the sources of those facts).
//!
//! hal-detect matches the host against the signals; hal-caps derives capability rows;
//! the lint, README and snapshots are generated from it. The table holds names as
//! data; nothing here reads them.
//!
//! Row order is the marker priority used when signals of several runtimes are present
//! and no process ancestor arbitrates: a runtime that keeps or sets another runtime's
//! markers comes before it (see `registry_is_valid` in the tests).

use std::time::Duration;

use hal_types::{Capabilities, GuppStrategy, RuntimeProvider, StartupInjection, StartupStrategy, Strength, Support};

/// How a marker's value must look for the marker to count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ValueRule {
    /// Any value that is not falsy (empty, `0`, `false`, `no`, `off`).
    Truthy,
    /// Exactly this value.
    Exact(&'static str),
    /// A value containing this text, compared case-insensitively.
    Contains(&'static str),
}

impl ValueRule {
    /// Whether `value` satisfies the rule. `None` (unset or not UTF-8) never does.
    #[must_use]
    pub fn matches(self, value: Option<&str>) -> bool {
        let Some(value) = value else { return false };
        match self {
            Self::Truthy => !is_falsy(value),
            Self::Exact(want) => value == want,
            Self::Contains(part) => value.to_ascii_lowercase().contains(&part.to_ascii_lowercase()),
        }
    }
}

/// Empty, `0`, `false`, `no` and `off` (any case, surrounding space ignored) count as unset.
#[must_use]
pub fn is_falsy(value: &str) -> bool {
    let v = value.trim();
    v.is_empty() || ["0", "false", "no", "off"].iter().any(|f| v.eq_ignore_ascii_case(f))
}

/// An environment variable that identifies a runtime on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Marker {
    /// The variable name.
    pub var: &'static str,
    /// What its value must look like.
    pub value: ValueRule,
    /// Definitive or strong (weak signals live in [`Runtime::weak`] and [`Combo`]).
    pub strength: Strength,
    /// `true` when only third parties, not the vendor, document it.
    pub secondary: bool,
}

/// Weak signals that identify a runtime only together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Combo {
    /// Every (variable, rule) pair must hold.
    pub all: &'static [(&'static str, ValueRule)],
    /// `true` when only third parties document the combination.
    pub secondary: bool,
}

/// Whether a session-start hook's output reaches the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Inject {
    /// The output reaches model context.
    Yes,
    /// The hook can only trigger a follow-up prompt.
    Nudge,
    /// Neither.
    No,
}

/// The shape of a runtime's hook file, where hal can render a fragment for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum HookSchema {
    /// Claude Code's `settings.json` `hooks` object.
    ClaudeSettings,
    /// Anything else (plugins, extensions, other JSON): hal names the event only.
    Native,
}

/// A runtime's hook system.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Hooks {
    /// Where hook configuration lives, workspace-relative first.
    pub files: &'static [&'static str],
    /// Whether the session-start hook can inject context.
    pub inject: Inject,
    /// The hook file's schema.
    pub schema: HookSchema,
    /// Canonical lifecycle event → the runtime's native hook name.
    pub events: &'static [(&'static str, &'static str)],
}

/// Where a fact comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Source {
    /// `owner/repo:path`, `owner/repo#N` or a URL.
    pub cite: &'static str,
    /// `true` for the vendor's own code or docs; `false` for third parties only.
    pub vendor: bool,
}

/// One runtime.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Runtime {
    /// The provider this row describes.
    pub provider: RuntimeProvider,
    /// Human name.
    pub name: &'static str,
    /// Other spellings accepted by `GT_RUNTIME`, `GT_AGENT`, `AI_AGENT` and `--provider`.
    pub aliases: &'static [&'static str],
    /// Variables that identify the runtime on their own.
    pub markers: &'static [Marker],
    /// Weak signals that count only together.
    pub combos: &'static [Combo],
    /// Weak signals that never decide alone (documented so tests can prove it).
    pub weak: &'static [&'static str],
    /// Exact executable basenames; a trailing `*` matches a prefix (`muse-bin-*`).
    pub executables: &'static [&'static str],
    /// Script path anchors run by an interpreter (`@google/gemini-cli/`).
    pub scripts: &'static [&'static str],
    /// Variables carrying the session id, most specific first.
    pub session_vars: &'static [&'static str],
    /// The design's session-id detection step (cascade step 2), if this runtime has one.
    pub cascade_session_var: Option<&'static str>,
    /// A workspace file whose presence means this runtime (cascade step 5).
    pub workspace_file: Option<&'static str>,
    /// The runtime whose markers this one sets or inherits.
    pub derived_from: Option<RuntimeProvider>,
    /// The hook system, if any.
    pub hooks: Option<Hooks>,
    /// Whether the runtime's launch command takes an initial prompt (so `gt prime` can
    /// be delivered at start: the startup fallback).
    pub takes_prompt: bool,
    /// Whether a session's context can be forked.
    pub context_fork: Support,
    /// The capability row, given literally for the design's runtimes; `None`: derived
    /// from the facts above (see `hal_caps::derive`).
    pub caps: Option<&'static Capabilities>,
    /// Where the facts come from.
    pub sources: &'static [Source],
}

impl Runtime {
    /// Whether the runtime's identification rests on third parties only: every marker
    /// and combination is secondary, or (for a runtime known only by its executable or
    /// a stamp) no source is the vendor's.
    #[must_use]
    pub fn secondary_only(&self) -> bool {
        if self.markers.is_empty() && self.combos.is_empty() {
            return !self.sources.iter().any(|s| s.vendor);
        }
        self.markers.iter().all(|m| m.secondary) && self.combos.iter().all(|c| c.secondary)
    }

    /// The strongest identifying signal, for listings.
    #[must_use]
    pub fn strongest_signal(&self) -> Option<String> {
        if let Some(m) = self.markers.iter().min_by_key(|m| m.strength) {
            return Some(match m.value {
                ValueRule::Exact(v) => format!("{}={v}", m.var),
                ValueRule::Contains(v) => format!("{}~{v}", m.var),
                ValueRule::Truthy => m.var.to_owned(),
            });
        }
        if let Some(c) = self.combos.first() {
            return Some(c.all.iter().map(|(v, _)| *v).collect::<Vec<_>>().join(" + "));
        }
        self.executables.first().map(|e| format!("process `{e}`"))
    }

    /// Whether `name` is this runtime's id or one of its aliases (ASCII case-insensitive).
    #[must_use]
    pub fn is_named(&self, name: &str) -> bool {
        self.provider.as_str().eq_ignore_ascii_case(name) || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    }

    /// Whether this runtime is `other` or derived from it (directly or transitively).
    #[must_use]
    pub fn in_family_of(&self, other: RuntimeProvider) -> bool {
        let mut cur = Some(self.provider);
        let mut hops = 0;
        while let Some(p) = cur {
            if p == other {
                return true;
            }
            hops += 1;
            if hops > REGISTRY.len() {
                return false;
            }
            cur = runtime(p).derived_from;
        }
        false
    }
}

const fn def(var: &'static str, value: ValueRule) -> Marker {
    Marker { var, value, strength: Strength::Definitive, secondary: false }
}

const fn strong(var: &'static str, value: ValueRule) -> Marker {
    Marker { var, value, strength: Strength::Strong, secondary: false }
}

/// A strong marker documented by third parties only.
const fn strong2(var: &'static str, value: ValueRule) -> Marker {
    Marker { var, value, strength: Strength::Strong, secondary: true }
}

const fn vendor(cite: &'static str) -> Source {
    Source { cite, vendor: true }
}

const fn third(cite: &'static str) -> Source {
    Source { cite, vendor: false }
}

const fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

#[allow(clippy::unnecessary_wraps, reason = "rows write `hooks: hooks(..)` for an optional field")]
const fn hooks(
    files: &'static [&'static str],
    inject: Inject,
    events: &'static [(&'static str, &'static str)],
) -> Option<Hooks> {
    Some(Hooks { files, inject, schema: HookSchema::Native, events })
}

/// A row with nothing known but its id and name; rows override what they know.
const fn base(provider: RuntimeProvider, name: &'static str) -> Runtime {
    Runtime {
        provider,
        name,
        aliases: &[],
        markers: &[],
        combos: &[],
        weak: &[],
        executables: &[],
        scripts: &[],
        session_vars: &[],
        cascade_session_var: None,
        workspace_file: None,
        derived_from: None,
        hooks: None,
        takes_prompt: false,
        context_fork: Support::No,
        caps: None,
        sources: &[],
    }
}

use GuppStrategy as G;
use RuntimeProvider as P;
use ValueRule::{Contains, Exact, Truthy};

/// The defaults of a runtime hal knows nothing about: the design's `unknown` column.
pub const UNKNOWN_CAPS: Capabilities =
    Capabilities::new(P::Unknown, None, StartupStrategy::Polling, G::Polling, secs(300), secs(120))
        .with_nudge_support(Support::Yes);

const CLAUDE_CAPS: Capabilities = Capabilities::new(
    P::Claude,
    Some("CLAUDE_SESSION_ID"),
    StartupStrategy::HookInjection,
    G::HookInjection,
    secs(120),
    secs(30),
)
.with_session_hooks(Support::Yes)
.with_context_fork(Support::Yes)
.with_startup_injection(StartupInjection::SessionStartHook)
.with_nudge_support(Support::Yes);

const CODEX_CAPS: Capabilities = Capabilities::new(
    P::Codex,
    Some("GT_SESSION_ID"),
    StartupStrategy::StartupFallback,
    G::StartupFallback,
    secs(180),
    secs(60),
)
.with_startup_injection(StartupInjection::PrimeFallback)
.with_nudge_support(Support::Yes);

const GEMINI_CAPS: Capabilities = Capabilities::new(
    P::Gemini,
    Some("GT_SESSION_ID"),
    StartupStrategy::StartupFallback,
    G::Polling,
    secs(300),
    secs(120),
)
.with_startup_injection(StartupInjection::PrimeFallback)
.with_nudge_support(Support::Yes);

const CURSOR_CAPS: Capabilities =
    Capabilities::new(P::Cursor, None, StartupStrategy::StartupFallback, G::PromptPreamble, secs(120), secs(30))
        .with_session_hooks(Support::Partial)
        .with_context_fork(Support::Yes)
        .with_startup_injection(StartupInjection::CommandPalette)
        .with_nudge_support(Support::Partial);

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
const CLAUDE_EVENTS: &[(&str, &str)] = &[
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
const CODEX_EVENTS: &[(&str, &str)] = &[
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
/// Claude Code's hook system, shared by the rows that run the `claude` binary.
const CLAUDE_HOOKS: Option<Hooks> = Some(Hooks {
    files: &[".claude/settings.json", ".claude/settings.local.json", "~/.claude/settings.json"],
    inject: Inject::Yes,
    schema: HookSchema::ClaudeSettings,
    events: CLAUDE_EVENTS,
});
const OMP_EVENTS: &[(&str, &str)] = &[
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
const GEMINI_EVENTS: &[(&str, &str)] = &[
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
const CURSOR_EVENTS: &[(&str, &str)] = &[
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
const COPILOT_EVENTS: &[(&str, &str)] = &[
    ("session.start", "sessionStart"),
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
const OPENCODE_EVENTS: &[(&str, &str)] = &[
    ("session.start", "session.created"),
    ("tool.use.pre", "tool.execute.before"),
    ("tool.use.post", "tool.execute.after"),
    ("file.edit.post", "file.edited"),
];
const AMP_EVENTS: &[(&str, &str)] = &[
    ("session.start", "session.start"),
    ("tool.use.pre", "tool.call"),
    ("tool.use.post", "tool.result"),
    ("subagent.start", "agent.start"),
    ("subagent.end", "agent.end"),
];
const KIRO_EVENTS: &[(&str, &str)] = &[
    ("session.start", "agentSpawn"),
    ("prompt.submit", "userPromptSubmit"),
    ("tool.use.pre", "preToolUse"),
    ("tool.use.post", "postToolUse"),
    ("turn.end", "stop"),
];
const CLINE_EVENTS: &[(&str, &str)] = &[
    ("session.start", "TaskStart"),
    ("session.resume", "TaskResume"),
    ("turn.fail", "TaskCancel"),
    ("prompt.submit", "UserPromptSubmit"),
    ("tool.use.pre", "PreToolUse"),
    ("tool.use.post", "PostToolUse"),
];
const AUGMENT_EVENTS: &[(&str, &str)] = &[
    ("session.start", "SessionStart"),
    ("session.end", "SessionEnd"),
    ("tool.use.pre", "PreToolUse"),
    ("tool.use.post", "PostToolUse"),
    ("turn.end", "Stop"),
];
const WINDSURF_EVENTS: &[(&str, &str)] = &[
    ("file.read.pre", "pre_read_code"),
    ("file.edit.post", "post_write_code"),
    ("shell.exec.pre", "pre_run_command"),
    ("shell.exec.post", "post_run_command"),
    ("mcp.exec.pre", "pre_mcp_tool_use"),
    ("mcp.exec.post", "post_mcp_tool_use"),
    ("prompt.submit", "pre_user_prompt"),
    ("model.response.post", "post_cascade_response"),
];
const DEVIN_EVENTS: &[(&str, &str)] = &[
    ("session.start", "SessionStart"),
    ("prompt.submit", "UserPromptSubmit"),
    ("turn.end", "Stop"),
    ("session.end", "SessionEnd"),
];
const CORTEX_EVENTS: &[(&str, &str)] = &[
    ("session.start", "SessionStart"),
    ("tool.use.pre", "PreToolUse"),
    ("turn.end", "Stop"),
    ("subagent.end", "SubagentStop"),
];
const POLYTOKEN_EVENTS: &[(&str, &str)] = &[("prompt.submit", "pre_user_prompt"), ("turn.end", "stop")];
const CRUSH_EVENTS: &[(&str, &str)] = &[("tool.use.pre", "PreToolUse")];
const GROK_EVENTS: &[(&str, &str)] = &[("session.start", "SessionStart")];
const NO_EVENTS: &[(&str, &str)] = &[];

const FIRSTMATE: Source = third("kunchenguid/firstmate:bin/fm-harness.sh");
const GASTOWN_AGENTS: Source = vendor("steveyegge/gastown:internal/config/agents.go");

/// Every runtime hal knows, in marker priority order; `unknown` last.
///
/// Order: runtimes that set or keep another runtime's markers come before it
/// (copilot-cloud before copilot; cowork, groq-compound, amp, codebuddy, cursor, gemini,
/// rovo, cortex, omp before claude; qwen-code before gemini; kilo before opencode);
/// IDE- and terminal-wide rows come last, since agents in IDE terminals inherit them.
pub static REGISTRY: &[Runtime] = &[
    Runtime {
        markers: &[
            strong2("GITHUB_TRIGGERING_ACTOR", Exact("copilot-swe-agent[bot]")),
            strong2("GITHUB_WORKFLOW", Exact("dynamic/copilot-swe-agent/copilot")),
            strong2("COPILOT_AGENT_JOB_ID", Truthy),
        ],
        weak: &["GITHUB_ACTIONS"],
        session_vars: &["COPILOT_AGENT_SESSION_ID"],
        derived_from: Some(P::Copilot),
        hooks: hooks(&[".github/hooks/gastown.json"], Inject::No, COPILOT_EVENTS),
        takes_prompt: true,
        sources: &[third("watson/is-ci#28"), third("moonrepo/proto#1028")],
        ..base(P::CopilotCloud, "GitHub Copilot cloud agent")
    },
    Runtime {
        combos: &[Combo { all: &[("CLAUDE_CODE_IS_COWORK", Truthy), ("CLAUDECODE", Exact("1"))], secondary: true }],
        weak: &["CLAUDE_CODE_IS_COWORK"],
        session_vars: &["CLAUDE_CODE_SESSION_ID"],
        derived_from: Some(P::Claude),
        hooks: CLAUDE_HOOKS,
        context_fork: Support::Yes,
        sources: &[third("vercel/vercel:packages/detect-agent/src/index.ts"), third("vercel/vercel#15441")],
        ..base(P::Cowork, "Claude Code (Cowork)")
    },
    Runtime {
        session_vars: &["CLAUDE_SESSION_ID", "CLAUDE_CODE_SESSION_ID"],
        derived_from: Some(P::Claude),
        hooks: CLAUDE_HOOKS,
        takes_prompt: true,
        context_fork: Support::Yes,
        sources: &[GASTOWN_AGENTS],
        ..base(P::GroqCompound, "Groq compound (Claude Code)")
    },
    Runtime {
        aliases: &["ampcode"],
        markers: &[
            strong2("AGENT", Exact("amp")),
            strong2("AMP_CURRENT_THREAD_ID", Truthy),
            strong2("AGENT_THREAD_ID", Truthy),
        ],
        weak: &["AMP_HOME"],
        executables: &["amp"],
        session_vars: &["AMP_CURRENT_THREAD_ID"],
        derived_from: Some(P::Claude),
        hooks: hooks(&[".amp/plugins/", "~/.config/amp/plugins/"], Inject::Yes, AMP_EVENTS),
        takes_prompt: true,
        sources: &[vendor("https://ampcode.com/manual/plugin-api"), third("cli/cli:internal/agents/detect.go")],
        ..base(P::Amp, "Amp")
    },
    Runtime {
        markers: &[
            strong2("CODEBUDDY", Truthy),
            strong2("CODEBUDDY_SESSION_ID", Truthy),
            strong2("CODEBUDDY_PROJECT_DIR", Truthy),
        ],
        session_vars: &["CODEBUDDY_SESSION_ID"],
        derived_from: Some(P::Claude),
        sources: &[third("jdx/mise:crates/mise-agent-env/src/lib.rs")],
        ..base(P::Codebuddy, "CodeBuddy")
    },
    Runtime {
        aliases: &["cursor-agent", "cursor-cli"],
        markers: &[
            def("CURSOR_AGENT", Exact("1")),
            strong2("CURSOR_INVOKED_AS", Exact("cursor-agent")),
            strong2("CURSOR_EXTENSION_HOST_ROLE", Exact("agent-exec")),
        ],
        combos: &[Combo {
            all: &[("CURSOR_TRACE_ID", Truthy), ("PAGER", Exact("head -n 10000 | cat"))],
            secondary: true,
        }],
        weak: &["CURSOR_TRACE_ID"],
        executables: &["cursor-agent", "cursor"],
        session_vars: &["CURSOR_CONVERSATION_ID"],
        hooks: hooks(
            &[".cursor/hooks.json", "~/.cursor/hooks.json", "/etc/cursor/hooks.json"],
            Inject::Yes,
            CURSOR_EVENTS,
        ),
        takes_prompt: true,
        context_fork: Support::Yes,
        caps: Some(&CURSOR_CAPS),
        sources: &[
            vendor("https://cursor.com/docs/agent/terminal"),
            vendor("https://cursor.com/docs/hooks"),
            third("vercel/vercel:packages/detect-agent/src/index.ts"),
        ],
        ..base(P::Cursor, "Cursor")
    },
    Runtime {
        aliases: &["qwen"],
        markers: &[def("QWEN_CODE", Exact("1"))],
        executables: &["qwen"],
        session_vars: &["QWEN_CODE_SESSION_ID"],
        derived_from: Some(P::Gemini),
        takes_prompt: true,
        sources: &[vendor("QwenLM/qwen-code:packages/core/src/services/shellExecutionService.ts")],
        ..base(P::QwenCode, "Qwen Code")
    },
    Runtime {
        aliases: &["gemini-cli"],
        markers: &[def("GEMINI_CLI", Exact("1"))],
        weak: &["GEMINI_CLI_HOME"],
        executables: &["gemini"],
        scripts: &["@google/gemini-cli/"],
        session_vars: &["GEMINI_SESSION_ID"],
        hooks: Some(Hooks {
            files: &[".gemini/settings.json", "~/.gemini/settings.json", "/etc/gemini-cli/settings.json"],
            inject: Inject::Yes,
            schema: HookSchema::ClaudeSettings,
            events: GEMINI_EVENTS,
        }),
        takes_prompt: true,
        caps: Some(&GEMINI_CAPS),
        sources: &[
            vendor("google-gemini/gemini-cli:packages/core/src/services/shellExecutionService.ts"),
            vendor("google-gemini/gemini-cli:docs/hooks/reference.md"),
        ],
        ..base(P::Gemini, "Gemini CLI")
    },
    Runtime {
        aliases: &["rovodev", "rovo-dev"],
        markers: &[
            strong2("ATLASSIAN_AGENT_TYPE", Exact("rovo")),
            strong2("ROVODEV_CLI", Exact("1")),
            strong2("AGENT", Exact("rovodev_cli")),
        ],
        executables: &["rovo"],
        takes_prompt: true,
        sources: &[
            third("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/rovo.md"),
            FIRSTMATE,
        ],
        ..base(P::Rovo, "Rovo Dev")
    },
    Runtime {
        markers: &[strong2("CORTEX_SESSION_ID", Truthy), strong2("CORTEX_TASK_CONTEXT_ID", Truthy)],
        weak: &["CORTEX_THINKING_EFFORT"],
        executables: &["cortex"],
        session_vars: &["CORTEX_SESSION_ID"],
        hooks: hooks(&[], Inject::No, CORTEX_EVENTS),
        takes_prompt: true,
        context_fork: Support::Yes,
        sources: &[third("svc-bi-concepts/firstmate:bin/fm-harness.sh")],
        ..base(P::Cortex, "Cortex")
    },
    Runtime {
        aliases: &["oh-my-pi"],
        weak: &["OMP_SKIP_SETUP"],
        executables: &["omp"],
        session_vars: &["OMP_SESSION_ID"],
        hooks: hooks(&[".omp/hooks/gastown-hook.ts"], Inject::Yes, OMP_EVENTS),
        takes_prompt: true,
        sources: &[GASTOWN_AGENTS, third("can1357/oh-my-pi#7847"), FIRSTMATE],
        ..base(P::Omp, "oh-my-pi")
    },
    Runtime {
        aliases: &["codex-cli", "openai-codex"],
        markers: &[
            def("CODEX_THREAD_ID", Truthy),
            strong("CODEX_SANDBOX", Truthy),
            strong("CODEX_SANDBOX_NETWORK_DISABLED", Exact("1")),
            strong2("CODEX_CI", Truthy),
        ],
        weak: &["CODEX_HOME"],
        executables: &["codex", "codex-x86_64-*", "codex-aarch64-*"],
        scripts: &["@openai/codex/"],
        session_vars: &["CODEX_THREAD_ID"],
        hooks: hooks(&[".codex/hooks.json", "~/.codex/hooks.json", "~/.codex/config.toml"], Inject::Yes, CODEX_EVENTS),
        takes_prompt: true,
        caps: Some(&CODEX_CAPS),
        sources: &[
            vendor("openai/codex:codex-rs/protocol/src/shell_environment.rs"),
            vendor("openai/codex:codex-rs/hooks/src/lib.rs"),
            vendor("https://developers.openai.com/codex/hooks"),
        ],
        ..base(P::Codex, "Codex CLI")
    },
    Runtime {
        aliases: &["claude-code"],
        markers: &[
            def("CLAUDE_CODE_CHILD_SESSION", Exact("1")),
            strong("CLAUDECODE", Exact("1")),
            strong("CLAUDE_CODE_SESSION_ID", Truthy),
            strong("CLAUDE_CODE_REMOTE", Exact("true")),
            strong2("CLAUDE_CODE_ENTRYPOINT", Truthy),
        ],
        weak: &["CLAUDE_CONFIG_DIR", "CLAUDE_PROJECT_DIR", "CLAUDE_ENV_FILE", "CLAUDE_PLUGIN_ROOT"],
        executables: &["claude"],
        scripts: &["@anthropic-ai/claude-code/"],
        session_vars: &["CLAUDE_SESSION_ID", "CLAUDE_CODE_SESSION_ID"],
        cascade_session_var: Some("CLAUDE_SESSION_ID"),
        workspace_file: Some(".claude/settings.json"),
        hooks: CLAUDE_HOOKS,
        takes_prompt: true,
        context_fork: Support::Yes,
        caps: Some(&CLAUDE_CAPS),
        sources: &[
            vendor("https://code.claude.com/docs/en/env-vars"),
            vendor("https://code.claude.com/docs/en/hooks"),
            vendor("anthropics/claude-code:CHANGELOG.md"),
        ],
        ..base(P::Claude, "Claude Code")
    },
    Runtime {
        aliases: &["pi-signed", "pi-coding-agent"],
        markers: &[def("PI_CODING_AGENT", Exact("true"))],
        executables: &["pi", "pi-signed", "pi-launcher"],
        session_vars: &["PI_SESSION_ID"],
        hooks: hooks(&[".pi/extensions/gastown-hooks.js", ".pi/hooks/"], Inject::Yes, NO_EVENTS),
        takes_prompt: true,
        sources: &[vendor("earendil-works/pi:packages/coding-agent/src/cli.ts"), GASTOWN_AGENTS],
        ..base(P::Pi, "pi")
    },
    Runtime {
        aliases: &["grok-build"],
        markers: &[strong2("GROK_AGENT", Exact("1"))],
        weak: &["GROK_HOOK_EVENT", "GROK_WORKSPACE_ROOT"],
        executables: &["grok"],
        session_vars: &["GROK_SESSION_ID"],
        hooks: hooks(&[".grok/hooks/gastown.json", "~/.grok/hooks"], Inject::Nudge, GROK_EVENTS),
        takes_prompt: true,
        context_fork: Support::Yes,
        sources: &[
            third("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/grok.md"),
            GASTOWN_AGENTS,
        ],
        ..base(P::Grok, "Grok Build")
    },
    Runtime {
        aliases: &["kilocode", "kilo-code"],
        markers: &[strong2("KILO", Exact("1")), strong2("KILOCODE_VERSION", Truthy), strong2("KILO_RUN_ID", Truthy)],
        executables: &["kilo", "kilocode"],
        session_vars: &["KILO_RUN_ID"],
        derived_from: Some(P::Opencode),
        hooks: hooks(&[".kilo/plugins/"], Inject::Nudge, OPENCODE_EVENTS),
        takes_prompt: true,
        sources: &[
            vendor("https://kilo.ai/docs/automate/extending/plugins"),
            third("expo/agent-cli-detector:src/agents.ts"),
        ],
        ..base(P::Kilo, "Kilo Code")
    },
    Runtime {
        aliases: &["open-code"],
        markers: &[strong2("OPENCODE", Exact("1")), strong2("OPENCODE_PID", Truthy)],
        weak: &["OPENCODE_CONFIG_CONTENT", "OPENCODE_PERMISSION"],
        executables: &["opencode"],
        scripts: &["opencode-ai/"],
        hooks: hooks(&[".opencode/plugins/gastown.js", "~/.config/opencode/plugins/"], Inject::Nudge, OPENCODE_EVENTS),
        takes_prompt: true,
        sources: &[
            vendor("anomalyco/opencode:packages/opencode/src/index.ts"),
            vendor("https://opencode.ai/docs/plugins/"),
        ],
        ..base(P::Opencode, "OpenCode")
    },
    Runtime {
        aliases: &["copilot-cli", "github-copilot"],
        markers: &[
            strong("COPILOT_CLI", Exact("1")),
            strong2("COPILOT_AGENT_SESSION_ID", Truthy),
            strong2("COPILOT_RUN_APP", Exact("1")),
            strong2("GITHUB_COPILOT_CLI_MODE", Exact("true")),
        ],
        weak: &["COPILOT_MODEL", "COPILOT_ALLOW_ALL", "COPILOT_GITHUB_TOKEN", "COPILOT_HOME"],
        executables: &["copilot"],
        scripts: &["@github/copilot/"],
        session_vars: &["COPILOT_AGENT_SESSION_ID"],
        hooks: hooks(&[".github/hooks/gastown.json", "~/.copilot/hooks/"], Inject::No, COPILOT_EVENTS),
        takes_prompt: true,
        sources: &[
            vendor("github/copilot-cli:changelog.md"),
            vendor("https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference"),
        ],
        ..base(P::Copilot, "GitHub Copilot CLI")
    },
    Runtime {
        aliases: &["augment", "augment-cli"],
        markers: &[def("AUGMENT_AGENT", Exact("1"))],
        executables: &["auggie"],
        hooks: hooks(&[".augment/settings.json", "~/.augment/settings.json"], Inject::No, AUGMENT_EVENTS),
        takes_prompt: true,
        sources: &[
            vendor("https://docs.augmentcode.com/cli/reference#shell-environment"),
            vendor("https://docs.augmentcode.com/cli/hooks"),
        ],
        ..base(P::Auggie, "Auggie")
    },
    Runtime {
        aliases: &["kiro-cli"],
        markers: &[
            strong("KIRO_SESSION_ID", Truthy),
            strong2("KIRO_AGENT_PATH", Truthy),
            strong2("AWS_EXECUTION_ENV", Contains("kiro")),
        ],
        combos: &[Combo { all: &[("AGENT_CONTEXT_OUT", Truthy), ("AGENT_DISPLAY_OUT", Truthy)], secondary: true }],
        weak: &["AGENT_CONTEXT_OUT"],
        executables: &["kiro-cli", "kiro-cli-chat"],
        session_vars: &["KIRO_SESSION_ID"],
        hooks: hooks(&[".kiro/agents/"], Inject::Yes, KIRO_EVENTS),
        takes_prompt: true,
        sources: &[vendor("https://kiro.dev/docs/cli/hooks"), third("jdx/mise:crates/mise-agent-env/src/lib.rs")],
        ..base(P::Kiro, "Kiro CLI")
    },
    Runtime {
        aliases: &["amazonq", "q-cli"],
        markers: &[def("AWS_EXECUTION_ENV", Contains("AmazonQ-For-CLI"))],
        executables: &["qchat"],
        hooks: hooks(&[".amazonq/agents/"], Inject::No, KIRO_EVENTS),
        takes_prompt: true,
        sources: &[
            vendor("aws/amazon-q-developer-cli:crates/chat-cli/src/cli/chat/consts.rs"),
            vendor("aws/amazon-q-developer-cli:docs/hooks.md"),
        ],
        ..base(P::AmazonQ, "Amazon Q Developer CLI")
    },
    Runtime {
        markers: &[def("CRUSH", Exact("1")), def("AGENT", Exact("crush"))],
        executables: &["crush"],
        session_vars: &["CRUSH_SESSION_ID"],
        hooks: hooks(&[".crush.json", "crush.json"], Inject::No, CRUSH_EVENTS),
        takes_prompt: true,
        sources: &[vendor("charmbracelet/crush:internal/shell/shell.go"), vendor("charmbracelet/crush:docs/hooks")],
        ..base(P::Crush, "Crush")
    },
    Runtime {
        markers: &[strong("AGENT", Exact("goose")), strong2("GOOSE_TERMINAL", Exact("1"))],
        weak: &["GOOSE_PROVIDER", "GOOSE_MODEL"],
        executables: &["goose"],
        session_vars: &["AGENT_SESSION_ID"],
        takes_prompt: true,
        sources: &[
            vendor("aaif-goose/goose#7017"),
            third("huggingface/huggingface.js:packages/tasks/src/agent-harnesses.ts"),
        ],
        ..base(P::Goose, "Goose")
    },
    Runtime {
        markers: &[def("CLINE_ACTIVE", Exact("true")), strong2("CLINE_TASK_ID", Truthy)],
        weak: &["CLINE_API_KEY"],
        executables: &["cline"],
        session_vars: &["CLINE_TASK_ID"],
        hooks: hooks(&[".clinerules/hooks/"], Inject::Yes, CLINE_EVENTS),
        sources: &[
            vendor("cline/cline:src/hosts/vscode/terminal/VscodeTerminalRegistry.ts"),
            vendor("https://docs.cline.bot/features/hooks"),
        ],
        ..base(P::Cline, "Cline")
    },
    Runtime {
        aliases: &["roo-code"],
        markers: &[strong2("ROO_ACTIVE", Truthy), strong2("ROO_CODE_TASK_ID", Truthy)],
        session_vars: &["ROO_CODE_TASK_ID"],
        sources: &[third("sdairs/is-ai-agent:src/lib.rs")],
        ..base(P::Roo, "Roo Code")
    },
    Runtime {
        executables: &["kimi"],
        takes_prompt: true,
        sources: &[third("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/kimi.md")],
        ..base(P::Kimi, "Kimi CLI")
    },
    Runtime {
        markers: &[strong2("MUSE_RELEASE_INFO", Truthy)],
        weak: &["MUSE_CURRENT_SESSION_LOG"],
        executables: &["muse", "muse-bin-*"],
        takes_prompt: true,
        sources: &[third("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/muse.md")],
        ..base(P::Muse, "Muse")
    },
    Runtime {
        aliases: &["antigravity-cli"],
        executables: &["agy"],
        takes_prompt: true,
        sources: &[third("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/agy.md")],
        ..base(P::Agy, "Antigravity CLI")
    },
    Runtime {
        markers: &[strong2("DEVIN_SESSION_ID", Truthy), strong2("DEVIN_WRAPPER_ACTIVE", Truthy)],
        weak: &["DEVIN_PROJECT_DIR", "EDITOR"],
        executables: &["devin"],
        session_vars: &["DEVIN_SESSION_ID"],
        hooks: hooks(&[], Inject::No, DEVIN_EVENTS),
        takes_prompt: true,
        sources: &[third("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/devin.md")],
        ..base(P::Devin, "Devin")
    },
    Runtime {
        aliases: &["command-code"],
        executables: &["command-code"],
        takes_prompt: true,
        sources: &[third("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/commandcode.md")],
        ..base(P::Commandcode, "Command Code")
    },
    Runtime {
        executables: &["polytoken"],
        hooks: hooks(&[".polytoken/hooks.json"], Inject::No, POLYTOKEN_EVENTS),
        takes_prompt: true,
        sources: &[third("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/polytoken.md")],
        ..base(P::Polytoken, "Polytoken")
    },
    Runtime {
        aliases: &["mistral-vibe"],
        executables: &["vibe"],
        session_vars: &["VIBE_SESSION_ID"],
        takes_prompt: true,
        sources: &[GASTOWN_AGENTS],
        ..base(P::Vibe, "Mistral Vibe")
    },
    Runtime {
        aliases: &["factory"],
        weak: &["DROID_PROJECT_DIR", "FACTORY_PROJECT_DIR"],
        executables: &["droid"],
        takes_prompt: true,
        sources: &[third("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts")],
        ..base(P::Droid, "Droid")
    },
    Runtime {
        markers: &[strong2("ANTIGRAVITY_AGENT", Exact("1")), strong2("ANTIGRAVITY_PROJECT_ID", Truthy)],
        executables: &["antigravity"],
        session_vars: &["ANTIGRAVITY_TRAJECTORY_ID"],
        sources: &[third("databricks/cli:libs/agent/agent.go")],
        ..base(P::Antigravity, "Antigravity")
    },
    Runtime {
        markers: &[strong2("IFLOW_CLI", Truthy)],
        sources: &[third("sdairs/is-ai-agent:src/lib.rs")],
        ..base(P::Iflow, "iFlow CLI")
    },
    Runtime {
        markers: &[strong2("HERMES_SESSION_ID", Truthy)],
        weak: &["HERMES_SESSION_PLATFORM"],
        session_vars: &["HERMES_SESSION_ID"],
        sources: &[third("huggingface/huggingface.js#2222"), third("vercel/vercel#16095")],
        ..base(P::Hermes, "Hermes")
    },
    Runtime {
        markers: &[strong2("OPENCLAW_SHELL", Exact("exec")), strong2("OPENCLAW_CLI", Exact("1"))],
        sources: &[third("vercel/vercel#16095")],
        ..base(P::Openclaw, "OpenClaw")
    },
    Runtime {
        markers: &[strong2("PS1", Contains("###PS1JSON###")), strong2("PROMPT_COMMAND", Contains("###PS1JSON###"))],
        sources: &[third("jdx/mise:crates/mise-agent-env/src/lib.rs")],
        ..base(P::Openhands, "OpenHands")
    },
    Runtime {
        markers: &[strong2("VTCODE", Exact("1"))],
        sources: &[third("huggingface/huggingface.js:packages/tasks/src/agent-harnesses.ts")],
        ..base(P::Vtcode, "VT Code")
    },
    Runtime {
        markers: &[strong2("FIREBENDER_TERMINAL", Truthy)],
        sources: &[third("jdx/mise:crates/mise-agent-env/src/lib.rs")],
        ..base(P::Firebender, "Firebender")
    },
    Runtime {
        weak: &["AIDER_API_KEY"],
        executables: &["aider"],
        takes_prompt: true,
        sources: &[vendor("https://aider.chat/docs/config/aider_conf.html")],
        ..base(P::Aider, "Aider")
    },
    Runtime {
        executables: &["octofriend"],
        sources: &[third("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts")],
        ..base(P::Octofriend, "Octofriend")
    },
    Runtime { sources: &[third("vercel/vercel#16016")], ..base(P::V0, "v0") },
    Runtime {
        markers: &[strong2("JUNIE_DATA", Truthy), strong2("JUNIE_SHIM_PATH", Truthy)],
        sources: &[third("unjs/std-env:src/agents.ts")],
        ..base(P::Junie, "Junie")
    },
    Runtime {
        markers: &[strong2("TRAE_AI_SHELL_ID", Truthy)],
        sources: &[
            third("huggingface/huggingface.js:packages/tasks/src/agent-harnesses.ts"),
            third("jdx/mise:crates/mise-agent-env/src/lib.rs"),
        ],
        ..base(P::Trae, "Trae")
    },
    Runtime {
        aliases: &["devin-desktop"],
        markers: &[strong2("CODEIUM_EDITOR_APP_ROOT", Truthy)],
        hooks: hooks(
            &[".windsurf/hooks.json", "~/.codeium/windsurf/hooks.json", "/etc/windsurf/hooks.json"],
            Inject::No,
            WINDSURF_EVENTS,
        ),
        sources: &[
            vendor("https://docs.windsurf.com/windsurf/cascade/hooks"),
            third("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts"),
        ],
        ..base(P::Windsurf, "Windsurf")
    },
    Runtime {
        aliases: &["vscode-copilot", "github_copilot_vscode_agent"],
        markers: &[strong2("COPILOT_AGENT", Exact("1"))],
        combos: &[Combo { all: &[("TERM_PROGRAM", Exact("vscode")), ("GIT_PAGER", Exact("cat"))], secondary: true }],
        weak: &["VSCODE_AGENT", "TERM_PROGRAM"],
        hooks: Some(Hooks {
            files: &[".claude/settings.json", ".github/hooks/"],
            inject: Inject::No,
            schema: HookSchema::ClaudeSettings,
            events: NO_EVENTS,
        }),
        sources: &[
            vendor("https://code.visualstudio.com/docs/agents/reference/hooks-reference"),
            third("nrwl/nx#35757"),
        ],
        ..base(P::CopilotVscode, "GitHub Copilot (VS Code)")
    },
    Runtime {
        aliases: &["oz"],
        markers: &[def("OZ_RUN_ID", Truthy)],
        weak: &["TERM_PROGRAM"],
        session_vars: &["OZ_RUN_ID"],
        sources: &[vendor("warpdotdev/warp:crates/warp_cli/src/lib.rs")],
        ..base(P::Warp, "Warp (Oz)")
    },
    Runtime {
        markers: &[strong2("REPLIT_SESSION", Truthy)],
        combos: &[Combo { all: &[("REPL_ID", Truthy), ("REPLIT_MODE", Exact("assistant"))], secondary: true }],
        weak: &["REPL_ID"],
        sources: &[
            third("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts"),
            third("expo/agent-cli-detector:src/agents.ts"),
        ],
        ..base(P::Replit, "Replit")
    },
    Runtime {
        combos: &[Combo { all: &[("HOME", Exact("/home/jules")), ("USER", Exact("swebot"))], secondary: true }],
        sources: &[third("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts")],
        ..base(P::Jules, "Jules")
    },
    Runtime {
        combos: &[Combo { all: &[("TERM_PROGRAM", Exact("zed")), ("PAGER", Exact("cat"))], secondary: true }],
        weak: &["ZED_TERM", "ZED_ENVIRONMENT"],
        sources: &[
            vendor("https://zed.dev/docs/ai/external-agents"),
            third("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts"),
        ],
        ..base(P::Zed, "Zed")
    },
    Runtime {
        markers: &[strong2("BOLT_ENV", Truthy), strong2("BOLT_SERVER_URL", Truthy)],
        combos: &[Combo { all: &[("SHELL", Exact("/bin/jsh")), ("npm_config_yes", Truthy)], secondary: true }],
        weak: &["SHELL"],
        sources: &[
            third("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts"),
            third("expo/agent-cli-detector:src/agents.ts"),
        ],
        ..base(P::Bolt, "Bolt")
    },
    Runtime {
        caps: Some(&UNKNOWN_CAPS),
        sources: &[vendor("DESIGN.md: capability matrix, `unknown` column")],
        ..base(P::Unknown, "unknown")
    },
];

/// The registry row of `provider` (the `unknown` row for a provider without one).
#[must_use]
pub fn runtime(provider: RuntimeProvider) -> &'static Runtime {
    REGISTRY.iter().find(|r| r.provider == provider).unwrap_or_else(|| &REGISTRY[REGISTRY.len() - 1])
}

/// Resolves a runtime name: id or alias, trimmed, ASCII case-insensitive.
#[must_use]
pub fn lookup(name: &str) -> Option<RuntimeProvider> {
    let name = name.trim();
    REGISTRY.iter().find(|r| r.is_named(name)).map(|r| r.provider)
}

/// Parses an `AI_AGENT` value (`claude-code_2-1-263_agent`, `crush`, `devin@1`,
/// `github_copilot_vscode_agent`) into the runtime it names, if hal knows it.
#[must_use]
pub fn parse_ai_agent(value: &str) -> Option<RuntimeProvider> {
    let v = value.trim();
    if v.is_empty() || v.len() > 256 {
        return None;
    }
    let no_version = v.split('@').next().unwrap_or(v);
    let first_word = no_version.split('_').next().unwrap_or(no_version);
    [v, no_version, first_word].into_iter().find_map(lookup)
}

/// Variables some rows use in a combination but that belong to the OS, the terminal or
/// CI, and that skills read for reasons of their own: they are not lint indicators.
pub const GENERIC_VARS: &[&str] = &[
    "HOME",
    "USER",
    "SHELL",
    "PAGER",
    "GIT_PAGER",
    "EDITOR",
    "PS1",
    "PROMPT_COMMAND",
    "TERM_PROGRAM",
    "npm_config_yes",
    "GITHUB_ACTIONS",
    "GITHUB_WORKFLOW",
    "AWS_EXECUTION_ENV",
];

/// Every runtime-specific variable name the registry mentions (markers, combos, weak
/// signals, session variables; not [`GENERIC_VARS`]), sorted and deduplicated: the
/// lint's list of runtime indicators.
#[must_use]
pub fn indicator_vars() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = REGISTRY
        .iter()
        .flat_map(|r| {
            r.markers
                .iter()
                .map(|m| m.var)
                .chain(r.combos.iter().flat_map(|c| c.all.iter().map(|(v, _)| *v)))
                .chain(r.weak.iter().copied())
                .chain(r.session_vars.iter().copied())
                .chain(r.cascade_session_var)
        })
        .filter(|v| !GENERIC_VARS.contains(v))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Every workspace path the registry names as a runtime indicator (hook files and
/// workspace files), sorted and deduplicated.
#[must_use]
pub fn indicator_paths() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = REGISTRY
        .iter()
        .flat_map(|r| r.hooks.iter().flat_map(|h| h.files.iter().copied()).chain(r.workspace_file))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}
