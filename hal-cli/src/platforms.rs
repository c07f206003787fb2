//! The platforms hal ships for, and how each one's binary was tested before it shipped:
//! one table, read by `hal --version` (a binary nobody ran says so), by `cargo xtask
//! cross` and `cargo xtask package` (targets, npm and wheel names) and by README's
//! generated platform table.

/// How a platform's binary was tested here, on x86_64 Linux, before it shipped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Tested {
    /// Built and run here: every test and the benchmarks.
    RunHere,
    /// Built here and run under wine: the end-to-end checks and the tests that run there.
    UnderWine,
    /// Built here and run under qemu's user-mode emulator (`qemu-aarch64-static`): the
    /// installed packages' `hal detect` below a launcher and `hal-lint`'s lint.
    UnderQemu,
    /// Compiled and linked here, never run: its platform facts are unit-tested over
    /// recorded process tables only.
    LinkedNotRun,
}

impl Tested {
    /// Its README wording.
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            Self::RunHere => "run here (every test, the benchmarks)",
            Self::UnderWine => "run under wine (the Windows checks)",
            Self::UnderQemu => "run under qemu (user-mode emulation)",
            Self::LinkedNotRun => "linked, never run",
        }
    }
}

/// A platform with a binary in the packages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Platform {
    /// Rust's target triple of the binary that ships.
    pub triple: &'static str,
    /// `std::env::consts::OS` of a hal built for it.
    pub os: &'static str,
    /// `std::env::consts::ARCH` of a hal built for it.
    pub arch: &'static str,
    /// npm's `process.platform` there (the platform package's `os`).
    pub npm_os: &'static str,
    /// npm's `process.arch` there (the platform package's `cpu`).
    pub npm_cpu: &'static str,
    /// npm's `libc` of the platform package, where it matters (Linux): the libcs its
    /// binary runs with.
    pub npm_libc: &'static [&'static str],
    /// The wheel's platform tags, dot-separated, as ruff's wheels are tagged.
    pub wheel_tag: &'static str,
    /// The binary's file suffix.
    pub exe_suffix: &'static str,
    /// How it was tested.
    pub tested: Tested,
}

/// Every platform the packages carry a binary for.
pub const PLATFORMS: &[Platform] = &[
    Platform {
        triple: "x86_64-unknown-linux-gnu",
        os: "linux",
        arch: "x86_64",
        npm_os: "linux",
        npm_cpu: "x64",
        // Static (crt-static): no libc is loaded, so glibc and musl systems both run it.
        npm_libc: &["glibc", "musl"],
        wheel_tag: "manylinux_2_17_x86_64.manylinux2014_x86_64.musllinux_1_1_x86_64",
        exe_suffix: "",
        tested: Tested::RunHere,
    },
    Platform {
        triple: "aarch64-unknown-linux-gnu",
        os: "linux",
        arch: "aarch64",
        npm_os: "linux",
        npm_cpu: "arm64",
        // Linked against glibc 2.17's symbols (zig's `aarch64-linux-gnu.2.17`).
        npm_libc: &["glibc"],
        wheel_tag: "manylinux_2_17_aarch64.manylinux2014_aarch64",
        exe_suffix: "",
        tested: Tested::UnderQemu,
    },
    Platform {
        triple: "x86_64-pc-windows-gnu",
        os: "windows",
        arch: "x86_64",
        npm_os: "win32",
        npm_cpu: "x64",
        npm_libc: &[],
        wheel_tag: "win_amd64",
        exe_suffix: ".exe",
        tested: Tested::UnderWine,
    },
    Platform {
        triple: "aarch64-apple-darwin",
        os: "macos",
        arch: "aarch64",
        npm_os: "darwin",
        npm_cpu: "arm64",
        npm_libc: &[],
        wheel_tag: "macosx_11_0_arm64",
        exe_suffix: "",
        tested: Tested::LinkedNotRun,
    },
    Platform {
        triple: "x86_64-apple-darwin",
        os: "macos",
        arch: "x86_64",
        npm_os: "darwin",
        npm_cpu: "x64",
        npm_libc: &[],
        wheel_tag: "macosx_10_12_x86_64",
        exe_suffix: "",
        tested: Tested::LinkedNotRun,
    },
];

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The platform this hal was built for, if the packages carry one for it.
#[must_use]
pub const fn this() -> Option<&'static Platform> {
    let mut i = 0;
    while i < PLATFORMS.len() {
        let p = &PLATFORMS[i];
        if same(p.os, std::env::consts::OS) && same(p.arch, std::env::consts::ARCH) {
            return Some(p);
        }
        i += 1;
    }
    None
}

/// What `hal --version` adds for this build's platform: nothing where it was run here,
/// else how far it was tested.
pub const VERSION_NOTE: &str = match this() {
    Some(Platform { tested: Tested::UnderWine, .. }) => "; this platform's build was run under wine only",
    Some(Platform { tested: Tested::UnderQemu, .. }) => "; this platform's build was run under qemu only",
    Some(Platform { tested: Tested::LinkedNotRun, .. }) => {
        "; this platform's build was linked on Linux and never run before release"
    }
    _ => "",
};

#[cfg(test)]
mod tests {
    #[test]
    #[cfg(all(target_os = "linux", target_arch = "x86_64"))]
    fn this_platform_is_found_and_was_run_here() {
        let p = super::this().expect("x86_64 Linux is in the table");
        assert_eq!((p.os, p.arch, p.tested), (std::env::consts::OS, std::env::consts::ARCH, super::Tested::RunHere));
        assert_eq!(super::VERSION_NOTE, "");
    }

    #[test]
    fn every_platform_is_listed_once() {
        for (i, p) in super::PLATFORMS.iter().enumerate() {
            assert!(
                super::PLATFORMS[i + 1..]
                    .iter()
                    .all(|q| q.triple != p.triple && (q.npm_os, q.npm_cpu) != (p.npm_os, p.npm_cpu))
            );
        }
    }
}
