//! The suite's orchestration: options, the live run of every selected runtime (install,
//! probe run, plan run, replay, checks, report), the fault run's verdict and the checks
//! over the checked-in fixtures.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::Instant;

use serde_json::{Value, json};

use crate::capture::Placeholders;
use crate::doc::Doc;
use crate::matrix::{self, Target, Which};
use crate::run::{Mode, RunArgs};
use crate::runtimes::Spec;
use crate::runtimes::list::RUNTIMES;

use crate::util::work_root;
use crate::util::{cargo, root, run_step, target_dir};
use crate::{capture, checks, install, replaying, report, run};

/// Where the checked-in captures live.
pub(crate) fn fixtures_dir() -> PathBuf {
    root().join("hal-conformance/fixtures")
}

// `cargo xtask conformance`'s flags; its `--help` is this parser's.
/// hal checked inside the real runtimes, offline: install, probe run, plan run, replay,
/// checks, report (target/conformance/).
#[derive(Debug, Default, clap::Parser)]
#[command(name = "cargo xtask conformance", bin_name = "cargo xtask conformance", disable_version_flag = true)]
struct Options {
    /// Run this runtime only, `ID` (its versions of the default run) or `ID@VERSION`
    /// (repeatable; default: every runtime not left out).
    #[arg(long = "runtime", value_name = "ID[@VERSION]")]
    runtimes: Vec<String>,
    /// The newest version of every runtime only (no older versions).
    #[arg(long, conflicts_with_all = ["all_versions", "runtimes"])]
    newest_only: bool,
    /// The whole version matrix (every older version, not only the default run's).
    #[arg(long, conflicts_with = "runtimes")]
    all_versions: bool,
    /// Run what the cache holds, say what was skipped (no install).
    #[arg(long)]
    offline: bool,
    /// Runtimes run at once.
    #[arg(long, value_name = "N", default_value_t = 2)]
    jobs: usize,
    /// The fault: the model never answers; passes when every runtime was killed at its
    /// timeout, reported failed, and no process is left.
    #[arg(long = "stub-hang")]
    hang: bool,
    /// Seconds a runtime's run may take before it is killed.
    #[arg(long, value_name = "S")]
    timeout: Option<u64>,
    /// Write the captures into hal-conformance/fixtures/ and CONFORMANCE.md.
    #[arg(long)]
    write_fixtures: bool,
    /// Replay the checked-in fixtures through the checks instead of a live run.
    #[arg(long)]
    fixtures: bool,
    /// With --fixtures: regenerate CONFORMANCE.md from them.
    #[arg(long)]
    write: bool,
    /// The suite as a sandbox: a stand-in launched as a runtime tries every way out.
    #[arg(long)]
    sandbox_test: bool,
    /// The guide's mayor (examples/mayor/mayor.sh) starts a polecat on each installed
    /// runtime (default: claude, codex, opencode, pi; or each --runtime ID) against the
    /// model stub: the worker must start, get its startup context and answer.
    #[arg(long)]
    mayor: bool,
    /// With --runtime: remake the runtime's lock (the exact packages it installs).
    #[arg(long)]
    lock: bool,
    /// The interactive start `hal launch` gives, under a pty (`script`), for the runtimes
    /// whose ready prompt hal names: the prompt must appear (a manual check).
    #[arg(long)]
    pty: bool,
}

/// The options, or `Ok(None)` when `--help` was printed.
fn parse(args: &[String]) -> Result<Option<Options>, String> {
    use clap::Parser as _;
    let o = match Options::try_parse_from(
        std::iter::once("cargo xtask conformance").chain(args.iter().map(String::as_str)),
    ) {
        Ok(o) => o,
        Err(e) if !e.use_stderr() => {
            print!("{}", e.render());
            return Ok(None);
        }
        Err(e) => return Err(e.render().to_string().trim_end().to_owned()),
    };
    matrix::select(&o.runtimes, o.which())?;
    Ok(Some(o))
}

impl Options {
    /// `--newest-only`, `--all-versions`, else the default matrix.
    fn which(&self) -> Which {
        match (self.newest_only, self.all_versions) {
            (true, _) => Which::NewestOnly,
            (_, true) => Which::AllVersions,
            _ => Which::Default,
        }
    }
}

/// `cargo xtask conformance ...`
pub(crate) fn conformance(args: &[String]) -> Result<(), String> {
    let Some(o) = parse(args)? else { return Ok(()) };
    if o.fixtures {
        return fixtures(o.write);
    }
    if o.sandbox_test {
        return crate::escape::sandbox_test();
    }
    if o.lock {
        return lock(&o.runtimes);
    }
    if o.pty {
        return pty(&o);
    }
    if o.mayor {
        return crate::mayor::step(&build_hal()?, &o.runtimes, o.offline, o.timeout);
    }
    let wall = Instant::now();
    let hal = build_hal()?;
    for t in matrix::all().iter().filter(|t| o.runtimes.is_empty() && t.open().is_some()) {
        eprintln!(
            "  {:<10} left out of the run (`--runtime {}` runs it): {}",
            t.key(),
            t.key(),
            t.open().unwrap_or("")
        );
    }
    let selected = matrix::select(&o.runtimes, o.which())?;
    let work = work_root().join("work");
    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    let (installs, skipped) = install_all(&selected, o.offline)?;
    let to_run: Vec<Target> = selected.into_iter().filter(|s| !skipped.contains(&s.key())).collect();
    let docs = run_all(&to_run, &hal, &work, &o);
    if o.write_fixtures {
        write_fixtures(&docs)?;
    }
    let replay_root = work.join("replay");
    let mut entries = Vec::new();
    for (key, doc) in &docs {
        let spec = &matrix::target(key).ok_or("spec vanished")?;
        let install_seconds = installs.iter().find(|(i, _)| i == key).map_or(0.0, |(_, s)| *s);
        entries.push(match doc.as_ref().map_err(String::clone).and_then(|d| Doc::parse(d.clone())) {
            Ok(doc) => {
                let replays = replaying::replay(&doc, &hal, &replay_root.join(key))?;
                report::entry(spec, &doc, &checks::checks(spec, &doc, &replays), install_seconds)
            }
            Err(e) => report::failed_entry(spec, &e, install_seconds),
        });
    }
    let skipped: Vec<&str> = skipped.iter().map(String::as_str).collect();
    let report = report::report(&entries, Some(wall.elapsed().as_secs_f64()), &skipped);
    write_report(&report, &o)?;
    if o.hang {
        return hang_verdict(&report, &work, &to_run, &o);
    }
    if !skipped.is_empty() {
        eprintln!("    skipped (not in the cache, --offline): {}", skipped.join(", "));
    }
    if report::all_ok(&report) { Ok(()) } else { Err("conformance: some checks failed (see above)".into()) }
}

/// `--pty [--runtime ID...]`: the ready-prompt check, a manual step (a terminal
/// interface's first screen depends on onboarding state the suite seeds by hand): each
/// runtime whose spec seeds its interactive start and whose launch facts name a ready
/// prompt is started as `hal launch` says (interactive) under a pty until the prompt
/// appears.
fn pty(o: &Options) -> Result<(), String> {
    let hal = build_hal()?;
    let work = work_root().join("work");
    let named = |s: &Target| o.runtimes.is_empty() || o.runtimes.iter().any(|r| r == s.id());
    let mut failed = Vec::new();
    let newest = matrix::all().into_iter().filter(|t| t.older.is_none() && t.pty_setup.is_some() && named(t));
    for spec in newest {
        let spec = &spec;
        install::ensure_runtime(spec, o.offline)?;
        let args = RunArgs::newest(spec, Mode::Pty, work.join(spec.id()).join("pty"), &hal, o.timeout.unwrap_or(45));
        let outcome = run::run_isolated(&args, None)?;
        let seen: Value = crate::util::run_json(&args.dir, "pty.json").unwrap_or(Value::Null);
        let ok = seen["seen"] == true;
        eprintln!(
            "    {:<10} {} ready prompt {} under a pty ({:.1}s): {}",
            spec.id(),
            if ok { "ok  " } else { "FAIL" },
            seen["ready_prompt"],
            outcome.seconds,
            seen["command_line"]
        );
        if !ok {
            failed.push(spec.id());
        }
    }
    if failed.is_empty() { Ok(()) } else { Err(format!("pty: no ready prompt from {}", failed.join(", "))) }
}

/// `--runtime ID... --lock`: remakes the lock of each named PyPI runtime from a clean venv.
fn lock(ids: &[String]) -> Result<(), String> {
    if ids.is_empty() {
        return Err("--lock needs --runtime ID".into());
    }
    for spec in ids.iter().filter_map(|id| matrix::target(id)) {
        let Some(hal_caps::registry::Package::PyPi(package)) = spec.install() else {
            return Err(format!("{}: --lock makes PyPI locks; the registry names no PyPI package", spec.id()));
        };
        let path = crate::venv::make_lock(spec.id(), package, spec.version())?;
        eprintln!("    {}: wrote {}", spec.id(), path.display());
    }
    Ok(())
}

/// Each target's install seconds (0: it was cached), by its key.
type Installs = Vec<(String, f64)>;

/// Installs what the cache lacks: each runtime's install seconds, and (`offline`) the
/// runtimes skipped.
fn install_all(selected: &[Target], offline: bool) -> Result<(Installs, Vec<String>), String> {
    // PyPI's installs (each its own venv) and npm's (each its own prefix; Node 22 and Bun
    // are npm's) share nothing: the two queues run at once, each in order.
    let pypi = |t: &&Target| matches!(t.install(), Some(hal_caps::registry::Package::PyPi(_)));
    let (venvs, npm): (Vec<&Target>, Vec<&Target>) = selected.iter().partition(pypi);
    let (npm, venvs) = std::thread::scope(|scope| {
        let venvs = scope.spawn(|| install_each(&venvs, offline));
        let npm = install_each(&npm, offline);
        (npm, venvs.join().unwrap_or_else(|_| Err("the PyPI installs stopped".into())))
    });
    let (mut installs, mut skipped) = npm?;
    let (more, also) = venvs?;
    installs.extend(more);
    skipped.extend(also);
    Ok((installs, skipped))
}

/// Installs `targets` one after another (see [`install_all`]).
fn install_each(targets: &[&Target], offline: bool) -> Result<(Installs, Vec<String>), String> {
    let mut installs = Vec::new();
    let mut skipped = Vec::new();
    for spec in targets {
        match install::ensure_runtime(spec, offline) {
            Ok(s) => installs.push((spec.key(), s)),
            Err(e) if offline => {
                eprintln!("    skipped {}: {e}", spec.key());
                skipped.push(spec.key());
            }
            Err(e) => return Err(format!("install failed for {}: {e}", spec.key())),
        }
    }
    Ok((installs, skipped))
}

/// Runs every runtime of `to_run` on `o.jobs` workers; their capture documents, in the
/// table's order.
fn run_all(to_run: &[Target], hal: &Path, work: &Path, o: &Options) -> Vec<(String, Result<Value, String>)> {
    let queue = Mutex::new(to_run.to_vec());
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..o.jobs.max(1) {
            scope.spawn(|| {
                let next = || queue.lock().ok().and_then(|mut q| if q.is_empty() { None } else { Some(q.remove(0)) });
                while let Some(spec) = next() {
                    let doc = run_runtime(&spec, hal, work, o);
                    if let Ok(mut r) = results.lock() {
                        r.push(doc);
                    }
                }
            });
        }
    });
    let mut docs: Vec<(String, Result<Value, String>)> = results.into_inner().unwrap_or_default();
    let order = matrix::all();
    docs.sort_by_key(|(key, _)| order.iter().position(|t| t.key() == *key));
    docs
}

/// The capture documents of a run as the fixtures.
fn write_fixtures(docs: &[(String, Result<Value, String>)]) -> Result<(), String> {
    for (id, doc) in docs {
        if let Ok(doc) = doc {
            let dir = fixtures_dir();
            std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
            let text = serde_json::to_string_pretty(doc).unwrap_or_default() + "\n";
            std::fs::write(dir.join(format!("{id}.json")), text).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

/// `report.json` (`report-hang.json` for the fault run) and `CONFORMANCE.md` under the
/// work root, the summary on stderr; the checked-in CONFORMANCE.md with the fixtures.
fn write_report(report: &Value, o: &Options) -> Result<(), String> {
    let path = work_root().join(if o.hang { "report-hang.json" } else { "report.json" });
    std::fs::write(&path, serde_json::to_string_pretty(report).unwrap_or_default() + "\n")
        .map_err(|e| e.to_string())?;
    eprintln!("    wrote {}", path.display());
    let md = report::markdown(report);
    std::fs::write(work_root().join("CONFORMANCE.md"), &md).map_err(|e| e.to_string())?;
    // The checked-in CONFORMANCE.md follows the checked-in fixtures: both are written
    // together, from one run of every runtime.
    if o.write_fixtures && o.runtimes.is_empty() && !o.hang {
        std::fs::write(root().join("CONFORMANCE.md"), &md).map_err(|e| e.to_string())?;
        eprintln!("    wrote CONFORMANCE.md and the fixtures");
    }
    eprintln!("{}", report::summary(report));
    Ok(())
}

/// The fault run's verdict: every runtime whose model never answers was killed at its
/// timeout and reported failed, and nothing of any run is left running.
fn hang_verdict(report: &Value, work: &Path, ran: &[Target], o: &Options) -> Result<(), String> {
    let mut problems = Vec::new();
    for rt in report["runtimes"].as_array().into_iter().flatten() {
        let id = rt["id"].as_str().unwrap_or_default();
        let limit = ran.iter().find(|s| s.id() == id).map_or(0, |s| o.timeout.unwrap_or(s.timeout_secs));
        let limit = f64::from(u32::try_from(limit).unwrap_or(u32::MAX)) + 25.0;
        if rt["ran"] == true || report::all_ok(&json!({"runtimes": [rt]})) {
            problems.push(format!("{id}: a hung runtime was not reported failed"));
        }
        if rt["seconds"].as_f64().unwrap_or(f64::MAX) > limit {
            problems.push(format!("{id}: killed after {}s, beyond its timeout", rt["seconds"]));
        }
    }
    let left = leftovers(work);
    if !left.is_empty() {
        problems.push(format!("processes left behind: {left:?}"));
    }
    if problems.is_empty() {
        eprintln!("    hang fault: every runtime was killed at its timeout and reported failed; nothing left running");
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// Builds the release hal; its path.
fn build_hal() -> Result<PathBuf, String> {
    let mut build = cargo();
    build.args(["build", "-q", "--release", "-p", "hal-cli"]);
    run_step("release build of hal", build)?;
    Ok(target_dir().join("release/hal"))
}

/// Both runs of one runtime; its capture document.
fn run_runtime(spec: &Target, hal: &Path, work: &Path, o: &Options) -> (String, Result<Value, String>) {
    let key = spec.key();
    let go = || -> Result<Value, String> {
        let base = RunArgs {
            id: key.clone(),
            mode: Mode::Probe,
            dir: work.join(&key).join("probe"),
            hal: hal.to_path_buf(),
            prefix: install::runtime_prefix(spec),
            node22: install::node22_bin(),
            bun: install::bun_bin(),
            timeout: o.timeout.unwrap_or(spec.timeout_secs),
            hang: o.hang,
            weaken: None,
            resume: None,
        };
        eprintln!("==> {} {}: probe run", spec.id(), spec.version());
        let probe = run::run_isolated(&base, None)?;
        eprintln!("    {} probe run: {:.1}s{}", spec.id(), probe.seconds, if probe.killed { " (killed)" } else { "" });
        // An older version's plan is hal's answer for that version.
        let version = spec.older.map(|o| o.version);
        let plan_json = if o.hang { None } else { Some(crate::util::plan_of(hal, spec.id(), version)) };
        let plan_error = match &plan_json {
            Some(Err(e)) => Some(e.clone()),
            _ => None,
        };
        let plan = if let Some(Ok(plan_json)) = plan_json {
            let args = RunArgs { mode: Mode::Plan, dir: work.join(&key).join("plan"), ..base.clone() };
            std::fs::create_dir_all(&args.dir).map_err(|e| e.to_string())?;
            eprintln!("==> {} {}: plan run ({})", spec.id(), spec.version(), plan_json["strategy"]);
            let outcome = run::run_isolated(&args, Some(&plan_json))?;
            eprintln!("    {} plan run: {:.1}s", spec.id(), outcome.seconds);
            Some((args.dir, outcome, plan_json))
        } else {
            None
        };
        let ph = placeholders(&base, hal);
        // Resume and the nested start are checked at the newest version.
        let newest = spec.resume && !o.hang && spec.older.is_none();
        let resume = if newest { Some(resume_run(spec, &base, work)) } else { None };
        let nested = if newest { Some(nested_run(spec, &base, work)) } else { None };
        let dash = if !o.hang && spec.older.is_none() { Some(dash_run(spec, &base, work)) } else { None };
        let worker =
            if !o.hang && crate::launching::runs_worker(spec) { Some(worker_run(spec, &base, work)) } else { None };
        let mut doc = capture::collect(
            spec.id(),
            spec.version(),
            (&base.dir, &probe),
            plan.as_ref().map(|(d, oc, pj)| (d.as_path(), oc, pj)),
            &ph,
        );
        if let Some(e) = plan_error {
            doc["plan_error"] = Value::String(e);
        }
        if let Some(r) = resume {
            doc["resume"] = ph.apply_json(&r.unwrap_or_else(|e| json!({"error": e})));
        }
        if let Some(n) = nested {
            doc["nested"] = ph.apply_json(&n.unwrap_or_else(|e| json!({"error": e})));
        }
        if let Some(d) = dash {
            doc["dash"] = ph.apply_json(&d.unwrap_or_else(|e| json!({"error": e})));
        }
        if let Some(w) = worker {
            doc["worker"] = ph.apply_json(&w.unwrap_or_else(|e| json!({"error": e})));
        }
        Ok(doc)
    };
    (key.clone(), go())
}

/// The session id hal reported in a run's hooks (`hal hook --json`) or its tool (`hal
/// session-id --json`, from a session variable), the first found.
fn reported_session(dir: &Path) -> Option<String> {
    let doc = capture::collect("", "", (dir, &run::Outcome::none()), None, &Placeholders::default());
    doc["captures"].as_array()?.iter().find_map(|c| {
        let id = c["hal"]["hook"]["session_id"]
            .as_str()
            .or_else(|| c["hal"]["session_id_hook"]["session_id"].as_str())
            .or_else(|| c["hal"]["session_id"]["session_id"].as_str());
        id.filter(|s| !s.is_empty()).map(str::to_owned)
    })
}

/// The resume check's run: the probe run's HOME and workspace copied, the runtime
/// started with `hal launch --resume <the session id hal reported in the probe run's
/// hooks>`; whether the stub saw the probe run's prompt again (its history).
fn resume_run(spec: &Target, base: &RunArgs, work: &Path) -> Result<Value, String> {
    let id = reported_session(&base.dir)
        .or_else(|| spec.own_session.and_then(|own| own(&base.dir.join("home"))))
        .ok_or("the probe run's hooks and tool reported no session id to resume")?;
    let dir = work.join(spec.id()).join("resume");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    for sub in ["home", "ws"] {
        let ok = Command::new(crate::util::system_program("cp"))
            .arg("-a")
            .arg(base.dir.join(sub))
            .arg(&dir)
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            return Err(format!("could not copy the probe run's {sub}"));
        }
    }
    let args = RunArgs { mode: Mode::Resume, dir: dir.clone(), resume: Some(id.clone()), ..base.clone() };
    eprintln!("==> {} {}: resume run ({id})", spec.id(), spec.version());
    let outcome = run::run_isolated(&args, None)?;
    eprintln!("    {} resume run: {:.1}s", spec.id(), outcome.seconds);
    let requests: Value = crate::util::run_json(&dir, "requests.json").unwrap_or(json!([]));
    let bodies: Vec<String> =
        requests.as_array().map(|r| r.iter().map(|q| q["body"].to_string()).collect()).unwrap_or_default();
    let start: Value = crate::util::run_json(&dir, "start.json").unwrap_or(Value::Null);
    Ok(json!({
        "session_id": id,
        "exit": outcome.run.get("exit").cloned().unwrap_or(Value::Null),
        "timed_out": outcome.killed || outcome.run.get("timed_out").and_then(Value::as_bool).unwrap_or(true),
        "requests": bodies.len(),
        "saw_first_prompt": bodies.iter().any(|b| b.contains(crate::probe::PROMPT)),
        "saw_resume_prompt": bodies.iter().any(|b| b.contains(run::RESUME_PROMPT)),
        "start": start,
    }))
}

/// The dash check's run (hostile-findings R2): `spec` started one-shot with a prompt
/// that starts with `-`, as `hal launch` places it (after `--`, or as `--flag=value`);
/// whether a request to the stub carried it. Where hal refuses the prompt, its usage
/// error and no run.
fn dash_run(spec: &Target, base: &RunArgs, work: &Path) -> Result<Value, String> {
    if let Err(e) = crate::launching::launch_plan(&base.hal, spec, run::DASH_PROMPT, &[], &[], "") {
        return Ok(json!({"refused": e}));
    }
    let args = RunArgs { mode: Mode::Dash, dir: work.join(spec.id()).join("dash"), ..base.clone() };
    let _ = std::fs::remove_dir_all(&args.dir);
    std::fs::create_dir_all(&args.dir).map_err(|e| e.to_string())?;
    eprintln!("==> {} {}: dash run", spec.id(), spec.version());
    let outcome = run::run_isolated(&args, None)?;
    eprintln!("    {} dash run: {:.1}s", spec.id(), outcome.seconds);
    let requests: Value = crate::util::run_json(&args.dir, "requests.json").unwrap_or(json!([]));
    // The stub's request bodies are JSON: the prompt's quotes are escaped there.
    let escaped = serde_json::to_string(run::DASH_PROMPT).unwrap_or_default();
    let escaped = escaped.trim_matches('"');
    let saw = requests.as_array().is_some_and(|r| r.iter().any(|q| q["body"].to_string().contains(escaped)));
    let start: Value = crate::util::run_json(&args.dir, "start.json").unwrap_or(Value::Null);
    Ok(json!({
        "exit": outcome.run.get("exit").cloned().unwrap_or(Value::Null),
        "saw_prompt": saw,
        "start": start,
    }))
}

/// The worker check's runs (issue 44): a worker started from `hal launch --role polecat
/// --session-id <id>`, then resumed twice (`--resume <id>`), in one HOME and workspace,
/// the plan's fragment merged into its hook file before each start
/// ([`run::Mode::Worker`]); per start, the copies of each hook the file held, how often
/// the session-start command ran, and the session ids hal reported inside it.
fn worker_run(spec: &Target, base: &RunArgs, work: &Path) -> Result<Value, String> {
    let dir = work.join(spec.id()).join("worker");
    let mut rounds = Vec::new();
    let mut seen_captures = std::collections::BTreeSet::new();
    let (mut starts_before, mut ids_before) = (0, 0);
    for round in 0..crate::launching::WORKER_STARTS {
        let resume = (round > 0).then(|| run::WORKER_SESSION.to_owned());
        // What a start records is its own: nothing of the start before it.
        for stale in ["start.json", run::WORKER_MERGE, "run.json"] {
            let _ = std::fs::remove_file(dir.join(stale));
        }
        let args = RunArgs { mode: Mode::Worker, dir: dir.clone(), resume, ..base.clone() };
        eprintln!("==> {} {}: worker run {}", spec.id(), spec.version(), round + 1);
        let outcome = run::run_isolated(&args, None)?;
        eprintln!("    {} worker run {}: {:.1}s", spec.id(), round + 1, outcome.seconds);
        let start: Value = crate::util::run_json(&dir, "start.json").unwrap_or(Value::Null);
        let merge: Value = crate::util::run_json(&dir, run::WORKER_MERGE).unwrap_or(Value::Null);
        let log = std::fs::read_to_string(dir.join("gt.log")).unwrap_or_default();
        let starts = log.lines().filter(|l| l.starts_with("prime")).count();
        let mut reported: std::collections::BTreeMap<&str, Vec<String>> =
            ["hal hook", "hal session-id --hook"].map(|k| (k, Vec::new())).into();
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("captures"))
            .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
            .unwrap_or_default();
        files.sort();
        for file in files.into_iter().filter(|f| seen_captures.insert(f.clone())) {
            let Some(c) = std::fs::read(&file).ok().and_then(|b| serde_json::from_slice::<Value>(&b).ok()) else {
                continue;
            };
            // The session-start command's records (the shell tool's run the probe too).
            if c["context"] != format!("hook:{}", run::WORKER_CONTEXT).as_str() {
                continue;
            }
            let hal = &c["hal"];
            for (what, id) in [
                ("hal hook", &hal["hook"]["session_id"]),
                ("hal session-id --hook", &hal["session_id_hook"]["session_id"]),
            ] {
                reported.entry(what).or_default().push(id.as_str().unwrap_or("").to_owned());
            }
        }
        let ids = std::fs::read_to_string(dir.join(run::WORKER_IDS)).unwrap_or_default();
        let env_ids: Vec<String> = ids.lines().skip(ids_before).map(str::to_owned).collect();
        ids_before += env_ids.len();
        reported.insert("hal session-id", env_ids);
        rounds.push(json!({
            "argv": start["launch"]["argv"],
            "exit": outcome.run.get("exit").cloned().unwrap_or(Value::Null),
            "timed_out": outcome.killed || outcome.run.get("timed_out").and_then(Value::as_bool).unwrap_or(true),
            "hook_file": merge["hook_file"],
            "copies": merge["copies"],
            "session_starts": starts - starts_before,
            "reported": reported,
        }));
        starts_before = starts;
    }
    Ok(json!({"session_id": run::WORKER_SESSION, "rounds": rounds}))
}

/// The runtime whose captured tool environment a nested run of `spec` starts from:
/// Claude Code's, for Claude Code itself Codex's.
fn nest_in(spec: &Spec) -> Option<&'static Spec> {
    let other = RUNTIMES.iter().filter(|s| s.resume && s.id() != spec.id());
    other.clone().find(|s| s.row().markers.iter().any(|m| m.var == "CLAUDECODE")).or_else(|| other.clone().next())
}

/// The clear-list check's run: `spec` started from inside another runtime's captured
/// tool environment (its fixture's), with `hal launch`'s `env_unset` applied; what hal
/// said to clear and what the runtime's tool was detected as.
fn nested_run(spec: &Target, base: &RunArgs, work: &Path) -> Result<Value, String> {
    let from = nest_in(spec.spec).ok_or("no other runtime to nest in")?;
    let fixture: Value = std::fs::read(fixtures_dir().join(format!("{}.json", from.id())))
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .ok_or_else(|| format!("no fixture of {} to nest in", from.id()))?;
    let env = fixture["captures"]
        .as_array()
        .and_then(|c| c.iter().find(|c| c["context"] == "tool"))
        .map(|c| c["env"].clone())
        .ok_or_else(|| format!("{}'s fixture has no tool capture", from.id()))?;
    let args = RunArgs { mode: Mode::Nested, dir: work.join(spec.id()).join("nested"), ..base.clone() };
    eprintln!("==> {} {}: nested run (inside {}'s tool environment)", spec.id(), spec.version(), from.id());
    let outcome = run::run_isolated_with(&args, &[("inherit.json", &env.to_string())])?;
    eprintln!("    {} nested run: {:.1}s", spec.id(), outcome.seconds);
    let doc = capture::collect("", "", (&args.dir, &outcome), None, &Placeholders::default());
    let tool = doc["captures"].as_array().and_then(|c| c.iter().find(|c| c["context"] == "tool")).cloned();
    let start: Value = crate::util::run_json(&args.dir, "start.json").unwrap_or(Value::Null);
    let inherited: Vec<&str> = env.as_object().map(|m| m.keys().map(String::as_str).collect()).unwrap_or_default();
    Ok(json!({
        "from": from.id(),
        "inherited": inherited,
        "env_unset": start["env_unset"],
        "exit": outcome.run.get("exit").cloned().unwrap_or(Value::Null),
        "detected": tool.as_ref().map_or(Value::Null, |t| t["hal"]["detect"]["provider"].clone()),
        "tool_env": tool.as_ref().and_then(|t| t["env"].as_object().map(|m| m.keys().cloned().collect::<Vec<_>>())),
    }))
}

/// The machine paths of a run and their placeholders.
#[allow(clippy::disallowed_methods, reason = "the harness's own HOME must not leak into fixtures")]
fn placeholders(args: &RunArgs, hal: &Path) -> Placeholders {
    let mut ph = Placeholders::default();
    for mode in ["probe", "plan"] {
        let dir = args.dir.parent().unwrap_or(&args.dir).join(mode);
        ph.add(&dir.join("home"), "<home>");
        ph.add(&dir.join("ws"), "<ws>");
        ph.add(&dir, "<run>");
    }
    ph.add(&args.prefix, "<prefix>");
    ph.add(&args.node22, "<node22>");
    // The same paths as the runtime saw them, in its sandbox.
    let run = Path::new(crate::sandbox::RUN);
    ph.add(&run.join("home"), "<home>");
    ph.add(&run.join("ws"), "<ws>");
    ph.add(run, "<run>");
    ph.add(Path::new(crate::sandbox::PREFIX), "<prefix>");
    ph.add(&Path::new(crate::sandbox::NODE).join("bin"), "<node22>");
    ph.add(&Path::new(crate::sandbox::BUN).join("bin"), "<bun>");
    ph.add(&Path::new(crate::sandbox::BIN).join("hal"), "<hal>");
    ph.add(&Path::new(crate::sandbox::BIN).join("xtask"), "<xtask>");
    ph.add(&args.bun, "<bun>");
    ph.add(&install::cache_root(), "<cache>");
    ph.add(hal, "<hal>");
    if let Ok(exe) = std::env::current_exe() {
        ph.add(&exe, "<xtask>");
    }
    ph.add(&target_dir(), "<target>");
    ph.add(&root(), "<repo>");
    if let Some(home) = std::env::var_os("HOME") {
        ph.add(Path::new(&home), "<machine-home>");
    }
    ph
}

/// The checks over the checked-in fixtures; with `write`, CONFORMANCE.md regenerated from
/// them (timings kept), else compared with it.
pub(crate) fn fixtures(write: bool) -> Result<(), String> {
    // Built every time (a no-op when current): a `debug/hal` older than the sources
    // would check the fixtures against code that is gone.
    let hal = target_dir().join("debug/hal");
    let mut build = cargo();
    build.args(["build", "-q", "-p", "hal-cli"]);
    run_step("build hal", build)?;
    let report = fixture_report(&hal)?;
    let md = report::markdown(&report);
    let path = root().join("CONFORMANCE.md");
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    if write {
        std::fs::write(&path, &md).map_err(|e| e.to_string())?;
        eprintln!("    wrote CONFORMANCE.md from the fixtures");
        return Ok(());
    }
    if report::without_timings(&md) == report::without_timings(&current) {
        eprintln!("    CONFORMANCE.md in sync with the fixtures: ok");
        Ok(())
    } else {
        Err("CONFORMANCE.md is out of sync with the fixtures' checks: run `cargo xtask conformance --fixtures --write` \
             (or a live `cargo xtask conformance`)"
            .into())
    }
}

/// The report of the checked-in fixtures, replayed through `hal`.
pub(crate) fn fixture_report(hal: &Path) -> Result<Value, String> {
    let replay_root = work_root().join("fixture-replay");
    let mut entries = Vec::new();
    for spec in &matrix::all() {
        let file = fixtures_dir().join(format!("{}.json", spec.key()));
        // An older version's fixture is there once a live run of it was written.
        if spec.older.is_some() && !file.is_file() {
            continue;
        }
        let doc = std::fs::read(&file)
            .map_err(|e| e.to_string())
            .and_then(|b| serde_json::from_slice::<Value>(&b).map_err(|e| e.to_string()).and_then(Doc::parse));
        let Ok(doc) = doc else {
            entries.push(report::failed_entry(spec, "no fixture", 0.0));
            continue;
        };
        let replays = replaying::replay(&doc, hal, &replay_root.join(spec.key()))?;
        let checks = checks::checks(spec, &doc, &replays);
        entries.push(report::entry(spec, &doc, &checks, 0.0));
    }
    Ok(report::report(&entries, None, &[]))
}

/// Loads one fixture document.
#[cfg(test)]
pub(crate) fn load_fixture(id: &str) -> Option<Doc> {
    let bytes = std::fs::read(fixtures_dir().join(format!("{id}.json"))).ok()?;
    serde_json::from_slice::<Value>(&bytes).ok().and_then(|v| Doc::parse(v).ok())
}

/// Processes left behind by runs under `work`: pids whose cwd or command line names it,
/// or the run directory as the sandbox shows it to the runtime.
pub(crate) fn leftovers(work: &Path) -> Vec<u32> {
    let needles = [work.display().to_string(), crate::sandbox::RUN.to_owned()];
    let me = std::process::id();
    let mut pids = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|p| p.parse::<u32>().ok()) else { continue };
        if pid == me {
            continue;
        }
        let cwd = std::fs::read_link(entry.path().join("cwd")).map(|p| p.display().to_string()).unwrap_or_default();
        let cmd = String::from_utf8_lossy(&std::fs::read(entry.path().join("cmdline")).unwrap_or_default())
            .replace('\0', " ");
        if needles.iter().any(|n| cwd.starts_with(n.as_str()) || cmd.contains(n.as_str())) {
            pids.push(pid);
        }
    }
    pids
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::checks_with;
    use crate::probe;
    use crate::runtimes;
    use crate::runtimes::list::RUNTIMES;
    use hal_caps::registry::NativeEvent;
    use hal_caps::registry::Verified;
    use hal_caps::registry::dated::Span;
    use hal_caps::registry::runtimes::{claude::live as claude, codex::live as codex};

    fn fixture(id: &str) -> (Target, Doc) {
        let spec = matrix::target(id).unwrap();
        (spec, load_fixture(id).unwrap_or_else(|| panic!("no fixture for {id}")))
    }

    /// The checks generated from a verified record pass on the fixtures, and a record
    /// naming a variable or event the run did not show makes them fail.
    #[test]
    fn a_mutated_verified_fact_fails_on_the_fixtures() {
        let (spec, doc) = fixture("claude");
        let row = spec.row();
        let truth = row.verified.unwrap();
        let ok = checks_with(&spec, &doc, &[], Some(row), Some(&truth));
        let var_checks: Vec<_> = ok.iter().filter(|c| c.name.contains("environment sets")).collect();
        assert!(!var_checks.is_empty() && var_checks.iter().all(|c| c.ok), "{var_checks:#?}");
        assert!(ok.iter().filter(|c| c.name == "the hook fired").all(|c| c.ok));

        let lie = Verified { tool_vars: &["CLAUDECODE", "CLAUDE_NOT_A_VARIABLE"], ..truth };
        let got = checks_with(&spec, &doc, &[], Some(row), Some(&lie));
        let bad: Vec<_> = got.iter().filter(|c| !c.ok && c.name.contains("CLAUDE_NOT_A_VARIABLE")).collect();
        assert_eq!(bad.len(), 1, "{got:#?}");

        let lie = Verified { events: &["SessionStart", "NeverFires"], ..truth };
        let got = checks_with(&spec, &doc, &[], Some(row), Some(&lie));
        assert!(got.iter().any(|c| !c.ok && c.context == "hook:NeverFires"), "{got:#?}");

        let lie = Verified { version: "0.0.1", ..truth };
        let got = checks_with(&spec, &doc, &[], Some(row), Some(&lie));
        assert!(got.iter().any(|c| !c.ok && c.name == "verified at the version run"));
    }

    /// `row` with its event `native` dated `span` (a mutated "since" in its row).
    fn with_event_span(row: &hal_caps::registry::Runtime, native: &str, span: Span) -> hal_caps::registry::Runtime {
        let mut hooks = row.hooks.unwrap();
        let events: Vec<NativeEvent> = hooks
            .events
            .iter()
            .map(|e| {
                let mut e = *e;
                if e.native == native {
                    e.span = span;
                }
                e
            })
            .collect();
        assert!(events.iter().any(|e| e.native == native && e.is_dated()), "{native} is dated");
        hooks.events = Box::leak(events.into_boxed_slice());
        let mut mutated = *row;
        mutated.hooks = Some(hooks);
        mutated
    }

    /// An older version's checks come from the registry's dated facts: Claude Code's
    /// recorded run of the last version without `SessionStart` passes as the registry
    /// dates it, and fails once the fact is mutated to "since the oldest": the suite then
    /// expects a `SessionStart` hook the version never fired. Likewise Codex's run from
    /// before hooks fails once the hook system is dated back to its oldest version.
    #[test]
    fn a_mutated_since_version_fails_the_older_runs() {
        let (spec, doc) = fixture(&format!("claude@{}", claude::LAST_WITHOUT_SESSION_START));
        let row = spec.row();
        let truth = row.verified.unwrap();
        let ok = checks_with(&spec, &doc, &[], Some(row), Some(&truth));
        assert!(ok.iter().all(|c| c.ok), "{:#?}", ok.iter().filter(|c| !c.ok).collect::<Vec<_>>());
        assert!(!spec.events().contains(&"SessionStart") && ok.iter().all(|c| c.context != "hook:SessionStart"));
        let mutated = with_event_span(row, "SessionStart", Span::since(claude::OLDEST));
        let got = checks_with(&spec, &doc, &[], Some(&mutated), Some(&truth));
        let bad: Vec<_> = got.iter().filter(|c| !c.ok).collect();
        assert!(bad.iter().any(|c| c.context == "hook:SessionStart" && c.name == "the hook fired"), "{got:#?}");

        let (spec, doc) = fixture(&format!("codex@{}", codex::FIRST_THREAD_ID));
        let row = spec.row();
        let truth = row.verified.unwrap();
        let ok = checks_with(&spec, &doc, &[], Some(row), Some(&truth));
        assert!(ok.iter().all(|c| c.ok), "{:#?}", ok.iter().filter(|c| !c.ok).collect::<Vec<_>>());
        assert!(spec.events().is_empty(), "no hook system yet: nothing configured");
        let mut history = *row.history.unwrap();
        history.hooks.span = Span::since(codex::OLDEST);
        let mut mutated = *row;
        mutated.history = Some(Box::leak(Box::new(history)));
        let got = checks_with(&spec, &doc, &[], Some(&mutated), Some(&truth));
        assert!(got.iter().any(|c| !c.ok && c.name == "the hook fired"), "{got:#?}");
    }

    /// An older version is checked against the registry's older versions, the newest
    /// against its version: a record that does not list the version run fails.
    #[test]
    fn an_older_version_not_recorded_fails() {
        let (spec, doc) = fixture(&format!("claude@{}", claude::LAST_WITHOUT_SESSION_START));
        let row = spec.row();
        let truth = row.verified.unwrap();
        let lie = Verified { older: &[claude::FIRST_SESSION_START], ..truth };
        let got = checks_with(&spec, &doc, &[], Some(row), Some(&lie));
        assert!(got.iter().any(|c| !c.ok && c.name == "verified at the version run"), "{got:#?}");
    }

    /// Every runtime of the table has a fixture, and no fixture holds a machine path, a
    /// credential or the prompt.
    #[test]
    #[allow(clippy::disallowed_methods, reason = "the machine's HOME must not appear in fixtures")]
    fn fixtures_hold_no_machine_paths_secrets_or_prompts() {
        let root = root().display().to_string();
        let home = std::env::var("HOME").unwrap_or_default();
        for spec in RUNTIMES {
            let file = fixtures_dir().join(format!("{}.json", spec.id()));
            let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("no fixture for {}: {e}", spec.id()));
            assert!(load_fixture(spec.id()).is_some(), "{}: the fixture does not parse", spec.id());
            assert!(!text.contains(&root), "{}: holds the repository's path", spec.id());
            assert!(home.len() < 2 || !text.contains(&home), "{}: holds the machine's HOME", spec.id());
            assert!(!text.contains(runtimes::FAKE_KEY), "{}: holds the key", spec.id());
            assert!(!text.contains(probe::PROMPT), "{}: holds the prompt", spec.id());
        }
    }

    /// The report of the fixtures has issue 21's shape.
    #[test]
    fn the_report_has_the_issue_shape() {
        let (spec, doc) = fixture("codex");
        let checks = checks::checks(&spec, &doc, &[]);
        let r = report::report(&[report::entry(&spec, &doc, &checks, 1.5)], Some(3.0), &[]);
        assert_eq!(r["version"], 1);
        let rt = &r["runtimes"][0];
        for key in ["id", "package", "version", "ran", "seconds", "checks", "install_seconds"] {
            assert!(rt.get(key).is_some(), "{key}");
        }
        for c in rt["checks"].as_array().unwrap() {
            let ctx = c["context"].as_str().unwrap();
            assert!(
                ["tool", "replay", "plan", "start", "resume", "nested", "dash", "worker"].contains(&ctx)
                    || ctx.starts_with("hook:"),
                "{ctx}"
            );
            for key in ["name", "expected", "got", "ok"] {
                assert!(c.get(key).is_some(), "{key}");
            }
        }
    }
}
