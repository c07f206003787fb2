//! The lint's time against `grep -rIlF` of the same literals (the lint's prefilter's)
//! on the same tree, skipping the same directories: best of [`RUNS`] each, interleaved
//! after one warm-up each, in one run; and, where valgrind is installed, the
//! instructions each executes (callgrind's count, all threads), which the machine's
//! load does not change.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

/// How many runs each side of the timing gets (the best counts).
pub const RUNS: usize = 3;

/// The wall seconds of one run of `cmd` in `dir` (a clean environment), accepting exit
/// 0 and 1 (findings, matches).
fn wall(cmd: &[String], dir: &Path) -> Result<f64, String> {
    let mut c = Command::new(&cmd[0]);
    c.args(&cmd[1..]).env_clear().env("PATH", "/usr/bin:/bin").current_dir(dir);
    c.stdout(Stdio::null()).stderr(Stdio::null());
    let t = Instant::now();
    let status = c.status().map_err(|e| format!("{cmd:?}: {e}"))?;
    let secs = t.elapsed().as_secs_f64();
    if !matches!(status.code(), Some(0 | 1)) {
        return Err(format!("{cmd:?} exited {:?}", status.code()));
    }
    Ok(secs)
}

/// The instructions `cmd` executes in `dir` (a clean environment), all threads, as
/// valgrind's callgrind counts them; `None` without valgrind.
fn instructions(cmd: &[String], dir: &Path) -> Option<u64> {
    let out = Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .args(cmd)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .current_dir(dir)
        .stdout(Stdio::null())
        .output()
        .ok()?;
    let err = String::from_utf8_lossy(&out.stderr);
    let line = err.lines().find(|l| l.contains("Collected :"))?;
    line.rsplit(':').next()?.trim().parse().ok()
}

/// The two commands timed on `tree`: `grep -rIlF -f <literals>` skipping the lint's
/// directories, and `hal lint TREE`; and the literals' file, to remove after.
fn commands(hal: &Path, tree: &Path) -> Result<(Vec<String>, Vec<String>, std::path::PathBuf), String> {
    let literals = std::env::temp_dir().join(format!("hal-lint-eval-literals-{}.txt", std::process::id()));
    std::fs::write(&literals, hal_lint::prefilter_literals().join("\n") + "\n")
        .map_err(|e| format!("cannot write {}: {e}", literals.display()))?;
    let tree_s = tree.to_string_lossy().into_owned();
    let mut grep: Vec<String> = vec!["grep".into(), "-rIlF".into(), "-f".into(), literals.to_string_lossy().into()];
    grep.extend(hal_lint::SKIP_DIRS.iter().map(|d| format!("--exclude-dir={d}")));
    grep.push(tree_s.clone());
    let lint: Vec<String> = vec![hal.to_string_lossy().into(), "lint".into(), tree_s];
    Ok((grep, lint, literals))
}

/// `hal lint TREE` (the binary `hal`) against `grep -rIlF` on `tree`: `(grep, lint)`
/// seconds, the best of [`RUNS`] each.
pub fn timing(hal: &Path, tree: &Path) -> Result<(f64, f64), String> {
    let (grep, lint, literals) = commands(hal, tree)?;
    wall(&grep, tree)?;
    wall(&lint, tree)?;
    let (mut g, mut l) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..RUNS {
        g = g.min(wall(&grep, tree)?);
        l = l.min(wall(&lint, tree)?);
    }
    let _ = std::fs::remove_file(&literals);
    Ok((g, l))
}

/// The instructions of `grep -rIlF` and of `hal lint` on `tree` (see [`timing`]):
/// `(grep, lint)`, `None` without valgrind.
pub fn instruction_counts(hal: &Path, tree: &Path) -> Result<Option<(u64, u64)>, String> {
    let (grep, lint, literals) = commands(hal, tree)?;
    let counts = instructions(&grep, tree).zip(instructions(&lint, tree));
    let _ = std::fs::remove_file(&literals);
    Ok(counts)
}
