//! `hal-detect`: the host probe and the detection cascade.
//!
//! The only hal crate that touches the host: environment variables, workspace files
//! (by `stat`, never by opening them to detect) and the process ancestry. Every probe
//! is bounded and total: a failure becomes a warning in the [`Detection`] and the
//! cascade goes on, ending at `unknown` at worst.
//!
//! ```
//! use hal_detect::{Detector, FakeHost};
//! use hal_types::RuntimeProvider;
//!
//! let host = FakeHost::new().env("CODEX_THREAD_ID", "t-1");
//! assert_eq!(Detector::new(host).detect().provider, RuntimeProvider::Codex);
//! ```

pub mod arbiter;
pub mod cascade;
pub mod fake;
pub mod host;
pub mod identify;
mod install;
pub mod inventory;
pub mod os;
pub mod session;
pub mod settings;
pub mod version;
/// hal's own variable names: data of the pure tier, re-exported where they are read.
pub use hal_caps::vars;

use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

pub use cascade::{Detector, Outcome, Report, Step, StepKind, VersionLookup};
pub use fake::FakeHost;
pub use hal_types::Detection;
pub use host::{Ancestry, Host, ProcessInfo, Stat};
pub use os::{AncestrySource, OsHost};
pub use session::{SessionId, session, session_id, session_id_vars};
pub use settings::{gastown_role, read_config, read_settings};

static DETECTION: OnceLock<Detection> = OnceLock::new();
static PROBES: AtomicUsize = AtomicUsize::new(0);

/// Detects the runtime of this process on the real host, once; later calls return the
/// cached answer. Never fails and never panics because of the host.
pub fn detect() -> &'static Detection {
    DETECTION.get_or_init(|| {
        PROBES.fetch_add(1, Ordering::Relaxed);
        Detector::new(OsHost::new()).detect()
    })
}

/// How many times [`detect`] has probed the host in this process (0 or 1).
#[doc(hidden)]
pub fn probe_count() -> usize {
    PROBES.load(Ordering::Relaxed)
}
