//! The guide's mayor against the real runtimes (`cargo xtask conformance --mayor`, issue
//! 44.5): `examples/mayor/mayor.sh`, the file the guide walks through (built in, not a
//! copy), run as `docs/guide-orchestrator.md` shows it (`mayor.sh PROVIDER WORKSPACE
//! WORK_ITEM`, `HAL_BIN` the built hal, `MAYOR_AUTONOMY=full`), in the sandbox a runtime
//! runs in, with the suite's installed runtime first on `PATH` and the stand-in `gt`,
//! against the model stub. The runtime's own configuration is the suite's (its spec's
//! `setup` and `env`: the stub's address and a fake key); everything else (the inventory
//! check, the hook or plugin file, the variables, the argv) is the mayor's, from hal's
//! answers. Passes when the worker started (it asked the model), got its startup context
//! (the plan's `gt` output reached the model through the hook or plugin the mayor
//! installed, or, for a runtime primed through its prompt, the plan's commands did) and
//! its work item, and answered (exit 0, the stub's final text on its output).

use std::path::Path;

use serde_json::{Value, json};

use crate::install;
use crate::matrix::{self, Target};
use crate::run::{self, MARKER, Mode, RunArgs};

/// The mayor, as the repository holds it.
pub(crate) const MAYOR_SH: &str = include_str!("../../examples/mayor/mayor.sh");

/// The work item the mayor hands its polecat.
pub(crate) const WORK_ITEM: &str = "work item 44: run the conformance probe once, then stop";

/// The runtimes the step runs by default: the four, a hook runtime (Claude Code),
/// a runtime primed through its prompt (Codex) and the two whose startup plugin the
/// mayor writes (OpenCode, Pi).
const DEFAULT: [&str; 4] = ["claude", "codex", "opencode", "pi"];

/// The inside half's start of a mayor run: `bash mayor.sh PROVIDER WORKSPACE WORK_ITEM`
/// as a runtime is started (sandboxed, as the unprivileged user, a cleared environment),
/// with the spec's variables, `HAL_BIN` and `MAYOR_AUTONOMY=full`.
pub(crate) fn start(
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
    run::launch(Path::new("/bin/bash"), &argv, env, args, path)
}

/// What one mayor run showed: its problems (empty: it passed) and a line for the log.
fn judge(dir: &Path, outcome: &run::Outcome, plan: &Value) -> (Vec<String>, String) {
    let requests: Value = crate::util::run_json(dir, "requests.json").unwrap_or(json!([]));
    let bodies: Vec<String> =
        requests.as_array().map(|r| r.iter().map(|q| q["body"].to_string()).collect()).unwrap_or_default();
    let text = |f: &str| crate::util::read_run_file(dir, f).map(|b| String::from_utf8_lossy(&b).into_owned());
    let (stdout, stderr) = (text("stdout").unwrap_or_default(), text("stderr").unwrap_or_default());
    let exit = outcome.run.get("exit").cloned().unwrap_or(Value::Null);
    let seen = |needle: &str| bodies.iter().any(|b| b.contains(needle));
    let commands: Vec<&str> =
        plan["commands"].as_array().map(|c| c.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
    let strategy = plan["strategy"].as_str().unwrap_or("none");
    // Through a hook or plugin: the output of the plan's first `gt` call; through the
    // prompt: the plan's commands themselves (the model is a stub: it runs none).
    let context = match strategy {
        "hook_injection" => commands
            .first()
            .and_then(|c| c.split("&&").next())
            .and_then(|c| c.trim().strip_prefix("gt "))
            .map(|a| format!("{MARKER} gt {a}")),
        _ => Some(commands.join(" && ")).filter(|c| !c.is_empty()),
    };
    let mut problems = Vec::new();
    if bodies.is_empty() {
        problems.push("the worker never asked the model (it did not start)".to_owned());
    }
    match &context {
        Some(c) if seen(c) => {}
        Some(c) => problems.push(format!("the startup context ({strategy}: {c:?}) did not reach the model")),
        None => problems.push(format!("hal's plan gives no startup context to look for ({strategy})")),
    }
    if !seen(WORK_ITEM) {
        problems.push("the work item did not reach the model".to_owned());
    }
    if exit != json!(0) || outcome.killed {
        problems.push(format!("the mayor exited {exit}{}", if outcome.killed { " (killed)" } else { "" }));
    }
    if !stdout.contains(crate::stub::FINAL_TEXT) {
        problems.push(format!("the worker's output lacks the model's answer {:?}", crate::stub::FINAL_TEXT));
    }
    if !problems.is_empty() {
        let last =
            |s: &str| s.lines().rev().take(6).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join(" | ");
        problems.push(format!("stdout: {}; stderr: {}", last(&stdout), last(&stderr)));
    }
    let line = format!(
        "{} requests, startup {strategy} reached: {}, exit {exit}, {:.1}s",
        bodies.len(),
        context.as_deref().is_some_and(seen),
        outcome.seconds
    );
    (problems, line)
}

/// `--mayor [--runtime ID...]`: the guide's mayor starts a polecat on each runtime
/// (default [`DEFAULT`]), at its newest version, installed from the cache where it is.
pub(crate) fn step(hal: &Path, ids: &[String], offline: bool, timeout: Option<u64>) -> Result<(), String> {
    let work = crate::util::work_root().join("work");
    let named = |t: &Target| if ids.is_empty() { DEFAULT.contains(&t.id()) } else { ids.iter().any(|i| i == t.id()) };
    let targets: Vec<Target> = matrix::all().into_iter().filter(|t| t.older.is_none() && named(t)).collect();
    if targets.is_empty() {
        return Err("--mayor: no such runtime in the suite".into());
    }
    let mut failed = Vec::new();
    for spec in &targets {
        install::ensure_runtime(spec, offline)?;
        let plan = crate::suite::plan_of(hal, spec.id(), None)?;
        let dir = work.join(spec.id()).join("mayor");
        let args = RunArgs::newest(spec, Mode::Mayor, dir, hal, timeout.unwrap_or(spec.timeout_secs));
        eprintln!("==> {} {}: the guide's mayor starts a polecat", spec.id(), spec.version());
        let outcome = run::run_isolated_with(&args, &[("mayor.sh", MAYOR_SH)])?;
        let (problems, line) = judge(&args.dir, &outcome, &plan);
        if problems.is_empty() {
            eprintln!("    {:<10} ok   the worker started, got its startup context and answered ({line})", spec.id());
        } else {
            eprintln!("    {:<10} FAIL ({line}):\n      {}", spec.id(), problems.join("\n      "));
            failed.push(spec.id());
        }
    }
    if failed.is_empty() { Ok(()) } else { Err(format!("mayor: the guide's mayor failed on {}", failed.join(", "))) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run dir with `requests` (the bodies' texts), `stdout` and exit 0.
    fn run_dir(requests: &[&str], stdout: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let reqs: Vec<Value> = requests.iter().map(|b| json!({"body": {"text": b}})).collect();
        std::fs::write(dir.path().join("requests.json"), Value::Array(reqs).to_string()).unwrap();
        std::fs::write(dir.path().join("stdout"), stdout).unwrap();
        dir
    }

    /// The verdict passes a worker that got its context and answered, and fails each
    /// missing part: per strategy, what counts as the startup context.
    #[test]
    fn the_verdict_needs_context_item_and_answer() {
        let ok = run::Outcome { seconds: 1.0, killed: false, run: json!({"exit": 0}) };
        let hook = json!({"strategy": "hook_injection", "commands": ["gt prime --hook && gt mail check --inject"]});
        let fallback = json!({"strategy": "startup_fallback", "commands": ["gt prime && gt mail check --inject"]});
        let marker = format!("{MARKER} gt prime --hook");
        let answer = crate::stub::FINAL_TEXT;
        let good = run_dir(&[&marker, WORK_ITEM], answer);
        assert_eq!(judge(good.path(), &ok, &hook).0, Vec::<String>::new());
        // The prompt named the commands, the hook's output never came: a hook runtime fails.
        let prompted = run_dir(&[&format!("Run `gt prime && gt mail check --inject`. {WORK_ITEM}")], answer);
        assert_eq!(judge(prompted.path(), &ok, &fallback).0, Vec::<String>::new());
        assert!(judge(prompted.path(), &ok, &hook).0[0].contains("startup context"));
        let no_item = run_dir(&[&marker], answer);
        assert!(judge(no_item.path(), &ok, &hook).0[0].contains("work item"));
        let silent = run_dir(&[&marker, WORK_ITEM], "");
        assert!(judge(silent.path(), &ok, &hook).0[0].contains("answer"));
        let failed = run::Outcome { run: json!({"exit": 1}), ..ok };
        assert!(judge(good.path(), &failed, &hook).0[0].contains("exited 1"));
        let never = run_dir(&[], answer);
        assert!(judge(never.path(), &ok, &hook).0[0].contains("never asked"));
    }
}
