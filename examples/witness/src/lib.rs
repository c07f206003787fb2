//! A downstream skill: a "witness" stall watcher that depends on `hal-types` only.
//!
//! It never probes the host. It asks a `&dyn RuntimeHal` how long an agent may be idle
//! before it counts as stalled and how often to nudge it, and decides per agent.

use std::time::Duration;

use hal_types::RuntimeHal;

/// What the witness should do about an agent that has been idle for a while.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Verdict {
    /// Nothing: the agent is working or idle for less than a nudge interval.
    Fine,
    /// Send a nudge (the messaging skill does; the witness only decides).
    Nudge,
    /// Report a stall (a GUPP violation candidate).
    Stalled,
}

/// The witness's decision for an agent idle for `idle`.
#[must_use]
pub fn assess(hal: &dyn RuntimeHal, idle: Duration) -> Verdict {
    if idle >= hal.stall_threshold() {
        Verdict::Stalled
    } else if hal.supports_nudge() && idle >= hal.nudge_interval() {
        Verdict::Nudge
    } else {
        Verdict::Fine
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use hal_types::{Capabilities, GuppStrategy, RuntimeProvider, StartupStrategy, StaticHal, Support};

    use super::{Verdict, assess};

    fn hal(nudge: Support) -> StaticHal {
        StaticHal::new(
            Capabilities::new(
                RuntimeProvider::Codex,
                None,
                StartupStrategy::StartupFallback,
                GuppStrategy::StartupFallback,
                Duration::from_secs(180),
                Duration::from_secs(60),
            )
            .with_nudge_support(nudge),
        )
    }

    #[test]
    fn verdicts_follow_the_hal() {
        let h = hal(Support::Yes);
        assert_eq!(assess(&h, Duration::from_secs(10)), Verdict::Fine);
        assert_eq!(assess(&h, Duration::from_secs(60)), Verdict::Nudge);
        assert_eq!(assess(&h, Duration::from_secs(180)), Verdict::Stalled);
        assert_eq!(assess(&hal(Support::No), Duration::from_secs(90)), Verdict::Fine);
    }
}
