//! The runtimes the suite does not run, and why (what installing each from the npm
//! registry or PyPI showed on 2026-12-01 and the packages read on 2026-12-06,
//! `field-runtimes.md` §1 and "Moved since the last live runs", table 2). Every other
//! registry row the suite has no spec for names no package at all (the report says so
//! of each row that does).

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
    (
        P::Iflow,
        "iFlow CLI was shut down on 2026-04-17 (the banner of `iflow-ai/iflow-cli`'s README); its package, `@iflow-ai/iflow-cli`, is not served by the npm registry here",
    ),
    (
        P::Codebuddy,
        "its package, `@tencent-ai/codebuddy-code`, exists on the public npm registry but is not served by the one here",
    ),
    (P::Warp, "no registry package (a desktop application)"),
    (P::Zed, "no registry package (a desktop application)"),
    (
        P::Junie,
        "`@jetbrains/junie`'s postinstall downloads the release archive from GitHub (`postinstall.js:52`; no install script runs here, and the run is offline)",
    ),
    (
        P::Aider,
        "its record (`aider-chat` 0.86.2, `hal-caps/tests/fixtures/live/aider-tool.env`) is from a live run by hand, before the suite; the suite has no spec or lock for it yet",
    ),
];
