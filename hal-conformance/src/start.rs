//! How the suite starts a runtime: from `hal launch --mode print --autonomy full
//! --prompt … --json` (the built hal, its JSON parsed), adding only what is the suite's
//! own, kept apart: the spec's `own_args` (the stub's provider, a round limit), its
//! `env` (the stub's base URL, a fake key, update checks off) and the registry's
//! offline switches at the version run. The runtime table states no start of its own.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

use crate::matrix::Target;

/// Variables, in order.
pub(crate) type Env = Vec<(String, String)>;

/// How many starts the worker check makes: the first, then two resumes.
pub(crate) const WORKER_STARTS: usize = 3;

/// Whether the suite runs the worker check (issue 44) for `spec`: at its newest version,
/// where the suite checks resume and `hal launch` gives a session id up front for it
/// (the registry's launch row has `session_id`).
pub(crate) fn runs_worker(spec: &Target) -> bool {
    spec.resume
        && spec.older.is_none()
        && hal_caps::registry::launch::launch(spec.provider).is_some_and(|l| l.session_id.is_some())
}

/// The arguments of `hal launch` for `spec` with `prompt` and `more` (`--resume=ID`, a
/// worker's role and session id); with `version`, `--runtime-version` (else hal learns it
/// from the install on `PATH`).
pub(crate) fn launch_args(spec: &Target, prompt: &str, more: &[String], version: bool) -> Vec<String> {
    let mut a: Vec<String> = ["launch", "--json", "--mode", "print", "--autonomy", "full", "--provider", spec.id()]
        .map(str::to_owned)
        .to_vec();
    if version {
        a.extend(["--runtime-version".to_owned(), spec.version().to_owned()]);
    }
    // `--name=value`, as a launcher gives them: a value may start with `-` (the dash check).
    a.push(format!("--prompt={prompt}"));
    if let Some(m) = spec.model {
        a.push(format!("--model={m}"));
    }
    a.extend(more.iter().cloned());
    a
}

/// Runs `hal launch` in `env` (empty: nothing to clear; a nested run's: another
/// runtime's captured environment) and parses its plan. A plain run (`env` empty) asks
/// without `--runtime-version`, with the run's `PATH` (the install's `bin` first), as a
/// launcher does (issue 44.1): the plan must be for the version installed; where hal
/// reads no version from this install, it asks again at the version.
pub(crate) fn launch_plan(
    hal: &Path,
    spec: &Target,
    prompt: &str,
    more: &[String],
    env: &[(String, String)],
    path: &str,
) -> Result<Value, String> {
    let ask = |version: bool| -> Result<Value, String> {
        let mut cmd = Command::new(hal);
        cmd.args(launch_args(spec, prompt, more, version)).env_clear();
        if !version {
            cmd.env("PATH", path);
        }
        let out = cmd
            .envs(env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("hal launch: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "hal launch --provider {}: {}",
                spec.id(),
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        serde_json::from_slice(&out.stdout).map_err(|e| format!("hal launch --provider {}: {e}", spec.id()))
    };
    if !env.is_empty() {
        return ask(true);
    }
    let plan = ask(false)?;
    match plan["runtime_version"].as_str() {
        Some(v) if v == spec.version() => Ok(plan),
        None => ask(true),
        Some(v) => Err(format!(
            "hal launch --provider {} answered for {v} ({}), the run installed {}",
            spec.id(),
            plan["runtime_version_source"].as_str().unwrap_or("?"),
            spec.version()
        )),
    }
}

/// The suite's start from a plan: the argv (the plan's, with the spec's own arguments
/// and the registry's offline switches before the prompt) and the plan's variables.
pub(crate) fn compose(spec: &Target, plan: &Value) -> Result<(Vec<String>, Env), String> {
    let mut argv: Vec<String> = plan["argv"]
        .as_array()
        .ok_or("the plan has no argv")?
        .iter()
        .map(|a| a.as_str().map(str::to_owned).ok_or("an argv entry is not a string"))
        .collect::<Result<_, _>>()?;
    if argv.is_empty() {
        return Err("the plan's argv is empty".into());
    }
    // The prompt (and its flag) stay last: the suite's own go before them.
    let at = match (plan["prompt"]["index"].as_u64(), plan["prompt"]["flag"].is_string()) {
        (Some(i), flag) => usize::try_from(i).unwrap_or(argv.len()).saturating_sub(usize::from(flag)),
        (None, _) => argv.len(),
    };
    // A dash-led prompt follows the runtime's end of options (`--`): the suite's own go
    // before that too.
    let at = if at > 1 && argv.get(at - 1).is_some_and(|a| a == "--") { at - 1 } else { at };
    let version = hal_caps::registry::Version::parse(spec.version());
    let offline = hal_caps::registry::launch::launch(spec.provider)
        .map(|l| hal_caps::registry::launch::args_at(l.offline, version.as_ref()))
        .unwrap_or_default();
    let own: Vec<String> = offline.iter().chain(spec.own_args).map(|a| (*a).to_owned()).collect();
    let at = at.min(argv.len()).max(1);
    argv.splice(at..at, own);
    let env = plan["env"]
        .as_object()
        .map(|m| m.iter().filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_owned()))).collect())
        .unwrap_or_default();
    Ok((argv, env))
}

/// The program the suite runs for `argv[0]`: the executable on the run's `PATH` (the
/// install's `bin`), as a shell finds it: its link not followed, so a script's
/// interpreter sees the name a person's install runs (`.bin/cn`).
pub(crate) fn program(argv0: &str, path: &str) -> Result<PathBuf, String> {
    path.split(':')
        .map(|d| Path::new(d).join(argv0))
        .find(|p| p.is_file())
        .ok_or_else(|| format!("`{argv0}` (hal launch's argv[0]) is not on the run's PATH"))
}

/// What the run records of its start (`start.json`, the capture document's `start`).
/// The prompt shows as `shown`.
pub(crate) fn record(
    plan: &Value,
    argv: &[String],
    env: &[(String, String)],
    resume: Option<&str>,
    prompt: &str,
    shown: &str,
) -> Value {
    let hide = |v: &Value| match v.as_str() {
        Some(s) if s == prompt => json!(shown),
        _ => v.clone(),
    };
    let launch_argv: Vec<Value> = plan["argv"].as_array().map(|a| a.iter().map(hide).collect()).unwrap_or_default();
    let argv: Vec<&str> = argv.iter().map(|a| if a == prompt { shown } else { a.as_str() }).collect();
    json!({
        "launch": {"argv": launch_argv, "env": plan["env"], "prompt": plan["prompt"], "hook_trust": plan["hook_trust"]},
        "argv": argv,
        "env": env.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>(),
        "env_unset": plan["env_unset"],
        "resume": resume,
    })
}

/// The variables a nested run inherits: another runtime's captured tool environment,
/// less what `hal launch` says to clear and what every run sets itself.
pub(crate) fn inherited(captured: &[(String, String)], plan: &Value) -> Vec<(String, String)> {
    let unset: Vec<&str> =
        plan["env_unset"].as_array().map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
    captured
        .iter()
        .filter(|(k, _)| {
            !unset.contains(&k.as_str())
                && !matches!(k.as_str(), "PATH" | "HOME" | "TERM" | "PWD" | "OLDPWD" | "SHLVL" | "_")
        })
        .cloned()
        .collect()
}
