//! The labelled corpus's tables: `corpus.tsv` (the repositories, pinned by commit, tuned
//! on or held out) and `labels.tsv` (one row per place that matters), both beside this
//! crate, and where the trees were laid out (`fetch.sh`).

use std::path::{Path, PathBuf};

/// The directory holding `corpus.tsv`, `labels.tsv`, `figures.tsv` and `fetch.sh`.
pub(crate) fn eval_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The workspace root (two levels above this crate).
pub(crate) fn workspace_root() -> PathBuf {
    eval_dir().join("../..")
}

/// One repository of `corpus.tsv`.
#[derive(Debug, Clone)]
pub struct Repo {
    /// `owner/name`.
    pub name: String,
    /// The pinned commit.
    pub commit: String,
    /// Whether no rule was designed from it.
    pub held_out: bool,
    /// The round of work that added it to the corpus (1, 2, 3, ...).
    pub round: u32,
}

impl Repo {
    /// Its directory under the corpus root: `owner+name`.
    pub fn dir(&self, corpus: &Path) -> PathBuf {
        corpus.join(self.name.replace('/', "+"))
    }
}

/// One row of `labels.tsv`.
#[derive(Debug, Clone)]
pub struct Label {
    /// `owner/name` of its repository.
    pub repo: String,
    /// Its file, relative to the repository's root, with `/`.
    pub path: String,
    /// Its 1-based line.
    pub line: usize,
    /// Whether the place is a detection (`detection`) or not (`not`).
    pub detection: bool,
}

/// The data rows of the TSV file `name` beside this crate, split on tabs.
pub(crate) fn tsv(name: &str) -> Result<Vec<Vec<String>>, String> {
    let path = eval_dir().join(name);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(text
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect())
}

/// The repositories of `corpus.tsv`.
pub fn corpus() -> Result<Vec<Repo>, String> {
    tsv("corpus.tsv")?
        .into_iter()
        .map(|r| match r.as_slice() {
            [name, commit, split, _what, round] => Ok(Repo {
                name: name.clone(),
                commit: commit.clone(),
                held_out: split == "held-out",
                round: round.parse().map_err(|_| format!("corpus.tsv: round `{round}` is no number"))?,
            }),
            _ => Err(format!("corpus.tsv: a row without repo, commit, split, what and round: {r:?}")),
        })
        .collect()
}

/// The rows of `labels.tsv`.
pub fn labels() -> Result<Vec<Label>, String> {
    tsv("labels.tsv")?
        .into_iter()
        .map(|r| match r.as_slice() {
            [repo, path, line, _rule, truth, _first, reason] if !reason.trim().is_empty() => Ok(Label {
                repo: repo.clone(),
                path: path.clone(),
                line: line.parse().map_err(|_| format!("labels.tsv: line `{line}` is no number"))?,
                detection: match truth.as_str() {
                    "detection" => true,
                    "not" => false,
                    t => return Err(format!("labels.tsv: truth `{t}` is neither `detection` nor `not`")),
                },
            }),
            _ => Err(format!("labels.tsv: a row without its seven columns and a reason: {r:?}")),
        })
        .collect()
}

/// The corpus root: `dir`, else `$HAL_LINT_EVAL`, else `~/.cache/hal-lint-eval`.
#[allow(clippy::disallowed_methods, reason = "the harness's own settings: where the corpus was laid out")]
pub fn corpus_root(dir: Option<PathBuf>) -> Option<PathBuf> {
    dir.or_else(|| std::env::var_os("HAL_LINT_EVAL").map(PathBuf::from))
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/hal-lint-eval")))
}

/// Whether every repository is laid out under `corpus` at its pinned commit.
pub fn laid_out(corpus: &Path, repos: &[Repo]) -> bool {
    repos.iter().all(|r| {
        std::fs::read_to_string(r.dir(corpus).join(".hal-lint-eval-commit")).is_ok_and(|c| c.trim() == r.commit)
    })
}

/// How many regular files `dir` holds, recursively (symbolic links not followed).
pub(crate) fn files_in(dir: &Path) -> usize {
    let mut n = 0;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            match e.file_type() {
                Ok(t) if t.is_dir() => stack.push(e.path()),
                Ok(t) if t.is_file() => n += 1,
                _ => {}
            }
        }
    }
    n
}
