//! What every context's checks share: the check itself, what they read ([`Cx`]), the
//! list they add to ([`Out`]) and how a provider and a payload's session id are shown.

use hal_caps::registry::{Runtime, Verified};
use hal_types::RuntimeProvider;
use serde_json::{Value, json};

use crate::doc::{Capture, Doc};
use crate::matrix::{Expect, Target};

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
pub(super) struct Cx<'a> {
    pub(super) spec: &'a Target,
    pub(super) doc: &'a Doc,
    pub(super) row: Option<&'a Runtime>,
    pub(super) verified: Option<&'a Verified>,
    /// The record's facts at the version run (`matrix::expect`).
    pub(super) expect: Expect,
}

impl Cx<'_> {
    /// The provider id.
    pub(super) fn id(&self) -> &'static str {
        self.spec.id()
    }

    /// The value of the first verified session variable `cap` carries.
    pub(super) fn session_truth(&self, cap: &Capture) -> Option<String> {
        self.expect.session_vars.iter().find_map(|var| cap.var(var)).map(str::to_owned)
    }
}

/// The checks of one runtime, as they are added.
#[derive(Debug, Default)]
pub(super) struct Out(pub(super) Vec<Check>);

impl Out {
    pub(super) fn push(
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
    pub(super) fn var_set(&mut self, context: &str, cap: &Capture, what: &str, var: &str) {
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
pub(super) fn provider(p: Option<RuntimeProvider>) -> String {
    p.map_or_else(|| "none".to_owned(), |p| p.as_str().to_owned())
}

/// The session id a hook payload carries (native, or a bridge's own shape).
pub(super) fn payload_session(payload: Option<&Value>) -> Option<String> {
    let payload = payload?;
    [
        "/session_id",
        "/sessionId",
        "/sessionContext/rootSessionId",
        "/_ctx/session_id",
        "/input/sessionID",
        "/properties/sessionID",
    ]
    .iter()
    // An empty id is none (Hermes's `transform_terminal_output` carries `""`).
    .find_map(|p| payload.pointer(p).filter(|v| !v.is_null() && v.as_str() != Some("")))
    .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
}
