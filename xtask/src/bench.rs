//! `cargo xtask bench`: criterion benchmarks read back as ratios, and whole-process
//! timings of `hal` against `/bin/true` (and the Node peer, where installed), interleaved.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::util::{cargo, root, target_dir};

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

    /// Peak RSS in MiB through GNU time, where installed.
    #[allow(clippy::cast_precision_loss, reason = "KiB of RSS fit f64 exactly")]
    fn peak_rss_mib(&self) -> Option<f64> {
        self.gnu_time("%M").map(|kib| kib as f64 / 1024.0)
    }

    /// Minor page faults of one run through GNU time, where installed: a count the
    /// machine's load does not change.
    fn page_faults(&self) -> Option<u64> {
        self.gnu_time("%R")
    }

    /// One figure of GNU time's `format` (a number) for one run of the command.
    fn gnu_time(&self, format: &str) -> Option<u64> {
        self.command(&["/usr/bin/time", "-f", format])
            .output()
            .ok()
            .and_then(|out| String::from_utf8_lossy(&out.stderr).lines().last()?.trim().parse::<u64>().ok())
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
fn whole_process(runs: usize) -> Result<Vec<Whole>, String> {
    use crate::dist::{Static, build_release, build_static};

    let dynamic = installed(&build_release(&[])?, "hal-release")?;
    let dist = match build_static(Static::Plain) {
        Ok(p) => installed(&p, "hal")?,
        Err(_) => dynamic.clone(),
    };
    let pie = build_static(Static::Pie).ok().map(|p| installed(&p, "hal-static-pie")).transpose()?;
    let tmp = std::env::temp_dir();

    let mut rows = detection_rows(&dist, &tmp)?;
    rows.insert(
        2,
        Row::new("hal startup --role polecat --json", &[&dist, "startup", "--role", "polecat", "--json"], &tmp),
    );
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

    interleave(&mut rows, runs);
    Ok(wholes(&mut rows))
}

/// A copy of the binary `built` named `name` in `target/bench/`, as a package installs it
/// (written whole): its path. The linker's own output file costs more to start: on the
/// benchmark machine 0.13 ms more per run and 6 more page faults, as the page cache holds
/// the file the linker wrote piece by piece in smaller pieces.
fn installed(built: &Path, name: &str) -> Result<String, String> {
    let dir = target_dir().join("bench");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let dest = dir.join(name);
    // A fresh file, not one rewritten in place (its page cache would be the old one's).
    let _ = std::fs::remove_file(&dest);
    std::fs::copy(built, &dest).map_err(|e| format!("{}: {e}", dest.display()))?;
    Ok(dest.to_string_lossy().into_owned())
}

/// `/bin/true` and the detection rows of the static hook build `hal`, run from `tmp`:
/// `detect --json` (nothing decides before the whole ancestry is walked), decided by
/// `GT_RUNTIME` (no walk), and a hook's call (a Claude Code `PreToolUse` payload on stdin;
/// budget: 1.5x `detect --json`).
fn detection_rows(hal: &str, tmp: &Path) -> Result<Vec<Row>, String> {
    let detect = [hal, "detect", "--json"];
    let payload = tmp.join("hal-bench-hook-payload.json");
    std::fs::write(&payload, HOOK_PAYLOAD).map_err(|e| format!("cannot write {}: {e}", payload.display()))?;
    Ok(vec![
        Row::new(FLOOR, &[FLOOR], tmp),
        Row::new(DETECT, &detect, tmp),
        Row { env: &[("GT_RUNTIME", "codex")], ..Row::new("GT_RUNTIME=codex hal detect --json", &detect, tmp) },
        Row { stdin: Some(payload), ..Row::new(HOOK, &[hal, "hook", "--json"], tmp) },
    ])
}

/// Runs every row `runs` times, interleaved: each round starts one row later, so that no
/// command always follows the same one.
fn interleave(rows: &mut [Row], runs: usize) {
    eprintln!("==> {runs} interleaved rounds");
    let n = rows.len();
    for round in 0..runs {
        for k in 0..n {
            let row = &mut rows[(k + round) % n];
            if round % row.every == 0 {
                let t = time_once(&mut row.command(&[]));
                row.times.push(t);
            }
        }
    }
}

/// The rows' figures: best and median of their times, and peak RSS.
fn wholes(rows: &mut [Row]) -> Vec<Whole> {
    let peak: Vec<Option<f64>> = rows.iter().map(Row::peak_rss_mib).collect();
    rows.iter_mut()
        .zip(peak)
        .map(|(row, rss_mib)| {
            let median_ms = median(&mut row.times).as_secs_f64() * 1e3;
            // Sorted by `median`.
            let best_ms = row.times.first().map(|t| t.as_secs_f64() * 1e3);
            Whole { label: row.label.clone(), runs: row.times.len(), median_ms, best_ms, rss_mib }
        })
        .collect()
}

/// One whole-process row of a run.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Whole {
    pub(crate) label: String,
    pub(crate) runs: usize,
    pub(crate) median_ms: f64,
    /// The fastest run (absent in runs stored before it was recorded).
    pub(crate) best_ms: Option<f64>,
    /// Peak RSS, where GNU time is installed.
    pub(crate) rss_mib: Option<f64>,
}

/// Everything one `cargo xtask bench` run measured: the one source of every figure
/// The reference and BENCHMARKS.md quote (stored in BENCHMARKS.md's results section).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Results {
    pub(crate) date: String,
    pub(crate) runs: usize,
    /// Rows in the registry at the time of the run.
    pub(crate) runtimes: usize,
    /// Criterion medians in ns, by `group/benchmark`.
    pub(crate) criterion: Vec<(String, f64)>,
    pub(crate) whole: Vec<Whole>,
}

const FLOOR: &str = "/bin/true";
/// The bound on the static hook build's detection: its best run over `/bin/true`'s best
/// run in the same interleaved run (best of N: what the load adds falls on both sides).
const FLOOR_BUDGET: f64 = 1.1;
const FLOOR_BUDGET_NAME: &str = "`hal detect --json` (static hook build), best run <= 1.1x `/bin/true`'s best";
const DETECT: &str = "hal detect --json";
const HOOK: &str = "hal hook --json < PreToolUse payload";
const DYNAMIC: &str = "hal detect --json (cargo build --release)";
const PEER: &str = "node -e <@vercel/detect-agent>";

impl Results {
    fn crit(&self, name: &str) -> Option<f64> {
        self.criterion.iter().find(|(n, _)| n == name).map(|(_, v)| *v).filter(|v| *v > 0.0)
    }
    fn row(&self, label: &str) -> Option<&Whole> {
        self.whole.iter().find(|w| w.label == label)
    }
    /// A row's median over `/bin/true`'s.
    fn vs_floor(&self, label: &str) -> Option<f64> {
        Some(self.row(label)?.median_ms / self.row(FLOOR)?.median_ms)
    }
    /// A row's best run over `/bin/true`'s best run.
    fn best_vs_floor(&self, label: &str) -> Option<f64> {
        Some(self.row(label)?.best_ms? / self.row(FLOOR)?.best_ms?)
    }
    /// How many times faster than the Node peer a row is.
    fn vs_peer(&self, label: &str) -> Option<f64> {
        Some(self.row(PEER)?.median_ms / self.row(label)?.median_ms)
    }

    /// As stored in BENCHMARKS.md.
    fn to_json(&self) -> String {
        let whole: Vec<serde_json::Value> = self
            .whole
            .iter()
            .map(|w| {
                serde_json::json!({"label": w.label, "runs": w.runs, "median_ms": w.median_ms, "best_ms": w.best_ms, "rss_mib": w.rss_mib})
            })
            .collect();
        let criterion: serde_json::Map<String, serde_json::Value> =
            self.criterion.iter().map(|(k, v)| (k.clone(), serde_json::Value::from(*v))).collect();
        serde_json::json!({"date": self.date, "runs": self.runs, "runtimes": self.runtimes, "criterion": criterion, "whole": whole})
            .to_string()
    }

    fn from_json(text: &str) -> Result<Self, String> {
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("the stored results: {e}"))?;
        let num = |v: &serde_json::Value| v.as_f64().ok_or("a number");
        let whole = v["whole"]
            .as_array()
            .ok_or("no whole-process rows")?
            .iter()
            .map(|w| {
                Ok(Whole {
                    label: w["label"].as_str().ok_or("a label")?.to_owned(),
                    runs: w["runs"].as_u64().ok_or("runs")?.try_into().map_err(|_| "runs")?,
                    median_ms: num(&w["median_ms"])?,
                    best_ms: w["best_ms"].as_f64(),
                    rss_mib: w["rss_mib"].as_f64(),
                })
            })
            .collect::<Result<Vec<_>, &str>>()?;
        let criterion = v["criterion"]
            .as_object()
            .ok_or("no criterion medians")?
            .iter()
            .map(|(k, x)| Ok((k.clone(), num(x)?)))
            .collect::<Result<Vec<_>, &str>>()?;
        Ok(Self {
            date: v["date"].as_str().ok_or("no date")?.to_owned(),
            runs: v["runs"].as_u64().ok_or("no runs")?.try_into().map_err(|_| "runs")?,
            runtimes: v["runtimes"].as_u64().ok_or("no runtimes")?.try_into().map_err(|_| "runtimes")?,
            criterion,
            whole,
        })
    }
}

/// A budget and how the run met it; `holds: None` when the run did not measure it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Budget {
    pub(crate) name: &'static str,
    pub(crate) measured: String,
    pub(crate) holds: Option<bool>,
}

/// Every budget BENCHMARKS.md states, judged on `r`.
pub(crate) fn budgets(r: &Results) -> Vec<Budget> {
    let mut out = Vec::new();
    let mut push = |name, value: Option<f64>, measured: &dyn Fn(f64) -> String, ok: &dyn Fn(f64) -> bool| {
        out.push(match value {
            Some(v) => Budget { name, measured: measured(v), holds: Some(ok(v)) },
            None => Budget { name, measured: "not measured".to_owned(), holds: None },
        });
    };
    let walk = r.crit("detect/override_uncached").zip(r.crit("detect/full_cascade_procfs")).map(|(a, b)| a / b);
    push(
        "override-decided detection < 1/100 of the full ancestry walk",
        walk,
        &|v| format!("{v:.3} (`GT_RUNTIME`)"),
        &|v| v < 0.01,
    );
    push("cached `detect()` costs nanoseconds (< 1 µs)", r.crit("detect/cached"), &|v| format!("{v:.1} ns"), &|v| {
        v < 1000.0
    });
    let full = r.crit("detect/full_cascade_procfs").zip(r.crit("detect/floor_proc_read")).map(|(a, b)| a / b);
    push("full ancestry walk <= 3x the `/proc` floor", full, &|v| format!("{v:.2}x"), &|v| v <= 3.0);
    let median = r.vs_floor(DETECT).map_or_else(String::new, |m| format!("; median {m:.2}x"));
    let dynamic = r.vs_floor(DYNAMIC).map_or_else(String::new, |d| format!(", `cargo build --release`: {d:.2}x"));
    push(
        FLOOR_BUDGET_NAME,
        r.best_vs_floor(DETECT),
        &|v| format!("{v:.2}x (best of {}{median}{dynamic})", r.runs),
        &|v| v <= FLOOR_BUDGET,
    );
    let hook = r.row(HOOK).zip(r.row(DETECT)).map(|(h, d)| h.median_ms / d.median_ms);
    let hook_floor = r.vs_floor(HOOK).unwrap_or_default();
    push(
        "`hal hook --json` (a 1 KiB payload on stdin) within 1.5x of `hal detect --json`",
        hook,
        &|v| format!("{v:.2}x ({hook_floor:.2}x `/bin/true`)"),
        &|v| v <= 1.5,
    );
    let rss = r
        .whole
        .iter()
        .filter(|w| w.label.starts_with("hal "))
        .filter_map(|w| w.rss_mib)
        .fold(None, |m: Option<f64>, v| Some(m.map_or(v, |m| m.max(v))));
    let detect_rss = r.row(DETECT).and_then(|w| w.rss_mib).unwrap_or_default();
    push(
        "peak RSS of every hal row < 8 MiB",
        rss,
        &|v| format!("{v:.1} MiB at most (`hal detect --json`: {detect_rss:.1} MiB)"),
        &|v| v < 8.0,
    );
    push("`hal detect --json` >= 50x faster than the Node peer", r.vs_peer(DETECT), &|v| format!("{v:.0}x"), &|v| {
        v >= 50.0
    });
    out
}

/// BENCHMARKS.md's budgets section.
fn render_budgets(r: &Results) -> String {
    let mut out = format!(
        "From the run above ({}, {} rounds).\n\n| budget | measured | holds |\n|---|---|---|\n",
        r.date, r.runs
    );
    for b in budgets(r) {
        let holds = match b.holds {
            Some(true) => "yes",
            Some(false) => "**no**",
            None => "not measured",
        };
        let _ = writeln!(out, "| {} | {} | {holds} |", b.name, b.measured);
    }
    out
}

/// The reference's sentence on the hook binary's cost.
fn render_summary(r: &Results) -> String {
    let ratio = |label| r.vs_floor(label).map_or_else(|| "n/a".to_owned(), |v| format!("{v:.2}x"));
    let rss = r.row(DETECT).and_then(|w| w.rss_mib).map_or_else(|| "n/a".to_owned(), |v| format!("{v:.1} MiB"));
    let peer = r.vs_peer(DETECT).map_or_else(
        || "the Node peer was not measured in that run".to_owned(),
        |v| format!("{v:.0}x faster than a Node one-liner doing the same"),
    );
    format!(
        "In the last `cargo xtask bench` run ({}, {} runtimes in the registry), `hal detect --json` of \
         `cargo xtask dist`'s binary cost {} `/bin/true` and {rss} peak RSS, against {} for the \
         `cargo install` build; {peer}.\n",
        r.date,
        r.runtimes,
        ratio(DETECT),
        ratio(DYNAMIC),
    )
}

/// BENCHMARKS.md's results section: the stored data, then its tables.
fn render_results(r: &Results) -> String {
    let mut report = format!("<!-- results-data {} -->\n", r.to_json());
    let _ = writeln!(report, "One run, {}, {} runtimes in the registry.\n", r.date, r.runtimes);
    let _ = writeln!(report, "### In-process (criterion medians, ns)\n");
    let _ = writeln!(report, "| benchmark | median ns |\n|---|---|");
    for (name, v) in &r.criterion {
        let _ = writeln!(report, "| {name} | {v:.1} |");
    }
    let get = |name: &str| r.crit(name).unwrap_or(0.0);
    let _ = writeln!(report, "\n| ratio | value | budget |\n|---|---|---|");
    for (label, num, den, budget) in RATIOS {
        let value = if den.is_empty() { format!("{:.2}", get(num)) } else { ratio(get(num), get(den)) };
        let _ = writeln!(report, "| {label} | {value} | {budget} |");
    }
    let _ = writeln!(report, "\n### Whole process ({} interleaved rounds, medians)\n", r.runs);
    let _ = writeln!(
        report,
        "The hal rows without a build named run `cargo xtask dist`'s binary, the one hooks install.\n"
    );
    let _ = writeln!(
        report,
        "| command | runs | median | ratio to /bin/true | best | best / /bin/true's best | Node peer / this | peak RSS |"
    );
    let _ = writeln!(report, "|---|---|---|---|---|---|---|---|");
    for w in &r.whole {
        let vs_peer = r.vs_peer(&w.label).map_or_else(|| "-".to_owned(), |p| format!("{p:.0}x"));
        let rss = w.rss_mib.map_or_else(|| "n/a (no /usr/bin/time)".to_owned(), |m| format!("{m:.1} MiB"));
        let vs_floor = r.vs_floor(&w.label).unwrap_or_default();
        let best = w.best_ms.map_or_else(|| "-".to_owned(), |b| format!("{b:.3} ms"));
        let best_ratio = r.best_vs_floor(&w.label).map_or_else(|| "-".to_owned(), |b| format!("{b:.2}"));
        let _ = writeln!(
            report,
            "| `{}` | {} | {:.3} ms | {vs_floor:.2} | {best} | {best_ratio} | {vs_peer} | {rss} |",
            w.label, w.runs, w.median_ms
        );
    }
    if r.row(PEER).is_none() {
        let _ = writeln!(
            report,
            "\nNode peer skipped: install it with `npm install --prefix {NODE_PEER} @vercel/detect-agent`."
        );
    }
    report
}

const BY: &str = "cargo xtask bench --write";

/// The page that quotes the hook binary's cost beside the build's timings.
const BUILDING_MD: &str = "docs/reference/building.md";

/// BENCHMARKS.md and [`BUILDING_MD`] with every figure of `r` written in.
fn render_docs(r: &Results, benchmarks: &str, readme: &str) -> Result<(String, String), String> {
    let b = crate::codegen::replace_section(benchmarks, "BENCHMARKS.md", "results", BY, &render_results(r))?;
    let b = crate::codegen::replace_section(&b, "BENCHMARKS.md", "budgets", BY, &render_budgets(r))?;
    let readme = crate::codegen::replace_section(readme, BUILDING_MD, "bench-summary", BY, &render_summary(r))?;
    Ok((b, readme))
}

/// The results stored in BENCHMARKS.md.
fn stored(benchmarks: &str) -> Result<Results, String> {
    let start = benchmarks.find("<!-- results-data ").ok_or("BENCHMARKS.md holds no results-data")?;
    let rest = &benchmarks[start + "<!-- results-data ".len()..];
    let end = rest.find(" -->").ok_or("BENCHMARKS.md: results-data is not closed")?;
    Results::from_json(&rest[..end])
}

/// Whether the reference's and BENCHMARKS.md's figures are those of the stored run (a tidy test,
/// so `cargo xtask check` runs it).
#[cfg(test)]
pub(crate) fn check_figures(root: &Path) -> Result<(), String> {
    let read = |f: &str| std::fs::read_to_string(root.join(f)).map_err(|e| format!("{f}: {e}"));
    let (benchmarks, readme) = (read("BENCHMARKS.md")?, read(BUILDING_MD)?);
    let (b, r) = render_docs(&stored(&benchmarks)?, &benchmarks, &readme)?;
    if b != benchmarks || r != readme {
        return Err(format!(
            "{BUILDING_MD}'s or BENCHMARKS.md's benchmark figures differ from the stored run: run `cargo xtask bench --write` (or fix the hand edit)"
        ));
    }
    Ok(())
}

/// `--rerender`: the reference's and BENCHMARKS.md's figures from the stored run.
fn rerender() -> Result<(), String> {
    let root = root();
    let read = |f: &str| std::fs::read_to_string(root.join(f)).map_err(|e| format!("{f}: {e}"));
    let benchmarks = read("BENCHMARKS.md")?;
    let (b, r) = render_docs(&stored(&benchmarks)?, &benchmarks, &read(BUILDING_MD)?)?;
    std::fs::write(root.join("BENCHMARKS.md"), b).map_err(|e| format!("BENCHMARKS.md: {e}"))?;
    std::fs::write(root.join(BUILDING_MD), r).map_err(|e| format!("{BUILDING_MD}: {e}"))?;
    eprintln!("rewrote the figures of BENCHMARKS.md and {BUILDING_MD} from the stored run");
    Ok(())
}

/// The date, as `date -u +%F` says.
fn today() -> String {
    Command::new("date")
        .args(["-u", "+%F"])
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .filter(|d| !d.is_empty())
        .unwrap_or_else(|| "unknown date".to_owned())
}

/// Directories neither side of the lint row enters (the lint skips them too).
pub(crate) const LINT_SKIP_DIRS: &[&str] = &[".git", "node_modules", "target"];

/// Wall, user and system seconds of one run of `cmd` (through GNU time where installed,
/// else wall only), accepting exit 0 and 1 (findings, matches).
pub(crate) fn time_run(cmd: &[&str], dir: &Path) -> Result<(f64, Option<f64>), String> {
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

/// The budgets `r` missed, one line each.
pub(crate) fn missed(r: &Results) -> Vec<String> {
    budgets(r)
        .into_iter()
        .filter(|b| b.holds == Some(false))
        .map(|b| format!("missed: {} (measured {})", b.name, b.measured))
        .collect()
}

/// The load average over the last minute (`/proc/loadavg`), for the record.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "n/a".to_owned())
}

/// `cargo xtask bench --floor`: the static hook build's detection against `/bin/true`
/// only (no criterion, no other build), `runs` interleaved rounds, with the load and the
/// page faults of each row recorded; fails when [`FLOOR_BUDGET`] is missed.
fn floor(runs: usize) -> Result<(), String> {
    let hal = installed(&crate::dist::build_static(crate::dist::Static::Plain)?, "hal")?;
    let mut rows = detection_rows(&hal, &std::env::temp_dir())?;
    let before = load();
    interleave(&mut rows, runs);
    let after = load();
    let faults: Vec<Option<u64>> = rows.iter().map(Row::page_faults).collect();
    let whole = wholes(&mut rows);
    let r = Results { date: today(), runs, runtimes: hal_caps::REGISTRY.len(), criterion: Vec::new(), whole };
    println!("{runs} interleaved rounds, load average {before} before and {after} after\n");
    println!("| command | best | median | best / `/bin/true`'s | median / `/bin/true`'s | page faults |");
    println!("|---|---|---|---|---|---|");
    for (w, faults) in r.whole.iter().zip(faults) {
        let best = r.best_vs_floor(&w.label).unwrap_or_default();
        let faults = faults.map_or_else(|| "n/a (no /usr/bin/time)".to_owned(), |f| f.to_string());
        println!(
            "| `{}` | {:.3} ms | {:.3} ms | {best:.3} | {:.3} | {faults} |",
            w.label,
            w.best_ms.unwrap_or_default(),
            w.median_ms,
            r.vs_floor(&w.label).unwrap_or_default()
        );
    }
    match budgets(&r).into_iter().find(|b| b.name == FLOOR_BUDGET_NAME) {
        Some(Budget { holds: Some(true), measured, .. }) => {
            println!("\nholds: {FLOOR_BUDGET_NAME}: {measured}");
            Ok(())
        }
        Some(Budget { measured, .. }) => Err(format!("missed: {FLOOR_BUDGET_NAME} (measured {measured})")),
        None => Err(format!("no budget {FLOOR_BUDGET_NAME}")),
    }
}

pub(crate) fn bench(flags: &crate::flags::Bench) -> Result<(), String> {
    if flags.rerender {
        return rerender();
    }
    if flags.floor {
        return floor(flags.runs as usize);
    }
    let (runs, write, check, lint_only) = (flags.runs as usize, flags.write, flags.check, flags.lint_only);
    let lint_tree = flags.lint_tree.clone().unwrap_or_else(root);
    let mut report = String::new();
    if lint_only {
        crate::dist::build_release(&[])?;
        lint_vs_grep(&lint_tree, runs.min(9), &mut report)?;
        println!("{report}");
        return Ok(());
    }

    let mut bench = cargo();
    bench.args(["bench", "-q"]);
    for (package, group) in CRITERION {
        bench.args(["-p", package, "--bench", group]);
    }
    crate::util::run_step("criterion (cargo bench)", bench)?;
    let criterion = criterion_medians();
    let whole = whole_process(runs)?;
    let results = Results { date: today(), runs, runtimes: hal_caps::REGISTRY.len(), criterion, whole };
    println!("{}", render_results(&results));
    println!("{}", render_budgets(&results));
    lint_vs_grep(&lint_tree, runs.min(9), &mut report)?;
    println!("{report}");
    if write {
        let root = root();
        let read = |f: &str| std::fs::read_to_string(root.join(f)).map_err(|e| format!("{f}: {e}"));
        let (b, r) = render_docs(&results, &read("BENCHMARKS.md")?, &read(BUILDING_MD)?)?;
        std::fs::write(root.join("BENCHMARKS.md"), b).map_err(|e| format!("BENCHMARKS.md: {e}"))?;
        std::fs::write(root.join(BUILDING_MD), r).map_err(|e| format!("{BUILDING_MD}: {e}"))?;
        eprintln!("updated BENCHMARKS.md and {BUILDING_MD}");
    }
    let missed = missed(&results);
    if check && !missed.is_empty() {
        return Err(format!("{} budget(s) missed:\n  {}", missed.len(), missed.join("\n  ")));
    }
    for m in &missed {
        eprintln!("{m}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Results, Whole, budgets, check_figures, missed};

    fn run(detect_ms: f64, override_ns: f64, peer_ms: Option<f64>) -> Results {
        let row = |label: &str, median_ms: f64| Whole {
            label: label.to_owned(),
            runs: 10,
            median_ms,
            best_ms: Some(median_ms / 2.0),
            rss_mib: Some(1.6),
        };
        let mut whole = vec![
            row("/bin/true", 1.0),
            row(super::DETECT, detect_ms),
            row(super::HOOK, detect_ms),
            row(super::DYNAMIC, 2.0),
        ];
        if let Some(p) = peer_ms {
            whole.push(row(super::PEER, p));
        }
        // Sorted by name, as criterion_medians gives them.
        let criterion = [
            ("detect/cached", 0.7),
            ("detect/floor_proc_read", 150_000.0),
            ("detect/full_cascade_procfs", 100_000.0),
            ("detect/override_uncached", override_ns),
        ];
        Results {
            date: "2026-12-01".to_owned(),
            runs: 10,
            runtimes: 1,
            criterion: criterion.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect(),
            whole,
        }
    }

    #[test]
    fn a_run_within_every_budget_misses_none() {
        assert_eq!(missed(&run(1.05, 500.0, Some(80.0))), Vec::<String>::new());
    }

    #[test]
    fn each_missed_budget_is_named() {
        // The run of issue 25: override ratio 0.012, the Node peer 42x.
        let m = missed(&run(1.05, 1_200.0, Some(1.05 * 42.0)));
        assert_eq!(m.len(), 2, "{m:?}");
        assert!(m[0].contains("< 1/100") && m[0].contains("0.012"), "{m:?}");
        assert!(m[1].contains("50x faster than the Node peer") && m[1].contains("42x"), "{m:?}");
        // Over the floor budget, best run against best run; the hook row is as slow.
        let slow = missed(&run(1.2, 500.0, None));
        assert_eq!(slow.len(), 1, "{slow:?}");
        assert!(slow[0].contains("<= 1.1x `/bin/true`'s best") && slow[0].contains("1.20x (best of 10"), "{slow:?}");
    }

    #[test]
    fn an_unmeasured_budget_is_said_and_not_missed() {
        let r = run(1.05, 500.0, None);
        let node = budgets(&r).into_iter().find(|b| b.name.contains("Node")).unwrap();
        assert_eq!((node.holds, node.measured.as_str()), (None, "not measured"));
    }

    #[test]
    fn stored_results_read_back_as_written() {
        let r = run(1.05, 500.0, Some(80.0));
        assert_eq!(Results::from_json(&r.to_json()).unwrap(), r);
    }

    /// Tidy-style: every benchmark figure the reference and BENCHMARKS.md quote is the stored run's.
    #[test]
    fn quoted_figures_are_the_stored_runs() {
        if let Err(e) = check_figures(&crate::util::root()) {
            panic!("{e}");
        }
    }
}
