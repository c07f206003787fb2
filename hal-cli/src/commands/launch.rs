//! `hal launch [--provider P] [--role R] [--mode M] [--autonomy A] [--prompt T |
//! --prompt-file F] [--resume ID | --continue | --session-id ID] [--model M] [--runtime-version V]
//! [--no-bypass] [--work-item TEXT]`: how
//! to start a runtime, from the registry's launch facts (`hal_caps::launch`). It never
//! runs anything: the argv (and one shell-quoted line), the environment to set and to
//! clear, where the prompt goes. A combination the runtime cannot do is a usage error
//! (exit 2) naming what it can do.

use std::fmt::Write as _;
use std::io::Read as _;
use std::path::PathBuf;

use clap::ValueEnum;
use hal_caps::launch::{Request, plan};
use hal_caps::text::{escape_control, escape_text};
use hal_detect::Host;
use hal_types::{AgentRole, Autonomy, LaunchMode, LaunchPlan, RuntimeHal as _};

use crate::args::{Completed, GlobalOpt, ProviderArg, parse_role, roles};
use crate::context::{Context, Needs};
use crate::describe::{Cmd, Description, Invocation, answer};
use crate::output::{Output, versioned};

/// How to start a runtime: the argv, the environment to set and to clear, where the
/// prompt goes (hal never runs it).
#[derive(Debug, PartialEq, Eq, clap::Args)]
pub struct Launch {
    /// `--provider`, `--runtime-version`.
    #[command(flatten)]
    pub provider: ProviderArg,
    /// Merge in the startup plan of this Gastown role (its `gt prime` fallback is the prompt).
    #[arg(long, value_parser = Completed(parse_role, roles), hide_possible_values = true)]
    pub role: Option<AgentRole>,
    /// interactive (default), print (one-shot) or acp (an ACP server on stdio).
    #[arg(long, value_enum)]
    pub mode: Option<LaunchModeArg>,
    /// none, edits or full: how much it does without asking.
    #[arg(long, value_enum)]
    pub autonomy: Option<AutonomyArg>,
    /// The prompt.
    #[arg(long, value_name = "TEXT", conflicts_with = "prompt_file")]
    pub prompt: Option<String>,
    /// The prompt, read from FILE (at most 1 MiB).
    #[arg(long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    pub prompt_file: Option<PathBuf>,
    /// Resume the session ID (the session id hal reports).
    #[arg(long, value_name = "ID")]
    pub resume: Option<String>,
    /// Continue the latest session.
    #[arg(long, conflicts_with_all = ["resume", "session_id"])]
    pub r#continue: bool,
    /// Start a new session with this id (where the runtime takes one: its hooks report it).
    #[arg(long, value_name = "ID", conflicts_with = "resume")]
    pub session_id: Option<String>,
    /// The model.
    #[arg(long, value_name = "M")]
    pub model: Option<String>,
    /// Never add the runtime's hook-trust switch, not even for a role's hooks (it is
    /// added only with `--autonomy full` or for a role's hooks).
    #[arg(long)]
    pub no_bypass: bool,
    /// The work item, in the plan's own slot (`work_item`) and the first prompt.
    #[arg(long, value_name = "TEXT")]
    pub work_item: Option<String>,
}

/// `--mode` of `hal launch`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
#[non_exhaustive]
pub enum LaunchModeArg {
    Interactive,
    Print,
    Acp,
}

/// `--autonomy` of `hal launch`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
#[non_exhaustive]
pub enum AutonomyArg {
    None,
    Edits,
    Full,
}

impl Cmd for Launch {
    const DESCRIPTION: Description = Description {
        name: "launch",
        // `--provider` skips detection: no `--policy`, `--workspace`.
        takes: &[GlobalOpt::Json, GlobalOpt::Workspace, GlobalOpt::Policy, GlobalOpt::RequireKnown],
        answers: &[answer!(
            "launch",
            None,
            "LaunchPlan",
            "How to start a runtime: the argv, the environment to set and to clear, where the prompt goes.",
            LaunchPlan
        )],
    };

    fn provider(&self) -> Option<&ProviderArg> {
        Some(&self.provider)
    }

    fn exec<H: Host>(&self, input: Invocation<'_, H>) -> Output {
        // The config file can override the startup strategy a role's plan rests on: it is read.
        let p = &self.provider;
        run(&input.resolve(Needs::versioned(p.provider, p.runtime_version.as_deref(), true)), self)
    }
}

/// The most `--prompt-file` reads.
const MAX_PROMPT_FILE: u64 = 1 << 20;

/// The text of `--prompt-file`: opened without blocking (a FIFO swapped in for the file
/// cannot hang us: hostile-findings R8), checked after opening (`fstat`) to be a regular
/// file of at most [`MAX_PROMPT_FILE`] bytes, then read.
fn prompt_file(path: &std::path::Path) -> Result<String, String> {
    let shown = escape_control(&path.display().to_string()).into_owned();
    let mut o = std::fs::OpenOptions::new();
    o.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        o.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let file = o.open(path).map_err(|e| format!("--prompt-file {shown}: {e}"))?;
    let meta = file.metadata().map_err(|e| format!("--prompt-file {shown}: {e}"))?;
    if !meta.is_file() || meta.len() > MAX_PROMPT_FILE {
        return Err(format!("--prompt-file {shown}: not a regular file of at most 1 MiB"));
    }
    let mut text = String::new();
    file.take(MAX_PROMPT_FILE).read_to_string(&mut text).map_err(|e| format!("--prompt-file {shown}: {e}"))?;
    Ok(text)
}

/// `hal launch`.
fn run<H: Host>(ctx: &Context<H>, args: &Launch) -> Output {
    let hal = &ctx.hal;
    let diags = ctx.diagnostics.clone();
    let prompt = match (&args.prompt, &args.prompt_file) {
        (Some(p), _) => Some(p.clone()),
        (None, Some(f)) => match prompt_file(f) {
            Ok(p) => Some(p),
            Err(e) => return Output::new(String::new(), &diags).usage_error("", &e),
        },
        (None, None) => None,
    };
    let provider = hal.capabilities().provider;
    let mut req = Request::new(
        provider,
        match args.mode {
            Some(LaunchModeArg::Print) => LaunchMode::Print,
            Some(LaunchModeArg::Acp) => LaunchMode::Acp,
            _ => LaunchMode::Interactive,
        },
    );
    req.autonomy = args.autonomy.map(|a| match a {
        AutonomyArg::None => Autonomy::None,
        AutonomyArg::Edits => Autonomy::Edits,
        AutonomyArg::Full => Autonomy::Full,
    });
    req.prompt = prompt;
    req.resume.clone_from(&args.resume);
    req.continue_latest = args.r#continue;
    req.model.clone_from(&args.model);
    req.no_bypass = args.no_bypass;
    req.work_item.clone_from(&args.work_item);
    req.session_id.clone_from(&args.session_id);
    req.version = args.provider.runtime_version.clone().or_else(|| hal.detection().runtime_version.clone());
    req.startup = args.role.map(|r| hal.startup_plan_for(r, None));
    let host = hal.host();
    let env = |name: &str| host.var(name).map(|v| v.to_string_lossy().into_owned());
    let plan = plan(&req, &env).map(|mut p| {
        if p.runtime_version.is_some() {
            p.runtime_version_source = match &args.provider.runtime_version {
                Some(_) => Some("--runtime-version".to_owned()),
                None => hal.detection().runtime_version_source.clone(),
            };
        }
        p
    });
    match plan {
        Ok(p) if ctx.json => Output::new(versioned(p, &diags), &diags),
        Ok(p) => Output::new(text(&p), &diags),
        Err(e) => Output::new(String::new(), &diags).usage_error("", &e),
    }
}

/// The plan as text: the shell line first, then what goes with it.
#[must_use]
pub fn text(p: &LaunchPlan) -> String {
    let mut out = String::new();
    // Pasteable where it is one line of shown characters, else shown escaped on one line
    // and said so (hostile-findings R16: an escaped ESC or U+202E made the text another
    // argv than the plan's, and a quoted newline made its first line read as a shorter
    // command).
    let raw = escape_text(&p.command_line) == p.command_line && !p.command_line.contains('\n');
    let shown = if raw { p.command_line.clone() } else { escape_control(&p.command_line).into_owned() };
    let _ = writeln!(out, "{shown}");
    if !raw {
        let _ = writeln!(
            out,
            "command line: shown escaped (it holds a newline or characters a terminal does not show): take argv from --json"
        );
    }
    let _ = writeln!(out, "provider: {} ({} mode)", p.provider, p.mode);
    match (&p.runtime_version, &p.runtime_version_source) {
        (Some(v), Some(how)) => {
            let _ = writeln!(out, "version: {} (from {})", escape_control(v), escape_control(how));
        }
        (Some(v), None) => {
            let _ = writeln!(out, "version: {}", escape_control(v));
        }
        _ => {}
    }
    if let Some(a) = p.autonomy {
        let _ = writeln!(out, "autonomy: {a}");
    }
    for (k, v) in &p.env {
        let _ = writeln!(out, "set: {k}={}", hal_caps::launch::shell_quote(v));
    }
    for (k, from) in &p.env_from {
        let _ = writeln!(out, "set: {k}=\"${from}\"");
    }
    if !p.env_unset.is_empty() {
        let _ = writeln!(out, "unset: {}", p.env_unset.join(" "));
    }
    let place = match (&p.prompt.flag, p.prompt.index) {
        (Some(f), _) => format!("flag {f}"),
        (None, Some(i)) => format!("argument {i}"),
        _ => p.prompt.at.clone(),
    };
    let _ = writeln!(out, "prompt: {place}");
    if let Some(t) = &p.hook_trust {
        let why = t.reason.as_deref().map(|r| format!(": {r}")).unwrap_or_default();
        if !t.args.is_empty() {
            let _ = writeln!(out, "hook trust: {} (added{why})", t.args.join(" "));
        }
        if !t.withheld.is_empty() {
            let _ = writeln!(out, "hook trust: {} (withheld{why})", t.withheld.join(" "));
        }
        if let Some(rule) = &t.rule {
            let _ = writeln!(out, "hook trust: {rule}");
        }
        if let (Some(file), Some(setting)) = (&t.file, &t.setting) {
            let _ = writeln!(out, "hook trust setting: merge {} into {file}", escape_control(setting));
        }
    }
    if let Some(f) = &p.instructions_file {
        let _ = writeln!(out, "instructions: {f} (reads {})", p.instructions_files.join(", "));
    }
    if let Some(r) = &p.ready_prompt {
        let _ = writeln!(out, "ready prompt: {r:?}");
    }
    if let Some(d) = &p.startup_dialog {
        let _ = writeln!(out, "startup dialog: {d}");
    }
    if let Some(e) = p.escape_cancels {
        let _ = writeln!(out, "escape cancels a request: {}", if e { "yes" } else { "no" });
    }
    if let Some(d) = &p.config_dir {
        let var = p.config_dir_var.as_deref().map(|v| format!(" (moved by {v})")).unwrap_or_default();
        let _ = writeln!(out, "config dir: {d}{var}");
    }
    if let Some(o) = &p.output {
        let values = if o.values.is_empty() { String::new() } else { format!(" {}", o.values.join("|")) };
        let _ = writeln!(out, "output: {}{values}", o.flag);
    }
    if let Some(id) = &p.session_id {
        let _ = writeln!(out, "session id: {}", escape_control(id));
    }
    if let Some(w) = &p.work_item {
        let _ = writeln!(out, "work item: {}", escape_control(w));
    }
    if let Some(s) = &p.startup {
        let _ = writeln!(out, "role: {} ({})", s.role, s.strategy);
        if let Some(f) = &s.hook_file {
            let _ = writeln!(out, "hook file: {f}");
        }
        if let Some(n) = &s.startup_nudge {
            let when = if n.in_prompt { "in the first prompt".to_owned() } else { format!("after {} ms", n.delay_ms) };
            let _ = writeln!(out, "startup nudge {when}");
        }
    }
    for s in &p.sources {
        let _ = writeln!(out, "source: {} ({}): {}", s.fact, s.standing, escape_control(&s.cite));
    }
    out
}
