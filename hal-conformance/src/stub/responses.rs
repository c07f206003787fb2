//! OpenAI Responses (`POST …/responses`), always SSE.

use serde_json::{Value, json};

use super::common::{FINAL_TEXT, SSE, Script, event, wants_call};

/// The answer to a Responses request: a function call on a turn's first request, else text.
pub(super) fn answer(body: &Value, script: &Script) -> (&'static str, String) {
    let call = wants_call(body, "input", |i| i.get("type").and_then(Value::as_str) == Some("function_call_output"));
    (SSE, events(call.then_some(script)))
}

fn events(call: Option<&Script>) -> String {
    let mut seq = 0;
    let mut ev = |out: &mut String, kind: &str, mut data: Value| {
        data["type"] = json!(kind);
        data["sequence_number"] = json!(seq);
        seq += 1;
        *out += &event(Some(kind), &data);
    };
    let resp = |status: &str, output: Value| {
        json!({"id": "resp_stub", "object": "response", "created_at": 1_764_547_200, "status": status,
            "model": "stub-model", "output": output,
            "usage": {"input_tokens": 10, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 5,
                "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 15}})
    };
    let mut out = String::new();
    ev(&mut out, "response.created", json!({"response": resp("in_progress", json!([]))}));
    ev(&mut out, "response.in_progress", json!({"response": resp("in_progress", json!([]))}));
    let done = match call {
        Some(s) => {
            let args = s.tool_args.to_string();
            let item = |status: &str, a: &str| {
                json!({"type": "function_call", "id": "fc_stub_1", "call_id": "call_stub_1", "name": s.shell_tool,
                    "arguments": a, "status": status})
            };
            ev(&mut out, "response.output_item.added", json!({"output_index": 0, "item": item("in_progress", "")}));
            ev(
                &mut out,
                "response.function_call_arguments.delta",
                json!({"item_id": "fc_stub_1", "output_index": 0, "delta": args}),
            );
            ev(
                &mut out,
                "response.function_call_arguments.done",
                json!({"item_id": "fc_stub_1", "output_index": 0, "arguments": args}),
            );
            item("completed", &args)
        }
        None => {
            let part = |t: &str| json!({"type": "output_text", "text": t, "annotations": []});
            let item = |status: &str, content: Value| json!({"type": "message", "id": "msg_stub_1", "role": "assistant", "status": status, "content": content});
            let at = json!({"item_id": "msg_stub_1", "output_index": 0, "content_index": 0});
            ev(
                &mut out,
                "response.output_item.added",
                json!({"output_index": 0, "item": item("in_progress", json!([]))}),
            );
            let with = |extra: Value| {
                let mut v = at.clone();
                if let (Some(m), Some(e)) = (v.as_object_mut(), extra.as_object()) {
                    m.extend(e.clone());
                }
                v
            };
            ev(&mut out, "response.content_part.added", with(json!({"part": part("")})));
            ev(&mut out, "response.output_text.delta", with(json!({"delta": FINAL_TEXT})));
            ev(&mut out, "response.output_text.done", with(json!({"text": FINAL_TEXT})));
            ev(&mut out, "response.content_part.done", with(json!({"part": part(FINAL_TEXT)})));
            item("completed", json!([part(FINAL_TEXT)]))
        }
    };
    ev(&mut out, "response.output_item.done", json!({"output_index": 0, "item": done.clone()}));
    ev(&mut out, "response.completed", json!({"response": resp("completed", json!([done]))}));
    out
}
