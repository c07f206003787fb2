//! Helpers every task shares: the workspace root, the cargo that runs us, cargo's target
//! directory and a timed step, the conformance suite's own (one definition for both).
//! They import nothing of this crate, so every task module can import them without a
//! circle.

pub(crate) use hal_conformance::util::{cargo, root, run_step, target_dir};
