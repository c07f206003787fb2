//! What each runtime writes on a hook command's stdin (runtime-facts §8): the key that
//! names the event and its spelling, the key that holds the session id, the fields and
//! transcript directories that only that runtime writes, the combinations of fields
//! that tell it apart where its shape is shared ([`Rule`]), the events told by fields
//! where its payload names none, and the sources.
//!
//! `hal_caps::hook` reads a payload against this table and nothing else: every key it
//! looks at comes from a row or from [`COMMON`], and no runtime is named there. A new
//! runtime's payload is a row here (plus fixtures).

use hal_types::RuntimeProvider as P;

pub use super::payload_shape::{Clue, Common, NameStyle, Payload, Rule};
pub use super::runtimes::PAYLOADS;

/// The keys every payload is read for (beside its row's).
pub static COMMON: Common = Common {
    session: &["session_id", "sessionId", "conversation_id", "taskId", "trajectory_id"],
    // `working_dir`: OpenHands' payloads.
    cwd: &["cwd", "workspaceRoot", "working_dir"],
    cwd_lists: &["workspaceRoots", "workspace_roots"],
    transcript: &["transcript_path", "transcriptPath"],
    tool: &["tool_name", "toolName"],
    tool_holders: &["preToolUse", "postToolUse", "tool_info"],
    start_source: "source",
    // Copilot CLI's `new` is a fresh session.
    start_aliases: &[("new", "startup")],
};

/// The payload facts of `provider`, if hal reads its payloads.
#[must_use]
pub fn payload(provider: P) -> Option<&'static Payload> {
    PAYLOADS.iter().find(|p| p.provider == provider)
}
