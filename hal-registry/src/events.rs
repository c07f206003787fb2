//! Every runtime's native hook events, one row each ([`NativeEvent`]): its native name,
//! its canonical event (or none), the versions that have it and what they were read in
//! (runtime-facts §4.2, §4.3, §8). Every consumer (the rows, `hal events`, `hal caps`,
//! the answers at a version, the hook reader, the conformance suite, README's examples)
//! reads these rows. No other source adds one: what names a native event elsewhere (a
//! live run's record, a payload rename, Gastown's adapter) refers to a row here, and
//! `tests/events.rs` holds it to that.
//!
//! A row's span is `Span::ANY` unless the runtime's packages were read at several
//! versions (its row's `history`): then `since` is the first version read that has the
//! event, with the packages read as its citation (see `dated`).

use hal_types::CanonicalEvent;

/// The canonical agent lifecycle events, in canonical order ([`CanonicalEvent::ALL`]).
pub const CANONICAL_EVENTS: &[CanonicalEvent] = CanonicalEvent::ALL;
