//! The verified session variables: set somewhere, and read by hal wherever they are set.

use super::cx::{Cx, Out};
use crate::doc::shown;

/// The session variables' checks.
pub(super) fn checks(cx: &Cx, out: &mut Out) {
    for var in &cx.expect.session_vars {
        let seen: Vec<_> = cx.doc.captures.iter().filter(|c| c.var(var).is_some()).collect();
        out.push(
            "tool",
            format!("{var} is set somewhere"),
            "set in a tool or hook",
            format!("{} context(s)", seen.len()),
            !seen.is_empty(),
        );
        for c in seen {
            let hal = &c.hal;
            let got = if c.context == "tool" { &hal.session_id.session_id } else { &hal.session_id_hook.session_id };
            let want = c.var(var);
            out.push(
                &c.context,
                format!("hal session-id reads {var}"),
                shown(want),
                shown(got.as_deref()),
                got.as_deref() == want,
            );
        }
    }
}
