//! The capture document of one runtime (what `capture` writes and the fixtures hold), as
//! the checks, the replays and the report read it: typed, every field defaulted, a
//! `null` read as the default (hal printed no answer). The runtime's own hook payload
//! stays JSON: its shape is the runtime's.

use std::collections::BTreeMap;

use hal_types::RuntimeProvider;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// `null` (or a missing field) as `T::default()`.
fn nullable<'de, D: Deserializer<'de>, T: Default + Deserialize<'de>>(d: D) -> Result<T, D::Error> {
    Option::<T>::deserialize(d).map(Option::unwrap_or_default)
}

/// One runtime's captures: both runs' outcomes, the first probe record of each context.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct Doc {
    /// The provider id.
    pub(crate) id: String,
    /// The version run.
    pub(crate) version: String,
    /// The probe run's outcome.
    #[serde(deserialize_with = "nullable")]
    pub(crate) run: RunSummary,
    /// `METHOD path` of every request the stub received.
    pub(crate) requests: Vec<String>,
    /// The first record of each context, in order of first appearance.
    pub(crate) captures: Vec<Capture>,
    /// The plan run's evidence (none: no plan run).
    pub(crate) plan: Option<Plan>,
    /// Why `hal startup` gave no plan.
    pub(crate) plan_error: Option<String>,
    /// How the probe run was started (`hal launch`'s plan and the argv run).
    #[serde(default)]
    pub(crate) start: Option<StartRecord>,
    /// The resume check's run, where the suite runs one.
    #[serde(default)]
    pub(crate) resume: Option<ResumeRecord>,
    /// The clear-list check's run (started inside another runtime's captured environment).
    #[serde(default)]
    pub(crate) nested: Option<NestedRecord>,
    /// The dash check's run (a prompt that starts with `-`), where the suite ran one.
    #[serde(default)]
    pub(crate) dash: Option<DashRecord>,
    /// The worker check's runs (issue 44), where the suite ran them.
    #[serde(default)]
    pub(crate) worker: Option<WorkerRecord>,
}

/// The worker check (issue 44): a worker started from `hal launch --role polecat
/// --session-id <id>`, then resumed twice with `hal launch --role polecat --resume <id>`,
/// the plan's hook fragment merged into its hook file before each start.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct WorkerRecord {
    /// The session id given up front.
    pub(crate) session_id: String,
    /// Each start, in order.
    pub(crate) rounds: Vec<WorkerRound>,
    /// Why there was no worker run.
    pub(crate) error: Option<String>,
}

/// One start of the worker check.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct WorkerRound {
    /// `hal launch`'s argv (the prompt shown as `<prompt>`).
    pub(crate) argv: Vec<String>,
    /// The runtime's exit code.
    pub(crate) exit: Option<i64>,
    /// Killed at its timeout.
    pub(crate) timed_out: bool,
    /// The hook file the plan names (workspace-relative).
    pub(crate) hook_file: Option<String>,
    /// Each hook command of the plan's fragment and how many times the hook file holds
    /// it after the merge.
    pub(crate) copies: BTreeMap<String, u64>,
    /// How many times the plan's session-start command ran during this start.
    pub(crate) session_starts: u64,
    /// The session ids hal reported inside that command: `hal hook` and `hal session-id
    /// --hook` (from the payload), `hal session-id` (from the environment).
    pub(crate) reported: BTreeMap<String, Vec<String>>,
    /// Why this start did not happen.
    pub(crate) error: Option<String>,
}

/// The dash check's run: hal's plan for a prompt that starts with `-`, and whether the
/// model stub received it as the user's text.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct DashRecord {
    /// hal's usage error where it refuses the prompt (no run then).
    pub(crate) refused: Option<String>,
    /// The runtime's exit code.
    pub(crate) exit: Option<i64>,
    /// Whether a request to the stub carried the prompt.
    pub(crate) saw_prompt: bool,
    /// Why there was no dash run.
    pub(crate) error: Option<String>,
    /// How it was started.
    pub(crate) start: Option<StartRecord>,
}

/// The clear-list check's run.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct NestedRecord {
    /// The runtime whose captured tool environment it started in.
    pub(crate) from: String,
    /// The variables of that environment.
    pub(crate) inherited: Vec<String>,
    /// What `hal launch` said to clear.
    pub(crate) env_unset: Vec<String>,
    /// What the runtime's tool was detected as.
    pub(crate) detected: Option<RuntimeProvider>,
    /// Why there was no nested run.
    pub(crate) error: Option<String>,
}

/// How a run was started: `hal launch`'s plan, and what the suite ran.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct StartRecord {
    /// `hal launch`'s argv, env and prompt place.
    pub(crate) launch: Value,
    /// The argv the suite ran (the plan's, with the suite's own arguments).
    pub(crate) argv: Vec<String>,
    /// The variables of the plan it set.
    pub(crate) env: Vec<String>,
}

/// The resume check's run.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct ResumeRecord {
    /// The session id resumed (hal's, from the probe run's hooks).
    pub(crate) session_id: Option<String>,
    /// The runtime's exit code.
    pub(crate) exit: Option<i64>,
    /// Killed at its timeout.
    pub(crate) timed_out: bool,
    /// Requests the stub received.
    pub(crate) requests: u64,
    /// Whether a request carried the probe run's prompt (the resumed history).
    pub(crate) saw_first_prompt: bool,
    /// Whether a request carried the resume run's own prompt.
    pub(crate) saw_resume_prompt: bool,
    /// Why there was no resume run.
    pub(crate) error: Option<String>,
    /// How it was started.
    pub(crate) start: Option<StartRecord>,
}

impl Doc {
    /// Parses a capture document.
    pub(crate) fn parse(value: Value) -> Result<Self, String> {
        serde_json::from_value(value).map_err(|e| format!("capture document: {e}"))
    }

    /// The capture of `context` (`tool`, `hook:<event>`).
    pub(crate) fn capture(&self, context: &str) -> Option<&Capture> {
        self.captures.iter().find(|c| c.context == context)
    }
}

/// A run's outcome.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct RunSummary {
    /// The runtime's exit code (none: killed or never started).
    pub(crate) exit: Option<i64>,
    /// Killed at its timeout.
    pub(crate) timed_out: bool,
    /// Wall seconds.
    pub(crate) seconds: f64,
}

impl RunSummary {
    /// Exit 0 within the timeout.
    pub(crate) fn completed(&self) -> bool {
        self.exit == Some(0) && !self.timed_out
    }
}

/// One probe record: where it ran, what it saw, what hal answered there.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct Capture {
    /// `tool` or `hook:<native event>`.
    pub(crate) context: String,
    /// The environment (secrets redacted).
    pub(crate) env: BTreeMap<String, String>,
    /// The working directory.
    pub(crate) cwd: String,
    /// The hook payload (prompt text dropped); none in the tool.
    pub(crate) payload: Option<Value>,
    /// hal's answers.
    #[serde(deserialize_with = "nullable")]
    pub(crate) hal: HalAnswers,
    /// How often the context was recorded.
    pub(crate) times: u64,
    /// The process ancestry (nearest first: `argv`, `comm`, `exe`).
    pub(crate) ancestry: Vec<Value>,
}

impl Capture {
    /// The native event of a hook capture.
    pub(crate) fn event(&self) -> Option<&str> {
        self.context.strip_prefix("hook:")
    }

    /// The value of `var` in its environment.
    pub(crate) fn var(&self, var: &str) -> Option<&str> {
        self.env.get(var).map(String::as_str)
    }
}

/// What hal answered inside the runtime (the tool's three, or the hook's three).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct HalAnswers {
    /// `hal detect --json`.
    #[serde(deserialize_with = "nullable")]
    pub(crate) detect: Detect,
    /// `hal session-id --json`.
    #[serde(deserialize_with = "nullable")]
    pub(crate) session_id: SessionId,
    /// `hal env` (text).
    #[serde(deserialize_with = "nullable")]
    pub(crate) env: String,
    /// `hal hook --json`.
    #[serde(deserialize_with = "nullable")]
    pub(crate) hook: Hook,
    /// `hal detect --hook --json`.
    #[serde(deserialize_with = "nullable")]
    pub(crate) detect_hook: Detect,
    /// `hal session-id --hook --json`.
    #[serde(deserialize_with = "nullable")]
    pub(crate) session_id_hook: SessionId,
}

/// The fields of `hal detect --json` the checks read.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct Detect {
    /// The runtime named.
    pub(crate) provider: Option<RuntimeProvider>,
    /// Its family.
    pub(crate) family: Option<RuntimeProvider>,
    /// What decided.
    #[serde(deserialize_with = "nullable")]
    pub(crate) source: Source,
}

/// `hal detect`'s deciding signal.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct Source {
    /// `marker`, `hook_payload`, `ancestor`, ...
    pub(crate) kind: Option<String>,
    /// The variable, payload or process that decided.
    pub(crate) signal: Option<String>,
}

/// The fields of `hal session-id --json` (and of a replay's answer) the checks read.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct SessionId {
    /// The session id (none: hal knows none).
    pub(crate) session_id: Option<String>,
}

/// The fields of `hal hook --json` the checks read.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct Hook {
    /// The runtime named.
    pub(crate) provider: Option<RuntimeProvider>,
    /// The canonical event.
    pub(crate) event: Option<String>,
    /// The session id.
    pub(crate) session_id: Option<String>,
    /// hal's warnings.
    pub(crate) warnings: Vec<String>,
}

/// The plan run's evidence.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct Plan {
    /// The plan's strategy (`hook_injection`, `startup_fallback`).
    pub(crate) strategy: Option<String>,
    /// The commands the plan runs.
    pub(crate) commands: Vec<String>,
    /// The stand-in `gt`'s calls, in order.
    pub(crate) gt_calls: Vec<String>,
    /// Each marker line of the plan's own `gt` calls, and whether a model request held it.
    pub(crate) markers_reached: Vec<Marker>,
    /// Whether a native SessionStart hook ran `gt`.
    pub(crate) session_hook_ran: bool,
    /// Whether its plain-text stdout reached the model.
    pub(crate) session_hook_reached: bool,
    /// The plan run's outcome.
    #[serde(deserialize_with = "nullable")]
    pub(crate) run: RunSummary,
}

/// One marker line of a plan run.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct Marker {
    /// The line the stand-in `gt` printed.
    pub(crate) line: String,
    /// Whether a model request held it.
    pub(crate) reached: bool,
}

/// What a name-or-none reads as in a check: the value, or `none`.
pub(crate) fn shown<T: AsRef<str>>(v: Option<T>) -> String {
    v.map_or_else(|| "none".to_owned(), |v| v.as_ref().to_owned())
}
