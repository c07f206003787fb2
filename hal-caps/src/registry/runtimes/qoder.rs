//! Qoder CLI: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::{Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime = Runtime {
    aliases: &["qodercli", "qoder-cli"],
    executables: &["qodercli"],
    takes_prompt: true,
    sources: &[Source::vendor("https://www.npmjs.com/package/@qoder-ai/qodercli (1.1.52: bin qodercli)")],
    ..Runtime::new(P::Qoder, "Qoder CLI")
};
