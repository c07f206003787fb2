//! A host made of data, for tests: no real environment, files or processes.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};

use hal_caps::platform::Platform;

use crate::host::{Ancestry, Host, ProcessInfo, Stat};

/// A fake host: an environment map, a set of paths with their [`Stat`], file contents
/// and an ancestry chain. Paths not listed are [`Stat::Missing`].
#[derive(Debug, Clone, Default)]
pub struct FakeHost {
    env: BTreeMap<String, OsString>,
    cwd: Option<PathBuf>,
    files: BTreeMap<PathBuf, Result<Stat, (io::ErrorKind, String)>>,
    contents: BTreeMap<PathBuf, Vec<u8>>,
    ancestry: Ancestry,
    terminal: bool,
    platform: Option<&'static Platform>,
}

impl FakeHost {
    /// An empty host: no variables, no files, no ancestors, cwd `/ws`.
    #[must_use]
    pub fn new() -> Self {
        Self { cwd: Some(PathBuf::from("/ws")), ..Self::default() }
    }

    /// Sets a variable.
    #[must_use]
    pub fn env(mut self, name: &str, value: impl Into<OsString>) -> Self {
        self.env.insert(name.to_owned(), value.into());
        self
    }

    /// Sets the current directory (`None`: reading it fails).
    #[must_use]
    pub fn cwd(mut self, dir: Option<&str>) -> Self {
        self.cwd = dir.map(PathBuf::from);
        self
    }

    /// Puts something at `path`.
    #[must_use]
    pub fn path(mut self, path: impl Into<PathBuf>, stat: io::Result<Stat>) -> Self {
        self.files.insert(path.into(), stat.map_err(|e| (e.kind(), e.to_string())));
        self
    }

    /// Puts a regular file with `contents` at `path`.
    #[must_use]
    pub fn file(mut self, path: impl Into<PathBuf>, contents: impl Into<Vec<u8>>) -> Self {
        let path = path.into();
        let contents = contents.into();
        self.files.insert(path.clone(), Ok(Stat::File { len: contents.len() as u64 }));
        self.contents.insert(path, contents);
        self
    }

    /// Sets the ancestry (parent first).
    #[must_use]
    pub fn ancestors(mut self, chain: Vec<ProcessInfo>) -> Self {
        self.ancestry = Ancestry::new(chain);
        self
    }

    /// Puts a person at a terminal (`true`: standard error or the controlling terminal
    /// is one) or not (the default).
    #[must_use]
    pub const fn terminal(mut self, yes: bool) -> Self {
        self.terminal = yes;
        self
    }

    /// Reads this host with `platform`'s facts. Without it a fake host is a Linux host on
    /// every machine (its data are recorded, not the test machine's).
    #[must_use]
    pub const fn platform(mut self, platform: &'static Platform) -> Self {
        self.platform = Some(platform);
        self
    }

    /// Sets the whole ancestry answer, warnings included.
    #[must_use]
    pub fn ancestry_answer(mut self, ancestry: Ancestry) -> Self {
        self.ancestry = ancestry;
        self
    }
}

impl Host for FakeHost {
    fn var(&self, name: &str) -> Option<OsString> {
        self.env.get(name).cloned()
    }

    fn current_dir(&self) -> io::Result<PathBuf> {
        self.cwd.clone().ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))
    }

    fn stat(&self, path: &Path) -> io::Result<Stat> {
        match self.files.get(path) {
            None => Ok(Stat::Missing),
            Some(Ok(s)) => Ok(*s),
            Some(Err((kind, msg))) => Err(io::Error::new(*kind, msg.clone())),
        }
    }

    fn read_file(&self, path: &Path, limit: u64) -> io::Result<Vec<u8>> {
        match self.stat(path)? {
            Stat::File { len } if len > limit => Err(io::Error::other(format!("larger than {limit} bytes"))),
            Stat::File { .. } => Ok(self.contents.get(path).cloned().unwrap_or_default()),
            _ => Err(io::Error::other("not a regular file")),
        }
    }

    fn ancestry(&self, max_depth: usize) -> Ancestry {
        let mut a = self.ancestry.clone();
        if a.chain.len() > max_depth {
            a.chain.truncate(max_depth);
            a.warnings.push(crate::os::truncated(max_depth));
        }
        a
    }

    fn person_at_terminal(&self) -> bool {
        self.terminal
    }

    fn platform(&self) -> &'static Platform {
        self.platform.unwrap_or(&hal_caps::platform::LINUX)
    }
}
