//! The lint run on each repository and judged by the labels: precision (findings on
//! `detection` rows over all findings, unlabelled ones counted false) and recall
//! (`detection` rows with a finding of any rule on their line).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::corpus::{Label, Repo, corpus, labels};

/// Precision and recall of one part of the corpus, as counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Figures {
    /// Findings reported.
    pub findings: usize,
    /// Findings on a `detection` row.
    pub true_findings: usize,
    /// `detection` rows.
    pub detections: usize,
    /// `detection` rows with a finding on their line.
    pub found: usize,
}

#[allow(clippy::cast_precision_loss, reason = "counts of findings fit f64 exactly")]
impl Figures {
    /// True findings over findings (1 when there are none).
    pub fn precision(&self) -> f64 {
        if self.findings == 0 { 1.0 } else { self.true_findings as f64 / self.findings as f64 }
    }
    /// Detections found over detections (1 when there are none).
    pub fn recall(&self) -> f64 {
        if self.detections == 0 { 1.0 } else { self.found as f64 / self.detections as f64 }
    }
    fn add(&mut self, o: &Self) {
        self.findings += o.findings;
        self.true_findings += o.true_findings;
        self.detections += o.detections;
        self.found += o.found;
    }
}

/// What the lint found in one repository, judged (places as `repo:path:line`).
#[derive(Debug)]
pub struct Judged {
    /// Its counts.
    pub figures: Figures,
    /// Findings no label covers.
    pub unlabelled: Vec<String>,
    /// Detections without a finding.
    pub missed: Vec<String>,
    /// Findings on rows labelled `not`.
    pub falses: Vec<String>,
}

/// Lints `repo` under `corpus` (hal's default options) and judges it by `labels`.
pub fn judge(corpus: &Path, repo: &Repo, labels: &[Label]) -> Judged {
    let dir = repo.dir(corpus);
    let mut report = hal_lint::lint_paths(std::slice::from_ref(&dir), &hal_lint::Options::default());
    report.relative_to(&dir);
    let rows: BTreeMap<(&str, usize), bool> =
        labels.iter().filter(|l| l.repo == repo.name).map(|l| ((l.path.as_str(), l.line), l.detection)).collect();
    let mut figures = Figures::default();
    let (mut unlabelled, mut falses) = (Vec::new(), Vec::new());
    let mut hit_lines: BTreeSet<(String, usize)> = BTreeSet::new();
    for f in &report.findings {
        let path = f.path.to_string_lossy().replace('\\', "/");
        figures.findings += 1;
        let place = format!("{}:{path}:{}:{}: {}", repo.name, f.line, f.column, f.rule.as_str());
        match rows.get(&(path.as_str(), f.line)) {
            Some(true) => figures.true_findings += 1,
            Some(false) => falses.push(place),
            None => unlabelled.push(place),
        }
        hit_lines.insert((path, f.line));
    }
    let mut missed = Vec::new();
    for ((path, line), detection) in &rows {
        if *detection {
            figures.detections += 1;
            if hit_lines.contains(&((*path).to_owned(), *line)) {
                figures.found += 1;
            } else {
                missed.push(format!("{}:{path}:{line}", repo.name));
            }
        }
    }
    Judged { figures, unlabelled, missed, falses }
}

/// The judgement of the whole laid-out corpus.
#[derive(Debug, Default)]
pub struct Evaluation {
    /// The whole corpus, its tuned part, its held-out part.
    pub parts: [Figures; 3],
    /// The repositories the latest round added: all of them, and those held out.
    pub newest: [Figures; 2],
    /// Each repository's own figures, in the order of `corpus.tsv`.
    pub repos: Vec<(String, Figures)>,
    /// Findings no label covers.
    pub unlabelled: Vec<String>,
    /// Detections without a finding.
    pub missed: Vec<String>,
    /// Findings on rows labelled `not`.
    pub falses: Vec<String>,
}

/// Judges every repository of `corpus.tsv` laid out under `tree`.
pub fn evaluate(tree: &Path) -> Result<Evaluation, String> {
    let repos = corpus()?;
    let labels = labels()?;
    let latest = repos.iter().map(|r| r.round).max().unwrap_or_default();
    let mut e = Evaluation::default();
    for r in &repos {
        let j = judge(tree, r, &labels);
        e.parts[0].add(&j.figures);
        e.parts[if r.held_out { 2 } else { 1 }].add(&j.figures);
        if r.round == latest {
            e.newest[0].add(&j.figures);
            if r.held_out {
                e.newest[1].add(&j.figures);
            }
        }
        e.repos.push((r.name.clone(), j.figures));
        e.unlabelled.extend(j.unlabelled);
        e.missed.extend(j.missed);
        e.falses.extend(j.falses);
    }
    Ok(e)
}
