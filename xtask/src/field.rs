//! `cargo xtask field`: what the package registries publish against what live runs
//! verified. For every registry runtime with a package, the newest version published
//! (the npm wrapper, its platform package for this host where that runs ahead, or the
//! PyPI project) against the newest verified one; for each that moved, the facts that
//! can be read in the package without running it (hook event names, long flags of the
//! launch row, variables set for children) diffed against the registry at that version.
//!
//! It asks the registries only about the packages the registry names (and the platform
//! packages those name as optional dependencies), through `npm` and `pip`. Not part of
//! `.ci/run`: the registries move. Packages are kept in `target/field/`.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use hal_caps::launch::{Request, plan};
use hal_caps::registry::{Package, REGISTRY, Runtime, Version, dated::At};
use hal_types::{Autonomy, LaunchMode};
use serde::Serialize;

/// The most bytes of one package file read (larger files are skipped and listed).
const MAX_FILE: u64 = 512 << 20;

/// How far apart two literals may lie and still belong to one list, enum or object.
const GAP: usize = 64;

/// One runtime's line of the field.
#[derive(Debug, Serialize)]
pub(crate) struct Line {
    provider: &'static str,
    package: &'static str,
    verified: Option<&'static str>,
    published: Option<String>,
    /// Where the newest published version was read (`npm NAME`, `npm PLATFORM`, `pypi NAME`).
    published_from: Option<String>,
    moved: bool,
    /// The facts of the package at `published`, where it moved and could be read.
    facts: Option<Drift>,
    /// Why something could not be asked or read.
    notes: Vec<String>,
}

/// What a package has that the registry at its version does not, and the reverse.
#[derive(Debug, Default, Serialize, PartialEq, Eq)]
pub(crate) struct Drift {
    /// Hook event names in the package (in a list or enum with the registry's own),
    /// not in the registry at that version.
    pub(crate) events_added: Vec<String>,
    /// The registry's event names at that version the package never quotes.
    pub(crate) events_missing: Vec<String>,
    /// Long flags of the launch row at that version the package never names.
    pub(crate) flags_missing: Vec<String>,
    /// Variables set beside the registry's own (in one object with them), not in the
    /// registry.
    pub(crate) vars_added: Vec<String>,
    /// The registry's variables of the runtime the package never names.
    pub(crate) vars_missing: Vec<String>,
}

impl Drift {
    fn is_empty(&self) -> bool {
        self == &Self::default()
    }
}

/// What the registry says of `r` at `v`: its native events, its launch row's long
/// flags, its variables (markers, session variables, those live runs saw).
#[derive(Debug, Default)]
pub(crate) struct Facts {
    pub(crate) events: BTreeSet<String>,
    pub(crate) flags: BTreeSet<String>,
    pub(crate) vars: BTreeSet<String>,
    /// Every variable the registry names for any runtime (markers, session variables,
    /// weak signals, settings, variables live runs saw).
    pub(crate) known_vars: BTreeSet<String>,
}

/// The registry's facts of `r` at `v`.
pub(crate) fn registry_facts(r: &Runtime, v: Option<Version>) -> Facts {
    let at = At::new(r, v);
    let mut events: BTreeSet<String> = at.events().into_iter().map(|(_, n)| n.to_owned()).collect();
    events.extend(at.unmapped().into_iter().map(str::to_owned));
    let mut flags = BTreeSet::new();
    let modes = [LaunchMode::Interactive, LaunchMode::Print, LaunchMode::Acp];
    let autonomies = [None, Some(Autonomy::None), Some(Autonomy::Edits), Some(Autonomy::Full)];
    for mode in modes {
        for autonomy in autonomies {
            for (resume, continue_latest) in [(None, false), (Some("ID".to_owned()), false), (None, true)] {
                let mut req = Request::new(r.provider, mode);
                req.autonomy = autonomy;
                req.prompt = Some("hi".to_owned());
                req.resume = resume;
                req.continue_latest = continue_latest;
                req.model = Some("m".to_owned());
                req.version = v.map(|v| v.to_string());
                let Ok(p) = plan(&req, &|_| None) else { continue };
                let long = p.argv.iter().filter(|a| a.starts_with("--")).map(|a| a.split('=').next().unwrap_or(a));
                flags.extend(long.map(str::to_owned));
            }
        }
    }
    let mut vars: BTreeSet<String> = r.markers.iter().map(|m| m.var.to_owned()).collect();
    vars.extend(r.session_vars.iter().map(|s| (*s).to_owned()));
    if let Some(verified) = r.verified {
        vars.extend(verified.tool_vars.iter().chain(verified.hook_vars).map(|s| (*s).to_owned()));
    }
    let mut known_vars = BTreeSet::new();
    for o in REGISTRY {
        known_vars.extend(o.markers.iter().map(|m| m.var.to_owned()));
        let lists = [o.session_vars, o.weak, o.settings];
        known_vars.extend(lists.iter().flat_map(|l| l.iter()).map(|s| (*s).to_owned()));
        if let Some(v) = o.verified {
            known_vars.extend(v.tool_vars.iter().chain(v.hook_vars).map(|s| (*s).to_owned()));
        }
    }
    Facts { events, flags, vars, known_vars }
}

/// A name found in a package: where it starts and ends.
struct Found<'a> {
    at: usize,
    end: usize,
    name: &'a str,
}

/// Quoted names (`"PreToolUse"`, `'session_start'`, `"tool.execute.before"`,
/// `"dangerously-skip-permissions"`) of `text`, in order.
fn quoted(text: &str) -> Vec<Found<'_>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let q = b[i];
        if q == b'"' || q == b'\'' || q == b'`' {
            let start = i + 1;
            let mut j = start;
            while j < b.len() && j - start < 64 && (b[j].is_ascii_alphanumeric() || b"_.-".contains(&b[j])) {
                j += 1;
            }
            if j < b.len() && b[j] == q && j > start && b[start].is_ascii_alphabetic() {
                out.push(Found { at: i, end: j + 1, name: &text[start..j] });
                i = j + 1;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// Upper-case names used as keys or assigned (`CLAUDECODE:"1"`, `"AGENT":`, `CI=`)
/// in `text`, in order.
fn keys(text: &str) -> Vec<Found<'_>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let starts = b[i].is_ascii_uppercase() && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < b.len() && (b[j].is_ascii_uppercase() || b[j].is_ascii_digit() || b[j] == b'_') {
            j += 1;
        }
        let close = usize::from(j < b.len() && (b[j] == b'"' || b[j] == b'\''));
        let next = b.get(j + close).copied();
        if j - i >= 2 && j - i <= 64 && matches!(next, Some(b':' | b'=')) {
            out.push(Found { at: i, end: j, name: &text[i..j] });
        }
        i = j.max(i + 1);
    }
    out
}

/// Runs of `found` in `text` no more than [`GAP`] bytes apart (one list, enum or
/// object); `flat`: also with no brace or parenthesis between two (a list of names,
/// not an object whose values are calls).
fn clusters<'a, 'b>(text: &str, found: &'b [Found<'a>], flat: bool) -> Vec<&'b [Found<'a>]> {
    let mut out = Vec::new();
    let mut start = 0;
    let apart = |a: &Found<'_>, b: &Found<'_>| {
        b.at.saturating_sub(a.end) > GAP || flat && text.as_bytes()[a.end..b.at].iter().any(|c| b"(){}".contains(c))
    };
    for i in 1..=found.len() {
        if i == found.len() || apart(&found[i - 1], &found[i]) {
            out.push(&found[start..i]);
            start = i;
        }
    }
    out
}

/// Whether `name` is written like `like` (PascalCase, snake_case, camelCase).
fn same_shape(name: &str, like: &str) -> bool {
    let shape = |s: &str| {
        (s.starts_with(|c: char| c.is_ascii_uppercase()), s.contains('_'), s.bytes().any(|c| c.is_ascii_uppercase()))
    };
    shape(name) == shape(like) && !name.bytes().all(|c| c.is_ascii_uppercase() || c == b'_')
}

/// The drift of the package whose files' texts are `texts` against `facts`.
pub(crate) fn drift(facts: &Facts, texts: &[String]) -> Drift {
    let mut seen_quoted: BTreeSet<&str> = BTreeSet::new();
    let mut seen_keys: BTreeSet<&str> = BTreeSet::new();
    let mut events_added = BTreeSet::new();
    let mut vars_added = BTreeSet::new();
    for text in texts {
        let q = quoted(text);
        seen_quoted.extend(q.iter().map(|f| f.name));
        for c in clusters(text, &q, true) {
            let known: BTreeSet<&str> = c.iter().map(|f| f.name).filter(|n| facts.events.contains(*n)).collect();
            let Some(like) = known.iter().next() else { continue };
            let shaped: BTreeSet<&str> = c.iter().map(|f| f.name).filter(|n| same_shape(n, like)).collect();
            if known.len() >= 3 && known.len() * 2 >= shaped.len() {
                events_added.extend(shaped.difference(&known).map(|s| (*s).to_owned()));
            }
        }
        let k = keys(text);
        seen_keys.extend(k.iter().map(|f| f.name));
        // A child's environment built in one object: a few names, a third of them the
        // runtime's own; the names no runtime of the registry has are new.
        for c in clusters(text, &k, false) {
            let names: BTreeSet<&str> = c.iter().map(|f| f.name).collect();
            let own = names.iter().filter(|n| facts.vars.contains(**n)).count();
            let known = names.iter().filter(|n| facts.vars.contains(**n) || facts.known_vars.contains(**n)).count();
            if own >= 1 && known >= 2 && known * 3 >= names.len() && names.len() <= 32 {
                let new = names.iter().filter(|n| !facts.vars.contains(**n) && !facts.known_vars.contains(**n));
                vars_added.extend(new.map(|s| (*s).to_owned()));
            }
        }
    }
    let named = |needle: &str| texts.iter().any(|t| contains_token(t, needle));
    // A long flag is named as itself (`--print`) or by its option's name (`"print"`).
    let flag_named = |f: &str| named(f) || f.strip_prefix("--").is_some_and(|n| seen_quoted.contains(n));
    Drift {
        events_added: events_added.into_iter().collect(),
        events_missing: facts.events.iter().filter(|e| !seen_quoted.contains(e.as_str())).cloned().collect(),
        flags_missing: facts.flags.iter().filter(|f| !flag_named(f)).cloned().collect(),
        vars_added: vars_added.into_iter().collect(),
        vars_missing: facts.vars.iter().filter(|v| !seen_keys.contains(v.as_str()) && !named(v)).cloned().collect(),
    }
}

/// Whether `needle` occurs in `text` not inside a longer name (`--print` in `--print-x`
/// does not count).
fn contains_token(text: &str, needle: &str) -> bool {
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'-';
    text.match_indices(needle).any(|(at, _)| {
        let b = text.as_bytes();
        let before = at.checked_sub(1).map(|i| b[i]);
        let after = b.get(at + needle.len()).copied();
        !before.is_some_and(|c| word(c) && c != b'-' || c == b'-' && !needle.starts_with('-'))
            && !after.is_some_and(word)
    })
}

/// The texts of every file under `dir` (bytes read lossily: a binary's strings stay
/// whole), skipping files over [`MAX_FILE`] (named in `notes`).
pub(crate) fn package_texts(dir: &Path, notes: &mut Vec<String>) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for e in entries.flatten() {
            let Ok(t) = e.file_type() else { continue };
            let p = e.path();
            if t.is_dir() {
                stack.push(p);
            } else if t.is_file() {
                let len = e.metadata().map_or(0, |m| m.len());
                if len > MAX_FILE {
                    notes.push(format!("{} not read ({len} bytes)", p.strip_prefix(dir).unwrap_or(&p).display()));
                } else if let Ok(bytes) = std::fs::read(&p) {
                    out.push(String::from_utf8_lossy(&bytes).into_owned());
                }
            }
        }
    }
    out
}

/// Runs `cmd`, its stdout when it succeeds.
fn stdout_of(cmd: &mut Command) -> Result<String, String> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        let err = String::from_utf8_lossy(&out.stderr);
        // The first line says why (npm's last names its log file, a path of this machine).
        Err(err.lines().find(|l| !l.trim().is_empty()).unwrap_or("failed").trim().to_owned())
    }
}

/// This host's npm platform suffix (`linux-x64`).
fn platform() -> String {
    let arch = match std::env::consts::ARCH {
        "x86_64" => "x64",
        "aarch64" => "arm64",
        a => a,
    };
    format!("{}-{arch}", std::env::consts::OS)
}

/// The platform package for this host among a wrapper's optional dependencies: one
/// named for this platform (`…-linux-x64`, not an `npm:` alias), of the wrapper's own
/// scope or name (`@anthropic-ai/claude-code-linux-x64`, `opencode-linux-x64` of
/// `opencode-ai`), or any when the wrapper depends on platform packages only (a shim:
/// `droid` on `@factory/cli-linux-x64`). Never another program's (`node-pty`'s).
fn platform_package(wrapper: &str, deps: &serde_json::Map<String, serde_json::Value>) -> Option<String> {
    let suffix = format!("-{}", platform());
    let family = |n: &str| -> String {
        match n.split_once('/') {
            Some((scope, _)) => scope.to_owned(),
            None => n.split('-').next().unwrap_or(n).to_owned(),
        }
    };
    let platformish = |n: &str| ["-linux-", "-darwin-", "-win32-", "-freebsd-"].iter().any(|p| n.contains(p));
    let shim = deps.keys().all(|k| platformish(k));
    deps.iter()
        .filter(|(k, v)| k.ends_with(&suffix) && !v.as_str().is_some_and(|v| v.starts_with("npm:")))
        .map(|(k, _)| k)
        .find(|k| shim || family(k) == family(wrapper))
        .cloned()
}

/// The newer of two versions (`b` when only it parses).
fn newer(a: Option<(String, String)>, b: Option<(String, String)>) -> Option<(String, String)> {
    match (a, b) {
        (Some(a), Some(b)) => match (Version::parse(&a.0), Version::parse(&b.0)) {
            (Some(va), Some(vb)) if vb > va => Some(b),
            _ => Some(a),
        },
        (a, b) => a.or(b),
    }
}

/// The newest version of npm package `name` and of its platform package for this
/// host where it has one: `(version, package it was read from)`.
fn npm_newest(name: &str, notes: &mut Vec<String>) -> Option<(String, String)> {
    let text = match stdout_of(Command::new("npm").args(["view", name, "version", "optionalDependencies", "--json"])) {
        Ok(t) => t,
        Err(e) => {
            notes.push(format!("npm view {name}: {e}"));
            return None;
        }
    };
    let v: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
    let wrapper = v.as_str().or_else(|| v["version"].as_str()).map(|s| (s.to_owned(), format!("npm {name}")));
    let platform_pkg = v["optionalDependencies"].as_object().and_then(|deps| platform_package(name, deps));
    let platform = platform_pkg.and_then(|p| match stdout_of(Command::new("npm").args(["view", &p, "version"])) {
        Ok(t) => Some((t.trim().to_owned(), format!("npm {p}"))),
        Err(e) => {
            notes.push(format!("npm view {p}: {e}"));
            None
        }
    });
    newer(wrapper, platform)
}

/// The newest version of PyPI project `name` (for the newest Python that has a wheel).
fn pypi_newest(name: &str, notes: &mut Vec<String>) -> Option<(String, String)> {
    let mut last = String::new();
    let mut best = None;
    for py in PYTHONS {
        let args = ["index", "versions", name, "--python-version", py, "--only-binary=:all:"];
        match stdout_of(Command::new("pip").args(args).env("PIP_DISABLE_PIP_VERSION_CHECK", "1")) {
            Ok(t) => {
                let first = t.lines().next().unwrap_or_default();
                let v = first.split_once('(').and_then(|(_, r)| r.split_once(')')).map(|(v, _)| v.trim().to_owned());
                best = newer(best, v.map(|v| (v, format!("pypi {name}"))));
            }
            Err(e) => last = e,
        }
    }
    if best.is_none() {
        notes.push(format!("pip index versions {name}: {last}"));
    }
    best
}

/// The Pythons whose wheels are asked for (a project may publish for some only:
/// OpenHands for 3.12, aider below 3.13).
const PYTHONS: [&str; 3] = ["3.13", "3.12", "3.11"];

/// The package `name@version` unpacked under `cache` (fetched once): its directory.
fn unpacked(package: Package, name: &str, version: &str, cache: &Path) -> Result<PathBuf, String> {
    let dir = cache.join(format!("{}@{version}", name.replace('/', "+")));
    let done = dir.join(".unpacked");
    if done.exists() {
        return Ok(dir);
    }
    let _ = std::fs::remove_dir_all(&dir);
    let files = dir.join("files");
    std::fs::create_dir_all(&files).map_err(|e| e.to_string())?;
    let archive = match package {
        Package::PyPi(_) => {
            let spec = format!("{name}=={version}");
            let mut last = String::new();
            for py in PYTHONS {
                let args = ["download", "--no-deps", "--only-binary=:all:", "--python-version", py, "-d"];
                match stdout_of(Command::new("pip").args(args).arg(&dir).arg(&spec)) {
                    Ok(_) => break,
                    Err(e) => last = e,
                }
            }
            let wheel = std::fs::read_dir(&dir)
                .map_err(|e| e.to_string())?
                .flatten()
                .map(|e| e.path())
                .find(|p| p.extension().is_some_and(|x| x == "whl"))
                .ok_or_else(|| format!("pip download {spec}: {last}"))?;
            stdout_of(Command::new("python3").args(["-m", "zipfile", "-e"]).arg(&wheel).arg(&files))?;
            wheel
        }
        _ => {
            let spec = format!("{name}@{version}");
            let json = stdout_of(Command::new("npm").args(["pack", &spec, "--json", "--pack-destination"]).arg(&dir))?;
            let v: serde_json::Value = serde_json::from_str(&json).map_err(|e| e.to_string())?;
            let file = v[0]["filename"].as_str().ok_or("npm pack named no file")?;
            let tgz = dir.join(file);
            unpack_tgz(&tgz, &files)?;
            tgz
        }
    };
    let _ = std::fs::remove_file(archive);
    std::fs::write(&done, "").map_err(|e| e.to_string())?;
    Ok(dir)
}

/// Unpacks the npm tarball `tgz` into `files`.
fn unpack_tgz(tgz: &Path, files: &Path) -> Result<(), String> {
    stdout_of(Command::new("tar").arg("xzf").arg(tgz).arg("-C").arg(files)).map(drop)
}

/// One runtime's line: newest published against newest verified, and the drift.
fn line(r: &Runtime, package: Package, cache: &Path) -> Line {
    let name = package.name();
    let mut notes = Vec::new();
    let newest = match package {
        Package::PyPi(_) => pypi_newest(name, &mut notes),
        _ => npm_newest(name, &mut notes),
    };
    let verified = r.verified.map(|v| v.version);
    let (published, from) = newest.map_or((None, None), |(v, f)| (Some(v), Some(f)));
    let moved = match (published.as_deref().and_then(Version::parse), verified.and_then(Version::parse)) {
        (Some(p), Some(v)) => p > v,
        (Some(_), None) => true,
        _ => false,
    };
    let mut facts = None;
    if let (true, Some(p), Some(f)) = (moved, &published, &from) {
        let read_from = f.split_once(' ').map_or(name, |(_, pkg)| pkg);
        match unpacked(package, read_from, p, cache) {
            Ok(dir) => {
                let texts = package_texts(&dir.join("files"), &mut notes);
                let registry = registry_facts(r, Version::parse(p));
                let d = drift(&registry, &texts);
                if d.events_missing.len() == registry.events.len() && d.flags_missing.len() == registry.flags.len() {
                    notes.push(format!(
                        "{read_from}@{p} names none of the registry's events or flags: its program is not in it (a platform package not served here, or a download at install)"
                    ));
                } else {
                    facts = Some(d);
                }
            }
            Err(e) => notes.push(format!("{read_from}@{p} not read: {e}")),
        }
    }
    Line {
        provider: r.provider.as_str(),
        package: name,
        verified,
        published,
        published_from: from,
        moved,
        facts,
        notes,
    }
}

/// Every registry runtime with a package, in registry order.
pub(crate) fn lines(cache: &Path) -> Vec<Line> {
    REGISTRY.iter().filter_map(|r| r.package.map(|p| line(r, p, cache))).collect()
}

/// The field as a Markdown table a maintainer acts on, then the drift of each runtime
/// that moved.
pub(crate) fn table(lines: &[Line]) -> String {
    let mut out = String::from(
        "| runtime | package | newest verified | newest published | read from | moved |\n|---|---|---|---|---|---|\n",
    );
    for l in lines {
        let _ = writeln!(
            out,
            "| {} | `{}` | {} | {} | {} | {} |",
            l.provider,
            l.package,
            l.verified.unwrap_or("-"),
            l.published.as_deref().unwrap_or("?"),
            l.published_from.as_deref().unwrap_or("-"),
            if l.moved { "**yes**" } else { "no" },
        );
    }
    for l in lines.iter().filter(|l| l.moved || !l.notes.is_empty()) {
        let _ = writeln!(out, "\n### {} {}", l.provider, l.published.as_deref().unwrap_or("?"));
        if let Some(d) = &l.facts {
            if d.is_empty() {
                out.push_str("- the package's facts match the registry at this version\n");
            }
            let list = [
                ("hook events in the package, not in the registry", &d.events_added),
                ("the registry's events the package never names", &d.events_missing),
                ("launch flags the package never names", &d.flags_missing),
                ("variables set beside the registry's, not in the registry", &d.vars_added),
                ("the registry's variables the package never names", &d.vars_missing),
            ];
            for (what, items) in list.iter().filter(|(_, i)| !i.is_empty()) {
                let items: Vec<String> = items.iter().map(|i| format!("`{i}`")).collect();
                let _ = writeln!(out, "- {what}: {}", items.join(", "));
            }
        }
        for n in &l.notes {
            let _ = writeln!(out, "- note: {n}");
        }
    }
    out
}

/// `cargo xtask field [--json]`.
pub(crate) fn field(json: bool) -> Result<(), String> {
    let cache = crate::util::target_dir().join("field");
    let lines = lines(&cache);
    if json {
        println!("{}", serde_json::to_string_pretty(&lines).map_err(|e| e.to_string())?);
    } else {
        print!("{}", table(&lines));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use hal_caps::registry::runtimes::{claude::live as claude, codex::live as codex, gemini::live as gemini};
    use hal_types::RuntimeProvider as P;

    /// The fixture package (an excerpt of Gemini CLI at its newest verified version, with
    /// its hook event enum) packed as npm packs it, then read as `field` reads a package it
    /// fetched.
    fn gemini_texts() -> Vec<String> {
        let fixture =
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/fixtures/field/gemini-{}", gemini::NEWEST));
        let tmp = tempfile::tempdir().unwrap();
        let tgz = tmp.path().join(format!("google-gemini-cli-{}.tgz", gemini::NEWEST));
        stdout_of(Command::new("tar").arg("czf").arg(&tgz).arg("-C").arg(&fixture).arg("package")).unwrap();
        let files = tmp.path().join("files");
        std::fs::create_dir_all(&files).unwrap();
        unpack_tgz(&tgz, &files).unwrap();
        let mut notes = Vec::new();
        let texts = package_texts(&files, &mut notes);
        assert!(notes.is_empty() && !texts.is_empty(), "{notes:?}");
        texts
    }

    #[test]
    fn finds_an_event_removed_from_the_registry_for_a_version_whose_package_has_it() {
        let r = hal_caps::registry::runtime(P::Gemini);
        let mut facts = registry_facts(r, Version::parse(gemini::NEWEST));
        let texts = gemini_texts();
        // The registry as it is: the package's enum is exactly its events.
        let d = drift(&facts, &texts);
        assert_eq!((d.events_added.clone(), d.events_missing.clone()), (vec![], vec![]), "{d:?}");
        // Planted: one event removed from the registry at that version.
        assert!(facts.events.remove("PreCompress"), "{:?}", facts.events);
        let d = drift(&facts, &texts);
        assert_eq!(d.events_added, ["PreCompress"]);
        assert!(d.events_missing.is_empty(), "{d:?}");
        // And the reverse: an event the registry has that the package never names.
        facts.events.insert("BeforeShutdown".to_owned());
        assert_eq!(drift(&facts, &texts).events_missing, ["BeforeShutdown"]);
    }

    #[test]
    fn finds_a_variable_set_beside_the_runtime_s_own_and_a_flag_gone() {
        // The shape of the newest verified Claude Code's child environment (its binary's strings):
        // one object, the registry's variables beside one it does not know (planted).
        let text = r#"x={CLAUDECODE:"1",CLAUDE_CODE_SESSION_ID:s(),CLAUDE_CODE_CHILD_SESSION:"1",CLAUDE_CODE_STARTER_PLANTED:f()?"1":"0",CLAUDE_PID:String(process.pid)};p.option("--print")"#;
        let facts = registry_facts(hal_caps::registry::runtime(P::Claude), Version::parse(claude::NEWEST));
        let d = drift(&facts, &[text.to_owned()]);
        assert_eq!(d.vars_added, ["CLAUDE_CODE_STARTER_PLANTED"]);
        assert!(d.flags_missing.contains(&"--resume".to_owned()), "{d:?}");
        assert!(!d.flags_missing.contains(&"--print".to_owned()), "{d:?}");
    }

    #[test]
    fn reads_only_this_platform_s_package_of_the_wrapper() {
        let deps = |names: &[&str]| -> serde_json::Map<String, serde_json::Value> {
            names.iter().map(|n| ((*n).to_owned(), serde_json::Value::String("1.0.0".to_owned()))).collect()
        };
        let me = platform();
        let claude = deps(&[&format!("@anthropic-ai/claude-code-{me}"), "@anthropic-ai/claude-code-win32-x64"]);
        assert_eq!(
            platform_package("@anthropic-ai/claude-code", &claude),
            Some(format!("@anthropic-ai/claude-code-{me}"))
        );
        let gemini = deps(&[&format!("@lydell/node-pty-{me}"), "keytar"]);
        assert_eq!(platform_package("@google/gemini-cli", &gemini), None, "another program's binary");
        let droid = deps(&[&format!("@factory/cli-{me}"), "@factory/cli-darwin-arm64"]);
        assert_eq!(platform_package("droid", &droid), Some(format!("@factory/cli-{me}")), "a shim's");
        let mut codex = serde_json::Map::new();
        codex.insert(format!("@openai/codex-{me}"), format!("npm:@openai/codex@{}-linux-x64", codex::NEWEST).into());
        assert_eq!(platform_package("@openai/codex", &codex), None, "an alias of the wrapper itself");
    }
}
