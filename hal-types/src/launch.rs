//! How to start a runtime: the launch plan `hal launch` answers (it never runs anything).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::vocab::string_enum;
use crate::{RuntimeProvider, StartupPlan};

string_enum! {
    /// How the runtime is started.
    pub enum LaunchMode("launch mode") {
        /// With its terminal interface, for a person or a terminal multiplexer.
        Interactive = "interactive",
        /// One-shot: the prompt is run and the runtime exits.
        Print = "print",
        /// As an Agent Client Protocol server on stdio.
        Acp = "acp",
    }
}

string_enum! {
    /// How much the runtime does without asking.
    pub enum Autonomy("autonomy level") {
        /// Asks before every edit and command (the runtime's default where it asks).
        None = "none",
        /// Edits unasked, commands asked.
        Edits = "edits",
        /// Nothing asked.
        Full = "full",
    }
}

/// Where the launch puts the prompt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct PromptPlace {
    /// `argv` (an argument), `flag` (a flag's value, also in `argv`), `stdin`, `typed`
    /// (typed in once the ready prompt shows) or `none` (no prompt given).
    pub at: String,
    /// The index of the prompt in `argv` (`argv` and `flag`); `null` otherwise.
    pub index: Option<usize>,
    /// The flag whose value it is (`flag`); `null` otherwise.
    pub flag: Option<String>,
}

/// The hook trust switch the plan added, or the rule the launcher follows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct HookTrust {
    /// The arguments added to `argv` (empty: a rule only).
    pub args: Vec<String>,
    /// What the launcher must arrange for hooks to run (a trusted-folders file); `null`:
    /// the arguments suffice.
    pub rule: Option<String>,
    /// The runtime's hook-trust switch when the plan leaves it out (it was not asked
    /// for: no `--autonomy full`, no hooks installed, or `--no-bypass`); empty when
    /// it is in `args` or the runtime has none.
    #[serde(default)]
    pub withheld: Vec<String>,
    /// Why the switch is in `args` (`--autonomy full`; the role's hooks, which would
    /// otherwise not run) or why it is withheld; `null` for a rule.
    #[serde(default)]
    pub reason: Option<String>,
    /// Where the rule is a setting: the file that holds it (`~/` for HOME).
    #[serde(default)]
    pub file: Option<String>,
    /// The setting, as JSON to merge into `file` (objects key by key, arrays gain the
    /// elements they lack, as a hook fragment merges), `<workspace>` standing for the
    /// workspace's absolute path; merging it again is a no-op.
    #[serde(default)]
    pub setting: Option<String>,
}

/// The non-interactive start's structured-output switch (the plan does not add it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct OutputSwitch {
    /// The flag (`--output-format`, `--json`).
    pub flag: String,
    /// Its values; empty: a switch without a value.
    pub values: Vec<String>,
}

/// One launch fact and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct LaunchSource {
    /// The fact (`executable`, `print`, `autonomy.full`, `resume`, ...).
    pub fact: String,
    /// `verified`, `vendor`, `secondary` or `unconfirmed`.
    pub standing: String,
    /// The source (`hal-conformance, <package>@<version>`, a URL, `owner/repo:path`).
    pub cite: String,
}

/// How to start one runtime: the argv, the environment to set and to clear, and where
/// the prompt goes. hal computes it; the launcher runs it as it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct LaunchPlan {
    /// The runtime.
    pub provider: RuntimeProvider,
    /// Its family.
    pub family: RuntimeProvider,
    /// The version the plan is for; `null`: the newest verified.
    pub runtime_version: Option<String>,
    /// Where `runtime_version` came from (`--runtime-version`, the install `hal
    /// inventory` finds on `PATH`, the running process); `null` with no version.
    #[serde(default)]
    pub runtime_version_source: Option<String>,
    /// The mode.
    pub mode: LaunchMode,
    /// The autonomy level applied; `null`: the runtime's default.
    pub autonomy: Option<Autonomy>,
    /// The program and its arguments (`argv[0]` is the executable's name, found on `PATH`).
    pub argv: Vec<String>,
    /// `argv` as one shell-quoted line: the same `argv` in each shell of
    /// `command_line_shells`.
    pub command_line: String,
    /// The shells `command_line` is quoted for (`sh`, `bash`, `dash`, `zsh`, `fish`).
    #[serde(default)]
    pub command_line_shells: Vec<String>,
    /// Variables to set.
    pub env: BTreeMap<String, String>,
    /// Variables to set from another variable of the launcher's: name -> the variable
    /// whose value it takes.
    pub env_from: BTreeMap<String, String>,
    /// Variables to clear: every runtime's markers and session stamps that the
    /// environment hal ran in holds and that a child would inherit (and be misdetected by).
    pub env_unset: Vec<String>,
    /// Where the prompt goes.
    pub prompt: PromptPlace,
    /// The instructions file to write (the first the runtime reads), workspace-relative.
    pub instructions_file: Option<String>,
    /// Every instructions file it reads.
    pub instructions_files: Vec<String>,
    /// The prompt prefix to wait for in a terminal (interactive mode); `null`: not known.
    pub ready_prompt: Option<String>,
    /// Whether Escape cancels a request in flight; `null`: not known.
    pub escape_cancels: Option<bool>,
    /// What the interactive start asks before its ready prompt, if anything.
    pub startup_dialog: Option<String>,
    /// The hook trust switch added, or the rule to follow; `null`: none needed.
    pub hook_trust: Option<HookTrust>,
    /// The config directory (`~/` for HOME).
    pub config_dir: Option<String>,
    /// The variable that moves it.
    pub config_dir_var: Option<String>,
    /// The structured-output switch of the non-interactive start.
    pub output: Option<OutputSwitch>,
    /// The new session's id given up front (`--session-id ID`): the runtime's hooks
    /// report it; `null`: none given.
    #[serde(default)]
    pub session_id: Option<String>,
    /// The session resumed (`--resume ID`); `null`: none.
    pub resume_id: Option<String>,
    /// Whether the latest session is continued (`--continue`).
    pub continue_latest: bool,
    /// The work item given (`--work-item`), in its own slot; the first prompt carries
    /// it too (after the role's startup text); `null`: none.
    #[serde(default)]
    pub work_item: Option<String>,
    /// For a role: the startup plan of `hal startup` merged in (its `gt prime` fallback
    /// is the prompt; its hook fragment goes in its file).
    pub startup: Option<StartupPlan>,
    /// Where each fact used comes from.
    pub sources: Vec<LaunchSource>,
}

impl PromptPlace {
    /// The prompt at `at` (`argv`, `flag`, `stdin`, `typed`, `none`).
    #[must_use]
    pub fn new(at: &str, index: Option<usize>, flag: Option<String>) -> Self {
        Self { at: at.to_owned(), index, flag }
    }
}

impl HookTrust {
    /// The switch `args` added, or the `rule` to follow.
    #[must_use]
    pub const fn new(args: Vec<String>, rule: Option<String>) -> Self {
        Self { args, rule, withheld: Vec::new(), reason: None, file: None, setting: None }
    }
}

impl OutputSwitch {
    /// The output `flag` and its `values`.
    #[must_use]
    pub const fn new(flag: String, values: Vec<String>) -> Self {
        Self { flag, values }
    }
}

impl LaunchSource {
    /// `fact`, backed as `standing` by `cite`.
    #[must_use]
    pub fn new(fact: &str, standing: &str, cite: &str) -> Self {
        Self { fact: fact.to_owned(), standing: standing.to_owned(), cite: cite.to_owned() }
    }
}

impl LaunchPlan {
    /// A plan for `provider` in `mode` that starts `argv[0]` alone, sets and clears
    /// nothing; callers fill in the rest.
    #[must_use]
    pub fn new(provider: RuntimeProvider, mode: LaunchMode, argv0: String) -> Self {
        Self {
            provider,
            family: provider,
            runtime_version: None,
            runtime_version_source: None,
            work_item: None,
            session_id: None,
            mode,
            autonomy: None,
            command_line: argv0.clone(),
            command_line_shells: Vec::new(),
            argv: vec![argv0],
            env: BTreeMap::new(),
            env_from: BTreeMap::new(),
            env_unset: Vec::new(),
            prompt: PromptPlace::new("none", None, None),
            instructions_file: None,
            instructions_files: Vec::new(),
            ready_prompt: None,
            escape_cancels: None,
            startup_dialog: None,
            hook_trust: None,
            config_dir: None,
            config_dir_var: None,
            output: None,
            resume_id: None,
            continue_latest: false,
            startup: None,
            sources: Vec::new(),
        }
    }
}
