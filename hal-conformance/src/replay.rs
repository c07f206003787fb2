//! Replays: each captured tool and hook environment through the real hal binary with a
//! cleared environment, inside a fresh pid namespace (so no ancestor, the machine's own
//! included, can decide), in a plain directory and in a workspace configured for several
//! runtimes at once.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use hal_types::RuntimeProvider;
use serde::Deserialize;

use crate::doc::Doc;
use crate::util::wait_or_kill;

/// The fields of a replayed answer the checks read (`hal detect` or `hal session-id`,
/// `--json`); every field none when hal printed no answer.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub(crate) struct Answer {
    /// The runtime named.
    pub(crate) provider: Option<RuntimeProvider>,
    /// The session id.
    pub(crate) session_id: Option<String>,
}

/// One replayed hal call.
#[derive(Debug, Clone)]
pub(crate) struct Replay {
    /// The capture's context (`tool`, `hook:<event>`).
    pub(crate) context: String,
    /// `plain` or `multi`.
    pub(crate) place: &'static str,
    /// `detect` or `session-id`.
    pub(crate) command: &'static str,
    /// hal's answer.
    pub(crate) out: Answer,
}

/// The workspace files of the multi-runtime workspace.
const MULTI: &[&str] = &[".claude/settings.json", ".gemini/settings.json", ".qwen/settings.json"];

fn prepare(dir: &Path, multi: bool) -> Result<(), String> {
    let _ = std::fs::remove_dir_all(dir);
    let ws = dir.join("ws");
    std::fs::create_dir_all(ws.join(".git")).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(dir.join("home")).map_err(|e| e.to_string())?;
    if multi {
        for f in MULTI {
            let p = ws.join(f);
            std::fs::create_dir_all(p.parent().unwrap_or(&ws)).map_err(|e| e.to_string())?;
            std::fs::write(p, "{}\n").map_err(|e| e.to_string())?;
        }
        std::fs::create_dir_all(ws.join(".codex")).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Replays every capture of `doc` through `hal`, in `dir/plain` and `dir/multi`.
pub(crate) fn replay(doc: &Doc, hal: &Path, dir: &Path) -> Result<Vec<Replay>, String> {
    let mut out = Vec::new();
    for place in ["plain", "multi"] {
        let pdir = dir.join(place);
        prepare(&pdir, place == "multi")?;
        let ws = pdir.join("ws").display().to_string();
        let home = pdir.join("home").display().to_string();
        let subst = |s: &str| s.replace("<ws>", &ws).replace("<home>", &home);
        for cap in &doc.captures {
            let context = cap.context.clone();
            let env: Vec<(String, String)> = cap.env.iter().map(|(k, v)| (k.clone(), subst(v))).collect();
            let payload = cap.payload.as_ref().filter(|p| !p.is_null()).map(|p| subst(&p.to_string()));
            // The environment alone, and (for hooks) with the payload on stdin.
            let mut calls: Vec<(&'static str, &[&str], Option<&str>)> =
                vec![("detect", &["detect", "--json"], None), ("session-id", &["session-id", "--json"], None)];
            if payload.is_some() {
                calls.push(("detect --hook", &["detect", "--hook", "--json"], payload.as_deref()));
                calls.push(("session-id --hook", &["session-id", "--hook", "--json"], payload.as_deref()));
            }
            for (command, args, stdin) in calls {
                let answer = run(hal, args, &env, Path::new(&ws), stdin);
                out.push(Replay { context: context.clone(), place, command, out: answer });
            }
        }
    }
    Ok(out)
}

/// hal in a fresh pid namespace with exactly `env`; its answer.
fn run(hal: &Path, args: &[&str], env: &[(String, String)], cwd: &Path, stdin: Option<&str>) -> Answer {
    let child = Command::new("unshare")
        .args(["--pid", "--fork", "--mount-proc", "--kill-child=SIGKILL"])
        .arg(hal)
        .args(args)
        .env_clear()
        .envs(env.iter().map(|(k, v)| (k, v)))
        .current_dir(cwd)
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = child else { return Answer::default() };
    if let (Some(mut pipe), Some(data)) = (child.stdin.take(), stdin) {
        let _ = pipe.write_all(data.as_bytes());
    }
    let _ = wait_or_kill(&mut child, Duration::from_secs(10), Duration::from_millis(2), |c| {
        let _ = c.kill();
    });
    let mut text = String::new();
    if let Some(mut o) = child.stdout.take() {
        let _ = o.read_to_string(&mut text);
    }
    let _ = child.wait();
    serde_json::from_str::<Option<Answer>>(&text).ok().flatten().unwrap_or_default()
}
