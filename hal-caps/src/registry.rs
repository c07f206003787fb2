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
#[derive(Debug, Clone, PartialEq, Eq)]
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
    /// The capability row, given literally for the design's runtimes.
    pub caps: Capabilities,
    /// Where the facts come from.
    pub sources: &'static [Source],
}

impl Runtime {
    /// Whether every identifying fact rests on third parties only.
    #[must_use]
    pub fn secondary_only(&self) -> bool {
        !self.sources.iter().any(|s| s.vendor)
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

const fn m(var: &'static str, value: ValueRule, strength: Strength) -> Marker {
    Marker { var, value, strength, secondary: false }
}

const fn m2(var: &'static str, value: ValueRule, strength: Strength) -> Marker {
    Marker { var, value, strength, secondary: true }
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

use GuppStrategy as G;
use Strength::{Definitive, Strong};
#[allow(unused_imports, reason = "kept for rows that match a value part")]
use ValueRule::Contains;
use ValueRule::{Exact, Truthy};

/// The defaults of a runtime hal knows nothing about: the design's `unknown` column.
pub const UNKNOWN_CAPS: Capabilities =
    Capabilities::new(RuntimeProvider::Unknown, None, StartupStrategy::Polling, G::Polling, secs(300), secs(120))
        .with_nudge_support(Support::Yes);

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

/// The canonical agent lifecycle events, in canonical order.
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

/// Every runtime hal knows, in marker priority order; `unknown` last.
pub static REGISTRY: &[Runtime] = &[
    Runtime {
        provider: RuntimeProvider::Cursor,
        name: "Cursor",
        aliases: &["cursor-agent"],
        markers: &[
            m("CURSOR_AGENT", Exact("1"), Definitive),
            m2("CURSOR_INVOKED_AS", Exact("cursor-agent"), Strong),
            m2("CURSOR_EXTENSION_HOST_ROLE", Exact("agent-exec"), Strong),
        ],
        combos: &[Combo {
            all: &[("CURSOR_TRACE_ID", Truthy), ("PAGER", Exact("head -n 10000 | cat"))],
            secondary: true,
        }],
        weak: &["CURSOR_TRACE_ID"],
        executables: &["cursor-agent"],
        scripts: &[],
        session_vars: &["CURSOR_CONVERSATION_ID"],
        cascade_session_var: None,
        workspace_file: None,
        derived_from: None,
        hooks: Some(Hooks {
            files: &[".cursor/hooks.json", "~/.cursor/hooks.json", "/etc/cursor/hooks.json"],
            inject: Inject::Yes,
            schema: HookSchema::Native,
            events: CURSOR_EVENTS,
        }),
        caps: Capabilities::new(
            RuntimeProvider::Cursor,
            None,
            StartupStrategy::StartupFallback,
            G::PromptPreamble,
            secs(120),
            secs(30),
        )
        .with_session_hooks(Support::Partial)
        .with_context_fork(Support::Yes)
        .with_startup_injection(StartupInjection::CommandPalette)
        .with_nudge_support(Support::Partial),
        sources: &[
            vendor("https://cursor.com/docs/agent/terminal"),
            vendor("https://cursor.com/docs/hooks"),
            third("vercel/vercel:packages/detect-agent/src/index.ts"),
        ],
    },
    Runtime {
        provider: RuntimeProvider::Gemini,
        name: "Gemini CLI",
        aliases: &["gemini-cli"],
        markers: &[m("GEMINI_CLI", Exact("1"), Definitive)],
        combos: &[],
        weak: &["GEMINI_CLI_HOME"],
        executables: &["gemini"],
        scripts: &["@google/gemini-cli/"],
        session_vars: &["GEMINI_SESSION_ID"],
        cascade_session_var: None,
        workspace_file: None,
        derived_from: None,
        hooks: Some(Hooks {
            files: &[".gemini/settings.json", "~/.gemini/settings.json", "/etc/gemini-cli/settings.json"],
            inject: Inject::Yes,
            schema: HookSchema::ClaudeSettings,
            events: GEMINI_EVENTS,
        }),
        caps: Capabilities::new(
            RuntimeProvider::Gemini,
            Some("GT_SESSION_ID"),
            StartupStrategy::StartupFallback,
            G::Polling,
            secs(300),
            secs(120),
        )
        .with_startup_injection(StartupInjection::PrimeFallback)
        .with_nudge_support(Support::Yes),
        sources: &[
            vendor("google-gemini/gemini-cli:packages/core/src/services/shellExecutionService.ts"),
            vendor("google-gemini/gemini-cli:docs/hooks/reference.md"),
        ],
    },
    Runtime {
        provider: RuntimeProvider::Codex,
        name: "Codex CLI",
        aliases: &["codex-cli", "openai-codex"],
        markers: &[
            m("CODEX_THREAD_ID", Truthy, Definitive),
            m("CODEX_SANDBOX", Truthy, Strong),
            m("CODEX_SANDBOX_NETWORK_DISABLED", Exact("1"), Strong),
            m2("CODEX_CI", Truthy, Strong),
        ],
        combos: &[],
        weak: &["CODEX_HOME"],
        executables: &["codex", "codex-x86_64-*", "codex-aarch64-*"],
        scripts: &["@openai/codex/"],
        session_vars: &["CODEX_THREAD_ID"],
        cascade_session_var: None,
        workspace_file: None,
        derived_from: None,
        hooks: Some(Hooks {
            files: &[".codex/hooks.json", "~/.codex/hooks.json", "~/.codex/config.toml"],
            inject: Inject::Yes,
            schema: HookSchema::Native,
            events: CODEX_EVENTS,
        }),
        caps: Capabilities::new(
            RuntimeProvider::Codex,
            Some("GT_SESSION_ID"),
            StartupStrategy::StartupFallback,
            G::StartupFallback,
            secs(180),
            secs(60),
        )
        .with_startup_injection(StartupInjection::PrimeFallback)
        .with_nudge_support(Support::Yes),
        sources: &[
            vendor("openai/codex:codex-rs/protocol/src/shell_environment.rs"),
            vendor("openai/codex:codex-rs/hooks/src/lib.rs"),
            vendor("https://developers.openai.com/codex/hooks"),
        ],
    },
    Runtime {
        provider: RuntimeProvider::Claude,
        name: "Claude Code",
        aliases: &["claude-code"],
        markers: &[
            m("CLAUDE_CODE_CHILD_SESSION", Exact("1"), Definitive),
            m("CLAUDECODE", Exact("1"), Strong),
            m("CLAUDE_CODE_SESSION_ID", Truthy, Strong),
            m("CLAUDE_CODE_REMOTE", Exact("true"), Strong),
            m2("CLAUDE_CODE_ENTRYPOINT", Truthy, Strong),
        ],
        combos: &[],
        weak: &["CLAUDE_CONFIG_DIR", "CLAUDE_PROJECT_DIR", "CLAUDE_ENV_FILE", "CLAUDE_PLUGIN_ROOT"],
        executables: &["claude"],
        scripts: &["@anthropic-ai/claude-code/"],
        session_vars: &["CLAUDE_SESSION_ID", "CLAUDE_CODE_SESSION_ID"],
        cascade_session_var: Some("CLAUDE_SESSION_ID"),
        workspace_file: Some(".claude/settings.json"),
        derived_from: None,
        hooks: Some(Hooks {
            files: &[".claude/settings.json", ".claude/settings.local.json", "~/.claude/settings.json"],
            inject: Inject::Yes,
            schema: HookSchema::ClaudeSettings,
            events: CLAUDE_EVENTS,
        }),
        caps: Capabilities::new(
            RuntimeProvider::Claude,
            Some("CLAUDE_SESSION_ID"),
            StartupStrategy::HookInjection,
            G::HookInjection,
            secs(120),
            secs(30),
        )
        .with_session_hooks(Support::Yes)
        .with_context_fork(Support::Yes)
        .with_startup_injection(StartupInjection::SessionStartHook)
        .with_nudge_support(Support::Yes),
        sources: &[
            vendor("https://code.claude.com/docs/en/env-vars"),
            vendor("https://code.claude.com/docs/en/hooks"),
            vendor("anthropics/claude-code:CHANGELOG.md"),
        ],
    },
    Runtime {
        provider: RuntimeProvider::Unknown,
        name: "unknown",
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
        caps: UNKNOWN_CAPS,
        sources: &[vendor("DESIGN.md: capability matrix, `unknown` column")],
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

/// Every variable name the registry mentions (markers, combos, weak signals, session
/// variables), sorted and deduplicated: the lint's list of runtime indicators.
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
