//! The checks, pure: a runtime's capture document, its replays and its registry row in,
//! the list of checks out, one module per context: the shell tool ([`tool`]), the hooks
//! ([`hook`]), the verified session variables wherever they are set ([`session`]), the
//! replays ([`replay`]) and the plan ([`plan`]). Each fact of the row's [`Verified`]
//! record is a check, so the record cannot outlive the truth; the rest checks what hal
//! answered inside the runtime and on replays against what the runtime showed.

mod hook;
mod plan;
mod replay;
mod session;
mod tool;

use hal_caps::registry::{Runtime, Verified};
use hal_types::RuntimeProvider;
use serde_json::{Value, json};

use crate::doc::{Capture, Doc};
use crate::replay::Replay;
use crate::runtimes::Spec;

/// One check.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Check {
    /// What is checked.
    pub(crate) name: String,
    /// `tool`, `hook:<native event>`, `replay` or `plan`.
    pub(crate) context: String,
    /// What the truth is.
    pub(crate) expected: String,
    /// What was seen.
    pub(crate) got: String,
    /// Whether they agree.
    pub(crate) ok: bool,
}

impl Check {
    /// The check as the report's JSON.
    pub(crate) fn to_json(&self) -> Value {
        json!({"name": self.name, "context": self.context, "expected": self.expected, "got": self.got, "ok": self.ok})
    }
}

/// What every context's checks read: the runtime, its row and record, its captures.
struct Cx<'a> {
    spec: &'a Spec,
    doc: &'a Doc,
    row: Option<&'a Runtime>,
    verified: Option<&'a Verified>,
}

impl Cx<'_> {
    /// The provider id.
    fn id(&self) -> &'static str {
        self.spec.id()
    }

    /// The value of the first verified session variable `cap` carries.
    fn session_truth(&self, cap: &Capture) -> Option<String> {
        self.verified.and_then(|v| v.session_vars.iter().find_map(|var| cap.var(var))).map(str::to_owned)
    }
}

/// The checks of one runtime, as they are added.
#[derive(Debug, Default)]
struct Out(Vec<Check>);

impl Out {
    fn push(
        &mut self,
        context: &str,
        name: impl Into<String>,
        expected: impl Into<String>,
        got: impl Into<String>,
        ok: bool,
    ) {
        self.0.push(Check {
            name: name.into(),
            context: context.to_owned(),
            expected: expected.into(),
            got: got.into(),
            ok,
        });
    }

    /// "set" or "unset" of `var` in `cap`'s environment, as a check.
    fn var_set(&mut self, context: &str, cap: &Capture, what: &str, var: &str) {
        let set = cap.var(var).is_some();
        self.push(
            context,
            format!("the {what}'s environment sets {var}"),
            "set",
            if set { "set" } else { "unset" },
            set,
        );
    }
}

/// A provider as a check shows it (`none` when hal named none).
fn provider(p: Option<RuntimeProvider>) -> String {
    p.map_or_else(|| "none".to_owned(), |p| p.as_str().to_owned())
}

/// The session id a hook payload carries (native, or a bridge's own shape).
fn payload_session(payload: Option<&Value>) -> Option<String> {
    let payload = payload?;
    ["/session_id", "/sessionContext/rootSessionId", "/_ctx/session_id", "/input/sessionID", "/properties/sessionID"]
        .iter()
        .find_map(|p| payload.pointer(p).filter(|v| !v.is_null()))
        .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
}

/// Every check of one runtime, from its registry row and verified record.
pub(crate) fn checks(spec: &Spec, doc: &Doc, replays: &[Replay]) -> Vec<Check> {
    let row = spec.row();
    checks_with(spec, doc, replays, Some(row), row.verified.as_ref())
}

/// [`checks`] against an explicit row and record (tests mutate the record).
pub(crate) fn checks_with(
    spec: &Spec,
    doc: &Doc,
    replays: &[Replay],
    row: Option<&Runtime>,
    verified: Option<&Verified>,
) -> Vec<Check> {
    let cx = Cx { spec, doc, row, verified };
    let mut out = Out::default();
    tool::checks(&cx, &mut out);
    hook::checks(&cx, &mut out);
    session::checks(&cx, &mut out);
    replay::checks(&cx, replays, &mut out);
    plan::checks(&cx, &mut out);
    out.0
}
