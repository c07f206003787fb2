//! Test support: real process trees under named executables, and a host that sees the
//! real filesystem but no environment or ancestry.
#![allow(dead_code, unreachable_pub)]

use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;

use hal_detect::{Ancestry, Host, OsHost, Stat};

/// The real filesystem; a given environment (empty by default); no ancestors.
#[derive(Debug, Default)]
pub struct FsOnly(pub Vec<(&'static str, OsString)>);

impl Host for FsOnly {
    fn var(&self, name: &str) -> Option<OsString> {
        self.0.iter().find(|(k, _)| *k == name).map(|(_, v)| v.clone())
    }
    fn current_dir(&self) -> io::Result<PathBuf> {
        Ok(PathBuf::from("/nonexistent-cwd"))
    }
    fn stat(&self, path: &Path) -> io::Result<Stat> {
        OsHost::new().stat(path)
    }
    fn read_file(&self, path: &Path, limit: u64) -> io::Result<Vec<u8>> {
        OsHost::new().read_file(path, limit)
    }
    fn ancestry(&self, _: usize) -> Ancestry {
        Ancestry::default()
    }

    fn person_at_terminal(&self) -> bool {
        false
    }
}

/// A shell (a copy of `/bin/sh`) installed under `name` in `dir`.
pub fn shell_named(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::copy("/bin/sh", &path).unwrap();
    path
}

/// Runs `probe` (argv) under a chain of named shells, outermost first, with a plain
/// `sh` between the innermost and the probe; the environment is cleared except `env`.
/// Returns the probe's stdout.
pub fn run_under(chain: &[&Path], probe: &[OsString], env: &[(&str, &str)], cwd: &Path) -> String {
    let links: Vec<Link> = chain.iter().map(|p| Link::Exe(p.to_path_buf())).collect();
    run_chain(&links, probe, env, cwd)
}

/// The probe line printed by a test binary re-run in probe mode.
pub fn probe_line(stdout: &str) -> String {
    stdout
        .lines()
        .find_map(|l| l.split_once("HAL-PROBE ").map(|(_, rest)| rest.trim()))
        .unwrap_or_else(|| panic!("no probe line in: {stdout}"))
        .to_owned()
}

/// `cmd.output()`, retried while the kernel says "text file busy": a just-copied
/// executable can still be open for writing in a child forked by a parallel test.
pub fn output_retrying(cmd: &mut Command) -> std::process::Output {
    for _ in 0..100 {
        match cmd.output() {
            Err(e) if e.kind() == io::ErrorKind::ExecutableFileBusy => {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            other => return other.unwrap(),
        }
    }
    panic!("{cmd:?}: text file busy for a second");
}

/// One process of a launcher chain: a named executable, or an interpreter running a
/// script (`node …/@google/gemini-cli/bundle/gemini.js`).
#[derive(Debug, Clone)]
pub enum Link {
    /// A copy of `/bin/sh` under a runtime's executable name.
    Exe(PathBuf),
    /// A copy of `/bin/sh` named like an interpreter, running a script at a package path.
    Script(PathBuf, PathBuf),
}

impl Link {
    /// The executable `name` (a copy of `/bin/sh`) in `dir`.
    pub fn exe(dir: &Path, name: &str) -> Self {
        Self::Exe(shell_named(dir, name))
    }

    /// `node <dir>/<script>`: the interpreter is a copy of `/bin/sh` named `node`, the
    /// script runs its arguments.
    pub fn node(dir: &Path, script: &str) -> Self {
        let node = dir.join("bin").join("node");
        if !node.exists() {
            shell_named(&dir.join("bin"), "node");
        }
        let path = dir.join(script);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "\"$@\"; true\n").unwrap();
        Self::Script(node, path)
    }

    fn argv(&self) -> Vec<OsString> {
        match self {
            Self::Exe(shell) => vec![shell.as_os_str().to_owned(), "-c".into(), "\"$@\"; true".into(), "sh".into()],
            Self::Script(node, script) => vec![node.as_os_str().to_owned(), script.as_os_str().to_owned()],
        }
    }
}

/// Runs `probe` under `links`, outermost first (a plain `sh` between the innermost and
/// the probe); the environment is cleared except `env`. Returns the probe's stdout.
pub fn run_chain(links: &[Link], probe: &[OsString], env: &[(&str, &str)], cwd: &Path) -> String {
    let mut argv: Vec<OsString> = vec!["/bin/sh".into(), "-c".into(), "\"$@\"; true".into(), "sh".into()];
    argv.extend(probe.iter().cloned());
    for link in links.iter().rev() {
        let mut outer = link.argv();
        outer.extend(argv);
        argv = outer;
    }
    let mut cmd = Command::new(&argv[0]);
    cmd.args(&argv[1..]).env_clear().env("PATH", "/usr/bin:/bin").current_dir(cwd);
    for (k, v) in env {
        cmd.env(k, v);
    }
    // An inner link is exec'd by the shell outside it, where `output_retrying` cannot
    // see it: a just-copied executable still open in a parallel test's forked child
    // makes that exec fail ("Text file busy") and the chain print nothing. Run again.
    for _ in 0..100 {
        let out = output_retrying(&mut cmd);
        assert!(out.status.success(), "probe failed: {}", String::from_utf8_lossy(&out.stderr));
        let stderr = String::from_utf8_lossy(&out.stderr);
        if !stderr.contains("Text file busy") {
            if !stderr.is_empty() {
                // Shown with a failing test's output: why the chain printed nothing.
                eprintln!("chain stderr: {stderr}");
            }
            return String::from_utf8_lossy(&out.stdout).into_owned();
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("{cmd:?}: an inner link's executable stayed busy for a second");
}
