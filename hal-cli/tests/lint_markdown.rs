//! `hal lint` on hostile Markdown, through the real binary: in a huge fence, a fence never
//! closed, a hundred thousand fences and a 1 MB inline command the read inside is still
//! found at its place; each lints in time linear in its size (the timed tier, `timed_*`).
#![cfg(all(feature = "lint", unix))]

use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

/// Far longer than any of these runs takes on a loaded machine, far shorter than a hang.
const HANG: Duration = Duration::from_secs(20);

fn timed(cwd: &Path, args: &[&str], runs: usize) -> (Output, Duration) {
    hal_testkit::best_of(runs, || {
        Command::new(env!("CARGO_BIN_EXE_hal"))
            .args(args)
            .env_clear()
            .env("PATH", "/usr/bin:/bin")
            .current_dir(cwd)
            .output()
            .unwrap()
    })
}

/// `hal lint skills/x/SKILL.md` on `make(n)` takes at most 3x the linear share of the
/// time on `make(n / 8)` (best of three each, both in this run); its stdout.
fn assert_linear(n: usize, make: Make) -> String {
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

/// `hal lint skills/x/SKILL.md` once on `make(n)`: its stdout (the default tier; the
/// timed tier holds the same inputs to linear time, [`assert_linear`]).
fn lint_once(n: usize, make: Make) -> String {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("skills/x")).unwrap();
    std::fs::write(dir.path().join("skills/x/SKILL.md"), make(n)).unwrap();
    let (o, _) = timed(dir.path(), &["lint", "skills/x/SKILL.md"], 1);
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn huge_fence(n: usize) -> String {
    format!("# x\n\n```bash\n{}echo \"$CLAUDECODE\"\n```\n", "x=1\n".repeat(n))
}

fn unterminated_fence(n: usize) -> String {
    format!("```sh\n{}[ -n \"$GT_ROLE\" ] && echo gt\n", ": ok\n".repeat(n))
}

fn many_fences(n: usize) -> String {
    let mut s = "```bash\n: one\n```\n\nprose $CLAUDECODE\n\n".repeat(n);
    s.push_str("```bash\necho \"$CLAUDECODE\"\n```\n");
    s
}

fn inline_command(n: usize) -> String {
    format!("Run: !`{}echo \"$CLAUDECODE\"`\n", ": x; ".repeat(n / 5))
}

/// An input of a given size.
type Make = fn(usize) -> String;

/// Each input, at its size.
const INPUTS: [(usize, Make); 4] =
    [(200_000, huge_fence), (200_000, unterminated_fence), (100_000, many_fences), (1 << 20, inline_command)];

#[test]
fn a_huge_fence_s_read_is_found() {
    let out = lint_once(INPUTS[0].0, huge_fence);
    assert!(out.contains(&format!("skills/x/SKILL.md:{}:7: indicator-var", 200_000 + 4)), "{out}");
}

#[test]
fn an_unterminated_fence_runs_to_the_end_of_the_file() {
    let out = lint_once(INPUTS[1].0, unterminated_fence);
    assert!(out.contains(&format!("skills/x/SKILL.md:{}:7: indicator-var", 200_000 + 2)), "{out}");
}

#[test]
fn a_hundred_thousand_fences_give_one_finding() {
    let out = lint_once(INPUTS[2].0, many_fences);
    assert_eq!(out.lines().count(), 1, "{out}");
}

#[test]
fn a_one_megabyte_inline_command_s_read_is_found() {
    let out = lint_once(INPUTS[3].0, inline_command);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.contains("indicator-var"), "{out}");
}

/// Every input lints in time linear in its size.
#[test]
#[ignore = "timed"]
fn timed_markdown_lints_in_linear_time() {
    for (n, make) in INPUTS {
        assert_linear(n, make);
    }
}
