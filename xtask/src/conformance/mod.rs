//! `cargo xtask conformance [--runtime ID]... [--offline] [--jobs N] [--stub-hang]
//! [--timeout S] [--write-fixtures]`: hal checked inside the real runtimes, offline.
//!
//! Each runtime (the table in [`runtimes`]) is installed at its pinned version into a
//! cache outside the repository ([`install`]), then run twice in a network and pid
//! namespace of its own with only loopback ([`run`]) against the model stub ([`stub`]):
//! once with every hook event and the shell tool running the probe ([`probe`]), once
//! following its startup plan. The captures ([`capture`]) are replayed through the real
//! hal binary outside any runtime ([`replay`]), checked ([`checks`], pure, generated from
//! the registry's verified records) and written to `target/conformance/report.json` and
//! `CONFORMANCE.md` ([`report`]).
//!
//! `cargo xtask conformance --fixtures [--write]` runs the same checks over the checked-in
//! captures (`xtask/conformance/fixtures/`): what `cargo xtask check` verifies.

pub mod capture;
pub mod checks;
pub mod install;
pub mod probe;
pub mod replay;
pub mod report;
pub mod run;
pub mod runtimes;
pub mod stub;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::Instant;

use serde_json::Value;

use crate::check::{cargo, root, run_step, target_dir};
use capture::Placeholders;
use run::{Mode, RunArgs};
use runtimes::{RUNTIMES, Spec};

/// Where the checked-in captures live.
pub fn fixtures_dir() -> PathBuf {
    root().join("xtask/conformance/fixtures")
}

/// The harness's working directory (`target/conformance`).
pub fn work_root() -> PathBuf {
    target_dir().join("conformance")
}

/// Options of a live run.
#[derive(Debug, Default)]
struct Options {
    runtimes: Vec<String>,
    offline: bool,
    jobs: usize,
    hang: bool,
    timeout: Option<u64>,
    write_fixtures: bool,
    fixtures: bool,
    write: bool,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut o = Options { jobs: 2, ..Options::default() };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--runtime" => o.runtimes.push(it.next().ok_or("--runtime needs an id")?.clone()),
            "--offline" => o.offline = true,
            "--stub-hang" => o.hang = true,
            "--write-fixtures" => o.write_fixtures = true,
            "--fixtures" => o.fixtures = true,
            "--write" => o.write = true,
            "--jobs" => o.jobs = it.next().and_then(|j| j.parse().ok()).ok_or("--jobs needs a number")?,
            "--timeout" => o.timeout = Some(it.next().and_then(|j| j.parse().ok()).ok_or("--timeout needs seconds")?),
            other => return Err(format!("conformance: unknown argument {other}")),
        }
    }
    for id in &o.runtimes {
        if runtimes::spec(id).is_none() {
            let known: Vec<&str> = RUNTIMES.iter().map(|s| s.id).collect();
            return Err(format!("unknown runtime {id} (known: {})", known.join(", ")));
        }
    }
    Ok(o)
}

/// `cargo xtask conformance ...`
pub fn conformance(args: &[String]) -> Result<(), String> {
    let o = parse(args)?;
    if o.fixtures {
        return fixtures(o.write);
    }
    let wall = Instant::now();
    let hal = build_hal()?;
    let selected: Vec<&Spec> =
        RUNTIMES.iter().filter(|s| o.runtimes.is_empty() || o.runtimes.iter().any(|r| r == s.id)).collect();
    let work = work_root().join("work");
    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;

    // Install (sequentially: npm is the bottleneck and the cache is shared).
    let mut installs = Vec::new();
    let mut skipped = Vec::new();
    for spec in &selected {
        match install::ensure_runtime(spec, o.offline) {
            Ok(s) => installs.push((spec.id, s)),
            Err(e) if o.offline => {
                eprintln!("    skipped {}: {e}", spec.id);
                skipped.push(spec.id);
            }
            Err(e) => return Err(format!("install failed for {}: {e}", spec.id)),
        }
    }
    let to_run: Vec<&Spec> = selected.into_iter().filter(|s| !skipped.contains(&s.id)).collect();

    let queue = Mutex::new(to_run.iter().copied().collect::<Vec<_>>());
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..o.jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let Some(spec) = queue.lock().ok().and_then(|mut q| if q.is_empty() { None } else { Some(q.remove(0)) })
                    else {
                        break;
                    };
                    let doc = run_runtime(spec, &hal, &work, &o);
                    if let Ok(mut r) = results.lock() {
                        r.push(doc);
                    }
                }
            });
        }
    });
    let mut docs: Vec<(String, Result<Value, String>)> = results.into_inner().unwrap_or_default();
    docs.sort_by_key(|(id, _)| RUNTIMES.iter().position(|s| s.id == id.as_str()));

    if o.write_fixtures {
        for (id, doc) in &docs {
            if let Ok(doc) = doc {
                let dir = fixtures_dir();
                std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
                let text = serde_json::to_string_pretty(doc).unwrap_or_default() + "\n";
                std::fs::write(dir.join(format!("{id}.json")), text).map_err(|e| e.to_string())?;
            }
        }
    }
    let replay_root = work.join("replay");
    let mut runtimes_report = Vec::new();
    for (id, doc) in &docs {
        let spec = runtimes::spec(id).ok_or("spec vanished")?;
        let install_seconds = installs.iter().find(|(i, _)| i == id).map_or(0.0, |(_, s)| *s);
        let entry = match doc {
            Ok(doc) => {
                let replays = replay::replay(doc, &hal, &replay_root.join(id))?;
                let checks = checks::checks(spec, doc, &replays);
                report::entry(spec, doc, &checks, install_seconds)
            }
            Err(e) => report::failed_entry(spec, e, install_seconds),
        };
        runtimes_report.push(entry);
    }
    let report = report::report(runtimes_report, wall.elapsed().as_secs_f64(), &skipped);
    let path = work_root().join("report.json");
    std::fs::write(&path, serde_json::to_string_pretty(&report).unwrap_or_default() + "\n").map_err(|e| e.to_string())?;
    eprintln!("    wrote {}", path.display());
    if o.runtimes.is_empty() && !o.hang {
        std::fs::write(root().join("CONFORMANCE.md"), report::markdown(&report)).map_err(|e| e.to_string())?;
        eprintln!("    wrote CONFORMANCE.md");
    }
    eprintln!("{}", report::summary(&report));
    if !skipped.is_empty() {
        eprintln!("    skipped (not in the cache, --offline): {}", skipped.join(", "));
    }
    if report::all_ok(&report) { Ok(()) } else { Err("conformance: some checks failed (see above)".into()) }
}

/// Builds the release hal; its path.
fn build_hal() -> Result<PathBuf, String> {
    let mut build = cargo();
    build.args(["build", "-q", "--release", "-p", "hal-cli"]);
    run_step("release build of hal", build)?;
    Ok(target_dir().join("release/hal"))
}

/// The plan hal gives a polecat on `provider` (`hal startup --role polecat --json`).
pub fn plan_of(hal: &Path, provider: &str) -> Result<Value, String> {
    let out = Command::new(hal)
        .args(["startup", "--role", "polecat", "--json", "--provider", provider])
        .env_clear()
        .current_dir(work_root())
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("hal startup: {e}"))?;
    serde_json::from_slice(&out.stdout).map_err(|e| format!("hal startup --provider {provider}: {e}"))
}

/// Both runs of one runtime; its capture document.
fn run_runtime(spec: &Spec, hal: &Path, work: &Path, o: &Options) -> (String, Result<Value, String>) {
    let go = || -> Result<Value, String> {
        let base = RunArgs {
            id: spec.id.to_owned(),
            mode: Mode::Probe,
            dir: work.join(spec.id).join("probe"),
            hal: hal.to_path_buf(),
            prefix: install::runtime_prefix(spec),
            node22: install::node22_bin(),
            timeout: o.timeout.unwrap_or(spec.timeout_secs),
            hang: o.hang,
        };
        eprintln!("==> {} {}: probe run", spec.id, spec.version);
        let probe = run::run_isolated(&base, None)?;
        eprintln!("    {} probe run: {:.1}s{}", spec.id, probe.seconds, if probe.killed { " (killed)" } else { "" });
        let plan = if o.hang {
            None
        } else {
            let plan_json = plan_of(hal, spec.id)?;
            let args = RunArgs { mode: Mode::Plan, dir: work.join(spec.id).join("plan"), ..base.clone() };
            std::fs::create_dir_all(&args.dir).map_err(|e| e.to_string())?;
            eprintln!("==> {} {}: plan run ({})", spec.id, spec.version, plan_json["strategy"]);
            let outcome = run::run_isolated(&args, Some(&plan_json))?;
            eprintln!("    {} plan run: {:.1}s", spec.id, outcome.seconds);
            Some((args.dir, outcome, plan_json))
        };
        let ph = placeholders(&base, hal);
        Ok(capture::collect(
            spec.id,
            spec.version,
            (&base.dir, &probe),
            plan.as_ref().map(|(d, oc, pj)| (d.as_path(), oc, pj)),
            &ph,
        ))
    };
    (spec.id.to_owned(), go())
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
pub fn fixtures(write: bool) -> Result<(), String> {
    let hal = target_dir().join("debug/hal");
    if !hal.exists() {
        let mut build = cargo();
        build.args(["build", "-q", "-p", "hal-cli"]);
        run_step("build hal", build)?;
    }
    let report = fixture_report(&hal)?;
    let md = report::markdown(&report);
    let path = root().join("CONFORMANCE.md");
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    if write {
        std::fs::write(&path, report::keep_timings(&md, &current)).map_err(|e| e.to_string())?;
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
pub fn fixture_report(hal: &Path) -> Result<Value, String> {
    let replay_root = work_root().join("fixture-replay");
    let mut entries = Vec::new();
    for spec in RUNTIMES {
        let file = fixtures_dir().join(format!("{}.json", spec.id));
        let Some(doc) = std::fs::read(&file).ok().and_then(|b| serde_json::from_slice::<Value>(&b).ok()) else {
            entries.push(report::failed_entry(spec, "no fixture", 0.0));
            continue;
        };
        let replays = replay::replay(&doc, hal, &replay_root.join(spec.id))?;
        let checks = checks::checks(spec, &doc, &replays);
        entries.push(report::entry(spec, &doc, &checks, 0.0));
    }
    Ok(report::report(entries, 0.0, &[]))
}

/// Loads one fixture document.
pub fn load_fixture(id: &str) -> Option<Value> {
    std::fs::read(fixtures_dir().join(format!("{id}.json"))).ok().and_then(|b| serde_json::from_slice(&b).ok())
}

