//! A runtime's version as hal compares it: dotted numbers (`2.1.332`, `0.146.0`), read
//! from whatever the runtime or its install says (`2.1.332`, `v0.73.1`, Codex's
//! platform package `0.100.0-linux-x64`).

use std::cmp::Ordering;
use std::fmt;

/// The longest text read as a version (longer is no version).
pub const MAX_VERSION_LEN: usize = 64;

/// How many dotted numbers a version keeps (more are ignored).
const PARTS: usize = 4;

/// Platform suffixes npm platform packages append to the version they carry
/// (`@openai/codex@0.100.0-linux-x64`): not a pre-release. A suffix is one when it is a
/// platform of this list, then optionally `-` and an architecture of [`ARCHES`], then
/// optionally `-` and a C library of [`LIBCS`] (hostile-findings R17: `-linuxevil` was
/// taken for one).
const PLATFORM_SUFFIXES: &[&str] = &["linux", "darwin", "win32", "android", "freebsd"];
/// npm's architectures (`process.arch`), as platform packages name them.
const ARCHES: &[&str] = &["x64", "arm64", "ia32", "arm", "ppc64", "s390x", "riscv64", "loong64", "mips64el"];
/// The C libraries platform packages name after the architecture.
const LIBCS: &[&str] = &["gnu", "musl", "msvc"];

/// Whether `suffix` (after the version's `-`) is a platform package's
/// ([`PLATFORM_SUFFIXES`]).
fn is_platform(suffix: &str) -> bool {
    let mut parts = suffix.split('-');
    let platform = parts.next().is_some_and(|p| PLATFORM_SUFFIXES.contains(&p));
    let arch = parts.next().is_none_or(|a| ARCHES.contains(&a));
    let libc = parts.next().is_none_or(|l| LIBCS.contains(&l));
    platform && arch && libc && parts.next().is_none()
}

/// A parsed version: up to four numbers, and whether a pre-release suffix followed
/// (`1.0.0-beta.1` sorts before `1.0.0`). Ordered numerically, missing parts as 0.
#[derive(Debug, Clone, Copy)]
pub struct Version {
    parts: [u64; PARTS],
    len: usize,
    pre: bool,
}

impl Version {
    /// Parses `text`: an optional `v`, then `N(.N)*`, then optionally `-suffix` or
    /// `+build`. `None` for anything else (empty, letters first, control characters,
    /// over [`MAX_VERSION_LEN`] bytes, a number over `u64`).
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        let t = text.trim();
        if t.is_empty() || t.len() > MAX_VERSION_LEN || !t.is_ascii() || t.bytes().any(|b| b.is_ascii_control()) {
            return None;
        }
        let t = t.strip_prefix(['v', 'V']).unwrap_or(t);
        let end = t.find(['-', '+']).unwrap_or(t.len());
        let (core, rest) = t.split_at(end);
        let mut parts = [0; PARTS];
        let mut len = 0;
        for (i, p) in core.split('.').enumerate() {
            if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            if i < PARTS {
                parts[i] = p.parse().ok()?;
                len = i + 1;
            }
        }
        let suffix = rest.strip_prefix('-');
        let platform = suffix.is_some_and(is_platform);
        Some(Self { parts, len, pre: suffix.is_some() && !platform })
    }

    /// Whether this version is at least `floor` (a version of the registry: `None` for
    /// a floor that does not parse, which the registry's tests forbid).
    #[must_use]
    pub fn at_least(&self, floor: &str) -> bool {
        Self::parse(floor).is_some_and(|f| *self >= f)
    }
}

impl PartialEq for Version {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Version {}

impl Ord for Version {
    fn cmp(&self, other: &Self) -> Ordering {
        self.parts.cmp(&other.parts).then_with(|| other.pre.cmp(&self.pre))
    }
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: Vec<String> = self.parts[..self.len.max(1)].iter().map(u64::to_string).collect();
        write!(f, "{}{}", shown.join("."), if self.pre { "-pre" } else { "" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Version {
        Version::parse(s).unwrap_or_else(|| panic!("{s:?} parses"))
    }

    #[test]
    fn versions_parse_and_order_numerically() {
        assert!(v("1.0.62") > v("1.0.61"));
        assert!(v("1.0.100") > v("1.0.62"));
        assert!(v("2.1.332") > v("2.1.100"));
        assert!(v("0.146.0") > v("0.100.0"));
        assert_eq!(v("0.100.0-linux-x64"), v("0.100.0"));
        assert!(v("1.0.0-beta.1") < v("1.0.0"));
        assert_eq!(v("v0.73.1"), v("0.73.1"));
        assert_eq!(v("1.2"), v("1.2.0"));
        assert_eq!(v(" 2.1.332 ").to_string(), "2.1.332");
        assert!(v("0.73.1").at_least("0.73.0"));
        assert!(!v("0.65.2").at_least("0.73.0"));
        for bad in ["", "x", "1..2", "1.a", "-1", "1.2\u{1b}[0m", "١.٢", &"9".repeat(30), &"1.".repeat(40)] {
            assert_eq!(Version::parse(bad), None, "{bad:?}");
        }
    }
}
