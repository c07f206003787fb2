//! Detection on the real OS: real process trees under executables named like runtimes,
//! and real hostile workspace files. Hermetic: children get a cleared environment, and
//! assertions name the nearest runtime, never a bare `unknown` from the real table.
//! Unix only (copies of `/bin/sh` as runtimes, FIFOs, symbolic links, permissions): on
//! Windows, `cargo xtask wine`'s end-to-end checks run real process trees instead.
#![cfg(unix)]

mod support;

use std::ffi::OsString;
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use hal_detect::{Detector, OsHost};
use hal_types::RuntimeProvider as P;

use support::{FsOnly, Link, probe_line, run_chain, run_under, shell_named};

const PROBE: &str = "HAL_DETECT_TEST_PROBE";

/// In probe mode (re-run as a child of a process tree), print the real detection.
#[test]
fn probe_entry() {
    #[allow(clippy::disallowed_methods, reason = "the test harness's own switch, not a runtime probe")]
    if std::env::var_os(PROBE).is_none() {
        return;
    }
    let d = Detector::new(OsHost::new()).detect();
    println!("HAL-PROBE {} {} {}", d.provider, d.source.kind, d.source.signal.unwrap_or_default());
}

fn probe_argv() -> Vec<OsString> {
    let exe = std::env::current_exe().unwrap();
    vec![exe.into(), "--exact".into(), "probe_entry".into(), "--nocapture".into(), "--test-threads=1".into()]
}

fn detect_under(chain: &[&Path], env: &[(&str, &str)]) -> String {
    let cwd = tempfile::tempdir().unwrap();
    let mut env = env.to_vec();
    env.push((PROBE, "1"));
    probe_line(&run_under(chain, &probe_argv(), &env, cwd.path()))
}

#[test]
fn a_codex_ancestor_names_codex() {
    let dir = tempfile::tempdir().unwrap();
    let codex = shell_named(dir.path(), "codex");
    assert_eq!(detect_under(&[&codex], &[]), "codex process_ancestor codex");
}

#[test]
fn nearest_of_several_runtime_ancestors_wins() {
    let dir = tempfile::tempdir().unwrap();
    let claude = shell_named(dir.path(), "claude");
    let gemini = shell_named(dir.path(), "gemini");
    assert_eq!(detect_under(&[&claude, &gemini], &[]), "gemini process_ancestor gemini");
    assert_eq!(detect_under(&[&gemini, &claude], &[]), "claude process_ancestor claude");
}

#[test]
fn a_look_alike_is_not_a_runtime() {
    let dir = tempfile::tempdir().unwrap();
    let claude = shell_named(dir.path(), "claude");
    let codexify = shell_named(dir.path(), "codexify");
    // Whatever runs this suite, the nearest runtime above the probe is our `claude`.
    assert_eq!(detect_under(&[&claude, &codexify], &[]), "claude process_ancestor claude");
}

#[test]
fn an_ancestor_overrules_an_inherited_marker_and_confirms_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let codex = shell_named(dir.path(), "codex");
    let claude = shell_named(dir.path(), "claude");
    // Claude's marker inherited into a Codex session: the Codex ancestor wins.
    assert_eq!(detect_under(&[&claude, &codex], &[("CLAUDECODE", "1")]), "codex process_ancestor codex");
    // Two runtimes' markers: the nearest of them decides, through its own marker.
    let env = [("CLAUDECODE", "1"), ("CODEX_THREAD_ID", "t-1")];
    assert_eq!(detect_under(&[&codex, &claude], &env), "claude marker CLAUDECODE");
    assert_eq!(detect_under(&[&claude, &codex], &env), "codex marker CODEX_THREAD_ID");
}

#[test]
fn an_interpreter_running_a_runtime_script() {
    let dir = tempfile::tempdir().unwrap();
    let node = shell_named(dir.path(), "node");
    // A short script path, and one so deep that the anchor lies beyond the first
    // 512 bytes of `/proc/<pid>/cmdline` (the reader's first read).
    let deep = ["a", "b", "c"].map(|c| c.repeat(200)).join("/");
    for prefix in ["", deep.as_str()] {
        let script = dir.path().join(prefix).join("lib/node_modules/@google/gemini-cli/dist/index.js");
        std::fs::create_dir_all(script.parent().unwrap()).unwrap();
        std::fs::write(&script, "\"$@\"; true\n").unwrap();
        let cwd = tempfile::tempdir().unwrap();
        // sh → node <gemini-cli script> → the probe.
        let mut argv = vec![node.clone().into_os_string(), script.into_os_string()];
        argv.extend(probe_argv());
        let out = run_under(&[], &argv, &[(PROBE, "1")], cwd.path());
        assert_eq!(probe_line(&out), "gemini process_ancestor @google/gemini-cli/", "prefix of {} bytes", prefix.len());
    }
}

/// The runtimes of the nesting tests: id, executable, the script a `node` runs for it,
/// and the marker the runtime sets on what it spawns.
const NESTED: &[(&str, &str, &str, (&str, &str))] = &[
    ("claude", "claude", "lib/node_modules/@anthropic-ai/claude-code/cli.js", ("CLAUDECODE", "1")),
    ("codex", "codex", "lib/node_modules/@openai/codex/bin/codex.js", ("CODEX_THREAD_ID", "t-1")),
    ("gemini", "gemini", "lib/node_modules/@google/gemini-cli/bundle/gemini.js", ("GEMINI_CLI", "1")),
    ("cursor", "cursor-agent", "opt/cursor-agent/cursor-agent", ("CURSOR_AGENT", "1")),
];

fn detect_chain(links: &[Link], env: &[(&str, &str)]) -> String {
    let cwd = tempfile::tempdir().unwrap();
    let mut env = env.to_vec();
    env.push((PROBE, "1"));
    probe_line(&run_chain(links, &probe_argv(), &env, cwd.path()))
}

#[test]
fn each_runtime_nested_under_each_other_by_executable_and_by_script() {
    let dir = tempfile::tempdir().unwrap();
    let mut cases = 0;
    for (outer, outer_exe, _, outer_marker) in NESTED {
        for (inner, inner_exe, inner_script, inner_marker) in NESTED.iter().filter(|n| n.0 != *outer) {
            for by_script in [false, true] {
                let inner_link =
                    if by_script { Link::node(dir.path(), inner_script) } else { Link::exe(dir.path(), inner_exe) };
                let links = [Link::exe(dir.path(), outer_exe), inner_link];
                let how = if by_script { "node <script>" } else { "its executable" };
                // Both markers (the inner runtime sets its own, inherits the outer's):
                // the inner runtime, by its own marker, confirmed by the nearest ancestor.
                let got = detect_chain(&links, &[*outer_marker, *inner_marker]);
                assert_eq!(got, format!("{inner} marker {}", inner_marker.0), "{inner} ({how}) under {outer}");
                // Only the outer marker (an inner runtime that sets none, or whose
                // launcher cleared it): the nearest ancestor decides.
                let got = detect_chain(&links, &[*outer_marker]);
                assert!(got.starts_with(&format!("{inner} process_ancestor ")), "{inner} ({how}) under {outer}: {got}");
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 4 * 3 * 2);
}

#[test]
fn gastowns_stamp_is_inherited_by_a_nested_runtime() {
    let dir = tempfile::tempdir().unwrap();
    let claude = Link::exe(dir.path(), "claude");
    let codex = Link::exe(dir.path(), "codex");
    // The Claude agent Gastown launched starts a codex: the stamp names claude, the
    // nearest runtime is codex.
    let env = [("GT_AGENT", "claude"), ("GT_PROCESS_NAMES", "node,claude")];
    assert_eq!(detect_chain(&[claude.clone(), codex.clone()], &env), "codex process_ancestor codex");
    let env = [("GT_AGENT", "claude"), ("CODEX_THREAD_ID", "t-1")];
    assert_eq!(detect_chain(&[claude.clone(), codex], &env), "codex marker CODEX_THREAD_ID");
    // Directly under the Claude agent, the stamp stands.
    assert_eq!(
        detect_chain(std::slice::from_ref(&claude), &[("GT_AGENT", "groq-compound")]),
        "groq-compound orchestrator_stamp GT_AGENT"
    );
}

#[test]
fn gastowns_process_names_identify_cursors_agent_process() {
    let dir = tempfile::tempdir().unwrap();
    let claude = Link::exe(dir.path(), "claude");
    let agent = Link::exe(dir.path(), "agent");
    let names = ("GT_PROCESS_NAMES", "cursor-agent,agent");
    assert_eq!(detect_chain(std::slice::from_ref(&agent), &[names]), "cursor process_ancestor agent");
    assert_eq!(
        detect_chain(std::slice::from_ref(&agent), &[names, ("GT_AGENT", "cursor")]),
        "cursor orchestrator_stamp GT_AGENT"
    );
    // Under a claude that started it, the `agent` process is the nearer runtime.
    assert_eq!(detect_chain(&[claude.clone(), agent.clone()], &[names]), "cursor process_ancestor agent");
    // A bare `agent` process, without Gastown's context, names nothing: the nearest
    // runtime above it (our `claude`) decides.
    assert_eq!(detect_chain(&[claude, agent], &[]), "claude process_ancestor claude");
}

/// Runs `f` on a thread; fails if it never answers (a guard against a hang, far past any
/// loaded machine's time, not a speed test: each case asserts the exit path it took).
fn promptly<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(HANG).unwrap_or_else(|_| panic!("{what}: no answer within {HANG:?}: it blocked"))
}

/// Past it, a read blocked (a FIFO), whatever the machine's load.
const HANG: Duration = Duration::from_secs(60);

#[test]
fn hostile_workspace_files_answer_promptly() {
    use std::os::unix::fs::symlink;
    type Make = Box<dyn Fn(&Path)>;
    let cases: Vec<(&str, Make, P, Option<&str>)> = vec![
        ("regular file", Box::new(|p: &Path| std::fs::write(p, "{}").unwrap()), P::Claude, None),
        ("fifo", Box::new(|p: &Path| mkfifo(p)), P::Unknown, Some("FIFO")),
        ("directory", Box::new(|p: &Path| std::fs::create_dir(p).unwrap()), P::Unknown, Some("directory")),
        (
            "dangling link",
            Box::new(|p: &Path| symlink("/nonexistent/target", p).unwrap()),
            P::Unknown,
            Some("dangling"),
        ),
        ("link loop", Box::new(|p: &Path| symlink(p, p).unwrap()), P::Unknown, Some("could not stat")),
        (
            "link to a file",
            Box::new(|p: &Path| {
                let t = p.with_file_name("real.json");
                std::fs::write(&t, "{}").unwrap();
                symlink(&t, p).unwrap();
            }),
            P::Claude,
            None,
        ),
    ];
    for (name, make, want, warning) in cases {
        let ws = tempfile::tempdir().unwrap();
        std::fs::create_dir(ws.path().join(".claude")).unwrap();
        make(&ws.path().join(".claude/settings.json"));
        let root = ws.path().to_path_buf();
        let d = promptly(name, move || Detector::new(FsOnly::default()).workspace(root).detect());
        assert_eq!(d.provider, want, "{name}");
        if let Some(w) = warning {
            assert!(d.warnings().iter().any(|x| x.contains(w)), "{name}: {:?}", d.warnings());
        }
    }
}

fn mkfifo(p: &Path) {
    let st = std::process::Command::new("mkfifo").arg(p).status().unwrap();
    assert!(st.success());
}

#[test]
fn real_ancestors_of_many_runtimes() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        ("codex", "codex", "codex"),
        ("claude", "claude", "claude"),
        ("gemini", "gemini", "gemini"),
        ("cursor-agent", "cursor", "cursor-agent"),
        ("opencode", "opencode", "opencode"),
        ("copilot", "copilot", "copilot"),
        ("auggie", "auggie", "auggie"),
        ("kiro-cli-chat", "kiro", "kiro-cli-chat"),
        ("grok", "grok", "grok"),
        ("kimi", "kimi", "kimi"),
        ("devin", "devin", "devin"),
        ("qwen", "qwen-code", "qwen"),
        ("crush", "crush", "crush"),
        ("goose", "goose", "goose"),
        // A 31-byte name: the kernel's comm is cut to `codex-x86_64-un`.
        ("codex-x86_64-unknown-linux-musl", "codex", "codex-x86_64-"),
        ("muse-bin-2026.9.1", "muse", "muse-bin-"),
    ];
    for (exe, provider, signal) in cases {
        let shell = shell_named(dir.path(), exe);
        assert_eq!(detect_under(&[&shell], &[]), format!("{provider} process_ancestor {signal}"), "{exe}");
    }
    // A look-alike under a real runtime: the runtime, not the look-alike.
    let goose = shell_named(dir.path(), "goose");
    let gooseberry = shell_named(dir.path(), "gooseberry");
    assert_eq!(detect_under(&[&goose, &gooseberry], &[]), "goose process_ancestor goose");
}

#[test]
fn hostile_workspace_paths_and_project_dirs() {
    use std::os::unix::ffi::OsStrExt as _;
    let base = tempfile::tempdir().unwrap();
    for name in [&b"with spaces"[..], b"new\nline", b"bad\xff\xfebytes", b"-dash"] {
        let ws = base.path().join(std::ffi::OsStr::from_bytes(name));
        std::fs::create_dir_all(ws.join(".claude")).unwrap();
        std::fs::write(ws.join(".claude/settings.json"), "{}").unwrap();
        let env = vec![("CLAUDE_PROJECT_DIR", ws.clone().into_os_string())];
        let d = promptly("odd path", move || Detector::new(FsOnly(env)).detect());
        assert_eq!(d.provider, P::Claude, "{:?}", String::from_utf8_lossy(name));
        // Explain-style text escapes the newline.
        let r = Detector::new(FsOnly(vec![("CLAUDE_PROJECT_DIR", ws.into_os_string())])).report();
        assert!(r.steps.iter().all(|s| !s.looked_at.contains('\n')), "{:?}", r.steps);
    }
    let file = base.path().join("plain-file");
    std::fs::write(&file, "x").unwrap();
    let locked = base.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    for (name, dir) in [
        ("missing", base.path().join("missing")),
        ("a file", file),
        ("a FIFO", {
            let f = base.path().join("fifo");
            mkfifo(&f);
            f
        }),
        ("unreadable", locked.join("inner")),
    ] {
        let env = vec![("CLAUDE_PROJECT_DIR", dir.into_os_string())];
        let d = promptly(name, move || Detector::new(FsOnly(env)).detect());
        assert_eq!(d.provider, P::Unknown, "{name}");
        assert!(d.warnings().iter().any(|w| w.contains("CLAUDE_PROJECT_DIR")), "{name}: {:?}", d.warnings());
    }
}

/// Detection as an unprivileged user (when we are root and `setpriv` exists) over a
/// workspace it cannot read: still an answer, promptly.
#[test]
fn detection_as_an_unprivileged_user() {
    use std::os::unix::fs::PermissionsExt as _;
    let uid = std::process::Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned());
    let setpriv = Path::new("/usr/bin/setpriv");
    if !setpriv.exists() {
        hal_testkit::missing_tool("setpriv", "reading as an unprivileged user");
        return;
    }
    if uid.as_deref().ok() != Some("0") {
        hal_testkit::skip("reading as an unprivileged user: needs root to drop privileges");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("ws");
    std::fs::create_dir_all(ws.join(".claude")).unwrap();
    std::fs::write(ws.join(".claude/settings.json"), "{}").unwrap();
    let fifo = ws.join(".claude/settings.local.json");
    mkfifo(&fifo);
    // Everything readable to others except the .claude directory itself.
    for p in [dir.path(), ws.as_path()] {
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::set_permissions(ws.join(".claude"), std::fs::Permissions::from_mode(0o700)).unwrap();
    let exe = std::env::current_exe().unwrap();
    let mut argv: Vec<std::ffi::OsString> =
        vec!["--reuid=65534".into(), "--regid=65534".into(), "--clear-groups".into()];
    argv.extend(probe_argv());
    let out = support::output_retrying(
        std::process::Command::new(setpriv)
            .args(&argv)
            .env_clear()
            .env("PATH", "/usr/bin:/bin")
            .env(PROBE, "1")
            .env("CLAUDE_PROJECT_DIR", &ws)
            .current_dir("/"),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() && stdout.is_empty() {
        // The test binary may sit in a directory nobody cannot enter (e.g. under /root).
        hal_testkit::skip(&format!("{} is not executable by an unprivileged user", exe.display()));
        return;
    }
    let line = probe_line(&stdout);
    assert!(!line.starts_with("claude workspace_file"), "nobody cannot see the settings file: {line}");
}

/// Hostile-findings R8: a name swapped with a FIFO (`renameat2` exchange, a real python3
/// swapping as fast as it can) between hal's stat and its open never blocks `read_file`:
/// 300 reads during the swapping each answer (one in a hundred blocked in `open` before;
/// a read unanswered after [`HANG`] is blocked). A reader stuck there stays stuck: the test process ends anyway.
#[test]
fn a_file_swapped_with_a_fifo_never_blocks_a_read() {
    use std::io::BufRead as _;

    use hal_detect::Host as _;
    let dir = tempfile::tempdir().unwrap();
    let (file, fifo) = (dir.path().join("package.json"), dir.path().join("fifo"));
    std::fs::write(&file, "{\"version\": \"1.0.0\"}").unwrap();
    assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let swapper = "import ctypes,sys,time\nlibc=ctypes.CDLL(None)\na,b=(p.encode() for p in sys.argv[1:3])\nprint('ready',flush=True)\nend=time.time()+float(sys.argv[3])\nwhile time.time()<end:\n    libc.renameat2(-100,a,-100,b,2)\n";
    let mut child = std::process::Command::new("python3")
        .args(["-c", swapper])
        .arg(&file)
        .arg(&fifo)
        .arg("20")
        .env_clear()
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut ready = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap()).read_line(&mut ready).unwrap();
    assert_eq!(ready.trim(), "ready");
    let (mut reads, mut blocked) = (0, false);
    while reads < 300 {
        let (tx, rx) = mpsc::channel();
        let path = file.clone();
        std::thread::spawn(move || {
            let _ = tx.send(OsHost::new().read_file(&path, 1 << 16).is_ok());
        });
        reads += 1;
        if rx.recv_timeout(HANG).is_err() {
            blocked = true;
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(!blocked, "read {reads} blocked on a FIFO swapped in");
}
