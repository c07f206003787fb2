//! What differs per platform, as data: the one place hal-detect asks how executables are
//! named, how `PATH` is split, where home, config and install folders are. Each fact
//! names its source. Nothing here reads the host: hal-detect passes the values it read.
//!
//! Per-runtime facts (a runtime's own executable names) stay in the runtime's registry
//! row; what every runtime shares on a platform (`.exe`, npm's `.cmd` shims, the
//! package managers' folders) is derived from this table.

use std::path::{Path, PathBuf};

use crate::vars;

/// An operating-system family whose facts differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Os {
    /// Linux and the other Unix systems hal has no table of its own for.
    Linux,
    /// macOS.
    MacOs,
    /// Windows (native, not WSL: WSL is Linux).
    Windows,
}

/// Where a folder starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Base {
    /// The value of a variable, when set and not empty.
    Var(&'static str),
    /// The user's home folder ([`Platform::home_vars`]).
    Home,
    /// An absolute folder, the same on every machine of the platform.
    Root(&'static str),
}

/// A folder: a base, then path segments separated by `/` (`{exe}` stands for the
/// executable's name), and the document that says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Place {
    /// Where it starts.
    pub base: Base,
    /// The segments under the base, `/`-separated (empty: the base itself).
    pub rel: &'static str,
    /// Who says so (a vendor's documentation).
    pub source: &'static str,
}

impl Place {
    const fn var(name: &'static str, rel: &'static str, source: &'static str) -> Self {
        Self { base: Base::Var(name), rel, source }
    }
    const fn home(rel: &'static str, source: &'static str) -> Self {
        Self { base: Base::Home, rel, source }
    }
    const fn root(dir: &'static str, source: &'static str) -> Self {
        Self { base: Base::Root(dir), rel: "", source }
    }

    /// The folder for `exe`, given how to read a variable; `None` when its base is unset.
    pub fn resolve(&self, platform: &Platform, exe: &str, var: impl Fn(&str) -> Option<PathBuf>) -> Option<PathBuf> {
        let mut dir = match self.base {
            Base::Var(name) => var(name)?,
            Base::Home => platform.home(&var)?,
            Base::Root(dir) => PathBuf::from(dir),
        };
        for seg in self.rel.split('/').filter(|s| !s.is_empty()) {
            dir.push(seg.replace("{exe}", exe));
        }
        Some(dir)
    }
}

/// One platform's facts.
#[derive(Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Platform {
    /// The family.
    pub os: Os,
    /// The separator of `PATH`-like lists (what `std::env::split_paths` splits on there).
    pub list_separator: char,
    /// Whether file and executable names are compared without regard to ASCII case.
    pub case_insensitive_names: bool,
    /// The suffixes that make a file executable when the command names none, in
    /// `PATHEXT`'s order; empty where the name is the file's whole name.
    pub executable_suffixes: &'static [&'static str],
    /// The variable that overrides [`Self::executable_suffixes`] (`PATHEXT`).
    pub suffixes_var: Option<&'static str>,
    /// The suffix of a native executable's file (`.exe`), stripped before names compare.
    pub native_suffix: &'static str,
    /// The variables holding the user's home folder, in order.
    pub home_vars: &'static [&'static str],
    /// Where hal's own config folder is looked for (the file is `hal/config.toml` in it),
    /// in order; the first whose base is set wins.
    pub config_dirs: &'static [Place],
    /// Where runtimes are installed besides `PATH`, in the order they are searched.
    pub install_places: &'static [Place],
    /// Where an npm shim's package is, relative to the shim's folder, when the shim is no
    /// link to it (Windows: `<prefix>\node_modules` beside `<prefix>\<name>.cmd`).
    pub npm_modules_beside_shims: Option<&'static str>,
    /// Whether `\` separates path segments, besides `/` (the registry's script anchors
    /// are written with `/`).
    pub backslash_separates: bool,
}

const NPM_FOLDERS: &str = "https://docs.npmjs.com/cli/v11/configuring-npm/folders";
const XDG: &str = "https://specifications.freedesktop.org/basedir-spec/latest/";
const BUN: &str = "https://bun.sh/docs/installation";
const PNPM: &str = "https://pnpm.io/npmrc#global-bin-dir";
const PIPX: &str = "https://pipx.pypa.io/stable/installation/";
const UV: &str = "https://docs.astral.sh/uv/concepts/tools/";
const HOMEBREW: &str = "https://docs.brew.sh/Installation";
const SCOOP: &str = "https://github.com/ScoopInstaller/Scoop/wiki/Quick-Start";
const WINGET: &str = "https://learn.microsoft.com/en-us/windows/package-manager/winget/";
const APPDATA: &str = "https://learn.microsoft.com/en-us/windows/deployment/usmt/usmt-recognized-environment-variables";

/// The install places Linux and macOS share (after `PATH`).
const UNIX_PLACES: [Place; 8] = [
    Place::var(vars::NPM_CONFIG_PREFIX, "bin", NPM_FOLDERS),
    Place::var(vars::PNPM_HOME, "", PNPM),
    Place::home(".local/bin", XDG),
    Place::home(".npm-global/bin", NPM_FOLDERS),
    Place::home(".bun/bin", BUN),
    Place::home(".{exe}/bin", "the runtimes' own installers (~/.<name>/bin)"),
    Place::home(".local/pipx/venvs/{exe}/bin", PIPX),
    Place::home(".local/share/uv/tools/{exe}/bin", UV),
];

const UNIX_CONFIG: [Place; 2] = [Place::var(vars::XDG_CONFIG_HOME, "", XDG), Place::home(".config", XDG)];

/// Linux (and any Unix without a table of its own).
pub const LINUX: Platform = Platform {
    os: Os::Linux,
    list_separator: ':',
    case_insensitive_names: false,
    executable_suffixes: &[],
    suffixes_var: None,
    native_suffix: "",
    home_vars: &[vars::HOME],
    config_dirs: &UNIX_CONFIG,
    install_places: &UNIX_PLACES,
    npm_modules_beside_shims: None,
    backslash_separates: false,
};

const MACOS_PLACES: [Place; 10] = {
    let [a, b, c, d, e, f, g, h] = UNIX_PLACES;
    [a, b, c, d, e, f, g, h, Place::root("/opt/homebrew/bin", HOMEBREW), Place::root("/usr/local/bin", HOMEBREW)]
};

/// macOS: the Unix places, then Homebrew's (Apple silicon, then Intel). Names compare
/// with case, as processes report them.
pub const MACOS: Platform = Platform { os: Os::MacOs, install_places: &MACOS_PLACES, ..LINUX };

/// Windows: `;` lists, `PATHEXT`, `.exe`, case-insensitive names, `USERPROFILE` and
/// `APPDATA`, npm's shims in `%APPDATA%\npm` with their packages in its `node_modules`.
pub const WINDOWS: Platform = Platform {
    os: Os::Windows,
    list_separator: ';',
    case_insensitive_names: true,
    executable_suffixes: &[".COM", ".EXE", ".BAT", ".CMD"],
    suffixes_var: Some(vars::PATHEXT),
    native_suffix: ".exe",
    home_vars: &[vars::USERPROFILE, vars::HOME],
    config_dirs: &[Place::var(vars::XDG_CONFIG_HOME, "", XDG), Place::var(vars::APPDATA, "", APPDATA)],
    install_places: &[
        Place::var(vars::NPM_CONFIG_PREFIX, "", NPM_FOLDERS),
        Place::var(vars::APPDATA, "npm", NPM_FOLDERS),
        Place::var(vars::PNPM_HOME, "", PNPM),
        Place::home(".local/bin", XDG),
        Place::home(".bun/bin", BUN),
        Place::var(vars::SCOOP, "shims", SCOOP),
        Place::home("scoop/shims", SCOOP),
        Place::var(vars::LOCALAPPDATA, "Microsoft/WinGet/Links", WINGET),
        Place::home(".{exe}/bin", "the runtimes' own installers (~/.<name>/bin)"),
    ],
    npm_modules_beside_shims: Some("node_modules"),
    backslash_separates: true,
};

impl Platform {
    /// The platform hal was built for.
    #[must_use]
    pub const fn native() -> &'static Self {
        if cfg!(windows) {
            &WINDOWS
        } else if cfg!(target_os = "macos") {
            &MACOS
        } else {
            &LINUX
        }
    }

    /// The entries of a `PATH`-like list: `std::env::split_paths` on the native platform,
    /// else the same rule over this table's separator (Windows: `"` quotes a part).
    pub fn split_paths(&self, value: &std::ffi::OsStr) -> Vec<PathBuf> {
        if self == Self::native() {
            return std::env::split_paths(value).collect();
        }
        self.split_by_rule(value)
    }

    fn split_by_rule(&self, value: &std::ffi::OsStr) -> Vec<PathBuf> {
        let text = value.to_string_lossy();
        let mut out = Vec::new();
        let mut cur = String::new();
        let mut quoted = false;
        for c in text.chars() {
            match c {
                '"' if self.os == Os::Windows => quoted = !quoted,
                c if c == self.list_separator && !quoted => out.push(PathBuf::from(std::mem::take(&mut cur))),
                c => cur.push(c),
            }
        }
        out.push(PathBuf::from(cur));
        out
    }

    /// Whether `path` is absolute on this platform (`C:\x` and `\\server\share` on
    /// Windows; `/x` elsewhere), whichever platform hal runs on.
    #[must_use]
    pub fn is_absolute(&self, path: &Path) -> bool {
        if self == Self::native() {
            return path.is_absolute();
        }
        let s = path.to_string_lossy();
        match self.os {
            Os::Windows => {
                let b = s.as_bytes();
                b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && matches!(b[2], b'\\' | b'/')
                    || s.starts_with(r"\\")
            }
            Os::Linux | Os::MacOs => s.starts_with('/'),
        }
    }

    /// A process's or file's name as the registry writes it: the native suffix (`.exe`)
    /// stripped, without regard to case where names are case-insensitive.
    #[must_use]
    pub fn executable_stem<'a>(&self, name: &'a str) -> &'a str {
        let n = self.native_suffix.len();
        if n > 0
            && name.len() > n
            && name.is_char_boundary(name.len() - n)
            && name[name.len() - n..].eq_ignore_ascii_case(self.native_suffix)
        {
            return &name[..name.len() - n];
        }
        name
    }

    /// Whether two names are the same name here (case-insensitively on Windows).
    #[must_use]
    pub fn same_name(&self, a: &str, b: &str) -> bool {
        if self.case_insensitive_names { a.eq_ignore_ascii_case(b) } else { a == b }
    }

    /// Whether `name` starts with `prefix` here.
    #[must_use]
    pub fn starts_with(&self, name: &str, prefix: &str) -> bool {
        name.len() >= prefix.len()
            && name.is_char_boundary(prefix.len())
            && self.same_name(&name[..prefix.len()], prefix)
    }

    /// The file names a command `exe` may have in a folder, in the order a shell tries
    /// them: `exe` itself where the platform has no suffixes, else `exe` plus each suffix
    /// of `pathext` (the `PATHEXT` value read, if any) or of the table, then npm's
    /// PowerShell shim.
    #[must_use]
    pub fn executable_files(&self, exe: &str, pathext: Option<&str>) -> Vec<String> {
        if self.executable_suffixes.is_empty() {
            return vec![exe.to_owned()];
        }
        let read: Vec<&str> = pathext
            .map(|v| v.split(';').map(str::trim).filter(|s| s.starts_with('.') && s.len() <= 8).collect())
            .unwrap_or_default();
        let suffixes = if read.is_empty() { self.executable_suffixes.to_vec() } else { read };
        let mut out: Vec<String> =
            suffixes.iter().take(16).map(|s| format!("{exe}{}", s.to_ascii_lowercase())).collect();
        out.push(format!("{exe}.ps1"));
        out
    }

    /// The user's home folder: the first of [`Self::home_vars`] set and not empty.
    pub fn home(&self, var: impl Fn(&str) -> Option<PathBuf>) -> Option<PathBuf> {
        self.home_vars.iter().find_map(|v| var(v))
    }

    /// A script path as the registry's anchors write it (`/`-separated).
    #[must_use]
    pub fn slashed<'a>(&self, script: &'a str) -> std::borrow::Cow<'a, str> {
        if self.backslash_separates && script.contains('\\') {
            std::borrow::Cow::Owned(script.replace('\\', "/"))
        } else {
            std::borrow::Cow::Borrowed(script)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    #[test]
    fn the_native_table_splits_like_std() {
        let native = Platform::native();
        for v in ["/a b:/c;/d::", "", ":", r#"C:\x;"C:\a;b";;"#, "/usr/bin"] {
            let v = OsStr::new(v);
            assert_eq!(native.split_by_rule(v), std::env::split_paths(v).collect::<Vec<_>>(), "{v:?}");
        }
        let joined = std::env::join_paths(["/a", "/c"]).unwrap();
        assert_eq!(joined.to_string_lossy(), format!("/a{}/c", native.list_separator));
    }

    #[test]
    fn windows_lists_split_on_semicolons_and_quotes() {
        let v = OsStr::new(r#"C:\Users\u\AppData\Roaming\npm;"C:\a;b";;C:\Windows"#);
        let got: Vec<String> = WINDOWS.split_paths(v).iter().map(|p| p.to_string_lossy().into_owned()).collect();
        assert_eq!(got, [r"C:\Users\u\AppData\Roaming\npm", r"C:\a;b", "", r"C:\Windows"]);
        assert!(WINDOWS.is_absolute(Path::new(r"C:\Windows")));
        assert!(WINDOWS.is_absolute(Path::new(r"\\srv\share")));
        assert!(!WINDOWS.is_absolute(Path::new(r"bin")));
        assert!(!WINDOWS.is_absolute(Path::new("/usr/bin")) || cfg!(windows));
    }

    #[test]
    fn names_compare_per_platform() {
        assert_eq!(WINDOWS.executable_stem("TOOL.EXE"), "TOOL");
        assert_eq!(WINDOWS.executable_stem("node.exe"), "node");
        assert_eq!(WINDOWS.executable_stem(".exe"), ".exe");
        assert_eq!(LINUX.executable_stem("tool.exe"), "tool.exe");
        assert!(WINDOWS.same_name("TOOL", "tool"));
        assert!(!LINUX.same_name("TOOL", "tool"));
        assert!(!MACOS.same_name("Tool", "tool"));
        assert!(WINDOWS.starts_with("Tool-x86_64-pc-windows-msvc", "tool-x86_64-"));
    }

    #[test]
    fn executable_files_follow_pathext() {
        assert_eq!(LINUX.executable_files("tool", Some(".EXE")), ["tool"]);
        assert_eq!(
            WINDOWS.executable_files("tool", None),
            ["tool.com", "tool.exe", "tool.bat", "tool.cmd", "tool.ps1"]
        );
        assert_eq!(WINDOWS.executable_files("tool", Some(".EXE;.CMD;junk")), ["tool.exe", "tool.cmd", "tool.ps1"]);
    }

    #[test]
    fn places_resolve_under_their_bases() {
        let var = |n: &str| match n {
            "USERPROFILE" => Some(PathBuf::from(r"C:\Users\u")),
            "APPDATA" => Some(PathBuf::from(r"C:\Users\u\AppData\Roaming")),
            _ => None,
        };
        let got: Vec<PathBuf> =
            WINDOWS.install_places.iter().filter_map(|p| p.resolve(&WINDOWS, "tool", var)).collect();
        assert_eq!(got.first(), Some(&PathBuf::from(r"C:\Users\u\AppData\Roaming").join("npm")));
        assert!(got.contains(&PathBuf::from(r"C:\Users\u").join(".tool").join("bin")));
        assert!(MACOS.install_places.iter().any(|p| p.base == Base::Root("/opt/homebrew/bin")));
        for p in LINUX.install_places.iter().chain(WINDOWS.install_places).chain(MACOS.install_places) {
            assert!(!p.source.is_empty());
        }
    }
}
