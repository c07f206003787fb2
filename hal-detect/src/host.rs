//! The host probe: the one place hal reads the environment, the filesystem and the
//! process table. Everything else in hal is a pure function of what a [`Host`] returns.

use hal_caps::platform::Platform;
use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};

/// What `stat` found at a path (following symbolic links). Never opens the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Stat {
    /// Nothing there.
    Missing,
    /// A regular file (or a link to one) of this many bytes.
    File {
        /// Its size.
        len: u64,
    },
    /// A directory (or a link to one).
    Dir,
    /// A FIFO, socket or device, named.
    Special(&'static str),
    /// A symbolic link whose target does not exist.
    DanglingLink,
}

/// One process of the ancestry.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ProcessInfo {
    /// Its pid.
    pub pid: u32,
    /// Its parent's pid, if it has one.
    pub parent: Option<u32>,
    /// The kernel's name for it (Linux `comm`, at most 15 bytes).
    pub name: OsString,
    /// The executable's path, when readable.
    pub exe: Option<PathBuf>,
    /// Its arguments, `argv[0]` first, when readable.
    pub argv: Vec<OsString>,
    /// When it started, in the OS's units (clock ticks since boot on Linux), when known.
    pub start_time: Option<u64>,
}

impl ProcessInfo {
    /// A process with a pid, a parent and a name; no exe, argv or start time.
    #[must_use]
    pub fn new(pid: u32, parent: Option<u32>, name: impl Into<OsString>) -> Self {
        Self { pid, parent, name: name.into(), ..Self::default() }
    }

    /// Sets the executable path.
    #[must_use]
    pub fn with_exe(mut self, exe: impl Into<PathBuf>) -> Self {
        self.exe = Some(exe.into());
        self
    }

    /// Sets the arguments.
    #[must_use]
    pub fn with_argv<I: IntoIterator<Item = S>, S: Into<OsString>>(mut self, argv: I) -> Self {
        self.argv = argv.into_iter().map(Into::into).collect();
        self
    }

    /// Sets the start time.
    #[must_use]
    pub const fn with_start_time(mut self, t: u64) -> Self {
        self.start_time = Some(t);
        self
    }
}

/// The chain of our ancestors, parent first, and what went wrong reading it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Ancestry {
    /// Parent first, then its parent, ... (bounded by the requested depth).
    pub chain: Vec<ProcessInfo>,
    /// Problems met on the walk (a vanished pid, a denied read, a cycle, the depth bound).
    pub warnings: Vec<hal_types::Diagnostic>,
}

impl Ancestry {
    /// An ancestry of these processes, parent first.
    #[must_use]
    pub fn new(chain: Vec<ProcessInfo>) -> Self {
        Self { chain, warnings: Vec::new() }
    }
}

/// Reads the host. Implementations must not panic and must bound their work; errors
/// are values. An empty environment value must be treated like an unset one by
/// callers (see [`crate::Detector`]), not by implementations.
pub trait Host {
    /// The value of environment variable `name`, as bytes the OS gave (`None` if unset).
    fn var(&self, name: &str) -> Option<OsString>;

    /// The current directory.
    fn current_dir(&self) -> io::Result<PathBuf>;

    /// `stat` of `path`, following links. Must not open the file.
    fn stat(&self, path: &Path) -> io::Result<Stat>;

    /// The contents of a regular file, at most `limit` bytes (more is an error).
    fn read_file(&self, path: &Path, limit: u64) -> io::Result<Vec<u8>>;

    /// Our ancestors, parent first, at most `max_depth` of them.
    fn ancestry(&self, max_depth: usize) -> Ancestry;

    /// `path` with every symbolic link resolved (bounded by the OS's link limit). The
    /// default resolves nothing: `path` as given.
    fn canonicalize(&self, path: &Path) -> io::Result<PathBuf> {
        Ok(path.to_path_buf())
    }

    /// The names of at most `limit` entries of the directory `path`, in the OS's
    /// order. The default lists nothing (an error).
    fn list_dir(&self, path: &Path, limit: usize) -> io::Result<Vec<OsString>> {
        let _ = (path, limit);
        Err(io::ErrorKind::Unsupported.into())
    }

    /// The first entry of the directory `path`, in the OS's order, that `keep` takes;
    /// every entry is looked at (bounded by the directory, not by a count: a crowded
    /// directory is read whole). The default looks through [`Host::list_dir`].
    fn find_in_dir(&self, path: &Path, keep: &dyn Fn(&std::ffi::OsStr) -> bool) -> io::Result<Option<OsString>> {
        Ok(self.list_dir(path, usize::MAX)?.into_iter().find(|n| keep(n)))
    }

    /// Whether a person is at the other end: standard error is a terminal, or the
    /// process has a controlling terminal. Not standard output: `$(hal env)` and the
    /// clients read it through a pipe while a person watches (N12 of the third hostile
    /// pass), whereas agents' tool runners pipe all three and give no terminal.
    fn person_at_terminal(&self) -> bool;

    /// The platform's facts this host is read with (names, `PATH`, home and install
    /// folders). The default is the platform hal was built for.
    fn platform(&self) -> &'static Platform {
        Platform::native()
    }
}

impl<H: Host + ?Sized> Host for &H {
    fn var(&self, name: &str) -> Option<OsString> {
        (**self).var(name)
    }
    fn current_dir(&self) -> io::Result<PathBuf> {
        (**self).current_dir()
    }
    fn stat(&self, path: &Path) -> io::Result<Stat> {
        (**self).stat(path)
    }
    fn read_file(&self, path: &Path, limit: u64) -> io::Result<Vec<u8>> {
        (**self).read_file(path, limit)
    }
    fn ancestry(&self, max_depth: usize) -> Ancestry {
        (**self).ancestry(max_depth)
    }
    fn canonicalize(&self, path: &Path) -> io::Result<PathBuf> {
        (**self).canonicalize(path)
    }
    fn list_dir(&self, path: &Path, limit: usize) -> io::Result<Vec<OsString>> {
        (**self).list_dir(path, limit)
    }
    fn find_in_dir(&self, path: &Path, keep: &dyn Fn(&std::ffi::OsStr) -> bool) -> io::Result<Option<OsString>> {
        (**self).find_in_dir(path, keep)
    }
    fn person_at_terminal(&self) -> bool {
        (**self).person_at_terminal()
    }
    fn platform(&self) -> &'static Platform {
        (**self).platform()
    }
}
