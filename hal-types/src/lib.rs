//! `hal-types`: the vocabulary of hal and the [`RuntimeHal`] trait.
//!
//! hal is a hardware abstraction layer for AI coding-agent runtimes (Claude Code, Codex,
//! Gemini CLI, Cursor, ...). It answers *which runtime am I running under, what can it
//! do, how does an agent of role X get its startup context, how are GUPP rules
//! enforced, and after how long is it stalled?* Skill crates depend on this crate
//! alone and receive a `&dyn RuntimeHal`; they never probe the host themselves.
//!
//! This crate moves slowly: every public enum and struct is `#[non_exhaustive]`, so
//! new runtimes, strategies and fields arrive in minor releases. Its only
//! dependencies are `serde` and `thiserror`.
//!
//! Every enum has one spelling, shared by serde, `Display`, `FromStr` and hal's CLI:
//!
//! ```
//! use hal_types::{GuppStrategy, RuntimeProvider};
//! assert_eq!(GuppStrategy::HookInjection.to_string(), "hook_injection");
//! assert_eq!("codex".parse::<RuntimeProvider>(), Ok(RuntimeProvider::Codex));
//! assert!("admiral".parse::<hal_types::AgentRole>().unwrap_err().to_string().contains("polecat"));
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod caps;
mod detection;
mod diagnostic;
mod enums;
mod event;
mod hal;
mod hook;
mod launch;
mod lint;
mod plan;
mod vocab;
pub mod wire;

pub use caps::Capabilities;
pub use detection::{AgentContext, Candidate, Detection, DetectionSource, StepOutcome};
pub use diagnostic::{Diagnostic, DiagnosticCode, MAX_MESSAGE, MAX_SUBJECT, messages};
pub use enums::{
    AgentRole, GuppStrategy, HookKind, Policy, RuntimeProvider, Setting, SourceKind, StartupInjection, StartupStrategy,
    Strength, Support,
};
pub use event::CanonicalEvent;
pub use hal::{RuntimeHal, StaticHal};
pub use hook::{HookEvent, HookInjection, SessionSource};
pub use launch::{Autonomy, HookTrust, LaunchMode, LaunchPlan, LaunchSource, OutputSwitch, PromptPlace};
pub use lint::LintRule;
pub use plan::{
    CopilotHook, CopilotHooks, HookCommand, HookFragment, HookGroup, Poll, SettingsHooks, StartupNudge, StartupPlan,
};
pub use vocab::{EnumVisitor, NEWER, ParseEnumError, StringEnum, closest};
