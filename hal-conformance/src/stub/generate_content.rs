//! Gemini `generateContent` and `streamGenerateContent` (SSE). Side requests that ask
//! for JSON (Gemini CLI's router) get a JSON answer, even after a tool result.

use serde_json::{Value, json};

use super::common::{FINAL_TEXT, JSON, SSE, Script, wants_call};

/// The answer to a Gemini request on `route`.
pub(super) fn answer(route: &str, body: &Value, script: &Script) -> (&'static str, String) {
    let gc = body.get("generationConfig");
    let side = gc.is_some_and(|g| {
        g.get("responseMimeType").and_then(Value::as_str) == Some("application/json")
            || g.get("responseJsonSchema").is_some()
            || g.get("responseSchema").is_some()
    });
    let call = !side
        && wants_call(body, "contents", |c| {
            c.get("parts")
                .and_then(Value::as_array)
                .is_some_and(|p| p.iter().any(|p| p.get("functionResponse").is_some()))
        });
    let streaming = route.contains(":streamGenerateContent");
    (if streaming { SSE } else { JSON }, content(side, call.then_some(script), streaming))
}

fn content(side: bool, call: Option<&Script>, stream: bool) -> String {
    let part = if side {
        json!({"text": json!({"complexity_reasoning": "a one-step task", "complexity_score": 1,
            "reasoning": "a one-step task", "next_speaker": "user", "model_choice": "flash"}).to_string()})
    } else {
        match call {
            Some(s) => json!({"functionCall": {"name": s.shell_tool, "args": s.tool_args}}),
            None => json!({"text": FINAL_TEXT}),
        }
    };
    let chunk = json!({"candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
        "modelVersion": "stub-model"});
    if stream { format!("data: {chunk}\r\n\r\n") } else { chunk.to_string() }
}
