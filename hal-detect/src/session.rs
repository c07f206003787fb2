//! The session id, read fresh on every call.

use hal_caps::registry::{self, REGISTRY};
use hal_types::RuntimeProvider;

use crate::host::Host;
use crate::vars;

/// The longest session id hal returns; a longer value is ignored.
pub const MAX_SESSION_ID: usize = 4096;

/// The session id of `provider`, in order: the variable named by `GT_SESSION_ID_ENV`;
/// the capability row's variable (`capability_var`); the runtime's own session
/// variables from the registry; `GT_SESSION_ID`. A variable that belongs to another
/// runtime only is never read. Empty, non-UTF-8 or oversized values are skipped.
pub fn session_id<H: Host + ?Sized>(
    host: &H,
    provider: RuntimeProvider,
    capability_var: Option<&str>,
) -> Option<String> {
    let own = registry::runtime(provider).session_vars;
    let foreign = |name: &str| {
        !own.contains(&name) && REGISTRY.iter().any(|r| r.provider != provider && r.session_vars.contains(&name))
    };
    let named = host
        .var(vars::GT_SESSION_ID_ENV)
        .and_then(|v| v.into_string().ok())
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty() && !s.contains(['=', '\0']) && !foreign(s));
    let order = named
        .into_iter()
        .chain(capability_var.map(str::to_owned))
        .chain(own.iter().map(|s| (*s).to_owned()))
        .chain(std::iter::once(vars::GT_SESSION_ID.to_owned()));
    order
        .filter_map(|name| host.var(&name))
        .filter_map(|v| v.into_string().ok())
        .find(|v| !v.trim().is_empty() && v.len() <= MAX_SESSION_ID)
}
