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
use crate::util::{system_program, wait_or_kill};

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

/// The variables the loader and the C library read (glibc's list of those it drops for a
/// set-user-id program, and every `LD_*`), and `PATH`: a replay passes none of them.
const LOADER_VARS: &[&str] = &[
    "PATH",
    "GCONV_PATH",
    "GETCONF_DIR",
    "GLIBC_TUNABLES",
    "HOSTALIASES",
    "LOCALDOMAIN",
    "LOCPATH",
    "MALLOC_ARENA_MAX",
    "MALLOC_ARENA_TEST",
    "MALLOC_PERTURB_",
    "MALLOC_TRACE",
    "NIS_PATH",
    "NLSPATH",
    "RESOLV_HOST_CONF",
    "RES_OPTIONS",
    "TMPDIR",
    "TZDIR",
];

/// What of a captured environment a replay passes to hal (hostile-findings R1): every
/// variable but the loader's and the C library's ([`LOADER_VARS`], `LD_*`, `MALLOC_*`),
/// its placeholders filled by `subst`. hal reads variables by name only (its markers,
/// session ids, `HOME`), none of those; the runtime chose every value, and the replay
/// runs as root outside the sandbox.
pub(crate) fn replay_env(
    env: &std::collections::BTreeMap<String, String>,
    subst: &dyn Fn(&str) -> String,
) -> Vec<(String, String)> {
    env.iter()
        .filter(|(k, _)| !LOADER_VARS.contains(&k.as_str()) && !k.starts_with("LD_") && !k.starts_with("MALLOC_"))
        .map(|(k, v)| (k.clone(), subst(v)))
        .collect()
}

/// Replays every capture of `doc` through `hal`, in `dir/plain` and `dir/multi`.
pub(crate) fn replay(doc: &Doc, hal: &Path, dir: &Path) -> Result<Vec<Replay>, String> {
    replay_with(doc, hal, dir, false)
}

/// [`replay`]; `trusting`: the captured environment whole and `unshare` looked up in its
/// `PATH` (hostile-findings R1 as it was: the sandbox test's control only).
pub(crate) fn replay_with(doc: &Doc, hal: &Path, dir: &Path, trusting: bool) -> Result<Vec<Replay>, String> {
    let mut out = Vec::new();
    for place in ["plain", "multi"] {
        let pdir = dir.join(place);
        prepare(&pdir, place == "multi")?;
        let ws = pdir.join("ws").display().to_string();
        let home = pdir.join("home").display().to_string();
        let subst = |s: &str| s.replace("<ws>", &ws).replace("<home>", &home);
        for cap in &doc.captures {
            let context = cap.context.clone();
            let env: Vec<(String, String)> = if trusting {
                cap.env.iter().map(|(k, v)| (k.clone(), subst(v))).collect()
            } else {
                replay_env(&cap.env, &subst)
            };
            let payload = cap.payload.as_ref().filter(|p| !p.is_null()).map(|p| subst(&p.to_string()));
            // The environment alone, and (for hooks) with the payload on stdin.
            let mut calls: Vec<(&'static str, &[&str], Option<&str>)> =
                vec![("detect", &["detect", "--json"], None), ("session-id", &["session-id", "--json"], None)];
            if payload.is_some() {
                calls.push(("detect --hook", &["detect", "--hook", "--json"], payload.as_deref()));
                calls.push(("session-id --hook", &["session-id", "--hook", "--json"], payload.as_deref()));
            }
            for (command, args, stdin) in calls {
                let unshare = if trusting { "unshare".into() } else { system_program("unshare") };
                let answer = run(&unshare, hal, args, &env, Path::new(&ws), stdin);
                out.push(Replay { context: context.clone(), place, command, out: answer });
            }
        }
    }
    Ok(out)
}

/// hal in a fresh pid namespace (`unshare`) with exactly `env`; its answer.
fn run(unshare: &Path, hal: &Path, args: &[&str], env: &[(String, String)], cwd: &Path, stdin: Option<&str>) -> Answer {
    let child = Command::new(unshare)
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

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    use serde_json::json;

    /// Hostile-findings R1: a capture's environment is the runtime's choice; a relative
    /// `PATH` entry into its own files must not choose the program the replay runs
    /// (as root, outside the sandbox), nor may the loader's variables reach it.
    #[test]
    fn a_captured_path_does_not_choose_the_replays_programs() {
        let tmp = tempfile::tempdir().unwrap();
        let planted = tmp.path().join("planted");
        std::fs::create_dir_all(&planted).unwrap();
        let marker = tmp.path().join("ran-as-host");
        for name in ["unshare", "hal"] {
            let f = planted.join(name);
            std::fs::write(&f, format!("#!/bin/sh\necho \"$0\" >> '{}'\n", marker.display())).unwrap();
            std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        // The replay's cwd is <dir>/<place>/ws: three levels below the temporary dir.
        let env = json!({"PATH": "../../../planted", "LD_PRELOAD": "../../../planted/evil.so",
            "LD_LIBRARY_PATH": "../../../planted", "CLAUDECODE": "1"});
        let doc = crate::doc::Doc::parse(json!({"captures": [{"context": "tool", "env": env}]})).unwrap();
        let replays = super::replay(&doc, std::path::Path::new("hal"), &tmp.path().join("replay")).unwrap();
        assert_eq!(replays.len(), 4);
        assert!(!marker.exists(), "{}", std::fs::read_to_string(&marker).unwrap_or_default());
        let kept = super::replay_env(&doc.captures[0].env, &|s: &str| s.to_owned());
        assert_eq!(kept, vec![("CLAUDECODE".to_owned(), "1".to_owned())]);
    }
}
