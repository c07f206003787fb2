//! The runtimes the suite runs (declared once, by [`super`]'s `suite!`) and the look-up
//! of one by its id.

pub(crate) use super::RUNTIMES;
use super::Spec;

/// The spec of `id`.
pub(crate) fn spec(id: &str) -> Option<&'static Spec> {
    RUNTIMES.iter().find(|s| s.id() == id)
}
