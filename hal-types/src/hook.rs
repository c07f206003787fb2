//! A hook payload read back as a canonical lifecycle event.

use serde::{Deserialize, Serialize};

use crate::vocab::string_enum;
use crate::{CanonicalEvent, Diagnostic, RuntimeProvider};

string_enum! {
    /// Whether a runtime's session-start hook output reaches the model
    /// (`native_hooks.inject`).
    pub enum HookInjection("hook injection") {
        /// The output reaches model context.
        Yes = "yes",
        /// The hook can only trigger a follow-up prompt.
        Nudge = "nudge",
        /// Neither.
        No = "no",
        /// The runtime has no hook system.
        NoHookSystem = "none",
    }
}

string_enum! {
    /// Why a session started, as a runtime's session-start payload says (Claude's
    /// `source`; Copilot's `new` is read as [`SessionSource::Startup`]).
    pub enum SessionSource("session source", newer = Newer) {
        /// A fresh session.
        Startup = "startup",
        /// A session resumed from its transcript (`--resume`, `--continue`).
        Resume = "resume",
        /// The conversation was cleared (`/clear`).
        Clear = "clear",
        /// The session restarted after its context was compacted.
        Compact = "compact",
        /// A session forked from another.
        Fork = "fork",
    }
}

/// One hook payload, read as a canonical lifecycle event: which runtime ran the hook,
/// which event fired, in which session.
///
/// Names and ids only: a `HookEvent` never holds prompt text, tool inputs or outputs,
/// file contents or message text, whatever the payload carried.
///
/// Every field is serialized, `null` when absent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct HookEvent {
    /// The runtime that wrote the payload (`unknown` when its shape names none).
    pub provider: RuntimeProvider,
    /// The base runtime `provider` is a variant of, or the provider itself.
    pub family: RuntimeProvider,
    /// The event name the payload carries (`PreToolUse`, `beforeShellExecution`), or the
    /// name hal inferred from its fields for a runtime that writes none (Copilot CLI).
    pub native_event: Option<String>,
    /// The canonical lifecycle event (`tool.use.pre`), or `None` when the native event
    /// has no canonical counterpart or none could be told (an event a newer hal added
    /// reads as [`CanonicalEvent::Newer`]).
    pub event: Option<CanonicalEvent>,
    /// The session id the payload carries (Cursor's conversation, Cline's task,
    /// Windsurf's trajectory).
    pub session_id: Option<String>,
    /// The working directory the payload names.
    pub cwd: Option<String>,
    /// The transcript file the payload names.
    pub transcript_path: Option<String>,
    /// Why the session started, on session-start events.
    pub source: Option<SessionSource>,
    /// The tool's name, on tool events (`Bash`, `execute_bash`, `@server/tool`).
    pub tool: Option<String>,
    /// Fields that were ignored, and disagreements with the environment.
    pub diagnostics: Vec<Diagnostic>,
}

impl HookEvent {
    /// An event of `provider` (of `family`) with nothing else known yet.
    #[must_use]
    pub const fn new(provider: RuntimeProvider, family: RuntimeProvider) -> Self {
        Self {
            provider,
            family,
            native_event: None,
            event: None,
            session_id: None,
            cwd: None,
            transcript_path: None,
            source: None,
            tool: None,
            diagnostics: Vec::new(),
        }
    }

    /// The diagnostics' messages, in order (the `warnings` of hal's JSON).
    #[must_use]
    pub fn warnings(&self) -> Vec<String> {
        crate::diagnostic::messages(&self.diagnostics)
    }
}
