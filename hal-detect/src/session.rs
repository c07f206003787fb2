//! The session id, read fresh on every call, by one rule: [`session_id_vars`] lists the
//! variables in the order they are read, and [`session`] reads exactly that list.
//!
//! The order, and why:
//!
//! 1. the variable `GT_SESSION_ID_ENV` names: the orchestrator said where to look;
//! 2. the runtime's own vendor variables (`CODEX_THREAD_ID`, `CLAUDE_CODE_SESSION_ID`,
//!    ...): the runtime sets them itself on every process it spawns, so they are
//!    always the session this process belongs to;
//! 3. the design's variable (the capability row's `session_id_env`, e.g.
//!    `CLAUDE_SESSION_ID`): an orchestrator sets it when it launches the agent, and it
//!    is inherited unchanged by everything below, so it can be stale (a resumed or
//!    forked session, an agent started from another agent's shell);
//! 4. `GT_SESSION_ID`, Gastown's generic variable, for the same reason last.
//!
//! A variable that belongs to another runtime only is never read.

use hal_caps::registry::{self, REGISTRY};
use hal_types::RuntimeProvider;

use crate::host::Host;
use crate::vars;

/// The longest session id hal returns; a longer value is ignored.
pub const MAX_SESSION_ID: usize = 4096;

/// A session id and the variable it was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SessionId {
    /// The id.
    pub id: String,
    /// The variable that held it.
    pub variable: String,
}

/// The variables the session id of `provider` is read from, in order, without
/// repeats: `GT_SESSION_ID_ENV`'s target (unless it belongs to another runtime only),
/// the runtime's own vendor variables, the design's variable (`design_var`, the
/// capability row's `session_id_env`), then `GT_SESSION_ID`.
pub fn session_id_vars<H: Host + ?Sized>(host: &H, provider: RuntimeProvider, design_var: Option<&str>) -> Vec<String> {
    let own = registry::runtime(provider).own_session_vars();
    let foreign = |name: &str| {
        !own.contains(&name) && REGISTRY.iter().any(|r| r.provider != provider && r.own_session_vars().contains(&name))
    };
    let named = host
        .var(vars::GT_SESSION_ID_ENV)
        .and_then(|v| v.into_string().ok())
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty() && !s.contains(['=', '\0']) && !foreign(s));
    let order = named
        .into_iter()
        .chain(own.iter().map(|s| (*s).to_owned()))
        .chain(design_var.map(str::to_owned))
        .chain(std::iter::once(vars::GT_SESSION_ID.to_owned()));
    let mut out: Vec<String> = Vec::new();
    for name in order {
        if !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// The session id of `provider` and its variable: the first of [`session_id_vars`]
/// with a usable value. Empty, non-UTF-8 or oversized values are skipped.
pub fn session<H: Host + ?Sized>(host: &H, provider: RuntimeProvider, design_var: Option<&str>) -> Option<SessionId> {
    session_id_vars(host, provider, design_var).into_iter().find_map(|variable| {
        let id = host.var(&variable)?.into_string().ok()?;
        (!id.trim().is_empty() && id.len() <= MAX_SESSION_ID).then_some(SessionId { id, variable })
    })
}

/// The session id of `provider` ([`session`] without the variable).
pub fn session_id<H: Host + ?Sized>(host: &H, provider: RuntimeProvider, design_var: Option<&str>) -> Option<String> {
    session(host, provider, design_var).map(|s| s.id)
}
