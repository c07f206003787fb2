//! Gemini CLI: every fact hal holds of it, one descriptor (see [`super`]).

use super::shared::{GT, ITSELF, NONE, c, exe, secs, suite};
use crate::registry::launch_shape::{
    Args, Autonomy, ConfigDir, Launch, Level, Output, PromptAt, Resume, Start, Style, Trust, TrustSetting,
};
use crate::registry::model::Departure;
use crate::registry::model::NativeEvent as Ev;
use crate::registry::model::ValueRule::{Exact, Truthy};
use crate::registry::model::{
    Adapter, FragmentSchema, GastownPreset, Hooks, Inject, Marker, NativeEvent, Package, Runtime, Source, Verified,
};
use crate::registry::payload_shape::{NameStyle, Payload};
use crate::registry::span::{History, HookHistory, Span, VarSpan};
use hal_types::CanonicalEvent as E;
use hal_types::GuppStrategy as G;
use hal_types::RuntimeProvider as P;
use hal_types::{CanonicalEvent, Capabilities, HookKind, StartupInjection, StartupStrategy, Support};

/// Its hook file in the workspace, the one Gastown's adapter writes: written once.
const WORKSPACE_HOOKS: &str = ".gemini/settings.json";

/// Its hook reference.
const HOOKS_DOC: &str = "google-gemini/gemini-cli:docs/hooks/reference.md";

/// The live runs that date a fact to 0.45.2.
const RUNS_TO_0_45_2: &str = "live runs of @google/gemini-cli@0.28.2 (absent), 0.45.2, 0.61.0 (present)";

// Gemini CLI's config folder: `home!()`.
config_folder!("~/.gemini");

pub(super) const LIVE_GEMINI: Source = Source::ran("live run 2026-12-01", PACKAGE, live::NEWEST);

pub(super) const ROW: Runtime = Runtime {
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
    // Written by Gemini CLI itself (its package at `live::NEWEST`: `Storage`'s
    // installation id, `OAUTH_FILE`, the Google accounts file).
    own_files: &[
        concat!(home!(), "/installation_id"),
        concat!(home!(), "/oauth_creds.json"),
        concat!(home!(), "/google_accounts.json"),
    ],
    hooks: Some(Hooks::claude_settings(
        &[WORKSPACE_HOOKS, concat!(home!(), "/settings.json"), "/etc/gemini-cli/settings.json"],
        Inject::Yes,
        EVENTS,
    )),
    takes_prompt: true,
    caps: Some(&CAPS),
    sources: &[
        LIVE_GEMINI,
        Source::vendor("google-gemini/gemini-cli:packages/core/src/services/shellExecutionService.ts"),
        Source::vendor(HOOKS_DOC),
    ],
    gastown: Some(
        GastownPreset::hooked(
            P::Gemini,
            // Gastown's adapter, a native fact here: the design's row keeps gemini on the fallback.
            Adapter::config(
                WORKSPACE_HOOKS,
                HookKind::SettingsJson,
                FragmentSchema::Settings,
                &[
                    (CanonicalEvent::SessionStart, "SessionStart"),
                    (CanonicalEvent::ContextCompactPre, "PreCompress"),
                    (CanonicalEvent::PromptSubmit, "BeforeAgent"),
                ],
            ),
            ITSELF,
        )
        .ready_after(5000)
        .session_env("GEMINI_SESSION_ID"),
    ),
    verified: Some(VERIFIED),
    package: Some(PACKAGE),
    history: Some(&HISTORY),
    ..Runtime::new(P::Gemini, "Gemini CLI")
};

pub(super) const EVENTS: &[NativeEvent] = &[
    Ev::mapped(E::SessionStart, "SessionStart"),
    Ev::mapped(E::SessionEnd, "SessionEnd"),
    Ev::mapped(E::PromptSubmit, "BeforeAgent"),
    Ev::mapped(E::TurnEnd, "AfterAgent"),
    Ev::mapped(E::ModelRequestPre, "BeforeModel"),
    Ev::mapped(E::ModelResponsePost, "AfterModel"),
    Ev::mapped(E::ToolUsePre, "BeforeTool"),
    Ev::mapped(E::ToolUsePost, "AfterTool"),
    Ev::mapped(E::Notification, "Notification"),
    Ev::mapped(E::ContextCompactPre, "PreCompress"),
    // Gemini's `BeforeToolSelection` fires before every model call to filter the tool
    // list and asks no permission (0.61.0): no canonical event fits it.
    Ev::unmapped("BeforeToolSelection"),
];

/// The package it is installed from.
const PACKAGE: Package = Package::Npm("@google/gemini-cli");

/// The versions live runs verified, each written once, here: the verified record and
/// every other crate (the conformance suite's older-version runs, the tests) name them.
pub mod live {
    /// The newest verified.
    pub const NEWEST: &str = "0.61.0";
    /// The first version read whose hooks get `GEMINI_SESSION_ID`.
    pub const FIRST_SESSION_VARS_IN_HOOKS: &str = "0.45.2";
    /// The first version read with hooks.
    pub const FIRST_HOOKS: &str = "0.28.2";
    /// The oldest version the registry dates: no hook system.
    pub const OLDEST: &str = "0.10.0";
}

/// Gemini CLI 0.61.0, `-p --yolo`: hooks get no `GEMINI_CLI`, but `CLAUDE_PROJECT_DIR`.
pub(super) const VERIFIED: Verified = Verified {
    version: live::NEWEST,
    older: &[live::FIRST_SESSION_VARS_IN_HOOKS, live::FIRST_HOOKS, live::OLDEST],
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

/// Gemini CLI: no hook system in 0.10.0; 0.28.2 has the 11 event names of 0.61.0.
pub(super) const HISTORY: History = History {
    oldest: live::OLDEST,
    packages: &[],
    version_vars: &[],
    install_vars: &[],
    hooks: HookHistory {
        span: Span::since(live::FIRST_HOOKS),
        switch: None,
        before: None,
        cite: "@google/gemini-cli@0.10.0 (no hooks), 0.28.2, 0.45.2 (the 11 events of 0.61.0), bundle",
    },
    vars: &[
        VarSpan {
            var: "GEMINI_CWD",
            set_for: "hooks",
            span: Span::since(live::FIRST_SESSION_VARS_IN_HOOKS),
            cite: RUNS_TO_0_45_2,
        },
        VarSpan {
            var: "GEMINI_PLANS_DIR",
            set_for: "hooks",
            span: Span::since(live::FIRST_SESSION_VARS_IN_HOOKS),
            cite: RUNS_TO_0_45_2,
        },
        VarSpan {
            var: "GEMINI_SESSION_ID",
            set_for: "hooks",
            span: Span::since(live::FIRST_SESSION_VARS_IN_HOOKS),
            cite: "offline runs of @google/gemini-cli@0.28.2 (hooks get only GEMINI_PROJECT_DIR, CLAUDE_PROJECT_DIR); live runs of 0.45.2 (present), 0.61.0",
        },
    ],
    ai_agent: &[],
    overwrites_ai_agent: None,
};

pub(super) const PAYLOAD: Payload = Payload {
    transcript: Some(".gemini/tmp/"),
    sources: &[
        Source::vendor(HOOKS_DOC),
        Source::vendor("google-gemini/gemini-cli:packages/core/src/hooks/hookEventHandler.ts"),
    ],
    ..Payload::new(P::Gemini, Some("hook_event_name"), NameStyle::Pascal, "session_id")
};

pub(super) const S_GEMINI: Source = Source::ran("hal-conformance", PACKAGE, live::NEWEST);

pub(super) const GEMINI_DOCS: Source = Source::vendor("google-gemini/gemini-cli:docs/cli/configuration.md");

/// Gemini's options by their long names (hostile-findings R2): `-p`, `-i` and `-m` are
/// aliases of `--prompt`, `--prompt-interactive` and `--model`
/// (`bundle/gemini-3HFX2LNT.js:8063-8077` of 0.61.0, `bundle/gemini-IHDGRWWD.js:8033-8047`
/// of 0.45.2); its yargs-parser reads `--name=value` as the value whatever it starts with
/// (`gemini-3HFX2LNT.js:841-842`), a short flag's next argument as an option when it
/// starts with `-`: the long name gives a dash-led prompt or model as data.
pub(super) const GEMINI_ARGS: Source =
    suite("hal-conformance dash check, @google/gemini-cli@0.61.0; yargs options of 0.45.2 and 0.61.0");

pub(super) const GEMINI_TRUST: Source = Source::vendor("google-gemini/gemini-cli:docs/cli/trusted-folders.md");

pub(super) const LAUNCH: Launch = Launch {
    provider: P::Gemini,
    executable: exe(&ROW, S_GEMINI),
    interactive: c(Start::new(NONE, PromptAt::Flag("--prompt-interactive")), GEMINI_ARGS),
    print: Some(c(Start::new(NONE, PromptAt::Flag("--prompt")), GEMINI_ARGS)),
    output: Some(c(Output { flag: "--output-format", values: &["text", "json", "stream-json"] }, S_GEMINI)),
    autonomy: Autonomy {
        none: Some(c(Level::args(&[Args::always(&["--approval-mode", "default"])], "asks"), GEMINI_DOCS)),
        edits: Some(c(Level::args(&[Args::always(&["--approval-mode", "auto_edit"])], "edits unasked"), GEMINI_DOCS)),
        full: Some(c(Level::args(&[Args::always(&["--yolo"])], "nothing asked"), S_GEMINI)),
    },
    resume: Some(c(
        Resume { by_id: Some(&["--resume"]), latest: Some(&["--resume", "latest"]), style: Style::Flag, hal_ids: true },
        GEMINI_DOCS,
    )),
    model: Some(c("--model", GEMINI_ARGS)),
    instructions: c(&["GEMINI.md"], GEMINI_DOCS),
    config_dir: Some(c(ConfigDir { dir: home!(), var: None }, GEMINI_DOCS)),
    hook_trust: Some(c(
        Trust::Setting(TrustSetting {
            rule: "the workspace must be a trusted folder (~/.gemini/trustedFolders.json: path -> TRUST_FOLDER)",
            file: concat!(home!(), "/trustedFolders.json"),
            setting: r#"{"<workspace>":"TRUST_FOLDER"}"#,
            dialog: None,
        }),
        GEMINI_TRUST,
    )),
    ready_prompt: None,
    startup_dialog: None,
    escape_cancels: Some(c(true, GT)),
    session_id: None,
    acp: Some(c(&["--experimental-acp"], GEMINI_DOCS)),
    end_of_options: None,
    env: &[],
    env_from: &[],
    offline: &[],
    stamps: &["GEMINI_CLI_NO_RELAUNCH", "GEMINI_CWD", "GEMINI_PLANS_DIR", "GEMINI_PROJECT_DIR"],
    gastown_stale: &[(
        "InstructionsFile",
        "AGENTS.md, but Gemini CLI reads GEMINI.md unless context.fileName says otherwise",
    )],
};

pub(super) const CAPS: Capabilities = Capabilities::new(
    P::Gemini,
    Some("GT_SESSION_ID"),
    StartupStrategy::StartupFallback,
    G::Polling,
    secs(300),
    secs(120),
)
.with_startup_injection(StartupInjection::PrimeFallback)
.with_nudge_support(Support::Yes);

pub(super) const DEPARTURES: &[Departure] = &[
    Departure::new(
        P::Gemini,
        "session_id_env",
        "the design's cell is GT_SESSION_ID; Gemini CLI's hooks get GEMINI_SESSION_ID",
    ),
    Departure::new(
        P::Gemini,
        "session_hooks",
        "the design's cell is no; Gastown's .gemini/settings.json adapter is recorded as a native fact, not the plan",
    ),
    Departure::new(P::Gemini, "startup_injection", "the design's cell: gt prime fallback (not Gastown's adapter)"),
    Departure::new(P::Gemini, "startup_strategy", "the design's cell: startup_fallback (not Gastown's adapter)"),
    Departure::new(P::Gemini, "gupp_strategy", "the design's cell: polling"),
];
