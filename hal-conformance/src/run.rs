//! Running one runtime: the outside half starts `xtask conformance-run` inside
//! `unshare --net --ipc --uts --pid --fork --mount-proc` (loopback only, its own IPC; killing the namespace's init
//! kills every process in it) under a timeout; the inside half brings loopback up, starts
//! the stub, writes the throwaway HOME and workspace, configures the hooks, and starts the
//! runtime one-shot with a cleared environment.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::install;
use super::matrix::{Target, target};
use super::probe::PROMPT;
use super::runtimes::{Ctx, merge_json};
use super::sandbox::{self, Weaken};
use super::stub::{Script, Stub};
use super::util::wait_or_kill;

/// The system directories a runtime's PATH starts from.
use crate::util::{SYSTEM_PATH, system_program};
/// The stand-in `gt`'s marker: what it prints, followed by its arguments.
pub(crate) const MARKER: &str = "hal-conformance-marker";
/// The command a native SessionStart hook runs in a plan run of a startup_fallback runtime.
pub(crate) const SESSION_HOOK_ARGS: &str = "session-start-hook";

/// What one run is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Every hook event runs the probe; the tool runs the probe.
    Probe,
    /// The startup plan, end to end.
    Plan,
    /// The sandbox test: a stand-in tries to leave the sandbox (no runtime runs).
    Sandbox,
    /// The resume check: a second run in the probe run's HOME and workspace, started
    /// with `hal launch --resume <session id>`.
    Resume,
    /// The clear-list check: started from inside another runtime's captured tool
    /// environment (`inherit.json`), with `hal launch`'s `env_unset` applied.
    Nested,
    /// The ready-prompt check: the interactive start `hal launch` gives, under a pty
    /// (`script`), until its ready prompt appears or the timeout.
    Pty,
    /// The dash check: a one-shot start with [`DASH_PROMPT`] (hostile-findings R2),
    /// whether the stub receives it as the user's text.
    Dash,
    /// The worker check (issue 44): one start of a worker from `hal launch --role
    /// polecat` (`--session-id <id>` first, `--resume <id>` after), the plan's hook
    /// fragment merged into its hook file before the start, the stand-in `gt` of its
    /// session-start command asking hal for the session id.
    Worker,
    /// The guide's mayor (`mayor.sh` in the run dir) starts a polecat on the runtime
    /// (issue 44.5, [`crate::mayor`]).
    Mayor,
}

impl Mode {
    /// `probe` or `plan`.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::Probe => "probe",
            Self::Plan => "plan",
            Self::Sandbox => "sandbox",
            Self::Resume => "resume",
            Self::Nested => "nested",
            Self::Pty => "pty",
            Self::Dash => "dash",
            Self::Worker => "worker",
            Self::Mayor => "mayor",
        }
    }
}

/// One run's paths and options, shared by both halves.
#[derive(Debug, Clone)]
pub(crate) struct RunArgs {
    /// The runtime id, `ID@VERSION` for an older version of the matrix ([`Target::key`]).
    pub(crate) id: String,
    /// Probe or plan.
    pub(crate) mode: Mode,
    /// The run's directory (home/, ws/, captures/, gt/, run.json, requests.json).
    pub(crate) dir: PathBuf,
    /// The hal binary.
    pub(crate) hal: PathBuf,
    /// The runtime's prefix (npm prefix or venv).
    pub(crate) prefix: PathBuf,
    /// Node 22's bin directory (for runtimes that need it).
    pub(crate) node22: PathBuf,
    /// Bun's bin directory (for runtimes whose package names a `bun` engine).
    pub(crate) bun: PathBuf,
    /// Seconds before the runtime is killed.
    pub(crate) timeout: u64,
    /// The stub never answers.
    pub(crate) hang: bool,
    /// One layer of the sandbox switched off (the sandbox test's controls only).
    pub(crate) weaken: Option<Weaken>,
    /// The session to resume ([`Mode::Resume`], [`Mode::Worker`] after its first start).
    pub(crate) resume: Option<String>,
}

impl RunArgs {
    /// A run of `spec` (its newest version: the id alone) in `mode` at `dir`, with the
    /// suite's install paths, no fault, no layer weakened, no session to resume.
    pub(crate) fn newest(spec: &Target, mode: Mode, dir: PathBuf, hal: &Path, timeout: u64) -> Self {
        Self {
            id: spec.id().to_owned(),
            mode,
            dir,
            hal: hal.to_path_buf(),
            prefix: install::runtime_prefix(spec),
            node22: install::node22_bin(),
            bun: install::bun_bin(),
            timeout,
            hang: false,
            weaken: None,
            resume: None,
        }
    }

    fn to_args(&self) -> Vec<String> {
        let mut a = vec![
            "--id".into(),
            self.id.clone(),
            "--mode".into(),
            self.mode.as_str().into(),
            "--dir".into(),
            self.dir.display().to_string(),
            "--hal".into(),
            self.hal.display().to_string(),
            "--prefix".into(),
            self.prefix.display().to_string(),
            "--node22".into(),
            self.node22.display().to_string(),
            "--bun".into(),
            self.bun.display().to_string(),
            "--timeout".into(),
            self.timeout.to_string(),
        ];
        if self.hang {
            a.push("--hang".into());
        }
        if let Some(w) = self.weaken {
            a.extend(["--weaken".into(), w.as_str().into()]);
        }
        if let Some(r) = &self.resume {
            a.extend(["--resume".into(), r.clone()]);
        }
        a
    }

    fn parse(args: &[String]) -> Result<Self, String> {
        let mut r = Self {
            id: String::new(),
            mode: Mode::Probe,
            dir: PathBuf::new(),
            hal: PathBuf::new(),
            prefix: PathBuf::new(),
            node22: PathBuf::new(),
            bun: PathBuf::new(),
            timeout: 60,
            hang: false,
            weaken: None,
            resume: None,
        };
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let mut val = || it.next().cloned().ok_or_else(|| format!("{a} needs a value"));
            match a.as_str() {
                "--id" => r.id = val()?,
                "--mode" => {
                    r.mode = match val()?.as_str() {
                        "plan" => Mode::Plan,
                        "sandbox" => Mode::Sandbox,
                        "resume" => Mode::Resume,
                        "nested" => Mode::Nested,
                        "pty" => Mode::Pty,
                        "dash" => Mode::Dash,
                        "worker" => Mode::Worker,
                        "mayor" => Mode::Mayor,
                        _ => Mode::Probe,
                    }
                }
                "--dir" => r.dir = val()?.into(),
                "--hal" => r.hal = val()?.into(),
                "--prefix" => r.prefix = val()?.into(),
                "--node22" => r.node22 = val()?.into(),
                "--bun" => r.bun = val()?.into(),
                "--timeout" => r.timeout = val()?.parse().map_err(|e| format!("--timeout: {e}"))?,
                "--hang" => r.hang = true,
                "--resume" => r.resume = Some(val()?),
                "--weaken" => r.weaken = Some(Weaken::parse(&val()?).ok_or("--weaken: no such layer")?),
                other => return Err(format!("conformance-run: unknown argument {other}")),
            }
        }
        Ok(r)
    }
}

/// What the outside half saw of one run.
#[derive(Debug, Clone)]
pub(crate) struct Outcome {
    /// Wall seconds of the namespace.
    pub(crate) seconds: f64,
    /// Killed at the outer timeout (the inner one failed too).
    pub(crate) killed: bool,
    /// The inside half's `run.json` (exit status, inner timeout), `null` if it wrote none.
    pub(crate) run: Value,
}

impl Outcome {
    /// No run (a directory read as it is).
    pub(crate) fn none() -> Self {
        Self { seconds: 0.0, killed: false, run: Value::Null }
    }
}

/// The outside half: runs one runtime in its own network and pid namespace.
pub(crate) fn run_isolated(args: &RunArgs, plan: Option<&Value>) -> Result<Outcome, String> {
    let plan = plan.map(Value::to_string);
    let files: Vec<(&str, &str)> = plan.iter().map(|p| ("plan.json", p.as_str())).collect();
    run_isolated_with(args, &files)
}

/// [`run_isolated`] with `files` (name, content) written into the fresh run directory.
pub(crate) fn run_isolated_with(args: &RunArgs, files: &[(&str, &str)]) -> Result<Outcome, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    run_isolated_from(&exe, args, files)
}

/// [`run_isolated_with`], the inside half run by `exe` (the sandbox test runs a copy of
/// this executable from under `/tmp`, as from a target directory there).
pub(crate) fn run_isolated_from(exe: &Path, args: &RunArgs, files: &[(&str, &str)]) -> Result<Outcome, String> {
    // A resume run continues in the files of the run before it (its caller seeded them).
    if args.resume.is_none() {
        let _ = std::fs::remove_dir_all(&args.dir);
    }
    std::fs::create_dir_all(&args.dir).map_err(|e| format!("{}: {e}", args.dir.display()))?;
    for (name, content) in files {
        std::fs::write(args.dir.join(name), content).map_err(|e| e.to_string())?;
    }
    let log = std::fs::File::create(args.dir.join("harness.log")).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let net: &[&str] = if args.weaken == Some(Weaken::HostNet) { &[] } else { &["--net"] };
    // Its own IPC (SysV objects, POSIX message queues) and host name too (R9).
    let ipc: &[&str] = if args.weaken == Some(Weaken::HostIpc) { &[] } else { &["--ipc", "--uts"] };
    let mut child = Command::new(system_program("unshare"))
        .args(net)
        .args(ipc)
        .args(["--pid", "--fork", "--mount-proc", "--kill-child=SIGKILL"])
        .arg(exe)
        .arg("conformance-run")
        .args(args.to_args())
        .env_clear()
        .env("PATH", SYSTEM_PATH)
        .stdin(Stdio::null())
        .stdout(log.try_clone().map_err(|e| e.to_string())?)
        .stderr(log)
        .process_group(0)
        .spawn()
        .map_err(|e| format!("{}: could not start unshare: {e}", args.id))?;
    let limit = Duration::from_secs(args.timeout + 20);
    let status = wait_or_kill(&mut child, limit, Duration::from_millis(50), |c| kill_group(c.id()));
    let killed = status.map_err(|e| e.to_string())?.is_none();
    let run = crate::util::run_json(&args.dir, "run.json");
    Ok(Outcome { seconds: started.elapsed().as_secs_f64(), killed, run: run.unwrap_or(Value::Null) })
}

/// SIGKILL to the process group `pgid` (the unshare and, through its kill-child, the
/// namespace's init and so every process in the namespace).
fn kill_group(pgid: u32) {
    let _ = Command::new(system_program("kill")).args(["-KILL", "--", &format!("-{pgid}")]).status();
}

fn path_of(spec: &Target, args: &RunArgs, gt: &Path) -> String {
    let mut dirs = Vec::new();
    if spec.node22() {
        dirs.push(args.node22.display().to_string());
    }
    if spec.package().is_ok_and(|p| super::install::needs_bun(&args.prefix, p)) {
        dirs.push(args.bun.display().to_string());
    }
    dirs.push(gt.display().to_string());
    dirs.push(install::bin_dir(spec, &args.prefix).display().to_string());
    dirs.push(SYSTEM_PATH.to_owned());
    dirs.join(":")
}

fn which(program: &Path, path: &str) -> PathBuf {
    if program.components().count() > 1 {
        return program.to_path_buf();
    }
    path.split(':').map(|d| Path::new(d).join(program)).find(|p| p.is_file()).unwrap_or_else(|| program.to_path_buf())
}

/// The inside half's first step (pid 1 of its namespace): its parsed arguments, with
/// loopback up unless the sandbox test weakens the network.
pub(crate) fn begin(argv: &[String]) -> Result<RunArgs, String> {
    let args = RunArgs::parse(argv)?;
    if args.weaken != Some(Weaken::HostNet) {
        let up = Command::new(system_program("ip"))
            .args(["link", "set", "lo", "up"])
            .status()
            .map_err(|e| format!("ip: {e}"))?;
        if !up.success() {
            return Err("ip link set lo up failed".into());
        }
    }
    Ok(args)
}

/// The inside half of a runtime's run (`xtask conformance-run ...`).
pub(crate) fn inside(args: RunArgs) -> Result<(), String> {
    let spec = &target(&args.id).ok_or_else(|| format!("unknown runtime {}", args.id))?;
    let same = install::in_place(spec, &args.prefix)?;
    let (args, exe) = enter(args, spec.prefix_writes, &same)?;
    let probe = prepare(&args, &exe)?;
    let (shell_tool, tool_args) = spec.shell_tool(&format!("{probe} tool"));
    let stub = Stub::start(Script {
        shell_tool: shell_tool.to_owned(),
        tool_args,
        hang: args.hang,
        max_requests: 200,
        lifetime: Duration::from_secs(args.timeout + 5),
    })
    .map_err(|e| format!("stub: {e}"))?;
    let ctx = Ctx {
        home: args.dir.join("home"),
        ws: args.dir.join("ws"),
        port: stub.port,
        prefix: args.prefix.clone(),
        probe,
        events: spec.events(),
        hook_files: spec.row().hook_system().map_or(&[], |h| h.files),
    };
    spec.setup(&ctx).map_err(|e| format!("setup: {e}"))?;
    let path = path_of(spec, &args, &args.dir.join("gt"));
    let prompt = match args.mode {
        Mode::Probe | Mode::Nested => {
            configure_probe(spec, &ctx)?;
            PROMPT.to_owned()
        }
        Mode::Resume => {
            configure_probe(spec, &ctx)?;
            RESUME_PROMPT.to_owned()
        }
        Mode::Dash => DASH_PROMPT.to_owned(),
        Mode::Worker => {
            configure_worker(spec, &ctx, &args, &path)?;
            PROMPT.to_owned()
        }
        // The mayor writes its hook file and composes the prompt itself.
        Mode::Mayor => String::new(),
        Mode::Pty => {
            let seed = spec.pty_setup.ok_or_else(|| format!("{}: no pty setup", spec.id()))?;
            seed(&ctx).map_err(|e| format!("pty setup: {e}"))?;
            sandbox::hand_over(&args.dir, args.weaken)?;
            let seen = start_pty(spec, &ctx, &args, &path)?;
            stub.finish();
            return std::fs::write(args.dir.join("pty.json"), seen.to_string()).map_err(|e| e.to_string());
        }
        Mode::Plan => configure_plan(spec, &ctx, &args, &path)?,
        Mode::Sandbox => return Err("a sandbox run has no runtime".into()),
    };
    sandbox::hand_over(&args.dir, args.weaken)?;
    let started = Instant::now();
    let status = if args.mode == Mode::Mayor {
        start_mayor(spec, &ctx, &args, &path)?
    } else {
        start(spec, &ctx, &args, &path, &prompt)?
    };
    let (timed_out, status) = (status.is_none(), status.and_then(|s| s.code()));
    let seconds = started.elapsed().as_secs_f64();
    // Hooks may still be running (SessionEnd after exit): give them a moment.
    std::thread::sleep(Duration::from_millis(300));
    let requests = stub.finish();
    let write = |name: &str, v: &Value| {
        std::fs::write(args.dir.join(name), serde_json::to_string_pretty(v).unwrap_or_default())
    };
    write("requests.json", &Value::Array(requests)).map_err(|e| e.to_string())?;
    write("run.json", &json!({"exit": status, "timed_out": timed_out, "seconds": seconds}))
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// Enters the sandbox ([`sandbox::enter`]): the run's arguments with the paths the
/// runtime sees, and the probe's path.
/// `same`: directories shown at their own paths (a venv and its base Python), the prefix
/// among them when it is one of them.
pub(crate) fn enter(args: RunArgs, writes: &[&str], same: &[PathBuf]) -> Result<(RunArgs, PathBuf), String> {
    let host = sandbox::Host {
        dir: &args.dir,
        hal: &args.hal,
        prefix: &args.prefix,
        prefix_in_place: same.contains(&args.prefix),
        node22: &args.node22,
        bun: &args.bun,
        writes,
        same,
    };
    let p = sandbox::enter(&host, args.weaken)?;
    Ok((RunArgs { dir: p.dir, hal: p.hal, prefix: p.prefix, node22: p.node22, bun: p.bun, ..args }, p.exe))
}

/// The run dir's throwaway HOME, workspace (a fresh git repository), captures and
/// stand-in `gt`; the probe's command line.
pub(crate) fn prepare(args: &RunArgs, exe: &Path) -> Result<String, String> {
    let (home, ws, captures, gt) =
        (args.dir.join("home"), args.dir.join("ws"), args.dir.join("captures"), args.dir.join("gt"));
    for d in [&home, &ws, &captures, &gt] {
        std::fs::create_dir_all(d).map_err(|e| e.to_string())?;
    }
    let git = Command::new(system_program("git"))
        .args(["init", "-q"])
        .current_dir(&ws)
        .env_clear()
        .env("PATH", SYSTEM_PATH)
        .env("HOME", &home)
        .status();
    if !git.is_ok_and(|s| s.success()) {
        return Err("git init failed".into());
    }
    write_gt(&gt, &args.dir.join("gt.log"))?;
    Ok(format!("{} conformance-probe --out {} --hal {}", exe.display(), captures.display(), args.hal.display()))
}

/// Starts the runtime one-shot with a cleared environment, as `hal launch` says
/// ([`crate::launching`]), and waits for it at most its timeout; its exit status, `None`
/// when it was killed. What the start was is recorded in `start.json`.
fn start(spec: &Target, ctx: &Ctx, args: &RunArgs, path: &str, prompt: &str) -> Result<Option<ExitStatus>, String> {
    let captured: Vec<(String, String)> = if args.mode == Mode::Nested {
        let v: Value = std::fs::read(args.dir.join("inherit.json"))
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok())
            .ok_or("inherit.json is missing")?;
        v.as_object()
            .map(|m| m.iter().filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_owned()))).collect())
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    let plan = crate::launching::launch_plan(&args.hal, spec, prompt, &launch_more(args), &captured, path)?;
    let (argv, plan_env) = crate::launching::compose(spec, &plan)?;
    let program = crate::launching::program(&argv[0], path)?;
    let record = crate::launching::record(&plan, &argv, &plan_env, args.resume.as_deref(), prompt, PROMPT_SHOWN);
    std::fs::write(args.dir.join("start.json"), serde_json::to_string_pretty(&record).unwrap_or_default())
        .map_err(|e| e.to_string())?;
    let mut env = crate::launching::inherited(&captured, &plan);
    env.extend(plan_env);
    env.extend((spec.env)(ctx));
    launch(&program, &argv[1..], env, args, path)
}

/// The interactive start `hal launch` gives (no prompt, the runtime's default autonomy),
/// run under `script` (a pty) until the ready prompt `hal launch` names appears in its
/// output or the run's timeout; what was seen.
fn start_pty(spec: &Target, ctx: &Ctx, args: &RunArgs, path: &str) -> Result<Value, String> {
    let out = Command::new(&args.hal)
        .args(["launch", "--json", "--provider", spec.id(), "--runtime-version", spec.version()])
        .env_clear()
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("hal launch: {e}"))?;
    let plan: Value = serde_json::from_slice(&out.stdout).map_err(|e| format!("hal launch: {e}"))?;
    let ready = plan["ready_prompt"].as_str().ok_or("hal launch names no ready prompt")?.to_owned();
    let (argv, plan_env) = crate::launching::compose(spec, &plan)?;
    let program = crate::launching::program(&argv[0], path)?;
    let line = std::iter::once(program.display().to_string())
        .chain(argv[1..].iter().cloned())
        .map(|a| hal_caps::launch::shell_quote(&a))
        .collect::<Vec<_>>()
        .join(" ");
    let mut env = plan_env;
    env.extend((spec.env)(ctx));
    let started = Instant::now();
    let log = args.dir.join("pty.log");
    let mut child = sandbox::jailed(Path::new("/usr/bin/script"), args.weaken)
        .args(["-qfec", &format!("stty cols 120 rows 40; exec {line}"), &log.display().to_string()])
        .env_clear()
        .env("PATH", path)
        .env("HOME", &ctx.home)
        .env("TERM", "xterm-256color")
        .envs(env)
        .current_dir(&ctx.ws)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .map_err(|e| format!("script: {e}"))?;
    let limit = Duration::from_secs(args.timeout.min(60));
    let mut seen = false;
    while started.elapsed() < limit {
        std::thread::sleep(Duration::from_millis(250));
        let text = std::fs::read(&log).map(|b| shown_text(&String::from_utf8_lossy(&b))).unwrap_or_default();
        if text.contains(&ready) {
            seen = true;
            break;
        }
        if child.try_wait().ok().flatten().is_some() {
            break;
        }
    }
    kill_group(child.id());
    let _ = child.wait();
    Ok(
        json!({"ready_prompt": ready, "seen": seen, "seconds": started.elapsed().as_secs_f64(), "command_line": plan["command_line"]}),
    )
}

/// A terminal's output as a multiplexer's pane shows it: escape sequences (CSI, OSC)
/// dropped, a no-break space shown as a space (Claude Code writes `❯` U+00A0).
fn shown_text(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => match chars.next() {
                Some('[') => {
                    for n in chars.by_ref() {
                        if ('@'..='~').contains(&n) {
                            break;
                        }
                    }
                }
                Some(']') => {
                    while let Some(n) = chars.next() {
                        if n == '\u{7}' || (n == '\u{1b}' && chars.next_if_eq(&'\\').is_some()) {
                            break;
                        }
                    }
                }
                _ => {}
            },
            '\u{a0}' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The prompt of a resume run: the first run's prompt must reach the stub again, in
/// the resumed session's history.
/// The dash check's prompt: it starts like the option that ran a hook's command in real
/// Claude Code (hostile-findings R2) and holds the switch every runtime has.
pub(crate) const DASH_PROMPT: &str = "--settings={\"hooks\":{}} --version is the user's text: answer it, then stop.";
pub(crate) const RESUME_PROMPT: &str = "Continue: run the conformance probe once more, then stop.";

/// How a start record shows the prompt.
pub(crate) const PROMPT_SHOWN: &str = "<prompt>";

/// Starts `program` as every runtime starts (in the sandbox, as the unprivileged user,
/// with a cleared environment: `PATH`, `HOME`, `TERM` and `env`, in the workspace, stdin
/// closed, output to the run's files) and waits for it at most the run's timeout; its
/// exit status, `None` when it was killed.
pub(crate) fn launch(
    program: &Path,
    program_args: &[String],
    env: Vec<(String, String)>,
    args: &RunArgs,
    path: &str,
) -> Result<Option<ExitStatus>, String> {
    let program = which(program, path);
    let mut child = sandbox::jailed(&program, args.weaken)
        .args(program_args)
        .env_clear()
        .env("PATH", path)
        .env("HOME", args.dir.join("home"))
        .env("TERM", "dumb")
        .envs(env)
        .current_dir(args.dir.join("ws"))
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(args.dir.join("stdout")).map_err(|e| e.to_string())?)
        .stderr(std::fs::File::create(args.dir.join("stderr")).map_err(|e| e.to_string())?)
        .process_group(0)
        .spawn()
        .map_err(|e| format!("could not start {}: {e}", program.display()))?;
    let limit = Duration::from_secs(args.timeout);
    wait_or_kill(&mut child, limit, Duration::from_millis(50), |c| kill_group(c.id())).map_err(|e| e.to_string())
}

/// The stand-in `gt`: records its arguments, prints the marker line.
fn write_gt(dir: &Path, log: &Path) -> Result<(), String> {
    write_gt_doing(dir, log, "")
}

/// The stand-in `gt`, running `also` (shell) after recording its arguments.
fn write_gt_doing(dir: &Path, log: &Path, also: &str) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let script = format!("#!/bin/sh\necho \"$*\" >> '{}'\n{also}echo \"{MARKER} gt $*\"\n", log.display());
    let file = dir.join("gt");
    std::fs::write(&file, script).map_err(|e| e.to_string())?;
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o755)).map_err(|e| e.to_string())
}

/// The session id the worker check gives its worker up front (`hal launch --session-id`).
pub(crate) const WORKER_SESSION: &str = "4a4c0e44-5e55-4d1d-9a11-0c0ffee00044";

/// The context of the probe records the worker's session-start command leaves.
pub(crate) const WORKER_CONTEXT: &str = "gt-prime";

/// What the worker's session-start command appends its `hal session-id` answer to.
pub(crate) const WORKER_IDS: &str = "session-ids.log";

/// The hook file's merge, as a worker run records it (`merge.json`).
pub(crate) const WORKER_MERGE: &str = "merge.json";

/// `hal launch`'s options of a run beside its prompt: the session to resume; a worker's
/// role and its session id (given up front, then resumed).
pub(crate) fn launch_more(args: &RunArgs) -> Vec<String> {
    let role = ["--role".to_owned(), "polecat".to_owned()];
    match (args.mode, &args.resume) {
        (Mode::Worker, None) => [&role[..], &[format!("--session-id={WORKER_SESSION}")]].concat(),
        (Mode::Worker, Some(id)) => [&role[..], &[format!("--resume={id}")]].concat(),
        (_, Some(id)) => vec![format!("--resume={id}")],
        (_, None) => Vec::new(),
    }
}

/// A worker's start (issue 44): merges the hook fragment of `hal launch --role polecat`'s
/// startup plan into the hook file it names as a mayor does (`hal_caps::fragment`, so a
/// second merge is a no-op), records how many copies of each hook command the file then
/// holds, and makes the stand-in `gt` of the session-start command ask hal inside the
/// runtime: the probe (`hal hook`, `hal session-id --hook`) and `hal session-id`.
fn configure_worker(spec: &Target, ctx: &Ctx, args: &RunArgs, path: &str) -> Result<(), String> {
    let plan = crate::launching::launch_plan(&args.hal, spec, PROMPT, &launch_more(args), &[], path)?;
    let startup = &plan["startup"];
    let file = startup["hook_file"].as_str().ok_or("the worker's plan names no hook file")?;
    let fragment = startup.get("hook_fragment").filter(|f| f.is_object()).ok_or("the worker's plan has no fragment")?;
    let target = ctx.ws.join(file);
    merge_json(&target, fragment).map_err(|e| format!("{file}: {e}"))?;
    let held: Value = std::fs::read(&target).ok().and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or_default();
    let mut copies = serde_json::Map::new();
    for command in hook_commands(fragment) {
        let n = hook_commands(&held).iter().filter(|c| **c == command).count();
        copies.insert(command, json!(n));
    }
    let record = json!({"hook_file": file, "copies": copies});
    std::fs::write(args.dir.join(WORKER_MERGE), record.to_string()).map_err(|e| e.to_string())?;
    let also = format!(
        "if [ \"$1\" = prime ]; then {probe} hook {WORKER_CONTEXT}; {hal} session-id >> '{ids}' 2>/dev/null; fi\n",
        probe = ctx.probe,
        hal = args.hal.display(),
        ids = args.dir.join(WORKER_IDS).display(),
    );
    write_gt_doing(&args.dir.join("gt"), &args.dir.join("gt.log"), &also)
}

/// Every hook command of a Claude-shaped hooks object (`{hooks: {event: [{hooks:
/// [{command}]}]}}`), once per place it is written.
fn hook_commands(v: &Value) -> Vec<String> {
    let groups = v["hooks"].as_object().into_iter().flat_map(|m| m.values()).filter_map(Value::as_array).flatten();
    groups
        .filter_map(|g| g["hooks"].as_array())
        .flatten()
        .filter_map(|h| h["command"].as_str().map(str::to_owned))
        .collect()
}

pub(crate) fn configure_probe(spec: &Target, ctx: &Ctx) -> Result<(), String> {
    // A version without the hook system gets no hook file at all.
    if let Some(write) = spec.hooks.filter(|_| !ctx.events.is_empty()) {
        let pairs: Vec<(&str, String)> = ctx.events.iter().map(|e| (*e, ctx.hook_command(e))).collect();
        write(ctx, &pairs).map_err(|e| format!("hooks: {e}"))?;
    }
    if let Some(bridge) = spec.bridge.filter(|_| spec.hook_system().is_some()) {
        bridge(ctx).map_err(|e| format!("bridge: {e}"))?;
    }
    Ok(())
}

/// Configures the run as the startup plan (`plan.json` in the run dir, written by the
/// outside half from `hal startup --role polecat --json`) says; the prompt to start with.
fn configure_plan(spec: &Target, ctx: &Ctx, args: &RunArgs, path: &str) -> Result<String, String> {
    let plan: Value = std::fs::read(args.dir.join("plan.json"))
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .ok_or("plan.json is missing")?;
    let commands: Vec<&str> =
        plan["commands"].as_array().map(|c| c.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
    let command = commands.join(" && ");
    match plan["strategy"].as_str() {
        Some("hook_injection") => {
            let file = plan["hook_file"].as_str().ok_or("a hook_injection plan without hook_file")?;
            let target = ctx.ws.join(file);
            if let Some(fragment) = plan.get("hook_fragment").filter(|f| !f.is_null()) {
                merge_json(&target, fragment).map_err(|e| format!("{file}: {e}"))?;
            } else if let Some(content) = plan["hook_content"].as_str() {
                // hal's answer alone primes it: the plugin's content is the plan's.
                crate::runtimes::write_file(&target, content).map_err(|e| format!("{file}: {e}"))?;
            } else {
                let plugin = spec.plan_plugin.ok_or_else(|| format!("{}: no plugin of the plan's kind", spec.id()))?;
                plugin(&target, &command).map_err(|e| format!("{file}: {e}"))?;
            }
            Ok(PROMPT.to_owned())
        }
        Some("startup_fallback") => {
            // Evidence for the row: does a native SessionStart hook's output reach the model?
            if let Some(write) = spec.hooks.filter(|_| ctx.events.contains(&"SessionStart")) {
                write(ctx, &[("SessionStart", format!("gt {SESSION_HOOK_ARGS}"))])
                    .map_err(|e| format!("hooks: {e}"))?;
            }
            // The launcher runs the plan's commands (as the runtime would: sandboxed, in the
            // run's files, handed over first), then starts the runtime with their
            // output and the nudge as its first prompt.
            sandbox::hand_over(&args.dir, args.weaken)?;
            let out = sandbox::jailed(Path::new("/bin/sh"), args.weaken)
                .arg("-c")
                .arg(&command)
                .env_clear()
                .env("PATH", path)
                .env("HOME", &ctx.home)
                .current_dir(&ctx.ws)
                .stdin(Stdio::null())
                .output()
                .map_err(|e| format!("plan commands: {e}"))?;
            let nudge = plan["startup_nudge"]["text"].as_str().unwrap_or_default();
            Ok(format!("{}\n{nudge}\n{PROMPT}", String::from_utf8_lossy(&out.stdout).trim_end()))
        }
        other => Err(format!("{}: plan strategy {other:?} is not one the harness can run", spec.id())),
    }
}

/// The work item the mayor hands its polecat.
pub(crate) const WORK_ITEM: &str = "work item 44: run the conformance probe once, then stop";

/// The inside half's start of a mayor run ([`crate::mayor`]): `bash mayor.sh PROVIDER WORKSPACE WORK_ITEM`
/// as a runtime is started (sandboxed, as the unprivileged user, a cleared environment),
/// with the spec's variables, `HAL_BIN` and `MAYOR_AUTONOMY=full`.
fn start_mayor(
    spec: &Target,
    ctx: &crate::runtimes::Ctx,
    args: &RunArgs,
    path: &str,
) -> Result<Option<std::process::ExitStatus>, String> {
    let script = args.dir.join("mayor.sh");
    let argv = [script.display().to_string(), spec.id().to_owned(), ctx.ws.display().to_string(), WORK_ITEM.to_owned()];
    let mut env = (spec.env)(ctx);
    env.extend([
        ("HAL_BIN".to_owned(), args.hal.display().to_string()),
        ("MAYOR_AUTONOMY".to_owned(), "full".to_owned()),
    ]);
    launch(Path::new("/bin/bash"), &argv, env, args, path)
}

#[cfg(test)]
mod pty_tests {
    /// The two ready prompts as the pty runs wrote them (Claude Code, Codex).
    #[test]
    fn escapes_and_no_break_spaces_are_shown_as_a_pane_shows_them() {
        assert!(super::shown_text("x\u{276f}\u{a0}\u{1b}[7m \r\u{1b}[1B").contains("\u{276f} "));
        assert!(super::shown_text("\u{1b}[38;1H\u{1b}[1m\u{203a}\u{1b}[22m \u{1b}[2mAsk").contains("\u{203a} Ask"));
        assert!(!super::shown_text("\u{276f}\u{1b}[7m").contains("\u{276f} "));
        assert_eq!(super::shown_text("\u{1b}]0;ws\u{7}a"), "a");
    }
}
