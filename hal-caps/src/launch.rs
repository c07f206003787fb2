//! The launch plan: a runtime's launch facts ([`registry::launch`](crate::registry::launch))
//! and a request → the argv, the environment to set and to clear, and where the prompt
//! goes; or a usage error naming what the runtime can do. Pure: the launcher's
//! environment comes in as a look-up function, and nothing is run.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use hal_types::{
    Autonomy, HookTrust, LaunchMode, LaunchPlan, LaunchSource, OutputSwitch, PromptPlace, RuntimeProvider, StartupPlan,
    StartupStrategy,
};

use crate::registry::launch::{Cited, LAUNCH, Launch, Level, PromptAt, Trust, args_at, env_unset, launch};
use crate::registry::{Source, Standing, Version, runtime};

/// What the launcher asks for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Request {
    /// The runtime.
    pub provider: Option<RuntimeProvider>,
    /// The mode (default: interactive).
    pub mode: Option<LaunchMode>,
    /// The autonomy level; `None`: the runtime's default, nothing added.
    pub autonomy: Option<Autonomy>,
    /// The prompt.
    pub prompt: Option<String>,
    /// The session to resume.
    pub resume: Option<String>,
    /// Continue the latest session.
    pub continue_latest: bool,
    /// The model.
    pub model: Option<String>,
    /// The runtime's version; `None`: the newest verified.
    pub version: Option<String>,
    /// A role's startup plan, to merge in.
    pub startup: Option<StartupPlan>,
    /// `--no-bypass`: never add a trust switch, not even for the role's hooks.
    pub no_bypass: bool,
    /// The work item (`--work-item`): its own slot of the plan, and a line of the first
    /// prompt after the role's startup text.
    pub work_item: Option<String>,
    /// The new session's id, given up front (`--session-id`), where the runtime takes one.
    pub session_id: Option<String>,
}

impl Request {
    /// A request for `provider` in `mode`.
    #[must_use]
    pub fn new(provider: RuntimeProvider, mode: LaunchMode) -> Self {
        Self { provider: Some(provider), mode: Some(mode), ..Self::default() }
    }
}

/// The runtimes hal has launch facts for, by id.
#[must_use]
pub fn launchable() -> Vec<&'static str> {
    let mut ids: Vec<&str> = LAUNCH.iter().map(|l| l.provider.as_str()).collect();
    ids.sort_unstable();
    ids
}

fn standing(s: Standing) -> &'static str {
    match s {
        Standing::Verified => "verified",
        Standing::Vendor => "vendor",
        Standing::Secondary => "secondary",
        Standing::Unconfirmed => "unconfirmed",
    }
}

/// `verified`, `vendor`, `secondary` or `unconfirmed`: how a source's facts stand.
#[must_use]
pub fn standing_of(source: &Source) -> &'static str {
    standing(source.standing)
}

/// What `facts` can do, as a usage error lists it.
#[must_use]
pub fn abilities(facts: &Launch) -> String {
    let mut modes = vec!["interactive"];
    if facts.print.is_some() {
        modes.push("print");
    }
    if facts.acp.is_some() {
        modes.push("acp");
    }
    let a = &facts.autonomy;
    let levels: Vec<&str> = [("none", a.none.is_some()), ("edits", a.edits.is_some()), ("full", a.full.is_some())]
        .into_iter()
        .filter_map(|(n, has)| has.then_some(n))
        .collect();
    let mut out = format!("--mode {}", modes.join("|"));
    if levels.is_empty() {
        out.push_str("; no --autonomy level");
    } else {
        let _ = write!(out, "; --autonomy {}", levels.join("|"));
    }
    match facts.resume.map(|r| r.value) {
        Some(r) => {
            let forms: Vec<&str> = [("--resume ID", r.by_id.is_some()), ("--continue", r.latest.is_some())]
                .into_iter()
                .filter_map(|(n, has)| has.then_some(n))
                .collect();
            let _ = write!(out, "; {}", forms.join(", "));
        }
        None => out.push_str("; no --resume or --continue"),
    }
    out.push_str(if facts.model.is_some() { "; --model" } else { "; no --model flag" });
    out
}

/// The shells a [`shell_quote`]d word means the same argument in (hostile-findings R10:
/// POSIX quoting alone let a prompt run a command in fish).
pub const QUOTED_FOR: &[&str] = &["sh", "bash", "dash", "zsh", "fish"];

/// Shell quoting for every shell of [`QUOTED_FOR`]: bare where every character is safe
/// and the first is not `=` (zsh expands `=cmd`), else single-quoted, with each `'` and
/// each `\` written outside the quotes (`'\''`, `'\\'`): fish reads `\'` and `\\` inside
/// single quotes as escapes, the POSIX shells do not, and outside them all agree.
#[must_use]
pub fn shell_quote(arg: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@".contains(c);
    if !arg.is_empty() && arg.chars().all(safe) && !arg.starts_with('=') {
        return arg.to_owned();
    }
    let mut out = String::with_capacity(arg.len() + 2);
    out.push('\'');
    for c in arg.chars() {
        match c {
            '\'' => out.push_str(r"'\''"),
            '\\' => out.push_str(r"'\\'"),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// A NUL in the value `what` of a request: no program's argument can carry one
/// (hostile-findings R16).
fn refuse_nul(what: &str, value: Option<&str>) -> Result<(), String> {
    match value {
        Some(v) if v.contains('\0') => {
            Err(format!("the {what} holds a NUL character: no program's argument can carry one"))
        }
        _ => Ok(()),
    }
}

/// `flag value` as arguments where `value` cannot be read as an option: as given when it
/// does not start with `-`; `--flag=value` when the flag is a long one (every parser the
/// runtimes use reads the value of `--flag=value` as a value); else a usage error naming
/// why (hostile-findings R2: `--resume --x`, `-m --version` were options).
fn flag_value(id: &str, what: &str, flag: &str, value: &str, can: &dyn Fn() -> String) -> Result<Vec<String>, String> {
    if !value.starts_with('-') {
        Ok(vec![flag.to_owned(), value.to_owned()])
    } else if flag.starts_with("--") {
        Ok(vec![format!("{flag}={value}")])
    } else {
        Err(dash_led(id, what, &format!("the value of its short flag `{flag}`"), can))
    }
}

/// The usage error of a `what` that starts with `-` where `id` reads it as an option.
fn dash_led(id: &str, what: &str, place: &str, can: &dyn Fn() -> String) -> String {
    format!(
        "the {what} starts with `-`: {id} would read it as an option ({place}, and hal knows no form of it {id} reads as text); {}",
        can()
    )
}

struct Builder {
    argv: Vec<String>,
    env: BTreeMap<String, String>,
    sources: Vec<LaunchSource>,
}

impl Builder {
    fn cite<T>(&mut self, fact: &str, c: &Cited<T>) {
        self.cite_source(fact, &c.source);
    }
    fn cite_source(&mut self, fact: &str, s: &Source) {
        self.sources.push(LaunchSource::new(fact, standing(s.standing), &s.text()));
    }
    fn push(&mut self, args: impl IntoIterator<Item = impl Into<String>>) {
        self.argv.extend(args.into_iter().map(Into::into));
    }
}

/// The prompt a role's startup plan gives: the fallback's commands (with its nudge),
/// none for a plan a hook carries.
fn role_prompt(plan: &StartupPlan) -> Option<String> {
    (plan.strategy == StartupStrategy::StartupFallback && !plan.commands.is_empty()).then(|| {
        let nudge = plan.startup_nudge.as_ref().map(|n| format!("\n{}", n.text)).unwrap_or_default();
        format!("Run `{}` and follow its output.{nudge}", plan.commands.join(" && "))
    })
}

/// The launch plan of `req`, the launcher's environment read through `env`; or a usage
/// error that names what the runtime can do.
///
/// # Errors
/// A runtime hal has no launch facts for, or a combination it cannot do: `--mode print`
/// without a non-interactive start or without a prompt, `--mode acp` without an ACP
/// entry (or with a prompt or a resume), an autonomy level it lacks, `--resume` or
/// `--continue` it lacks, `--model` without a model flag, a version that is not one.
pub fn plan(req: &Request, env: &dyn Fn(&str) -> Option<String>) -> Result<LaunchPlan, String> {
    let provider = req.provider.ok_or("no runtime: give --provider (or run under one)")?;
    let facts = launch(provider).ok_or_else(|| {
        format!("hal has no launch facts for `{provider}`; it has them for: {}", launchable().join(", "))
    })?;
    let id = provider.as_str();
    let can = || format!("{id} can: {}", abilities(facts));
    refuse_nul("prompt", req.prompt.as_deref())?;
    refuse_nul("model", req.model.as_deref())?;
    refuse_nul("resume id", req.resume.as_deref())?;
    let version = match req.version.as_deref() {
        Some(v) => Some(Version::parse(v).ok_or_else(|| format!("`{v}` is not a version (dotted numbers: 1.2.3)"))?),
        None => None,
    };
    let v = version.as_ref();
    let mode = req.mode.unwrap_or(LaunchMode::Interactive);
    let mut b = Builder { argv: vec![facts.executable.value.to_owned()], env: BTreeMap::new(), sources: Vec::new() };
    b.cite("executable", &facts.executable);
    let start = match mode {
        LaunchMode::Interactive => {
            b.cite("interactive", &facts.interactive);
            Some(facts.interactive.value)
        }
        LaunchMode::Print => {
            let p = facts.print.ok_or_else(|| format!("{id} has no non-interactive start; {}", can()))?;
            b.cite("print", &p);
            Some(p.value)
        }
        _ => {
            let a = facts.acp.ok_or_else(|| format!("{id} has no ACP entry; {}", can()))?;
            if req.prompt.is_some() || req.startup.as_ref().and_then(role_prompt).is_some() {
                return Err(format!("--mode acp takes no prompt: the ACP client sends it; {}", can()));
            }
            if req.resume.is_some() || req.continue_latest {
                return Err(format!(
                    "--mode acp resumes through the ACP client (session/load), not the argv; {}",
                    can()
                ));
            }
            b.cite("acp", &a);
            b.push(a.value.iter().copied());
            None
        }
    };
    if let Some(s) = start {
        b.push(args_at(s.args, v));
    }
    if let Some(level) = req.autonomy {
        let a = &facts.autonomy;
        let chosen: Option<Cited<Level>> = match level {
            Autonomy::None => a.none,
            Autonomy::Edits => a.edits,
            _ => a.full,
        };
        let chosen = chosen.ok_or_else(|| format!("{id} has no `{level}` autonomy level; {}", can()))?;
        b.cite(&format!("autonomy.{level}"), &chosen);
        b.push(args_at(chosen.value.args_for(mode == LaunchMode::Print), v));
        b.env.extend(chosen.value.env.iter().map(|(k, val)| ((*k).to_owned(), (*val).to_owned())));
    }
    let hook_trust = facts.hook_trust.and_then(|t| {
        let trust = match t.value {
            Trust::Args(parts) => {
                let args: Vec<String> = args_at(parts, v).into_iter().map(str::to_owned).collect();
                if args.is_empty() {
                    return None;
                }
                trust_switch(req, args)
            }
            Trust::Rule(rule) => HookTrust::new(Vec::new(), Some(rule.to_owned())),
            Trust::Setting(t) => {
                let mut trust = HookTrust::new(Vec::new(), Some(t.rule.to_owned()));
                trust.file = Some(t.file.to_owned());
                trust.setting = Some(t.setting.to_owned());
                trust
            }
        };
        b.cite("hook_trust", &t);
        b.push(trust.args.iter().cloned());
        Some(trust)
    });
    if let Some(m) = &req.model {
        let flag = facts
            .model
            .ok_or_else(|| format!("{id} takes no model flag (a variable or its config sets it); {}", can()))?;
        b.cite("model", &flag);
        b.push(flag_value(id, "model", flag.value, m, &can)?);
    }
    if req.resume.is_some() || req.continue_latest {
        resume_args(facts, req, &mut b)?;
    }
    if let Some(sid) = &req.session_id {
        session_id_args(facts, req, mode, sid, &mut b)?;
    }
    let ends = facts.end_of_options.filter(|e| e.value.holds_at(v));
    let prompt = place_prompt(start, first_prompt(req, mode), mode, ends, &mut b, id, &can)?;
    Ok(finish(facts, req, mode, prompt, hook_trust, b, env))
}

/// The line of the first prompt that gives the work item.
#[must_use]
pub fn work_item_line(item: &str) -> String {
    format!("Your work item: {item}")
}

/// The first prompt, its parts in order, each once: the role's GUPP preamble (the
/// `prompt_preamble` strategy), its startup text (the fallback's commands and nudge),
/// the work item, the caller's prompt. ACP takes none: its client sends them.
fn first_prompt(req: &Request, mode: LaunchMode) -> Option<String> {
    if mode == LaunchMode::Acp {
        return req.prompt.clone();
    }
    let startup = req.startup.as_ref();
    let parts: Vec<String> = [
        startup.and_then(|s| s.gupp_preamble.clone()),
        startup.and_then(role_prompt),
        req.work_item.as_deref().map(work_item_line),
        req.prompt.clone(),
    ]
    .into_iter()
    .flatten()
    .collect();
    (!parts.is_empty()).then(|| parts.join("\n\n"))
}

/// Whether the role's plan installs hooks of its own (a hook file the launcher writes).
fn installs_hooks(req: &Request) -> bool {
    req.startup.as_ref().is_some_and(|s| s.strategy == StartupStrategy::HookInjection && s.hook_file.is_some())
}

/// The runtime's hook-trust switch `args`, added only when asked for: `--autonomy
/// full`, or a role whose hooks would otherwise not run (unless `--no-bypass`); else
/// withheld, and the answer says why.
fn trust_switch(req: &Request, args: Vec<String>) -> HookTrust {
    let (add, reason) = if req.autonomy == Some(Autonomy::Full) {
        (true, "--autonomy full".to_owned())
    } else if installs_hooks(req) && req.no_bypass {
        (false, "--no-bypass: the role's hooks may not run until the workspace's hooks are trusted".to_owned())
    } else if installs_hooks(req) {
        (true, "the role's hooks would otherwise not run (--no-bypass leaves it out)".to_owned())
    } else {
        (false, "not asked for: it is added with --autonomy full or a --role whose hooks need it".to_owned())
    };
    let mut t = HookTrust::new(Vec::new(), None);
    if add {
        t.args = args;
    } else {
        t.withheld = args;
    }
    t.reason = Some(reason);
    t
}

/// ACP starts with no prompt: [`plan`] refused one before.
fn unreachable_acp() -> PromptPlace {
    PromptPlace::new("none", None, None)
}

/// The runtimes that take a new session's id up front, by id.
#[must_use]
pub fn take_session_ids() -> Vec<&'static str> {
    let mut ids: Vec<&str> = LAUNCH.iter().filter(|l| l.session_id.is_some()).map(|l| l.provider.as_str()).collect();
    ids.sort_unstable();
    ids
}

/// The arguments that start the new session with id `id`; or why not: a runtime that
/// takes none (naming those that do), with a resume, in ACP, or an id that would read
/// as an option.
fn session_id_args(facts: &Launch, req: &Request, mode: LaunchMode, id: &str, b: &mut Builder) -> Result<(), String> {
    let name = facts.provider.as_str();
    let flag = facts.session_id.ok_or_else(|| {
        format!("{name} takes no session id up front; the runtimes that do: {}", take_session_ids().join(", "))
    })?;
    if req.resume.is_some() || req.continue_latest {
        return Err("--session-id starts a new session: not with --resume or --continue".to_owned());
    }
    if mode == LaunchMode::Acp {
        return Err("--mode acp: the ACP client opens the session (session/new), not the argv".to_owned());
    }
    if id.is_empty() || id.starts_with('-') || id.chars().any(crate::text::is_unsafe) {
        return Err(format!(
            "--session-id {}: not an id (empty, starting with `-`, or a control character)",
            crate::text::escape_control(id)
        ));
    }
    b.cite("session_id", &flag);
    b.push(flag.value.iter().map(|a| (*a).to_owned()).chain([id.to_owned()]));
    Ok(())
}

/// The resume or continue arguments `req` asks for, or what `facts` cannot do.
fn resume_args(facts: &Launch, req: &Request, b: &mut Builder) -> Result<(), String> {
    let id = facts.provider.as_str();
    let can = || format!("{id} can: {}", abilities(facts));
    let r = facts.resume.ok_or_else(|| format!("{id} cannot resume a session; {}", can()))?;
    let args = match &req.resume {
        Some(session) => {
            let by_id = r.value.by_id.ok_or_else(|| format!("{id} cannot resume a session by id; {}", can()))?;
            match by_id.split_last() {
                Some((flag, before)) if flag.starts_with('-') => {
                    let value = flag_value(id, "resume id", flag, session, &can)?;
                    before.iter().map(|a| (*a).to_owned()).chain(value).collect::<Vec<_>>()
                }
                _ if session.starts_with('-') => {
                    return Err(dash_led(id, "resume id", "an argument of its resume subcommand", &can));
                }
                _ => by_id.iter().map(|a| (*a).to_owned()).chain([session.clone()]).collect::<Vec<_>>(),
            }
        }
        None => {
            let latest = r.value.latest.ok_or_else(|| format!("{id} cannot continue its latest session; {}", can()))?;
            latest.iter().map(|a| (*a).to_owned()).collect()
        }
    };
    b.cite("resume", &r);
    b.push(args);
    Ok(())
}

/// The plan from the argv built so far: the variables to set and clear, and the facts
/// that go with the start.
fn finish(
    facts: &Launch,
    req: &Request,
    mode: LaunchMode,
    prompt: PromptPlace,
    hook_trust: Option<HookTrust>,
    mut b: Builder,
    env: &dyn Fn(&str) -> Option<String>,
) -> LaunchPlan {
    let provider = facts.provider;
    b.env.extend(facts.env.iter().map(|(k, val)| ((*k).to_owned(), (*val).to_owned())));
    let env_from: BTreeMap<String, String> =
        facts.env_from.iter().map(|(k, from)| ((*k).to_owned(), (*from).to_owned())).collect();
    let mut unset: Vec<String> = env_unset(env).into_iter().map(str::to_owned).collect();
    unset.retain(|u| !b.env.contains_key(u) && !env_from.contains_key(u));
    b.cite("instructions", &facts.instructions);
    let interactive = mode == LaunchMode::Interactive;
    let ready_prompt = facts.ready_prompt.filter(|_| interactive).map(|r| {
        b.cite("ready_prompt", &r);
        r.value.to_owned()
    });
    // What the interactive start asks: the workspace trust dialog until its setting is
    // in place, then, with `--autonomy full`, the bypass warning.
    let trust_dialog = facts.hook_trust.and_then(|t| match t.value {
        Trust::Setting(s) => s.dialog.map(|d| format!("{d}, unless hook_trust's setting is in place")),
        _ => None,
    });
    let bypass_dialog = facts.startup_dialog.filter(|_| req.autonomy == Some(Autonomy::Full)).map(|d| {
        b.cite("startup_dialog", &d);
        d.value.to_owned()
    });
    let dialogs: Vec<String> = [trust_dialog, bypass_dialog].into_iter().flatten().collect();
    let startup_dialog = (interactive && !dialogs.is_empty()).then(|| dialogs.join("; then "));
    let escape_cancels = facts.escape_cancels.map(|e| {
        b.cite("escape_cancels", &e);
        e.value
    });
    let config = facts.config_dir.map(|c| {
        b.cite("config_dir", &c);
        c.value
    });
    let output = facts.output.filter(|_| mode == LaunchMode::Print).map(|o| {
        b.cite("output", &o);
        OutputSwitch::new(o.value.flag.to_owned(), o.value.values.iter().map(|s| (*s).to_owned()).collect())
    });
    let command_line = b.argv.iter().map(|a| shell_quote(a)).collect::<Vec<_>>().join(" ");
    let mut out = LaunchPlan::new(provider, mode, facts.executable.value.to_owned());
    out.family = runtime(provider).family();
    out.runtime_version.clone_from(&req.version);
    out.autonomy = req.autonomy;
    out.command_line = command_line;
    out.command_line_shells = QUOTED_FOR.iter().map(|s| (*s).to_owned()).collect();
    out.argv = b.argv;
    out.env = b.env;
    out.env_from = env_from;
    out.env_unset = unset;
    out.prompt = prompt;
    out.instructions_file = facts.instructions.value.first().map(|s| (*s).to_owned());
    out.instructions_files = facts.instructions.value.iter().map(|s| (*s).to_owned()).collect();
    out.ready_prompt = ready_prompt;
    out.escape_cancels = escape_cancels;
    out.startup_dialog = startup_dialog;
    out.hook_trust = hook_trust;
    out.config_dir = config.map(|c| c.dir.to_owned());
    out.config_dir_var = config.and_then(|c| c.var).map(str::to_owned);
    out.output = output;
    out.resume_id.clone_from(&req.resume);
    out.continue_latest = req.continue_latest && req.resume.is_none();
    out.startup.clone_from(&req.startup);
    out.work_item.clone_from(&req.work_item);
    out.session_id.clone_from(&req.session_id);
    if let Some(s) = out.startup.as_mut() {
        s.work_item.clone_from(&req.work_item);
        // The first prompt carries the fallback's nudge (not in ACP: no prompt).
        let in_prompt = mode != LaunchMode::Acp && s.strategy == StartupStrategy::StartupFallback;
        if let Some(n) = s.startup_nudge.as_mut() {
            n.in_prompt = in_prompt;
        }
    }
    out.sources = b.sources;
    out
}

/// Puts the prompt where the start takes it; a print start without one is an error. A
/// positional prompt that starts with `-` goes after `ends` (the runtime's end of
/// options at the version planned), or is a usage error where it has none.
fn place_prompt(
    start: Option<crate::registry::launch::Start>,
    prompt_text: Option<String>,
    mode: LaunchMode,
    ends: Option<Cited<crate::registry::launch::Args>>,
    b: &mut Builder,
    id: &str,
    can: &dyn Fn() -> String,
) -> Result<PromptPlace, String> {
    let place = match (start, prompt_text) {
        (_, None) => {
            if mode == LaunchMode::Print {
                return Err(format!(
                    "--mode print needs a prompt: give --prompt or --prompt-file (or a --role whose plan starts with one); {}",
                    can()
                ));
            }
            PromptPlace::new("none", None, None)
        }
        (None, Some(_)) => unreachable_acp(),
        (Some(s), Some(text)) => match s.prompt {
            PromptAt::Positional => {
                if text.starts_with('-') {
                    let end = ends.ok_or_else(|| dash_led(id, "prompt", "its prompt is a positional argument", can))?;
                    b.cite("end_of_options", &end);
                    b.push(end.value.args.iter().copied());
                }
                b.push([text]);
                PromptPlace::new("argv", Some(b.argv.len() - 1), None)
            }
            PromptAt::Flag(f) => {
                b.push(flag_value(id, "prompt", f, &text, can)?);
                PromptPlace::new("flag", Some(b.argv.len() - 1), Some(f.to_owned()))
            }
            PromptAt::Stdin => PromptPlace::new("stdin", None, None),
            PromptAt::Typed => PromptPlace::new("typed", None, None),
        },
    };
    Ok(place)
}
