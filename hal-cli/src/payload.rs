//! Reading a hook payload: stdin (or `--from FILE`) with the bounded waits of
//! `input`, parsed by `hal_caps::hook` (pure, streaming, bounded memory). A
//! terminal on stdin is never read. Deciding the payload's runtime is
//! `context`'s, the one decision every payload-reading command goes through.

use std::io::IsTerminal as _;
use std::path::Path;

use hal_caps::hook::{self, NotAHook, Reading};
use hal_caps::text::escape_control;

use crate::input::Input;

/// The usage line when stdin is a terminal.
pub const USAGE: &str = "hal hook reads a hook payload on stdin (or --from FILE)";

/// Why no payload was read.
pub(crate) enum NoPayload {
    /// stdin is a terminal: a usage error.
    Terminal,
    /// `--from FILE` could not be opened: a usage error.
    Open(String),
    /// The input is not a hook payload.
    Not(NotAHook),
}

impl NoPayload {
    /// Whether this is a usage error (exit 2) rather than an input that is no payload.
    pub(crate) const fn is_usage_error(&self) -> bool {
        !matches!(self, Self::Not(_))
    }

    pub(crate) fn message(&self) -> String {
        match self {
            Self::Terminal => USAGE.to_owned(),
            Self::Open(m) => m.clone(),
            Self::Not(e) => e.to_string(),
        }
    }
}

/// Reads the payload from `from` (`None` or `-`: stdin), with the bounded waits of
/// [`crate::input`].
pub(crate) fn read(from: Option<&Path>) -> Result<Reading, NoPayload> {
    let input = match from {
        Some(path) if path != Path::new("-") => Input::open(path)
            .map_err(|e| NoPayload::Open(format!("cannot read {}: {e}", escape_control(&path.to_string_lossy()))))?,
        _ => {
            if std::io::stdin().is_terminal() {
                return Err(NoPayload::Terminal);
            }
            Input::stdin().map_err(|e| NoPayload::Not(NotAHook::Io(e.to_string())))?
        }
    };
    hook::read_from_then(input, Input::complete).map_err(NoPayload::Not)
}
