//! What the wire protocols share: the script the stub answers with, the final text, the
//! content types, and how a turn's first request and an SSE event are told and written.

use std::time::Duration;

use serde_json::Value;

/// The final answer of a turn.
pub(crate) const FINAL_TEXT: &str = "The probe ran.";
/// The content types of an answer.
pub(crate) const SSE: &str = "text/event-stream";
pub(crate) const JSON: &str = "application/json";

/// What the stub answers with.
#[derive(Debug, Clone)]
pub(crate) struct Script {
    /// The runtime's shell tool.
    pub(crate) shell_tool: String,
    /// The arguments of the one tool call (holds the probe command).
    pub(crate) tool_args: Value,
    /// Never answer (the hang fault).
    pub(crate) hang: bool,
    /// At most this many requests are served.
    pub(crate) max_requests: usize,
    /// The stub stops serving after this long.
    pub(crate) lifetime: Duration,
}

/// Whether a request asked for a stream (`"stream": true`).
pub(crate) fn streams(body: &Value) -> bool {
    body.get("stream").and_then(Value::as_bool).unwrap_or(false)
}

/// Whether the request is a turn's first call: it offers tools and no item of `list`
/// is a tool result.
pub(crate) fn wants_call(body: &Value, list: &str, is_result: impl Fn(&Value) -> bool) -> bool {
    let has_tools = body.get("tools").and_then(Value::as_array).is_some_and(|t| !t.is_empty());
    let has_result = body.get(list).and_then(Value::as_array).is_some_and(|items| items.iter().any(is_result));
    has_tools && !has_result
}

pub(crate) fn event(name: Option<&str>, data: &Value) -> String {
    match name {
        Some(n) => format!("event: {n}\ndata: {data}\n\n"),
        None => format!("data: {data}\n\n"),
    }
}
