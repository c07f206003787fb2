//! `cargo xtask bench`: criterion benchmarks read back as ratios, and whole-process
//! timings of `hal` against `/bin/true` (and the Node peer, where installed), interleaved.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::check::{cargo, root, target_dir};

/// Where `npm install --prefix target/bench-node @vercel/detect-agent` puts the peer.
const NODE_PEER: &str = "target/bench-node";
const NODE_SCRIPT: &str = "require('@vercel/detect-agent').determineAgent().then(r => console.log(JSON.stringify(r)))";

/// `(package, bench target)`; each target's criterion group has the target's name.
const CRITERION: &[(&str, &str)] =
    &[("hal-detect", "detect"), ("hal-gupp", "plans"), ("hal-cli", "parse"), ("hal-caps", "hook")];

/// The ratio table: `(label, numerator, denominator, budget)` over criterion medians;
/// no denominator prints the numerator itself.
const RATIOS: &[(&str, &str, &str, &str)] = &[
    ("override_uncached / full_cascade_procfs", "detect/override_uncached", "detect/full_cascade_procfs", "< 0.01"),
    // The stamp is inherited state: the nearest runtime ancestor arbitrates it (issue 13),
    // so a stamp costs one walk, like a marker.
    ("stamp_uncached / floor_proc_read", "detect/stamp_uncached", "detect/floor_proc_read", "one walk"),
    ("full_cascade_procfs / floor_proc_read", "detect/full_cascade_procfs", "detect/floor_proc_read", "<= 3"),
    (
        "full_cascade_sysinfo / floor_proc_read",
        "detect/full_cascade_sysinfo",
        "detect/floor_proc_read",
        "(sysinfo, for the record)",
    ),
    ("marker_uncached / floor_proc_read", "detect/marker_uncached", "detect/floor_proc_read", "one walk"),
    ("cached (ns)", "detect/cached", "", "nanoseconds"),
    (
        "plans: every provider x role / one row clone",
        "plans/capabilities_and_every_role_plan",
        "plans/baseline_clone_row",
        "-",
    ),
    ("parse: hot path / clap (two hook command lines)", "parse/fast", "parse/clap", "-"),
    ("hook: parse a 1 KiB payload (ns)", "hook/parse_1k", "", "nanoseconds"),
    ("hook: streaming reader / in memory (1 KiB)", "hook/parse_reader_1k", "hook/parse_1k", "-"),
];

/// The payload of the `hal hook` row: a fixture of the hook tests.
const HOOK_PAYLOAD: &[u8] = include_bytes!("../../hal-caps/tests/fixtures/hooks/claude/PreToolUse.json");

fn median(v: &mut [Duration]) -> Duration {
    v.sort_unstable();
    v[v.len() / 2]
}

fn time_once(cmd: &mut Command) -> Duration {
    let t = Instant::now();
    let status = cmd.stderr(Stdio::null()).status();
    let d = t.elapsed();
    assert!(status.is_ok_and(|s| s.success()), "{cmd:?} failed");
    d
}

/// One whole-process benchmark: a command, where it runs, and how often.
struct Row {
    label: String,
    argv: Vec<String>,
    env: &'static [(&'static str, &'static str)],
    dir: PathBuf,
    /// Runs every `every`-th round (the Node peer is slow).
    every: usize,
    /// A file on stdin (`hal hook`'s payload); none: stdin is inherited.
    stdin: Option<PathBuf>,
    times: Vec<Duration>,
}

impl Row {
    fn new(label: &str, argv: &[&str], dir: &Path) -> Self {
        Self {
            label: label.to_owned(),
            argv: argv.iter().map(|&a| a.to_owned()).collect(),
            env: &[],
            dir: dir.to_path_buf(),
            every: 1,
            stdin: None,
            times: Vec::new(),
        }
    }

    /// The command, run by `wrapper` if given, with a cleared environment: hal must not
    /// see the runtime this benchmark itself may run under.
    fn command(&self, wrapper: &[&str]) -> Command {
        let mut words = wrapper.iter().copied().chain(self.argv.iter().map(String::as_str));
        let mut c = Command::new(words.next().unwrap_or_default());
        c.args(words).env_clear().env("PATH", "/usr/bin:/bin").envs(self.env.iter().copied());
        c.current_dir(&self.dir).stdout(Stdio::null());
        if let Some(path) = &self.stdin {
            c.stdin(std::fs::File::open(path).map_or_else(|_| Stdio::null(), Stdio::from));
        }
        c
    }

    /// Peak RSS through GNU time, where installed.
    #[allow(clippy::cast_precision_loss, reason = "KiB of RSS fit f64 exactly")]
    fn peak_rss(&self) -> String {
        self.command(&["/usr/bin/time", "-f", "%M"])
            .output()
            .ok()
            .and_then(|out| String::from_utf8_lossy(&out.stderr).lines().last()?.trim().parse::<u64>().ok())
            .map_or_else(|| "n/a (no /usr/bin/time)".to_owned(), |kib| format!("{:.1} MiB", kib as f64 / 1024.0))
    }
}

fn criterion_medians() -> Vec<(String, f64)> {
    let mut out = Vec::new();
    let dir = root().join("target/criterion");
    for (_, group) in CRITERION {
        let Ok(entries) = std::fs::read_dir(dir.join(group)) else { continue };
        for e in entries.flatten() {
            let est = e.path().join("new/estimates.json");
            let Ok(text) = std::fs::read_to_string(&est) else { continue };
            // {"mean":{...},"median":{"confidence_interval":{...},"point_estimate":123.4,...
            let median = text
                .split("\"median\"")
                .nth(1)
                .and_then(|m| m.split("\"point_estimate\":").nth(1))
                .and_then(|p| p.split([',', '}']).next())
                .and_then(|p| p.trim().parse::<f64>().ok());
            if let Some(m) = median {
                out.push((format!("{group}/{}", e.file_name().to_string_lossy()), m));
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Builds every variant of hal, then times them against `/bin/true` (and the Node peer,
/// where installed), interleaved round by round.
fn whole_process(runs: usize, report: &mut String) -> Result<(), String> {
    use crate::dist::{Static, build_release, build_static};

    let dynamic = build_release(&[])?.to_string_lossy().into_owned();
    let dist = build_static(Static::Plain).map_or_else(|_| dynamic.clone(), |p| p.to_string_lossy().into_owned());
    let pie = build_static(Static::Pie).ok().map(|p| p.to_string_lossy().into_owned());
    let tmp = std::env::temp_dir();

    let detect = [dist.as_str(), "detect", "--json"];
    let mut rows = vec![
        Row::new("/bin/true", &["/bin/true"], &tmp),
        Row::new("hal detect --json", &detect, &tmp),
        Row::new("hal startup --role polecat --json", &[&dist, "startup", "--role", "polecat", "--json"], &tmp),
        Row { env: &[("GT_RUNTIME", "codex")], ..Row::new("GT_RUNTIME=codex hal detect --json", &detect, &tmp) },
    ];
    // A hook's call: a Claude Code PreToolUse payload on stdin (budget: 1.5x detect --json).
    let payload = tmp.join("hal-bench-hook-payload.json");
    std::fs::write(&payload, HOOK_PAYLOAD).map_err(|e| format!("cannot write {}: {e}", payload.display()))?;
    let hook = Row::new("hal hook --json < PreToolUse payload", &[&dist, "hook", "--json"], &tmp);
    rows.push(Row { stdin: Some(payload), ..hook });
    if let Some(pie) = &pie {
        rows.push(Row::new("hal detect --json (static-pie build)", &[pie, "detect", "--json"], &tmp));
    }
    rows.push(Row::new("hal detect --json (cargo build --release)", &[&dynamic, "detect", "--json"], &tmp));
    let node_dir = root().join(NODE_PEER);
    let node = Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success())
        && node_dir.join("node_modules/@vercel/detect-agent").is_dir();
    if node {
        let peer = Row::new("node -e <@vercel/detect-agent>", &["node", "-e", NODE_SCRIPT], &node_dir);
        rows.push(Row { every: 10, ..peer });
    }

    eprintln!("==> {runs} interleaved rounds");
    let n = rows.len();
    for round in 0..runs {
        // Each round starts one row later, so that no command always follows the same one.
        for k in 0..n {
            let row = &mut rows[(k + round) % n];
            if round % row.every == 0 {
                let t = time_once(&mut row.command(&[]));
                row.times.push(t);
            }
        }
    }
    let medians: Vec<f64> = rows.iter_mut().map(|r| median(&mut r.times).as_secs_f64()).collect();
    let floor = medians[0];
    let peer = node.then(|| medians[medians.len() - 1]);
    let _ = writeln!(report, "\n### Whole process ({runs} interleaved rounds, medians)\n");
    let _ = writeln!(
        report,
        "The hal rows without a build named run `cargo xtask dist`'s binary, the one hooks install.\n"
    );
    let _ = writeln!(report, "| command | runs | median | ratio to /bin/true | Node peer / this | peak RSS |");
    let _ = writeln!(report, "|---|---|---|---|---|---|");
    for (row, med) in rows.iter().zip(&medians) {
        let vs_peer = peer.map_or_else(|| "-".to_owned(), |p| format!("{:.0}x", p / med));
        let _ = writeln!(
            report,
            "| `{}` | {} | {:.3} ms | {:.2} | {vs_peer} | {} |",
            row.label,
            row.times.len(),
            med * 1e3,
            med / floor,
            row.peak_rss()
        );
    }
    if !node {
        let _ = writeln!(
            report,
            "\nNode peer skipped: install it with `npm install --prefix {NODE_PEER} @vercel/detect-agent`."
        );
    }
    Ok(())
}

/// Directories neither side of the lint row enters (the lint skips them too).
const LINT_SKIP_DIRS: &[&str] = &[".git", "node_modules", "target"];

/// Wall, user and system seconds of one run of `cmd` (through GNU time where installed,
/// else wall only), accepting exit 0 and 1 (findings, matches).
fn time_run(cmd: &[&str], dir: &Path) -> Result<(f64, Option<f64>), String> {
    let gnu = Path::new("/usr/bin/time").is_file();
    let mut c = if gnu {
        let mut c = Command::new("/usr/bin/time");
        c.args(["-f", "%U %S"]).args(cmd);
        c
    } else {
        let mut c = Command::new(cmd[0]);
        c.args(&cmd[1..]);
        c
    };
    c.env_clear().env("PATH", "/usr/bin:/bin").current_dir(dir).stdout(Stdio::null()).stderr(Stdio::piped());
    let t = Instant::now();
    let out = c.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    let wall = t.elapsed().as_secs_f64();
    if !matches!(out.status.code(), Some(0 | 1)) {
        return Err(format!("{cmd:?} exited {:?}", out.status.code()));
    }
    let cpu = gnu
        .then(|| {
            let text = String::from_utf8_lossy(&out.stderr);
            let last = text.lines().last()?.to_owned();
            let mut it = last.split_whitespace().map(|w| w.parse::<f64>().ok());
            Some(it.next()?? + it.next()??)
        })
        .flatten();
    Ok((wall, cpu))
}

/// The lint row: `hal lint TREE` against `grep -rIlF` of the same literals
/// (`hal_lint::prefilter_literals`) on the same tree, interleaved, medians; and the cores
/// the lint used (CPU time over wall time).
fn lint_vs_grep(tree: &Path, runs: usize, report: &mut String) -> Result<(), String> {
    let hal = target_dir().join("release/hal");
    if !hal.is_file() {
        return Err(format!("{} missing: the release build did not run", hal.display()));
    }
    let literals = std::env::temp_dir().join("hal-bench-lint-literals.txt");
    std::fs::write(&literals, hal_lint::prefilter_literals().join("\n") + "\n")
        .map_err(|e| format!("cannot write {}: {e}", literals.display()))?;
    let tree_s = tree.to_string_lossy().into_owned();
    let lit_s = literals.to_string_lossy().into_owned();
    let mut grep: Vec<String> = vec!["grep".into(), "-rIlF".into(), "-f".into(), lit_s];
    grep.extend(LINT_SKIP_DIRS.iter().map(|d| format!("--exclude-dir={d}")));
    grep.push(tree_s.clone());
    let grep: Vec<&str> = grep.iter().map(String::as_str).collect();
    let lint = [hal.to_str().unwrap_or("hal"), "lint", &tree_s];
    let files = hal_lint::lint_paths(&[tree.to_path_buf()], &hal_lint::Options::default()).files;
    eprintln!("==> lint vs grep on {} ({files} files linted), {runs} interleaved rounds", tree.display());
    let (mut g, mut l, mut cores) = (Vec::new(), Vec::new(), Vec::new());
    // One warm-up round each: both read the tree from the page cache.
    time_run(&grep, tree)?;
    time_run(&lint, tree)?;
    for round in 0..runs {
        let order: [bool; 2] = if round % 2 == 0 { [true, false] } else { [false, true] };
        for is_lint in order {
            if is_lint {
                let (wall, cpu) = time_run(&lint, tree)?;
                l.push(wall);
                cores.extend(cpu.map(|c| c / wall));
            } else {
                g.push(time_run(&grep, tree)?.0);
            }
        }
    }
    let med = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(0.0)
    };
    let (gm, lm) = (med(&mut g), med(&mut l));
    let cores = if cores.is_empty() { "n/a (no /usr/bin/time)".to_owned() } else { format!("{:.2}", med(&mut cores)) };
    let machine = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let _ = writeln!(report, "\n### The lint against grep ({runs} interleaved rounds, medians)\n");
    let _ = writeln!(
        report,
        "On `{}` ({files} files). grep reads every file for the same {} literals the lint's prefilter looks for; the lint also parses the files that hold one. Budget: at most 3x grep.\n",
        tree.file_name().map_or_else(|| tree_s.clone(), |n| n.to_string_lossy().into_owned()),
        hal_lint::prefilter_literals().len()
    );
    let _ = writeln!(report, "| command | median | ratio to grep | cores used (of {machine}) |\n|---|---|---|---|");
    let _ = writeln!(report, "| `grep -rIlF -f <literals>` | {gm:.3} s | 1.00 | 1 |");
    let _ = writeln!(report, "| `hal lint` | {lm:.3} s | {} | {cores} |", ratio(lm, gm));
    Ok(())
}

fn ratio(a: f64, b: f64) -> String {
    if b > 0.0 { format!("{:.3}", a / b) } else { "n/a".to_owned() }
}

pub(crate) fn bench(args: &[String]) -> Result<(), String> {
    const USAGE: &str = "usage: cargo xtask bench [--runs N] [--write] [--lint-tree DIR] [--lint-only]";
    let (mut runs, mut write, mut lint_only) = (300, false, false);
    let mut lint_tree = root();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--runs" => runs = it.next().and_then(|n| n.parse().ok()).filter(|n| *n > 0).ok_or(USAGE)?,
            "--write" => write = true,
            "--lint-tree" => lint_tree = it.next().map(PathBuf::from).ok_or(USAGE)?,
            "--lint-only" => lint_only = true,
            _ => return Err(USAGE.to_owned()),
        }
    }
    if lint_only {
        crate::dist::build_release(&[])?;
        let mut report = String::new();
        lint_vs_grep(&lint_tree, runs.min(9), &mut report)?;
        println!("{report}");
        return Ok(());
    }
    let mut report = String::new();

    let mut bench = cargo();
    bench.args(["bench", "-q"]);
    for (package, group) in CRITERION {
        bench.args(["-p", package, "--bench", group]);
    }
    crate::check::run_step("criterion (cargo bench)", bench)?;
    let m = criterion_medians();
    let get = |name: &str| m.iter().find(|(n, _)| n == name).map_or(0.0, |(_, v)| *v);
    let _ = writeln!(report, "### In-process (criterion medians, ns)\n");
    let _ = writeln!(report, "| benchmark | median ns |\n|---|---|");
    for (name, v) in &m {
        let _ = writeln!(report, "| {name} | {v:.1} |");
    }
    let _ = writeln!(report, "\n| ratio | value | budget |\n|---|---|---|");
    for (label, num, den, budget) in RATIOS {
        let value = if den.is_empty() { format!("{:.2}", get(num)) } else { ratio(get(num), get(den)) };
        let _ = writeln!(report, "| {label} | {value} | {budget} |");
    }

    whole_process(runs, &mut report)?;
    lint_vs_grep(&lint_tree, runs.min(9), &mut report)?;
    println!("{report}");
    if write {
        let path = root().join("BENCHMARKS.md");
        let doc = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let doc =
            crate::codegen::replace_section(&doc, "BENCHMARKS.md", "results", "cargo xtask bench --write", &report)?;
        std::fs::write(&path, doc).map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("updated BENCHMARKS.md");
    }
    Ok(())
}
