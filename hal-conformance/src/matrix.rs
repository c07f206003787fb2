//! The version matrix: each runtime at its pinned newest version and at the older
//! versions of its spec ([`Older`], each beside a dated change of the registry), as
//! [`Target`]s the install, the run and the checks take. What a version has (its hook
//! system, its events, the variables it sets) is read from the registry's dated facts
//! (`hal_caps::registry::At`), never restated here: at version V the suite configures
//! only the events the registry says V has, and expects the hook system, the events and
//! the variables the registry's version ranges give.

use std::io;
use std::ops::Deref;

use hal_caps::registry::dated::{At, History};
use hal_caps::registry::{Hooks, Package, Runtime, Verified, Version};

use crate::runtimes::list::RUNTIMES;
use crate::runtimes::{Ctx, Older, Spec};

/// One runtime at one version.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Target {
    /// The runtime.
    pub(crate) spec: &'static Spec,
    /// The older version, `None`: the pinned newest.
    pub(crate) older: Option<&'static Older>,
}

impl Deref for Target {
    type Target = Spec;
    fn deref(&self) -> &Spec {
        self.spec
    }
}

impl std::fmt::Debug for Spec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl Target {
    /// The runtime at its pinned newest version.
    pub(crate) const fn newest(spec: &'static Spec) -> Self {
        Self { spec, older: None }
    }

    /// The version run.
    pub(crate) fn version(&self) -> &'static str {
        self.older.map_or_else(|| self.spec.version(), |o| o.version)
    }

    /// `claude` for the newest, `claude@<version>` for an older version: the run's name
    /// (its work directory, its fixture, `--runtime` takes either).
    pub(crate) fn key(&self) -> String {
        match self.older {
            None => self.id().to_owned(),
            Some(o) => format!("{}@{}", self.id(), o.version),
        }
    }

    /// Whether it needs Node 22.
    pub(crate) fn node22(&self) -> bool {
        self.older.map_or(self.spec.node22, |o| o.node22)
    }

    /// The package it is installed from at this version, and from which registry: an older
    /// version's own, the newest's platform package where the wrapper lags
    /// ([`crate::runtimes::Native`]), else the registry row's.
    pub(crate) fn install(&self) -> Option<Package> {
        match (self.older, self.spec.native) {
            (Some(o), _) => o.package.or(self.spec.row().package),
            (None, Some(n)) => Some(Package::Npm(n.package)),
            (None, None) => self.spec.row().package,
        }
    }

    /// The name of the package it is installed from at this version ([`Target::install`]).
    pub(crate) fn package(&self) -> Result<&'static str, String> {
        match (self.older, self.spec.native) {
            (Some(&Older { package: Some(p), .. }), _) => Ok(p.name()),
            (None, Some(n)) => Ok(n.package),
            _ => self.spec.package(),
        }
    }

    /// The executables to link into `node_modules/.bin` after the install (the newest's
    /// platform package names no `bin`): name and file in the package.
    pub(crate) fn bins(&self) -> &'static [(&'static str, &'static str)] {
        match (self.older, self.spec.native) {
            (None, Some(n)) => n.bins,
            _ => &[],
        }
    }

    /// `Err(why)`: `npm ci` refuses this version's lock.
    pub(crate) fn npm_ci(&self) -> Result<(), &'static str> {
        self.older.map_or(self.spec.npm_ci, |o| o.npm_ci)
    }

    /// Why its own install script must run, at this version.
    pub(crate) fn own_install_script(&self) -> Option<&'static str> {
        self.older.map_or(self.spec.own_install_script, |o| o.own_install_script)
    }

    /// Why its live run is not green yet.
    pub(crate) fn open(&self) -> Option<&'static str> {
        self.older.map_or(self.spec.open, |o| o.open)
    }

    /// The registry's row at this version.
    pub(crate) fn at(&self) -> At<'static> {
        At::new(self.row(), Version::parse(self.version()))
    }

    /// The hook system the suite configures at this version: the registry's where the
    /// version has one and the suite can write its hooks or bridge its events.
    pub(crate) fn hook_system(&self) -> Option<Hooks> {
        self.spec.hook_system()?;
        self.at().hook_system()
    }

    /// Every native hook event the suite configures at this version ([`Spec::events`],
    /// less the ones the registry dates after it: a Claude Code ≤ 2.0.x settings file
    /// naming one event the version lacks runs no hook at all).
    pub(crate) fn events(&self) -> Vec<&'static str> {
        if self.hook_system().is_none() {
            return Vec::new();
        }
        let at = self.at();
        self.spec.events().into_iter().filter(|e| at.has_event(e)).collect()
    }

    /// Its shell tool at this version, and the arguments of one call of it for `cmd`.
    pub(crate) fn shell_tool(&self, cmd: &str) -> (&'static str, serde_json::Value) {
        match self.older.and_then(|o| o.differs.shell_tool) {
            Some((name, args)) => (name, args(cmd)),
            None => (self.spec.shell_tool, (self.spec.tool_args)(cmd)),
        }
    }

    /// Writes its base configuration: the newest's, then what this version needs beside it.
    pub(crate) fn setup(&self, ctx: &Ctx) -> io::Result<()> {
        (self.spec.setup)(ctx)?;
        match self.older.and_then(|o| o.differs.setup) {
            Some(extra) => extra(ctx),
            None => Ok(()),
        }
    }
}

/// Every target: each runtime's newest, then its older versions (in the table's order).
pub(crate) fn all() -> Vec<Target> {
    RUNTIMES
        .iter()
        .flat_map(|s| {
            std::iter::once(Target::newest(s)).chain(s.older.iter().map(|o| Target { spec: s, older: Some(o) }))
        })
        .collect()
}

/// The target `key` names: `ID` (the newest) or `ID@VERSION` (the newest or an older
/// version of the matrix).
pub(crate) fn target(key: &str) -> Option<Target> {
    let (id, version) = key.split_once('@').map_or((key, None), |(i, v)| (i, Some(v)));
    let spec = crate::runtimes::list::spec(id)?;
    match version {
        None => Some(Target::newest(spec)),
        Some(v) if v == spec.version() => Some(Target::newest(spec)),
        Some(v) => spec.older.iter().find(|o| o.version == v).map(|o| Target { spec, older: Some(o) }),
    }
}

/// Which versions a run takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Which {
    /// The newest of every runtime and the older versions marked `default_run`.
    #[default]
    Default,
    /// The newest of every runtime only.
    NewestOnly,
    /// The whole matrix.
    AllVersions,
}

/// The targets of a run: the ones `keys` names (each as asked, open or not), else the
/// matrix as `which` selects it, less the open ones.
pub(crate) fn select(keys: &[String], which: Which) -> Result<Vec<Target>, String> {
    if !keys.is_empty() {
        return keys.iter().map(|k| target(k).ok_or_else(|| unknown(k))).collect();
    }
    Ok(all()
        .into_iter()
        .filter(|t| t.open().is_none())
        .filter(|t| match (which, t.older) {
            (_, None) | (Which::AllVersions, Some(_)) => true,
            (Which::NewestOnly, Some(_)) => false,
            (Which::Default, Some(o)) => o.default_run,
        })
        .collect())
}

fn unknown(key: &str) -> String {
    let known: Vec<String> = all().iter().map(|t| format!("{}@{}", t.id(), t.version())).collect();
    format!("unknown runtime or version {key} (known: {})", known.join(", "))
}

/// What a run at one version is checked against: the verified record's facts that the
/// registry's dated facts give at that version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Expect {
    /// The version run.
    pub(crate) version: &'static str,
    /// Whether it is the pinned newest (checked against [`Verified::version`]) or an
    /// older one (checked against [`Verified::older`]).
    pub(crate) newest: bool,
    /// The versions the record says were verified.
    pub(crate) recorded: Vec<&'static str>,
    /// Native events expected to fire.
    pub(crate) events: Vec<&'static str>,
    /// Variables expected in the shell tool's environment.
    pub(crate) tool_vars: Vec<&'static str>,
    /// Variables expected in a hook's environment.
    pub(crate) hook_vars: Vec<&'static str>,
    /// Session variables expected to be set somewhere.
    pub(crate) session_vars: Vec<&'static str>,
}

/// Whether a dated variable's `set_for` (`tools`, `hooks`, `tools and hooks`) covers `place`.
fn covers(set_for: &str, place: &str) -> bool {
    set_for.split(" and ").any(|p| p.trim() == place)
}

/// Whether `var` is set at `at` in `place` (`tools`, `hooks`; `None`: anywhere): a variable
/// the registry does not date there is set wherever the record saw it.
fn var_holds(history: Option<&History>, at: &At, var: &str, place: Option<&str>) -> bool {
    let Some(v) = at.version else { return true };
    let spans: Vec<_> = history
        .into_iter()
        .flat_map(|h| h.vars.iter())
        .filter(|s| s.var == var && place.is_none_or(|p| covers(s.set_for, p)))
        .collect();
    spans.is_empty() || spans.iter().any(|s| s.span.holds(&v))
}

/// What a run of `row` at `version` is checked against: `verified`'s events and variables
/// that the row's dated facts give at `version`.
pub(crate) fn expect(row: &Runtime, verified: Option<&Verified>, version: &'static str, newest: bool) -> Expect {
    let at = At::new(row, Version::parse(version));
    let history = row.history;
    let hooks = at.hook_system().is_some();
    let pick = |vars: &'static [&'static str], place: Option<&str>| -> Vec<&'static str> {
        vars.iter().copied().filter(|v| var_holds(history, &at, v, place)).collect()
    };
    let Some(rec) = verified else {
        return Expect {
            version,
            newest,
            recorded: Vec::new(),
            events: Vec::new(),
            tool_vars: Vec::new(),
            hook_vars: Vec::new(),
            session_vars: Vec::new(),
        };
    };
    Expect {
        version,
        newest,
        recorded: if newest { vec![rec.version] } else { rec.older.to_vec() },
        events: rec.events.iter().copied().filter(|e| hooks && at.has_event(e)).collect(),
        tool_vars: pick(rec.tool_vars, Some("tools")),
        hook_vars: if hooks { pick(rec.hook_vars, Some("hooks")) } else { Vec::new() },
        session_vars: pick(rec.session_vars, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The registry's verified older versions are exactly the matrix's green ones (the
    /// ones not `open`): a version is verified only where the suite runs it, and every
    /// version the suite runs green is recorded.
    #[test]
    fn the_verified_older_versions_are_the_green_matrix() {
        for spec in RUNTIMES {
            let mut green: Vec<&str> = spec.older.iter().filter(|o| o.open.is_none()).map(|o| o.version).collect();
            let mut recorded: Vec<&str> = spec.row().verified.map(|v| v.older.to_vec()).unwrap_or_default();
            green.sort_unstable();
            recorded.sort_unstable();
            assert_eq!(green, recorded, "{}: Spec.older (not open) vs Verified.older", spec.id());
        }
    }

    /// Every runtime of the suite has a verified record (its pinned version is the
    /// record's), and every older version of the matrix parses, is older than the newest
    /// and not older than the oldest the registry dates.
    #[test]
    fn the_matrix_is_well_formed() {
        for spec in RUNTIMES {
            assert!(spec.row().verified.is_some(), "{}: no verified record", spec.id());
            let newest = Version::parse(spec.version()).unwrap();
            let mut prev = newest;
            for o in spec.older {
                let v = Version::parse(o.version).unwrap_or_else(|| panic!("{}: {}", spec.id(), o.version));
                assert!(v < prev, "{}: older versions newest first", spec.id());
                prev = v;
                assert!(!o.why.is_empty(), "{}@{}: why is it in the matrix?", spec.id(), o.version);
                let t = Target { spec, older: Some(o) };
                assert!(!t.at().older_than_supported(), "{}: older than the registry supports", t.key());
                assert_eq!(target(&t.key()).map(|x| x.version()), Some(o.version));
            }
        }
    }

    /// A platform package the newest is installed from is one the registry row ships as
    /// (`Runtime::packages`: `detect` and `inventory` read its version from it), and it
    /// links an executable `hal launch` starts.
    #[test]
    fn a_native_package_is_one_the_registry_row_ships_as() {
        for spec in RUNTIMES {
            let Some(n) = spec.native else { continue };
            assert!(spec.row().packages().contains(&n.package), "{}: {} is not the row's", spec.id(), n.package);
            assert!(
                n.bins.iter().any(|(name, _)| spec.row().executables.contains(name)),
                "{}: {:?} links none of the row's executables",
                spec.id(),
                n.bins
            );
            assert_eq!(Target::newest(spec).package(), Ok(n.package));
        }
    }

    /// The selections: the newest of every runtime in each; the default adds the
    /// `default_run` olders; `--all-versions` all of them; open ones only when named.
    #[test]
    fn selections_take_what_they_say() {
        let count = |w| select(&[], w).unwrap().len();
        let newest = RUNTIMES.iter().filter(|s| s.open.is_none()).count();
        let olders: Vec<&Older> = RUNTIMES.iter().flat_map(|s| s.older.iter()).filter(|o| o.open.is_none()).collect();
        assert_eq!(count(Which::NewestOnly), newest);
        assert_eq!(count(Which::Default), newest + olders.iter().filter(|o| o.default_run).count());
        assert_eq!(count(Which::AllVersions), newest + olders.len());
        assert!(select(&["claude@0.0.1".into()], Which::Default).is_err());
    }
}
