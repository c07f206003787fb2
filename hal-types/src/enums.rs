//! The enums of hal's vocabulary.

use crate::vocab::string_enum;

string_enum! {
    /// An AI coding-agent runtime ("harness") hal can name.
    ///
    /// The spelling is the runtime's kebab-case id (`"claude"`, `"codex"`). The enum is
    /// `#[non_exhaustive]`: new runtimes are added in minor releases, so match with a
    /// wildcard arm, which should treat a runtime you do not know like [`RuntimeProvider::Unknown`].
    /// Deserializing a spelling this version does not know yields
    /// [`RuntimeProvider::Unknown`] (JSON from a newer hal still reads); `FromStr` stays
    /// strict, so a CLI can list the accepted values.
    pub enum RuntimeProvider("provider", fallback = Unknown) {
        /// Anthropic's Claude Code.
        Claude = "claude",
        /// OpenAI's Codex CLI.
        Codex = "codex",
        /// Google's Gemini CLI.
        Gemini = "gemini",
        /// Cursor (the `cursor-agent` CLI and the IDE agent).
        Cursor = "cursor",
        /// No runtime could be identified. hal never guesses: callers should use the
        /// most conservative behaviour (polling) or ask a human.
        Unknown = "unknown",
        /// Augment's Auggie CLI.
        Auggie = "auggie",
        /// Sourcegraph's Amp.
        Amp = "amp",
        /// OpenCode.
        Opencode = "opencode",
        /// GitHub Copilot CLI.
        Copilot = "copilot",
        /// The pi coding agent.
        Pi = "pi",
        /// pi's signed build, as Firstmate launches it (`FM_PI_HARNESS=pi-signed`).
        PiSigned = "pi-signed",
        /// oh-my-pi.
        Omp = "omp",
        /// Mistral Vibe.
        Vibe = "vibe",
        /// Claude Code pointed at Groq's compound model (a Gastown preset).
        GroqCompound = "groq-compound",
        /// Kiro CLI.
        Kiro = "kiro",
        /// xAI's Grok Build (not the npm `grok-cli`, [`RuntimeProvider::GrokCli`]).
        Grok = "grok",
        /// Kimi CLI.
        Kimi = "kimi",
        /// Muse.
        Muse = "muse",
        /// Atlassian Rovo Dev CLI.
        Rovo = "rovo",
        /// Google Antigravity CLI.
        Agy = "agy",
        /// Devin (CLI and cloud).
        Devin = "devin",
        /// Command Code.
        Commandcode = "commandcode",
        /// Polytoken.
        Polytoken = "polytoken",
        /// Cortex.
        Cortex = "cortex",
        /// GitHub Copilot's agent in VS Code.
        CopilotVscode = "copilot-vscode",
        /// GitHub Copilot's cloud agent (on Actions).
        CopilotCloud = "copilot-cloud",
        /// Qwen Code (a Gemini CLI fork).
        QwenCode = "qwen-code",
        /// Charm's Crush.
        Crush = "crush",
        /// Goose.
        Goose = "goose",
        /// Cline.
        Cline = "cline",
        /// Roo Code.
        Roo = "roo",
        /// Kilo Code (OpenCode-derived).
        Kilo = "kilo",
        /// Letta Code (`letta`).
        Letta = "letta",
        /// Continue's CLI (`cn`).
        Continue = "continue",
        /// Qoder CLI (`qodercli`).
        Qoder = "qoder",
        /// Windsurf (now Devin Desktop).
        Windsurf = "windsurf",
        /// JetBrains Junie.
        Junie = "junie",
        /// Trae.
        Trae = "trae",
        /// Tencent CodeBuddy (Claude-compatible).
        Codebuddy = "codebuddy",
        /// Warp's Oz agent runs.
        Warp = "warp",
        /// Replit Assistant.
        Replit = "replit",
        /// Google Jules.
        Jules = "jules",
        /// Zed's agent.
        Zed = "zed",
        /// Bolt.
        Bolt = "bolt",
        /// Factory's Droid.
        Droid = "droid",
        /// The Antigravity IDE agent.
        Antigravity = "antigravity",
        /// Amazon Q Developer CLI.
        AmazonQ = "amazon-q",
        /// iFlow CLI.
        Iflow = "iflow",
        /// Hermes agent.
        Hermes = "hermes",
        /// OpenClaw.
        Openclaw = "openclaw",
        /// OpenHands.
        Openhands = "openhands",
        /// VT Code.
        Vtcode = "vtcode",
        /// Firebender.
        Firebender = "firebender",
        /// Aider.
        Aider = "aider",
        /// Octofriend.
        Octofriend = "octofriend",
        /// Claude Code in Cowork mode.
        Cowork = "cowork",
        /// Vercel v0.
        V0 = "v0",
        /// The `grok` command of npm's `@vibe-kit/grok-cli` (not xAI's Grok Build, which
        /// is [`RuntimeProvider::Grok`]).
        GrokCli = "grok-cli",
        /// Rork (an app builder's agent, on Expo).
        Rork = "rork",
        /// gptme.
        Gptme = "gptme",
    }
}

string_enum! {
    /// How an agent receives its role, assignment and GUPP rules when it starts.
    pub enum StartupStrategy("startup strategy", newer = Newer) {
        /// A SessionStart hook injects the context before the first prompt.
        HookInjection = "hook_injection",
        /// The agent is started with a `gt prime` instruction that loads its assignment.
        StartupFallback = "startup_fallback",
        /// The agent starts generic and polls its hook at the nudge interval.
        Polling = "polling",
    }
}

string_enum! {
    /// How the Gas Town Universal Propulsion Principle ("if there is work on your hook,
    /// you must run it") is enforced on a runtime, and so how a stall is seen.
    pub enum GuppStrategy("GUPP strategy", newer = Newer) {
        /// Rules injected by hooks; a stall is seen through hook activity.
        HookInjection = "hook_injection",
        /// Rules baked into the startup context by `gt prime`; a stall is seen through
        /// hook-file modification times.
        StartupFallback = "startup_fallback",
        /// Rules prepended to the prompt (e.g. Cursor's command palette); the least
        /// reliable, the agent may ignore them.
        PromptPreamble = "prompt_preamble",
        /// Rules written to the hook state file and polled by the agent; a stopped
        /// poll is a stall.
        Polling = "polling",
    }
}

string_enum! {
    /// A Gastown agent role.
    pub enum AgentRole("role", newer = Newer) {
        /// The town coordinator; spawns agents. Interactive.
        Mayor = "mayor",
        /// The town-level patrol agent. Autonomous.
        Deacon = "deacon",
        /// A deacon helper. Interactive.
        Dog = "dog",
        /// The watchdog, modelled as a deacon dog. Autonomous.
        Boot = "boot",
        /// The per-rig observer that watches for stalls. Autonomous.
        Witness = "witness",
        /// The per-rig merge queue processor. Autonomous.
        Refinery = "refinery",
        /// A worker that does the assigned work. Autonomous.
        Polecat = "polecat",
        /// A human-directed worker. Interactive.
        Crew = "crew",
    }
}

impl Default for RuntimeProvider {
    /// [`RuntimeProvider::Unknown`]: what hal answers when it knows nothing.
    fn default() -> Self {
        Self::Unknown
    }
}

impl AgentRole {
    /// Whether the role runs without a human at the keyboard (Gastown's
    /// `IsAutonomousRole`): polecat, witness, refinery, deacon and boot.
    #[must_use]
    pub const fn is_autonomous(self) -> bool {
        matches!(self, Self::Polecat | Self::Witness | Self::Refinery | Self::Deacon | Self::Boot)
    }
}

string_enum! {
    /// How fully a runtime supports a capability.
    pub enum Support("support level", newer = Newer) {
        /// Fully supported.
        Yes = "yes",
        /// Supported with limits (Cursor's hooks, Cursor's nudges).
        Partial = "partial",
        /// Not supported.
        No = "no",
    }
}

impl Support {
    /// `true` only for [`Support::Yes`].
    #[must_use]
    pub const fn is_full(self) -> bool {
        matches!(self, Self::Yes)
    }

    /// `true` for [`Support::Yes`] and [`Support::Partial`].
    #[must_use]
    pub const fn is_any(self) -> bool {
        matches!(self, Self::Yes | Self::Partial)
    }
}

string_enum! {
    /// The path by which startup context reaches an agent.
    pub enum StartupInjection("startup injection", newer = Newer) {
        /// A SessionStart hook whose output reaches the model.
        SessionStartHook = "session_start_hook",
        /// `gt prime` run at start by the launcher (the startup fallback).
        PrimeFallback = "prime_fallback",
        /// Text delivered through the IDE's command palette.
        CommandPalette = "command_palette",
        /// Nothing is injected; the agent polls.
        Polling = "polling",
    }
}

impl StartupInjection {
    /// The label of the design's capability table (`"SessionStart hook"`).
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::SessionStartHook => "SessionStart hook",
            Self::PrimeFallback => "gt prime fallback",
            Self::CommandPalette => "command palette",
            Self::Polling => "polling",
            Self::Newer => crate::vocab::NEWER,
        }
    }

    /// Whether this path can deliver text to the agent (needed by the
    /// `prompt_preamble` GUPP strategy).
    #[must_use]
    pub const fn delivers_text(self) -> bool {
        matches!(self, Self::PrimeFallback | Self::CommandPalette)
    }
}

string_enum! {
    /// What a runtime's hook file (or plugin) is: how a launcher installs it.
    pub enum HookKind("hook kind", newer = Newer) {
        /// A settings JSON file with a `hooks` object among other settings (Claude
        /// Code's `.claude/settings.json`, Gemini CLI's `.gemini/settings.json`).
        SettingsJson = "settings_json",
        /// A JSON file of hooks only (Copilot CLI's `.github/hooks/*.json`, Cursor's
        /// `.cursor/hooks.json`, Codex's and Grok's hook files).
        HooksJson = "hooks_json",
        /// A JavaScript plugin or extension (OpenCode, pi): code, no fragment.
        JsPlugin = "js_plugin",
        /// A TypeScript plugin or hook module (oh-my-pi): code, no fragment.
        TsPlugin = "ts_plugin",
        /// A TOML configuration file (Mistral Vibe's `.vibe/config.toml`).
        ConfigToml = "config_toml",
        /// The runtime's own hook format, which hal does not render (hooks outside
        /// Gastown's integrations: a directory of scripts, an agent config).
        Native = "native",
    }
}

string_enum! {
    /// The detection policy: how env and file signals rank against process ancestry.
    pub enum Policy("policy", newer = Newer) {
        /// The design's cascade: override, session id, orchestrator stamp, markers
        /// (arbitrated by ancestry), ancestry, workspace file (last: it never beats a
        /// runtime's marker or ancestor), unknown.
        Spec = "spec",
        /// The harness-adapters rule for the whole cascade: an ancestor identified by its
        /// own executable name beats every env and file signal; only the operator
        /// override still wins.
        Ancestry = "ancestry",
    }
}

string_enum! {
    /// How much a signal can be trusted to identify a runtime.
    pub enum Strength("signal strength", newer = Newer) {
        /// Set by the runtime itself on processes it spawns, documented by the vendor.
        Definitive = "definitive",
        /// Set by the runtime but version- or mode-dependent, or reported by several
        /// independent detectors.
        Strong = "strong",
        /// IDE- or terminal-wide, or user configuration: never decides alone.
        Weak = "weak",
    }
}

string_enum! {
    /// Which step of the detection cascade produced a signal.
    pub enum SourceKind("source kind", newer = Newer) {
        /// The operator override `GT_RUNTIME`.
        Override = "override",
        /// The design's session-id step (`CLAUDE_SESSION_ID`).
        SessionId = "session_id",
        /// An orchestrator's stamp (Gastown's `GT_AGENT`).
        OrchestratorStamp = "orchestrator_stamp",
        /// A variable the runtime sets on the processes it spawns.
        Marker = "marker",
        /// A runtime's configuration file in the workspace root.
        WorkspaceFile = "workspace_file",
        /// A file on the host that only a runtime's machine has (Devin's `/opt/.devin`).
        HostFile = "host_file",
        /// A process in our ancestry.
        ProcessAncestor = "process_ancestor",
        /// The hook payload on standard input (`hal detect --hook`): it names the
        /// runtime running the hook.
        HookPayload = "hook_payload",
        /// Nothing decided; the provider is `unknown`.
        Fallback = "fallback",
    }
}

string_enum! {
    /// A setting an operator can override (`overrides[].field` of `hal caps --json`).
    pub enum Setting("setting") {
        /// `stall_threshold`.
        StallThreshold = "stall_threshold",
        /// `nudge_interval`.
        NudgeInterval = "nudge_interval",
        /// `gupp_strategy`.
        GuppStrategy = "gupp_strategy",
        /// `command`: the command hooks run.
        Command = "command",
    }
}
