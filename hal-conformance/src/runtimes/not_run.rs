//! The runtimes the suite does not run, and why (what installing each from the npm
//! registry or PyPI showed on 2026-12-01, `field-runtimes.md` §1). Every other registry
//! row the suite has no spec for names no package at all.

use super::P;

/// A runtime the suite cannot run offline here, and why.
pub(crate) const NOT_RUN: &[(P, &str)] = &[
    (
        P::Crush,
        "`@charmland/crush`'s postinstall downloads the binary (no install script runs here, and the run is offline)",
    ),
    (P::Goose, "no package on the npm registry or PyPI"),
    (P::Amp, "its model traffic goes through Amp's own service: it cannot be pointed at a local model"),
    (P::Cursor, "installed by a curl script only; the same-named registry packages are other tools"),
    (P::Kiro, "installed by a curl script only; the same-named registry packages are other tools"),
    (P::Auggie, "needs an Augment session (a login) to run"),
    (P::Roo, "no CLI package on the npm registry"),
    (P::Iflow, "no package on the npm registry"),
    (P::Codebuddy, "no package on the npm registry"),
    (P::Warp, "no registry package (a desktop application)"),
    (P::Zed, "no registry package (a desktop application)"),
    (P::Junie, "no registry package"),
];
