//! The boundary lint judged on code it was not tuned on: the labelled corpus of
//! `hal-lint/eval/` (public repositories pinned by commit in `corpus.tsv`, laid out by
//! `fetch.sh`, every place that matters labelled in `labels.tsv`). `cargo xtask
//! lint-eval [--dir DIR] [--write] [--no-time]` delegates to [`lint_eval`]: precision and
//! recall for the whole corpus and for its tuned and held-out parts, and the lint's time
//! against `grep -rIlF` of the same literals (best of 3 each, in one run). `--write`
//! stores the figures in `figures.tsv`, which a test holds to the acceptance bars.
//! Unpublished: it belongs to the lint's development, not to what users install.

mod corpus;
mod figures;
mod judge;
mod timing;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

pub use corpus::{Label, Repo, corpus, corpus_root, labels, laid_out};
pub use figures::{MIN_PRECISION, MIN_RECALL, PARTS, recorded};
pub use judge::{Evaluation, Figures, Judged, evaluate, judge};
pub use timing::{RUNS, instruction_counts, timing};

// `cargo xtask lint-eval`'s flags; its `--help` is this parser's.
/// The lint's precision, recall and time on the labelled corpus of hal-lint/eval/.
#[derive(Debug, clap::Parser)]
#[command(name = "cargo xtask lint-eval", bin_name = "cargo xtask lint-eval", disable_version_flag = true)]
struct Flags {
    /// The corpus directory (default: HAL_LINT_EVAL).
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// Store the figures in `figures.tsv` as the final run (which a test holds to the
    /// acceptance bars).
    #[arg(long)]
    write: bool,
    /// Store the figures in `figures.tsv` as the run RUN instead (a round's first run:
    /// the whole corpus, its parts and each repository).
    #[arg(long, value_name = "RUN", conflicts_with = "write")]
    record: Option<String>,
    /// Leave the time measurement out.
    #[arg(long)]
    no_time: bool,
    /// Also count the instructions each side executes (valgrind's callgrind), a measure
    /// the machine's load does not change (slow: minutes).
    #[arg(long)]
    instructions: bool,
}

/// `cargo xtask lint-eval`'s arguments (after the task's name); `release_hal` builds the
/// release binary whose time is measured (xtask's build, with its flags).
pub fn lint_eval(args: &[String], release_hal: impl FnOnce() -> Result<PathBuf, String>) -> Result<(), String> {
    use clap::Parser as _;
    let argv = std::iter::once("cargo xtask lint-eval").chain(args.iter().map(String::as_str));
    let (dir, record, time, count) = match Flags::try_parse_from(argv) {
        Ok(f) => (f.dir, f.record.or_else(|| f.write.then(|| "final".to_owned())), !f.no_time, f.instructions),
        Err(e) if !e.use_stderr() => {
            print!("{}", e.render());
            return Ok(());
        }
        Err(e) => return Err(e.render().to_string().trim_end().to_owned()),
    };
    let corpus_dir = corpus_root(dir).ok_or("no corpus directory: pass --dir DIR or set HAL_LINT_EVAL")?;
    let repos = corpus()?;
    if !laid_out(&corpus_dir, &repos) {
        return Err(format!(
            "the corpus is not laid out at its commits under {}: run hal-lint/eval/fetch.sh (HAL_LINT_EVAL={0})",
            corpus_dir.display()
        ));
    }
    let e = evaluate(&corpus_dir)?;
    let mut out = figures_table(&e);
    if time {
        let hal = release_hal()?;
        out.push_str(&time_table(&hal, &corpus_dir, &repos, count)?);
    }
    print!("{out}");
    if let Some(run) = record {
        figures::write(&run, &e.parts, &e.repos)?;
    }
    Ok(())
}

/// The figures as a Markdown table, then every false, unlabelled and missed place.
fn figures_table(e: &Evaluation) -> String {
    let mut out = String::from("| part | findings | true | precision | detections found | recall |\n");
    out.push_str("|---|---|---|---|---|---|\n");
    let newest = ["the latest round's repositories", "the latest round's held out"];
    for (part, f) in PARTS.iter().chain(&newest).zip(e.parts.iter().chain(&e.newest)) {
        figures_row(&mut out, part, f);
    }
    out.push_str("\n| repository | findings | true | precision | detections found | recall |\n");
    out.push_str("|---|---|---|---|---|---|\n");
    for (name, f) in &e.repos {
        figures_row(&mut out, name, f);
    }
    for f in &e.falses {
        let _ = writeln!(out, "false finding: {f}");
    }
    for u in &e.unlabelled {
        let _ = writeln!(out, "unlabelled finding (counted false): {u}");
    }
    for m in &e.missed {
        let _ = writeln!(out, "missed detection: {m}");
    }
    out
}

/// One row of a figures table: `name`, its counts, precision and recall.
fn figures_row(out: &mut String, name: &str, f: &Figures) {
    let _ = writeln!(
        out,
        "| {name} | {} | {} | {:.3} | {} of {} | {:.3} |",
        f.findings,
        f.true_findings,
        f.precision(),
        f.found,
        f.detections,
        f.recall()
    );
}

/// The machine's load average (1, 5, 15 minutes).
fn load() -> String {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    load.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
}

/// The time table: the whole corpus, every repository of it, and hal's own repository,
/// with the machine's load before each row; with `count`, each side's instructions too.
fn time_table(hal: &Path, corpus_dir: &Path, repos: &[Repo], count: bool) -> Result<String, String> {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let mut out = format!("\nTime, best of {RUNS} ({cores} cores; load average before each row):\n\n");
    out.push_str(
        "| tree | files | load | grep -rIlF | hal lint | ratio | grep instructions | lint instructions | ratio |\n",
    );
    out.push_str("|---|---|---|---|---|---|---|---|---|\n");
    let mut trees: Vec<(String, PathBuf)> = vec![("the corpus".to_owned(), corpus_dir.to_path_buf())];
    trees.extend(repos.iter().map(|r| (r.name.clone(), r.dir(corpus_dir))));
    trees.push(("hal (this repository)".to_owned(), corpus::workspace_root()));
    let ratio = |a: f64, b: f64| if b > 0.0 { a / b } else { 0.0 };
    for (name, tree) in trees {
        let load = load();
        let (g, l) = timing(hal, &tree)?;
        let counted = if count { instruction_counts(hal, &tree)? } else { None };
        let counted = counted.map_or_else(
            || "| | |".to_owned(),
            #[allow(clippy::cast_precision_loss, reason = "a ratio of counts")]
            |(gi, li)| format!("{gi} | {li} | {:.2} |", ratio(li as f64, gi as f64)),
        );
        // Files of the corpus's trees (hal's own holds its build's `target/`).
        let files = if tree.starts_with(corpus_dir) { corpus::files_in(&tree).to_string() } else { "-".to_owned() };
        let _ = writeln!(out, "| {name} | {files} | {load} | {g:.3} s | {l:.3} s | {:.2} | {counted}", ratio(l, g));
    }
    Ok(out)
}
