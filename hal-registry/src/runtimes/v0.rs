//! v0: every fact hal holds of it, one descriptor (see [`super`]).

use crate::registry::model::{Runtime, Source};
use hal_types::RuntimeProvider as P;

pub(super) const ROW: Runtime =
    Runtime { sources: &[Source::secondary("vercel/vercel#16016")], ..Runtime::new(P::V0, "v0") };
