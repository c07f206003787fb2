//! Chat Completions (`POST …/chat/completions`), JSON or SSE as the request asks.

use serde_json::{Value, json};

use super::common::{FINAL_TEXT, JSON, SSE, Script, event, streams, wants_call};

/// The answer to a Chat Completions request: a tool call on a turn's first request, else text.
pub(super) fn answer(body: &Value, script: &Script) -> (&'static str, String) {
    let call = wants_call(body, "messages", |m| m.get("role").and_then(Value::as_str) == Some("tool"));
    let stream = streams(body);
    (if stream { SSE } else { JSON }, completion(call.then_some(script), stream))
}

fn completion(call: Option<&Script>, stream: bool) -> String {
    let chunk = |delta: Value, finish: Value| {
        json!({"id": "chatcmpl-stub", "object": "chat.completion.chunk", "created": 1_764_547_200, "model": "stub-model",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
    };
    let usage = json!({"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15});
    if !stream {
        let message = match call {
            Some(s) => {
                json!({"role": "assistant", "content": null, "tool_calls": [{"id": "call_stub_1", "type": "function",
                "function": {"name": s.shell_tool, "arguments": s.tool_args.to_string()}}]})
            }
            None => json!({"role": "assistant", "content": FINAL_TEXT}),
        };
        let finish = if call.is_some() { "tool_calls" } else { "stop" };
        return json!({"id": "chatcmpl-stub", "object": "chat.completion", "created": 1_764_547_200, "model": "stub-model",
            "choices": [{"index": 0, "message": message, "finish_reason": finish}], "usage": usage})
        .to_string();
    }
    let mut out = String::new();
    match call {
        Some(s) => {
            out += &event(
                None,
                &chunk(
                    json!({"role": "assistant", "content": null, "tool_calls": [{"index": 0,
                "id": "call_stub_1", "type": "function", "function": {"name": s.shell_tool, "arguments": ""}}]}),
                    Value::Null,
                ),
            );
            out += &event(
                None,
                &chunk(
                    json!({"tool_calls": [{"index": 0, "function": {"arguments": s.tool_args.to_string()}}]}),
                    Value::Null,
                ),
            );
            out += &event(None, &chunk(json!({}), json!("tool_calls")));
        }
        None => {
            out += &event(None, &chunk(json!({"role": "assistant", "content": ""}), Value::Null));
            out += &event(None, &chunk(json!({"content": FINAL_TEXT}), Value::Null));
            out += &event(None, &chunk(json!({}), json!("stop")));
        }
    }
    out += &event(
        None,
        &json!({"id": "chatcmpl-stub", "object": "chat.completion.chunk", "created": 1_764_547_200, "model": "stub-model",
            "choices": [], "usage": usage}),
    );
    out + "data: [DONE]\n\n"
}
