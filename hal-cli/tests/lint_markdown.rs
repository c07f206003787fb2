//! `hal lint` on hostile Markdown, through the real binary: a huge fence, a fence never
//! closed, a hundred thousand fences and a 1 MB inline command each lint in time linear
//! in their size, and the read inside is still found at its place.
#![cfg(all(feature = "lint", unix))]

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// Far longer than any of these runs takes on a loaded machine, far shorter than a hang.
const HANG: Duration = Duration::from_secs(20);

fn timed(cwd: &Path, args: &[&str], runs: usize) -> (Output, Duration) {
    let mut best = (None, Duration::MAX);
    for _ in 0..runs {
        let t = Instant::now();
        let o = Command::new(env!("CARGO_BIN_EXE_hal"))
            .args(args)
            .env_clear()
            .env("PATH", "/usr/bin:/bin")
            .current_dir(cwd)
            .output()
            .unwrap();
        let took = t.elapsed();
        if took < best.1 {
            best = (Some(o), took);
        }
    }
    (best.0.unwrap(), best.1)
}

/// `hal lint skills/x/SKILL.md` on `make(n)` takes at most 3x the linear share of the
/// time on `make(n / 8)` (best of three each, both in this run); its stdout.
fn assert_linear(n: usize, make: impl Fn(usize) -> String) -> String {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("skills/x")).unwrap();
    let file = dir.path().join("skills/x/SKILL.md");
    std::fs::write(&file, make(n / 8)).unwrap();
    let (_, small) = timed(dir.path(), &["lint", "skills/x/SKILL.md"], 3);
    std::fs::write(&file, make(n)).unwrap();
    let (o, big) = timed(dir.path(), &["lint", "skills/x/SKILL.md"], 3);
    assert!(big < HANG, "{big:?}");
    assert!(big <= small * 24, "{big:?} for n = {n}, {small:?} for n / 8: not linear");
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn a_huge_fence_lints_in_linear_time_and_its_read_is_found() {
    let out = assert_linear(200_000, |n| format!("# x\n\n```bash\n{}echo \"$CLAUDECODE\"\n```\n", "x=1\n".repeat(n)));
    assert!(out.contains(&format!("skills/x/SKILL.md:{}:7: indicator-var", 200_000 + 4)), "{out}");
}

#[test]
fn an_unterminated_fence_runs_to_the_end_of_the_file() {
    let out = assert_linear(200_000, |n| format!("```sh\n{}[ -n \"$GT_ROLE\" ] && echo gt\n", ": ok\n".repeat(n)));
    assert!(out.contains(&format!("skills/x/SKILL.md:{}:7: indicator-var", 200_000 + 2)), "{out}");
}

#[test]
fn a_hundred_thousand_fences_lint_in_linear_time() {
    let out = assert_linear(100_000, |n| {
        let mut s = "```bash\n: one\n```\n\nprose $CLAUDECODE\n\n".repeat(n);
        s.push_str("```bash\necho \"$CLAUDECODE\"\n```\n");
        s
    });
    assert_eq!(out.lines().count(), 1, "{out}");
}

#[test]
fn a_one_megabyte_inline_command_lints_in_linear_time() {
    let out = assert_linear(1 << 20, |n| format!("Run: !`{}echo \"$CLAUDECODE\"`\n", ": x; ".repeat(n / 5)));
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.contains("indicator-var"), "{out}");
}
