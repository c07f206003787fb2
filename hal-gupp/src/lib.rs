//! `hal-gupp`: startup and GUPP strategy, startup plans per role, and the assembled
//! [`Hal`].
//!
//! The strategy logic ([`plan`], [`shell`]) is pure: a function of a capability row,
//! the registry and the `gt` program name. [`Hal`] assembles hal-detect's detection and
//! hal-caps' resolved capabilities into a `hal_types::RuntimeHal`.
//!
//! ```
//! use hal_detect::FakeHost;
//! use hal_gupp::Hal;
//! use hal_types::{AgentRole, RuntimeHal, RuntimeProvider};
//!
//! let hal = Hal::for_provider(FakeHost::new(), RuntimeProvider::Claude);
//! assert_eq!(hal.startup_commands(AgentRole::Polecat), ["gt prime --hook && gt mail check --inject"]);
//! ```

mod hal;
pub mod plan;
pub mod shell;

pub use hal::{Hal, MAX_SAME, given, given_at, merge};
pub use plan::{
    STARTUP_NUDGE_DELAY_MS, agent_id_from_stamp, plain_agent_id, poll_path, prime_command, role_from_stamp,
    startup_nudge_text, startup_plan, startup_plan_for,
};
