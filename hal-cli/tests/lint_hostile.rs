//! `hal lint` on hostile trees, through the real binary: names and comments carrying
//! terminal escapes never reach stdout raw; devices, FIFOs and symlinks to devices named
//! explicitly end at once with a diagnostic and exit 2; huge one-line files and
//! manifests are linted (in time linear in their size: the timed tier, `timed_*`); nesting in strings does not hide a finding; names
//! that are not UTF-8 are linted.
#![cfg(all(feature = "lint", unix))]

use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

/// The output of `hal ARGS` in `cwd`, and how long the fastest of `runs` runs took (a
/// loaded machine slows one run, not the program).
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

fn hal_in(cwd: &Path, args: &[&str]) -> (Output, Duration) {
    timed(cwd, args, 1)
}

/// Far longer than any of these runs takes on a loaded machine, far shorter than a hang:
/// a run past it is a read that blocked (a FIFO, a device), not a slow machine.
const HANG: Duration = Duration::from_secs(20);

/// The work grows linearly: `hal lint FILE` on an input of size `n` (`make(n)`) takes at
/// most 3x the linear share of the time on one of size `n / 8`, both measured in this run
/// (best of three each), so a loaded machine slows both alike. Quadratic work would
/// take 64x; linear work, at most 8x (less, for the process's fixed cost).
fn assert_linear(name: &str, n: usize, make: &dyn Fn(usize) -> String) -> Output {
    let dir = tempfile::tempdir().unwrap();
    if let Some(parent) = Path::new(name).parent() {
        std::fs::create_dir_all(dir.path().join(parent)).unwrap();
    }
    std::fs::write(dir.path().join(name), make(n / 8)).unwrap();
    let (_, small) = timed(dir.path(), &["lint", name], 3);
    std::fs::write(dir.path().join(name), make(n)).unwrap();
    let (o, big) = timed(dir.path(), &["lint", name], 3);
    assert!(big < HANG, "{name}: {big:?}");
    assert!(big <= small * 24, "{name}: {big:?} for n = {n}, {small:?} for n / 8: not linear");
    o
}

/// `hal lint FILE` once on an input of size `n` (`make(n)`): what the default tier checks
/// of a huge input (its findings; the linearity is the timed tier's, [`assert_linear`]).
fn lint_once(name: &str, n: usize, make: &dyn Fn(usize) -> String) -> Output {
    let dir = tempfile::tempdir().unwrap();
    if let Some(parent) = Path::new(name).parent() {
        std::fs::create_dir_all(dir.path().join(parent)).unwrap();
    }
    std::fs::write(dir.path().join(name), make(n)).unwrap();
    hal_in(dir.path(), &["lint", name]).0
}

/// How a test lints its huge input: once ([`lint_once`]) or timed ([`assert_linear`]).
type Lint = fn(&str, usize, &dyn Fn(usize) -> String) -> Output;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// No byte of `out` is a control character other than a newline ending a line, and no
/// bidi override is there.
fn assert_clean(out: &[u8]) {
    let s = text(out);
    for c in s.chars() {
        assert!(c == '\n' || !c.is_control(), "raw {c:?} in {s:?}");
        assert!(!('\u{202a}'..='\u{202e}').contains(&c), "raw bidi in {s:?}");
    }
}

#[test]
fn escapes_in_names_and_comments_never_reach_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let esc = dir.path().join("esc");
    std::fs::create_dir(&esc).unwrap();
    // A name that clears the screen and sets the window title, and one with a newline
    // that would forge a finding line, and one with a bidi override.
    let names = ["\u{1b}[2J\u{1b}]0;pwned\u{7}x.ts", "a\nforged.ts:1:1: indicator-var: fake.ts", "b\u{202e}st.ts"];
    for n in names {
        std::fs::write(esc.join(n), "const a = process.env.CLAUDECODE;\n").unwrap();
    }
    // A suppression comment naming an unknown rule made of escapes.
    std::fs::write(esc.join("s.ts"), "// hal-lint: allow(\u{1b}[31mred) why\nconst b = process.env.GT_ROLE;\n")
        .unwrap();
    let (o, _) = hal_in(dir.path(), &["lint", "esc"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert_clean(&o.stdout);
    assert_clean(&o.stderr);
    let out = text(&o.stdout);
    assert_eq!(out.lines().count(), 5, "{out}");
    assert!(out.contains("\\u{1b}[2J"), "{out}");
    assert!(out.contains("a\\nforged.ts"), "{out}");
    assert!(out.contains("\\u{202e}"), "{out}");
    let (o, _) = hal_in(dir.path(), &["lint", "esc", "--format", "github"]);
    assert_clean(&o.stdout);
}

#[test]
fn devices_fifos_and_symlinks_to_devices_are_never_read() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.sh");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("zero.js")).unwrap();
    std::os::unix::fs::symlink("/dev/urandom", dir.path().join("random.py")).unwrap();
    for path in ["/dev/zero", "/dev/urandom", "/dev/stdin", "pipe.sh", "zero.js", "random.py"] {
        // The exit path says nothing was read: refused before opening, exit 2.
        let (o, _) = hal_in(dir.path(), &["lint", path]);
        assert_eq!(o.status.code(), Some(2), "{path}: {}", text(&o.stderr));
        let err = text(&o.stderr);
        assert!(err.contains("not a regular file"), "{path}: {err}");
    }
    // Walked, the same tree is linted without reading them (symlinks are not followed).
    let (o, _) = hal_in(dir.path(), &["lint", "."]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

#[test]
fn huge_one_line_files_are_linted() {
    huge_one_line_files(lint_once);
}

#[test]
#[ignore = "timed"]
fn timed_huge_one_line_files_lint_in_linear_time() {
    huge_one_line_files(assert_linear);
}

fn huge_one_line_files(lint: Lint) {
    // 12 MiB and 1.5 MiB: both past the parsers' 1 MiB (and under the 16 MiB the lint reads
    // at most), so both are scanned line by line.
    let mb12 = 12 << 20;
    let js = |n: usize| format!("var a=[{}];process.env.CLAUDECODE;\n", "1,".repeat(n / 2));
    let py = |n: usize| format!("a = [{}]; os.environ['CLAUDECODE']\n", "1,".repeat(n / 2));
    let sh = |n: usize| format!("a=\"{}\"; echo \"$CLAUDECODE\"\n", "x ".repeat(n / 2));
    let makers: [(&str, &dyn Fn(usize) -> String); 3] = [("min.js", &js), ("big.py", &py), ("long.sh", &sh)];
    for (name, make) in makers {
        let o = lint(name, mb12, make);
        assert_eq!(o.status.code(), Some(1), "{name}: {}", text(&o.stderr));
        assert!(text(&o.stdout).contains("indicator-var"), "{name}: {}", text(&o.stdout));
        assert!(text(&o.stderr).lines().all(|l| l.chars().count() < 600), "{name}: unbounded warning");
    }
}

#[test]
fn a_manifest_with_50k_dependencies_is_linted() {
    a_manifest_with_50k_dependencies(lint_once);
}

#[test]
#[ignore = "timed"]
fn timed_a_manifest_with_50k_dependencies_lints_in_linear_time() {
    a_manifest_with_50k_dependencies(assert_linear);
}

fn a_manifest_with_50k_dependencies(lint: Lint) {
    let cargo = |n: usize| {
        let mut s = String::from("[package]\nname = \"big\"\nversion = \"0.1.0\"\n\n[dependencies]\n");
        for i in 0..n {
            let _ = writeln!(s, "dep{i} = {{ version = \"0.30\" }}");
        }
        s + "hal = { package = \"hal-detect\", version = \"0.1\" }\n"
    };
    let pkg = |n: usize| {
        let mut s = String::from("{\"name\": \"big\", \"dependencies\": {\n");
        for i in 0..n {
            let _ = writeln!(s, "  \"dep{i}\": \"1.0.0\",");
        }
        s + "  \"is-ai-agent\": \"1\"\n}}\n"
    };
    let o = lint("Cargo.toml", 50_000, &cargo);
    assert_eq!(o.status.code(), Some(1), "Cargo.toml: {}", text(&o.stderr));
    let o = lint("npm/package.json", 50_000, &pkg);
    assert_eq!(o.status.code(), Some(1), "npm/package.json: {}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout).lines().next().map(|l| l.split(": ").next().unwrap_or("").to_owned()),
        Some("npm/package.json:50002:3".to_owned())
    );
    // A TOML error quoting a 400 KB line is a bounded warning.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("pyproject.toml"), format!("[project\nname = \"{}\"\n", "x".repeat(400_000)))
        .unwrap();
    let (o, _) = hal_in(dir.path(), &["lint", "pyproject.toml"]);
    assert!(text(&o.stderr).lines().all(|l| l.chars().count() < 600), "{}", text(&o.stderr).len());
}

#[test]
fn parentheses_in_a_rust_string_do_not_hide_a_finding() {
    let dir = tempfile::tempdir().unwrap();
    let src = format!(
        "const OPEN: &str = \"{}\";\n// {}\nfn f() -> bool {{ std::env::var(\"CLAUDECODE\").is_ok() }}\n",
        "(".repeat(300),
        "(".repeat(300)
    );
    std::fs::write(dir.path().join("lib.rs"), src).unwrap();
    let (o, _) = hal_in(dir.path(), &["lint", "lib.rs"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(text(&o.stdout).starts_with("lib.rs:3:32: indicator-var:"), "{}", text(&o.stdout));
    assert_eq!(text(&o.stderr), "");
}

#[test]
fn names_that_are_not_utf8_are_linted() {
    use std::os::unix::ffi::OsStrExt as _;
    let dir = tempfile::tempdir().unwrap();
    let name = std::ffi::OsStr::from_bytes(b"hook\xff\xfe.sh");
    std::fs::write(dir.path().join(name), "echo \"$CLAUDECODE\"\n").unwrap();
    let (o, _) = hal_in(dir.path(), &["lint", "."]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout).lines().next().map(|l| l.split(": ").next().unwrap_or("").to_owned()),
        Some("hook\\xff\\xfe.sh:1:7".to_owned())
    );
}

/// The first character of hal-caps' table of unsafe characters in `out`, other than a
/// newline ending a line.
fn first_raw(out: &[u8]) -> Option<(usize, char)> {
    let s = text(out);
    hal_caps::text::first_unsafe(&s.replace('\n', " "))
}

#[test]
fn lint_json_and_text_carry_no_raw_unsafe_character() {
    // N8: a bad suppression quoting a CSI and a bidi override, a file name holding a
    // zero-width space and a Hangul filler; N16's format characters.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("b.py"),
        "x = 1  # hal-lint: allow(\u{9b}31mevil\u{202e}\u{200b}\u{3164}) because\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("z\u{200b}\u{3164}\u{600}\u{fe0f}.sh"), "echo \"$CLAUDECODE\"\n").unwrap();
    for args in
        [&["lint", "--json", "."][..], &["lint", "."], &["lint", "--format", "github", "."], &["-v", "lint", "."]]
    {
        let (o, _) = hal_in(dir.path(), args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", text(&o.stderr));
        assert_eq!(first_raw(&o.stdout), None, "{args:?}: {}", text(&o.stdout));
        assert_eq!(first_raw(&o.stderr), None, "{args:?}: {}", text(&o.stderr));
        assert!(text(&o.stdout).contains("bad-suppression"), "{args:?}");
    }
    let (o, _) = hal_in(dir.path(), &["lint", "--json", "."]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let messages: Vec<&str> = v["findings"].as_array().unwrap().iter().filter_map(|f| f["message"].as_str()).collect();
    assert!(
        messages.iter().any(|m| m.contains('\u{202e}')),
        "the JSON value keeps the character, escaped: {messages:?}"
    );
}

/// The `lint_left_out` diagnostics of `hal lint --json .` in `dir`.
fn left_out(dir: &Path, args: &[&str]) -> Vec<String> {
    let (o, _) = hal_in(dir, args);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(&o.stdout)));
    v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "lint_left_out")
        .map(|d| d["message"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn what_ignore_files_and_the_depth_limit_leave_out_is_reported() {
    // N6: a committed `.ignore` of `*.sh` switched the lint off for the hook without a
    // word; files below 64 levels were skipped silently.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".ignore"), "*.sh\n").unwrap();
    std::fs::write(dir.path().join("hook.sh"), "echo \"$CLAUDECODE\"\n").unwrap();
    std::fs::write(dir.path().join("notes.txt"), "not a kind the lint knows\n").unwrap();
    let said = left_out(dir.path(), &["lint", "--json", "."]);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("1 file(s)") && said[0].contains("hook.sh"), "{said:?}");
    // Text: a warning with -v, not without (most trees ignore some files).
    let (o, _) = hal_in(dir.path(), &["lint", "."]);
    assert!(!text(&o.stderr).contains("left out"), "{}", text(&o.stderr));
    let (o, _) = hal_in(dir.path(), &["-v", "lint", "."]);
    assert!(text(&o.stderr).contains("left out") && text(&o.stderr).contains("hook.sh"), "{}", text(&o.stderr));
    // Depth: a file 66 levels down.
    let deep = tempfile::tempdir().unwrap();
    let mut p = deep.path().to_path_buf();
    for _ in 0..66 {
        p.push("d");
    }
    std::fs::create_dir_all(&p).unwrap();
    std::fs::write(p.join("deep.py"), "import os\nos.environ['CLAUDECODE']\n").unwrap();
    let said = left_out(deep.path(), &["lint", "--json", "."]);
    assert!(said.len() == 1 && said[0].contains("1 deeper than 64"), "{said:?}");
    // Nothing left out: nothing said.
    let clean = tempfile::tempdir().unwrap();
    std::fs::write(clean.path().join("hook.sh"), "echo hi\n").unwrap();
    assert_eq!(left_out(clean.path(), &["lint", "--json", "."]), Vec::<String>::new());
}

#[test]
fn findings_of_one_file_are_held_compactly() {
    // N19: 16 MiB - 1 of violations made 409,200 findings and 826 MB of RSS for --json.
    // At most 1,000 are listed, the rest counted; under a 512 MiB address-space limit.
    let dir = tempfile::tempdir().unwrap();
    let line = "echo \"$CLAUDECODE\"\n";
    let src = line.repeat(((16 << 20) - 1) / line.len());
    std::fs::write(dir.path().join("many.sh"), &src).unwrap();
    let script = format!("ulimit -v 524288 && exec {} lint --json many.sh", env!("CARGO_BIN_EXE_hal"));
    let mut child = Command::new("sh")
        .args(["-c", &script])
        .env_clear()
        .current_dir(dir.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let read = |mut r: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut out = Vec::new();
            let _ = r.read_to_end(&mut out);
            out
        })
    };
    let stdout = read(Box::new(child.stdout.take().unwrap()));
    let stderr = read(Box::new(child.stderr.take().unwrap()));
    // The peak RSS (`VmHWM`), read while it runs.
    let status = format!("/proc/{}/status", child.id());
    let mut peak_kib = 0_u64;
    while child.try_wait().unwrap().is_none() {
        if let Ok(s) = std::fs::read_to_string(&status) {
            let hwm = s.lines().find_map(|l| l.strip_prefix("VmHWM:"));
            let hwm = hwm.and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok());
            peak_kib = peak_kib.max(hwm.unwrap_or(0));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let o = Output { status: child.wait().unwrap(), stdout: stdout.join().unwrap(), stderr: stderr.join().unwrap() };
    // A small multiple of the file's 16 MiB (826 MB before).
    assert!(peak_kib < 128 << 10, "{peak_kib} KiB");
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["findings"].as_array().unwrap().len(), 1000);
    let more = src.lines().count() - 1000;
    let said = v["diagnostics"].as_array().unwrap().iter().find(|d| d["code"] == "lint_left_out").unwrap();
    assert!(said["message"].as_str().unwrap().contains(&format!("{more} more findings")), "{said}");
}
