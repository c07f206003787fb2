//! The checks, pure: a runtime's capture document, its replays and its registry row in,
//! the list of checks out, one module per context: the shell tool ([`tool`]), the hooks
//! ([`hook`]), the verified session variables wherever they are set ([`session`]), the
//! replays ([`replay`]) and the plan ([`plan`]). Each fact of the row's [`Verified`]
//! record is a check, so the record cannot outlive the truth; the rest checks what hal
//! answered inside the runtime and on replays against what the runtime showed.

mod cx;
mod hook;
mod plan;
mod replay;
mod session;
mod start;
mod tool;

use hal_caps::registry::{Runtime, Verified};

use crate::doc::Doc;
use crate::matrix::Target;
use crate::replaying::Replay;
pub(crate) use cx::Check;
use cx::{Cx, Out};

/// Every check of one runtime at one version, from its registry row and verified record
/// at that version.
pub(crate) fn checks(spec: &Target, doc: &Doc, replays: &[Replay]) -> Vec<Check> {
    let row = spec.row();
    checks_with(spec, doc, replays, Some(row), row.verified.as_ref())
}

/// [`checks`] against an explicit row and record (tests mutate the record).
pub(crate) fn checks_with(
    spec: &Target,
    doc: &Doc,
    replays: &[Replay],
    row: Option<&Runtime>,
    verified: Option<&Verified>,
) -> Vec<Check> {
    let expect = row.map_or_else(
        || crate::matrix::expect(spec.row(), None, spec.version(), spec.older.is_none()),
        |r| crate::matrix::expect(r, verified, spec.version(), spec.older.is_none()),
    );
    let cx = Cx { spec, doc, row, verified, expect };
    let mut out = Out::default();
    tool::checks(&cx, &mut out);
    hook::checks(&cx, &mut out);
    session::checks(&cx, &mut out);
    replay::checks(&cx, replays, &mut out);
    plan::checks(&cx, &mut out);
    start::checks(&cx, &mut out);
    out.0
}
