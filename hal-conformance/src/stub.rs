//! The model stub: a loopback HTTP server speaking the four wire protocols the runtimes
//! use (`real-runtimes.md` §2, §2.8). It answers from the request's content, never from a
//! counter: a turn without a tool result gets one call of the runtime's shell tool, a
//! request carrying a tool result gets plain text, side requests (titles, Gemini's
//! router, compaction) get a valid answer. It records every request it received.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// Request headers a log never keeps (credentials).
const SECRET_HEADERS: &[&str] = &["authorization", "x-api-key", "x-goog-api-key", "api-key", "cookie"];
/// Caps: header block, body, and requests per run.
const MAX_HEADER: usize = 64 * 1024;
const MAX_BODY: usize = 32 * 1024 * 1024;
/// The final answer of a turn.
pub(crate) const FINAL_TEXT: &str = "The probe ran.";

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

/// A running stub.
pub(crate) struct Stub {
    /// Its loopback port.
    pub(crate) port: u16,
    log: Arc<Mutex<Vec<Value>>>,
    stop: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
}

impl Stub {
    /// Binds 127.0.0.1 on an ephemeral port and serves `script` on a thread.
    pub(crate) fn start(script: Script) -> std::io::Result<Self> {
        let listener = TcpListener::bind(("127.0.0.1", 0))?;
        let port = listener.local_addr()?.port();
        listener.set_nonblocking(true)?;
        let log = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (log2, stop2) = (Arc::clone(&log), Arc::clone(&stop));
        let handle = std::thread::spawn(move || serve(&listener, &script, &log2, &stop2));
        Ok(Self { port, log, stop, handle: Some(handle) })
    }

    /// Stops serving; every request received, in order.
    pub(crate) fn finish(mut self) -> Vec<Value> {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
        self.log.lock().map(|l| l.clone()).unwrap_or_default()
    }
}

fn serve(listener: &TcpListener, script: &Script, log: &Arc<Mutex<Vec<Value>>>, stop: &Arc<AtomicBool>) {
    let started = Instant::now();
    let served = Arc::new(AtomicUsize::new(0));
    let script = Arc::new(script.clone());
    while !stop.load(Ordering::SeqCst) && started.elapsed() < script.lifetime {
        match listener.accept() {
            Ok((stream, peer)) => {
                if !peer.ip().is_loopback() {
                    drop(stream); // never beyond loopback
                    continue;
                }
                if served.fetch_add(1, Ordering::SeqCst) >= script.max_requests {
                    continue;
                }
                let (script, log, stop) = (Arc::clone(&script), Arc::clone(log), Arc::clone(stop));
                std::thread::spawn(move || {
                    let _ = connection(stream, &script, &log, &stop);
                });
            }
            Err(_) => std::thread::sleep(Duration::from_millis(5)),
        }
    }
}

/// One parsed request.
struct Request {
    method: String,
    path: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

fn read_request(stream: &TcpStream) -> std::io::Result<Option<Request>> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut line = String::new();
    if reader.read_line(&mut line)? == 0 {
        return Ok(None);
    }
    let mut parts = line.split_whitespace();
    let method = parts.next().unwrap_or_default().to_owned();
    let path = parts.next().unwrap_or_default().to_owned();
    let mut headers = Vec::new();
    let mut size = line.len();
    loop {
        let mut h = String::new();
        let n = reader.read_line(&mut h)?;
        size += n;
        if n == 0 || size > MAX_HEADER {
            return Ok(None);
        }
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':') {
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_owned()));
        }
    }
    let header = |k: &str| headers.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let mut body = Vec::new();
    if header("transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked")) {
        loop {
            let mut l = String::new();
            reader.read_line(&mut l)?;
            let n = usize::from_str_radix(l.trim().split(';').next().unwrap_or("0"), 16).unwrap_or(0);
            if n == 0 || body.len() + n > MAX_BODY {
                let mut end = String::new();
                let _ = reader.read_line(&mut end);
                break;
            }
            let mut chunk = vec![0; n + 2];
            reader.read_exact(&mut chunk)?;
            body.extend_from_slice(&chunk[..n]);
        }
    } else if let Some(n) = header("content-length").and_then(|v| v.parse::<usize>().ok()) {
        let n = n.min(MAX_BODY);
        body.resize(n, 0);
        reader.read_exact(&mut body)?;
    }
    Ok(Some(Request { method, path, headers, body }))
}

fn connection(
    mut stream: TcpStream,
    script: &Script,
    log: &Arc<Mutex<Vec<Value>>>,
    stop: &Arc<AtomicBool>,
) -> std::io::Result<()> {
    stream.set_nonblocking(false)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let Some(req) = read_request(&stream)? else { return Ok(()) };
    let body: Value = serde_json::from_slice(&req.body).unwrap_or(Value::Null);
    let headers: serde_json::Map<String, Value> = req
        .headers
        .iter()
        .filter(|(k, _)| !SECRET_HEADERS.contains(&k.as_str()))
        .map(|(k, v)| (k.clone(), Value::String(v.clone())))
        .collect();
    if let Ok(mut l) = log.lock() {
        l.push(json!({"method": req.method, "path": req.path, "headers": headers, "body": body}));
    }
    if script.hang {
        while !stop.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(50));
        }
        return Ok(());
    }
    let (status, content_type, payload) = answer(&req.path, &body, script);
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        payload.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(payload.as_bytes())?;
    stream.flush()
}

/// The answer to a request: status line, content type, body.
pub(crate) fn answer(path: &str, body: &Value, script: &Script) -> (&'static str, &'static str, String) {
    let stream = body.get("stream").and_then(Value::as_bool).unwrap_or(false);
    let route = path.split('?').next().unwrap_or(path);
    let sse = "text/event-stream";
    let js = "application/json";
    if route.ends_with("/messages") {
        let call = wants_call(body, "messages", |m| {
            m.get("content")
                .and_then(Value::as_array)
                .is_some_and(|c| c.iter().any(|b| b.get("type").and_then(Value::as_str) == Some("tool_result")))
        });
        let a = anthropic(call.then_some(script), stream);
        ("200 OK", if stream { sse } else { js }, a)
    } else if route.ends_with("/responses") {
        let call = wants_call(body, "input", |i| i.get("type").and_then(Value::as_str) == Some("function_call_output"));
        ("200 OK", sse, responses(call.then_some(script)))
    } else if route.ends_with("/chat/completions") {
        let call = wants_call(body, "messages", |m| m.get("role").and_then(Value::as_str) == Some("tool"));
        let a = chat(call.then_some(script), stream);
        ("200 OK", if stream { sse } else { js }, a)
    } else if route.contains(":generateContent") || route.contains(":streamGenerateContent") {
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
        ("200 OK", if streaming { sse } else { js }, gemini(side, call.then_some(script), streaming))
    } else if route.ends_with("/models") {
        ("200 OK", js, json!({"object": "list", "data": [{"id": "stub-model", "object": "model"}]}).to_string())
    } else {
        ("404 Not Found", js, json!({"error": {"message": "not served by the conformance stub"}}).to_string())
    }
}

/// Whether the request is a turn's first call: it offers tools and no item of `list`
/// is a tool result.
fn wants_call(body: &Value, list: &str, is_result: impl Fn(&Value) -> bool) -> bool {
    let has_tools = body.get("tools").and_then(Value::as_array).is_some_and(|t| !t.is_empty());
    let has_result = body.get(list).and_then(Value::as_array).is_some_and(|items| items.iter().any(is_result));
    has_tools && !has_result
}

fn event(name: Option<&str>, data: &Value) -> String {
    match name {
        Some(n) => format!("event: {n}\ndata: {data}\n\n"),
        None => format!("data: {data}\n\n"),
    }
}

fn anthropic(call: Option<&Script>, stream: bool) -> String {
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

fn responses(call: Option<&Script>) -> String {
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

fn chat(call: Option<&Script>, stream: bool) -> String {
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

fn gemini(side: bool, call: Option<&Script>, stream: bool) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn script() -> Script {
        Script {
            shell_tool: "bash".into(),
            tool_args: json!({"command": "/probe"}),
            hang: false,
            max_requests: 10,
            lifetime: Duration::from_secs(10),
        }
    }

    #[test]
    fn a_turn_without_a_result_calls_the_tool_and_one_with_a_result_ends() {
        let s = script();
        let first = json!({"stream": true, "tools": [{}], "messages": [{"role": "user", "content": "hi"}]});
        let (_, _, a) = answer("/v1/chat/completions", &first, &s);
        assert!(a.contains("\"tool_calls\"") && a.contains("/probe"), "{a}");
        let second = json!({"stream": true, "tools": [{}], "messages": [{"role": "tool", "content": "x"}]});
        let (_, _, a) = answer("/v1/chat/completions", &second, &s);
        assert!(a.contains(FINAL_TEXT) && !a.contains("/probe"), "{a}");
        // a title request offers no tools: text
        let title = json!({"stream": true, "messages": [{"role": "user", "content": "title"}]});
        assert!(answer("/v1/chat/completions", &title, &s).2.contains(FINAL_TEXT));
    }

    #[test]
    fn gemini_router_requests_get_json_even_after_a_tool_result() {
        let s = script();
        let router = json!({"generationConfig": {"responseMimeType": "application/json"},
            "contents": [{"parts": [{"functionResponse": {}}]}]});
        let (_, _, a) = answer("/v1beta/models/x:generateContent", &router, &s);
        assert!(a.contains("complexity_score"), "{a}");
    }

    #[test]
    fn the_stub_serves_loopback_and_logs_without_credentials() {
        let stub = Stub::start(script()).unwrap();
        let mut c = TcpStream::connect(("127.0.0.1", stub.port)).unwrap();
        let body = r#"{"stream":false,"tools":[{}],"messages":[]}"#;
        write!(
            c,
            "POST /v1/chat/completions HTTP/1.1\r\nAuthorization: Bearer k\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut out = String::new();
        c.read_to_string(&mut out).unwrap();
        assert!(out.starts_with("HTTP/1.1 200") && out.contains("tool_calls"), "{out}");
        let log = stub.finish();
        assert_eq!(log.len(), 1);
        assert!(log[0]["headers"].get("authorization").is_none());
    }
}
