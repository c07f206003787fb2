//! `cargo xtask bench`: criterion benchmarks read back as ratios, and whole-process
//! timings of `hal` against `/bin/true` (and the Node peer, where installed), interleaved.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::check::{cargo, root};

/// Where `npm install --prefix target/bench-node @vercel/detect-agent` puts the peer.
const NODE_PEER: &str = "target/bench-node";
const NODE_SCRIPT: &str = "require('@vercel/detect-agent').determineAgent().then(r => console.log(JSON.stringify(r)))";

fn median(v: &mut [Duration]) -> Duration {
    v.sort_unstable();
    v[v.len() / 2]
}

fn time_once(cmd: &mut Command) -> Duration {
    let t = Instant::now();
    let status = cmd.stdout(Stdio::null()).stderr(Stdio::null()).status();
    let d = t.elapsed();
    assert!(status.is_ok_and(|s| s.success()), "{cmd:?} failed");
    d
}

/// Peak RSS as text (MiB) through GNU time, where installed.
#[allow(clippy::cast_precision_loss, reason = "KiB of RSS fit f64 exactly")]
fn rss_text(argv: &[&str], cwd: &Path, missing: &str) -> String {
    peak_rss_kib(argv, cwd).map_or_else(|| missing.to_owned(), |k| format!("{:.1} MiB", k as f64 / 1024.0))
}

/// Peak RSS in KiB through GNU time, where installed.
fn peak_rss_kib(argv: &[&str], cwd: &Path) -> Option<u64> {
    let out = Command::new("/usr/bin/time")
        .args(["-f", "%M"])
        .args(argv)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .current_dir(cwd)
        .stdout(Stdio::null())
        .output()
        .ok()?;
    String::from_utf8_lossy(&out.stderr).lines().last()?.trim().parse().ok()
}

fn criterion_medians() -> Vec<(String, f64)> {
    let mut out = Vec::new();
    let dir = root().join("target/criterion");
    for group in ["detect", "plans"] {
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

fn ratio(a: f64, b: f64) -> String {
    if b > 0.0 { format!("{:.3}", a / b) } else { "n/a".to_owned() }
}

#[allow(clippy::too_many_lines, reason = "one linear report, section by section")]
pub(crate) fn bench(args: &[String]) -> Result<(), String> {
    let runs: usize = match args {
        [] => 300,
        [flag, n] if flag == "--runs" => n.parse().map_err(|_| "--runs takes a number".to_owned())?,
        _ => return Err("usage: cargo xtask bench [--runs N]".to_owned()),
    };
    let mut report = String::new();

    eprintln!("==> criterion (cargo bench -p hal-detect -p hal-gupp)");
    let status =
        cargo().args(["bench", "-q", "-p", "hal-detect", "-p", "hal-gupp"]).status().map_err(|e| e.to_string())?;
    if !status.success() {
        return Err("cargo bench failed".to_owned());
    }
    let m = criterion_medians();
    let get = |name: &str| m.iter().find(|(n, _)| n == name).map_or(0.0, |(_, v)| *v);
    let _ = writeln!(report, "## In-process (criterion medians, ns)\n");
    let _ = writeln!(report, "| benchmark | median ns |\n|---|---|");
    for (name, v) in &m {
        let _ = writeln!(report, "| {name} | {v:.1} |");
    }
    let full = get("detect/full_cascade_procfs");
    let _ = writeln!(report, "\n| ratio | value | budget |\n|---|---|---|");
    let _ = writeln!(
        report,
        "| override_uncached / full_cascade_procfs | {} | < 0.01 |",
        ratio(get("detect/override_uncached"), full)
    );
    let _ = writeln!(
        report,
        "| stamp_uncached / full_cascade_procfs | {} | < 0.01 |",
        ratio(get("detect/stamp_uncached"), full)
    );
    let _ = writeln!(
        report,
        "| full_cascade_procfs / floor_proc_read | {} | <= 3 |",
        ratio(full, get("detect/floor_proc_read"))
    );
    let _ = writeln!(
        report,
        "| full_cascade_sysinfo / floor_proc_read | {} | (sysinfo, for the record) |",
        ratio(get("detect/full_cascade_sysinfo"), get("detect/floor_proc_read"))
    );
    let _ = writeln!(
        report,
        "| marker_uncached / floor_proc_read | {} | one walk |",
        ratio(get("detect/marker_uncached"), get("detect/floor_proc_read"))
    );
    let _ = writeln!(report, "| cached (ns) | {:.2} | nanoseconds |", get("detect/cached"));
    let _ = writeln!(
        report,
        "| plans: every provider x role / one row clone | {} | - |",
        ratio(get("plans/capabilities_and_every_role_plan"), get("plans/baseline_clone_row"))
    );

    eprintln!("==> release build of hal");
    let status = cargo().args(["build", "-q", "--release", "-p", "hal-cli"]).status().map_err(|e| e.to_string())?;
    if !status.success() {
        return Err("release build failed".to_owned());
    }
    let hal = root().join("target/release/hal");
    let static_hal = crate::dist::build_static().ok();
    let cwd = std::env::temp_dir();
    let node_dir: PathBuf = root().join(NODE_PEER);
    let node = Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success())
        && node_dir.join("node_modules/@vercel/detect-agent").is_dir();

    let cmd = |argv: &[&str], dir: &Path| {
        let mut c = Command::new(argv[0]);
        c.args(&argv[1..]).env_clear().env("PATH", "/usr/bin:/bin").current_dir(dir);
        c
    };
    let hal_s = hal.to_string_lossy().into_owned();
    let static_s = static_hal.as_ref().map(|p| p.to_string_lossy().into_owned());
    let mut rows: Vec<(&str, Vec<&str>)> = vec![
        ("/bin/true", vec!["/bin/true"]),
        ("hal detect --json", vec![hal_s.as_str(), "detect", "--json"]),
        ("hal startup --role polecat --json", vec![hal_s.as_str(), "startup", "--role", "polecat", "--json"]),
    ];
    if let Some(s) = &static_s {
        rows.push(("hal detect --json (static-pie build)", vec![s.as_str(), "detect", "--json"]));
    }
    eprintln!("==> {runs} interleaved runs");
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); rows.len()];
    let mut node_times = Vec::new();
    for i in 0..runs {
        for (j, (_, argv)) in rows.iter().enumerate() {
            times[j].push(time_once(&mut cmd(argv, &cwd)));
        }
        if node && i % 10 == 0 {
            node_times.push(time_once(&mut cmd(&["node", "-e", NODE_SCRIPT], &node_dir)));
        }
    }
    let floor = median(&mut times[0]);
    let _ = writeln!(report, "\n## Whole process ({runs} interleaved runs, medians)\n");
    let _ = writeln!(report, "| command | median | ratio to /bin/true | peak RSS |\n|---|---|---|---|");
    for (j, (name, argv)) in rows.iter().enumerate() {
        let med = median(&mut times[j]);
        let rss = rss_text(argv, &cwd, "n/a (no /usr/bin/time)");
        let _ = writeln!(
            report,
            "| `{name}` | {:.3} ms | {:.2} | {rss} |",
            med.as_secs_f64() * 1e3,
            med.as_secs_f64() / floor.as_secs_f64()
        );
    }
    if node {
        let med = median(&mut node_times);
        let hal_med = median(&mut times[1]);
        let rss = rss_text(&["node", "-e", NODE_SCRIPT], &node_dir, "n/a");
        let _ = writeln!(
            report,
            "| `node -e <@vercel/detect-agent>` ({} runs) | {:.3} ms | {:.2} | {rss} |\n\n`hal detect --json` is {:.0}x faster than the Node peer in this run.",
            node_times.len(),
            med.as_secs_f64() * 1e3,
            med.as_secs_f64() / floor.as_secs_f64(),
            med.as_secs_f64() / hal_med.as_secs_f64()
        );
        if static_s.is_some() {
            let static_med = median(&mut times[3]);
            let _ = writeln!(
                report,
                "The static-pie build is {:.0}x faster than the Node peer.",
                med.as_secs_f64() / static_med.as_secs_f64()
            );
        }
    } else {
        let _ = writeln!(
            report,
            "\nNode peer skipped: install it with `npm install --prefix {NODE_PEER} @vercel/detect-agent`."
        );
    }
    println!("{report}");
    Ok(())
}
