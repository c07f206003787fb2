//! The detected runtime's version, learned cheaply, strongest source first:
//!
//! 1. `GT_HAL_RUNTIME_VERSION` (the operator's override, beside `GT_RUNTIME`), then the
//!    config file's `[runtime.<id>] runtime_version`;
//! 2. the version the runtime declares: `AI_AGENT` in one of its forms, when it names
//!    the detected runtime's family; a variable the runtime sets to its version
//!    (`CODEX_VERSION`);
//! 3. its install: a variable pointing into it (`CLAUDE_CODE_EXECPATH`,
//!    `CODEX_MANAGED_PACKAGE_ROOT`), the nearest ancestor of its family (its executable,
//!    the script in its command line), each leading to the package's `package.json`;
//! 4. weaker: the runtime's executable found on `PATH` (Claude Code's JS builds set
//!    `process.title`, which removes the script from their command line), which says so.
//!
//! Bounded: a `stat` and at most one manifest of 64 KiB per directory, 8 directories
//! up from each of at most 4 paths per source; no process is spawned. Nothing is
//! looked up for an `unknown` runtime, so a plain terminal pays nothing.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use hal_caps::config::{Config, ConfigSource, RUNTIME_VERSION};
use hal_caps::registry::{self, Version};
use hal_caps::text::quote_value;
use hal_types::{Diagnostic, DiagnosticCode, RuntimeProvider};

use crate::host::{Host, ProcessInfo};
use crate::identify::AncestorMatch;
use crate::install::manifest_near;
use crate::vars;

pub use crate::install::MAX_MANIFEST_BYTES;
/// How many arguments of an ancestor's command line are tried as paths.
const MAX_ARGS: usize = 3;

/// What the lookup found, and what it tried (for `hal explain`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Learned {
    /// The version and where it came from.
    pub version: Option<(String, String)>,
    /// Each source tried, in order, with what it gave.
    pub tried: Vec<String>,
    /// Problems: an override that is not a version.
    pub diagnostics: Vec<Diagnostic>,
}

/// The version a self-declared name carries, with its variable, when the name is the
/// detected runtime's family's (for [`learn`]).
#[derive(Debug, Clone, Copy)]
pub struct Declared<'a> {
    /// `AI_AGENT` or `AGENT`.
    pub var: &'static str,
    /// The runtime the name names, if any.
    pub provider: Option<RuntimeProvider>,
    /// The declared version.
    pub version: Option<&'a str>,
}

/// Learns `provider`'s version on `host` (see the module). `ancestry` is called only
/// when the cheaper sources gave nothing (it walks the ancestry, once per detection).
pub fn learn<'a, H: Host>(
    host: &H,
    provider: RuntimeProvider,
    declared: Option<Declared<'_>>,
    ancestry: impl FnOnce() -> (&'a [ProcessInfo], &'a [AncestorMatch]),
) -> Learned {
    learn_from(host, provider, declared, ancestry, Reach::Full)
}

/// `provider`'s version from the environment alone: `GT_HAL_RUNTIME_VERSION`, the
/// version the runtime declares, a variable it sets to its version (sources 1 and 2 of
/// the module, without the config file). No file is read and no process looked at: for
/// an answer that does not show the version (text `hal detect`, `hal hook`) but still
/// warns of one no live run verified.
pub fn learn_from_environment<H: Host>(host: &H, provider: RuntimeProvider, declared: Option<Declared<'_>>) -> Learned {
    learn_from(host, provider, declared, || (&[][..], &[][..]), Reach::Environment)
}

/// How far [`learn_from`] looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// Every source.
    Full,
    /// What names the runtime alone: no override, no ancestry, no `PATH`
    /// ([`learn_firm`]).
    Firm,
    /// The variables only ([`learn_from_environment`]).
    Environment,
}

/// `provider`'s version from what names that runtime alone, for a runtime that was not
/// (yet) decided: the config file's `[runtime.<id>] runtime_version` (not
/// `GT_HAL_RUNTIME_VERSION`, which is the decided runtime's), a variable it sets to its
/// version, a variable pointing into its install. No ancestry, no `PATH` (not the
/// running process). For the overwrite rule of the arbiter.
pub fn learn_firm<H: Host>(host: &H, provider: RuntimeProvider) -> Option<(String, String)> {
    learn_from(host, provider, None, || (&[][..], &[][..]), Reach::Firm).version
}

fn learn_from<'a, H: Host>(
    host: &H,
    provider: RuntimeProvider,
    declared: Option<Declared<'_>>,
    ancestry: impl FnOnce() -> (&'a [ProcessInfo], &'a [AncestorMatch]),
    reach: Reach,
) -> Learned {
    let mut out = Learned::default();
    if provider == RuntimeProvider::Unknown {
        return out;
    }
    let r = registry::runtime(provider);
    let family = r.family();
    let var = |name: &str| host.var(name).filter(|v| !v.is_empty());
    if let Some(found) = from_operator(host, provider, &mut out, reach) {
        out.version = Some(found);
        return out;
    }
    // 2. Declared by the runtime.
    if let Some(d) = declared {
        let ours = d.provider.is_some_and(|p| registry::family(p) == family);
        match d.version.filter(|v| Version::parse(v).is_some()) {
            Some(v) if ours => {
                out.tried.push(format!("{} declares {provider}'s version", d.var));
                out.version = Some((v.to_owned(), d.var.to_owned()));
                return out;
            }
            _ => out.tried.push(format!("{} declares no version of {provider}", d.var)),
        }
    }
    let history = r.history.or_else(|| r.variant_of.and_then(|p| registry::runtime(p).history));
    for name in history.map_or(&[][..], |h| h.version_vars) {
        if let Some(v) = var(name).filter(|v| v.to_str().and_then(Version::parse).is_some()) {
            out.tried.push(format!("{name} is set"));
            out.version = Some((lossy(&v).trim().to_owned(), (*name).to_owned()));
            return out;
        }
    }
    if reach == Reach::Environment {
        return out;
    }
    // 3. The install, from a variable pointing into it.
    let packages = r.packages();
    for name in history.map_or(&[][..], |h| h.install_vars) {
        let Some(path) = var(name) else { continue };
        if let Some(found) = manifest_near(host, Path::new(&path), &packages) {
            out.tried.push(format!("${name} leads to {}", found.label()));
            let source = format!("{} (from ${name})", found.label_short());
            out.version = Some((found.version, source));
            return out;
        }
        out.tried.push(format!("${name} leads to no manifest of {}", packages.join(", ")));
    }
    // 3. The install, from the nearest ancestor of the runtime's family.
    let (chain, matches) = ancestry();
    if let Some(a) = matches.iter().find(|a| registry::family(a.provider) == family)
        && let Some(p) = usize::try_from(a.depth).ok().and_then(|d| chain.get(d.checked_sub(1)?))
    {
        let paths = p
            .exe
            .iter()
            .cloned()
            .chain(p.argv.iter().skip(1).take(MAX_ARGS).map(PathBuf::from).filter(|a| a.is_absolute()));
        for path in paths {
            if let Some(found) = manifest_near(host, &path, &packages) {
                let how = format!("ancestor `{}` ({} level(s) up)", a.name, a.depth);
                out.tried.push(format!("{how}: {}", found.label()));
                let source = format!("{} (from {how})", found.label_short());
                out.version = Some((found.version, source));
                return out;
            }
            if let Some(v) = crate::install::native_layout(&path) {
                let how = format!("ancestor `{}` ({} level(s) up)", a.name, a.depth);
                out.tried.push(format!("{how}: a native install's versions/{v}"));
                out.version = Some((v, format!("{} (from {how})", crate::install::NATIVE_LAYOUT)));
                return out;
            }
        }
        out.tried.push(format!("ancestor `{}`: no manifest of {} near it", a.name, packages.join(", ")));
    }
    // 4. Weaker: the executable on PATH.
    if reach == Reach::Firm {
        return out;
    }
    if let Some(i) = crate::inventory::first_on_path(host, r) {
        let exe = hal_caps::text::escape_control(&i.executable.to_string_lossy()).into_owned();
        if let (Some(v), Some(how)) = (i.version, i.version_source) {
            out.tried.push(format!("on PATH: {exe} is {provider} {v} ({how})"));
            let source = format!("{how} (weaker: the first executable on PATH, not the running process)");
            out.version = Some((v, source));
            return out;
        }
        out.tried.push(format!("on PATH: {exe} says no version"));
        return out;
    }
    out.tried.push("no executable of it on PATH".to_owned());
    out
}

/// The operator's version: `GT_HAL_RUNTIME_VERSION`, then the config file's
/// `[runtime.<id>] runtime_version`; a value that is not a version is a diagnostic.
/// [`Reach::Firm`]: the config file's value only (the override is the decided
/// runtime's); [`Reach::Environment`]: the override only (no file is read).
fn from_operator<H: Host>(
    host: &H,
    provider: RuntimeProvider,
    out: &mut Learned,
    reach: Reach,
) -> Option<(String, String)> {
    let var = |name: &str| host.var(name).filter(|v| !v.is_empty());
    // 1. The override.
    if let Some(v) = var(vars::GT_HAL_RUNTIME_VERSION).filter(|_| reach != Reach::Firm) {
        match v.to_str().and_then(Version::parse) {
            Some(_) => {
                out.tried.push(format!("{} is set", vars::GT_HAL_RUNTIME_VERSION));
                return Some((lossy(&v).trim().to_owned(), vars::GT_HAL_RUNTIME_VERSION.to_owned()));
            }
            None => {
                let message = format!(
                    "ignoring {}={}: not a version (dotted numbers, `1.2.3`)",
                    vars::GT_HAL_RUNTIME_VERSION,
                    quote_value(&v)
                );
                out.diagnostics.push(Diagnostic::new(
                    DiagnosticCode::VersionUnsupported,
                    Some(vars::GT_HAL_RUNTIME_VERSION),
                    message,
                ));
                out.tried.push(format!("{} is not a version", vars::GT_HAL_RUNTIME_VERSION));
            }
        }
    }
    if reach == Reach::Environment {
        return None;
    }
    // 1. The config file's `[runtime.<id>] runtime_version` (errors are reported by the
    // commands that apply the file; here a file that cannot be used gives nothing).
    if let ConfigSource::Text { path, text } = crate::settings::read_config(host)
        && let Ok(c) = Config::parse(&path, &text)
        && let Some(v) = c.runtime_str(provider, RUNTIME_VERSION)
    {
        if Version::parse(v).is_some() {
            out.tried.push(format!("the config file's [runtime.{provider}] {RUNTIME_VERSION}"));
            return Some((v.trim().to_owned(), format!("{RUNTIME_VERSION} in {path}")));
        }
        let message = format!(
            "ignoring {RUNTIME_VERSION} = {} in {path}: not a version (dotted numbers, `1.2.3`)",
            quote_value(std::ffi::OsStr::new(v))
        );
        out.diagnostics.push(Diagnostic::new(DiagnosticCode::VersionUnsupported, Some(RUNTIME_VERSION), message));
    }
    None
}

fn lossy(v: &OsString) -> String {
    v.to_string_lossy().into_owned()
}
