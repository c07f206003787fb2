//! The rows: one per runtime, in marker priority order.

use hal_types::{CanonicalEvent, GuppStrategy, RuntimeProvider as P, StartupInjection, StartupStrategy, Support};

use super::design::{CLAUDE_CAPS, CODEX_CAPS, CURSOR_CAPS, GEMINI_CAPS, UNKNOWN_CAPS};
use super::events::{
    AMP_EVENTS, AUGMENT_EVENTS, CLAUDE_EVENTS, CLINE_EVENTS, CODEX_EVENTS, COPILOT_EVENTS, CORTEX_EVENTS, CRUSH_EVENTS,
    CURSOR_EVENTS, DEVIN_EVENTS, DROID_EVENTS, GEMINI_EVENTS, GPTME_EVENTS, GROK_EVENTS, HERMES_EVENTS, KILO_EVENTS,
    KIMI_EVENTS, KIRO_EVENTS, OMP_EVENTS, OPENCODE_EVENTS, OPENHANDS_EVENTS, PI_EVENTS, POLYTOKEN_EVENTS, QWEN_EVENTS,
    VIBE_EVENTS, VSCODE_EVENTS, WINDSURF_EVENTS,
};
use super::model::ValueRule::{Contains, Exact, Flag, PathEntry, Truthy};
use super::model::{
    Adapter, CapChange, CapOverride, Combo, FragmentSchema, GastownPreset, Hooks, Inject, Marker, Package, PluginApi,
    PresetFact, Runtime, Source, Stale, Standing,
};
use hal_types::HookKind;

/// The recorded live runs of 2026-12-01 (`real-runtimes.md`): each runtime from npm, run
/// offline against a model stub, its tools' and hooks' environments captured.
const LIVE_CLAUDE: Source = Source::verified("live run 2026-12-01, @anthropic-ai/claude-code@2.1.332");
const LIVE_GEMINI: Source = Source::verified("live run 2026-12-01, @google/gemini-cli@0.61.0");
const LIVE_CODEX: Source = Source::verified("live run 2026-12-01, @openai/codex@0.171.0");
const LIVE_QWEN: Source = Source::verified("live run 2026-12-01, @qwen-code/qwen-code@0.24.4");
const LIVE_PI: Source = Source::verified("live run 2026-12-01, @earendil-works/pi-coding-agent@1.6.0");
/// Pi's older verified version (the old package ends at 0.73.1).
const LIVE_PI_073: Source = Source::verified("live run 2026-12-01, @mariozechner/pi-coding-agent@0.73.1");
const LIVE_OPENCODE: Source = Source::verified("live run 2026-12-01, opencode-ai@1.18.33");
const LIVE_GROK_CLI: Source = Source::verified("live run 2026-12-01, @vibe-kit/grok-cli@0.0.34");
const LIVE_CLINE: Source = Source::verified("live run 2026-12-01, cline@3.0.65");
const LIVE_AIDER: Source = Source::verified("live run 2026-12-01, aider-chat@0.86.2 (PyPI)");
const LIVE_COPILOT: Source = Source::verified("live run 2026-12-01, @github/copilot@1.0.102");
const LIVE_VIBE: Source = Source::verified("live run 2026-12-01, mistral-vibe@3.0.3 (PyPI)");
const LIVE_KILO: Source = Source::verified("live run 2026-12-01, @kilocode/cli@7.7.7");
const LIVE_DROID: Source = Source::verified("live run 2026-12-01, droid@0.215.0");
const LIVE_OMP: Source = Source::verified("live run 2026-12-01, @oh-my-pi/pi-coding-agent@18.2.3");
const LIVE_OPENHANDS: Source = Source::verified("live run 2026-12-01, openhands@1.16.0 (PyPI)");
const LIVE_KIMI: Source = Source::verified("live run 2026-12-02, kimi-cli@1.51.0 (PyPI)");
const LIVE_GPTME: Source = Source::verified("live run 2026-12-02, gptme@0.35.1 (PyPI)");
const LIVE_HERMES: Source = Source::verified("live run 2026-12-01, hermes-agent@0.19.0 (PyPI)");

const FIRSTMATE: Source = Source::secondary("kunchenguid/firstmate:bin/fm-harness.sh");
/// `vercel/detect-agent`'s shared rule file (its `agents.json`, 2026-12-01, commit 3ab1df1).
const DETECT_AGENT: Source = Source::secondary("vercel/detect-agent:agents.json");
/// Gastown's presets: an orchestrator's, so secondary for every runtime it launches.
const GASTOWN_AGENTS: Source = super::model::GASTOWN;

/// Gastown's Claude settings adapter (`internal/hooks/templates/claude/settings-*.json`),
/// for claude and groq-compound: the three events that carry startup context.
const CLAUDE_ADAPTER: Adapter = Adapter::config(
    ".claude/settings.json",
    HookKind::SettingsJson,
    FragmentSchema::Settings,
    &[
        (CanonicalEvent::SessionStart, "SessionStart"),
        (CanonicalEvent::ContextCompactPre, "PreCompact"),
        (CanonicalEvent::PromptSubmit, "UserPromptSubmit"),
    ],
);

/// Gastown's `SessionIDEnv` for the presets that run the `claude` binary.
const CLAUDE_SESSION_STALE: &[Stale] = &[Stale {
    gastown: PresetFact::SessionEnv("CLAUDE_SESSION_ID"),
    reality: "Claude Code sets CLAUDE_CODE_SESSION_ID (2.1.332, live run; absent in 2.1.100), never \
              CLAUDE_SESSION_ID (anthropics/claude-code#47018); hal's cascade still reads CLAUDE_SESSION_ID, \
              the design's step 2",
}];

/// Claude Code's hook system, shared by the rows that run the `claude` binary.
const CLAUDE_HOOKS: Hooks = Hooks::claude_settings(
    &[".claude/settings.json", ".claude/settings.local.json", "~/.claude/settings.json"],
    Inject::Yes,
    CLAUDE_EVENTS,
);

/// Every runtime hal knows, in marker priority order; `unknown` last.
///
/// Order: runtimes that set or keep another runtime's markers come before it
/// (copilot-cloud before copilot; cowork, amp, cursor, gemini, rovo, cortex, omp before
/// claude; kilo before opencode; pi-signed before pi); IDE- and terminal-wide rows come
/// last, since agents in IDE terminals inherit them (copilot-vscode after copilot: the
/// Copilot CLI in a VS Code terminal is the CLI).
pub static REGISTRY: &[Runtime] = &[
    Runtime {
        markers: &[
            Marker::strong("GITHUB_TRIGGERING_ACTOR", Exact("copilot-swe-agent[bot]")).secondary(),
            Marker::strong("GITHUB_WORKFLOW", Exact("dynamic/copilot-swe-agent/copilot")).secondary(),
            Marker::strong("COPILOT_AGENT_JOB_ID", Truthy).secondary(),
        ],
        weak: &["GITHUB_ACTIONS"],
        session_vars: &["COPILOT_AGENT_SESSION_ID"],
        variant_of: Some(P::Copilot),
        keeps_markers_of: &[P::Copilot],
        takes_prompt: true,
        sources: &[Source::secondary("watson/is-ci#28"), Source::secondary("moonrepo/proto#1028")],
        ..Runtime::new(P::CopilotCloud, "GitHub Copilot cloud agent")
    },
    Runtime {
        combos: &[
            Combo::secondary(&[("CLAUDE_CODE_IS_COWORK", Flag), ("CLAUDECODE", Flag)]),
            Combo::secondary(&[("CLAUDE_CODE_IS_COWORK", Flag), ("CLAUDE_CODE", Flag)]),
        ],
        weak: &["CLAUDE_CODE_IS_COWORK"],
        variant_of: Some(P::Claude),
        keeps_markers_of: &[P::Claude],
        sources: &[
            Source::secondary("vercel/vercel:packages/detect-agent/src/index.ts"),
            Source::secondary("vercel/vercel#15441"),
            DETECT_AGENT,
        ],
        ..Runtime::new(P::Cowork, "Claude Code (Cowork)")
    },
    Runtime {
        variant_of: Some(P::Claude),
        takes_prompt: true,
        sources: &[GASTOWN_AGENTS],
        gastown: Some(
            GastownPreset::hooked("groq-compound", CLAUDE_ADAPTER, &["node", "claude"])
                .ready_after(10_000)
                .session_env("CLAUDE_SESSION_ID")
                .stale(CLAUDE_SESSION_STALE),
        ),
        ..Runtime::new(P::GroqCompound, "Groq compound (Claude Code)")
    },
    Runtime {
        aliases: &["ampcode"],
        markers: &[
            Marker::strong("AGENT", Exact("amp")).secondary(),
            Marker::strong("AMP_CURRENT_THREAD_ID", Truthy).secondary(),
            Marker::strong("AGENT_THREAD_ID", Truthy).secondary(),
        ],
        weak: &["AMP_HOME"],
        executables: &["amp"],
        session_vars: &["AMP_CURRENT_THREAD_ID"],
        keeps_markers_of: &[P::Claude],
        hooks: Some(Hooks::native(&[".amp/plugins/", "~/.config/amp/plugins/"], Inject::Yes, AMP_EVENTS)),
        takes_prompt: true,
        sources: &[
            Source::vendor("https://ampcode.com/manual/plugin-api"),
            Source::secondary("cli/cli:internal/agents/detect.go"),
        ],
        gastown: Some(GastownPreset::unhooked("amp", &["amp"]).stale(&[Stale {
            gastown: PresetFact::NoHooks,
            reality: "Amp has plugin hooks (`.amp/plugins/`, ampcode.com/manual/plugin-api); Gastown installs none",
        }])),
        ..Runtime::new(P::Amp, "Amp")
    },
    Runtime {
        markers: &[
            Marker::strong("CODEBUDDY", Truthy).secondary(),
            Marker::strong("CODEBUDDY_SESSION_ID", Truthy).secondary(),
            Marker::strong("CODEBUDDY_PROJECT_DIR", Truthy).secondary(),
        ],
        session_vars: &["CODEBUDDY_SESSION_ID"],
        variant_of: Some(P::Claude),
        hooks: Some(CLAUDE_HOOKS.inject_backed(Standing::Unconfirmed)),
        cap_overrides: &[CapOverride {
            change: CapChange::Startup(
                Support::Partial,
                StartupStrategy::Polling,
                GuppStrategy::Polling,
                StartupInjection::Polling,
            ),
            reason: "its Claude-style hooks are known from third-party installers only (unconfirmed; mise): \
                     hal does not rely on them to inject startup context",
        }],
        sources: &[Source::secondary("jdx/mise:crates/mise-agent-env/src/lib.rs")],
        ..Runtime::new(P::Codebuddy, "CodeBuddy")
    },
    Runtime {
        aliases: &["cursor-agent", "cursor-cli"],
        markers: &[
            Marker::definitive("CURSOR_AGENT", Flag),
            Marker::strong("CURSOR_INVOKED_AS", Exact("cursor-agent")).secondary(),
            Marker::strong("CURSOR_EXTENSION_HOST_ROLE", Exact("agent-exec")).secondary(),
            Marker::strong("CURSOR_SANDBOX", Truthy).secondary(),
        ],
        combos: &[Combo::secondary(&[("CURSOR_TRACE_ID", Truthy), ("PAGER", Exact("head -n 10000 | cat"))])],
        settings: &["CURSOR_TRACE_ID"],
        executables: &["cursor-agent", "cursor"],
        keeps_markers_of: &[P::Claude],
        session_vars: &["CURSOR_CONVERSATION_ID"],
        hooks: Some(
            Hooks::native(
                &[".cursor/hooks.json", "~/.cursor/hooks.json", "/etc/cursor/hooks.json"],
                Inject::Yes,
                CURSOR_EVENTS,
            )
            .inject_backed(Standing::Unconfirmed),
        ),
        takes_prompt: true,
        context_fork: Support::Yes,
        caps: Some(&CURSOR_CAPS),
        sources: &[
            Source::vendor("https://cursor.com/docs/agent/terminal"),
            Source::vendor("https://cursor.com/docs/hooks"),
            Source::secondary("vercel/vercel:packages/detect-agent/src/index.ts"),
        ],
        gastown: Some(
            GastownPreset::hooked(
                "cursor",
                // Gastown's adapter, a native fact here: the design's row keeps cursor on the fallback.
                Adapter::unrendered(".cursor/hooks.json", HookKind::HooksJson).hooking(&[
                    (CanonicalEvent::SessionStart, "sessionStart"),
                    (CanonicalEvent::ContextCompactPre, "preCompact"),
                    (CanonicalEvent::PromptSubmit, "beforeSubmitPrompt"),
                ]),
                &["cursor-agent", "agent"],
            )
            .ready_after(5000),
        ),
        // Skills read these to tell this runtime (hal-lint's labelled corpus).
        skill_vars: &["CURSOR_PLUGIN_ROOT", "CURSOR_SESSION_ID"],
        ..Runtime::new(P::Cursor, "Cursor")
    },
    Runtime {
        aliases: &["qwen"],
        // `QWEN_CODE=1` reaches tools only; hooks get `QWEN_CODE_*` but not it (0.24.4).
        // `QWEN_CODE_SESSION_ID` is set for tools and hooks alike and by Qwen alone:
        // definitive. The others name Qwen's own paths: strong. Qwen also gives hooks
        // `GEMINI_PROJECT_DIR` and `CLAUDE_PROJECT_DIR` "for compatibility": this row
        // comes before gemini's and claude's, so its own markers win the priority.
        markers: &[
            Marker::definitive("QWEN_CODE", Flag).verified(),
            Marker::definitive("QWEN_CODE_SESSION_ID", Truthy).verified(),
            Marker::strong("QWEN_CODE_CLI", Truthy).verified(),
            Marker::strong("QWEN_CODE_PROJECT_DIR", Truthy).verified(),
            Marker::strong("QWEN_PROJECT_DIR", Truthy).verified(),
        ],
        weak: &["CLAUDE_PROJECT_DIR"],
        executables: &["qwen"],
        scripts: &["@qwen-code/qwen-code/"],
        session_vars: &["QWEN_CODE_SESSION_ID"],
        variant_of: Some(P::Gemini),
        keeps_markers_of: &[P::Gemini],
        // Qwen Code writes Claude's event names, not Gemini CLI's, and some of its own.
        hooks: Some(
            Hooks::claude_settings(&[".qwen/settings.json", "~/.qwen/settings.json"], Inject::Yes, QWEN_EVENTS),
        ),
        takes_prompt: true,
        sources: &[
            LIVE_QWEN,
            Source::vendor("QwenLM/qwen-code:packages/core/src/services/shellExecutionService.ts"),
            Source::vendor("QwenLM/qwen-code:packages/core/src/hooks/hookEventHandler.ts"),
        ],
        verified: Some(super::verified::QWEN),
        package: Some(Package::Npm("@qwen-code/qwen-code")),
        history: Some(&super::history::QWEN),
        ..Runtime::new(P::QwenCode, "Qwen Code")
    },
    Runtime {
        aliases: &["gemini-cli", "gemini_cli"],
        // `GEMINI_CLI=1` reaches tools only; hooks get `GEMINI_SESSION_ID` (Gemini's
        // alone: definitive) and the `GEMINI_*` directories (0.61.0). Qwen Code also
        // sets `GEMINI_PROJECT_DIR` for its hooks, beside its own markers, which come
        // first (qwen-code's row precedes this one).
        markers: &[
            Marker::definitive("GEMINI_CLI", Exact("1")).verified(),
            Marker::definitive("GEMINI_SESSION_ID", Truthy).verified(),
            Marker::strong("GEMINI_CWD", Truthy).verified(),
            Marker::strong("GEMINI_PLANS_DIR", Truthy).verified(),
            Marker::strong("GEMINI_PROJECT_DIR", Truthy).verified(),
        ],
        // `GEMINI_CLI_NO_RELAUNCH=true`: set by its own relaunch, for tools and hooks (0.61.0, live run).
        weak: &["GEMINI_CLI_HOME", "GEMINI_CLI_NO_RELAUNCH", "CLAUDE_PROJECT_DIR"],
        executables: &["gemini"],
        scripts: &["@google/gemini-cli/"],
        session_vars: &["GEMINI_SESSION_ID"],
        keeps_markers_of: &[P::Claude],
        hooks: Some(
            Hooks::claude_settings(
                &[".gemini/settings.json", "~/.gemini/settings.json", "/etc/gemini-cli/settings.json"],
                Inject::Yes,
                GEMINI_EVENTS,
            ),
        ),
        takes_prompt: true,
        caps: Some(&GEMINI_CAPS),
        sources: &[
            LIVE_GEMINI,
            Source::vendor("google-gemini/gemini-cli:packages/core/src/services/shellExecutionService.ts"),
            Source::vendor("google-gemini/gemini-cli:docs/hooks/reference.md"),
        ],
        gastown: Some(
            GastownPreset::hooked(
                "gemini",
                // Gastown's adapter, a native fact here: the design's row keeps gemini on the fallback.
                Adapter::config(
                    ".gemini/settings.json",
                    HookKind::SettingsJson,
                    FragmentSchema::Settings,
                    &[
                        (CanonicalEvent::SessionStart, "SessionStart"),
                        (CanonicalEvent::ContextCompactPre, "PreCompress"),
                        (CanonicalEvent::PromptSubmit, "BeforeAgent"),
                    ],
                ),
                &["gemini"],
            )
            .ready_after(5000)
            .session_env("GEMINI_SESSION_ID"),
        ),
        verified: Some(super::verified::GEMINI),
        package: Some(Package::Npm("@google/gemini-cli")),
        history: Some(&super::history::GEMINI),
        ..Runtime::new(P::Gemini, "Gemini CLI")
    },
    Runtime {
        aliases: &["rovodev", "rovo-dev"],
        markers: &[
            Marker::strong("ATLASSIAN_AGENT_TYPE", Exact("rovo")).secondary(),
            Marker::strong("ROVODEV_CLI", Flag).secondary(),
            Marker::strong("AGENT", Exact("rovodev_cli")).secondary(),
        ],
        executables: &["rovo"],
        keeps_markers_of: &[P::Claude],
        takes_prompt: true,
        sources: &[
            Source::secondary("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/rovo.md"),
            FIRSTMATE,
        ],
        ..Runtime::new(P::Rovo, "Rovo Dev")
    },
    Runtime {
        markers: &[
            Marker::strong("CORTEX_SESSION_ID", Truthy).secondary(),
            Marker::strong("CORTEX_TASK_CONTEXT_ID", Truthy).secondary(),
        ],
        weak: &["CORTEX_THINKING_EFFORT"],
        executables: &["cortex"],
        keeps_markers_of: &[P::Claude],
        session_vars: &["CORTEX_SESSION_ID"],
        hooks: Some(Hooks::native(&[], Inject::No, CORTEX_EVENTS)),
        takes_prompt: true,
        context_fork: Support::Yes,
        sources: &[Source::secondary("svc-bi-concepts/firstmate:bin/fm-harness.sh")],
        ..Runtime::new(P::Cortex, "Cortex")
    },
    Runtime {
        aliases: &["oh-my-pi"],
        // Firstmate's launch marker; omp sets none of its own (Firstmate's rule: it
        // counts only with an exact `omp` ancestor within 8 levels).
        markers: &[Marker::strong("FM_OMP_HARNESS", Exact("omp")).secondary().with_ancestor("omp", 8)],
        weak: &["OMP_SKIP_SETUP"],
        executables: &["omp"],
        keeps_markers_of: &[P::Claude],
        // No session variable: `OMP_SESSION_ID` (Gastown's) occurs nowhere in 18.2.3 or
        // 18.3.4 (read in the packages).
        // Hook factories load from `.omp/hooks/pre/` and `post/` only; one directly in
        // `.omp/hooks/` loads nothing, silently (18.2.3's `docs/hooks.md`, and the live run).
        hooks: Some(
            Hooks::native(&[".omp/hooks/pre/", "~/.omp/agent/hooks/pre/"], Inject::Yes, OMP_EVENTS),
        ),
        takes_prompt: true,
        sources: &[GASTOWN_AGENTS, Source::secondary("can1357/oh-my-pi#7847"), FIRSTMATE, LIVE_OMP],
        gastown: Some(
            GastownPreset::hooked(
                "omp",
                Adapter::unrendered(".omp/hooks/gastown-hook.ts", HookKind::TsPlugin),
                &["omp", "node", "bun"],
            )
            .undelivered(
                "oh-my-pi 18.2.3 discovers hook factories only under `.omp/hooks/pre/` and `post/`: the \
                 adapter's `.omp/hooks/gastown-hook.ts` is never loaded, so nothing primes the agent \
                 (its docs/hooks.md): hal plans `startup_fallback`, `gt prime` as the prompt",
            )
            .session_env("OMP_SESSION_ID")
            .stale(&[Stale {
                gastown: PresetFact::SessionEnv("OMP_SESSION_ID"),
                reality: "oh-my-pi sets no such variable: no occurrence in @oh-my-pi/pi-coding-agent@18.2.3 \
                          or 18.3.4, none in a live run of 18.2.3",
            }]),
        ),
        verified: Some(super::verified::OMP),
        package: Some(Package::Npm("@oh-my-pi/pi-coding-agent")),
        ..Runtime::new(P::Omp, "oh-my-pi")
    },
    Runtime {
        // npm's `@vibe-kit/grok-cli` (0.0.34): another product than xAI's Grok Build
        // (the next row) under the same command name. It sets nothing in its tools'
        // environment, has no hooks and no session id, and runs as `node
        // <prefix>/node_modules/.bin/grok -p ...` (comm and exe `node`). So a `grok`
        // script run by an interpreter is this one; a native `grok` executable is
        // Grok Build. It writes `<ws>/.grok/settings.json` (key `model`) on its first run.
        aliases: &["vibe-kit-grok-cli"],
        scripts: &["@vibe-kit/grok-cli/"],
        script_names: &["grok"],
        takes_prompt: true,
        sources: &[LIVE_GROK_CLI, Source::vendor("https://www.npmjs.com/package/@vibe-kit/grok-cli")],
        verified: Some(super::verified::GROK_CLI),
        package: Some(Package::Npm("@vibe-kit/grok-cli")),
        ..Runtime::new(P::GrokCli, "grok-cli (@vibe-kit/grok-cli)")
    },
    Runtime {
        aliases: &["grok-build"],
        // A plugin's hooks get GROK_PLUGIN_ROOT and GROK_PLUGIN_DATA beside Claude-compatible
        // aliases (CLAUDE_PLUGIN_ROOT, CLAUDE_PROJECT_DIR): it keeps Claude's markers.
        markers: &[
            Marker::strong("GROK_AGENT", Flag).secondary(),
            Marker::strong("GROK_PLUGIN_ROOT", Truthy).secondary(),
            Marker::strong("GROK_PLUGIN_DATA", Truthy).secondary(),
        ],
        weak: &["GROK_HOOK_EVENT", "GROK_WORKSPACE_ROOT"],
        // A native executable; a `grok` script under an interpreter is grok-cli's.
        executables: &["grok"],
        session_vars: &["GROK_SESSION_ID"],
        keeps_markers_of: &[P::Claude],
        hooks: Some(Hooks::native(&[".grok/hooks/gastown.json", "~/.grok/hooks"], Inject::Nudge, GROK_EVENTS)),
        takes_prompt: true,
        context_fork: Support::Yes,
        sources: &[
            Source::secondary("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/grok.md"),
            GASTOWN_AGENTS,
            DETECT_AGENT,
        ],
        gastown: Some(
            GastownPreset::hooked(
                "grok",
                Adapter::config(
                    ".grok/hooks/gastown.json",
                    HookKind::HooksJson,
                    FragmentSchema::Settings,
                    &[
                        (CanonicalEvent::SessionStart, "SessionStart"),
                        (CanonicalEvent::ContextCompactPre, "PreCompact"),
                        (CanonicalEvent::PromptSubmit, "UserPromptSubmit"),
                    ],
                ),
                &["grok"],
            )
            .ready_after(5000),
        ),
        ..Runtime::new(P::Grok, "Grok Build")
    },
    Runtime {
        aliases: &["codex-cli", "openai-codex", "codex_cli"],
        // Tools get `CODEX_THREAD_ID` (= `CODEX_SESSION_ID`) and `CODEX_CI`; hooks get
        // no marker of Codex itself, only its npm launcher's `CODEX_MANAGED_BY_NPM` and
        // `CODEX_MANAGED_PACKAGE_ROOT` (0.171.0), set for tools and hooks alike. They
        // name Codex (no other program sets them) but only when it was started through
        // the npm package: strong, not definitive. `CODEX_SANDBOX` is macOS only.
        markers: &[
            Marker::definitive("CODEX_THREAD_ID", Truthy).verified(),
            Marker::strong("CODEX_SANDBOX", Truthy),
            Marker::strong("CODEX_SANDBOX_NETWORK_DISABLED", Flag).verified(),
            Marker::strong("CODEX_CI", Truthy).verified(),
            Marker::strong("CODEX_MANAGED_BY_NPM", Flag).verified(),
            Marker::strong("CODEX_MANAGED_PACKAGE_ROOT", Truthy).verified(),
            // Codex prefixes its tools' and hooks' PATH with its bundled `codex-path`
            // directory (seen: 0.171.0, tool and hook alike).
            Marker::strong("PATH", PathEntry("/codex-path")),
            // Detectors read it; the Codex 0.171.0 binary holds no such name.
            Marker::strong("CODEX_SHELL", Flag).unconfirmed(),
        ],
        weak: &["CODEX_HOME"],
        executables: &["codex", "codex-x86_64-*", "codex-aarch64-*"],
        scripts: &["@openai/codex/"],
        session_vars: &["CODEX_THREAD_ID", "CODEX_SESSION_ID"],
        hooks: Some(Hooks::native(
            &[".codex/hooks.json", "~/.codex/hooks.json", "~/.codex/config.toml"],
            Inject::Yes,
            CODEX_EVENTS,
        )),
        takes_prompt: true,
        caps: Some(&CODEX_CAPS),
        sources: &[
            LIVE_CODEX,
            Source::vendor("openai/codex:codex-rs/protocol/src/shell_environment.rs"),
            Source::vendor("openai/codex:codex-rs/hooks/src/lib.rs"),
            Source::vendor("https://developers.openai.com/codex/hooks"),
        ],
        gastown: Some(GastownPreset::unhooked("codex", &["codex"]).ready_after(3000).stale(&[Stale {
            gastown: PresetFact::NoHooks,
            reality: "Codex has hooks from 0.146.0 behind `[features] hooks = true` (0.146.0 and 0.171.0 read; \
                      0.171.0 verified live), `notify` before; Gastown's preset installs none (its opt-in \
                      `.codex/hooks.json` aside, gastownhall/gastown#2683)",
        }])),
        verified: Some(super::verified::CODEX),
        package: Some(Package::Npm("@openai/codex")),
        history: Some(&super::history::CODEX),
        ..Runtime::new(P::Codex, "Codex CLI")
    },
    Runtime {
        aliases: &["claude-code", "claude_code"],
        // What everyone checks (and the lint sees most); CLAUDE_CODE_CHILD_SESSION is
        // stronger but little known.
        known_by: Some("CLAUDECODE"),
        // 2.1.332 sets every one of these but `CLAUDE_CODE_REMOTE` for tools and hooks
        // alike. `CLAUDE_PROJECT_DIR` is weak: Gemini CLI and Qwen Code set it for their
        // hooks too ("for compatibility").
        markers: &[
            Marker::definitive("CLAUDE_CODE_CHILD_SESSION", Flag).verified(),
            Marker::strong("CLAUDECODE", Flag).verified(),
            Marker::strong("CLAUDE_CODE_SESSION_ID", Truthy).verified(),
            Marker::strong("CLAUDE_CODE_REMOTE", Flag),
            Marker::strong("CLAUDE_CODE_ENTRYPOINT", Truthy).verified(),
            // Set on its tools' processes, not its hooks' (seen: 2.1.332).
            Marker::strong("CLAUDE_CODE_EXECPATH", Truthy),
            Marker::strong("CLAUDE_CODE", Flag).secondary(),
        ],
        weak: &[
            "CLAUDE_CONFIG_DIR",
            "CLAUDE_PROJECT_DIR",
            "CLAUDE_ENV_FILE",
            "CLAUDE_PLUGIN_ROOT",
            // Set for a plugin's hooks beside CLAUDE_PLUGIN_ROOT (and by hosts of
            // Claude-format plugins: `registry::plugins`).
            "CLAUDE_PLUGIN_DATA",
            // Claude Code's own pid, set for tools and hooks (2.1.332, live run).
            "CLAUDE_PID",
        ],
        // An IDE extension sets it in the terminal it opens for a person to run Claude
        // in; Claude reads it to connect to the IDE (Claude Code 2.1.332's binary).
        settings: &["CLAUDE_CODE_SSE_PORT"],
        // 2.1.332 ships a native `claude.exe` (comm, exe and argv[0] all `claude.exe`).
        executables: &["claude", "claude.exe"],
        scripts: &["@anthropic-ai/claude-code/"],
        session_vars: &["CLAUDE_CODE_SESSION_ID", "CLAUDE_CODE_REMOTE_SESSION_ID", "CLAUDE_CODE_BRIDGE_SESSION_ID"],
        cascade_session_var: Some("CLAUDE_SESSION_ID"),
        workspace_file: Some(".claude/settings.json"),
        hooks: Some(CLAUDE_HOOKS),
        takes_prompt: true,
        context_fork: Support::Yes,
        caps: Some(&CLAUDE_CAPS),
        sources: &[
            LIVE_CLAUDE,
            Source::vendor("https://code.claude.com/docs/en/env-vars"),
            Source::vendor("https://code.claude.com/docs/en/hooks"),
            Source::vendor("anthropics/claude-code:CHANGELOG.md"),
            DETECT_AGENT,
        ],
        gastown: Some(
            GastownPreset::hooked("claude", CLAUDE_ADAPTER, &["node", "claude"])
                .ready_after(10_000)
                .session_env("CLAUDE_SESSION_ID")
                .stale(CLAUDE_SESSION_STALE),
        ),
        verified: Some(super::verified::CLAUDE),
        package: Some(Package::Npm("@anthropic-ai/claude-code")),
        history: Some(&super::history::CLAUDE),
        ..Runtime::new(P::Claude, "Claude Code")
    },
    Runtime {
        // Firstmate launches the signed build with both variables set.
        combos: &[Combo::secondary(&[("FM_PI_HARNESS", Exact("pi-signed")), ("PI_CODING_AGENT", Exact("true"))])],
        executables: &["pi-signed"],
        variant_of: Some(P::Pi),
        keeps_markers_of: &[P::Pi],
        takes_prompt: true,
        sources: &[FIRSTMATE],
        ..Runtime::new(P::PiSigned, "pi (signed)")
    },
    Runtime {
        aliases: &["pi-coding-agent"],
        markers: &[
            Marker::definitive("PI_CODING_AGENT", Exact("true")).verified(),
            // pi prefixes its tools' PATH with `$HOME/.pi/agent/bin` (seen: 0.73.1).
            Marker::strong("PATH", PathEntry("/.pi/agent/bin")),
        ],
        executables: &["pi", "pi-launcher"],
        // 1.x gives its bash tool `PI_SESSION_ID`, the session manager's id (live run of
        // 1.6.0; `core/tools/bash.js`), not an extension's child. 0.73.1 put its session
        // id in no child's environment (no `PI_SESSION_ID` anywhere in that package).
        session_vars: &["PI_SESSION_ID"],
        // In-process extensions, no subprocess hooks: 0.73.1 and 1.6.0 load `*.ts` / `*.js`
        // and `*/index.ts` / `*/index.js` from these directories (a `hooks/` directory only
        // draws the warning "Hooks have been renamed to extensions"). 1.x loads the
        // project's directory only in a trusted folder: `--approve`, a saved decision, or
        // `defaultProjectTrust: "always"` (`core/project-trust.js`); `-p` asks no one.
        hooks: Some(
            Hooks::native(&[".pi/extensions/", "~/.pi/agent/extensions/"], Inject::Yes, PI_EVENTS)
                .inject_backed(Standing::Secondary),
        ),
        takes_prompt: true,
        sources: &[
            LIVE_PI,
            LIVE_PI_073,
            Source::vendor("earendil-works/pi:packages/coding-agent/src/cli.ts"),
            GASTOWN_AGENTS,
            DETECT_AGENT,
        ],
        gastown: Some(
            GastownPreset::hooked(
                "pi",
                // Gastown's file, a `.js` in the directory Pi 0.73.1 discovers (it loads
                // `.js` beside `.ts`; read in the package).
                Adapter::unrendered(".pi/extensions/gastown-hooks.js", HookKind::JsPlugin).written_in(PluginApi::PiExtension),
                &["pi", "node", "bun"],
            )
            .ready_after(8000)
            .session_env("PI_SESSION_ID")
            .stale(&[Stale {
                gastown: PresetFact::SessionEnv("PI_SESSION_ID"),
                reality: "holds only from Pi 1.x, in its bash tool's environment (1.6.0, live run); 0.73.1 \
                          sets it nowhere (no occurrence in @mariozechner/pi-coding-agent@0.73.1)",
            }]),
        ),
        verified: Some(super::verified::PI),
        package: Some(Package::Npm("@earendil-works/pi-coding-agent")),
        history: Some(&super::history::PI),
        ..Runtime::new(P::Pi, "pi")
    },
    Runtime {
        aliases: &["kilocode", "kilo-code"],
        // Kilo CLI 7.7.7 sets these on its own `process.env` at start, so its tools and
        // plugins (and a child a plugin spawns with `env: process.env`) have them, beside
        // OpenCode's `OPENCODE=1`, `AGENT=1` (live run). Strong, not definitive: state of
        // the process, inherited by anything below it, nested agents included (the
        // arbiter's rule), and documented by no Kilo page as a marker.
        markers: &[
            Marker::strong("KILO", Flag).verified(),
            Marker::strong("KILOCODE_VERSION", Truthy).verified(),
            Marker::strong("KILO_PID", Truthy).verified(),
            // A per-process run id (a `-c` continuation kept the session and changed
            // it): a marker, never the session id.
            Marker::strong("KILO_RUN_ID", Truthy).verified(),
            Marker::strong("KILOCODE_FEATURE", Truthy).verified(),
            Marker::strong("KILO_PROCESS_ROLE", Truthy).verified(),
        ],
        // Set by the npm package's Node shim; a child a plugin spawns with Bun's default
        // options keeps it (it is in the binary's original environment), so it is no
        // proof that Kilo is running above: weak.
        weak: &["KILO_TREE_SITTER_WASM_DIR"],
        // The npm shim `node <bin>/kilo` spawns the Bun binary, whose process is `.kilo`
        // (`<pkg>/bin/.kilo`): the real runtime process.
        executables: &["kilo", "kilocode", ".kilo"],
        scripts: &["@kilocode/cli/"],
        // No variable carries the session id (`ses_…`: plugin inputs, bus events and the
        // `x-session-id` header only).
        variant_of: Some(P::Opencode),
        keeps_markers_of: &[P::Opencode],
        hooks: Some(
            Hooks::native(
                // `{plugin,plugins}/*.{js,ts}` under each config dir (packages/opencode/src/config/paths.ts).
                &[
                    ".kilo/plugins/",
                    ".kilocode/plugins/",
                    "~/.config/kilo/plugins/",
                    "~/.kilo/plugins/",
                    "~/.kilocode/plugins/",
                ],
                Inject::Nudge,
                // OpenCode's, and two of its own fired in a live 7.7.7 run with no canonical
                // event: `tool.definition` and `session.drained` (after `session.idle`).
                KILO_EVENTS,
            ),
        ),
        takes_prompt: true,
        sources: &[
            LIVE_KILO,
            Source::vendor("Kilo-Org/kilocode:packages/opencode/src/config/paths.ts"),
            Source::vendor("https://kilo.ai/docs/automate/extending/plugins"),
            Source::secondary("expo/agent-cli-detector:src/agents.ts"),
        ],
        verified: Some(super::verified::KILO),
        package: Some(Package::Npm("@kilocode/cli")),
        ..Runtime::new(P::Kilo, "Kilo Code")
    },
    Runtime {
        aliases: &["open-code", "open_code"],
        // 1.18.33 sets `OPENCODE=1`, `AGENT=1` and `OPENCODE_PID` at start, so its tools
        // and plugins have them (a child a plugin spawns with Bun's default options does
        // not). Strong: Kilo Code keeps `OPENCODE=1`. `AGENT=1` alone is too generic to
        // name OpenCode (Amp, Goose, Crush set `AGENT` to their names): weak.
        markers: &[
            Marker::strong("OPENCODE", Flag).verified(),
            Marker::strong("OPENCODE_PID", Truthy).verified(),
            // Set on its own environment in ACP mode (`opencode acp`: `acp`), so its
            // tools inherit it; `cli` is only the default it reads (1.18.33's binary).
            Marker::strong("OPENCODE_CLIENT", Truthy),
        ],
        weak: &["OPENCODE_CONFIG_CONTENT", "OPENCODE_PERMISSION", "AGENT"],
        executables: &["opencode"],
        scripts: &["opencode-ai/"],
        hooks: Some(
            Hooks::native(
                &[".opencode/plugins/gastown.js", "~/.config/opencode/plugins/"],
                Inject::Nudge,
                OPENCODE_EVENTS,
            ),
        ),
        takes_prompt: true,
        sources: &[
            LIVE_OPENCODE,
            Source::vendor("anomalyco/opencode:packages/opencode/src/index.ts"),
            Source::vendor("https://opencode.ai/docs/plugins/"),
            Source::vendor("https://www.npmjs.com/package/opencode-ai (1.18.33, bin/opencode: cli.acp handler)"),
            DETECT_AGENT,
        ],
        gastown: Some(
            GastownPreset::hooked(
                "opencode",
                Adapter::unrendered(".opencode/plugins/gastown.js", HookKind::JsPlugin).written_in(PluginApi::OpencodePlugin),
                &["opencode", "node", "bun"],
            )
            .ready_after(8000),
        ),
        verified: Some(super::verified::OPENCODE),
        history: Some(&super::history::OPENCODE),
        package: Some(Package::Npm("opencode-ai")),
        // Skills read these to tell this runtime (hal-lint's labelled corpus).
        skill_vars: &["OPENCODE_SESSION_ID"],
        ..Runtime::new(P::Opencode, "OpenCode")
    },
    Runtime {
        aliases: &["copilot-cli", "github-copilot", "github-copilot-cli"],
        markers: &[
            // 1.0.102 sets `COPILOT_CLI=1` for its tools and hooks, `COPILOT_AGENT_SESSION_ID`
            // (the session id) for its tools only (live run).
            Marker::strong("COPILOT_CLI", Flag).verified(),
            Marker::strong("COPILOT_AGENT_SESSION_ID", Truthy).verified(),
            Marker::strong("COPILOT_RUN_APP", Flag).secondary(),
            Marker::strong("GITHUB_COPILOT_CLI_MODE", Flag).secondary(),
        ],
        // 1.0.102's hooks get `COPILOT_PROJECT_DIR` and, "for compatibility",
        // `CLAUDE_PROJECT_DIR`; tools and hooks get `COPILOT_CLI_BINARY_VERSION` (live run).
        weak: &["COPILOT_HOME", "COPILOT_PROJECT_DIR", "COPILOT_CLI_BINARY_VERSION", "CLAUDE_PROJECT_DIR"],
        settings: &["COPILOT_MODEL", "COPILOT_ALLOW_ALL", "COPILOT_GITHUB_TOKEN"],
        executables: &["copilot", "github-copilot-cli"],
        scripts: &["@github/copilot/"],
        session_vars: &["COPILOT_AGENT_SESSION_ID"],
        hooks: Some(
            // A repository's hook files load in `-p` only in a trusted folder (1.0.102).
            // A `sessionStart` hook's plain stdout does not reach the model (live run of
            // 1.0.102); only a JSON reply's `{"additionalContext": …}` does (changelog
            // 1.0.11, and the same run): `no` for the plain text hal's commands print.
            // `permissionRequest` fires before every tool call even under `--allow-all`
            // (live run): a hook that approves or denies (changelog 1.0.16), not a prompt.
            Hooks::native(&[".github/hooks/gastown.json", "~/.copilot/hooks/"], Inject::No, COPILOT_EVENTS)
                .inject_backed(Standing::Verified)
                .asking_under_bypass(),
        ),
        takes_prompt: true,
        sources: &[
            LIVE_COPILOT,
            Source::vendor("github/copilot-cli:changelog.md"),
            Source::vendor("https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference"),
        ],
        gastown: Some(
            GastownPreset::hooked(
                "copilot",
                Adapter::config(
                    ".github/hooks/gastown.json",
                    HookKind::HooksJson,
                    FragmentSchema::Copilot,
                    &[
                        (CanonicalEvent::SessionStart, "sessionStart"),
                        (CanonicalEvent::PromptSubmit, "userPromptSubmitted"),
                    ],
                )
                // Gastown's `copilot-hooks.json` template.
                .timing_out(30, 10),
                &["copilot"],
            )
            .ready_after(5000)
            .undelivered(
                "Copilot CLI 1.0.102 runs the adapter's sessionStart hook, but `gt prime --hook` prints plain \
                 text and only a JSON reply's `additionalContext` reaches the model (live run): hal plans \
                 `startup_fallback`, `gt prime` as the prompt",
            ),
        ),
        verified: Some(super::verified::COPILOT),
        package: Some(Package::Npm("@github/copilot")),
        ..Runtime::new(P::Copilot, "GitHub Copilot CLI")
    },
    Runtime {
        aliases: &["augment", "augment-cli"],
        markers: &[Marker::definitive("AUGMENT_AGENT", Exact("1"))],
        executables: &["auggie"],
        hooks: Some(Hooks::native(&[".augment/settings.json", "~/.augment/settings.json"], Inject::No, AUGMENT_EVENTS)),
        takes_prompt: true,
        sources: &[
            Source::vendor("https://docs.augmentcode.com/cli/reference#shell-environment"),
            Source::vendor("https://docs.augmentcode.com/cli/hooks"),
        ],
        gastown: Some(GastownPreset::unhooked("auggie", &["auggie"]).stale(&[Stale {
            gastown: PresetFact::NoHooks,
            reality: "Auggie has hooks in `.augment/settings.json` (docs.augmentcode.com/cli/hooks); Gastown installs none",
        }])),
        ..Runtime::new(P::Auggie, "Auggie")
    },
    Runtime {
        aliases: &["kiro-cli"],
        markers: &[
            Marker::strong("KIRO_SESSION_ID", Truthy),
            Marker::strong("KIRO_AGENT_PATH", Truthy).secondary(),
            Marker::strong("AWS_EXECUTION_ENV", Contains("kiro")).secondary(),
            // Kiro's IDE terminal carries it too: it counts only when no person is at
            // the other end (neither stderr nor a controlling terminal is a terminal).
            Marker::strong("TERM_PROGRAM", Exact("kiro")).secondary().unless_terminal(),
        ],
        combos: &[Combo::secondary(&[("AGENT_CONTEXT_OUT", Truthy), ("AGENT_DISPLAY_OUT", Truthy)])],
        weak: &["AGENT_CONTEXT_OUT"],
        executables: &["kiro-cli", "kiro-cli-chat"],
        session_vars: &["KIRO_SESSION_ID"],
        hooks: Some(Hooks::native(&[".kiro/agents/"], Inject::Yes, KIRO_EVENTS)),
        takes_prompt: true,
        sources: &[
            Source::vendor("https://kiro.dev/docs/cli/hooks"),
            Source::secondary("jdx/mise:crates/mise-agent-env/src/lib.rs"),
            Source::secondary("unjs/std-env#196"),
            DETECT_AGENT,
        ],
        gastown: Some(GastownPreset::unhooked("kiro", &["kiro-cli"]).ready_after(5000).stale(&[Stale {
            gastown: PresetFact::NoHooks,
            reality: "Kiro CLI has hooks in its agent configuration (`agentSpawn`, `userPromptSubmit`, ...; \
                      kiro.dev/docs/cli/hooks); Gastown installs none",
        }])),
        ..Runtime::new(P::Kiro, "Kiro CLI")
    },
    Runtime {
        aliases: &["amazonq", "q-cli", "amazon-q-cli"],
        markers: &[Marker::definitive("AWS_EXECUTION_ENV", Contains("AmazonQ-For-CLI"))],
        executables: &["qchat"],
        hooks: Some(Hooks::native(&[".amazonq/agents/"], Inject::No, KIRO_EVENTS)),
        takes_prompt: true,
        sources: &[
            Source::vendor("aws/amazon-q-developer-cli:crates/chat-cli/src/cli/chat/consts.rs"),
            Source::vendor("aws/amazon-q-developer-cli:docs/hooks.md"),
        ],
        ..Runtime::new(P::AmazonQ, "Amazon Q Developer CLI")
    },
    Runtime {
        markers: &[Marker::definitive("CRUSH", Flag), Marker::definitive("AGENT", Exact("crush"))],
        executables: &["crush"],
        session_vars: &["CRUSH_SESSION_ID"],
        hooks: Some(Hooks::native(&[".crush.json", "crush.json"], Inject::No, CRUSH_EVENTS)),
        takes_prompt: true,
        sources: &[
            Source::vendor("charmbracelet/crush:internal/shell/shell.go"),
            Source::vendor("charmbracelet/crush:docs/hooks"),
        ],
        ..Runtime::new(P::Crush, "Crush")
    },
    Runtime {
        markers: &[Marker::strong("AGENT", Exact("goose")), Marker::strong("GOOSE_TERMINAL", Flag).secondary()],
        weak: &["GOOSE_MODEL"],
        settings: &["GOOSE_PROVIDER"],
        executables: &["goose"],
        session_vars: &["AGENT_SESSION_ID"],
        takes_prompt: true,
        sources: &[
            Source::vendor("aaif-goose/goose#7017"),
            Source::secondary("huggingface/huggingface.js:packages/tasks/src/agent-harnesses.ts"),
        ],
        ..Runtime::new(P::Goose, "Goose")
    },
    Runtime {
        markers: &[
            // The Cline CLI (npm `cline`, 3.x) puts how to connect back to it (JSON:
            // launcher, `connect`, cwd) in its tools' and hooks' environment (live run,
            // 3.0.65). Strong, not definitive: connector plumbing of the CLI only, not a
            // documented identity variable, and as new as the 3.x CLI.
            Marker::strong("CLINE_CONNECTOR_CLI_LAUNCH", Truthy).verified(),
            // Added by the CLI's hook spawner (`withResolvedClineBuildEnv`), hooks only
            // (live run, 3.0.65: `production`). Strong: it is also the build-mode switch
            // (`development`/`production`) Cline's own builds read, so a Cline developer's
            // shell may hold it.
            Marker::strong("CLINE_BUILD_ENV", Truthy).verified(),
            // The VS Code extension's terminals (v3.24.0+); the CLI never sets it (the
            // string is not in the 3.0.65 binary).
            Marker::definitive("CLINE_ACTIVE", Flag),
            // The npm CLI's wrapper sets it on the runtime it starts (cline 3.0.65, bin/cline).
            Marker::strong("CLINE_WRAPPER_PATH", Truthy),
        ],
        // `CLINE_TASK_ID` (other detectors' claim) is set by neither product: no Cline
        // source names it, the 3.0.65 binary holds no such string, and no child saw it.
        // The session id reaches hooks only, in their payloads.
        weak: &["CLINE_API_KEY"],
        executables: &["cline"],
        hooks: Some(
            Hooks::native(
                &[".cline/hooks/", ".clinerules/hooks/", "~/.cline/hooks/", "~/Documents/Cline/Hooks/"],
                Inject::Yes,
                CLINE_EVENTS,
            )
            // The docs give a TaskStart hook's `contextModification` to the model; the
            // 3.0.65 CLI ran such a hook in `cline --json` and its text reached no model
            // request (live run, 2026-12-01, `cargo xtask conformance`): unconfirmed, so
            // hal plans the startup fallback for it.
            .inject_backed(Standing::Unconfirmed),
        ),
        takes_prompt: true,
        sources: &[
            LIVE_CLINE,
            Source::vendor("cline/cline:apps/cli"),
            Source::vendor("cline/cline:src/hosts/vscode/terminal/VscodeTerminalRegistry.ts"),
            Source::vendor("https://docs.cline.bot/features/hooks"),
            Source::vendor("https://www.npmjs.com/package/cline (3.0.65, bin/cline)"),
        ],
        verified: Some(super::verified::CLINE),
        package: Some(Package::Npm("cline")),
        ..Runtime::new(P::Cline, "Cline")
    },
    Runtime {
        aliases: &["roo-code"],
        markers: &[
            Marker::strong("ROO_ACTIVE", Truthy).secondary(),
            Marker::strong("ROO_CODE_TASK_ID", Truthy).secondary(),
        ],
        session_vars: &["ROO_CODE_TASK_ID"],
        sources: &[Source::secondary("sdairs/is-ai-agent:src/lib.rs")],
        ..Runtime::new(P::Roo, "Roo Code")
    },
    Runtime {
        // Plugin-scoped: set for a plugin's hooks and tools.
        markers: &[Marker::strong("KIMI_PLUGIN_ROOT", Truthy).secondary()],
        // Relocates Kimi's data directory; set outside a session too.
        settings: &["KIMI_CODE_HOME"],
        // 1.51.0 renames its process `Kimi Code` (`setproctitle`: comm and argv, its exe
        // the venv's Python; live run): that is what its tools and hooks have above them.
        // Its tools get only `GIT_TERMINAL_PROMPT=0` (`utils/subprocess_env.py`), its hooks
        // its environment unchanged: nothing of Kimi's own, so the ancestry decides.
        executables: &["kimi", "Kimi Code"],
        // `[[hooks]]` in `~/.kimi/config.toml` (`$KIMI_SHARE_DIR`): 13 Claude-named events
        // (1.51.0 and 1.52.0, `kimi_cli/hooks/config.py`). A hook's stdout is never put
        // before the model (`kimi_cli/hooks/runner.py` reads only a JSON decision from it),
        // so SessionStart cannot prime a session. 1.52.0 itself runs nothing: every entry
        // point is a deprecation gate (`kimi_cli/__main__.py`, `deprecation.py`: a notice,
        // or with no argument the Kimi Code installer); 1.51.0 is the last that runs (the
        // conformance suite's version).
        hooks: Some(Hooks::native(&["~/.kimi/config.toml"], Inject::No, KIMI_EVENTS)),
        takes_prompt: true,
        sources: &[
            Source::secondary("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/kimi.md"),
            Source::vendor("https://moonshotai.github.io/kimi-code/en/configuration/env-vars"),
            DETECT_AGENT,
            LIVE_KIMI,
        ],
        verified: Some(super::verified::KIMI),
        package: Some(Package::PyPi("kimi-cli")),
        ..Runtime::new(P::Kimi, "Kimi CLI")
    },
    Runtime {
        markers: &[Marker::strong("MUSE_RELEASE_INFO", Truthy).secondary()],
        weak: &["MUSE_CURRENT_SESSION_LOG"],
        executables: &["muse", "muse-bin-*"],
        takes_prompt: true,
        sources: &[Source::secondary(
            "kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/muse.md",
        )],
        ..Runtime::new(P::Muse, "Muse")
    },
    Runtime {
        aliases: &["antigravity-cli"],
        executables: &["agy"],
        takes_prompt: true,
        sources: &[Source::secondary(
            "kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/agy.md",
        )],
        ..Runtime::new(P::Agy, "Antigravity CLI")
    },
    Runtime {
        markers: &[
            Marker::strong("DEVIN_SESSION_ID", Truthy).secondary(),
            Marker::strong("DEVIN_WRAPPER_ACTIVE", Truthy).secondary(),
            // Set for every hook (the lifecycle hooks page's hook environment, as quoted
            // by third parties): Devin's payloads name no runtime by themselves, so this
            // decides them.
            Marker::strong("DEVIN_PROJECT_DIR", Truthy).secondary(),
        ],
        weak: &["EDITOR"],
        // Devin's cloud VM.
        host_files: &["/opt/.devin"],
        executables: &["devin"],
        session_vars: &["DEVIN_SESSION_ID"],
        hooks: Some(Hooks::native(&[], Inject::No, DEVIN_EVENTS)),
        takes_prompt: true,
        sources: &[
            Source::secondary("https://docs.devin.ai/cli/extensibility/hooks/lifecycle-hooks.md"),
            Source::secondary("kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/devin.md"),
            DETECT_AGENT,
        ],
        ..Runtime::new(P::Devin, "Devin")
    },
    Runtime {
        aliases: &["command-code"],
        executables: &["command-code"],
        takes_prompt: true,
        sources: &[Source::secondary(
            "kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/commandcode.md",
        )],
        ..Runtime::new(P::Commandcode, "Command Code")
    },
    Runtime {
        executables: &["polytoken"],
        hooks: Some(Hooks::native(&[".polytoken/hooks.json"], Inject::No, POLYTOKEN_EVENTS)),
        takes_prompt: true,
        sources: &[Source::secondary(
            "kunchenguid/firstmate:.agents/skills/harness-adapters/references/harness/polytoken.md",
        )],
        ..Runtime::new(P::Polytoken, "Polytoken")
    },
    Runtime {
        aliases: &["mistral-vibe"],
        // 3.0.3's `vibe` starts its Rust front end `vibe-rs` (`vibe/_bin/vibe-rs`), which
        // starts the Python `vibe-app-server` and sets `VIBE_APP_SERVER_BIN` (its path) for
        // it, so for every tool and hook (live run).
        markers: &[Marker::strong("VIBE_APP_SERVER_BIN", Contains("vibe-app-server")).verified()],
        executables: &["vibe", "vibe-rs", "vibe-app-server"],
        // No session variable: 3.0.3 sets `VIBE_SESSION_ID` nowhere (no occurrence in the
        // wheel, none in a live run); the session id is only in a hook's payload. Gastown's
        // preset names `VIBE_SESSION_ID`: reality differs.
        session_vars: &[],
        // `hooks.toml`: the project's `.vibe/hooks.toml` loads only in a trusted folder
        // (`--trust`, or `trusted_folders.toml`), `~/.vibe/hooks.toml` always
        // (`vibe/core/config/harness_files/_harness_manager.py`). No session-start hook.
        hooks: Some(Hooks::native(&[".vibe/hooks.toml", "~/.vibe/hooks.toml"], Inject::No, VIBE_EVENTS)),
        takes_prompt: true,
        sources: &[LIVE_VIBE, GASTOWN_AGENTS],
        gastown: Some(
            GastownPreset::hooked(
                "vibe",
                // Tool permissions only: no lifecycle hook, so nothing primes the agent.
                Adapter::settings_only(".vibe/config.toml", HookKind::ConfigToml),
                &["vibe"],
            )
            .ready_after(5000)
            .session_env("VIBE_SESSION_ID")
            .stale(&[
                Stale {
                    gastown: PresetFact::SessionEnv("VIBE_SESSION_ID"),
                    reality: "Vibe 3.0.3 sets no such variable (no occurrence in the wheel, none in a live run); \
                              the session id is in a hook's payload only",
                },
                Stale {
                    gastown: PresetFact::SettingsOnly,
                    reality: "Vibe 3.0.3 has hooks in `hooks.toml` (`pre_tool`, `post_tool`, `post_agent`; \
                              live run), none at session start",
                },
            ]),
        ),
        verified: Some(super::verified::VIBE),
        package: Some(Package::PyPi("mistral-vibe")),
        ..Runtime::new(P::Vibe, "Mistral Vibe")
    },
    Runtime {
        aliases: &["factory"],
        // Set for every hook of 0.215.0, beside `CLAUDE_PROJECT_DIR` (live run).
        markers: &[Marker::strong("DROID_PROJECT_DIR", Truthy).verified()],
        weak: &["FACTORY_PROJECT_DIR"],
        executables: &["droid"],
        // The hooks reference names the three settings files (workspace first); the newer
        // hooks page `.factory/hooks.json` beside them. A SessionStart hook's plain stdout
        // reaches the model (live run of 0.215.0). `~/.factory/settings.json` also holds
        // the custom models `droid exec` runs without a login (live run of 0.215.0).
        hooks: Some(
            Hooks::claude_settings(
                &[
                    ".factory/settings.json",
                    ".factory/settings.local.json",
                    ".factory/hooks.json",
                    "~/.factory/settings.json",
                    "~/.factory/hooks.json",
                ],
                Inject::Yes,
                DROID_EVENTS,
            )
            .inject_backed(Standing::Verified),
        ),
        takes_prompt: true,
        sources: &[
            Source::vendor("https://docs.factory.ai/reference/hooks-reference"),
            Source::vendor("https://docs.factory.ai/harness/hooks"),
            Source::secondary("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts"),
            Source::secondary("https://syllago.dev/using-syllago/providers/factory-droid/hooks/"),
            LIVE_DROID,
        ],
        verified: Some(super::verified::DROID),
        package: Some(Package::Npm("droid")),
        ..Runtime::new(P::Droid, "Droid")
    },
    Runtime {
        markers: &[
            Marker::strong("ANTIGRAVITY_AGENT", Flag).secondary(),
            Marker::strong("ANTIGRAVITY_PROJECT_ID", Truthy).secondary(),
            Marker::strong("ANTIGRAVITY_CLI_ALIAS", Truthy).secondary(),
        ],
        executables: &["antigravity"],
        session_vars: &["ANTIGRAVITY_TRAJECTORY_ID"],
        sources: &[Source::secondary("databricks/cli:libs/agent/agent.go"), DETECT_AGENT],
        ..Runtime::new(P::Antigravity, "Antigravity")
    },
    Runtime {
        aliases: &["iflow-cli"],
        markers: &[Marker::strong("IFLOW_CLI", Truthy).secondary()],
        sources: &[Source::secondary("sdairs/is-ai-agent:src/lib.rs")],
        ..Runtime::new(P::Iflow, "iFlow CLI")
    },
    Runtime {
        markers: &[
            // Hermes Agent 0.19.0 puts the session id on `os.environ` (`agent/agent_init.py`):
            // its tools and shell hooks inherit it (live run). `HERMES_AGENT`, named by a
            // survey of detectors, occurs nowhere in the 0.19.0 wheel: dropped.
            Marker::strong("HERMES_SESSION_ID", Truthy).verified(),
        ],
        // Also on `os.environ` for tools and hooks alike (live run, 0.19.0): `HERMES_QUIET=1`
        // (set at import), `HERMES_INTERACTIVE`, `HERMES_KANBAN_BOARD`; tools only:
        // `HERMES_REAL_HOME`; with `--yolo`: `HERMES_YOLO_MODE`. The gateway's platform.
        weak: &[
            "HERMES_QUIET",
            "HERMES_INTERACTIVE",
            "HERMES_KANBAN_BOARD",
            "HERMES_REAL_HOME",
            "HERMES_YOLO_MODE",
            "HERMES_SESSION_PLATFORM",
        ],
        settings: &["HERMES_HOME", "HERMES_ACCEPT_HOOKS"],
        // `hermes` is a Python console script: `python3.12 <venv>/bin/hermes`.
        executables: &["hermes"],
        session_vars: &["HERMES_SESSION_ID"],
        // Shell hooks from `hooks:` in `$HERMES_HOME/config.yaml` (`agent/shell_hooks.py`),
        // registered off a terminal only with `--accept-hooks` / `HERMES_ACCEPT_HOOKS`; a
        // hook's stdout is read as JSON (`pre_llm_call` may add context, not a session
        // start).
        hooks: Some(
            Hooks::native(&["~/.hermes/config.yaml"], Inject::No, HERMES_EVENTS),
        ),
        takes_prompt: true,
        sources: &[
            LIVE_HERMES,
            Source::vendor(
                "https://pypi.org/project/hermes-agent/ (0.19.0, agent/shell_hooks.py, hermes_cli/plugins.py)",
            ),
            Source::secondary("huggingface/huggingface.js#2222"),
            Source::secondary("vercel/vercel#16095"),
        ],
        verified: Some(super::verified::HERMES),
        package: Some(Package::PyPi("hermes-agent")),
        ..Runtime::new(P::Hermes, "Hermes")
    },
    Runtime {
        markers: &[
            Marker::strong("OPENCLAW_SHELL", Exact("exec")).secondary(),
            Marker::strong("OPENCLAW_CLI", Flag).secondary(),
        ],
        sources: &[Source::secondary("vercel/vercel#16095")],
        ..Runtime::new(P::Openclaw, "OpenClaw")
    },
    Runtime {
        markers: &[
            // The prompt of its terminal tool's shell (a tmux server of its own, so no
            // OpenHands process is among the tool's ancestors), exported (live run,
            // 1.16.0; `openhands-tools` 1.21.0).
            Marker::strong("PS1", Contains("###PS1JSON###")).verified(),
            Marker::strong("PROMPT_COMMAND", Contains("###PS1JSON###")).verified(),
            // OpenRouter's app attribution, put on `os.environ` by the SDK's LLM
            // (`openhands/sdk/llm/llm.py`): tools and hooks inherit it (live run). A generic
            // setting, hence the exact values (Aider sets its own).
            Marker::strong("OR_APP_NAME", Exact("OpenHands")).verified(),
            Marker::strong("OR_SITE_URL", Exact("https://docs.all-hands.dev/")).verified(),
            // Its hooks' environment (`openhands/sdk/hooks/executor.py`, live run).
            Marker::strong("OPENHANDS_SESSION_ID", Truthy).verified(),
            Marker::strong("OPENHANDS_PROJECT_DIR", Truthy).verified(),
        ],
        // Hooks only; the tool name only on tool events.
        weak: &["OPENHANDS_EVENT_TYPE", "OPENHANDS_TOOL_NAME"],
        settings: &["OPENHANDS_SUPPRESS_BANNER"],
        // `openhands` is a Python console script: `python <venv>/bin/openhands`.
        executables: &["openhands"],
        session_vars: &["OPENHANDS_SESSION_ID"],
        // `<workdir>/.openhands/hooks.json`, else `~/.openhands/hooks.json` (the SDK's
        // `HookConfig.load`, Claude's `{"hooks": {...}}` shape accepted); a SessionStart
        // hook's output is not put before the model (`conversation_hooks.py`).
        hooks: Some(Hooks::claude_settings(
            &[".openhands/hooks.json", "~/.openhands/hooks.json"],
            Inject::No,
            OPENHANDS_EVENTS,
        )),
        takes_prompt: true,
        sources: &[
            LIVE_OPENHANDS,
            Source::vendor("https://pypi.org/project/openhands-sdk/ (1.21.0, openhands/sdk/hooks/executor.py)"),
            Source::secondary("jdx/mise:crates/mise-agent-env/src/lib.rs"),
        ],
        verified: Some(super::verified::OPENHANDS),
        package: Some(Package::PyPi("openhands")),
        ..Runtime::new(P::Openhands, "OpenHands")
    },
    Runtime {
        markers: &[Marker::strong("VTCODE", Flag).secondary()],
        sources: &[Source::secondary("huggingface/huggingface.js:packages/tasks/src/agent-harnesses.ts")],
        ..Runtime::new(P::Vtcode, "VT Code")
    },
    Runtime {
        markers: &[Marker::strong("FIREBENDER_TERMINAL", Truthy).secondary()],
        sources: &[Source::secondary("jdx/mise:crates/mise-agent-env/src/lib.rs")],
        ..Runtime::new(P::Firebender, "Firebender")
    },
    Runtime {
        markers: &[
            // OpenRouter's app attribution, set on `os.environ` when `aider.llm` is
            // imported, so every child inherits it (live run, aider-chat 0.86.2: tool and
            // notifications command). Strong, not definitive: a generic OpenRouter
            // setting others set to their own names (OpenHands), hence the exact value.
            Marker::strong("OR_APP_NAME", Exact("Aider")).verified(),
            Marker::strong("OR_SITE_URL", Exact("https://aider.chat")).verified(),
        ],
        // `LITELLM_MODE=PRODUCTION` comes with the two above, but every litellm program
        // may set it; all `AIDER_*` variables are configuration.
        weak: &["AIDER_API_KEY", "LITELLM_MODE"],
        executables: &["aider"],
        takes_prompt: true,
        sources: &[
            LIVE_AIDER,
            Source::vendor("Aider-AI/aider:aider/llm.py"),
            Source::vendor("https://aider.chat/docs/config/aider_conf.html"),
        ],
        // No hooks (`--notifications-command` runs with an empty stdin), no session id.
        verified: Some(super::verified::AIDER),
        package: Some(Package::PyPi("aider-chat")),
        ..Runtime::new(P::Aider, "Aider")
    },
    Runtime {
        aliases: &["letta-code"],
        markers: &[
            // Set on its tools' shells (getShellEnv), its hooks' and its subagents'.
            Marker::strong("LETTA_CODE_BIN", Truthy),
            Marker::strong("LETTA_HOOK_EVENT", Truthy),
            Marker::strong("LETTA_CODE_AGENT_ROLE", Exact("subagent")),
        ],
        // Its docs have people export it to run `letta` commands by hand.
        settings: &["LETTA_AGENT_ID"],
        executables: &["letta"],
        takes_prompt: true,
        sources: &[Source::vendor("https://www.npmjs.com/package/@letta-ai/letta-code (0.25.9, letta.js)")],
        ..Runtime::new(P::Letta, "Letta Code")
    },
    Runtime {
        aliases: &["cn", "continue-cli"],
        // Set on its hook commands (beside CLAUDE_PROJECT_DIR).
        markers: &[Marker::strong("CONTINUE_PROJECT_DIR", Truthy)],
        executables: &["cn"],
        takes_prompt: true,
        sources: &[Source::vendor("https://www.npmjs.com/package/@continuedev/cli (1.5.47, dist/index.js)")],
        package: Some(Package::Npm("@continuedev/cli")),
        verified: Some(super::verified::CONTINUE),
        ..Runtime::new(P::Continue, "Continue CLI")
    },
    Runtime {
        aliases: &["qodercli", "qoder-cli"],
        executables: &["qodercli"],
        takes_prompt: true,
        sources: &[Source::vendor("https://www.npmjs.com/package/@qoder-ai/qodercli (1.1.52: bin qodercli)")],
        ..Runtime::new(P::Qoder, "Qoder CLI")
    },
    Runtime {
        executables: &["octofriend"],
        sources: &[Source::secondary("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts")],
        ..Runtime::new(P::Octofriend, "Octofriend")
    },
    Runtime { sources: &[Source::secondary("vercel/vercel#16016")], ..Runtime::new(P::V0, "v0") },
    Runtime {
        markers: &[
            Marker::strong("JUNIE_DATA", Truthy).secondary(),
            Marker::strong("JUNIE_SHIM_PATH", Truthy).secondary(),
        ],
        sources: &[Source::secondary("unjs/std-env:src/agents.ts")],
        ..Runtime::new(P::Junie, "Junie")
    },
    Runtime {
        markers: &[Marker::strong("TRAE_AI_SHELL_ID", Truthy).secondary()],
        sources: &[
            Source::secondary("huggingface/huggingface.js:packages/tasks/src/agent-harnesses.ts"),
            Source::secondary("jdx/mise:crates/mise-agent-env/src/lib.rs"),
        ],
        ..Runtime::new(P::Trae, "Trae")
    },
    Runtime {
        aliases: &["devin-desktop"],
        markers: &[Marker::strong("CODEIUM_EDITOR_APP_ROOT", Truthy).secondary()],
        hooks: Some(Hooks::native(
            &[".windsurf/hooks.json", "~/.codeium/windsurf/hooks.json", "/etc/windsurf/hooks.json"],
            Inject::No,
            WINDSURF_EVENTS,
        )),
        sources: &[
            Source::vendor("https://docs.windsurf.com/windsurf/cascade/hooks"),
            Source::secondary("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts"),
        ],
        // Skills read these to tell this runtime (hal-lint's labelled corpus).
        skill_vars: &["WINDSURF_SESSION_ID"],
        ..Runtime::new(P::Windsurf, "Windsurf")
    },
    Runtime {
        aliases: &["vscode-copilot", "github_copilot_vscode_agent"],
        // `COPILOT_AGENT=1` in VS Code's agent terminals (microsoft/vscode#316267, merged
        // 2026-05-13, `toolTerminalCreator.ts`).
        markers: &[Marker::strong("COPILOT_AGENT", Flag)],
        combos: &[Combo::secondary(&[("TERM_PROGRAM", Exact("vscode")), ("GIT_PAGER", Exact("cat"))])],
        weak: &["VSCODE_AGENT", "TERM_PROGRAM"],
        variant_of: Some(P::Copilot),
        // VS Code's agent hooks: its own PascalCase event names, Claude-compatible files.
        hooks: Some(
            Hooks::claude_settings(&[".github/hooks/", ".claude/settings.json"], Inject::No, VSCODE_EVENTS)
                .inject_backed(Standing::Unconfirmed),
        ),
        sources: &[
            Source::vendor("https://code.visualstudio.com/docs/agents/reference/hooks-reference"),
            Source::vendor("microsoft/vscode#316267"),
            Source::secondary("nrwl/nx#35757"),
        ],
        ..Runtime::new(P::CopilotVscode, "GitHub Copilot (VS Code)")
    },
    Runtime {
        aliases: &["oz"],
        markers: &[Marker::definitive("OZ_RUN_ID", Truthy)],
        weak: &["TERM_PROGRAM"],
        session_vars: &["OZ_RUN_ID"],
        sources: &[Source::vendor("warpdotdev/warp:crates/warp_cli/src/lib.rs")],
        ..Runtime::new(P::Warp, "Warp (Oz)")
    },
    Runtime {
        markers: &[Marker::strong("REPLIT_SESSION", Truthy).secondary()],
        combos: &[Combo::secondary(&[("REPL_ID", Truthy), ("REPLIT_MODE", Exact("assistant"))])],
        settings: &["REPL_ID"],
        sources: &[
            Source::secondary("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts"),
            Source::secondary("expo/agent-cli-detector:src/agents.ts"),
        ],
        ..Runtime::new(P::Replit, "Replit")
    },
    Runtime {
        combos: &[Combo::secondary(&[("HOME", Exact("/home/jules")), ("USER", Exact("swebot"))])],
        sources: &[Source::secondary("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts")],
        ..Runtime::new(P::Jules, "Jules")
    },
    Runtime {
        combos: &[Combo::secondary(&[("TERM_PROGRAM", Exact("zed")), ("PAGER", Exact("cat"))])],
        weak: &["ZED_TERM", "ZED_ENVIRONMENT"],
        sources: &[
            Source::vendor("https://zed.dev/docs/ai/external-agents"),
            Source::secondary("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts"),
        ],
        ..Runtime::new(P::Zed, "Zed")
    },
    Runtime {
        markers: &[
            Marker::strong("BOLT_ENV", Truthy).secondary(),
            Marker::strong("BOLT_SERVER_URL", Truthy).secondary(),
            // expo/agent-cli-detector:src/agents.ts@09f4c420 (Bolt's `env`).
            Marker::strong("BOLT_ORIGIN", Truthy).secondary(),
        ],
        combos: &[Combo::secondary(&[("SHELL", Exact("/bin/jsh")), ("npm_config_yes", Truthy)])],
        weak: &["SHELL"],
        sources: &[
            Source::secondary("ascorbic/am-i-vibing:packages/am-i-vibing/src/providers.ts"),
            Source::secondary("expo/agent-cli-detector:src/agents.ts"),
        ],
        ..Runtime::new(P::Bolt, "Bolt")
    },
    Runtime {
        // Rork's agent runs commands with `RORK_API_URL` set (other-detector standing:
        // expo/agent-cli-detector:src/agents.ts@cd1cc511, Rork's `env`; no vendor document).
        markers: &[Marker::strong("RORK_API_URL", Truthy).secondary()],
        sources: &[Source::secondary("expo/agent-cli-detector:src/agents.ts")],
        ..Runtime::new(P::Rork, "Rork")
    },
    Runtime {
        // gptme 0.35.1 (PyPI `gptme`): its script hooks run with `GPTME_HOOK_EVENT`,
        // `GPTME_LOGDIR`, `GPTME_WORKSPACE` and `GPTME_MODEL` added to its environment
        // (`gptme/hooks/script.py`, live run); its shell tool (a persistent `bash` it
        // starts) inherits its environment unchanged: nothing of gptme's own, so the
        // tool is told by the ancestry (`gptme`, a Python console script).
        markers: &[Marker::strong("GPTME_HOOK_EVENT", Truthy).verified()],
        // Its tools also get `PAGER=` `GH_PAGER=` `GIT_PAGER=cat`, `EDITOR`, `VISUAL` and
        // `GIT_EDITOR` `true`, `PYTHONUNBUFFERED=1` (`gptme/tools/shell.py`, live run):
        // settings of many tools, none gptme's own.
        weak: &["GPTME_LOGDIR", "GPTME_WORKSPACE", "GPTME_MODEL"],
        executables: &["gptme"],
        // `[[hooks.scripts]]` of the user's `~/.config/gptme/config.toml` (always trusted)
        // or the project's `gptme.toml` (trusted on first use, asked on a terminal):
        // `session.start` and `session.end` only; a hook's output is only logged.
        hooks: Some(Hooks::native(&["~/.config/gptme/config.toml", "gptme.toml"], Inject::No, GPTME_EVENTS)),
        takes_prompt: true,
        sources: &[
            LIVE_GPTME,
            Source::vendor("https://pypi.org/project/gptme/ (0.35.1, gptme/hooks/script.py, gptme/config/models.py)"),
        ],
        verified: Some(super::verified::GPTME),
        package: Some(Package::PyPi("gptme")),
        ..Runtime::new(P::Gptme, "gptme")
    },
    Runtime {
        caps: Some(&UNKNOWN_CAPS),
        sources: &[Source::vendor("DESIGN.md: capability matrix, `unknown` column")],
        ..Runtime::new(P::Unknown, "unknown")
    },
];
