//! Choosing files and reading them (bounded, regular files only); [`crate::file`] lints
//! each one's text. Directories are walked like ripgrep walks them (the
//! `ignore` crate: `.gitignore` and `.ignore` files, in parallel); hidden directories
//! are walked, since `.claude/hooks` is where hooks live. Files are linted by as many
//! workers as the machine has cores, each file sent to them as the walk finds it, and a
//! worker takes the largest file waiting (a large file found last would otherwise be
//! linted alone while the other cores wait); a file holding none of its language's
//! prefilter literals ([`crate::prefilter`]) is skipped without being parsed.

use std::collections::BinaryHeap;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex};

use hal_types::DiagnosticCode;

use crate::file::{diagnostic, lint_text};
use crate::hit::Kind;
use crate::report::{Options, Report};
use crate::ts::BuildIdHasher;

/// Files larger than this are a `file_too_large` diagnostic, not linted.
pub(crate) const MAX_FILE: u64 = 16 << 20;
/// Directories deeper than this below a linted path are not entered.
const MAX_DEPTH: usize = 64;
/// A worker's stack: `syn` recurses as deep as the code nests (up to the nesting limit).
const WORKER_STACK: usize = 64 << 20;
/// Directories never entered: version control, build output, dependencies.
pub const SKIP_DIRS: &[&str] =
    &[".git", ".hg", "target", "node_modules", ".venv", "venv", "__pycache__", ".tox", ".mypy_cache", ".pytest_cache"];

/// The bytes of `path` (a name that is not UTF-8 is still told from another).
fn path_bytes(path: &Path) -> &[u8] {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        path.as_os_str().as_bytes()
    }
    #[cfg(not(unix))]
    {
        path.as_os_str().as_encoded_bytes()
    }
}

/// The last component of `path` as bytes (a name that is not UTF-8 still has a kind).
fn name_bytes(path: &Path) -> Option<&[u8]> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        path.file_name().map(OsStrExt::as_bytes)
    }
    #[cfg(not(unix))]
    {
        path.file_name()?.to_str().map(str::as_bytes)
    }
}

/// The kind of the file at `path` with text `src`: by name, by extension (read from the
/// name's bytes, so a name that is not UTF-8 has one), and for a file without an
/// extension by its shebang.
#[must_use]
pub fn kind_of(path: &Path, src: &str) -> Option<Kind> {
    let name = name_bytes(path)?;
    match name {
        b"Cargo.toml" => return Some(Kind::CargoToml),
        b"package.json" => return Some(Kind::PackageJson),
        b"pyproject.toml" => return Some(Kind::Pyproject),
        _ => {}
    }
    let ext = name.iter().rposition(|&b| b == b'.').filter(|&i| i > 0).map(|i| &name[i + 1..]);
    match ext {
        Some(b"rs") => Some(Kind::Rust),
        Some(b"sh" | b"bash") => Some(Kind::Shell),
        Some(b"ts" | b"mts" | b"cts") => Some(Kind::TypeScript),
        Some(b"tsx") => Some(Kind::Tsx),
        Some(b"js" | b"mjs" | b"cjs" | b"jsx") => Some(Kind::JavaScript),
        Some(b"py" | b"pyi") => Some(Kind::Python),
        Some(b"json") => Some(Kind::HookJson),
        // `.mdc`: a Cursor rule, Markdown an agent reads (R13).
        Some(b"md" | b"markdown" | b"mdx" | b"mdc") => Some(Kind::Markdown),
        Some(_) => None,
        None => shebang_kind(src),
    }
}

/// The kind a `#!` line names: `sh`, `bash`, `dash`, `node`, `python*`, `deno`, `bun`,
/// `tsx`, `ts-node`, directly or through `env [-S]`.
fn shebang_kind(src: &str) -> Option<Kind> {
    let line = src.strip_prefix("#!")?.lines().next()?;
    let mut words = line.split_whitespace();
    let mut prog = words.next()?.rsplit('/').next()?;
    if prog == "env" {
        prog = words.find(|w| !w.starts_with('-'))?;
    }
    match prog {
        "sh" | "bash" | "dash" | "ash" => Some(Kind::Shell),
        "node" | "nodejs" => Some(Kind::JavaScript),
        "deno" | "bun" | "tsx" | "ts-node" => Some(Kind::TypeScript),
        p if p.starts_with("python") => Some(Kind::Python),
        _ => None,
    }
}

/// What a file type is, for a diagnostic about a path that is not a regular file.
fn type_name(t: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if t.is_char_device() {
            return "a character device";
        } else if t.is_block_device() {
            return "a block device";
        } else if t.is_fifo() {
            return "a FIFO";
        } else if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() { "a directory" } else { "not a regular file" }
}

/// Opens `path` without blocking (a FIFO swapped in after the check would otherwise
/// block) and without becoming a controlling terminal.
fn open(path: &Path) -> std::io::Result<std::fs::File> {
    let mut o = std::fs::OpenOptions::new();
    o.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        o.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    o.open(path)
}

/// The bytes of the regular file at `path`, at most [`MAX_FILE`] of them; or the
/// diagnostic saying why not. A device, FIFO or socket is never read.
fn read(path: &Path) -> Result<Vec<u8>, (DiagnosticCode, String)> {
    use std::io::Read as _;
    let unreadable = |e: std::io::Error| (DiagnosticCode::PathUnreadable, e.to_string());
    let meta = std::fs::metadata(path).map_err(unreadable)?;
    if !meta.is_file() {
        let why = format!("{}, not a regular file: not read", type_name(meta.file_type()));
        return Err((DiagnosticCode::PathUnreadable, why));
    }
    let file = open(path).map_err(unreadable)?;
    let meta = file.metadata().map_err(unreadable)?;
    if !meta.is_file() {
        let why = format!("{}, not a regular file: not read", type_name(meta.file_type()));
        return Err((DiagnosticCode::PathUnreadable, why));
    }
    let too_large =
        |n: u64| (DiagnosticCode::FileTooLarge, format!("{n} bytes, more than the lint reads ({MAX_FILE})"));
    if meta.len() > MAX_FILE {
        return Err(too_large(meta.len()));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(MAX_FILE + 1).read_to_end(&mut bytes).map_err(unreadable)?;
    if bytes.len() as u64 > MAX_FILE {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Reads and lints one file; `explicit` when the user named it (an unknown kind is then
/// a diagnostic rather than silence).
fn lint_file(path: &Path, explicit: bool, options: &Options, report: &mut Report) {
    // Only a file without an extension needs its text to be classified.
    let by_name = kind_of(path, "");
    let has_ext = name_bytes(path).is_some_and(|n| n.iter().rposition(|&b| b == b'.').is_some_and(|i| i > 0));
    if by_name.is_none() && has_ext {
        if explicit {
            let why = "not a file the lint knows (Rust, shell, TypeScript, JavaScript, Python, JSON hooks, manifests)";
            diagnostic(report, DiagnosticCode::UnsupportedFile, path, why);
        }
        return;
    }
    let bytes = match read(path) {
        Ok(b) => b,
        Err((code, why)) => return diagnostic(report, code, path, &why),
    };
    let kind = match by_name {
        Some(k) => Some(k),
        None => kind_of(path, &String::from_utf8_lossy(&bytes[..bytes.len().min(256)])),
    };
    let Some(kind) = kind else {
        if explicit {
            diagnostic(report, DiagnosticCode::UnsupportedFile, path, "no extension or shebang the lint knows");
        }
        return;
    };
    if kind == Kind::Markdown && !options.markdown {
        return;
    }
    if !kind.always()
        && (!crate::prefilter::might_hold_finding_in(kind, &bytes)
            || (!explicit && !options.strict && crate::layout::generated(&bytes)))
    {
        report.files += 1;
        return;
    }
    let src = String::from_utf8_lossy(&bytes);
    lint_text(path, kind, &src, options, report);
}

/// Every regular file under `dir` the walk keeps, in no particular order; each is also
/// given to `each` as the walk meets it (from the walk's threads).
fn files(dir: &Path, report: &Mutex<Report>, each: &(dyn Fn(&Path) + Sync)) -> Vec<PathBuf> {
    let found = Mutex::new(Vec::new());
    let walker = ignore::WalkBuilder::new(dir)
        .hidden(false)
        .parents(true)
        .ignore(true)
        .git_ignore(true)
        .git_exclude(true)
        .git_global(false)
        .require_git(false)
        .follow_links(false)
        .max_depth(Some(MAX_DEPTH))
        .filter_entry(|e| {
            !(e.depth() > 0
                && e.file_type().is_some_and(|t| t.is_dir())
                && SKIP_DIRS.iter().any(|s| e.file_name() == *s))
        })
        .build_parallel();
    walker.run(|| {
        Box::new(|entry| {
            match entry {
                Ok(e) if e.file_type().is_some_and(|t| t.is_file()) => {
                    each(e.path());
                    if let Ok(mut f) = found.lock() {
                        f.push(e.into_path());
                    }
                }
                Ok(_) => {}
                Err(err) => {
                    let path = match &err {
                        ignore::Error::WithPath { path, .. } => path.clone(),
                        _ => dir.to_path_buf(),
                    };
                    if let Ok(mut r) = report.lock() {
                        diagnostic(&mut r, DiagnosticCode::PathUnreadable, &path, &err.to_string());
                    }
                }
            }
            ignore::WalkState::Continue
        })
    });
    found.into_inner().unwrap_or_default()
}

/// The most left-out files a `lint_left_out` diagnostic names (it counts them all).
const NAMED_LEFT_OUT: usize = 5;

/// Adds a `lint_left_out` diagnostic about `root` when the walk (`found`) left out files
/// of a kind the lint knows that a walk without ignore files and depth limit reaches: a
/// committed `.ignore` holding `*` must not switch the lint off without a word (N6 of
/// the third hostile pass). Version control, build output and dependencies
/// ([`SKIP_DIRS`]) are not counted; the second walk reads names only (no symbolic link
/// followed), and names the first left-out files in path order.
fn left_out(root: &Path, found: &[PathBuf], report: &mut Report) {
    let kept: HashSet<&[u8], BuildIdHasher> = found.iter().map(|p| path_bytes(p)).collect();
    let (mut count, mut deep) = (0_usize, 0_usize);
    // The first left-out paths in path order: a max-heap of at most NAMED_LEFT_OUT.
    let mut first: std::collections::BinaryHeap<PathBuf> = std::collections::BinaryHeap::new();
    // (directory, its depth below `root`)
    let mut dirs: Vec<(PathBuf, usize)> = vec![(root.to_path_buf(), 0)];
    while let Some((dir, depth)) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for e in entries.flatten() {
            let Ok(t) = e.file_type() else { continue };
            let name = e.file_name();
            if t.is_dir() {
                if !SKIP_DIRS.iter().any(|s| name == *s) {
                    dirs.push((e.path(), depth + 1));
                }
                continue;
            }
            if !t.is_file() || kind_of(Path::new(&name), "").is_none() {
                continue;
            }
            let path = e.path();
            if kept.contains(path_bytes(&path)) {
                continue;
            }
            count += 1;
            deep += usize::from(depth + 1 > MAX_DEPTH);
            if first.len() < NAMED_LEFT_OUT {
                first.push(path);
            } else if first.peek().is_some_and(|last| path < *last) {
                first.pop();
                first.push(path);
            }
        }
    }
    let named: Vec<String> =
        first.into_sorted_vec().iter().map(|p| crate::output::shown_path(p.strip_prefix(root).unwrap_or(p))).collect();
    if count == 0 {
        return;
    }
    let more = if count > named.len() { ", …" } else { "" };
    let why = format!(
        "{count} file(s) of a kind the lint knows left out: {} by ignore files (.gitignore, .ignore), {deep} deeper than \
         {MAX_DEPTH} levels ({}{more}); name them to lint them",
        count - deep,
        named.join(", ")
    );
    diagnostic(report, DiagnosticCode::LintLeftOut, root, &why);
}

/// The `lint_left_out` diagnostics of every walked directory and what its walk kept.
fn left_out_of(walked: &[(PathBuf, Vec<PathBuf>)]) -> Report {
    let mut r = Report::default();
    for (root, found) in walked {
        left_out(root, found, &mut r);
    }
    r
}

/// Whether `file`, below `root`, is left out by `options.skip`.
fn skipped(root: &Path, file: &Path, options: &Options) -> bool {
    let rel = file.strip_prefix(root).unwrap_or(file);
    let shown = format!("/{}", rel.to_string_lossy().replace('\\', "/"));
    options.skip.iter().any(|(p, _)| shown.contains(p.as_str()) || shown.starts_with(&format!("/{p}")))
}

/// The files to lint, sent to the workers as the walk finds them: each worker takes the
/// largest file waiting (its size in bytes as the walk saw it, then its path: the order
/// changes only which worker lints a file and when; the report is sorted).
#[derive(Default)]
struct Todo {
    /// The files waiting, and whether the walk is over.
    waiting: Mutex<(BinaryHeap<Waiting>, bool)>,
    /// Signalled when a file comes or the walk ends.
    ready: Condvar,
}

impl Todo {
    /// Adds `file` (named by the user: `explicit`) for a worker.
    fn send(&self, file: PathBuf, explicit: bool) {
        let size = std::fs::metadata(&file).map_or(0, |m| m.len());
        if let Ok(mut w) = self.waiting.lock() {
            w.0.push((size, file, explicit));
        }
        self.ready.notify_one();
    }

    /// Marks the walk over: the workers stop once nothing waits.
    fn close(&self) {
        if let Ok(mut w) = self.waiting.lock() {
            w.1 = true;
        }
        self.ready.notify_all();
    }

    /// The largest file waiting, waiting for one while the walk goes on; `None` once the
    /// walk is over and nothing waits.
    fn next(&self) -> Option<(PathBuf, bool)> {
        let mut w = self.waiting.lock().ok()?;
        loop {
            if let Some((_, file, explicit)) = w.0.pop() {
                return Some((file, explicit));
            }
            if w.1 {
                return None;
            }
            w = self.ready.wait(w).ok()?;
        }
    }
}

/// A file waiting for a worker: its size, the file, whether the user named it.
type Waiting = (u64, PathBuf, bool);

/// Closes a [`Todo`] when dropped.
struct Closing<'a>(&'a Todo);

impl Drop for Closing<'_> {
    fn drop(&mut self) {
        self.0.close();
    }
}

/// Walks every path of `roots`, sending each file to lint to `todo` as it is found (a
/// directory's files that `options.skip` and the layout leave out are not sent), and
/// answers with each walked directory and what its walk kept.
fn walk_roots(
    roots: &[PathBuf],
    options: &Options,
    report: &Mutex<Report>,
    todo: &Todo,
) -> Vec<(PathBuf, Vec<PathBuf>)> {
    let mut walked = Vec::new();
    for root in roots {
        match std::fs::symlink_metadata(root).and_then(|m| if m.is_symlink() { std::fs::metadata(root) } else { Ok(m) })
        {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                if let Ok(mut r) = report.lock() {
                    diagnostic(&mut r, DiagnosticCode::PathMissing, root, "no such file or directory");
                }
            }
            Ok(m) if m.is_dir() => {
                let send = |f: &Path| {
                    if !skipped(root, f, options)
                        && (options.strict
                            || crate::layout::left_out(f.strip_prefix(root).unwrap_or(f), kind_of(f, "")).is_none())
                    {
                        todo.send(f.to_path_buf(), false);
                    }
                };
                let found = files(root, report, &send);
                walked.push((root.clone(), found));
            }
            // A file, or what is not one (a device, a FIFO): `read` says which.
            _ => {
                todo.send(root.clone(), true);
            }
        }
    }
    walked
}

/// Lints every path of `roots` into one report, files spread over the machine's cores:
/// the walk sends each file to the workers as it finds it (linting starts with the
/// walk, not after it), then counts the files it left out while they finish.
pub(crate) fn lint_roots(roots: &[PathBuf], options: &Options) -> Report {
    let report = Mutex::new(Report::default());
    let todo = Todo::default();
    let workers = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let (parts, counted): (Vec<Report>, Option<Report>) = std::thread::scope(|scope| {
        let walking = std::thread::Builder::new()
            .spawn_scoped(scope, || {
                // The walk closes the queue however it ends, so no worker waits for ever.
                let _closing = Closing(&todo);
                left_out_of(&walk_roots(roots, options, &report, &todo))
            })
            .ok();
        if walking.is_none() {
            todo.close();
        }
        let handles: Vec<_> = (0..workers)
            .filter_map(|_| {
                std::thread::Builder::new()
                    .stack_size(WORKER_STACK)
                    .spawn_scoped(scope, || {
                        let mut part = Report::default();
                        while let Some((file, explicit)) = todo.next() {
                            lint_file(&file, explicit, options, &mut part);
                        }
                        part
                    })
                    .ok()
            })
            .collect();
        let counted = walking.and_then(|h| h.join().ok());
        let parts = handles.into_iter().filter_map(|h| h.join().ok()).collect();
        (parts, counted)
    });
    let mut report = report.into_inner().unwrap_or_default();
    let counted = match counted {
        Some(c) => c,
        // Where the walk could not run on a thread (the workers waited for it until
        // the scope closed it), it runs here and its files are linted here.
        None => {
            let todo = Todo::default();
            let again = Mutex::new(Report::default());
            let walked = walk_roots(roots, options, &again, &todo);
            todo.close();
            let mut again = again.into_inner().unwrap_or_default();
            while let Some((file, explicit)) = todo.next() {
                lint_file(&file, explicit, options, &mut again);
            }
            report = again;
            left_out_of(&walked)
        }
    };
    report.diagnostics.extend(counted.diagnostics);
    // Whatever no worker took (none could start) is linted here.
    todo.close();
    while let Some((file, explicit)) = todo.next() {
        lint_file(&file, explicit, options, &mut report);
    }
    for p in parts {
        report.findings.extend(p.findings);
        report.diagnostics.extend(p.diagnostics);
        report.files += p.files;
    }
    report.diagnostics.sort_by(|a, b| a.subject.cmp(&b.subject).then_with(|| a.message.cmp(&b.message)));
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A worker takes the largest file waiting, waits while the walk goes on, and stops
    /// once the walk is over and nothing waits.
    #[test]
    fn workers_take_the_largest_file_waiting() {
        let dir = tempfile::tempdir().unwrap();
        let todo = Todo::default();
        for (name, len) in [("b", 10), ("a", 300), ("c", 0), ("d", 300)] {
            let path = dir.path().join(name);
            std::fs::write(&path, vec![b'x'; len]).unwrap();
            todo.send(path, false);
        }
        let names = |todo: &Todo, n: usize| -> Vec<String> {
            (0..n)
                .filter_map(|_| todo.next())
                .map(|(p, _)| p.file_name().unwrap().to_string_lossy().into_owned())
                .collect()
        };
        assert_eq!(names(&todo, 2), ["d", "a"]);
        todo.send(dir.path().join("e"), true);
        // `e` does not exist: size 0, after `c` by name.
        assert_eq!(names(&todo, 3), ["b", "e", "c"]);
        // A worker finding nothing waiting waits for the walk's next file, or its end.
        let open = Todo::default();
        std::thread::scope(|s| {
            let worker = s.spawn(|| (open.next(), open.next()));
            std::thread::sleep(std::time::Duration::from_millis(20));
            open.send(dir.path().join("f"), false);
            open.close();
            assert_eq!(worker.join().unwrap(), (Some((dir.path().join("f"), false)), None));
        });
    }

    #[test]
    fn kinds_by_name_extension_and_shebang() {
        let k = |p: &str, src: &str| kind_of(Path::new(p), src);
        assert_eq!(k("a/Cargo.toml", ""), Some(Kind::CargoToml));
        assert_eq!(k("x.tsx", ""), Some(Kind::Tsx));
        assert_eq!(k("hook", "#!/usr/bin/env bash\n"), Some(Kind::Shell));
        assert_eq!(k("hook", "#!/usr/bin/env -S python3 -u\n"), Some(Kind::Python));
        assert_eq!(k("hook", "#!/bin/sh\n"), Some(Kind::Shell));
        assert_eq!(k("hook", "#!/usr/bin/env node\n"), Some(Kind::JavaScript));
        assert_eq!(k("hook", "#!/usr/bin/perl\n"), None);
        assert_eq!(k("README.md", "#!/bin/sh\n"), Some(Kind::Markdown));
        assert_eq!(k(".cursor/rules/x.mdc", ""), Some(Kind::Markdown));
        assert_eq!(k("notes.txt", "#!/bin/sh\n"), None);
        assert_eq!(k("LICENSE", "MIT"), None);
        assert_eq!(k(".bashrc", "#!/bin/sh\n"), Some(Kind::Shell));
    }
}
