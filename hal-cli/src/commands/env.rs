//! `hal env`: `export HAL_…=…` lines for `eval "$(hal env)"` in shell skills
//! (`--shell powershell`: `$env:HAL_…` lines for `hal env --shell powershell | iex`).

use hal_detect::Host;
use hal_gupp::Hal;
use hal_types::RuntimeHal as _;

use std::fmt::Write as _;

use crate::answers;
use crate::args::GlobalOpt;
use crate::describe::{Cmd, Description, Invocation, answer};
use crate::context::{Context, Needs};
use crate::output::{Output, versioned};
use crate::render::{export_line, powershell_line};

/// `export HAL_…=…` lines for `eval "$(hal env)"` in shell skills.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, clap::Args)]
pub struct Env {
    /// The shell: posix (`eval "$(hal env)"`) or powershell (`hal env --shell powershell | iex`)
    #[arg(long, value_enum, default_value_t = Shell::Posix)]
    pub shell: Shell,
}

/// The shell `hal env` writes for: `posix`, `export NAME=value` (sh, bash, zsh, dash,
/// Git Bash); `powershell`, `$env:NAME = '…'` (Windows PowerShell and PowerShell 7).
/// (The variants carry no doc comment: clap would print them as a long list.)
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
#[non_exhaustive]
#[allow(missing_docs)]
pub enum Shell {
    #[default]
    Posix,
    Powershell,
}

impl Cmd for Env {
    const DESCRIPTION: Description = Description {
        name: "env",
        takes: &[GlobalOpt::Json, GlobalOpt::Workspace, GlobalOpt::Policy, GlobalOpt::RequireKnown],
        answers: &[answer!(
            "env",
            None,
            "Env",
            "The HAL_* variables `hal env` exports, null for those it unsets.",
            answers::Env
        )],
    };

    fn exec<H: Host>(&self, input: Invocation<'_, H>) -> Output {
        // The GUPP values and strategies are exported, overrides applied: it is read.
        run(&input.resolve(Needs::versioned(None, None, true)), self.shell)
    }
}

/// A variable `hal env` sets (empty where it has no value).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum EnvVar {
    /// `HAL_PROVIDER`.
    Provider,
    /// `HAL_FAMILY`.
    Family,
    /// `HAL_SOURCE`.
    Source,
    /// `HAL_STARTUP_STRATEGY`.
    StartupStrategy,
    /// `HAL_GUPP_STRATEGY`.
    GuppStrategy,
    /// `HAL_STALL_THRESHOLD_SECS`.
    StallThresholdSecs,
    /// `HAL_NUDGE_INTERVAL_SECS`.
    NudgeIntervalSecs,
    /// `HAL_SUPPORTS_HOOKS`.
    SupportsHooks,
    /// `HAL_NATIVE_HOOKS`.
    NativeHooks,
    /// `HAL_SUPPORTS_NUDGE`.
    SupportsNudge,
    /// `HAL_SESSION_ID`.
    SessionId,
    /// `HAL_IS_AGENT`.
    IsAgent,
    /// `HAL_AGENT`.
    Agent,
    /// `HAL_RUNTIME_VERSION`.
    RuntimeVersion,
}

/// The variables `hal env` sets, in order (every one, empty where it has no value).
pub const ENV_VARS: &[EnvVar] = &[
    EnvVar::Provider,
    EnvVar::Family,
    EnvVar::Source,
    EnvVar::StartupStrategy,
    EnvVar::GuppStrategy,
    EnvVar::StallThresholdSecs,
    EnvVar::NudgeIntervalSecs,
    EnvVar::SupportsHooks,
    EnvVar::NativeHooks,
    EnvVar::SupportsNudge,
    EnvVar::SessionId,
    EnvVar::IsAgent,
    EnvVar::Agent,
    EnvVar::RuntimeVersion,
];

impl EnvVar {
    /// The variable's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Provider => "HAL_PROVIDER",
            Self::Family => "HAL_FAMILY",
            Self::Source => "HAL_SOURCE",
            Self::StartupStrategy => "HAL_STARTUP_STRATEGY",
            Self::GuppStrategy => "HAL_GUPP_STRATEGY",
            Self::StallThresholdSecs => "HAL_STALL_THRESHOLD_SECS",
            Self::NudgeIntervalSecs => "HAL_NUDGE_INTERVAL_SECS",
            Self::SupportsHooks => "HAL_SUPPORTS_HOOKS",
            Self::NativeHooks => "HAL_NATIVE_HOOKS",
            Self::SupportsNudge => "HAL_SUPPORTS_NUDGE",
            Self::SessionId => "HAL_SESSION_ID",
            Self::IsAgent => "HAL_IS_AGENT",
            Self::Agent => "HAL_AGENT",
            Self::RuntimeVersion => "HAL_RUNTIME_VERSION",
        }
    }

    /// What the variable means (for `hal man`).
    #[must_use]
    pub const fn what(self) -> &'static str {
        match self {
            Self::Provider => "the runtime (`hal detect`)",
            Self::Family => "the base runtime the provider is a variant of (itself for a base runtime)",
            Self::Source => "the kind of signal that decided",
            Self::StartupStrategy => "the startup strategy",
            Self::GuppStrategy => "the GUPP strategy, overrides applied",
            Self::StallThresholdSecs => "the stall threshold in seconds",
            Self::NudgeIntervalSecs => "the nudge interval in seconds",
            Self::SupportsHooks => "1 when the design's session_hooks is yes (startup by hook injection), else 0",
            Self::NativeHooks => {
                "1 when the runtime's own session-start hook reaches the model (native_hooks.inject yes), else 0"
            }
            Self::SupportsNudge => "1 when the agent can be nudged, else 0",
            Self::SessionId => "the session id (`hal session-id`); empty when there is none",
            Self::IsAgent => {
                "1 on evidence of a running agent (a marker, a declared agent, an ancestor, a hook payload), else 0; 0 where only a workspace file names the runtime"
            }
            Self::Agent => {
                "the name an agent declared for itself (AI_AGENT, AGENT), without its version; empty when none"
            }
            Self::RuntimeVersion => {
                "the runtime's version the answers are for (detected or GT_HAL_RUNTIME_VERSION); empty when unknown"
            }
        }
    }

    /// The variable's value for `hal`; `None`: no value (exported empty; `null` in JSON).
    fn value<H: Host>(self, hal: &Hal<H>) -> Option<String> {
        let c = hal.capabilities();
        let d = hal.detection();
        let flag = |b: bool| Some(if b { "1" } else { "0" }.to_owned());
        match self {
            Self::Provider => Some(c.provider.to_string()),
            Self::Family => Some(c.family.to_string()),
            Self::Source => Some(d.source.kind.to_string()),
            Self::StartupStrategy => Some(c.startup_strategy.to_string()),
            Self::GuppStrategy => Some(c.gupp_strategy.to_string()),
            Self::StallThresholdSecs => Some(c.stall_threshold.as_secs().to_string()),
            Self::NudgeIntervalSecs => Some(c.nudge_interval.as_secs().to_string()),
            Self::SupportsHooks => flag(c.supports_hooks()),
            Self::NativeHooks => flag(hal.native_hooks().injects()),
            Self::SupportsNudge => flag(c.supports_nudge()),
            Self::SessionId => hal.session_id(),
            Self::IsAgent => flag(d.is_agent),
            Self::Agent => d.agent.clone(),
            Self::RuntimeVersion => d.runtime_version.clone(),
        }
    }
}

/// The variables as `export` lines, or one JSON object.
fn run<H: Host>(ctx: &Context<H>, shell: Shell) -> Output {
    let vars: Vec<(&str, Option<String>)> = ENV_VARS.iter().map(|v| (v.name(), v.value(&ctx.hal))).collect();
    let stdout = if ctx.json {
        let variables = vars.iter().map(|(k, v)| ((*k).to_owned(), v.clone())).collect();
        let running = answers::Running::of(ctx.hal.detection());
        versioned(answers::Env { provider: ctx.hal.capabilities().provider, variables, running }, &ctx.diagnostics)
    } else {
        env_lines(&vars, shell)
    };
    Output::new(stdout, &ctx.diagnostics)
}

/// `export NAME=value` lines that a POSIX shell evaluates into exactly these variables
/// and nothing else, one line each. A variable without a value is exported empty
/// (`export NAME=`), never unset: every variable named is set, so a hook under `set -u`
/// reads each of them (`[ -n "$HAL_SESSION_ID" ]`). For PowerShell, `$env:NAME = …`
/// lines ([`powershell_line`]); there an empty value removes the variable.
fn env_lines(vars: &[(&str, Option<String>)], shell: Shell) -> String {
    let line = match shell {
        Shell::Posix => export_line,
        Shell::Powershell => powershell_line,
    };
    vars.iter().fold(String::new(), |mut s, (k, v)| {
        let _ = writeln!(s, "{}", line(k, v.as_deref().unwrap_or("")));
        s
    })
}
