//! Anthropic Messages (`POST …/messages`), JSON or SSE as the request asks.

use serde_json::{Value, json};

use super::common::{FINAL_TEXT, JSON, SSE, Script, event, streams, wants_call};

/// The answer to a Messages request: a tool call on a turn's first request, else text.
pub(super) fn answer(body: &Value, script: &Script) -> (&'static str, String) {
    let call = wants_call(body, "messages", |m| {
        m.get("content")
            .and_then(Value::as_array)
            .is_some_and(|c| c.iter().any(|b| b.get("type").and_then(Value::as_str) == Some("tool_result")))
    });
    let stream = streams(body);
    (if stream { SSE } else { JSON }, message(call.then_some(script), stream))
}

fn message(call: Option<&Script>, stream: bool) -> String {
    let (block, stop) = match call {
        Some(s) => {
            (json!({"type": "tool_use", "id": "toolu_stub_1", "name": s.shell_tool, "input": s.tool_args}), "tool_use")
        }
        None => (json!({"type": "text", "text": FINAL_TEXT}), "end_turn"),
    };
    let usage = json!({"input_tokens": 10, "output_tokens": 5});
    if !stream {
        return json!({"id": "msg_stub", "type": "message", "role": "assistant", "model": "stub-model",
            "content": [block], "stop_reason": stop, "stop_sequence": null, "usage": usage})
        .to_string();
    }
    let mut out = event(
        Some("message_start"),
        &json!({"type": "message_start", "message": {"id": "msg_stub", "type": "message", "role": "assistant",
            "model": "stub-model", "content": [], "stop_reason": null, "stop_sequence": null,
            "usage": {"input_tokens": 10, "output_tokens": 1}}}),
    );
    let (start, delta) = match call {
        Some(s) => (
            json!({"type": "tool_use", "id": "toolu_stub_1", "name": s.shell_tool, "input": {}}),
            json!({"type": "input_json_delta", "partial_json": s.tool_args.to_string()}),
        ),
        None => (json!({"type": "text", "text": ""}), json!({"type": "text_delta", "text": FINAL_TEXT})),
    };
    out += &event(
        Some("content_block_start"),
        &json!({"type": "content_block_start", "index": 0, "content_block": start}),
    );
    out += &event(Some("content_block_delta"), &json!({"type": "content_block_delta", "index": 0, "delta": delta}));
    out += &event(Some("content_block_stop"), &json!({"type": "content_block_stop", "index": 0}));
    out += &event(
        Some("message_delta"),
        &json!({"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": null}, "usage": {"output_tokens": 5}}),
    );
    out + &event(Some("message_stop"), &json!({"type": "message_stop"}))
}
