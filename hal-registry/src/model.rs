//! The shape of a registry row: signals, hooks, sources and their standing.

use hal_types::{
    CanonicalEvent, Capabilities, GuppStrategy, HookKind, RuntimeProvider, StartupInjection, StartupStrategy, Strength,
    Support,
};

use super::span::Span;

/// How far a fact is backed, as `runtime-facts.md` marks it, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(clippy::exhaustive_enums, reason = "hal-caps words each standing: a new standing is a new arm there")]
pub enum Standing {
    /// Seen in a live run of the runtime (`cargo xtask conformance`, or the recorded
    /// runs of `real-runtimes.md`), at the version its [`Source`] or the row's
    /// [`Verified`] record names. Above vendor: it is what the runtime did, not what
    /// its documents say.
    Verified,
    /// The runtime vendor's own code or docs.
    Vendor,
    /// Only third parties (other detectors, orchestrators, user reports).
    Secondary,
    /// Unsettled: sources disagree, or nobody has shown it.
    Unconfirmed,
}

impl Standing {
    /// Whether the fact is first-hand: verified in a live run or the vendor's own.
    #[must_use]
    pub const fn first_hand(self) -> bool {
        matches!(self, Self::Verified | Self::Vendor)
    }
}

/// The truthy spellings of a boolean flag (any ASCII case, surrounding space ignored).
pub const TRUTHY: &[&str] = &["1", "true", "yes", "on"];
/// The falsy spellings: these and the empty value count as unset.
pub const FALSY: &[&str] = &["0", "false", "no", "off"];

/// How a marker's value must look for the marker to count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums, reason = "agents.json writes each rule: a new rule is a new arm there")]
pub enum ValueRule {
    /// Any value that is not falsy ([`FALSY`] or empty): ids, paths, versions.
    Truthy,
    /// A boolean flag: one of the [`TRUTHY`] spellings, any case (`1`, `true`, `YES`).
    Flag,
    /// Exactly this value (markers the runtime sets to one value only, e.g. `GEMINI_CLI=1`).
    Exact(&'static str),
    /// A value containing this text, compared case-insensitively.
    Contains(&'static str),
    /// A `PATH`-style list with an entry ending in this path, trailing `/` ignored: Pi
    /// puts `$HOME/.pi/agent/bin` on its tools' `PATH`. Windows' form counts too: a
    /// `;`-separated list of backslashed entries (`C:\Users\u\.pi\agent\bin`).
    PathEntry(&'static str),
}

impl ValueRule {
    /// Whether `value` satisfies the rule. `None` (unset or not UTF-8) never does.
    #[must_use]
    pub fn matches(self, value: Option<&str>) -> bool {
        let Some(value) = value else { return false };
        match self {
            Self::Truthy => !is_falsy(value),
            Self::Flag => is_truthy(value),
            Self::Exact(want) => value == want,
            Self::Contains(part) => value.to_ascii_lowercase().contains(&part.to_ascii_lowercase()),
            Self::PathEntry(end) => path_entries(value).any(|e| e.trim_end_matches('/').ends_with(end)),
        }
    }

    /// The rule as listings show it after the variable's name (`=1`, `~kiro`,
    /// `:*/.pi/agent/bin` for a `PATH` entry, or nothing).
    #[must_use]
    pub fn suffix(self) -> String {
        match self {
            Self::Exact(v) => format!("={v}"),
            Self::Contains(v) => format!("~{v}"),
            Self::PathEntry(v) => format!(":*{v}"),
            Self::Truthy | Self::Flag => String::new(),
        }
    }
}

/// The entries of a `PATH` value, `/`-separated: a value holding `;` is Windows' list
/// (its entries hold drive colons, `C:\bin`) with `\` read as `/`; else `:`-separated.
fn path_entries(value: &str) -> impl Iterator<Item = String> + '_ {
    let windows = value.contains(';');
    value.split(if windows { ';' } else { ':' }).map(move |e| if windows { e.replace('\\', "/") } else { e.to_owned() })
}

/// Empty, `0`, `false`, `no` and `off` (any case, surrounding space ignored) count as unset.
#[must_use]
pub fn is_falsy(value: &str) -> bool {
    let v = value.trim();
    v.is_empty() || FALSY.iter().any(|f| v.eq_ignore_ascii_case(f))
}

/// `1`, `true`, `yes` and `on` (any case, surrounding space ignored).
#[must_use]
pub fn is_truthy(value: &str) -> bool {
    let v = value.trim();
    TRUTHY.iter().any(|t| v.eq_ignore_ascii_case(t))
}

/// A process that must be among our ancestors for a launch marker to count
/// (Firstmate's `FM_OMP_HARNESS=omp` with an exact `omp` ancestor within 8 levels).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct NeedsAncestor {
    /// The exact executable name.
    pub executable: &'static str,
    /// At most this many levels up.
    pub within: u32,
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
    /// Who backs it.
    pub standing: Standing,
    /// An ancestor without which the marker does not count.
    pub needs_ancestor: Option<NeedsAncestor>,
    /// Counts only when no person is at the other end (hal's standard error is not a
    /// terminal and it has no controlling terminal; not standard output, which `$(…)`
    /// and the clients pipe): the variable is also set in a person's terminal of the
    /// same product (`TERM_PROGRAM=kiro` in Kiro's).
    pub unless_terminal: bool,
}

impl Marker {
    /// A definitive marker the vendor documents: the runtime sets it on what it spawns.
    #[must_use]
    pub const fn definitive(var: &'static str, value: ValueRule) -> Self {
        Self {
            var,
            value,
            strength: Strength::Definitive,
            standing: Standing::Vendor,
            needs_ancestor: None,
            unless_terminal: false,
        }
    }

    /// A strong marker the vendor documents (version- or mode-dependent).
    #[must_use]
    pub const fn strong(var: &'static str, value: ValueRule) -> Self {
        Self {
            var,
            value,
            strength: Strength::Strong,
            standing: Standing::Vendor,
            needs_ancestor: None,
            unless_terminal: false,
        }
    }

    /// The same marker, documented by third parties only.
    #[must_use]
    pub const fn secondary(mut self) -> Self {
        self.standing = Standing::Secondary;
        self
    }

    /// The same marker, seen set by the runtime in a live run (see [`Runtime::verified`]).
    #[must_use]
    pub const fn verified(mut self) -> Self {
        self.standing = Standing::Verified;
        self
    }

    /// The same marker, unsettled (sources disagree).
    #[must_use]
    pub const fn unconfirmed(mut self) -> Self {
        self.standing = Standing::Unconfirmed;
        self
    }

    /// The same marker, counting only with an exact `executable` ancestor `within` levels.
    #[must_use]
    pub const fn with_ancestor(mut self, executable: &'static str, within: u32) -> Self {
        self.needs_ancestor = Some(NeedsAncestor { executable, within });
        self
    }

    /// The same marker, counting only when no person is at a terminal (see
    /// [`Marker::unless_terminal`]).
    #[must_use]
    pub const fn unless_terminal(mut self) -> Self {
        self.unless_terminal = true;
        self
    }

    /// `VAR`, `VAR=value` or `VAR~part`, as listings show it; `(unconfirmed)` follows
    /// a marker whose sources disagree, `(no terminal)` one gated on a person at a terminal.
    #[must_use]
    pub fn label(&self) -> String {
        let unconfirmed = if self.standing == Standing::Unconfirmed { " (unconfirmed)" } else { "" };
        let tty = if self.unless_terminal { " (no terminal)" } else { "" };
        format!("{}{}{unconfirmed}{tty}", self.var, self.value.suffix())
    }
}

/// Weak signals that identify a runtime only together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Combo {
    /// Every (variable, rule) pair must hold.
    pub all: &'static [(&'static str, ValueRule)],
    /// Who backs the combination.
    pub standing: Standing,
}

impl Combo {
    /// A combination documented by third parties only.
    #[must_use]
    pub const fn secondary(all: &'static [(&'static str, ValueRule)]) -> Self {
        Self { all, standing: Standing::Secondary }
    }

    /// `A + B`, as listings show it.
    #[must_use]
    pub fn label(&self) -> String {
        self.all.iter().map(|(v, rule)| format!("{v}{}", rule.suffix())).collect::<Vec<_>>().join(" + ")
    }
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

impl Inject {
    /// `yes`, `nudge` or `no`: the spelling of every surface.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Yes => "yes",
            Self::Nudge => "nudge",
            Self::No => "no",
        }
    }

    /// The same answer in hal's vocabulary (`native_hooks.inject`).
    #[must_use]
    pub const fn injection(self) -> hal_types::HookInjection {
        match self {
            Self::Yes => hal_types::HookInjection::Yes,
            Self::Nudge => hal_types::HookInjection::Nudge,
            Self::No => hal_types::HookInjection::No,
        }
    }
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

/// One native hook event of a runtime, everything the registry knows about it in one
/// row: its name, the canonical event it is (or none), the versions that have it and
/// what they were read in. A runtime's hook system is a list of these (`events.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct NativeEvent {
    /// The name the runtime hooks it under (`PreToolUse`).
    pub native: &'static str,
    /// The canonical event it is; `None`: the runtime really has it, but no canonical
    /// event fits (Gemini's `BeforeToolSelection`), so `hal hook` reports its event as
    /// null without calling it unknown.
    pub canonical: Option<CanonicalEvent>,
    /// The versions that have it ([`Span::ANY`] unless the runtime's row has a
    /// `history` and the packages read show it arriving or going).
    pub span: Span,
    /// What the span rests on: the packages read (empty for an undated event).
    pub cite: &'static str,
}

impl NativeEvent {
    /// The runtime's `native` event, which is `canonical`, at every version.
    #[must_use]
    pub const fn mapped(canonical: CanonicalEvent, native: &'static str) -> Self {
        Self { native, canonical: Some(canonical), span: Span::ANY, cite: "" }
    }

    /// The runtime's `native` event, which no canonical event fits, at every version.
    #[must_use]
    pub const fn unmapped(native: &'static str) -> Self {
        Self { native, canonical: None, span: Span::ANY, cite: "" }
    }

    /// The same, first present in `version` (the first version read that has it), as
    /// `cite` shows.
    #[must_use]
    pub const fn since(mut self, version: &'static str, cite: &'static str) -> Self {
        self.span = Span::since(version);
        self.cite = cite;
        self
    }

    /// The same, present in the versions `since` through `until` only, as `cite` shows.
    #[must_use]
    pub const fn between(mut self, since: &'static str, until: &'static str, cite: &'static str) -> Self {
        self.span = Span::between(since, until);
        self.cite = cite;
        self
    }

    /// The same, present in every version read, as `cite` shows.
    #[must_use]
    pub const fn cited(mut self, cite: &'static str) -> Self {
        self.cite = cite;
        self
    }

    /// Whether some versions lack it.
    #[must_use]
    pub const fn is_dated(&self) -> bool {
        self.span.since.is_some() || self.span.until.is_some()
    }
}

/// A runtime's hook system: what the runtime offers natively.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Hooks {
    /// Where hook configuration lives, workspace-relative first.
    pub files: &'static [&'static str],
    /// Whether the session-start hook can inject context.
    pub inject: Inject,
    /// How far the injection fact is backed.
    pub inject_standing: Standing,
    /// The hook file's schema.
    pub schema: HookSchema,
    /// Every native event the runtime has, one row each: the mapped ones in canonical
    /// order, then the ones no canonical event fits.
    pub events: &'static [NativeEvent],
    /// Whether the runtime's permission event ([`CanonicalEvent::PermissionRequest`])
    /// fires before tool calls even when every permission is granted up front (Copilot
    /// CLI's `permissionRequest` under `--allow-all`, a live run): a hook that decides,
    /// not a prompt to a person. Otherwise a bypass run asks none.
    pub asks_under_bypass: bool,
    /// The startup plugin hal writes for a runtime with no Gastown preset: the file (in
    /// the workspace) and the API its content is written in (`StartupPlan::hook_content`,
    /// the content the conformance suite verified live). With one, the startup plan is
    /// `hook_injection`: the plugin gives the commands' output to the model.
    pub plugin: Option<(&'static str, PluginApi)>,
}

impl Hooks {
    /// A hook system in the runtime's own format (plugins, extensions, its own JSON).
    #[must_use]
    pub const fn native(files: &'static [&'static str], inject: Inject, events: &'static [NativeEvent]) -> Self {
        Self {
            files,
            inject,
            inject_standing: Standing::Vendor,
            schema: HookSchema::Native,
            events,
            asks_under_bypass: false,
            plugin: None,
        }
    }

    /// A hook system configured through a Claude Code-shaped `settings.json` `hooks` object.
    #[must_use]
    pub const fn claude_settings(
        files: &'static [&'static str],
        inject: Inject,
        events: &'static [NativeEvent],
    ) -> Self {
        Self {
            files,
            inject,
            inject_standing: Standing::Vendor,
            schema: HookSchema::ClaudeSettings,
            events,
            asks_under_bypass: false,
            plugin: None,
        }
    }

    /// The same, with the injection fact backed as `standing`.
    #[must_use]
    pub const fn inject_backed(mut self, standing: Standing) -> Self {
        self.inject_standing = standing;
        self
    }

    /// The same, hal priming the runtime with a startup plugin at `file` written in `api`
    /// ([`Hooks::plugin`]).
    #[must_use]
    pub const fn priming_with(mut self, file: &'static str, api: PluginApi) -> Self {
        self.plugin = Some((file, api));
        self
    }

    /// The same, its permission event firing even when permissions are bypassed
    /// ([`Hooks::asks_under_bypass`]).
    #[must_use]
    pub const fn asking_under_bypass(mut self) -> Self {
        self.asks_under_bypass = true;
        self
    }

    /// Canonical → native, for the events a canonical event fits, in table order.
    pub fn mapped(&self) -> impl Iterator<Item = (CanonicalEvent, &'static str)> + use<> {
        self.events.iter().filter_map(|e| e.canonical.map(|c| (c, e.native)))
    }

    /// The native events no canonical event fits, in table order.
    pub fn unmapped(&self) -> impl Iterator<Item = &'static str> + use<> {
        self.events.iter().filter(|e| e.canonical.is_none()).map(|e| e.native)
    }

    /// The row of `native`, if it is one of the runtime's events.
    #[must_use]
    pub fn event(&self, native: &str) -> Option<&'static NativeEvent> {
        self.events.iter().find(|e| e.native == native)
    }

    /// Whether `native` is one of the runtime's events: mapped to a canonical event or
    /// known to have none.
    #[must_use]
    pub fn knows(&self, native: &str) -> bool {
        self.event(native).is_some()
    }

    /// The native hook name of a canonical event, if the runtime can hook it.
    #[must_use]
    pub fn native_event(&self, canonical: CanonicalEvent) -> Option<&'static str> {
        self.mapped().find(|(c, _)| *c == canonical).map(|(_, n)| n)
    }

    /// Whether the session-start hook's output reaches the model, on a fact that is
    /// not unconfirmed (what hal relies on when deriving a capability row).
    #[must_use]
    pub fn injects(&self) -> bool {
        self.inject == Inject::Yes && self.inject_standing != Standing::Unconfirmed
    }

    /// Whether hal primes the runtime through its hooks: its session-start hook's output
    /// reaches the model ([`Hooks::injects`]), or hal writes a startup plugin that gives
    /// it to the model ([`Hooks::plugin`]).
    #[must_use]
    pub fn primes(&self) -> bool {
        self.injects() || self.plugin.is_some()
    }
}

/// The schema of a hook file hal renders a fragment for (`hal_types::HookFragment`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum FragmentSchema {
    /// Claude Code's settings schema: event → matcher groups of `{"type":"command","command":…}`.
    Settings,
    /// Copilot CLI's hooks file: `"version": 1`, event → `{"type":"command","bash":…,"timeoutSec":…}`.
    Copilot,
}

/// The hook adapter Gastown installs for a preset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Adapter {
    /// The file, relative to the agent's workspace (or Claude's settings directory).
    pub file: &'static str,
    /// What the file is.
    pub kind: HookKind,
    /// The schema hal renders a fragment in; `None` for code (plugins) and for
    /// configuration without lifecycle hooks.
    pub schema: Option<FragmentSchema>,
    /// Canonical event → the name Gastown's template hooks it under, for the events
    /// that carry startup: `session.start` (`gt prime --hook`), `context.compact.pre`
    /// (re-prime) and `prompt.submit` (`gt mail check --inject`).
    pub events: &'static [(CanonicalEvent, &'static str)],
    /// Whether the adapter runs `gt prime` at session start (false for configuration
    /// that only sets permissions).
    pub primes: bool,
    /// The hook timeouts Gastown's template writes, in seconds: the session-start hook's
    /// and every other's (`None`: its schema has no timeout field).
    pub timeouts: Option<(u32, u32)>,
    /// For code (a plugin or extension): the API hal writes the file's content in
    /// (`StartupPlan::hook_content`); `None`: hal gives no content.
    pub plugin: Option<PluginApi>,
}

/// The plugin APIs hal writes a startup plugin in: each is the content the
/// conformance suite verified live (the plugin primes the agent from its commands).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums, reason = "hal-gupp writes each: a new API is a new template there")]
pub enum PluginApi {
    /// OpenCode's plugin module (`export const X = async () => ({ hook: fn })`), whose
    /// `experimental.chat.system.transform` adds the commands' output to the system prompt.
    OpencodePlugin,
    /// Pi's extension (`export default function (pi)`): `session_start` runs the
    /// commands, `before_agent_start` adds their output to the system prompt.
    PiExtension,
}

impl Adapter {
    /// An adapter of `kind` at `file` that primes the agent, rendered in `schema`.
    #[must_use]
    pub const fn config(
        file: &'static str,
        kind: HookKind,
        schema: FragmentSchema,
        events: &'static [(CanonicalEvent, &'static str)],
    ) -> Self {
        Self { file, kind, schema: Some(schema), events, primes: true, timeouts: None, plugin: None }
    }

    /// An adapter at `file` that primes the agent but that hal renders no fragment
    /// for: code (a JS or TS plugin), or a file whose schema hal does not model.
    #[must_use]
    pub const fn unrendered(file: &'static str, kind: HookKind) -> Self {
        Self { file, kind, schema: None, events: &[], primes: true, timeouts: None, plugin: None }
    }

    /// The same, recording the events Gastown's template hooks.
    #[must_use]
    pub const fn hooking(mut self, events: &'static [(CanonicalEvent, &'static str)]) -> Self {
        self.events = events;
        self
    }

    /// The same, with the hook timeouts Gastown's template writes (session start, other).
    #[must_use]
    pub const fn timing_out(mut self, session_start: u32, other: u32) -> Self {
        self.timeouts = Some((session_start, other));
        self
    }

    /// The same, its content written by hal in plugin API `api`.
    #[must_use]
    pub const fn written_in(mut self, api: PluginApi) -> Self {
        self.plugin = Some(api);
        self
    }

    /// Configuration at `file` with no lifecycle hook (it primes nothing).
    #[must_use]
    pub const fn settings_only(file: &'static str, kind: HookKind) -> Self {
        Self { file, kind, schema: None, events: &[], primes: false, timeouts: None, plugin: None }
    }
}

/// What Gastown's preset for a runtime does (`internal/config/agents.go`): the facts a
/// launcher following Gastown needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct GastownPreset {
    /// The preset's name (`GT_AGENT`): the runtime's id.
    pub name: &'static str,
    /// The hook adapter Gastown installs; `None`: none (`SupportsHooks: false`).
    pub adapter: Option<Adapter>,
    /// Whether the launch command takes the startup prompt as an argument
    /// (`PromptMode` `arg`; `none` means it is typed in after start).
    pub prompt_arg: bool,
    /// The delay-based readiness fallback (`ReadyDelayMs`), where the preset sets one.
    pub ready_delay_ms: Option<u32>,
    /// The process names Gastown's liveness check looks for (`ProcessNames`), in its
    /// order; the runtime's own executable is derived from its row
    /// ([`ProcessName::Launched`]), never written again.
    pub process_names: &'static [ProcessName],
    /// Where the facts come from.
    pub source: Source,
    /// Where a live run contradicts the preset's integration: the adapter's session-start
    /// hook runs, but its output does not reach the model (why, and at which version).
    /// Gastown's facts stay Gastown's ([`GastownPreset::primes_by_hook`]); hal plans from
    /// the run ([`GastownPreset::delivers_by_hook`]).
    pub undelivered: Option<&'static str>,
    /// Gastown's `SessionIDEnv` for the preset, where it names one.
    pub session_env: Option<&'static str>,
    /// Where the preset's facts are stale against the runtime as hal read it (a session
    /// variable the runtime never sets, "no hooks" for a runtime that has them): hal
    /// keeps Gastown's integration as Gastown runs it and says where reality differs,
    /// instead of copying the fact (README's Gastown section is generated from these).
    pub stale: &'static [Stale],
}

/// One of the process names of a Gastown preset (`ProcessNames`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(clippy::exhaustive_enums, reason = "a name is the runtime's own or another: there is no third")]
pub enum ProcessName {
    /// The runtime's own executable, [`Runtime::launched`] (a variant without
    /// executables of its own: its base runtime's).
    Launched,
    /// Another name: an interpreter it runs under (`node`, `bun`), or a name Gastown
    /// looks for that is not one of the row's executables (Cursor's `agent`).
    Other(&'static str),
}

/// A fact of a Gastown preset that the runtime contradicts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stale {
    /// What the preset says.
    pub gastown: PresetFact,
    /// What the runtime does, with the versions and packages read.
    pub reality: &'static str,
}

/// A fact a Gastown preset states about its runtime.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum PresetFact {
    /// `SessionIDEnv`: the runtime exports its session id in this variable.
    SessionEnv(&'static str),
    /// `SupportsHooks: false`: the runtime has no hooks.
    NoHooks,
    /// The adapter is configuration with no lifecycle hook ("permissions only").
    SettingsOnly,
}

impl PresetFact {
    /// How README's table shows it.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Self::SessionEnv(v) => format!("`SessionIDEnv` `{v}`"),
            Self::NoHooks => "`SupportsHooks: false` (no hooks)".to_owned(),
            Self::SettingsOnly => "a settings-only adapter (permissions, no hooks)".to_owned(),
        }
    }
}

/// Gastown's `DefaultPrimeWaitMs`: how long after start a runtime without hooks gets
/// its startup nudge.
pub const PRIME_WAIT_MS: u64 = 2000;

impl GastownPreset {
    /// The preset named after `provider`'s id, with a hook adapter.
    #[must_use]
    pub const fn hooked(provider: RuntimeProvider, adapter: Adapter, process_names: &'static [ProcessName]) -> Self {
        Self {
            name: provider.as_str(),
            adapter: Some(adapter),
            prompt_arg: true,
            ready_delay_ms: None,
            process_names,
            source: GASTOWN_PRESETS,
            undelivered: None,
            session_env: None,
            stale: &[],
        }
    }

    /// The preset named after `provider`'s id, without a hook adapter.
    #[must_use]
    pub const fn unhooked(provider: RuntimeProvider, process_names: &'static [ProcessName]) -> Self {
        Self {
            name: provider.as_str(),
            adapter: None,
            prompt_arg: true,
            ready_delay_ms: None,
            process_names,
            source: GASTOWN_PRESETS,
            undelivered: None,
            session_env: None,
            stale: &[],
        }
    }

    /// The same, with `ReadyDelayMs`.
    #[must_use]
    pub const fn ready_after(mut self, ms: u32) -> Self {
        self.ready_delay_ms = Some(ms);
        self
    }

    /// The same, citing `source`.
    #[must_use]
    pub const fn cited(mut self, source: Source) -> Self {
        self.source = source;
        self
    }

    /// The same, recording that a live run contradicts the adapter: its session-start
    /// hook's output does not reach the model (`why`).
    #[must_use]
    pub const fn undelivered(mut self, why: &'static str) -> Self {
        self.undelivered = Some(why);
        self
    }

    /// The same, with Gastown's `SessionIDEnv`.
    #[must_use]
    pub const fn session_env(mut self, var: &'static str) -> Self {
        self.session_env = Some(var);
        self
    }

    /// The same, recording where the preset's facts are stale ([`GastownPreset::stale`]).
    #[must_use]
    pub const fn stale(mut self, stale: &'static [Stale]) -> Self {
        self.stale = stale;
        self
    }

    /// Whether Gastown's integration primes the agent through a hook (an adapter with
    /// a session-start hook): `hasHooks` of Gastown's startup fallback matrix.
    #[must_use]
    pub fn primes_by_hook(&self) -> bool {
        self.adapter.is_some_and(|a| a.primes)
    }

    /// Whether the adapter's session-start hook really puts its output before the model:
    /// [`GastownPreset::primes_by_hook`], unless a live run showed it does not
    /// ([`GastownPreset::undelivered`]). What hal's plans rest on.
    #[must_use]
    pub fn delivers_by_hook(&self) -> bool {
        self.primes_by_hook() && self.undelivered.is_none()
    }

    /// The startup nudge delay of Gastown's startup fallback matrix
    /// (`GetStartupFallbackInfo`): none with hooks and a prompt argument; at once with
    /// hooks but no prompt argument; after [`PRIME_WAIT_MS`] without hooks.
    #[must_use]
    pub fn startup_nudge_ms(&self) -> Option<u64> {
        match (self.primes_by_hook(), self.prompt_arg) {
            (true, true) => None,
            (true, false) => Some(0),
            (false, _) => Some(PRIME_WAIT_MS),
        }
    }
}

/// Gastown's preset table.
pub const GASTOWN: Source = Source::secondary("steveyegge/gastown:internal/config/agents.go");

/// The version of Gastown's preset table the [`GastownPreset`] facts were read from
/// (14 presets, with kiro and grok; `ReadyDelayMs`, `ProcessNames`, hook adapters).
pub const GASTOWN_PRESETS: Source = Source::secondary("gastownhall/gastown:internal/config/agents.go@d74edb69");

/// Where a fact comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Source {
    /// `owner/repo:path`, `owner/repo#N` or a URL; for a run of the runtime, who ran it
    /// (`live run 2026-12-01`, `hal-conformance --pty`), the run itself in [`Source::run`].
    pub cite: &'static str,
    /// The runtime vendor's own code or docs ([`Standing::Vendor`]), or a third party's.
    pub standing: Standing,
    /// The run of the runtime the fact was seen in, where it is one: its package and
    /// version, the version a reference into the runtime's [`Verified`] record (its
    /// descriptor's `live` names), never a copy.
    pub run: Option<Run>,
}

/// A run of a runtime: the package run, at a version a live run verified.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Run {
    /// The package run.
    pub package: Package,
    /// Its version: one of the runtime's verified versions, named in its descriptor.
    pub version: &'static str,
}

/// Repositories of orchestrators: they are the vendor of no runtime they launch.
pub const ORCHESTRATORS: &[&str] =
    &["steveyegge/gastown", "gastownhall/gastown", "kunchenguid/firstmate", "svc-bi-concepts/firstmate"];

impl Source {
    /// The runtime vendor's own code or docs.
    #[must_use]
    pub const fn vendor(cite: &'static str) -> Self {
        Self { cite, standing: Standing::Vendor, run: None }
    }

    /// A third party: another detector, an orchestrator, a user report.
    #[must_use]
    pub const fn secondary(cite: &'static str) -> Self {
        Self { cite, standing: Standing::Secondary, run: None }
    }

    /// Live runs of the runtime, cited in words (several packages or versions).
    #[must_use]
    pub const fn verified(cite: &'static str) -> Self {
        Self { cite, standing: Standing::Verified, run: None }
    }

    /// A live run by `by` (`live run 2026-12-01`, `hal-conformance`) of `package` at
    /// `version`, one of the runtime's verified versions, given by reference.
    #[must_use]
    pub const fn ran(by: &'static str, package: Package, version: &'static str) -> Self {
        Self { cite: by, standing: Standing::Verified, run: Some(Run { package, version }) }
    }

    /// The citation as every surface shows it: [`Source::cite`], then the run's
    /// `<package>@<version>` (` (PyPI)` after a PyPI package).
    #[must_use]
    pub fn text(&self) -> std::borrow::Cow<'static, str> {
        match self.run {
            None => self.cite.into(),
            Some(Run { package, version }) => {
                let pypi = if matches!(package, Package::PyPi(_)) { " (PyPI)" } else { "" };
                format!("{}, {}@{version}{pypi}", self.cite, package.name()).into()
            }
        }
    }

    /// Whether the cite is an orchestrator's repository (Gastown, Firstmate).
    #[must_use]
    pub fn is_orchestrator(&self) -> bool {
        ORCHESTRATORS.iter().any(|o| self.cite.strip_prefix(o).is_some_and(|rest| rest.starts_with([':', '#', '@'])))
    }
}

/// A capability field a variant's row sets differently from its base runtime's row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum CapChange {
    /// Session hooks, startup strategy, GUPP strategy and startup injection.
    Startup(Support, StartupStrategy, GuppStrategy, StartupInjection),
}

/// A departure of a variant's capability row from its base runtime's, with its reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct CapOverride {
    /// What changes.
    pub change: CapChange,
    /// Why, with the source.
    pub reason: &'static str,
}

impl CapOverride {
    /// Applies the change to `caps`.
    #[must_use]
    pub const fn apply(&self, mut caps: Capabilities) -> Capabilities {
        match self.change {
            CapChange::Startup(hooks, startup, gupp, injection) => {
                caps.session_hooks = hooks;
                caps.startup_strategy = startup;
                caps.gupp_strategy = gupp;
                caps.startup_injection = injection;
            }
        }
        caps
    }
}

/// What a live run of the runtime showed (`real-runtimes.md` §2, the conformance
/// harness): exactly what was SEEN, never what was read in the package. The harness
/// checks these facts against the real runtime at `version`. Not `#[non_exhaustive]`:
/// the harness builds records of its own to compare (and to mutate in its tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verified {
    /// The runtime's version the run used (`1.2.3`): the newest verified, the one
    /// place that version is written.
    pub version: &'static str,
    /// Older versions live runs also verified, newest first (the conformance suite's
    /// version matrix adds its runs here); empty: only `version`.
    pub older: &'static [&'static str],
    /// Variables the runtime was seen setting in its shell tool's environment (the
    /// identifying ones: markers and session variables, not `PAGER` and the like).
    pub tool_vars: &'static [&'static str],
    /// Variables it was seen setting in a hook's environment (likewise).
    pub hook_vars: &'static [&'static str],
    /// Variables seen holding the session id (tool or hook); empty: none reaches a child.
    pub session_vars: &'static [&'static str],
    /// Native hook events seen firing.
    pub events: &'static [&'static str],
}

/// Where a runtime is installed from: a package of a package registry (what the
/// conformance suite installs, at the version it pins).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Package {
    /// An npm package (`npm install NAME@VERSION`).
    Npm(&'static str),
    /// A PyPI package (`pip install NAME==VERSION`).
    PyPi(&'static str),
}

impl Package {
    /// The package's name in its registry.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Npm(n) | Self::PyPi(n) => n,
        }
    }
}

impl Verified {
    /// Every version verified: [`Verified::version`], then [`Verified::older`].
    pub fn versions(&self) -> impl Iterator<Item = &'static str> {
        std::iter::once(self.version).chain(self.older.iter().copied())
    }

    /// The verified versions as every surface shows them: `1.2.3` for one, else
    /// `0.9.1-1.2.3, 4 versions` (the oldest through the newest, and how many).
    #[must_use]
    pub fn range(&self) -> String {
        let oldest = self
            .versions()
            .min_by(|a, b| match (super::Version::parse(a), super::Version::parse(b)) {
                (Some(a), Some(b)) => a.cmp(&b),
                _ => std::cmp::Ordering::Equal,
            })
            .unwrap_or(self.version);
        match self.versions().count() {
            1 => self.version.to_owned(),
            n => format!("{oldest}-{}, {n} versions", self.version),
        }
    }
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
    /// User settings: variables the runtime reads (a model, a token, a permission) or
    /// that every terminal of an IDE carries, human or not. They are never evidence of
    /// a running agent and never decide alone (a combination may still name one);
    /// `hal explain` lists them.
    pub settings: &'static [&'static str],
    /// Exact executable basenames; a trailing `*` matches a prefix (`muse-bin-*`).
    pub executables: &'static [&'static str],
    /// Script path anchors run by an interpreter (`@google/gemini-cli/`).
    pub scripts: &'static [&'static str],
    /// Variables the runtime itself sets to the session id, most specific first.
    pub session_vars: &'static [&'static str],
    /// The design's session-id detection step (cascade step 2), if this runtime has one.
    pub cascade_session_var: Option<&'static str>,
    /// A workspace file whose presence means this runtime (cascade step 5).
    pub workspace_file: Option<&'static str>,
    /// Files the runtime itself writes in its configuration folder (its credentials,
    /// installation id, version stamp), each seen in its package: a program probing one
    /// asks whether the runtime is installed or logged in (the lint's `indicator-file`).
    /// A tool's own files in the same folder are not listed.
    pub own_files: &'static [&'static str],
    /// Absolute paths on the host whose presence means this runtime's machine (Devin's
    /// cloud VM has `/opt/.devin`): stat only, and only when nothing nearer decided.
    pub host_files: &'static [&'static str],
    /// The base runtime this one is a variant of (same program or a fork of it): its
    /// family. `None`: a base runtime, its own family.
    pub variant_of: Option<RuntimeProvider>,
    /// Runtimes whose markers this one sets or keeps (amp sets `CLAUDECODE=1`, cowork
    /// runs with it, kilo sets `OPENCODE=1`): it must come before them in marker priority.
    pub keeps_markers_of: &'static [RuntimeProvider],
    /// The hook system, if any. A variant without one of its own has its base's.
    pub hooks: Option<Hooks>,
    /// What Gastown's preset for this runtime does, if Gastown has one. Never inherited:
    /// a variant Gastown launches has a preset of its own (groq-compound).
    pub gastown: Option<GastownPreset>,
    /// Whether the runtime's launch command takes an initial prompt (so `gt prime` can
    /// be delivered at start: the startup fallback).
    pub takes_prompt: bool,
    /// Whether a session's context can be forked.
    pub context_fork: Support,
    /// The capability row, given literally for the design's runtimes; `None`: the base
    /// runtime's row for a variant, else derived from the facts above (`hal_caps::derive`).
    pub caps: Option<&'static Capabilities>,
    /// Where a variant's row departs from its base runtime's, each with a reason.
    pub cap_overrides: &'static [CapOverride],
    /// Where the facts come from.
    pub sources: &'static [Source],
    /// What a live run of the runtime showed, at which version; `None`: never run.
    pub verified: Option<Verified>,
    /// The package it is installed from, where it is one hal knows; `None`: not known
    /// (or not installable from a package registry).
    pub package: Option<Package>,
    /// What moved between the runtime's versions (hooks, events, variables, `AI_AGENT`
    /// forms), each fact dated and cited; `None`: nothing dated (every fact holds for
    /// every version hal knows).
    pub history: Option<&'static super::span::History>,
    /// The marker users know the runtime by, where it is not the strongest
    /// ([`Runtime::best_known_marker`]): Claude Code's `CLAUDECODE`; `None`: the
    /// strongest signal is the best known.
    pub known_by: Option<&'static str>,
    /// Basenames of the script an interpreter runs for this runtime (`node
    /// <prefix>/node_modules/.bin/grok`: `grok`), where they are not its executables'
    /// (another runtime's native executable has the same name).
    pub script_names: &'static [&'static str],
    /// Variables skills were seen reading to tell this runtime that no source shows the
    /// runtime setting (so hal never reads them to detect it): the boundary lint counts
    /// a read of them like a read of the row's markers.
    pub skill_vars: &'static [&'static str],
    /// Why the conformance suite does not run it, where a package or an installer for it
    /// exists but cannot be run here (offline, without a login); `None`: the suite runs it
    /// (its spec is keyed by this row's provider) or no package names it.
    pub not_run: Option<&'static str>,
}

impl Runtime {
    /// A row with nothing known but its id and name; rows set what they know with
    /// struct-update syntax (`..Runtime::new(P::Codex, "Codex CLI")`).
    #[must_use]
    pub const fn new(provider: RuntimeProvider, name: &'static str) -> Self {
        Self {
            provider,
            name,
            aliases: &[],
            markers: &[],
            combos: &[],
            weak: &[],
            settings: &[],
            executables: &[],
            scripts: &[],
            session_vars: &[],
            cascade_session_var: None,
            workspace_file: None,
            own_files: &[],
            host_files: &[],
            variant_of: None,
            keeps_markers_of: &[],
            hooks: None,
            gastown: None,
            takes_prompt: false,
            context_fork: Support::No,
            caps: None,
            cap_overrides: &[],
            sources: &[],
            verified: None,
            package: None,
            history: None,
            known_by: None,
            script_names: &[],
            skill_vars: &[],
            not_run: None,
        }
    }

    /// The family: the base runtime this one is a variant of, or itself.
    #[must_use]
    pub fn family(&self) -> RuntimeProvider {
        self.variant_of.unwrap_or(self.provider)
    }

    /// Whether the runtime's identification is backed by its vendor: some marker or
    /// combination of vendor standing, or (for a runtime known only by its executable
    /// or a stamp) a vendor source. Orchestrators are the vendor of no runtime they
    /// launch, nor are facts marked unconfirmed.
    #[must_use]
    pub fn vendor_verified(&self) -> bool {
        if self.markers.is_empty() && self.combos.is_empty() {
            return self.sources.iter().any(|s| s.standing.first_hand() && !s.is_orchestrator());
        }
        self.markers.iter().any(|m| m.standing.first_hand()) || self.combos.iter().any(|c| c.standing.first_hand())
    }

    /// The strongest identifying signal, for listings (the best-backed among the
    /// strongest; an unconfirmed one says so).
    #[must_use]
    pub fn strongest_signal(&self) -> Option<String> {
        if let Some(m) = self.markers.iter().min_by_key(|m| (m.strength, m.standing)) {
            return Some(m.label());
        }
        if let Some(c) = self.combos.first() {
            return Some(c.label());
        }
        self.executables
            .first()
            .map(|e| format!("process `{e}`"))
            .or_else(|| self.script_names.first().map(|e| format!("script `{e}`")))
    }

    /// The signal `hal providers` shows: the marker users know the runtime by
    /// ([`Runtime::known_by`]), else the strongest signal.
    #[must_use]
    pub fn best_known_marker(&self) -> Option<String> {
        match self.known_by.and_then(|v| self.markers.iter().find(|m| m.var == v)) {
            Some(m) => Some(m.label()),
            None => self.strongest_signal(),
        }
    }

    /// The executable a launch of the runtime names (`argv[0]`): the first of its
    /// [`Runtime::executables`], else of its [`Runtime::script_names`] (a script an
    /// interpreter runs). Derived, never written again: a runtime's launch facts and its
    /// Gastown preset's process names take it from here. `None`: neither is known.
    #[must_use]
    pub const fn launched(&self) -> Option<&'static str> {
        match (self.executables, self.script_names) {
            ([first, ..], _) | ([], [first, ..]) => Some(*first),
            ([], []) => None,
        }
    }

    /// Whether `name` is this runtime's id or one of its aliases (ASCII case-insensitive).
    #[must_use]
    pub fn is_named(&self, name: &str) -> bool {
        self.provider.as_str().eq_ignore_ascii_case(name) || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    }
}

/// A field where the design's literal row departs from what the registry's facts would
/// derive for that runtime, and why the design's cell stands (a test holds every
/// difference to this list, and the list to the differences).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Departure {
    /// The design's runtime.
    pub provider: RuntimeProvider,
    /// The capability field, as the JSON names it.
    pub field: &'static str,
    /// Why the design's cell stands.
    pub reason: &'static str,
}

impl Departure {
    pub(crate) const fn new(provider: RuntimeProvider, field: &'static str, reason: &'static str) -> Self {
        Self { provider, field, reason }
    }
}

/// A host that sets another runtime's plugin variables for the plugins it hosts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct PluginHost {
    /// The runtime that hosts the plugins.
    pub host: RuntimeProvider,
    /// The runtime whose plugin format it hosts.
    pub format: RuntimeProvider,
    /// The variables it sets for those plugins' hooks (and tools).
    pub vars: &'static [&'static str],
    /// Where this was read.
    pub cite: &'static str,
}
